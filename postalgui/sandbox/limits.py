"""`BodyLimitMiddleware`: request bodies over `MAX_BODY_BYTES` are refused with 413.

The operator's gateway refuses oversized requests before they reach a service; the
sandbox does the same so a runaway client (or anyone who can reach a sandbox served
with ``--allow-remote``) cannot make it buffer an unbounded body. A declared
``Content-Length`` over the limit is answered at once, without reading the body; a
body without one (chunked) is counted as the app reads it, and the 413 goes out as
soon as the count passes the limit. The app then sees the client as gone, and
whatever it tries to answer after that is dropped. uvicorn discards the rest of a
refused body, so the client can finish sending and read the 413.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from postalgui.sandbox.errors import GTW_PAYLOAD_TOO_LARGE, message_body

MAX_BODY_BYTES = 1024 * 1024
"""1 MiB: far above anything the operator's APIs take (a price batch is 5 items)."""


def _declared_length(scope: Scope) -> int | None:
    """The request's Content-Length, or None when absent or unreadable (h11 refuses those)."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isascii() and text.isdigit() and len(text) < 20 else None
    return None


class _Guarded:
    """One request's receive and send, counting the body and refusing it once too large."""

    def __init__(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        self.scope = scope
        self._receive = receive
        self._send = send
        self.limit = limit
        self.received = 0
        self.response_started = False
        self.refused = False

    async def refuse(self) -> None:
        """Answer 413 with the operator's error body (unless an answer already began)."""
        self.refused = True
        if self.response_started:
            return
        self.response_started = True
        causa = f"O corpo da requisição excede {self.limit} bytes"
        body = message_body(
            [GTW_PAYLOAD_TOO_LARGE], method=self.scope["method"], path=self.scope["path"], causa=causa
        )
        content = json.dumps(body, ensure_ascii=False).encode("utf-8")
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(content)).encode())]
        await self._send({"type": "http.response.start", "status": 413, "headers": headers})
        await self._send({"type": "http.response.body", "body": content})

    async def receive(self) -> Message:
        if self.refused:
            return {"type": "http.disconnect"}
        message = await self._receive()
        if message["type"] == "http.request":
            self.received += len(message.get("body", b""))
            if self.received > self.limit:
                await self.refuse()
                return {"type": "http.disconnect"}
        return message

    async def send(self, message: Message) -> None:
        if self.refused:
            return  # the 413 went out; the app's own answer comes too late
        if message["type"] == "http.response.start":
            self.response_started = True
        await self._send(message)


class BodyLimitMiddleware:
    """ASGI middleware refusing request bodies over `max_bytes` with 413."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        guarded = _Guarded(scope, receive, send, self.max_bytes)
        declared = _declared_length(scope)
        if declared is not None and declared > self.max_bytes:
            await guarded.refuse()
            return
        try:
            await self.app(scope, guarded.receive, guarded.send)
        except Exception:
            # Once refused, the app fails on the body it was denied: the 413 is the answer.
            if not guarded.refused:
                raise
