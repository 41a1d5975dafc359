"""`ChildServer`: an ASGI app served from a child process that dies with its parent.

In a thread of a GUI app, a server's request handling (HTTP parsing, JSON, the
app's own work) competes with the window for Python's GIL: a 1,000-quote batch
against the sandbox stalled the window for about 100 ms at a time on a two-core
machine. In its own process it costs a core, not the window's turn to run.

The child imports the app factory named by a ``module:function`` string, serves
the app on loopback, prints its URL on the first line of its stdout, and lives
until its stdin closes: when the parent exits, even by a crash, the pipe closes
and the child follows.

Run as ``python -m postalgui.serving module:function [--host H] [--port P]``.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import ipaddress
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:  # the parent side needs no uvicorn; the child imports it to serve
    from postalgui.serving.loopback import ASGIApp

READY_PREFIX = "POSTALGUI-SERVING "
"""What the child's first stdout line starts with; the URL follows."""

LOOPBACK_NAMES = frozenset({"localhost", "localhost.", "ip6-localhost"})


def is_loopback_host(host: str) -> bool:
    """True for ``localhost`` and loopback addresses (127.0.0.0/8, ::1).

    Anything else counts as reachable from other machines: the empty host and
    ``0.0.0.0``/``::`` (every interface), other addresses, and other host names
    (which may resolve anywhere).
    """
    text = host.strip().lower()
    if text in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(text.strip("[]")).is_loopback
    except ValueError:
        return False


CHILD_FLAG = "--serve-child"
"""What the frozen executable takes, first, to be a server child instead of the app
(``postalgui --serve-child module:function ...``; handled before Qt loads)."""


def child_command() -> list[str]:
    """How this program starts a server child: the frozen executable itself, or this
    interpreter with ``-m postalgui.serving`` from a source or wheel install."""
    if getattr(sys, "frozen", False):
        return [sys.executable, CHILD_FLAG]
    return [sys.executable, "-m", "postalgui.serving"]


def load_factory(spec: str) -> Callable[[], ASGIApp]:
    """The callable a ``module:function`` string names (ValueError if it names nothing)."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"expected module:function, got {spec!r}")
    factory = getattr(importlib.import_module(module_name), attribute, None)
    if not callable(factory):
        raise ValueError(f"{spec!r} is not a callable")
    return cast("Callable[[], ASGIApp]", factory)


class ChildServer:
    """Start, wait for, and stop a child process serving `factory`'s app (`LoopbackServer`'s interface).

    `factory` is a ``module:function`` string the child imports; `environ` is the
    child's environment (this process's by default); `name` names the thread that
    reads the child's announcement, `label` what the errors call the server.
    """

    def __init__(
        self,
        factory: str,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        environ: Mapping[str, str] | None = None,
        name: str = "postalgui-server",
        label: str = "server",
        lifespan: bool = False,
    ) -> None:
        self._factory = factory
        self._lifespan = lifespan
        self._label = label
        self._host = host
        self._port = port
        self._environ = dict(os.environ if environ is None else environ)
        self._name = name
        self._process: subprocess.Popen[str] | None = None
        self._url: str | None = None
        self._announced = threading.Event()
        self._reader: threading.Thread | None = None

    @property
    def url(self) -> str:
        if self._url is None:
            raise RuntimeError(f"the {self._label} is not ready")
        return self._url

    @property
    def pid(self) -> int | None:
        """The child's process id once started."""
        return None if self._process is None else self._process.pid

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        """Launch the child; returns at once (see `wait_ready`)."""
        if self._process is not None:
            raise RuntimeError(f"a {type(self).__name__} can be started only once")
        command = [*child_command(), self._factory, "--host", self._host, "--port", str(self._port)]
        if self._lifespan:
            command.append("--lifespan")
        self._process = subprocess.Popen(  # noqa: S603  # our own interpreter and module
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=self._environ,
        )
        self._reader = threading.Thread(
            target=self._read_announcement, name=f"{self._name}-start", daemon=True
        )
        self._reader.start()

    def _read_announcement(self) -> None:
        """Read the child's first line (its URL); the thread ends with it."""
        process = self._process
        if process is None or process.stdout is None:
            return
        line = process.stdout.readline()
        if line.startswith(READY_PREFIX):
            self._url = line[len(READY_PREFIX) :].strip()
        self._announced.set()

    def wait_ready(self, timeout: float = 15.0) -> bool:
        """Wait until the child serves; False on timeout or when it failed to start."""
        if self._process is None:
            return False
        self._announced.wait(timeout)
        if self._reader is not None and self._announced.is_set():
            self._reader.join(1.0)
        return self._url is not None and self.running

    def stop(self, timeout: float = 5.0) -> None:
        """Close the child's stdin (it shuts down cleanly), then insist if it lingers.

        A child that has not announced itself yet is still importing: it has nothing to
        shut down and would read its stdin only once serving, so it is terminated at once.
        """
        process = self._process
        if process is None:
            return
        if not self._announced.is_set():
            with contextlib.suppress(OSError):  # it is gone already
                process.terminate()
        if process.stdin is not None and not process.stdin.closed:
            with contextlib.suppress(OSError):  # it is gone already
                process.stdin.close()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.terminate()
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout)
        if process.stdout is not None:
            process.stdout.close()
        if self._reader is not None:
            self._reader.join(timeout)


def serve_until_stdin_closes(
    factory: Callable[[], ASGIApp], host: str, port: int, *, lifespan: bool = False
) -> int:
    """The child's side: serve, announce the URL on stdout, stop when stdin closes."""
    # lazy: the parent side (this module) must not load uvicorn; only the child serves
    from postalgui.serving.loopback import LoopbackServer

    server = LoopbackServer(factory, host, port, lifespan=lifespan)
    server.start()
    if not server.wait_ready(15.0):
        server.stop()
        return 1
    try:
        sys.stdout.write(f"{READY_PREFIX}{server.url}\n")
        sys.stdout.flush()
    except BrokenPipeError:  # the parent is gone already: nobody to serve
        server.stop()
        return 0
    with contextlib.suppress(KeyboardInterrupt):
        sys.stdin.read()  # until the parent closes the pipe or exits
    server.stop()
    return 0


def main(argv: list[str] | None = None) -> int:
    """The child's entry point (``python -m postalgui.serving``)."""
    parser = argparse.ArgumentParser(prog="python -m postalgui.serving")
    parser.add_argument("factory", help="the app factory, as module:function")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--lifespan", action="store_true", help="run the app's startup and shutdown events")
    args = parser.parse_args(argv)
    if not is_loopback_host(args.host):
        sys.stderr.write(f"python -m postalgui.serving: refusing to serve on {args.host!r}: loopback only\n")
        return 2
    return serve_until_stdin_closes(load_factory(args.factory), args.host, args.port, lifespan=args.lifespan)
