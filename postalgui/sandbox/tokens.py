"""JWT-shaped access tokens, HS256-signed with the standard library.

Real JWTs (header.payload.signature, base64url without padding) so the client can
read `exp` the way it would read the operator's tokens, without a JWT dependency
here. The signing secret is a fixed public constant by default: tokens the app
cached in the keyring stay valid after a restart even though the sandbox port
changes. A sandbox served beyond loopback (``postalgui sandbox --allow-remote``) signs
with a key made for the run instead (`remote.remote_config`), since anyone can read the
public one. The `epoch` claim lets the sandbox revoke every token at once.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

DEFAULT_SECRET = "postalgui-sandbox-public-demo-signing-key-v1"
"""Not a credential: the sandbox is a public demo and its tokens open nothing real."""

ISSUER = "postalgui-sandbox"
SCOPES = ("login", "contrato", "cartao")

_HEADER = {"alg": "HS256", "typ": "JWT"}


class TokenError(Exception):
    """A token was refused; `reason` says why (shown as `causa` in error bodies)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class TokenClaims:
    """The claims the sandbox signs; `contrato`/`cartao`/`dr` only when scoped."""

    sub: str
    iat: int
    exp: int
    cnpj: str
    ambiente: str
    escopo: str
    api: tuple[int, ...]
    epoch: int
    contrato: str | None = None
    cartao: str | None = None
    dr: int | None = None
    iss: str = ISSUER

    def to_payload(self) -> dict[str, Any]:
        """The JSON payload, leaving out the claims a scope does not have."""
        payload = asdict(self)
        payload["api"] = list(self.api)
        return {key: value for key, value in payload.items() if value is not None}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> TokenClaims:
        """Rebuild claims from a decoded payload, refusing wrong shapes as malformed."""
        try:
            claims = cls(
                sub=_typed(payload["sub"], str),
                iat=_typed(payload["iat"], int),
                exp=_typed(payload["exp"], int),
                cnpj=_typed(payload["cnpj"], str),
                ambiente=_typed(payload["ambiente"], str),
                escopo=_typed(payload["escopo"], str),
                api=tuple(_typed(item, int) for item in _typed(payload["api"], list)),
                epoch=_typed(payload["epoch"], int),
                contrato=_optional(payload.get("contrato"), str),
                cartao=_optional(payload.get("cartao"), str),
                dr=_optional(payload.get("dr"), int),
                iss=_typed(payload["iss"], str),
            )
        except (KeyError, TypeError) as exc:
            raise TokenError("malformed") from exc
        if claims.escopo not in SCOPES:
            raise TokenError("malformed")
        return claims


def _typed(value: Any, kind: type) -> Any:
    # bool is an int subclass; a boolean claim is never what we signed.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TypeError(f"expected {kind.__name__}")
    return value


def _optional(value: Any, kind: type) -> Any:
    return None if value is None else _typed(value, kind)


def _b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _b64decode(text: str) -> bytes:
    padded = text + "=" * (-len(text) % 4)
    return base64.urlsafe_b64decode(padded.encode("ascii"))


def _signature(signing_input: str, secret: str) -> str:
    digest = hmac.new(secret.encode("utf-8"), signing_input.encode("ascii"), hashlib.sha256).digest()
    return _b64encode(digest)


def _json_segment(value: Mapping[str, Any]) -> str:
    return _b64encode(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def encode(payload: Mapping[str, Any], secret: str) -> str:
    """Sign a payload as an HS256 JWT."""
    signing_input = f"{_json_segment(_HEADER)}.{_json_segment(payload)}"
    return f"{signing_input}.{_signature(signing_input, secret)}"


def decode(token: str, secret: str) -> dict[str, Any]:
    """Check the signature and return the payload; no claim checks (see `verify`)."""
    parts = token.split(".")
    if len(parts) != 3 or not all(parts):
        raise TokenError("malformed")
    header_b64, payload_b64, signature = parts
    try:
        header = json.loads(_b64decode(header_b64))
        signing_ok = hmac.compare_digest(signature, _signature(f"{header_b64}.{payload_b64}", secret))
        payload = json.loads(_b64decode(payload_b64))
    except (ValueError, binascii.Error, UnicodeError) as exc:
        raise TokenError("malformed") from exc
    if not isinstance(header, dict) or header.get("alg") != "HS256":
        raise TokenError("malformed")
    if not signing_ok:
        raise TokenError("signature")
    if not isinstance(payload, dict):
        raise TokenError("malformed")
    return payload


def issue(claims: TokenClaims, secret: str) -> str:
    """The signed token for these claims."""
    return encode(claims.to_payload(), secret)


def verify(token: str, *, secret: str, now: float, epoch: int, ambiente: str) -> TokenClaims:
    """Accept a token only if ours, unexpired, of this environment and this epoch.

    Raises TokenError with reason malformed, signature, issuer, environment,
    expired or revoked.
    """
    claims = TokenClaims.from_payload(decode(token, secret))
    if claims.iss != ISSUER:
        raise TokenError("issuer")
    if claims.ambiente != ambiente:
        raise TokenError("environment")
    if claims.exp <= now:
        raise TokenError("expired")
    if claims.epoch != epoch:
        raise TokenError("revoked")
    return claims
