"""`FailureBudget`: failed authentications a client address may make in a window.

A wrong Basic password or client secret costs a full scrypt (tens of milliseconds of
CPU, by design); without a budget anyone could spend the server's CPU for free. Each
address may fail `limit` times in `window_s`; then it is answered 429 with
``Retry-After`` before any hash is computed. An attempt counts as a failure from the
moment it is taken, so concurrent guesses cannot all slip under the budget; a success
forgives its own address only, never another's.
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


class FailureBudget:
    """Per-address failures in a sliding window; thread-safe (routes check in the thread pool)."""

    def __init__(
        self, limit: int, window_s: float = 60.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.window_s = window_s
        self._clock = clock
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def take(self, address: str) -> int | None:
        """Count an attempt from `address` as a failure: None when it may go on, else the
        whole seconds it must wait (its ``Retry-After``)."""
        now = self._clock()
        with self._lock:
            recent = self._recent(address, now)
            if len(recent) >= self.limit:
                return max(1, math.ceil(recent[0] + self.window_s - now))
            recent.append(now)
            return None

    def forgive(self, address: str) -> None:
        """The attempt taken for `address` succeeded: its failures are forgotten."""
        with self._lock:
            self._failures.pop(address, None)

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
            key for key, times in self._failures.items() if not times or times[-1] <= now - self.window_s
        ]
        for key in stale:
            del self._failures[key]
        while len(self._failures) >= _MAX_ADDRESSES:  # all still failing: the oldest first
            del self._failures[next(iter(self._failures))]
