"""Tokens: fetch from the token service, cache per environment and scope, renew.

A token is answered from memory, else from the credential store (so it survives app
restarts and CLI runs), else fetched; it is renewed once it is within
`REFRESH_MARGIN` of expiry. Fetches are single-flight: however many threads ask at
once, one request goes out and the others wait for its answer.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import requests
from pydantic import ValidationError
from requests.auth import AuthBase, HTTPBasicAuth

from postalgui.api.credentials import CredentialStore
from postalgui.api.errors import CredentialsMissingError, InvalidResponseError
from postalgui.api.masking import register_secret
from postalgui.api.models.token import TokenResponse
from postalgui.api.scopes import (
    ACCESS_CODE_KEY,
    DELEGATED_KEY,
    LOGIN_KEY,
    REFRESH_MARGIN,
    Scope,
    TokenScope,
)
from postalgui.api.transport import Transport

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Token:
    """A bearer token and what we know of it."""

    value: str = field(repr=False)
    expires_at: datetime | None
    info: TokenResponse | None = None
    delegated: bool = False

    def usable(self, now: datetime, margin: timedelta = REFRESH_MARGIN) -> bool:
        """True while the token is not within ``margin`` of its expiry."""
        if self.expires_at is None:
            return True
        return now < self.expires_at - margin


def jwt_expiry(token: str) -> datetime | None:
    """The ``exp`` claim of a JWT-shaped token, read without verifying it."""
    parts = token.split(".")
    if len(parts) != 3:
        return None
    payload = parts[1] + "=" * (-len(parts[1]) % 4)
    try:
        claims = json.loads(base64.urlsafe_b64decode(payload))
        return datetime.fromtimestamp(float(claims["exp"]), UTC)
    except (ValueError, KeyError, TypeError):
        return None


class TokenManager:
    """Hands out bearer tokens for one environment (``env_key``).

    ``use_delegated``: a delegated access key (spec 001, 5.3) stands in for the token;
    it is used as is and never renewed.
    """

    def __init__(
        self,
        transport: Transport,
        store: CredentialStore,
        env_key: str,
        *,
        use_delegated: bool = False,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        margin: timedelta = REFRESH_MARGIN,
    ) -> None:
        self._transport = transport
        self._store = store
        self.env_key = env_key
        self.use_delegated = use_delegated
        self._clock = clock
        self._margin = margin
        self._cache: dict[str, Token] = {}
        self._fetch_lock = threading.Lock()

    # --- credentials -------------------------------------------------------------------

    def set_credentials(self, login: str, access_code: str) -> None:
        """Replace login and access code; cached tokens of the old ones are dropped."""
        self._store.set(self.env_key, LOGIN_KEY, login.strip())
        self._store.set(self.env_key, ACCESS_CODE_KEY, access_code.strip())
        self.forget_tokens()

    def set_delegated_key(self, key: str | None) -> None:
        self._store.set(self.env_key, DELEGATED_KEY, key.strip() if key else None)
        self.forget_tokens()

    @property
    def login(self) -> str | None:
        if self.use_delegated:
            return None
        return self._store.get(self.env_key, LOGIN_KEY)

    def _basic_auth(self) -> HTTPBasicAuth:
        login = self._store.get(self.env_key, LOGIN_KEY)
        code = self._store.get(self.env_key, ACCESS_CODE_KEY)
        if not login or not code:
            raise CredentialsMissingError("Login and API access code are not configured")
        return HTTPBasicAuth(login, code)

    # --- tokens --------------------------------------------------------------------------

    def get(self, scope: TokenScope) -> Token:
        """A usable token for ``scope``: cached when possible, else fetched once."""
        if self.use_delegated:
            return self._delegated()
        now = self._clock()
        cached = self._cache.get(scope.key)
        if cached is not None and cached.usable(now, self._margin):
            return cached
        with self._fetch_lock:
            cached = self._cache.get(scope.key) or self._load(scope)
            if cached is not None and cached.usable(self._clock(), self._margin):
                self._cache[scope.key] = cached
                return cached
            return self._fetch_locked(scope)

    def fetch(self, scope: TokenScope) -> Token:
        """A new token for ``scope`` whatever the cache holds (Test connection)."""
        if self.use_delegated:
            return self._delegated()
        with self._fetch_lock:
            return self._fetch_locked(scope)

    def cached(self, scope: TokenScope) -> Token | None:
        """The token the cache would answer with, without any request."""
        if self.use_delegated:
            key = self._store.get(self.env_key, DELEGATED_KEY)
            return Token(key, jwt_expiry(key), delegated=True) if key else None
        token = self._cache.get(scope.key) or self._load(scope)
        return token if token is not None and token.usable(self._clock(), self._margin) else None

    def invalidate(self, scope: TokenScope, value: str | None = None) -> None:
        """Forget the token of ``scope`` (only if it is still ``value``, when given)."""
        with self._fetch_lock:
            current = self._cache.get(scope.key)
            if value is None or current is None or current.value == value:
                self._cache.pop(scope.key, None)
                self._store.delete(self.env_key, self._token_name(scope.key))

    def forget_tokens(self) -> None:
        with self._fetch_lock:
            for key in list(self._cache):
                self._store.delete(self.env_key, self._token_name(key))
            self._cache.clear()

    def _token_name(self, scope_key: str) -> str:
        """Keyring name of a cached token: per login too, so other credentials never reuse it."""
        login = self._store.get(self.env_key, LOGIN_KEY) or ""
        return f"token:{hashlib.sha256(login.encode()).hexdigest()[:12]}:{scope_key}"

    def auth(self, scope: TokenScope) -> BearerAuth:
        """A `requests` auth for one call with a token of ``scope``."""
        return BearerAuth(self, scope)

    def _delegated(self) -> Token:
        key = self._store.get(self.env_key, DELEGATED_KEY)
        if not key:
            raise CredentialsMissingError("No delegated access key is configured")
        return Token(key, jwt_expiry(key), delegated=True)

    def _load(self, scope: TokenScope) -> Token | None:
        raw = self._store.get(self.env_key, self._token_name(scope.key))
        if not raw:
            return None
        try:
            info = TokenResponse.model_validate_json(raw)
            return Token(info.token, info.expires_at, info)
        except (ValidationError, ValueError):
            log.info("Ignoring an unreadable cached token for %s", scope.key)
            return None

    def _fetch_locked(self, scope: TokenScope) -> Token:
        log.info("Requesting a %s token (%s)", scope.kind.value, self.env_key)
        response = self._transport.request(
            "POST", scope.path, json_body=scope.body(), auth=self._basic_auth(), idempotent=True
        )
        if response.status_code not in (200, 201):
            raise InvalidResponseError(
                f"Unexpected answer from the token service (HTTP {response.status_code})",
                status=response.status_code,
            )
        try:
            info = TokenResponse.model_validate_json(response.content)
            expires_at = info.expires_at
        except (ValidationError, ValueError) as exc:
            raise InvalidResponseError(
                f"Invalid response from the token service (HTTP {response.status_code}): {_first_error(exc)}",
                status=response.status_code,
            ) from None
        register_secret(info.token)
        token = Token(info.token, expires_at, info)
        self._cache[scope.key] = token
        self._store.set(self.env_key, self._token_name(scope.key), info.model_dump_json())
        return token


class BearerAuth(AuthBase):
    """Attaches a token of one scope; `renew` swaps a rejected token for a new one once."""

    def __init__(self, manager: TokenManager, scope: TokenScope) -> None:
        self._manager = manager
        self._scope = scope
        self._sent: str | None = None

    def __call__(self, request: requests.PreparedRequest) -> requests.PreparedRequest:
        token = self._manager.get(self._scope)
        self._sent = token.value
        request.headers["Authorization"] = f"Bearer {token.value}"
        return request

    def renew(self) -> bool:
        if self._manager.use_delegated:
            return False
        self._manager.invalidate(self._scope, self._sent)
        return True


def _first_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError) and exc.errors():
        err = exc.errors()[0]
        return f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"
    return str(exc)


__all__ = [  # scopes and key names re-exported: callers that fetch tokens need them too
    "ACCESS_CODE_KEY",
    "DELEGATED_KEY",
    "LOGIN_KEY",
    "REFRESH_MARGIN",
    "BearerAuth",
    "Scope",
    "Token",
    "TokenManager",
    "TokenScope",
    "jwt_expiry",
]
