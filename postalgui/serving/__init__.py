"""Serve an ASGI app on loopback: in a thread of this process or in a child process.

A leaf package (stdlib and uvicorn only): the sandbox, and later the partner
server, hand it an app factory; it knows nothing about what it serves. Names load
on first use, so a parent that only starts a child (`ChildServer`) never imports
uvicorn; `lazy_names` makes that loader, and the sandbox's package uses it too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from postalgui.serving.child import ChildServer, is_loopback_host
    from postalgui.serving.loopback import ASGIApp, LoopbackServer, TlsFiles

__all__ = ["ASGIApp", "ChildServer", "LoopbackServer", "TlsFiles", "is_loopback_host", "lazy_names"]


def lazy_names(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` (PEP 562) that imports ``<package>.<where[name]>`` on first read."""

    def load(name: str) -> Any:
        if name in where:
            return getattr(import_module(f"{package}.{where[name]}"), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return load


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
