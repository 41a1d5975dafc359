"""Background work on a `QThreadPool`, with results delivered on the GUI thread.

A task function is a plain function ``fn(handle, *args)`` that touches no widget;
it reports progress through ``handle.progress`` and checks ``handle.cancelled``. The
transport sees the same cancel token (`postalgui.api.cancel`), so a cancelled task
stops between attempts instead of sleeping out its retries.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThread, QThreadPool, Signal, Slot

from postalgui.api.cancel import Cancelled, CancelToken, cancel_scope

log = logging.getLogger(__name__)

IO_THREADS = 8


@dataclass(frozen=True)
class Progress:
    """A step of a task; ``payload`` carries partial results (batch items as they arrive)."""

    done: int
    total: int | None = None
    text: str = ""
    payload: object = None


class TaskHandle:
    """Given to the task function and to its caller: cancel and progress."""

    def __init__(self, name: str, signals: _WorkerSignals) -> None:
        self.name = name
        self.token = CancelToken()
        self._signals = signals
        self.finished_event = threading.Event()

    @property
    def cancelled(self) -> bool:
        return self.token.cancelled

    def cancel(self) -> None:
        self.token.cancel()

    def raise_if_cancelled(self) -> None:
        self.token.raise_if_cancelled()

    def progress(self, done: int, total: int | None = None, text: str = "", payload: object = None) -> None:
        """Report progress from the task's thread; thread-safe (a queued signal)."""
        self._signals.progress.emit(Progress(done, total, text, payload))


class _WorkerSignals(QObject):
    """Signals of one worker; QRunnable cannot carry signals itself."""

    result = Signal(object)
    error = Signal(object)
    progress = Signal(object)
    finished = Signal()


class _Worker(QRunnable):
    def __init__(self, fn: Callable[..., Any], handle: TaskHandle, args: tuple[Any, ...]) -> None:
        super().__init__()
        self.setAutoDelete(False)  # the runner owns us until `finished` is handled
        self._fn = fn
        self._args = args
        self.handle = handle
        self.signals = handle._signals

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
            if not _expected(exc):
                log.exception("Task %s failed unexpectedly", self.handle.name)
            self.signals.error.emit(exc)
        finally:
            self.handle.finished_event.set()
            self.signals.finished.emit()


def _expected(exc: Exception) -> bool:
    """API, validation and file-format errors are routine: shown to the user, not logged as bugs."""
    from postalgui.api.analytic import AnalyticFormatError
    from postalgui.api.errors import ApiError
    from postalgui.api.values import InvalidValue

    return isinstance(exc, ApiError | InvalidValue | AnalyticFormatError)


@dataclass
class _Running:
    worker: _Worker
    key: str | None
    on_result: Callable[[Any], None] | None
    on_error: Callable[[BaseException], None] | None
    on_progress: Callable[[Progress], None] | None
    on_finished: Callable[[], None] | None


class TaskRunner(QObject):
    """Runs task functions in the background and calls back on the GUI thread.

    Signals: ``busyChanged(bool)`` when the first task starts or the last one ends.

    With ``key``, the latest request wins: starting a task under a key cancels the
    previous one under it, whose result and error are then dropped.
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
        self._running: dict[_WorkerSignals, _Running] = {}
        self._latest: dict[str, TaskHandle] = {}
        self._closed = False

    @property
    def active_count(self) -> int:
        return len(self._running)

    def run(
        self,
        fn: Callable[..., Any],
        *args: Any,
        name: str | None = None,
        key: str | None = None,
        on_result: Callable[[Any], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
        on_progress: Callable[[Progress], None] | None = None,
        on_finished: Callable[[], None] | None = None,
    ) -> TaskHandle:
        """Start ``fn(handle, *args)`` in the pool; returns its handle.

        After `shutdown` (a timer firing while the app quits) nothing runs: the
        handle comes back already cancelled, and no callback is called.
        """
        signals = _WorkerSignals()
        handle = TaskHandle(name or str(getattr(fn, "__name__", "task")), signals)
        if self._closed:
            log.debug("Task %s not started: the runner is shut down", handle.name)
            handle.cancel()
            handle.finished_event.set()
            return handle
        if key is not None:
            previous = self._latest.get(key)
            if previous is not None:
                previous.cancel()
            self._latest[key] = handle
        worker = _Worker(fn, handle, args)
        self._running[signals] = _Running(worker, key, on_result, on_error, on_progress, on_finished)
        signals.result.connect(self._on_worker_result)
        signals.error.connect(self._on_worker_error)
        signals.progress.connect(self._on_worker_progress)
        signals.finished.connect(self._on_worker_finished)
        if len(self._running) == 1:
            self.busyChanged.emit(True)
        self._pool.start(worker)
        return handle

    def _entry(self) -> _Running | None:
        sender = self.sender()
        entry = self._running.get(sender) if isinstance(sender, _WorkerSignals) else None
        if entry is None or entry.worker.handle.cancelled:
            return None
        return entry

    @Slot(object)
    def _on_worker_result(self, value: object) -> None:
        entry = self._entry()
        if entry is not None and entry.on_result is not None:
            entry.on_result(value)

    @Slot(object)
    def _on_worker_error(self, error: object) -> None:
        entry = self._entry()
        if entry is not None and entry.on_error is not None and isinstance(error, BaseException):
            entry.on_error(error)

    @Slot(object)
    def _on_worker_progress(self, progress: object) -> None:
        entry = self._entry()
        if entry is not None and entry.on_progress is not None and isinstance(progress, Progress):
            entry.on_progress(progress)

    @Slot()
    def _on_worker_finished(self) -> None:
        sender = self.sender()
        entry = self._running.pop(sender, None) if isinstance(sender, _WorkerSignals) else None
        if entry is None:
            return
        if entry.key is not None and self._latest.get(entry.key) is entry.worker.handle:
            del self._latest[entry.key]
        if entry.on_finished is not None and not entry.worker.handle.cancelled:
            entry.on_finished()
        entry.worker.signals.deleteLater()
        if not self._running:
            self.busyChanged.emit(False)

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
