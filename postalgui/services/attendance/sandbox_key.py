"""The embedded sandbox's operator-code key, kept with the secrets so codes cross processes.

The window and each ``postalgui`` command run their own embedded sandbox (a child
process each). A code the window's simulated counter made must still decode in
``postalgui attendance decode`` run beside it, as a real code decodes anywhere in its
environment, so every embedded sandbox of one credential set seals codes with the same
AES key: drawn once, kept in the keyring (in this session's memory when there is none;
never in the settings file) and handed to the child in its environment.
"""

from __future__ import annotations

import base64
import binascii
import os
import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from postalgui.api.credentials import CredentialStore

__all__ = ["SANDBOX_KEY_ENV", "SANDBOX_KEY_NAME", "sandbox_environment"]

SANDBOX_KEY_NAME = "sandbox_ster_key"
"""The keyring entry, beside the login of the same environment."""
SANDBOX_KEY_ENV = "POSTALGUI_SANDBOX_STER_KEY"
"""What the sandbox reads (its `config.STER_KEY_ENV`: services may import only its demo account)."""
KEY_BYTES = 32


def sandbox_environment(
    credentials: CredentialStore, env_key: str, environ: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The embedded sandbox's environment: ours, with the code key of ``env_key``'s
    credential set (drawn and kept on first use). A key the user set is left alone.

    May ask the keyring: background tasks only, like starting the sandbox itself.
    """
    env = dict(os.environ if environ is None else environ)
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
