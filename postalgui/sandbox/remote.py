"""Serving the sandbox beyond loopback (``postalgui sandbox --allow-remote``).

On loopback the control routes under ``/_sandbox`` are open and tokens are signed
with a public key (`tokens.DEFAULT_SECRET`), which is what lets the app's cached
tokens survive a restart. Reachable from other machines, both would hand anyone on
the network the sandbox: so a remote sandbox signs tokens with a key made for the
run, and `ControlKeyMiddleware` answers every ``/_sandbox`` request without the
control key in ``X-Sandbox-Key`` with 401 (missing) or 403 (wrong).
"""

from __future__ import annotations

import dataclasses
import hmac
import json
import secrets
from collections.abc import Mapping

from starlette.types import ASGIApp, Receive, Scope, Send

from postalgui.sandbox.config import SandboxConfig
from postalgui.sandbox.errors import GTW_CONTROL_KEY_INVALID, GTW_CONTROL_KEY_MISSING, message_body
from postalgui.sandbox.faults import CONTROL_PREFIX

CONTROL_KEY_HEADER = "X-Sandbox-Key"
CONTROL_KEY_ENV = "POSTALGUI_SANDBOX_CONTROL_KEY"
MIN_CONTROL_KEY_CHARS = 16


def new_key() -> str:
    """A random key (256 bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


def remote_config(config: SandboxConfig, environ: Mapping[str, str]) -> SandboxConfig:
    """`config` made safe to serve other machines: a control key (``$POSTALGUI_SANDBOX_CONTROL_KEY``
    or a new one) and a token signing key made for this run.

    Raises ValueError when the variable holds a key shorter than 16 characters.
    """
    key = environ.get(CONTROL_KEY_ENV, "").strip()
    if key and len(key) < MIN_CONTROL_KEY_CHARS:
        raise ValueError(f"{CONTROL_KEY_ENV}: use at least {MIN_CONTROL_KEY_CHARS} characters")
    return dataclasses.replace(config, control_key=key or new_key(), secret=new_key())


def _is_control_path(path: str) -> bool:
    return path == CONTROL_PREFIX or path.startswith(f"{CONTROL_PREFIX}/")


class ControlKeyMiddleware:
    """ASGI middleware: ``/_sandbox`` requests need ``X-Sandbox-Key: <key>``."""

    def __init__(self, app: ASGIApp, key: str) -> None:
        self.app = app
        self._key = key.encode("utf-8")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _is_control_path(scope["path"]):
            await self.app(scope, receive, send)
            return
        header = CONTROL_KEY_HEADER.lower().encode("latin-1")
        given = next((value for name, value in scope.get("headers", ()) if name == header), None)
        if given is not None and hmac.compare_digest(given, self._key):
            await self.app(scope, receive, send)
            return
        status, message = (401, GTW_CONTROL_KEY_MISSING) if given is None else (403, GTW_CONTROL_KEY_INVALID)
        body = message_body([message], method=scope["method"], path=scope["path"])
        content = json.dumps(body, ensure_ascii=False).encode("utf-8")
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(content)).encode())]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": content})
