"""`gc_paused`: one shared pause of the automatic collector, restored as it was found."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

from postalgui.api.analytic import gc_paused as analytic_pause
from postalgui.api.collector import gc_paused


@pytest.fixture(autouse=True)
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_the_collector_is_off_inside_and_on_again_after() -> None:
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_nested_pauses_end_with_the_outermost() -> None:
    with gc_paused():
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_found_off_stays_off() -> None:
    gc.disable()
    with gc_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_pauses_on_two_threads_overlap_into_one() -> None:
    entered, release = threading.Event(), threading.Event()

    def other() -> None:
        with gc_paused():
            entered.set()
            release.wait(5)

    thread = threading.Thread(target=other)
    thread.start()
    assert entered.wait(5)
    with gc_paused():
        pass
    assert not gc.isenabled()  # the other thread's pause still holds
    release.set()
    thread.join(5)
    assert gc.isenabled()


def test_the_analytic_reader_shares_the_same_pause() -> None:
    with analytic_pause():
        with gc_paused():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()
