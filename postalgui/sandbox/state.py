"""The live state of one sandbox, kept on its FastAPI app (never in module globals).

Several sandboxes run in one process in the tests; each app carries its own state.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.requests import Request

from postalgui.sandbox.config import SandboxConfig
from postalgui.sandbox.faults import FaultInjector
from postalgui.sandbox.processing import ProcessingStore
from postalgui.sandbox.stats import Stats

_T = TypeVar("_T")


class SandboxState:
    """Token lifetime and revocation epoch, fault injector, counters, clock offset and
    the invoice service's processings of one app."""

    def __init__(self, config: SandboxConfig) -> None:
        self.config = config
        self.faults = FaultInjector(config.faults)
        self.stats = Stats()
        self.processing = ProcessingStore()
        self._lock = threading.Lock()
        self._epoch = 0
        self._token_lifetime_s = config.token_lifetime_s
        self.processing_delay_s = config.processing_delay_s
        self.file_lifetime_s = config.file_lifetime_s
        self._clock_offset_s = 0.0
        self._extensions: dict[str, Any] = {}
        self._on_reset: list[Callable[[], None]] = []

    def extension(
        self, name: str, factory: Callable[[], _T], *, on_reset: Callable[[_T], None] | None = None
    ) -> _T:
        """A feature's own state (the branch service's changed units, ...), made on first
        use and dropped by `reset`, which calls `on_reset` with it (what it kept on disk goes)."""
        with self._lock:
            if name not in self._extensions:
                made = self._extensions[name] = factory()
                if on_reset is not None:
                    self._on_reset.append(lambda: on_reset(made))
            return self._extensions[name]  # type: ignore[no-any-return]

    @property
    def epoch(self) -> int:
        return self._epoch

    @property
    def token_lifetime_s(self) -> int:
        return self._token_lifetime_s

    @token_lifetime_s.setter
    def token_lifetime_s(self, seconds: int) -> None:
        self._token_lifetime_s = seconds

    def now(self) -> float:
        """The sandbox's time: the configured clock plus any offset set through `/_sandbox/clock`.

        Tokens, invoice dates and processing states all read this one clock, so
        advancing it ages everything alike (a 7-day jump also expires 24-h tokens).
        """
        return self.config.clock() + self._clock_offset_s

    @property
    def clock_offset_s(self) -> float:
        return self._clock_offset_s

    def advance_clock(self, seconds: float) -> float:
        """Move the sandbox clock by `seconds` (negative goes back); returns the offset."""
        with self._lock:
            self._clock_offset_s += seconds
            return self._clock_offset_s

    def reset_clock(self) -> None:
        with self._lock:
            self._clock_offset_s = 0.0

    def reset(self) -> None:
        """Back to how `config` started it: faults (re-seeded) and script, counters, token
        lifetime and revocations, processing delay and file lifetime, processings and
        pending failures, clock offset. A test that shares one sandbox starts from here."""
        config = self.config
        self.faults.replace(config.faults)
        self.faults.clear_script()
        self.stats.reset()
        self.processing.clear()
        with self._lock:
            self._epoch = 0
            self._token_lifetime_s = config.token_lifetime_s
            self.processing_delay_s = config.processing_delay_s
            self.file_lifetime_s = config.file_lifetime_s
            self._clock_offset_s = 0.0
            self._extensions.clear()
            dropped, self._on_reset = self._on_reset, []
        for action in dropped:
            action()

    def revoke_tokens(self) -> int:
        """Invalidate every token issued so far; returns the new epoch."""
        with self._lock:
            self._epoch += 1
            return self._epoch


def app_state(app: Starlette) -> SandboxState:
    """The state `create_app` put on this app."""
    state = getattr(app.state, "sandbox", None)
    if not isinstance(state, SandboxState):
        raise TypeError("not a sandbox app (create_app sets app.state.sandbox)")
    return state


async def get_state(request: Request) -> SandboxState:
    """FastAPI dependency: the state of the app serving this request."""
    return app_state(request.app)
