"""`LiveReading`: a hidden page reads a change once when it is shown, not while nobody sees it."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.live_reading import LiveReading
from tests.gui.test_office_changes import Feed


def _reading(feed: Feed, runner: TaskRunner, qtbot: QtBot) -> tuple[QWidget, LiveReading, list[int]]:
    view = QWidget()
    qtbot.addWidget(view)
    reads: list[int] = []
    reading = LiveReading(view, feed, ("claim",), runner, lambda: reads.append(1))
    view.show()
    qtbot.waitUntil(lambda: reading.changes is not None and reading.changes.watching, timeout=2000)
    qtbot.waitUntil(lambda: len(reads) == 2, timeout=2000)  # the first read, then once subscribed
    return view, reading, reads


def test_a_change_while_hidden_is_read_once_when_shown(runner: TaskRunner, qtbot: QtBot) -> None:
    feed = Feed()
    view, reading, reads = _reading(feed, runner, qtbot)
    assert reading.changes is not None
    view.hide()
    with qtbot.waitSignal(reading.changes.changed, timeout=2000):
        feed.tell("claim")
    with qtbot.waitSignal(reading.changes.changed, timeout=2000):
        feed.tell("claim")  # after the coalescing window: a second "changed"
    assert len(reads) == 2, "not read while nobody sees it"
    assert reading.missed

    view.show()
    assert len(reads) == 3  # read once, on show
    assert not reading.missed


def test_a_change_while_shown_is_read_at_once(runner: TaskRunner, qtbot: QtBot) -> None:
    feed = Feed()
    _, reading, reads = _reading(feed, runner, qtbot)
    assert reading.changes is not None
    with qtbot.waitSignal(reading.changes.changed, timeout=2000):
        feed.tell("claim")
    assert len(reads) == 3
