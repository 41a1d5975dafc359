"""`OfficeChanges`: the store's change feed reaches the GUI thread, coalesced, and stops with its owner."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from postalgui.gui.models.office_changes import OfficeChanges
from postalgui.gui.tasks import TaskRunner


class Feed:
    """A facade's `watch` over a fake feed: `tell` calls the subscribers on a thread of its own."""

    def __init__(self, gate: threading.Event | None = None) -> None:
        self.subscribers: list[Callable[[str], None]] = []
        self.gate = gate
        self.lock = threading.Lock()

    def watch(self, callback: Callable[[str], None]) -> Callable[[], None]:
        if self.gate is not None:
            self.gate.wait(5)
        with self.lock:
            self.subscribers.append(callback)

        def stop() -> None:
            with self.lock:
                self.subscribers.remove(callback)

        return stop

    def tell(self, *topics: str) -> None:
        def send() -> None:
            for topic in topics:
                with self.lock:
                    subscribers = list(self.subscribers)
                for callback in subscribers:
                    callback(topic)

        thread = threading.Thread(target=send, name="test feed")
        thread.start()
        thread.join(5)


@pytest.fixture
def owner() -> Iterator[QObject]:
    parent = QObject()
    yield parent
    parent.deleteLater()


def _changes(feed: Feed, runner: TaskRunner, owner: QObject, qtbot: QtBot) -> tuple[OfficeChanges, list[str]]:
    changes = OfficeChanges(feed, ("quote",), runner, owner)
    threads: list[str] = []
    changes.changed.connect(lambda: threads.append(threading.current_thread().name))
    qtbot.waitUntil(lambda: changes.watching, timeout=2000)
    return changes, threads


def test_a_burst_of_changes_from_another_thread_is_one_refresh_now_and_one_after(
    runner: TaskRunner, owner: QObject, qtbot: QtBot
) -> None:
    feed = Feed()
    _, threads = _changes(feed, runner, owner, qtbot)
    feed.tell(*["quote"] * 50)
    qtbot.waitUntil(lambda: len(threads) == 1, timeout=1000)
    qtbot.waitUntil(lambda: len(threads) == 2, timeout=1000)  # the last change is not lost
    qtbot.wait(700)
    assert threads == [threading.main_thread().name] * 2


def test_the_last_change_always_leads_to_a_refresh(runner: TaskRunner, owner: QObject, qtbot: QtBot) -> None:
    feed = Feed()
    _, threads = _changes(feed, runner, owner, qtbot)
    feed.tell("quote")
    qtbot.waitUntil(lambda: len(threads) == 1, timeout=1000)
    feed.tell("quote")  # within the 300 ms after the first refresh
    qtbot.waitUntil(lambda: len(threads) == 2, timeout=1000)
    qtbot.wait(400)
    feed.tell("quote")  # after it: at once
    qtbot.waitUntil(lambda: len(threads) == 3, timeout=200)


def test_a_read_that_covers_the_held_back_change_drops_it(
    runner: TaskRunner, owner: QObject, qtbot: QtBot
) -> None:
    feed = Feed()
    changes, threads = _changes(feed, runner, owner, qtbot)
    feed.tell("quote", "quote")
    qtbot.waitUntil(lambda: len(threads) == 1, timeout=1000)
    changes.covered()  # a read made since (a refresh's list) covers the second
    qtbot.wait(400)
    assert len(threads) == 1


def test_other_topics_do_not_refresh(runner: TaskRunner, owner: QObject, qtbot: QtBot) -> None:
    feed = Feed()
    _, threads = _changes(feed, runner, owner, qtbot)
    feed.tell("job", "preset")
    qtbot.wait(400)
    assert threads == []


def test_destroying_the_owner_unsubscribes(runner: TaskRunner, qtbot: QtBot) -> None:
    feed = Feed()
    owner = QObject()
    _changes(feed, runner, owner, qtbot)
    assert len(feed.subscribers) == 1
    owner.deleteLater()
    qtbot.waitUntil(lambda: not feed.subscribers, timeout=1000)
    feed.tell("quote")  # nothing calls into the deleted bridge


def test_an_owner_gone_before_the_subscription_leaves_nothing_subscribed(
    runner: TaskRunner, qtbot: QtBot
) -> None:
    gate = threading.Event()
    feed = Feed(gate)
    owner = QObject()
    changes = OfficeChanges(feed, ("quote",), runner, owner)
    assert not changes.watching
    owner.deleteLater()
    qtbot.wait(50)
    gate.set()  # the task subscribes after its owner went: it stops it at once
    assert runner.shutdown(5000)
    assert feed.subscribers == []
