"""`SandboxServer`: a sandbox app served on loopback (`postalgui.serving.LoopbackServer`).

The e2e tests start one per session in their own process, and ``postalgui sandbox``
serves one in the foreground; the app itself runs its sandbox in a child process
(`postalgui.sandbox.process`).
"""

from __future__ import annotations

from fastapi import FastAPI

from postalgui.sandbox.app import create_app
from postalgui.sandbox.config import SandboxConfig
from postalgui.sandbox.state import SandboxState, app_state
from postalgui.sandbox.tokens import DEFAULT_SECRET
from postalgui.serving import LoopbackServer
from postalgui.serving.child import is_loopback_host


class SandboxServer(LoopbackServer[FastAPI]):
    """One sandbox on `host:port`, in a background thread or in the caller's.

    Without a `config`, settings come from `SandboxConfig.from_env()` (so
    ``POSTALGUI_SANDBOX_FAULTS`` reaches the app's embedded sandbox too); a bad
    variable raises ValueError here, naming it. A host other than loopback raises
    ValueError unless `config` has a control key and its own signing secret.
    """

    def __init__(self, host: str = "127.0.0.1", port: int = 0, config: SandboxConfig | None = None) -> None:
        chosen = config or SandboxConfig.from_env()
        if not is_loopback_host(host) and (chosen.control_key is None or chosen.secret == DEFAULT_SECRET):
            raise ValueError(
                f"refusing to serve the sandbox on {host!r} with open control routes and the public"
                " token key: configure it with remote.remote_config() (postalgui sandbox --allow-remote)"
            )
        super().__init__(lambda: create_app(chosen), host, port, name="postalgui-sandbox", label="sandbox")

    @property
    def state(self) -> SandboxState:
        """The app's live state (counters, faults), for in-process callers."""
        return app_state(self.app)
