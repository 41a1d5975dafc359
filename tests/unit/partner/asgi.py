"""Call the partner app as an ASGI server would, without a socket: the request's body in
chunks (or an endless stream), the caller's address chosen, the answer collected."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from starlette.types import ASGIApp, Message


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    chunks_read: int = 0
    """How many chunks of the request's body the app asked for."""
    extra: dict[str, Any] = field(default_factory=dict)

    def json(self) -> Any:
        return json.loads(self.body)


def call(
    app: ASGIApp,
    path: str,
    body: bytes | Iterable[bytes] = b"",
    *,
    headers: dict[str, str] | None = None,
    client: str = "192.0.2.1",
    method: str = "POST",
) -> Answer:
    """One request to `app`; `body` as bytes (sent with its Content-Length) or chunks (without)."""
    return asyncio.run(_call(app, method, path, body, headers or {}, client))


async def _call(
    app: ASGIApp, method: str, path: str, body: bytes | Iterable[bytes], headers: dict[str, str], client: str
) -> Answer:
    raw_headers = [
        (name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers.items()
    ]
    if isinstance(body, bytes):
        raw_headers.append((b"content-length", str(len(body)).encode()))
        chunks: Iterator[bytes] = iter([body])
    else:
        chunks = iter(body)
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": raw_headers,
        "client": (client, 50000),
        "server": ("testserver", 80),
    }
    answer = Answer(0, {}, b"")
    pending = next(chunks, None)

    async def receive() -> Message:
        nonlocal pending
        if pending is None:
            await asyncio.sleep(3600)  # a client that waits for the answer
        answer.chunks_read += 1
        chunk, pending = pending, next(chunks, None)
        return {"type": "http.request", "body": chunk, "more_body": pending is not None}

    async def send(message: Message) -> None:
        if message["type"] == "http.response.start":
            answer.status = message["status"]
            answer.headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in message["headers"]}
        elif message["type"] == "http.response.body":
            answer.body += message.get("body", b"")

    await app(scope, receive, send)
    return answer
