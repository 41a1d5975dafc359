"""The embedded sandbox: a child process the app starts on first use and stops on quit.

Waiting for the child to serve happens outside every lock, and a child that has not
announced itself yet is stopped at once on quit rather than waited for: under load its
imports take seconds, and quitting then waited for the start (up to 15 s) before the
sandbox could even be told to stop, while the tasks that asked for it held the
context's lock.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from postalgui.services.session import SandboxStartError

if TYPE_CHECKING:
    from postalgui.serving.child import ChildServer

log = logging.getLogger(__name__)

__all__ = ["SANDBOX_APP", "START_TIMEOUT_S", "EmbeddedSandbox"]

SANDBOX_APP = "postalgui.sandbox.process:app_from_environment"
"""The embedded sandbox's app factory, which its child process imports (a name, not an
import: services do not import the sandbox)."""
START_TIMEOUT_S = 15.0


class EmbeddedSandbox:
    """Starts the sandbox child once, hands out its URL, stops it.

    `environment` gives the child's environment when it starts (it may ask the keyring:
    background tasks only, like the start itself).
    """

    def __init__(self, environment: Callable[[], dict[str, str]]) -> None:
        self._environment = environment
        self._lock = threading.Lock()
        self._server: ChildServer | None = None
        self._said: ChildServer | None = None  # the child whose URL the log has
        self._closed = False

    @property
    def started(self) -> bool:
        with self._lock:
            return self._server is not None

    def url(self) -> str:
        """The child's URL, started if needed; blocks until it serves (background only)."""
        with self._lock:
            if self._closed:
                raise SandboxStartError("The embedded sandbox is stopped: PostalGUI is closing")
            if self._server is None:
                self._server = self._start()
            server = self._server
        if not server.wait_ready(START_TIMEOUT_S):
            raise SandboxStartError(f"The embedded sandbox did not start in {START_TIMEOUT_S:.0f} s")
        with self._lock:
            first, self._said = self._said is not server, server
        if first:  # once per child, not at every backend asking for its URL
            log.info("Embedded sandbox at %s", server.url)
        return server.url

    def _start(self) -> ChildServer:
        # A child process, not a thread: its work must not compete with the window
        # for the GIL (serving/child.py says why).
        # lazy: the child's machinery loads with the first backend, off the first paint
        from postalgui.serving.child import ChildServer

        environ = self._environment()
        server = ChildServer(
            SANDBOX_APP, port=0, environ=environ, name="postalgui-sandbox", label="embedded sandbox"
        )
        server.start()
        return server

    def stop(self) -> None:
        """Stop the child (another environment was chosen); a later `url` starts a new one."""
        with self._lock:
            server, self._server = self._server, None
        if server is not None:
            server.stop()

    def stop_if_starting(self) -> None:
        """Quitting: a child not serving yet is of no use, stop it now and for good.

        A serving one waits for `close`, after the tasks that talk to it have ended.
        """
        with self._lock:
            server = self._server
            if server is None or server.wait_ready(0):
                return
            self._closed = True
            self._server = None
        server.stop()

    def close(self) -> None:
        """Stop the child for good (the app quits); waiters on a start get an error at once."""
        with self._lock:
            self._closed = True
        self.stop()
