"""`FailureBudget`: failed authentications a client address may make in a window.

A wrong Basic password or client secret costs a full scrypt (tens of milliseconds of
CPU, by design); without a budget anyone could spend the server's CPU for free. Each
address may fail `limit` times in `window_s`; then it is answered 429 with
``Retry-After`` before any hash is computed. An attempt holds a place in the budget from
the moment it is taken until it is settled, so concurrent guesses cannot all slip under
it; an attempt that finds the budget held by attempts still running waits for them
rather than being refused, so an operator's burst of forms with the right password (none
verified yet) is not answered 429. A success forgives its own address only.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable

__all__ = ["FailureBudget"]

_MAX_ADDRESSES = 10_000
"""Addresses remembered at most; beyond it the ones with only stale failures are dropped first."""

_SETTLE_WAIT_S = 1.0
"""Longest a wait for running attempts sleeps before it looks again (an attempt takes one scrypt)."""


class FailureBudget:
    """Per-address failures in a sliding window; thread-safe (routes check in the thread pool)."""

    def __init__(
        self, limit: int, window_s: float = 60.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.window_s = window_s
        self._clock = clock
        self._failures: dict[str, deque[float]] = {}
        self._running: dict[str, int] = {}
        self._settled = threading.Condition()

    def take(self, address: str) -> int | None:
        """Hold a place for an attempt from `address`: None when it may go on (then settle it
        with `forgive` or `fail`), else the whole seconds it must wait (its ``Retry-After``)."""
        with self._settled:
            while True:
                now = self._clock()
                recent = self._recent(address, now)
                if len(recent) >= self.limit:
                    return max(1, math.ceil(recent[0] + self.window_s - now))
                running = self._running.get(address, 0)
                if len(recent) + running < self.limit:
                    self._running[address] = running + 1
                    return None
                self._settled.wait(_SETTLE_WAIT_S)  # the attempts running decide this one

    def forgive(self, address: str) -> None:
        """The attempt taken for `address` succeeded: its failures are forgotten."""
        with self._settled:
            self._failures.pop(address, None)
            self._release(address)

    def fail(self, address: str) -> None:
        """The attempt taken for `address` failed: it counts against the address."""
        with self._settled:
            self._recent(address, self._clock()).append(self._clock())
            self._release(address)

    def _release(self, address: str) -> None:
        running = self._running.pop(address, 0) - 1
        if running > 0:
            self._running[address] = running
        self._settled.notify_all()

    def _recent(self, address: str, now: float) -> deque[float]:
        recent = self._failures.get(address)
        if recent is None:
            if len(self._failures) >= _MAX_ADDRESSES:
                self._prune(now)
            recent = self._failures[address] = deque()
        while recent and recent[0] <= now - self.window_s:
            recent.popleft()
        return recent

    def _prune(self, now: float) -> None:
        stale = [
            key
            for key, times in self._failures.items()
            if (not times or times[-1] <= now - self.window_s) and key not in self._running
        ]
        for key in stale:
            del self._failures[key]
        while len(self._failures) >= _MAX_ADDRESSES:  # all still failing: the oldest first
            del self._failures[next(iter(self._failures))]
