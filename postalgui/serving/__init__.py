"""Serve an ASGI app on loopback: in a thread of this process or in a child process.

A leaf package (stdlib and uvicorn only): the sandbox, and later the partner
server, hand it an app factory; it knows nothing about what it serves. Names load
on first use, so a parent that only starts a child (`ChildServer`) never imports
uvicorn.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from postalgui.serving.child import ChildServer, is_loopback_host
    from postalgui.serving.loopback import ASGIApp, LoopbackServer, TlsFiles

_WHERE = {
    "ASGIApp": "loopback",
    "ChildServer": "child",
    "LoopbackServer": "loopback",
    "TlsFiles": "loopback",
    "is_loopback_host": "child",
}

__all__ = ["ASGIApp", "ChildServer", "LoopbackServer", "TlsFiles", "is_loopback_host"]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(f"postalgui.serving.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'postalgui.serving' has no attribute {name!r}")
