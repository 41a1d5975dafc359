"""`BodyLimit`: every request's body bounded before the app sees any of it (pure ASGI).

The partner server runs on the internet in front of a bill payment: a caller with no
credentials must not make it hold a 300 MB body. The declared ``Content-Length`` is
refused at once when over the limit; otherwise the bytes are counted as ``receive()``
delivers them and the request is refused with 413 the moment they pass it, before
anything is parsed, authenticated or stored. A body within the limit is handed on whole.
The connection stays open after a 413: uvicorn discards the rest of the body (until its
keep-alive timeout), so a client still sending can read the answer instead of a reset.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["BodyLimit"]

log = logging.getLogger(__name__)


class BodyLimit:
    """Refuse with 413 (JSON from `refusal(path)`) a request whose body passes `max_bytes`."""

    def __init__(self, app: ASGIApp, max_bytes: int, refusal: Callable[[str], dict[str, Any]]) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.refusal = refusal

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._bounded(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _bounded(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse a declared length over the limit at once; else read the body, counting."""
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await self._refuse(scope, send, declared)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the caller left before sending it all
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._refuse(scope, send, size)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, _replay(b"".join(chunks), receive), send)

    async def _refuse(self, scope: Scope, send: Send, size: int) -> None:
        log.warning(
            "refused %s %s from %s: body of %d bytes or more, over the limit of %d",
            scope.get("method"), scope.get("path"), _client(scope), size, self.max_bytes,
        )  # fmt: skip
        body = json.dumps(self.refusal(str(scope.get("path", ""))), ensure_ascii=False).encode("utf-8")
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode("ascii")),
        ]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _content_length(scope: Scope) -> int | None:
    """The declared length, when one is given and is a number (the server refuses a malformed one)."""
    for name, value in scope.get("headers", ()):
        if name.lower() == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isascii() and text.isdigit() else None
    return None


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


def _replay(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives `body` whole once, then what the server says next (a disconnect)."""
    given = False

    async def replayed() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed
