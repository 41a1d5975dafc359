"""Request counters the tests read through ``/_sandbox/stats``.

Single-flight tests need to know how many tokens were really issued, retry tests how
many requests reached a route; counting in the server is the only honest source.
"""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send


class Stats:
    """Thread-safe counters: requests per route, token issuances, injected faults."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._requests: Counter[str] = Counter()
        self._faults: Counter[str] = Counter()
        self._tokens = 0

    def record_request(self, method: str, path: str) -> None:
        with self._lock:
            self._requests[f"{method} {path}"] += 1

    def record_token(self) -> None:
        with self._lock:
            self._tokens += 1

    def record_fault(self, kind: str) -> None:
        with self._lock:
            self._faults[kind] += 1

    def snapshot(self) -> dict[str, Any]:
        """Counts as JSON: `requests` is keyed by "METHOD /path"."""
        with self._lock:
            return {
                "total_requests": sum(self._requests.values()),
                "token_requests": self._tokens,
                "requests": dict(sorted(self._requests.items())),
                "faults": dict(sorted(self._faults.items())),
            }

    def reset(self) -> None:
        with self._lock:
            self._requests.clear()
            self._faults.clear()
            self._tokens = 0


class StatsMiddleware:
    """Counts every operator request, faulted or not (control paths excluded)."""

    def __init__(self, app: ASGIApp, stats: Stats, exclude_prefix: str) -> None:
        self.app = app
        self.stats = stats
        self.exclude_prefix = exclude_prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not scope["path"].startswith(self.exclude_prefix):
            self.stats.record_request(scope["method"], scope["path"])
        await self.app(scope, receive, send)
