"""The real app, twice: the second launch hands over and exits; SIGTERM closes the first
cleanly, its embedded sandbox child with it, its window state written."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM and /proc are POSIX")

SANDBOX_MODULE = "postalgui.sandbox.process"


def _children(pid: int) -> set[int]:
    """The direct children of ``pid`` (Linux's /proc; ``ps`` elsewhere)."""
    found: set[int] = set()
    tasks = Path(f"/proc/{pid}/task")
    if tasks.is_dir():
        for children in tasks.glob("*/children"):
            try:
                found.update(int(part) for part in children.read_text().split())
            except OSError:  # the thread ended meanwhile
                continue
        return found
    done = subprocess.run(
        [shutil.which("ps") or "/bin/ps", "-A", "-o", "pid=,ppid="],
        capture_output=True,
        text=True,
        check=True,
    )
    for line in done.stdout.splitlines():
        child, parent = (int(part) for part in line.split())
        if parent == pid:
            found.add(child)
    return found


def _alive(pid: int) -> bool:
    """Running (a zombie nobody reaped yet counts as gone)."""
    stat = Path(f"/proc/{pid}/stat")
    if stat.is_file():
        try:
            return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except (OSError, IndexError):
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _command_line(pid: int) -> str:
    """How ``pid`` was started (/proc on Linux, ``ps`` elsewhere); empty once it is gone."""
    cmdline = Path(f"/proc/{pid}/cmdline")
    if Path("/proc/self").is_dir():
        try:
            return cmdline.read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            return ""
    done = subprocess.run(
        [shutil.which("ps") or "/bin/ps", "-p", str(pid), "-o", "command="],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip()


def _wait_for(condition: object, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return True
        time.sleep(0.1)  # a subprocess, not Qt: nothing to wait on but the clock
    return False


@pytest.fixture
def app_environ(tmp_path: Path) -> dict[str, str]:
    folder = tmp_path / "config"
    folder.mkdir()
    (folder / "settings.json").write_text('{"first_run_done": true}', encoding="utf-8")
    environ = {name: value for name, value in os.environ.items() if not name.startswith("POSTALGUI_")}
    environ |= {
        "QT_QPA_PLATFORM": "offscreen",
        "POSTALGUI_CONFIG_DIR": str(folder),
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
    }
    return environ


@pytest.fixture
def first_app(app_environ: dict[str, str]) -> Iterator[subprocess.Popen[bytes]]:
    process = subprocess.Popen(  # our own interpreter and package
        [sys.executable, "-m", "postalgui"],
        env=app_environ,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    yield process
    if process.poll() is None:
        process.kill()
        process.wait(10)
    if process.stderr is not None:
        process.stderr.close()


def test_second_launch_hands_over_and_sigterm_closes_cleanly(
    first_app: subprocess.Popen[bytes], app_environ: dict[str, str]
) -> None:
    config = Path(app_environ["POSTALGUI_CONFIG_DIR"])
    sandbox: list[int] = []

    def sandbox_started() -> bool:
        sandbox[:] = [pid for pid in _children(first_app.pid) if SANDBOX_MODULE in _command_line(pid)]
        return bool(sandbox) or first_app.poll() is not None

    assert _wait_for(sandbox_started, 20.0), "the embedded sandbox did not start"
    assert first_app.poll() is None, "the first instance ended early"
    assert sandbox

    started = time.monotonic()
    second = subprocess.run(  # our own interpreter and package
        [sys.executable, "-m", "postalgui"], env=app_environ, capture_output=True, timeout=15, check=False
    )
    assert second.returncode == 0, second.stderr.decode()
    assert time.monotonic() - started < 8.0
    assert first_app.poll() is None, "the first instance must keep running"
    assert not (config / "window.ini").exists()  # written when the window closes, not before

    first_app.send_signal(signal.SIGTERM)
    assert first_app.wait(10) == 0
    assert _wait_for(lambda: not any(_alive(pid) for pid in sandbox), 5.0), (
        "the sandbox child outlived the app"
    )
    assert (config / "window.ini").is_file()
    assert "PostalGUI closed" in (config / "logs" / "postalgui.log").read_text(encoding="utf-8")
