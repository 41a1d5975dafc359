"""Cooperative cancellation and progress, the same for the GUI's tasks and the CLI.

A use case takes a `TaskControl`: the GUI's Qt `TaskHandle` is one, `PlainTask` (the
CLI, tests, scripts) is another, so the services never depend on Qt to be cancelled.
A running task also sets its `CancelToken` for its thread's context; the transport
checks it between attempts and waits on it while backing off, so a cancelled task
stops within one request instead of sleeping out its retries.

Progress is typed by what a task streams: a use case that hands out partial results
takes a ``TaskControl[Loaded]`` and its receiver gets ``Progress[Loaded]`` (one type per
stream, never sorted with ``isinstance``); a bare ``TaskControl`` streams counts only.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Generic, Never, Protocol, runtime_checkable

from typing_extensions import TypeVar  # a TypeVar's default (PEP 696) before Python 3.13


class Cancelled(Exception):  # noqa: N818  # a user decision, not an error
    """The task was cancelled by the user; not an error to report."""


class CancelToken:
    """A thread-safe flag that can also be waited on, or call back when it is set."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._callbacks: dict[int, Callable[[], None]] = {}
        self._next = 0

    def cancel(self) -> None:
        with self._lock:
            self._event.set()
            callbacks, self._callbacks = list(self._callbacks.values()), {}
        for callback in callbacks:
            callback()

    def on_cancel(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback`` once when the token is cancelled (at once if it already is).

        What a blocking call that cannot watch the flag uses to be interrupted (the
        transport shuts the socket of a read the server never answers). Returns a
        function that withdraws the callback. ``callback`` runs on the cancelling thread:
        it must be quick and must not raise.
        """
        with self._lock:
            if not self._event.is_set():
                key = self._next
                self._next += 1
                self._callbacks[key] = callback

                def withdraw() -> None:
                    with self._lock:
                        self._callbacks.pop(key, None)

                return withdraw
        callback()
        return _nothing

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def raise_if_cancelled(self) -> None:
        if self._event.is_set():
            raise Cancelled

    def wait(self, seconds: float) -> None:
        """Sleep up to ``seconds``; raise `Cancelled` as soon as the token is set."""
        if self._event.wait(max(0.0, seconds)):
            raise Cancelled


def _nothing() -> None:
    return None


_current: ContextVar[CancelToken | None] = ContextVar("postalgui_cancel", default=None)


def current() -> CancelToken:
    """The token of the running task, or a fresh one that is never cancelled."""
    return _current.get() or CancelToken()


@contextmanager
def cancel_scope(token: CancelToken) -> Iterator[CancelToken]:
    """Make ``token`` the current one inside the block."""
    reset = _current.set(token)
    try:
        yield token
    finally:
        _current.reset(reset)


P = TypeVar("P", default=Never)
P_co = TypeVar("P_co", covariant=True, default=Never)
P_contra = TypeVar("P_contra", contravariant=True, default=Never)


@dataclass(frozen=True)
class Progress(Generic[P_co]):
    """A step of a task; ``payload`` carries a partial result of the stream's one type
    (batch items as they arrive), ``None`` on a step that only counts."""

    done: int
    total: int | None = None
    text: str = ""
    payload: P_co | None = None


@runtime_checkable
class TaskControl(Protocol[P_contra]):
    """What a use case may ask of whoever runs it: stop when told, say how far it is."""

    @property
    def token(self) -> CancelToken: ...

    @property
    def cancelled(self) -> bool: ...

    def raise_if_cancelled(self) -> None: ...

    def progress(
        self, done: int, total: int | None = None, text: str = "", payload: P_contra | None = None
    ) -> None: ...


class PlainTask(Generic[P]):
    """A `TaskControl` without Qt: for the CLI, scripts and tests.

    ``on_progress`` is called on the task's own thread.
    """

    def __init__(self, on_progress: Callable[[Progress[P]], None] | None = None) -> None:
        self.token = CancelToken()
        self._on_progress = on_progress

    @property
    def cancelled(self) -> bool:
        return self.token.cancelled

    def cancel(self) -> None:
        self.token.cancel()

    def raise_if_cancelled(self) -> None:
        self.token.raise_if_cancelled()

    def progress(self, done: int, total: int | None = None, text: str = "", payload: P | None = None) -> None:
        if self._on_progress is not None:
            self._on_progress(Progress(done, total, text, payload))


class TaskView:
    """Another task's cancel, seen through a wrapper: the base of the relays, which differ
    only in what they do with progress."""

    def __init__(self, task: TaskControl) -> None:
        self._seen = task

    @property
    def token(self) -> CancelToken:
        return self._seen.token

    @property
    def cancelled(self) -> bool:
        return self._seen.cancelled

    def raise_if_cancelled(self) -> None:
        self._seen.raise_if_cancelled()


class CountsOnly(TaskView, Generic[P]):
    """A task seen by a use case that streams ``P`` on behalf of a caller that wants counts
    only (`TaskControl` bare): cancel and counts pass, the payloads stop here."""

    def progress(self, done: int, total: int | None = None, text: str = "", payload: P | None = None) -> None:
        del payload
        self._seen.progress(done, total, text)
