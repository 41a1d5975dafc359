"""Secrets the partner server checks: kept hashed, compared in constant time.

Passwords and client secrets are hashed with scrypt (stdlib, salted) when the server
loads them, so the plain text lives only as long as the loading call; access tokens are
random and only their SHA-256 is stored in the ledger (they are long and random, so a
slow hash adds nothing).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

__all__ = ["HashedSecret", "new_token", "token_digest"]

_N, _R, _P = 2**14, 8, 1


@dataclass(frozen=True, repr=False)
class HashedSecret:
    """A salted scrypt hash of a secret; `matches` checks a candidate in constant time."""

    salt: bytes
    digest: bytes

    @classmethod
    def of(cls, secret: str) -> HashedSecret:
        salt = secrets.token_bytes(16)
        return cls(salt, _scrypt(secret, salt))

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
