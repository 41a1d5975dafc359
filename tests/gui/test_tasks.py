"""TaskRunner: results on the GUI thread, errors as signals, cancel, latest wins, shutdown."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from PySide6.QtCore import QObject, QThread, Slot
from pytestqt.qtbot import QtBot

from postalgui.api.cancel import TaskControl
from postalgui.api.errors import ServerError
from postalgui.gui.tasks import Failure, Progress, TaskHandle, TaskRunner
from postalgui.gui.widgets.message_kind import MessageKind


class Receiver(QObject):
    """Records what the runner delivers, and on which thread."""

    def __init__(self) -> None:
        super().__init__()
        self.results: list[object] = []
        self.errors: list[BaseException] = []
        self.progress: list[Progress] = []
        self.finished: list[bool] = []
        self.threads: set[QThread] = set()

    @Slot(object)
    def on_result(self, value: object) -> None:
        self.threads.add(QThread.currentThread())
        self.results.append(value)

    @Slot(object)
    def on_error(self, error: BaseException) -> None:
        self.errors.append(error)

    @Slot(object)
    def on_progress(self, progress: Progress) -> None:
        self.progress.append(progress)

    @Slot(bool)
    def on_finished(self, cancelled: bool) -> None:
        self.finished.append(cancelled)


@pytest.fixture
def runner(qtbot: QtBot) -> Iterator[TaskRunner]:
    runner = TaskRunner()
    yield runner
    assert runner.shutdown(5000)


@pytest.fixture
def receiver() -> Receiver:
    return Receiver()


def callbacks(r: Receiver) -> dict[str, object]:
    return {
        "on_result": r.on_result,
        "on_error": r.on_error,
        "on_progress": r.on_progress,
        "on_finished": r.on_finished,
    }


def add(handle: TaskHandle, a: int, b: int) -> int:
    handle.progress(1, 2, "half")
    return a + b


def test_result_and_progress_arrive_on_the_gui_thread(
    qtbot: QtBot, runner: TaskRunner, receiver: Receiver
) -> None:
    runner.run(add, 2, 3, **callbacks(receiver))  # type: ignore[arg-type]
    qtbot.waitUntil(lambda: receiver.finished == [False])
    assert receiver.results == [5]
    assert receiver.progress == [Progress(1, 2, "half")]
    assert receiver.threads == {QThread.currentThread()}


def fails(handle: TaskHandle) -> None:
    raise ServerError(["PRC-999: fora do ar"], status=503)


@dataclass(frozen=True)
class Found:
    code: str


class FoundHere(Found):
    """A subclass travels as itself: the signal carries the object, not a copy."""


def find(task: TaskControl[Found], codes: list[str]) -> int:
    task.progress(0, len(codes))  # a step that only counts
    for done, code in enumerate(codes, 1):
        task.progress(done, len(codes), payload=FoundHere(code) if done == 1 else Found(code))
    return len(codes)


class StreamReceiver(QObject):
    """Takes one type per stream: no sorting of the payloads."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[Found] = []
        self.counted: list[tuple[int, int | None]] = []
        self.ended = False

    @Slot(Progress)
    def on_progress(self, progress: Progress[Found]) -> None:
        if progress.payload is None:
            self.counted.append((progress.done, progress.total))
        else:
            self.found.append(progress.payload)

    @Slot(bool)
    def on_finished(self, _cancelled: bool) -> None:
        self.ended = True


def test_a_typed_stream_reaches_its_receiver_as_the_declared_payload(
    qtbot: QtBot, runner: TaskRunner
) -> None:
    receiver = StreamReceiver()
    handle: TaskHandle[Found] = runner.run(
        find, ["AA1BR", "BB2BR"], on_progress=receiver.on_progress, on_finished=receiver.on_finished
    )
    qtbot.waitUntil(lambda: receiver.ended)
    assert handle.finished_event.is_set()
    assert receiver.counted == [(0, 2)]
    assert receiver.found == [FoundHere("AA1BR"), Found("BB2BR")]
    assert type(receiver.found[0]) is FoundHere


def test_errors_travel_as_signals(qtbot: QtBot, runner: TaskRunner, receiver: Receiver) -> None:
    runner.run(fails, **callbacks(receiver))  # type: ignore[arg-type]
    qtbot.waitUntil(lambda: receiver.finished == [False])
    assert [type(e) for e in receiver.errors] == [ServerError]
    assert receiver.results == []


def test_busy_changes_once_per_batch(qtbot: QtBot, runner: TaskRunner, receiver: Receiver) -> None:
    states: list[bool] = []
    runner.busyChanged.connect(states.append)
    runner.run(add, 1, 1, **callbacks(receiver))  # type: ignore[arg-type]
    runner.run(add, 2, 2, **callbacks(receiver))  # type: ignore[arg-type]
    qtbot.waitUntil(lambda: receiver.finished == [False, False])
    assert states == [True, False]
    assert sorted(receiver.results) == [2, 4]  # type: ignore[type-var]


def wait_for(handle: TaskHandle, gate: threading.Event, value: str) -> str:
    gate.wait(5)
    handle.raise_if_cancelled()
    return value


def test_latest_request_wins(qtbot: QtBot, runner: TaskRunner, receiver: Receiver) -> None:
    gate = threading.Event()
    first = runner.run(wait_for, gate, "old", key="search", **callbacks(receiver))  # type: ignore[arg-type]
    ready = threading.Event()
    ready.set()
    runner.run(wait_for, ready, "new", key="search", **callbacks(receiver))  # type: ignore[arg-type]
    assert first.cancelled
    gate.set()
    qtbot.waitUntil(lambda: receiver.results == ["new"] and runner.active_count == 0, timeout=10000)
    assert receiver.errors == []
    assert receiver.finished == [False]  # the replaced request's end is the caller's no more


def blocks_until_cancelled(handle: TaskHandle) -> str:
    handle.token.wait(30)  # raises Cancelled as soon as cancel() is called
    return "never"


def test_cancel_stops_a_waiting_task_and_reports_only_its_end(
    qtbot: QtBot, runner: TaskRunner, receiver: Receiver
) -> None:
    """A cancelled task still ends with one ``finished(True)``: the caller re-enables its buttons."""
    handle = runner.run(blocks_until_cancelled, **callbacks(receiver))  # type: ignore[arg-type]
    handle.cancel()
    assert handle.finished_event.wait(5)
    qtbot.waitUntil(lambda: runner.active_count == 0)
    assert receiver.results == []
    assert receiver.errors == []
    assert receiver.finished == [True]


def test_shutdown_cancels_and_waits(qtbot: QtBot, receiver: Receiver) -> None:
    runner = TaskRunner()
    handles = [runner.run(blocks_until_cancelled, **callbacks(receiver)) for _ in range(3)]  # type: ignore[arg-type]
    assert runner.shutdown(5000)
    assert all(h.finished_event.is_set() for h in handles)
    late = runner.run(add, 1, 2, **callbacks(receiver))  # type: ignore[arg-type]
    assert late.cancelled
    assert late.finished_event.is_set()
    assert receiver.results == []
    assert receiver.finished == []


def test_network_bound_tasks_run_side_by_side(qtbot: QtBot, runner: TaskRunner, receiver: Receiver) -> None:
    """Four tasks that each wait for the others all start, even on a 2-core machine."""
    barrier = threading.Barrier(4)

    def meet(handle: TaskHandle) -> bool:
        barrier.wait(timeout=5)
        return True

    for _ in range(4):
        runner.run(meet, **callbacks(receiver))  # type: ignore[arg-type]
    qtbot.waitUntil(lambda: receiver.finished == [False] * 4, timeout=10000)
    assert receiver.results == [True] * 4


def test_a_destroyed_owner_cancels_its_task_and_hears_nothing(qtbot: QtBot, runner: TaskRunner) -> None:
    """The owner is inferred from the bound-method callbacks; its death ends the task at once."""
    parent = QObject()
    receiver = Receiver()
    receiver.setParent(parent)
    gate = threading.Event()
    handle = runner.run(wait_for, gate, "late", **callbacks(receiver))  # type: ignore[arg-type]
    del parent  # deletes the C++ receiver with it
    qtbot.waitUntil(lambda: handle.cancelled)
    gate.set()
    assert handle.finished_event.wait(5)
    qtbot.waitUntil(lambda: runner.active_count == 0)
    assert receiver.results == []
    assert receiver.finished == []


def test_an_explicit_owner_guards_plain_callbacks(qtbot: QtBot, runner: TaskRunner) -> None:
    owner = QObject()
    seen: list[object] = []
    handle = runner.run(blocks_until_cancelled, owner=owner, on_finished=seen.append)
    owner.deleteLater()
    qtbot.waitUntil(lambda: handle.finished_event.is_set())
    qtbot.waitUntil(lambda: runner.active_count == 0)
    assert seen == []


class Sink(QObject):
    """A message area stand-in: the runner's default destination for routine failures."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.shown: list[tuple[BaseException, str | None]] = []
        self.templates: list[str | None] = []
        self.kinds: list[MessageKind] = []

    def show_routine_error(self, error: BaseException, failure: Failure) -> None:
        self.shown.append((error, failure.key))
        self.templates.append(failure.template)
        self.kinds.append(failure.kind)

    def clear(self, key: str) -> None:
        self.shown = [(error, shown) for error, shown in self.shown if shown != key]


def test_routine_errors_go_to_the_owners_message_area(qtbot: QtBot, runner: TaskRunner) -> None:
    tab = QObject()
    sink = Sink(tab)
    page = Receiver()
    page.setParent(tab)
    runner.run(fails, key="price.compare", on_finished=page.on_finished)
    qtbot.waitUntil(lambda: page.finished == [False])
    assert [(type(e), key) for e, key in sink.shown] == [(ServerError, "price.compare")]
    assert sink.templates == [None]


def test_a_failure_says_what_failed_under_its_own_message_key(qtbot: QtBot, runner: TaskRunner) -> None:
    tab = QObject()
    sink = Sink(tab)
    page = Receiver()
    page.setParent(tab)
    wording = Failure("Could not delete the quotes: %1", "history.delete")
    runner.run(fails, key="history.delete.42", on_finished=page.on_finished, failure=wording)
    qtbot.waitUntil(lambda: page.finished == [False])
    assert [key for _, key in sink.shown] == ["history.delete"]
    assert sink.templates == ["Could not delete the quotes: %1"]
    assert sink.kinds == [MessageKind.ERROR]


def test_a_failure_of_background_work_can_be_a_warning(qtbot: QtBot, runner: TaskRunner) -> None:
    """A refresh nobody clicked for says so in yellow, without a slot of its own."""
    tab = QObject()
    sink = Sink(tab)
    page = Receiver()
    page.setParent(tab)
    wording = Failure("Could not refresh: %1", "refresh", MessageKind.WARNING)
    runner.run(fails, on_finished=page.on_finished, failure=wording)
    qtbot.waitUntil(lambda: page.finished == [False])
    assert sink.kinds == [MessageKind.WARNING]
    assert sink.templates == ["Could not refresh: %1"]


def test_a_failure_leaves_when_the_same_work_succeeds_later(qtbot: QtBot, runner: TaskRunner) -> None:
    """Issue 37: "could not refresh" stayed until closed over a list refreshed since."""
    tab = QObject()
    sink = Sink(tab)
    page = Receiver()
    page.setParent(tab)
    wording = Failure("Could not refresh: %1", "refresh", MessageKind.WARNING)
    runner.run(fails, on_finished=page.on_finished, failure=wording)
    qtbot.waitUntil(lambda: page.finished == [False])
    other = Failure("Could not save: %1", "save")
    runner.run(fails, on_finished=page.on_finished, failure=other)
    qtbot.waitUntil(lambda: page.finished == [False, False])
    assert [key for _, key in sink.shown] == ["refresh", "save"]
    runner.run(add, 1, 2, on_result=page.on_result, on_finished=page.on_finished, failure=wording)
    qtbot.waitUntil(lambda: page.finished == [False, False, False])
    assert [key for _, key in sink.shown] == ["save"]  # the other failure stays
    runner.run(add, 1, 2, on_result=page.on_result, on_finished=page.on_finished, failure=other)
    qtbot.waitUntil(lambda: page.finished == [False, False, False, False])
    assert [key for _, key in sink.shown] == ["save"]  # an error (a click's) stays until read


def broken(handle: TaskHandle) -> None:
    raise KeyError("a bug, not a routine failure")


def test_bugs_are_not_shown_as_routine_messages(qtbot: QtBot, runner: TaskRunner, caplog) -> None:  # type: ignore[no-untyped-def]
    tab = QObject()
    sink = Sink(tab)
    page = Receiver()
    page.setParent(tab)
    with caplog.at_level("ERROR"):
        runner.run(broken, on_finished=page.on_finished)
        qtbot.waitUntil(lambda: page.finished == [False])
    assert sink.shown == []
    assert "failed unexpectedly" in caplog.text


def pause(handle: TaskHandle, seconds: float) -> int:
    threading.Event().wait(seconds)  # not cancellable: the task outlives its owner
    return 1


def test_owners_collected_while_their_tasks_run_never_crash_the_runner(qtbot: QtBot) -> None:
    """Parentless owners (models) dropped and garbage-collected mid-task, then a shutdown.

    The first owner guard kept entries (whose callbacks hold the owner) in a cycle; the
    collector cleared them half way and the shutdown crashed the interpreter.
    """
    import gc

    for _ in range(5):
        runner = TaskRunner()
        owners = [Receiver() for _ in range(12)]
        for owner in owners:
            for _ in range(3):
                runner.run(pause, 0.02, on_result=owner.on_result, on_finished=owner.on_finished)
        del owners[:6]
        gc.collect()
        qtbot.wait(10)
        del owners
        gc.collect()
        assert runner.shutdown(5000)
        del runner
        gc.collect()
