"""Fault injection: slow, failing, garbled and dropped answers, random or scripted.

The real operator rate-limits, times out behind its gateway and sometimes answers
HTML maintenance pages, cuts files short behind a proxy that still sends a matching
``Content-Length``, and accepts connections it never answers; the client must survive
all of it. `FaultConfig` sets random
faults for a whole run (also from a compact string for the CLI and the
``POSTALGUI_SANDBOX_FAULTS`` variable); `ScriptedFault` queues exact outcomes for the
next matching requests, which is what tests use. `FaultMiddleware` applies both as
ASGI middleware. Control paths under ``/_sandbox`` are never faulted.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from postalgui.sandbox.errors import message_body, message_for_status
from postalgui.sandbox.stats import Stats

CONTROL_PREFIX = "/_sandbox"
RANDOM_ERROR_STATUSES = (429, 500, 503)
RETRY_AFTER_STATUSES = (429, 503)
FAULT_KINDS = ("error", "malformed", "drop", "delay", "hang")
MALFORMED_VARIANTS = ("html", "truncated")
INJECTED_CAUSE = "Falha simulada pelo sandbox"

_SCRIPT_KEYS = frozenset(
    {
        "kind",
        "status",
        "retry_after",
        "variant",
        "cut_bytes",
        "latency_ms",
        "message",
        "path_prefix",
        "method",
        "count",
    }
)
_COMPACT_KEYS = {
    "latency": "latency_ms",
    "latency_ms": "latency_ms",
    "error": "error_rate",
    "error_rate": "error_rate",
    "malformed": "malformed_rate",
    "malformed_rate": "malformed_rate",
    "drop": "drop_rate",
    "drop_rate": "drop_rate",
    "seed": "seed",
    "paths": "paths",
}


MAX_LATENCY_MS = 600_000
"""Ten minutes: past any client deadline, yet a typo cannot stall the sandbox for good."""
MAX_RETRY_AFTER_S = 3_600
MAX_COUNT = 1_000_000


def _int(value: Any, name: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be >= {minimum}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be <= {maximum}")
    return value


def _rate(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{name} must be a number")
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} must be between 0 and 1")
    return float(value)


def _reject_unknown(data: Mapping[str, Any], known: Iterable[str], what: str) -> None:
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise ValueError(f"unknown {what} field(s): {', '.join(unknown)}")


@dataclass(frozen=True)
class FaultConfig:
    """Random faults for a run; rates are shares of the answers to matching paths.

    `paths` holds path prefixes; empty means every operator path.
    """

    latency_ms: int = 0
    error_rate: float = 0.0
    malformed_rate: float = 0.0
    drop_rate: float = 0.0
    seed: int | None = None
    paths: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _int(self.latency_ms, "latency_ms", minimum=0, maximum=MAX_LATENCY_MS)
        for name in ("error_rate", "malformed_rate", "drop_rate"):
            _rate(getattr(self, name), name)
        if self.seed is not None:
            _int(self.seed, "seed")
        if self.error_rate + self.malformed_rate + self.drop_rate > 1.0:
            raise ValueError("error_rate + malformed_rate + drop_rate must not exceed 1")
        if not isinstance(self.paths, tuple) or not all(
            isinstance(p, str) and p.startswith("/") for p in self.paths
        ):
            raise ValueError("paths must be path prefixes starting with '/'")

    @property
    def active(self) -> bool:
        return bool(self.latency_ms or self.error_rate or self.malformed_rate or self.drop_rate)

    def matches(self, path: str) -> bool:
        return not self.paths or any(path.startswith(prefix) for prefix in self.paths)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)} | {"paths": list(self.paths)}

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> FaultConfig:
        """Build from JSON (the control endpoint); unknown fields are refused."""
        _reject_unknown(data, (f.name for f in fields(cls)), "fault")
        values = dict(data)
        if "paths" in values:
            paths = values["paths"]
            if not isinstance(paths, list | tuple):
                raise ValueError("paths must be a list of path prefixes")
            values["paths"] = tuple(paths)
        return cls(**values)

    @classmethod
    def parse(cls, text: str) -> FaultConfig:
        """Read ``latency=200,error=0.1,malformed=0.05,drop=0.02,seed=1,paths=/token|/preco``."""
        values: dict[str, Any] = {}
        for item in filter(None, (part.strip() for part in text.split(","))):
            key, sep, raw = item.partition("=")
            name = _COMPACT_KEYS.get(key.strip().lower())
            if not sep or name is None:
                keys = ", ".join(_COMPACT_KEYS)
                raise ValueError(f"bad fault setting {item!r} (expected key=value, keys: {keys})")
            raw = raw.strip()
            try:
                if name == "paths":
                    values[name] = tuple(p.strip() for p in raw.split("|") if p.strip())
                elif name == "seed":
                    values[name] = None if raw.lower() in ("", "none") else int(raw)
                elif name == "latency_ms":
                    values[name] = int(raw)
                else:
                    values[name] = float(raw)
            except ValueError as exc:
                raise ValueError(f"bad value in fault setting {item!r}") from exc
        return cls(**values)

    def to_compact(self) -> str:
        """The inverse of `parse`, for showing the active faults."""
        parts = [
            f"latency={self.latency_ms}",
            f"error={self.error_rate:g}",
            f"malformed={self.malformed_rate:g}",
            f"drop={self.drop_rate:g}",
        ]
        if self.seed is not None:
            parts.append(f"seed={self.seed}")
        if self.paths:
            parts.append("paths=" + "|".join(self.paths))
        return ",".join(parts)


@dataclass(frozen=True)
class Fault:
    """What to do with one request instead of (or before) answering it normally."""

    kind: str
    status: int = 503
    retry_after: int | None = None
    variant: str | None = None
    latency_ms: int = 0
    message: str | None = None
    cut_bytes: int | None = None

    def retry_after_header(self) -> str | None:
        if self.retry_after is not None:
            return str(self.retry_after)
        return "1" if self.status in RETRY_AFTER_STATUSES else None


@dataclass
class ScriptedFault:
    """A forced outcome for the next `count` requests whose path and method match."""

    fault: Fault
    path_prefix: str = ""
    method: str | None = None
    count: int = 1

    def matches(self, method: str, path: str) -> bool:
        return path.startswith(self.path_prefix) and (self.method is None or self.method == method)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form `from_mapping` reads, leaving out fields that do not apply."""
        fault = self.fault
        data: dict[str, Any] = {"kind": fault.kind}
        if fault.kind == "error":
            data["status"] = fault.status
        optional = {
            "retry_after": fault.retry_after,
            "variant": fault.variant,
            "message": fault.message,
            "cut_bytes": fault.cut_bytes,
        }
        data |= {key: value for key, value in optional.items() if value is not None}
        if fault.latency_ms:
            data["latency_ms"] = fault.latency_ms
        return data | {"path_prefix": self.path_prefix, "method": self.method, "count": self.count}

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> ScriptedFault:
        """Build from JSON such as ``{"status": 503, "retry_after": 2, "path_prefix": "/token"}``.

        ``kind`` is one of error (implied by ``status``), malformed (optional
        ``variant`` html|truncated; a truncated answer is a 200 with the real
        content type that loses its second half or, with ``cut_bytes``, its last N bytes,
        and its ``Content-Length`` matches what is sent), drop, delay (``latency_ms``,
        then answered normally), hang (the request is read and never answered, until
        the client goes away).
        """
        _reject_unknown(data, _SCRIPT_KEYS, "script")
        kind = data.get("kind") or ("error" if "status" in data else None)
        if kind not in FAULT_KINDS:
            raise ValueError(f"kind must be one of {', '.join(FAULT_KINDS)}")
        status = _int(data.get("status", 503), "status")
        if not 400 <= status <= 599:
            raise ValueError("status must be an HTTP error status (400-599)")
        retry_after = data.get("retry_after")
        variant = data.get("variant")
        if variant is not None and variant not in MALFORMED_VARIANTS:
            raise ValueError(f"variant must be one of {', '.join(MALFORMED_VARIANTS)}")
        cut_bytes = data.get("cut_bytes")
        if cut_bytes is not None:
            cut_bytes = _int(cut_bytes, "cut_bytes", minimum=1)
        message = data.get("message")
        if message is not None and not isinstance(message, str):
            raise ValueError("message must be a string")
        path_prefix = data.get("path_prefix", "")
        if not isinstance(path_prefix, str):
            raise ValueError("path_prefix must be a string")
        method = data.get("method")
        if method is not None and not isinstance(method, str):
            raise ValueError("method must be a string")
        fault = Fault(
            kind=kind,
            status=status,
            retry_after=None
            if retry_after is None
            else _int(retry_after, "retry_after", minimum=0, maximum=MAX_RETRY_AFTER_S),
            variant=variant,
            latency_ms=_int(data.get("latency_ms", 0), "latency_ms", minimum=0, maximum=MAX_LATENCY_MS),
            message=message,
            cut_bytes=cut_bytes,
        )
        return cls(
            fault=fault,
            path_prefix=path_prefix,
            method=None if method is None else method.upper(),
            count=_int(data.get("count", 1), "count", minimum=1, maximum=MAX_COUNT),
        )


@dataclass(frozen=True)
class FaultPlan:
    """The decision for one request: a delay, then maybe a fault; or an answer made at once
    and held until ``held_ms`` after the request came (the run's latency, without a fault)."""

    delay_ms: int = 0
    fault: Fault | None = None
    held_ms: int = 0


class FaultInjector:
    """Holds the run's FaultConfig, its seeded random source and the script queue.

    Locked, because tests change it from their own thread while the server runs.
    """

    def __init__(self, config: FaultConfig | None = None) -> None:
        self._lock = threading.Lock()
        self._script: list[ScriptedFault] = []
        self._config = FaultConfig()
        self._rng = random.Random()
        self.replace(config or FaultConfig())

    @property
    def config(self) -> FaultConfig:
        return self._config

    def replace(self, config: FaultConfig) -> None:
        """Switch to a new config; its seed restarts the random sequence."""
        with self._lock:
            self._config = config
            self._rng = random.Random(config.seed)

    def add_script(self, items: Iterable[ScriptedFault]) -> int:
        """Queue forced outcomes; returns how many are pending."""
        with self._lock:
            self._script.extend(items)
            return len(self._script)

    def clear_script(self) -> None:
        with self._lock:
            self._script.clear()

    def pending(self) -> list[dict[str, Any]]:
        with self._lock:
            return [item.to_dict() for item in self._script]

    def plan(self, method: str, path: str) -> FaultPlan:
        """Decide the fate of one request (consumes a script entry or a random draw)."""
        if path.startswith(CONTROL_PREFIX):
            return FaultPlan()
        with self._lock:
            config = self._config
            delay = config.latency_ms if config.matches(path) else 0
            scripted = self._pop_script(method, path)
            if scripted is not None:
                return FaultPlan(delay + scripted.latency_ms, None if scripted.kind == "delay" else scripted)
            if not config.matches(path):
                return FaultPlan()
            fault = self._roll(config)
            return FaultPlan(delay, fault) if fault is not None else FaultPlan(held_ms=delay)

    def _pop_script(self, method: str, path: str) -> Fault | None:
        for index, item in enumerate(self._script):
            if item.matches(method, path):
                item.count -= 1
                if item.count <= 0:
                    del self._script[index]
                return item.fault
        return None

    def _roll(self, config: FaultConfig) -> Fault | None:
        if not (config.drop_rate or config.error_rate or config.malformed_rate):
            return None
        draw = self._rng.random()
        if draw < config.drop_rate:
            return Fault("drop")
        draw -= config.drop_rate
        if draw < config.error_rate:
            return Fault("error", status=self._rng.choice(RANDOM_ERROR_STATUSES))
        draw -= config.error_rate
        if draw < config.malformed_rate:
            return Fault("malformed", variant=self._rng.choice(MALFORMED_VARIANTS))
        return None


class InjectedDropError(Exception):
    """Raised mid-response so uvicorn closes the connection (the "drop" fault)."""


class _DropLogFilter(logging.Filter):
    """Keeps uvicorn from logging a traceback for drops we cause on purpose."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], InjectedDropError))


_DROP_LOG_FILTER = _DropLogFilter()

_GATEWAY_PAGE = (
    b"<!DOCTYPE html>\n<html><head><title>Servi\xc3\xa7o em manuten\xc3\xa7\xc3\xa3o</title></head>\n"
    b"<body><h1>Servi\xc3\xa7o temporariamente em manuten\xc3\xa7\xc3\xa3o</h1>\n"
    b"<p>Tente novamente em alguns instantes.</p><hr><address>api-gateway</address></body></html>\n"
)


def _sent_after(send: Send, seconds: float) -> Send:
    """``send``, holding the answer's first message until ``seconds`` after now: a latency
    is the time a remote server takes to answer, its own work included. Sleeping before the
    work instead added this one process's work (one event loop for every request) to each
    answer, which a client's benchmark then counted as its own overhead."""
    due = asyncio.get_running_loop().time() + seconds

    async def send_when_due(message: Message) -> None:
        if message["type"] == "http.response.start":
            wait = due - asyncio.get_running_loop().time()
            if wait > 0:
                await asyncio.sleep(wait)
        await send(message)

    return send_when_due


class FaultMiddleware:
    """ASGI middleware applying the injector's plan to each HTTP request."""

    def __init__(self, app: ASGIApp, injector: FaultInjector, stats: Stats) -> None:
        self.app = app
        self.injector = injector
        self.stats = stats
        logger = logging.getLogger("uvicorn.error")
        if _DROP_LOG_FILTER not in logger.filters:
            logger.addFilter(_DROP_LOG_FILTER)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        plan = self.injector.plan(scope["method"], scope["path"])
        if plan.delay_ms or plan.held_ms:
            self.stats.record_fault("latency")
        if plan.delay_ms:
            await asyncio.sleep(plan.delay_ms / 1000)
        fault = plan.fault
        if fault is None:
            await self.app(scope, receive, _sent_after(send, plan.held_ms / 1000) if plan.held_ms else send)
            return
        self.stats.record_fault(fault.kind)
        if fault.kind == "error":
            await self._send_error(scope, send, fault)
        elif fault.kind == "drop":
            await self._drop(send)
        elif fault.kind == "hang":
            await _hang(receive)
        elif fault.variant == "truncated":
            await self._send_truncated(scope, receive, send, fault.cut_bytes)
        else:
            await _send(send, 200, b"text/html; charset=utf-8", _GATEWAY_PAGE)

    @staticmethod
    async def _send_error(scope: Scope, send: Send, fault: Fault) -> None:
        message = fault.message or message_for_status(fault.status)
        body = message_body([message], method=scope["method"], path=scope["path"], causa=INJECTED_CAUSE)
        retry_after = fault.retry_after_header()
        extra = [(b"retry-after", retry_after.encode())] if retry_after is not None else []
        payload = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        await _send(send, fault.status, b"application/json", payload, extra)

    @staticmethod
    async def _drop(send: Send) -> None:
        """Promise a body, send a piece of it, then let the connection be cut."""
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"content-type", b"application/json"), (b"content-length", b"4096")],
            }
        )
        await send({"type": "http.response.body", "body": b'{"msgs": [', "more_body": True})
        raise InjectedDropError("connection dropped by fault injection")

    async def _send_truncated(
        self, scope: Scope, receive: Receive, send: Send, cut_bytes: int | None
    ) -> None:
        """Answer with the real body cut short, as a cut-off proxy would: its first half,
        or all but its last ``cut_bytes``, with 200 and the real content type."""
        chunks: list[bytes] = []
        content_type = b"application/json"

        async def capture(message: Message) -> None:
            nonlocal content_type
            if message["type"] == "http.response.start":
                for name, value in message.get("headers", []):
                    if name.lower() == b"content-type":
                        content_type = value
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app(scope, receive, capture)
        body = b"".join(chunks)
        keep = len(body) // 2 if cut_bytes is None else max(0, len(body) - cut_bytes)
        await _send(send, 200, content_type, body[:keep])


async def _hang(receive: Receive) -> None:
    """Read the request and never answer; end when the client goes away.

    Ending on the client's disconnect (not on a timer) means no task outlives the test
    that scripted it; the server's graceful-shutdown limit covers a client that never
    leaves.
    """
    while (await receive())["type"] != "http.disconnect":
        pass


async def _send(
    send: Send,
    status: int,
    content_type: bytes,
    body: bytes,
    extra_headers: list[tuple[bytes, bytes]] | None = None,
) -> None:
    headers = [(b"content-type", content_type), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers + (extra_headers or [])})
    await send({"type": "http.response.body", "body": body, "more_body": False})
