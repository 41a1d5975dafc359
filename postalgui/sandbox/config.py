"""SandboxConfig: what a sandbox starts with (secret, token lifetime, faults, data, state folder)."""

from __future__ import annotations

import base64
import binascii
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from postalgui.sandbox.demo import DEMO, DemoData
from postalgui.sandbox.faults import FaultConfig
from postalgui.sandbox.tokens import DEFAULT_SECRET

FAULTS_ENV = "POSTALGUI_SANDBOX_FAULTS"
TOKEN_LIFETIME_ENV = "POSTALGUI_SANDBOX_TOKEN_LIFETIME"
PROCESSING_DELAY_ENV = "POSTALGUI_SANDBOX_PROCESSING_DELAY"
STER_KEY_ENV = "POSTALGUI_SANDBOX_STER_KEY"
"""The operator codes' AES-256 key, 32 bytes in URL-safe base64: the app hands the embedded
sandbox the one it keeps in the keyring, so its window and its CLI decode each other's codes."""
STER_KEY_BYTES = 32
STATE_DIR_ENV = "POSTALGUI_SANDBOX_STATE_DIR"
"""A folder where the sandbox keeps what a user made in it between runs (its filed claims):
the app gives its embedded sandbox one in its data folder; unset, everything stays in memory."""
DEFAULT_TOKEN_LIFETIME_S = 24 * 3600
"""The operator's tokens live 24 h."""
DEFAULT_PROCESSING_DELAY_S = 3.0
"""How long an asynchronous invoice processing takes before its file is ready."""
DEFAULT_FILE_LIFETIME_S = 7 * 86400
"""A processed file can be downloaded for 7 days (spec 8)."""


@dataclass(frozen=True)
class SandboxConfig:
    """Initial settings of one sandbox; the live values can change through `/_sandbox`.

    `clock` is injectable so tests can expire tokens without sleeping (over HTTP,
    ``POST /_sandbox/clock/advance`` moves the live clock the same way).

    `control_key`, when set, is required in ``X-Sandbox-Key`` by every ``/_sandbox``
    route: a sandbox served beyond loopback has one (`remote.remote_config`), and a
    signing `secret` of its own instead of the public default.

    `ster_code_key` seals the operator codes (`ster.codes`); None draws a random key, so
    only this sandbox decodes its codes. A reset keeps a given key.

    `state_dir`, when set, is where the sandbox keeps its filed claims between runs
    (`claims.journal`); None keeps them in memory only (the tests' sandboxes, `postalgui
    sandbox`). A reset empties what it keeps there.
    """

    secret: str = DEFAULT_SECRET
    token_lifetime_s: int = DEFAULT_TOKEN_LIFETIME_S
    processing_delay_s: float = DEFAULT_PROCESSING_DELAY_S
    file_lifetime_s: int = DEFAULT_FILE_LIFETIME_S
    faults: FaultConfig = field(default_factory=FaultConfig)
    ambiente: str = "LOCAL"
    demo: DemoData = DEMO
    clock: Callable[[], float] = time.time
    control_key: str | None = None
    ster_code_key: bytes | None = None
    state_dir: Path | None = None

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: object) -> SandboxConfig:
        """Defaults, then ``POSTALGUI_SANDBOX_FAULTS`` / ``..._TOKEN_LIFETIME`` /
        ``..._PROCESSING_DELAY`` (seconds, decimals allowed) / ``..._STER_KEY`` /
        ``..._STATE_DIR``, then `overrides`.

        Raises ValueError naming the variable when one is set to something unreadable.
        """
        env = os.environ if environ is None else environ
        values: dict[str, object] = {}
        faults = env.get(FAULTS_ENV, "").strip()
        if faults and "faults" not in overrides:
            try:
                values["faults"] = FaultConfig.parse(faults)
            except ValueError as exc:
                raise ValueError(f"{FAULTS_ENV}: {exc}") from exc
        lifetime = env.get(TOKEN_LIFETIME_ENV, "").strip()
        if lifetime and "token_lifetime_s" not in overrides:
            try:
                values["token_lifetime_s"] = int(lifetime)
            except ValueError as exc:
                raise ValueError(f"{TOKEN_LIFETIME_ENV}: expected whole seconds, got {lifetime!r}") from exc
        delay = env.get(PROCESSING_DELAY_ENV, "").strip()
        if delay and "processing_delay_s" not in overrides:
            try:
                seconds = float(delay)
            except ValueError:
                seconds = -1.0
            if not 0 <= seconds < float("inf"):
                raise ValueError(f"{PROCESSING_DELAY_ENV}: expected zero or more seconds, got {delay!r}")
            values["processing_delay_s"] = seconds
        key = env.get(STER_KEY_ENV, "").strip()
        if key and "ster_code_key" not in overrides:
            values["ster_code_key"] = ster_key(key)
        state_dir = env.get(STATE_DIR_ENV, "").strip()
        if state_dir and "state_dir" not in overrides:
            values["state_dir"] = Path(state_dir).expanduser()
        values.update(overrides)
        return cls(**values)  # type: ignore[arg-type]


def ster_key(text: str) -> bytes:
    """``POSTALGUI_SANDBOX_STER_KEY``'s 32 bytes (ValueError naming the variable otherwise)."""
    try:
        key = base64.urlsafe_b64decode(text.encode("ascii"))
    except (binascii.Error, UnicodeEncodeError, ValueError):
        key = b""
    if len(key) != STER_KEY_BYTES:
        raise ValueError(f"{STER_KEY_ENV}: expected {STER_KEY_BYTES} bytes in URL-safe base64")
    return key
