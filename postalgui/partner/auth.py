"""Who may call the partner: Basic, or a bearer token from the OAuth 2.0 client-credentials
endpoint (spec 5), as the partner arranged with the operator.

Every comparison is constant-time (`HashedSecret.matches`, and tokens by their SHA-256
looked up in the ledger). A refusal is 401 with a ``WWW-Authenticate`` challenge and
never echoes what was sent. Failed attempts are budgeted per client address
(`FailureBudget`): past the budget a caller gets `ThrottledError` (429) before any hash
is computed. A token is valid only for the client id and credentials' version it was
issued to.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs

from fastapi import Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from postalgui.partner.config import PartnerConfig
from postalgui.partner.ledger.store import Ledger
from postalgui.partner.secrets import new_token, token_digest
from postalgui.partner.throttle import FailureBudget

__all__ = ["RecentlyVerified", "ThrottledError", "UnauthorizedError", "check_caller", "issue_token"]

GRANT_TYPES = frozenset({"client_credentials", "cliente_credentials"})
"""The flow's name, and the spec's spelling of it."""


class UnauthorizedError(Exception):
    """The call carries no credentials this server accepts."""


class ThrottledError(Exception):
    """The caller's address spent its budget of failures: 429, retry after `retry_after` seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many failed authentications; retry after {retry_after} s")
        self.retry_after = retry_after


def _basic(header: str) -> tuple[str, str] | None:
    scheme, _, encoded = header.partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        user, sep, password = base64.b64decode(encoded.strip(), validate=True).decode("utf-8").partition(":")
    except (binascii.Error, UnicodeDecodeError):
        return None
    return (user, password) if sep else None


class RecentlyVerified:
    """Basic headers verified in the last minutes, by a keyed hash (never the header itself).

    A scrypt check costs tens of milliseconds by design; the operator sends the same
    header on every call, so one check per header every few minutes is enough. The key
    is random per process, so the stored digests are useless outside it.
    """

    def __init__(self, lifetime_s: float = 300.0, clock: Callable[[], float] = time.monotonic) -> None:
        self._key = secrets.token_bytes(32)
        self._lifetime_s = lifetime_s
        self._clock = clock
        self._until: dict[bytes, float] = {}
        self._lock = threading.Lock()

    def _digest(self, header: str) -> bytes:
        return hmac.new(self._key, header.encode("utf-8", "surrogateescape"), hashlib.sha256).digest()

    def known(self, header: str) -> bool:
        digest, now = self._digest(header), self._clock()
        with self._lock:
            return self._until.get(digest, 0.0) > now

    def remember(self, header: str) -> None:
        digest, now = self._digest(header), self._clock()
        with self._lock:
            if len(self._until) > 1000:
                self._until = {key: until for key, until in self._until.items() if until > now}
            self._until[digest] = now + self._lifetime_s


def check_caller(
    config: PartnerConfig,
    ledger: Ledger,
    header: str,
    verified: RecentlyVerified,
    budget: FailureBudget | None = None,
    address: str = "",
) -> None:
    """Raise `UnauthorizedError` unless `header` (Authorization) is accepted, or
    `ThrottledError` when `address` spent its `budget` (then nothing is hashed)."""
    if header.partition(" ")[0].lower() == "basic" and config.accepts_basic and verified.known(header):
        return
    if budget is None:
        if not _accepted(config, ledger, header, verified):
            raise UnauthorizedError
        return
    if (wait := budget.take(address)) is not None:
        raise ThrottledError(wait)
    accepted = False
    try:
        accepted = _accepted(config, ledger, header, verified)
    finally:
        (budget.forgive if accepted else budget.fail)(address)
    if not accepted:
        raise UnauthorizedError


def _accepted(config: PartnerConfig, ledger: Ledger, header: str, verified: RecentlyVerified) -> bool:
    scheme = header.partition(" ")[0].lower()
    if scheme == "basic" and config.accepts_basic:
        pair = _basic(header)
        secret = config.basic_secret
        user_ok = pair is not None and pair[0] == config.basic_user
        if pair is not None and secret is not None and secret.matches(pair[1]) and user_ok:
            verified.remember(header)
            return True
    elif scheme == "bearer" and config.accepts_oauth and config.client_id is not None:
        token = header.partition(" ")[2].strip()
        return bool(token) and ledger.token_valid(
            token_digest(token), config.client_id, config.client_version
        )
    return False


def challenge(config: PartnerConfig) -> dict[str, str]:
    schemes = []
    if config.accepts_basic:
        schemes.append('Basic realm="postalgui-partner", charset="UTF-8"')
    if config.accepts_oauth:
        schemes.append('Bearer realm="postalgui-partner"')
    return {"WWW-Authenticate": ", ".join(schemes)}


def _client(request_header: str, form: dict[str, list[str]]) -> tuple[str, str] | None:
    """Client credentials from HTTP Basic (RFC 6749 2.3.1) or the form's client_id/secret."""
    pair = _basic(request_header) if request_header else None
    if pair is not None:
        return pair
    client_id, secret = form.get("client_id", [""])[0], form.get("client_secret", [""])[0]
    return (client_id, secret) if client_id else None


def _oauth_error(status: int, error: str, description: str, retry_after: int | None = None) -> JSONResponse:
    headers = {"Cache-Control": "no-store"}
    if status == 401:
        headers["WWW-Authenticate"] = 'Basic realm="postalgui-partner"'
    if retry_after is not None:
        headers["Retry-After"] = str(retry_after)
    return JSONResponse(
        {"error": error, "error_description": description}, status_code=status, headers=headers
    )


def _client_matches(config: PartnerConfig, client: tuple[str, str]) -> bool:
    secret = config.client_secret
    return secret is not None and client[0] == config.client_id and secret.matches(client[1])


def _client_checked(
    config: PartnerConfig, client: tuple[str, str], budget: FailureBudget, address: str
) -> bool:
    """`_client_matches` within the address's budget of failures (`ThrottledError` past it)."""
    if (wait := budget.take(address)) is not None:
        raise ThrottledError(wait)
    matches = False
    try:
        matches = _client_matches(config, client)
    finally:
        (budget.forgive if matches else budget.fail)(address)
    return matches


async def issue_token(
    request: Request, config: PartnerConfig, ledger: Ledger, budget: FailureBudget
) -> JSONResponse:
    """``POST /oauth/token`` with ``grant_type=client_credentials`` (form-encoded)."""
    if not config.accepts_oauth or config.client_id is None:
        return _oauth_error(400, "unsupported_grant_type", "OAuth 2.0 is not enabled on this server")
    form = parse_qs((await request.body()).decode("utf-8", "replace"), keep_blank_values=True)
    grant = form.get("grant_type", [""])[0]
    if grant not in GRANT_TYPES:
        return _oauth_error(400, "unsupported_grant_type", "grant_type must be client_credentials")
    client = _client(request.headers.get("authorization", ""), form)
    address = request.client.host if request.client else ""
    try:
        ok = client is not None and await run_in_threadpool(_client_checked, config, client, budget, address)
    except ThrottledError as throttled:
        return _oauth_error(429, "invalid_client", "Too many failed attempts", throttled.retry_after)
    if not ok:
        return _oauth_error(401, "invalid_client", "Client authentication failed")
    token = new_token()
    lifetime = config.token_lifetime_s
    expires = ledger.now() + timedelta(seconds=lifetime)
    await run_in_threadpool(
        ledger.store_token, token_digest(token), config.client_id, config.client_version, expires
    )
    body: dict[str, Any] = {"access_token": token, "token_type": "Bearer", "expires_in": lifetime}
    return JSONResponse(body, headers={"Cache-Control": "no-store", "Pragma": "no-cache"})
