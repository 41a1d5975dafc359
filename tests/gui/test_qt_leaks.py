"""The leak watch behind the autouse `no_leaked_qt_objects` fixture finds what it should."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog, QLabel, QWidget
from pytestqt.qtbot import QtBot

from tests.qt_leaks import QtLeakWatch, watching_timers


def test_a_live_top_level_widget_and_an_active_timer_are_named(qtbot: QtBot) -> None:
    watch = QtLeakWatch()
    with watching_timers(watch):
        label = QLabel("left behind")
        label.setObjectName("leaky")
        label.show()
        timer = QTimer()
        timer.setObjectName("tick")
        timer.start(60_000)
    widgets, timers = watch.leaks()
    assert widgets == [label]
    assert timers == [timer]
    message = QtLeakWatch.message(widgets, timers)
    assert "QLabel 'leaky' (visible)" in message
    assert "QTimer 'tick' (interval 60000 ms)" in message
    QtLeakWatch.clean_up(widgets, timers)
    assert not timer.isActive()
    assert watch.leaks() == ([], [])


def test_deleted_and_collected_objects_are_not_leaks(qtbot: QtBot) -> None:
    watch = QtLeakWatch()
    with watching_timers(watch):
        closed = QWidget()
        QTimer(closed).start(60_000)  # dies with its widget
        closed.deleteLater()
        del closed
        QDialog().show()  # no reference left: collected
        stopped = QTimer()
        stopped.start(60_000)
        stopped.stop()
    assert watch.leaks() == ([], [])


def test_the_watch_puts_qtimer_start_back() -> None:
    original = QTimer.start
    with watching_timers(QtLeakWatch()):
        assert QTimer.start is not original
    assert QTimer.start is original
