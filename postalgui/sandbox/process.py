"""`SandboxProcess`: the embedded sandbox in a child process, as the app runs it.

In a thread of the app, the sandbox's request handling (HTTP parsing, pricing,
JSON) competes with the window for Python's GIL: a 1,000-quote batch then stalled
the window for about 100 ms at a time on a two-core machine. In its own process it
costs a core, not the window's turn to run.

The child serves on an ephemeral loopback port, prints its URL on the first line of
its stdout, and lives until its stdin closes: when the app exits, even by a crash,
the pipe closes and the sandbox follows.

Run as ``python -m postalgui.sandbox.process [--host H] [--port P]``; faults come
from ``POSTALGUI_SANDBOX_FAULTS`` as for ``postalgui sandbox``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import threading
from collections.abc import Mapping

READY_PREFIX = "POSTALGUI-SANDBOX "


class SandboxProcess:
    """Start, wait for, and stop a sandbox child process (the `SandboxServer` interface)."""

    def __init__(
        self, host: str = "127.0.0.1", port: int = 0, *, environ: Mapping[str, str] | None = None
    ) -> None:
        self._host = host
        self._port = port
        self._environ = dict(os.environ if environ is None else environ)
        self._process: subprocess.Popen[str] | None = None
        self._url: str | None = None
        self._announced = threading.Event()
        self._reader: threading.Thread | None = None

    @property
    def url(self) -> str:
        if self._url is None:
            raise RuntimeError("the sandbox is not ready")
        return self._url

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        """Launch the child; returns at once (see `wait_ready`)."""
        if self._process is not None:
            raise RuntimeError("a SandboxProcess can be started only once")
        command = [sys.executable, "-m", "postalgui.sandbox.process", "--host", self._host]
        command += ["--port", str(self._port)]
        self._process = subprocess.Popen(  # noqa: S603  # our own interpreter and module
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=self._environ,
        )
        self._reader = threading.Thread(
            target=self._read_announcement, name="postalgui-sandbox-start", daemon=True
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
        """Close the child's stdin (it shuts down cleanly), then insist if it lingers."""
        process = self._process
        if process is None:
            return
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


def _serve(host: str, port: int) -> int:
    from postalgui.sandbox.config import SandboxConfig
    from postalgui.sandbox.server import SandboxServer

    server = SandboxServer(host, port, SandboxConfig.from_env(os.environ))
    server.start()
    if not server.wait_ready(15.0):
        server.stop()
        return 1
    try:
        sys.stdout.write(f"{READY_PREFIX}{server.url}\n")
        sys.stdout.flush()
    except BrokenPipeError:  # the app is gone already: nobody to serve
        server.stop()
        return 0
    with contextlib.suppress(KeyboardInterrupt):
        sys.stdin.read()  # until the parent closes the pipe or exits
    server.stop()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m postalgui.sandbox.process")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args(argv)
    return _serve(args.host, args.port)


if __name__ == "__main__":
    sys.exit(main())
