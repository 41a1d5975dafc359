"""Secrets (login, access code, delegated key, cached tokens) in the OS keyring.

One keyring service per environment, so a homologation access code never meets
production. When keyring has no usable backend (its "fail" backend, as on a headless
Linux box) or the backend breaks, secrets live in this process's memory only: never
on disk in clear. `persistent` and `problem` tell the UI what happened.
"""

from __future__ import annotations

import logging
import threading

import keyring
import keyring.backend
import keyring.errors
from keyring.backends import fail

from postalgui.api.masking import register_secret

log = logging.getLogger(__name__)

SERVICE_PREFIX = "postalgui"


def keyring_usable(backend: keyring.backend.KeyringBackend) -> bool:
    """False for keyring's fail backend and for chainers without a real backend."""
    if isinstance(backend, fail.Keyring):
        return False
    backends = getattr(backend, "backends", None)
    if backends is not None:
        return any(keyring_usable(b) for b in backends)
    try:
        return float(backend.priority) > 0
    except Exception:  # noqa: BLE001  # a backend whose priority cannot be read is unusable
        return False


class CredentialStore:
    """Per-environment secrets with a memory fallback.

    ``backend`` defaults to keyring's current one; tests pass an in-memory backend.
    """

    def __init__(self, backend: keyring.backend.KeyringBackend | None = None) -> None:
        self._backend = backend if backend is not None else keyring.get_keyring()
        self._memory: dict[tuple[str, str], str | None] = {}
        self._lock = threading.Lock()
        self.persistent = keyring_usable(self._backend)
        self.problem: str | None = (
            None if self.persistent else "No usable system keyring was found (keyring's fail backend)."
        )

    @staticmethod
    def service(env_key: str) -> str:
        return f"{SERVICE_PREFIX}:{env_key}"

    def get(self, env_key: str, name: str) -> str | None:
        key = (env_key, name)
        with self._lock:
            if key in self._memory:
                return self._memory[key]
        value: str | None = None
        if self.persistent:
            try:
                value = self._backend.get_password(self.service(env_key), name)
            except keyring.errors.KeyringError as exc:
                self._degrade(exc)
            except Exception as exc:  # noqa: BLE001  # third-party backends raise anything (dbus, ctypes)
                self._degrade(exc)
        register_secret(value)
        with self._lock:
            self._memory[key] = value
        return value

    def set(self, env_key: str, name: str, value: str | None) -> None:
        """Store ``value``; ``None`` or empty deletes it."""
        if not value:
            self.delete(env_key, name)
            return
        register_secret(value)
        with self._lock:
            self._memory[(env_key, name)] = value
        if self.persistent:
            try:
                self._backend.set_password(self.service(env_key), name, value)
            except Exception as exc:  # noqa: BLE001  # see get()
                self._degrade(exc)

    def remember(self, env_key: str, name: str, value: str) -> None:
        """Hold ``value`` for this session only (environment overrides, demo credentials)."""
        register_secret(value)
        with self._lock:
            self._memory[(env_key, name)] = value

    def delete(self, env_key: str, name: str) -> None:
        with self._lock:
            self._memory[(env_key, name)] = None
        if self.persistent:
            try:
                self._backend.delete_password(self.service(env_key), name)
            except keyring.errors.PasswordDeleteError:
                pass
            except Exception as exc:  # noqa: BLE001  # see get()
                self._degrade(exc)

    def _degrade(self, exc: BaseException) -> None:
        """Keep going in memory when the keyring fails mid-session."""
        if self.persistent:
            log.warning("System keyring failed (%s); keeping secrets in memory only", type(exc).__name__)
        self.persistent = False
        self.problem = f"The system keyring failed ({type(exc).__name__})."
