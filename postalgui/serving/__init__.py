"""Serve an ASGI app on loopback: in a thread of this process or in a child process.

A leaf package (stdlib and uvicorn only): the sandbox, and later the partner
server, hand it an app factory; it knows nothing about what it serves. Names load
on first use, so a parent that only starts a child (`ChildServer`) never imports
uvicorn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from postalgui.serving.lazy import lazy_names

if TYPE_CHECKING:
    from postalgui.serving.child import ChildServer, is_loopback_host
    from postalgui.serving.loopback import ASGIApp, LoopbackServer, TlsFiles

__all__ = ["ASGIApp", "ChildServer", "LoopbackServer", "TlsFiles", "is_loopback_host"]

__getattr__ = lazy_names(
    __name__,
    {
        "ASGIApp": "loopback",
        "ChildServer": "child",
        "LoopbackServer": "loopback",
        "TlsFiles": "loopback",
        "is_loopback_host": "child",
    },
)
