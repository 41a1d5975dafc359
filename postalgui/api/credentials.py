"""Secrets (login, access code, delegated key, cached tokens) in the OS keyring.

One keyring service per environment, so a homologation access code never meets
production. When keyring has no usable backend (its "fail" backend, as on a headless
Linux box) or the backend breaks, secrets live in this process's memory only: never
on disk in clear. `persistent` and `problem` tell the UI what happened.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from postalgui.api.masking import register_secret

if TYPE_CHECKING:
    import keyring.backend

log = logging.getLogger(__name__)

SERVICE_PREFIX = "postalgui"


def keyring_usable(backend: keyring.backend.KeyringBackend) -> bool:
    """False for keyring's fail backend and for chainers without a real backend."""
    # lazy: not needed for the first paint
    from keyring.backends import fail

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

    ``backend`` defaults to keyring's current one, found on first use: importing keyring
    and probing its backends costs a tenth of a second, which the window's first paint
    should not wait for (the first background task pays it). Tests pass an in-memory
    backend.
    """

    def __init__(self, backend: keyring.backend.KeyringBackend | None = None) -> None:
        self._given = backend
        self._found: keyring.backend.KeyringBackend | None = None
        self._memory: dict[tuple[str, str], str | None] = {}
        self._defaults: dict[tuple[str, str], str] = {}
        self._lock = threading.Lock()
        self._backend_lock = threading.Lock()
        self._persistent = False
        self._problem: str | None = None
        if backend is not None:
            self._backend  # noqa: B018  # a given backend costs nothing to look at: no waiting later

    @property
    def _backend(self) -> keyring.backend.KeyringBackend:
        with self._backend_lock:
            if self._found is None:
                if self._given is not None:
                    found = self._given
                else:
                    import keyring

                    found = keyring.get_keyring()
                self._persistent = keyring_usable(found)
                if not self._persistent:
                    self._problem = "No usable system keyring was found (keyring's fail backend)."
                self._found = found
            return self._found

    @property
    def resolved(self) -> bool:
        """Whether the keyring backend was looked up yet (`persistent` would not block)."""
        return self._found is not None

    @property
    def persistent(self) -> bool:
        """Whether secrets survive a restart (a usable keyring that has not failed)."""
        self._backend  # noqa: B018  # looked up on first use
        return self._persistent

    @property
    def problem(self) -> str | None:
        self._backend  # noqa: B018  # looked up on first use
        return self._problem

    @staticmethod
    def service(env_key: str) -> str:
        return f"{SERVICE_PREFIX}:{env_key}"

    def get(self, env_key: str, name: str) -> str | None:
        key = (env_key, name)
        with self._lock:
            if key in self._memory:
                return self._memory[key] or self._defaults.get(key)
        value: str | None = None
        if self.persistent:
            try:
                value = self._backend.get_password(self.service(env_key), name)
            except Exception as exc:  # noqa: BLE001  # KeyringError, and third-party backends raise anything
                self._degrade(exc)
        if value is None:
            value = self._defaults.get(key)
        register_secret(value)
        with self._lock:
            self._memory[key] = value
        return value

    def peek(self, env_key: str, name: str) -> str | None:
        """What `get` would answer without asking the keyring (for a label drawn at start)."""
        key = (env_key, name)
        with self._lock:
            return self._memory.get(key) or self._defaults.get(key)

    def remember_default(self, env_key: str, name: str, value: str) -> None:
        """Answer ``value`` when the keyring has none (the sandbox's demo login)."""
        register_secret(value)
        with self._lock:
            self._defaults[(env_key, name)] = value

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
            except Exception as exc:  # noqa: BLE001  # see get()
                from keyring.errors import PasswordDeleteError

                if not isinstance(exc, PasswordDeleteError):  # nothing to delete is fine
                    self._degrade(exc)

    def _degrade(self, exc: BaseException) -> None:
        """Keep going in memory when the keyring fails mid-session."""
        if self._persistent:
            log.warning("System keyring failed (%s); keeping secrets in memory only", type(exc).__name__)
        self._persistent = False
        self._problem = f"The system keyring failed ({type(exc).__name__})."
