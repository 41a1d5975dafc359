"""The embedded sandbox as the app runs it: a child process that dies with the app."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time

import requests

from postalgui.sandbox.process import SandboxProcess


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_child_serves_and_stops_cleanly() -> None:
    sandbox = SandboxProcess()
    sandbox.start()
    try:
        assert sandbox.wait_ready(20)
        assert requests.get(f"{sandbox.url}/_sandbox/health", timeout=5).json() == {"status": "ok"}
    finally:
        sandbox.stop()
    assert not sandbox.running
    try:
        requests.get(f"{sandbox.url}/_sandbox/health", timeout=2)
    except requests.ConnectionError:
        pass
    else:
        raise AssertionError("the sandbox still answers after stop()")


def test_child_follows_a_parent_that_dies_without_stopping_it() -> None:
    code = (
        "import os\n"
        "from postalgui.sandbox.process import SandboxProcess\n"
        "sandbox = SandboxProcess()\n"
        "sandbox.start()\n"
        "assert sandbox.wait_ready(20)\n"
        "print(sandbox._process.pid, flush=True)\n"
        "os._exit(0)  # a crash: no stop(), no cleanup\n"
    )
    parent = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    child = int(parent.stdout.split()[0])
    deadline = time.monotonic() + 15
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.1)
        with contextlib.suppress(ChildProcessError):  # not our child: nothing to reap
            os.waitpid(child, os.WNOHANG)
    assert not _alive(child), "the sandbox outlived the app"


def test_start_failure_is_reported_not_hung() -> None:
    sandbox = SandboxProcess(host="203.0.113.1")  # TEST-NET-3: cannot be bound here
    sandbox.start()
    try:
        assert sandbox.wait_ready(20) is False
    finally:
        sandbox.stop()
