"""An emulation of the postal operator's APIs over real loopback HTTP.

The app starts on it by default (no account needed) and the end-to-end tests use it
as their backend. It speaks the wire format as the spec writes it and never imports
the client (`postalgui.api`), the services or Qt, so the client is tested against
the wire rather than against itself.

Names are loaded on first use: the app reads `DEMO` while its window opens, and
FastAPI and uvicorn (a few hundred milliseconds to import) are needed only once the
sandbox starts, in the background.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from postalgui.sandbox.app import create_app
    from postalgui.sandbox.config import SandboxConfig
    from postalgui.sandbox.demo import DEMO
    from postalgui.sandbox.faults import FaultConfig
    from postalgui.sandbox.server import SandboxServer

_WHERE = {
    "create_app": "app",
    "SandboxConfig": "config",
    "DEMO": "demo",
    "FaultConfig": "faults",
    "SandboxServer": "server",
}

__all__ = ["DEMO", "FaultConfig", "SandboxConfig", "SandboxServer", "create_app"]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(f"postalgui.sandbox.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'postalgui.sandbox' has no attribute {name!r}")
