"""Secrets the partner server checks: kept hashed, compared in constant time.

Passwords and client secrets are hashed with scrypt (stdlib, salted) when the server
loads them, so the plain text lives only as long as the loading call; access tokens are
random and only their SHA-256 is stored in the ledger (they are long and random, so a
slow hash adds nothing).

A token is tied to the credentials that obtained it by a fingerprint of their version:
an scrypt of the secret salted by its scope (the client id), the same on every start, so
a restart keeps the tokens and a changed id or secret revokes them. Only a digest of it
reaches the ledger.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

__all__ = ["HashedSecret", "credentials_version", "new_token", "token_digest"]

_N, _R, _P = 2**14, 8, 1


@dataclass(frozen=True, repr=False)
class HashedSecret:
    """A salted scrypt hash of a secret; `matches` checks a candidate in constant time."""

    salt: bytes
    digest: bytes
    version: bytes = b""
    """scrypt of the secret salted by its scope alone: equal for one secret on every start."""

    @classmethod
    def of(cls, secret: str, *, scope: str = "") -> HashedSecret:
        salt = secrets.token_bytes(16)
        scoped = hashlib.sha256(b"postalgui partner secret version\0" + scope.encode("utf-8")).digest()
        return cls(salt, _scrypt(secret, salt), _scrypt(secret, scoped))

    def matches(self, candidate: str) -> bool:
        return hmac.compare_digest(self.digest, _scrypt(candidate, self.salt))

    def __repr__(self) -> str:
        return "HashedSecret(...)"


def _scrypt(secret: str, salt: bytes) -> bytes:
    return hashlib.scrypt(secret.encode("utf-8"), salt=salt, n=_N, r=_R, p=_P, dklen=32)


def new_token() -> str:
    """An opaque bearer token (256 random bits)."""
    return secrets.token_urlsafe(32)


def token_digest(token: str) -> str:
    """What the ledger stores of a token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def credentials_version(identity: str, secret: HashedSecret) -> str:
    """A fingerprint of an identity and its secret's version (128 bits, hex): what a token
    carries of the client that obtained it."""
    return hashlib.sha256(identity.encode("utf-8") + b"\0" + secret.version).hexdigest()[:32]
