"""The embedded sandbox's operator-code key, kept with the secrets so codes cross processes.

The window and each ``postalgui`` command run their own embedded sandbox (a child
process each). A code the window's simulated counter made must still decode in
``postalgui attendance decode`` run beside it, as a real code decodes anywhere in its
environment, so every embedded sandbox of one credential set seals codes with the same
AES key: drawn once, kept in the keyring (in this session's memory when there is none;
never in the settings file) and handed to the child in its environment.

The same environment gives the child its state folder, where it keeps the claims filed
on it between sessions: ``<data folder>/sandbox-state/<environment key>``, shared by
the window's and the commands' sandboxes like the code key.
"""

from __future__ import annotations

import base64
import binascii
import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from postalgui.api.credentials import CredentialStore

__all__ = [
    "SANDBOX_KEY_ENV",
    "SANDBOX_KEY_NAME",
    "SANDBOX_STATE_ENV",
    "sandbox_environment",
    "sandbox_state_dir",
]

SANDBOX_KEY_NAME = "sandbox_ster_key"
"""The keyring entry, beside the login of the same environment."""
SANDBOX_KEY_ENV = "POSTALGUI_SANDBOX_STER_KEY"
"""What the sandbox reads (its `config.STER_KEY_ENV`: services may import only its demo account)."""
SANDBOX_STATE_ENV = "POSTALGUI_SANDBOX_STATE_DIR"
"""What the sandbox reads for its state folder (its `config.STATE_DIR_ENV`)."""
STATE_FOLDER = "sandbox-state"
KEY_BYTES = 32


def sandbox_state_dir(data_dir: Path, env_key: str) -> Path:
    """Where the embedded sandbox of ``env_key`` keeps what was made on it (its claims)."""
    return Path(data_dir) / STATE_FOLDER / env_key


def sandbox_environment(
    credentials: CredentialStore,
    env_key: str,
    environ: Mapping[str, str] | None = None,
    *,
    data_dir: Path | None = None,
) -> dict[str, str]:
    """The embedded sandbox's environment: ours, with the code key of ``env_key``'s
    credential set (drawn and kept on first use) and, given the app's ``data_dir``, its
    state folder. A key or a folder the user set is left alone.

    May ask the keyring: background tasks only, like starting the sandbox itself.
    """
    env = dict(os.environ if environ is None else environ)
    if data_dir is not None and not env.get(SANDBOX_STATE_ENV, "").strip():
        env[SANDBOX_STATE_ENV] = str(sandbox_state_dir(data_dir, env_key))
    if env.get(SANDBOX_KEY_ENV, "").strip():
        return env
    key = credentials.get(env_key, SANDBOX_KEY_NAME)
    if key is None or not _usable(key):
        key = base64.urlsafe_b64encode(secrets.token_bytes(KEY_BYTES)).decode("ascii")
        credentials.set(env_key, SANDBOX_KEY_NAME, key)
    env[SANDBOX_KEY_ENV] = key
    return env


def _usable(key: str) -> bool:
    """32 bytes in URL-safe base64 (an entry damaged by hand is replaced, not passed on)."""
    try:
        return len(base64.urlsafe_b64decode(key.encode("ascii"))) == KEY_BYTES
    except (binascii.Error, UnicodeEncodeError, ValueError):
        return False
