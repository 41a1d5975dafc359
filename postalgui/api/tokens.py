"""Tokens: fetch from the token service, cache per credential set and scope, renew.

A token is answered from memory, else from the credential store (so it survives app
restarts and CLI runs), else fetched. It is renewed ahead of expiry by a margin
proportional to its lifetime: `REFRESH_MARGIN` (30 min) for the operator's 24 h
tokens, a tenth of the lifetime for short ones (a 2 min token is used for 108 s
instead of being fetched again for every request).

Cache keys (in memory and keyring names) are a hash of the environment, login,
access code and scope, never the access code itself: a changed access code never
gets the token of the old one, whoever changed it.

Fetches are single-flight per key: however many threads ask at once, one request
goes out and the others wait for its answer, success or failure alike (a failure is
not retried by each waiter in turn). A refusal of the credentials (401 from the
token service) is remembered until they change, so wrong credentials cost one login
attempt, not one per call.
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

from postalgui.api import cancel
from postalgui.api.credentials import CredentialStore
from postalgui.api.errors import (
    AuthenticationError,
    CredentialsMissingError,
    CredentialsRefusedError,
    InvalidResponseError,
)
from postalgui.api.masking import register_secret
from postalgui.api.models.token import TokenResponse
from postalgui.api.said import Said
from postalgui.api.scopes import (
    ACCESS_CODE_KEY,
    DELEGATED_KEY,
    LOGIN_KEY,
    REFRESH_MARGIN,
    REFRESH_SHARE,
    Scope,
    TokenScope,
)
from postalgui.api.transport import Transport

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Token:
    """A bearer token and what we know of it; ``lifetime`` from issue to expiry, when known."""

    value: str = field(repr=False)
    expires_at: datetime | None
    info: TokenResponse | None = None
    delegated: bool = False
    lifetime: timedelta | None = None

    def margin(self, cap: timedelta = REFRESH_MARGIN) -> timedelta:
        """How long before expiry the token is renewed: ``cap``, or a tenth of a shorter life."""
        if self.lifetime is None:
            return cap
        return min(cap, max(self.lifetime, timedelta(0)) * REFRESH_SHARE)

    def usable(self, now: datetime, margin: timedelta = REFRESH_MARGIN) -> bool:
        """True while the token is not within its renewal margin (capped at ``margin``) of expiry."""
        if self.expires_at is None:
            return True
        return now < self.expires_at - self.margin(margin)


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


def _token_of(info: TokenResponse, fetched_at: datetime | None = None) -> Token:
    """A `Token` of a token answer; the lifetime from ``emissao``, else from the fetch time."""
    expires_at = info.expires_at
    try:
        issued_at = info.issued_at
    except ValueError:  # an unreadable emissao: the fetch time will do
        issued_at = None
    start = issued_at or fetched_at
    return Token(info.token, expires_at, info, lifetime=None if start is None else expires_at - start)


def _read_token_answer(response: requests.Response) -> TokenResponse:
    """The token service's answer, or `InvalidResponseError` (retried like any unreadable answer)."""
    if response.status_code not in (200, 201):
        raise InvalidResponseError(
            f"Unexpected answer from the token service (HTTP {response.status_code})",
            status=response.status_code,
        )
    try:
        info = TokenResponse.model_validate_json(response.content)
        info.expires_at  # noqa: B018  # an unreadable expiraEm is an unreadable answer
    except (ValidationError, ValueError) as exc:
        raise InvalidResponseError(
            f"Invalid response from the token service (HTTP {response.status_code}): {_first_error(exc)}",
            status=response.status_code,
        ) from None
    return info


@dataclass(frozen=True)
class _Credentials:
    """A login and access code, and the hash that names what belongs to them."""

    login: str = field(repr=False)
    access_code: str = field(repr=False)
    fingerprint: str

    def key(self, scope: TokenScope) -> str:
        """Cache key and keyring name suffix of a token: credentials and scope, hashed."""
        digest = hashlib.sha256(f"{self.fingerprint}\0{scope.key}".encode()).hexdigest()[:16]
        return f"{digest}:{scope.key}"


@dataclass
class _Flight:
    """One token fetch in progress; the callers waiting on it share its outcome."""

    done: bool = False
    token: Token | None = None
    error: BaseException | None = None


@dataclass(frozen=True)
class _Refusal:
    """The operator's answer to credentials it refused (never the credentials)."""

    messages: list[str]
    cause: str | None
    path: str | None

    def error(self) -> CredentialsRefusedError:
        return CredentialsRefusedError(self.messages, cause=self.cause, path=self.path, remembered=True)


class RefusedCredentials:
    """Credential sets the token service refused (401), by fingerprint, never the secrets.

    Kept by whoever outlives the token managers (the app context rebuilds its manager
    when settings change), so a refusal is not forgotten because the language changed:
    one rejected login per credential set, until the credentials change.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._refused: dict[str, _Refusal] = {}

    def get(self, fingerprint: str) -> _Refusal | None:
        with self._lock:
            return self._refused.get(fingerprint)

    def remember(self, fingerprint: str, refusal: _Refusal) -> None:
        with self._lock:
            self._refused[fingerprint] = refusal

    def clear(self) -> None:
        with self._lock:
            self._refused.clear()


class TokenManager:
    """Hands out bearer tokens for one environment (``env_key``).

    ``use_delegated``: a delegated access key (spec 001, 5.3) stands in for the token;
    it is used as is and never renewed. ``margin`` caps the renewal margin.
    ``refused`` is the memory of refused credentials, shared when given.
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
        refused: RefusedCredentials | None = None,
    ) -> None:
        self._transport = transport
        self._store = store
        self.env_key = env_key
        self.use_delegated = use_delegated
        self._clock = clock
        self._margin = margin
        self._cache: dict[str, Token] = {}
        self._flights: dict[str, _Flight] = {}
        self._refused = refused if refused is not None else RefusedCredentials()
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)

    # --- credentials -------------------------------------------------------------------

    def set_credentials(self, login: str, access_code: str) -> None:
        """Replace login and access code; cached tokens and remembered refusals are dropped."""
        self._store.set(self.env_key, LOGIN_KEY, login.strip())
        self._store.set(self.env_key, ACCESS_CODE_KEY, access_code.strip())
        self._refused.clear()
        self.forget_tokens()

    def set_delegated_key(self, key: str | None) -> None:
        self._store.set(self.env_key, DELEGATED_KEY, key.strip() if key else None)
        self.forget_tokens()

    @property
    def login(self) -> str | None:
        if self.use_delegated:
            return None
        return self._store.get(self.env_key, LOGIN_KEY)

    def _credentials(self) -> _Credentials:
        login = self._store.get(self.env_key, LOGIN_KEY)
        code = self._store.get(self.env_key, ACCESS_CODE_KEY)
        if not login or not code:
            raise CredentialsMissingError(Said("Login and API access code are not configured"))
        fingerprint = hashlib.sha256(f"{self.env_key}\0{login}\0{code}".encode()).hexdigest()
        return _Credentials(login, code, fingerprint)

    # --- tokens --------------------------------------------------------------------------

    def get(self, scope: TokenScope) -> Token:
        """A usable token for ``scope``: cached when possible, else fetched once."""
        if self.use_delegated:
            return self._delegated()
        credentials = self._credentials()
        cached = self._cache.get(credentials.key(scope))
        if cached is not None and cached.usable(self._clock(), self._margin):
            return cached
        return self._obtain(scope, credentials, fresh=False)

    def fetch(self, scope: TokenScope) -> Token:
        """A new token for ``scope`` whatever the cache holds (Test connection)."""
        if self.use_delegated:
            return self._delegated()
        return self._obtain(scope, self._credentials(), fresh=True)

    def cached(self, scope: TokenScope) -> Token | None:
        """The token the cache would answer with, without any request."""
        if self.use_delegated:
            key = self._store.get(self.env_key, DELEGATED_KEY)
            return Token(key, jwt_expiry(key), delegated=True) if key else None
        try:
            credentials = self._credentials()
        except CredentialsMissingError:
            return None
        name = credentials.key(scope)
        token = self._cache.get(name) or self._load(name)
        return token if token is not None and token.usable(self._clock(), self._margin) else None

    def invalidate(self, scope: TokenScope, value: str | None = None) -> None:
        """Forget the token of ``scope`` (only if it is still ``value``, when given)."""
        try:
            name = self._credentials().key(scope)
        except CredentialsMissingError:
            return
        with self._lock:
            current = self._cache.get(name)
            if value is None or current is None or current.value == value:
                self._cache.pop(name, None)
                self._store.delete(self.env_key, _keyring_name(name))

    def forget_tokens(self) -> None:
        with self._lock:
            for name in list(self._cache):
                self._store.delete(self.env_key, _keyring_name(name))
            self._cache.clear()

    def auth(self, scope: TokenScope) -> BearerAuth:
        """A `requests` auth for one call with a token of ``scope``."""
        return BearerAuth(self, scope)

    def _delegated(self) -> Token:
        key = self._store.get(self.env_key, DELEGATED_KEY)
        if not key:
            raise CredentialsMissingError(Said("No delegated access key is configured"))
        return Token(key, jwt_expiry(key), delegated=True)

    def _load(self, name: str) -> Token | None:
        raw = self._store.get(self.env_key, _keyring_name(name))
        if not raw:
            return None
        try:
            return _token_of(TokenResponse.model_validate_json(raw))
        except (ValidationError, ValueError):
            log.info("Ignoring an unreadable cached token for %s", name.partition(":")[2])
            return None

    # --- single flight ---------------------------------------------------------------------

    def _obtain(self, scope: TokenScope, credentials: _Credentials, *, fresh: bool) -> Token:
        """The cached token, the outcome of the fetch in flight, or a fetch of our own."""
        name = credentials.key(scope)
        task = cancel.current()
        withdraw = task.on_cancel(self._wake)
        try:
            with self._changed:
                while True:
                    refusal = self._refused.get(credentials.fingerprint)
                    if refusal is not None:
                        raise refusal.error()
                    flight = self._flights.get(name)
                    if flight is None:
                        if not fresh:
                            cached = self._cache.get(name) or self._load(name)
                            if cached is not None and cached.usable(self._clock(), self._margin):
                                self._cache[name] = cached
                                return cached
                        flight = self._flights[name] = _Flight()
                        break
                    while not flight.done:
                        task.raise_if_cancelled()
                        self._changed.wait()
                    if flight.token is not None:
                        return flight.token
                    if flight.error is not None and not isinstance(flight.error, cancel.Cancelled):
                        raise flight.error  # the same failure for every caller that waited on it
                    # The fetch we waited on was cancelled by its own task: try again.
        finally:
            withdraw()
        return self._fly(scope, credentials, name, flight)

    def _fly(self, scope: TokenScope, credentials: _Credentials, name: str, flight: _Flight) -> Token:
        """Fetch as the owner of ``flight``; publish the outcome to whoever waits on it."""
        try:
            token = self._fetch(scope, credentials, name)
        except AuthenticationError as exc:
            if exc.status == 401:  # the token service refused the credentials themselves
                refusal = _Refusal(exc.messages, exc.cause, exc.path)
                error: BaseException = CredentialsRefusedError(exc.messages, cause=exc.cause, path=exc.path)
                self._land(name, flight, error=error, refusal=(credentials.fingerprint, refusal))
                raise error from None
            self._land(name, flight, error=exc)
            raise
        except BaseException as exc:
            self._land(name, flight, error=exc)
            raise
        self._land(name, flight, token=token)
        return token

    def _land(
        self,
        name: str,
        flight: _Flight,
        *,
        token: Token | None = None,
        error: BaseException | None = None,
        refusal: tuple[str, _Refusal] | None = None,
    ) -> None:
        with self._changed:
            if token is not None:
                self._cache[name] = token
            if refusal is not None:
                self._refused.remember(*refusal)
            flight.token, flight.error, flight.done = token, error, True
            if self._flights.get(name) is flight:
                del self._flights[name]
            self._changed.notify_all()

    def _wake(self) -> None:
        """A cancel: waiting callers look again (the cancelled one leaves)."""
        with self._changed:
            self._changed.notify_all()

    def _fetch(self, scope: TokenScope, credentials: _Credentials, name: str) -> Token:
        log.info("Requesting a %s token (%s)", scope.kind.value, self.env_key)
        info = self._transport.request_read(
            "POST",
            scope.path,
            _read_token_answer,
            json_body=scope.body(),
            auth=HTTPBasicAuth(credentials.login, credentials.access_code),
            idempotent=True,
        )
        register_secret(info.token)
        token = _token_of(info, fetched_at=self._clock())
        self._store.set(self.env_key, _keyring_name(name), info.model_dump_json())
        return token


def _keyring_name(name: str) -> str:
    """Keyring name of a cached token: ``token:<hash of credentials and scope>:<scope>``."""
    return f"token:{name}"


class BearerAuth(AuthBase):
    """Attaches a token of one scope; `renew` swaps a rejected token for a new one once.

    One per call (not shared between threads): `prepare` gets the token before each
    attempt and the send attaches that very token, so a token that is already within
    its renewal margin (a short-lived one) is not fetched twice for one attempt.
    """

    def __init__(self, manager: TokenManager, scope: TokenScope) -> None:
        self._manager = manager
        self._scope = scope
        self._sent: str | None = None
        self._prepared: Token | None = None

    def prepare(self) -> None:
        """Get the token before the send (the transport calls this inside the deadline)."""
        self._prepared = self._manager.get(self._scope)

    def __call__(self, request: requests.PreparedRequest) -> requests.PreparedRequest:
        token, self._prepared = self._prepared or self._manager.get(self._scope), None
        self._sent = token.value
        request.headers["Authorization"] = f"Bearer {token.value}"
        return request

    def renew(self) -> bool:
        if self._manager.use_delegated:
            return False
        self._prepared = None
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
    "REFRESH_SHARE",
    "BearerAuth",
    "RefusedCredentials",
    "Scope",
    "Token",
    "TokenManager",
    "TokenScope",
    "jwt_expiry",
]
