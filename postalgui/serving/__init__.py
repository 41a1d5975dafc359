"""Serve an ASGI app on loopback: in a thread of this process or in a child process.

A leaf package (stdlib and uvicorn only): the sandbox, and later the partner
server, hand it an app factory; it knows nothing about what it serves.
"""

from __future__ import annotations

from postalgui.serving.child import ChildServer
from postalgui.serving.loopback import ASGIApp, LoopbackServer

__all__ = ["ASGIApp", "ChildServer", "LoopbackServer"]
