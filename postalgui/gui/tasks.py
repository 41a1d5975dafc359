"""Background work on a `QThreadPool`, with results delivered on the GUI thread.

A task function is a plain function ``fn(handle, *args)`` that touches no widget; the
handle is a `postalgui.api.cancel.TaskControl` (progress, cancel), so the same use case
runs from the CLI with a `PlainTask`. The transport sees the same cancel token, so a
cancelled task stops between attempts instead of sleeping out its retries.

Every task belongs to an owner (the widget whose slots take its callbacks, given or
inferred from a bound-method callback) and ends with exactly one ``on_finished(cancelled)``
(superqt's ``WorkerBase.run``): a caller that disabled a button on start enables it there,
cancelled or not, and never polls a task from a timer. When the owner is destroyed its
tasks are cancelled and none of their callbacks run, so no result lands on a dead widget.

Routine failures (`RoutineError`) go to the owner's ``on_error``, or by default to the
nearest `ErrorSink` (the tab's message area) up the owner's parents; only programming
errors are logged with a traceback.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Generic, Never, Protocol, TypedDict, TypeVar, TypeVarTuple, Unpack, runtime_checkable

import shiboken6
from PySide6.QtCore import QObject, QRunnable, Qt, QThread, QThreadPool, Signal, Slot
from typing_extensions import TypeVar as DefaultTypeVar  # a TypeVar's default (PEP 696) before Python 3.13

from postalgui.api.cancel import Cancelled, PlainTask, Progress, cancel_scope
from postalgui.api.errors import RoutineError
from postalgui.gui.widgets.failure import Failure
from postalgui.gui.widgets.message_kind import MessageKind

log = logging.getLogger(__name__)

IO_THREADS = 8

R = TypeVar("R")
P = DefaultTypeVar("P", default=Never)
Ts = TypeVarTuple("Ts")

__all__ = ["IO_THREADS", "ErrorSink", "Failure", "Progress", "RunOptions", "TaskHandle", "TaskRunner"]


@runtime_checkable
class ErrorSink(Protocol):
    """Where a routine failure of a task goes when its owner set no ``on_error``, worded
    by the task's `Failure` (its key always set by the runner)."""

    def show_routine_error(self, error: BaseException, failure: Failure) -> None: ...

    def clear(self, key: str) -> None:
        """Take the message under ``key`` away (a later run of the task that failed succeeded)."""


class RunOptions(TypedDict, Generic[R, P], total=False):
    """What `TaskRunner.run` (and `Desk.run`) take besides the task and its arguments.

    ``owner``: the QObject whose destruction cancels the task (default: the first
    bound-method callback's); ``name``: for the log; ``key``: the latest task under a
    key wins; ``on_result`` takes what the task returns; ``on_error`` replaces the
    message area; ``on_finished(cancelled)`` is called exactly once; ``failure`` words
    the message area's text; ``on_progress`` takes the task's steps, typed by its stream.
    """

    owner: QObject | None
    name: str | None
    key: str | None
    on_result: Callable[[R], None] | None
    on_error: Callable[[BaseException], None] | None
    on_progress: Callable[[Progress[P]], None] | None
    on_finished: Callable[[bool], None] | None
    failure: Failure | None


class TaskHandle(PlainTask[P]):
    """Given to the task function and to its caller: cancel and progress (a `TaskControl`).

    A `PlainTask` whose progress travels to the GUI thread as a queued signal.
    """

    def __init__(self, name: str, signals: _WorkerSignals | None) -> None:
        super().__init__()
        self.name = name
        self._signals = signals
        self.finished_event = threading.Event()
        self._orphaned = False  # its owner is gone, or a newer task replaced it: no callback runs

    def progress(self, done: int, total: int | None = None, text: str = "", payload: P | None = None) -> None:
        """Report progress from the task's thread; thread-safe (a queued signal)."""
        if self._signals is not None:
            self._signals.progress.emit(Progress(done, total, text, payload))


class _WorkerSignals(QObject):
    """Signals of one worker; QRunnable cannot carry signals itself."""

    result = Signal(object)  # what the task returns: any type (`TaskRunner.run` types the hop)
    error = Signal(BaseException)
    progress = Signal(Progress)
    finished = Signal()


class _Worker(QRunnable):
    def __init__(
        self, fn: Callable[..., Any], handle: TaskHandle[Any], signals: _WorkerSignals, args: tuple[Any, ...]
    ) -> None:
        super().__init__()
        self.setAutoDelete(False)  # the runner owns us until `finished` is handled
        self._fn = fn
        self._args = args
        self.handle = handle
        self.signals = signals

    def run(self) -> None:
        threading.current_thread().name = f"task {self.handle.name}"  # for the log lines
        try:
            with cancel_scope(self.handle.token):
                self.handle.raise_if_cancelled()
                value = self._fn(self.handle, *self._args)
            self.signals.result.emit(value)
        except Cancelled:
            pass
        except Exception as exc:  # every failure travels as a signal
            if not isinstance(exc, RoutineError):
                log.exception("Task %s failed unexpectedly", self.handle.name)
            self.signals.error.emit(exc)
        finally:
            self.handle.finished_event.set()
            self.signals.finished.emit()


@dataclass
class _Running(Generic[R, P]):
    worker: _Worker
    key: str | None
    owner: QObject | None
    on_result: Callable[[R], None] | None
    on_error: Callable[[BaseException], None] | None
    on_progress: Callable[[Progress[P]], None] | None
    on_finished: Callable[[bool], None] | None
    failure: Failure | None = None


class _OwnerGuard(QObject):
    """The running tasks of one owner, cancelled and muted together when it is destroyed.

    A child of the owner, so Qt deletes it with the owner (right after ``destroyed``)
    and nothing outside holds it: no dictionary of owners to keep in step.
    """

    NAME = "postalgui-task-guard"

    def __init__(self, owner: QObject) -> None:
        super().__init__(owner)
        self.setObjectName(self.NAME)
        # Handles only, never the entries: their callbacks hold the owner, and a cycle
        # through this child would let the garbage collector clear them half way.
        self.handles: list[TaskHandle[Any]] = []
        owner.destroyed.connect(self._on_owner_destroyed)

    @classmethod
    def of(cls, owner: QObject) -> _OwnerGuard:
        guard = owner.findChild(cls, cls.NAME, Qt.FindChildOption.FindDirectChildrenOnly)
        return guard if isinstance(guard, cls) else cls(owner)

    @Slot()
    def _on_owner_destroyed(self) -> None:
        for handle in self.handles:
            handle._orphaned = True
            handle.cancel()
        self.handles = []


def _owner_of(callbacks: tuple[Callable[..., Any] | None, ...]) -> QObject | None:
    """The QObject a bound-method callback belongs to, if any."""
    for callback in callbacks:
        target = getattr(callback, "__self__", None)
        if isinstance(target, QObject):
            return target
    return None


class TaskRunner(QObject):
    """Runs task functions in the background and calls back on the GUI thread.

    Signals: ``busyChanged(bool)`` when the first task starts or the last one ends.

    With ``key``, the latest request wins: starting a task under a key cancels the
    previous one under it and drops all its callbacks, ``on_finished`` included: the
    caller has moved on, and the new task's own ``on_finished`` ends the wait.
    """

    busyChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None, pool: QThreadPool | None = None) -> None:
        super().__init__(parent)
        if pool is None:
            pool = QThreadPool(self)
            # Tasks mostly wait on the network, not the CPU: a 2-core machine still
            # needs a token check, a quote and a download to run side by side.
            pool.setMaxThreadCount(max(IO_THREADS, QThread.idealThreadCount()))
        self._pool = pool
        self._running: dict[_WorkerSignals, _Running[Any, Any]] = {}
        self._latest: dict[str, _Running[Any, Any]] = {}
        self._closed = False

    @property
    def active_count(self) -> int:
        return len(self._running)

    def run(
        self, fn: Callable[[TaskHandle[P], *Ts], R], *args: *Ts, **options: Unpack[RunOptions[R, P]]
    ) -> TaskHandle[P]:
        """Start ``fn(handle, *args)`` in the pool; returns its handle.

        Typed end to end (superqt's ``WorkerBase[R]``): ``args`` must fit ``fn``,
        ``on_result`` takes what ``fn`` returns, and ``on_progress`` the ``Progress[P]`` of
        the ``TaskControl[P]`` it takes, so a slot names its real type.

        ``owner`` defaults to the QObject of the first bound-method callback. Without
        ``on_error``, a routine failure goes to the owner's message area, worded by
        ``failure``. After
        `shutdown` (a timer firing while the app quits) nothing runs: the handle comes
        back already cancelled, and no callback is called.
        """
        owner, key = options.get("owner"), options.get("key")
        on_result, on_error = options.get("on_result"), options.get("on_error")
        on_progress, on_finished = options.get("on_progress"), options.get("on_finished")
        task_name = options.get("name") or str(getattr(fn, "__name__", "task"))
        if self._closed:
            log.debug("Task %s not started: the runner is shut down", task_name)
            handle: TaskHandle[P] = TaskHandle(task_name, None)
            handle.cancel()
            handle.finished_event.set()
            return handle
        signals = _WorkerSignals()
        handle = TaskHandle(task_name, signals)
        if owner is None:
            owner = _owner_of((on_result, on_error, on_progress, on_finished))
        worker = _Worker(fn, handle, signals, args)
        entry: _Running[R, P] = _Running(
            worker, key, owner, on_result, on_error, on_progress, on_finished, options.get("failure")
        )
        if key is not None:
            previous = self._latest.get(key)
            if previous is not None:
                previous.worker.handle._orphaned = True  # its caller has moved on to this one
                previous.worker.handle.cancel()
            self._latest[key] = entry
        self._running[signals] = entry
        if owner is not None:
            self._own(owner, entry)
        signals.result.connect(self._on_worker_result)
        signals.error.connect(self._on_worker_error)
        signals.progress.connect(self._on_worker_progress)
        signals.finished.connect(self._on_worker_finished)
        if len(self._running) == 1:
            self.busyChanged.emit(True)
        self._pool.start(worker)
        return handle

    def _own(self, owner: QObject, entry: _Running[Any, Any]) -> None:
        _OwnerGuard.of(owner).handles.append(entry.worker.handle)

    def _live(self, entry: _Running[Any, Any] | None) -> bool:
        """Whether ``entry``'s callbacks may still run."""
        if entry is None or entry.worker.handle._orphaned:
            return False
        if entry.owner is not None and not shiboken6.isValid(entry.owner):
            entry.worker.handle._orphaned = True  # destroyed before its `destroyed` reached us
            entry.worker.handle.cancel()
            return False
        return True

    def _entry(self) -> _Running[Any, Any] | None:
        sender = self.sender()
        entry = self._running.get(sender) if isinstance(sender, _WorkerSignals) else None
        if not self._live(entry) or entry is None or entry.worker.handle.cancelled:
            return None
        return entry

    @Slot(object)
    def _on_worker_result(self, value: object) -> None:
        entry = self._entry()
        if entry is None:
            return
        self._failure_resolved(entry)
        if entry.on_result is not None:
            entry.on_result(value)

    def _failure_resolved(self, entry: _Running[Any, Any]) -> None:
        """Background work worded by a keyed warning succeeded: its last failure is old news,
        so "could not refresh" does not stay on screen over a list refreshed since. An
        error (what a click asked) stays until read: work that falls back on success under
        the same key (a statement refused, the watchlist read instead) must not hide why."""
        failure = entry.failure
        if failure is None or failure.key is None or failure.kind is not MessageKind.WARNING:
            return
        sink = self._sink_for(entry.owner) if entry.on_error is None else None
        if sink is not None:
            sink.clear(failure.key)

    @Slot(BaseException)
    def _on_worker_error(self, error: BaseException) -> None:
        entry = self._entry()
        if entry is None:
            return
        if entry.on_error is not None:
            entry.on_error(error)
        elif isinstance(error, RoutineError):
            sink = self._sink_for(entry.owner)
            if sink is None:
                log.warning("Task %s failed: %s", entry.worker.handle.name, error)
            else:
                wording = entry.failure or Failure()
                key = wording.key or entry.key or entry.worker.handle.name
                sink.show_routine_error(error, replace(wording, key=key))

    @staticmethod
    def _sink_for(owner: QObject | None) -> ErrorSink | None:
        """The owner itself, or the first sink among the children of it and its ancestors."""
        node = owner
        while node is not None:
            if isinstance(node, ErrorSink):
                return node
            for child in node.children():
                if isinstance(child, ErrorSink):
                    return child
            node = node.parent()
        return None

    @Slot(Progress)
    def _on_worker_progress(self, progress: Progress[Any]) -> None:
        entry = self._entry()
        if entry is not None and entry.on_progress is not None:
            entry.on_progress(progress)

    @Slot()
    def _on_worker_finished(self) -> None:
        sender = self.sender()
        entry = self._running.pop(sender, None) if isinstance(sender, _WorkerSignals) else None
        if entry is None:
            return
        handle = entry.worker.handle
        if entry.key is not None and self._latest.get(entry.key) is entry:
            del self._latest[entry.key]
        self._disown(entry)
        if entry.on_finished is not None and self._live(entry):
            entry.on_finished(handle.cancelled)
        entry.worker.signals.deleteLater()
        if not self._running:
            self.busyChanged.emit(False)

    def _disown(self, entry: _Running[Any, Any]) -> None:
        owner = entry.owner
        if owner is None or not shiboken6.isValid(owner):
            return
        guard = owner.findChild(_OwnerGuard, _OwnerGuard.NAME, Qt.FindChildOption.FindDirectChildrenOnly)
        if isinstance(guard, _OwnerGuard) and entry.worker.handle in guard.handles:
            guard.handles.remove(entry.worker.handle)

    def cancel_all(self) -> None:
        for entry in list(self._running.values()):
            entry.worker.handle.cancel()

    def shutdown(self, timeout_ms: int = 5000) -> bool:
        """Cancel everything and wait for the workers; True when all ended in time."""
        self._closed = True
        self.cancel_all()
        done = self._pool.waitForDone(timeout_ms)
        if not done:
            log.warning("%d background task(s) still running at shutdown", self._pool.activeThreadCount())
        self._running.clear()
        self._latest.clear()
        return done
