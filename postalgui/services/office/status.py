"""`OfficeStatus`: whether the office database answers, and how many writes wait for it.

Written by whoever meets the server (a store call that failed or succeeded, the change
feed's listener, the offline queue) and read by the window's status bar: a small
observable value, thread-safe, whose listeners are called on the thread that changed it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace

__all__ = ["OfficeState", "OfficeStatus"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class OfficeState:
    """``reachable``: None until the server was tried; ``waiting``: quotes queued on this desk;
    ``problem``: the server's last refusal in one line (no password), ``""`` once it answers."""

    shared: bool = False
    reachable: bool | None = None
    waiting: int = 0
    where: str = ""
    problem: str = ""


class OfficeStatus:
    """The current `OfficeState` and who wants to hear of its changes."""

    def __init__(self, state: OfficeState | None = None) -> None:
        self._state = state or OfficeState()
        self._lock = threading.Lock()
        self._listeners: list[Callable[[OfficeState], None]] = []

    @property
    def state(self) -> OfficeState:
        with self._lock:
            return self._state

    def update(self, **changes: object) -> None:
        """Change some fields; listeners hear the new state only when it differs."""
        with self._lock:
            new = replace(self._state, **changes)  # type: ignore[arg-type]
            if new == self._state:
                return
            self._state = new
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(new)
            except Exception:
                log.exception("A listener of the office database's state failed")

    def listen(self, callback: Callable[[OfficeState], None]) -> Callable[[], None]:
        """Call ``callback(state)`` on each change; the returned function stops it."""
        with self._lock:
            self._listeners.append(callback)

        def stop() -> None:
            with self._lock:
                if callback in self._listeners:
                    self._listeners.remove(callback)

        return stop
