"""Shared pieces of the fault probe's benchmarks (issue 24): the CLI as a child process.

Each probe runs ``postalgui`` as a user does, in its own process, with every folder
(config, data, logs, home) under one temporary root, the keyring's fail backend (never
the real keychain) and a fixed operator-code key, so a code the sandbox made decodes in
the command that reads it. Not collected by pytest (no ``test_`` prefix).
"""

from __future__ import annotations

import base64
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

STER_KEY = base64.urlsafe_b64encode(bytes(range(32))).decode("ascii")
"""The operator-code key the probe's sandbox and its commands share (a secret to scan for)."""


@dataclass(frozen=True)
class Outcome:
    """How one command ended: exit status (None: killed after the bound), output, seconds."""

    args: tuple[str, ...]
    status: int | None
    out: str
    err: str
    seconds: float

    @property
    def clear(self) -> bool:
        """Ended by itself with 0, or with 1/2 and something said; never 70, never a traceback."""
        if self.status is None or "Traceback" in self.err or "unexpected error" in self.err:
            return False
        return self.status == 0 or (self.status in (1, 2) and bool(self.err.strip()))

    def last_line(self) -> str:
        lines = (self.err or self.out).strip().splitlines()
        return lines[-1][:160] if lines else ""


def cli_environment(url: str, root: Path) -> dict[str, str]:
    """The environment of a ``postalgui`` child: sandbox at `url`, every folder under `root`."""
    home = root / "home"
    home.mkdir(parents=True, exist_ok=True)
    return {
        **{key: value for key, value in os.environ.items() if key != "LC_ALL"},
        "LC_MESSAGES": "en_US.UTF-8",  # the CLI speaks English: the probes read its words
        "POSTALGUI_ENV": "sandbox",
        "POSTALGUI_BASE_URL": url,
        "POSTALGUI_CONFIG_DIR": str(root / "config"),
        "POSTALGUI_SANDBOX_STER_KEY": STER_KEY,
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",  # never the real keychain
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "QT_QPA_PLATFORM": "offscreen",
    }


def run_cli(args: list[str] | tuple[str, ...], environ: dict[str, str], timeout: float = 150.0) -> Outcome:
    """One ``python -m postalgui ...`` child, stdin closed; killed (status None) past `timeout`."""
    started = time.perf_counter()
    try:
        done = subprocess.run(  # our own entry point
            [sys.executable, "-m", "postalgui", *args],
            env=environ,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode(errors="replace") if isinstance(exc.stdout, bytes) else exc.stdout or ""
        err = exc.stderr.decode(errors="replace") if isinstance(exc.stderr, bytes) else exc.stderr or ""
        return Outcome(
            tuple(args), None, out, err + "\n[killed after the bound]", time.perf_counter() - started
        )
    return Outcome(tuple(args), done.returncode, done.stdout, done.stderr, time.perf_counter() - started)
