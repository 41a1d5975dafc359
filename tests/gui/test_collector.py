"""Garbage collection in the GUI thread, full passes only between background tasks."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from postalgui.gui.collector import IDLE_INTERVAL_MS, INTERVAL_MS, QUIET_ALLOCATIONS, IdleCollector
from postalgui.gui.tasks import TaskHandle, TaskRunner


@pytest.fixture
def collector(runner: TaskRunner) -> Iterator[IdleCollector]:
    made = IdleCollector(runner)
    made.start()
    yield made
    made.stop()


def _make_a_full_pass_due() -> None:
    for _ in range(gc.get_threshold()[2] + 1):
        gc.collect(1)  # each counts towards the next full pass


def test_start_takes_collection_over_and_stop_gives_it_back(runner: TaskRunner) -> None:
    collector = IdleCollector(runner)
    collector.start()
    assert not gc.isenabled()
    collector.stop()
    assert gc.isenabled()


def test_collection_waits_until_no_task_runs(
    collector: IdleCollector, runner: TaskRunner, qtbot: QtBot
) -> None:
    release = threading.Event()

    def busy(handle: TaskHandle) -> None:
        release.wait(10)

    handle = runner.run(busy, name="busy")
    _make_a_full_pass_due()
    assert collector.collect() is None, "nothing runs mid-task"
    assert collector.full_collections == 0

    release.set()
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=5000)
    assert handle.finished_event.is_set()
    assert collector.collect() == 2
    assert collector.full_collections == 1


def test_young_generations_are_collected_on_the_timer(collector: IdleCollector, qtbot: QtBot) -> None:
    garbage = [[object()] for _ in range(gc.get_threshold()[0] * 2)]
    del garbage
    qtbot.waitUntil(lambda: gc.get_count()[0] < gc.get_threshold()[0], timeout=3000)


def test_the_timer_backs_off_while_nothing_is_allocated_and_comes_back_with_work(
    collector: IdleCollector,
) -> None:
    """An idle window sleeps (issue 40): no look every half second while nothing happens."""
    assert collector.interval_ms == INTERVAL_MS
    for _ in range(10):
        collector.tick()
    assert collector.interval_ms == IDLE_INTERVAL_MS

    garbage = [[object()] for _ in range(QUIET_ALLOCATIONS * 2)]
    collector.tick()
    assert collector.interval_ms == INTERVAL_MS
    del garbage
