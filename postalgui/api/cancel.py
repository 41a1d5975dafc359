"""Cooperative cancellation that crosses the layers without passing a handle everywhere.

A background task sets a `CancelToken` for its thread's context; the transport checks
it between attempts and waits on it while backing off, so a cancelled task stops
within one request instead of sleeping out its retries.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar


class Cancelled(Exception):  # noqa: N818  # a user decision, not an error
    """The task was cancelled by the user; not an error to report."""


class CancelToken:
    """A thread-safe flag that can also be waited on."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

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
