"""`PartnerConfig`: how one partner server runs (paths, auth, ledger, reconciliation access).

Secrets arrive in plain text (the environment, the keyring through the CLI) and are
hashed at once: the config holds only `HashedSecret`s. ``POSTALGUI_PARTNER_*`` variables
configure a headless or child server; `from_environ` names a bad one.

The server faces the internet: `max_body_bytes` bounds every request before it is read
in full, and `auth_failures` is how many failed authentications a client address may
make in a minute before it is answered 429.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from postalgui.partner.handlers import DEFAULT_HANDLER
from postalgui.partner.secrets import HashedSecret, credentials_version

__all__ = [
    "DEFAULT_AUTH_FAILURES",
    "DEFAULT_CONFIRM_PATH",
    "DEFAULT_FORM_PATH",
    "DEFAULT_MAX_BODY",
    "DEFAULT_TOKEN_LIFETIME_S",
    "TOKEN_PATH",
    "AuthMode",
    "PartnerConfig",
    "SterAccess",
]

DEFAULT_FORM_PATH = "/ster/formulario"
DEFAULT_CONFIRM_PATH = "/ster/confirmarAtendimento"
TOKEN_PATH = "/oauth/token"  # noqa: S105  # a path, not a secret
DEFAULT_TOKEN_LIFETIME_S = 43200
"""12 hours, the spec's example ``expires_in``."""
DEFAULT_MAX_BODY = 102_400
"""Bytes a request may carry: the spec's guidance is about 100 KB a form."""
DEFAULT_AUTH_FAILURES = 5
"""Failed authentications a client address may make in a minute."""

_NUMBERS = (
    ("POSTALGUI_PARTNER_TOKEN_LIFETIME", "token_lifetime_s", "whole seconds, 1 or more"),
    ("POSTALGUI_PARTNER_MAX_BODY", "max_body_bytes", "bytes a request may carry, 1 or more"),
    ("POSTALGUI_PARTNER_AUTH_FAILURES", "auth_failures", "failed authentications a minute, 1 or more"),
)
"""Whole-number settings: variable, field, the rule a bad value is told."""


class AuthMode(StrEnum):
    """Which schemes the server accepts: what the partner arranged with the operator."""

    BASIC = "basic"
    OAUTH = "oauth"
    BOTH = "both"


@dataclass(frozen=True, repr=False)
class SterAccess:
    """How the server reaches the registration system for reconciliation."""

    base_url: str
    contract: str
    user: str
    password: str

    def __repr__(self) -> str:
        return f"SterAccess(base_url={self.base_url!r}, contract={self.contract!r}, user=..., password=...)"


@dataclass(frozen=True)
class PartnerConfig:
    """One partner server's settings."""

    database_url: str
    form_path: str = DEFAULT_FORM_PATH
    confirm_path: str = DEFAULT_CONFIRM_PATH
    auth: AuthMode = AuthMode.BOTH
    basic_user: str | None = None
    basic_secret: HashedSecret | None = None
    client_id: str | None = None
    client_secret: HashedSecret | None = None
    token_lifetime_s: int = DEFAULT_TOKEN_LIFETIME_S
    handler: str = DEFAULT_HANDLER
    ster: SterAccess | None = field(default=None)
    schedule_reconciliation: bool = True
    max_body_bytes: int = DEFAULT_MAX_BODY
    auth_failures: int = DEFAULT_AUTH_FAILURES

    def __post_init__(self) -> None:
        for _var, name, rule in _NUMBERS:
            if getattr(self, name) < 1:
                raise ValueError(f"{name}: {rule} (got {getattr(self, name)!r})")
        for name in ("form_path", "confirm_path"):
            path = getattr(self, name)
            if not path.startswith("/") or path == TOKEN_PATH or any(c.isspace() for c in path):
                raise ValueError(f"{name}: must be a path starting with '/', not {TOKEN_PATH} (got {path!r})")
        if self.form_path == self.confirm_path:
            raise ValueError("form_path and confirm_path must differ")
        if self.basic_user is None and self.client_id is None:
            raise ValueError(
                "no partner credentials: set POSTALGUI_PARTNER_USER and POSTALGUI_PARTNER_PASSWORD"
                " or POSTALGUI_PARTNER_CLIENT_ID and POSTALGUI_PARTNER_CLIENT_SECRET"
            )

    @property
    def accepts_basic(self) -> bool:
        return self.auth is not AuthMode.OAUTH and self.basic_secret is not None

    @property
    def accepts_oauth(self) -> bool:
        return self.auth is not AuthMode.BASIC and self.client_secret is not None

    @property
    def client_version(self) -> str:
        """What a token carries of the OAuth client: changing its id or secret revokes its tokens."""
        if self.client_id is None or self.client_secret is None:
            return ""
        return credentials_version(self.client_id, self.client_secret)

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None, **overrides: object) -> PartnerConfig:
        """Settings from ``POSTALGUI_PARTNER_*`` (and ``POSTALGUI_STER_*``), then `overrides`."""
        env = os.environ if environ is None else environ
        values: dict[str, object] = {}
        pairs = (
            ("POSTALGUI_PARTNER_USER", "POSTALGUI_PARTNER_PASSWORD", "basic_user", "basic_secret"),
            ("POSTALGUI_PARTNER_CLIENT_ID", "POSTALGUI_PARTNER_CLIENT_SECRET", "client_id", "client_secret"),
        )
        for user_var, secret_var, user_field, secret_field in pairs:
            user, secret = env.get(user_var, "").strip(), env.get(secret_var, "")
            if bool(user) != bool(secret):
                raise ValueError(f"{user_var} and {secret_var} must be set together")
            if user:
                values[user_field] = user
                values[secret_field] = HashedSecret.of(secret, scope=user)
        simple = (
            ("POSTALGUI_PARTNER_DATABASE", "database_url"),
            ("POSTALGUI_PARTNER_FORM_PATH", "form_path"),
            ("POSTALGUI_PARTNER_CONFIRM_PATH", "confirm_path"),
            ("POSTALGUI_PARTNER_HANDLER", "handler"),
        )
        for var, name in simple:
            if env.get(var, "").strip():
                values[name] = env[var].strip()
        mode = env.get("POSTALGUI_PARTNER_AUTH", "").strip().lower()
        if mode:
            try:
                values["auth"] = AuthMode(mode)
            except ValueError:
                raise ValueError(
                    f"POSTALGUI_PARTNER_AUTH: must be basic, oauth or both (got {mode!r})"
                ) from None
        for var, name, rule in _NUMBERS:
            number = env.get(var, "").strip()
            if number:
                if not (number.isascii() and number.isdigit()) or int(number) < 1:
                    raise ValueError(f"{var}: {rule} (got {number[:40]!r})")
                values[name] = int(number)
        values["ster"] = _ster_access(env)
        values.update(overrides)
        if not values.get("database_url"):
            raise ValueError("POSTALGUI_PARTNER_DATABASE: the ledger's database URL is not set")
        return cls(**values)  # type: ignore[arg-type]


def _ster_access(env: Mapping[str, str]) -> SterAccess | None:
    """Reconciliation access from ``POSTALGUI_STER_URL`` (or ``POSTALGUI_BASE_URL``),
    ``POSTALGUI_STER_CONTRACT``, ``POSTALGUI_USER`` and ``POSTALGUI_ACCESS_CODE``; None when incomplete."""
    url = (env.get("POSTALGUI_STER_URL") or env.get("POSTALGUI_BASE_URL") or "").strip().rstrip("/")
    contract = env.get("POSTALGUI_STER_CONTRACT", "").strip()
    user, password = env.get("POSTALGUI_USER", "").strip(), env.get("POSTALGUI_ACCESS_CODE", "")
    if not (url and contract and user and password):
        return None
    return SterAccess(url, contract, user, password)
