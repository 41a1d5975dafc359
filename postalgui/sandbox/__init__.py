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

from typing import TYPE_CHECKING

from postalgui.serving import lazy_names

if TYPE_CHECKING:
    from postalgui.sandbox.app import create_app
    from postalgui.sandbox.config import SandboxConfig
    from postalgui.sandbox.demo import DEMO
    from postalgui.sandbox.faults import FaultConfig
    from postalgui.sandbox.server import SandboxServer

__all__ = ["DEMO", "FaultConfig", "SandboxConfig", "SandboxServer", "create_app"]

__getattr__ = lazy_names(
    __name__,
    {
        "create_app": "app",
        "SandboxConfig": "config",
        "DEMO": "demo",
        "FaultConfig": "faults",
        "SandboxServer": "server",
    },
)
