"""Token scopes and the names secrets are stored under: what settings and the UI need
of tokens without loading the HTTP client (the window shows before `requests` loads).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum
from typing import Any

from postalgui.api.values import pad_card_number, pad_contract_number

REFRESH_MARGIN = timedelta(minutes=30)
"""A token is renewed this long before it expires, or earlier by `REFRESH_SHARE`..."""
REFRESH_SHARE = 0.1
"""...a tenth of its lifetime, when that is shorter (a 2 min token is renewed 12 s ahead)."""
TOKEN_BASE = "/token/v1/autentica"  # noqa: S105  # a path, not a password

LOGIN_KEY = "login"
ACCESS_CODE_KEY = "access_code"
DELEGATED_KEY = "delegated_key"
DATABASE_PASSWORD_KEY = "database_password"  # noqa: S105  # a key name, not a password


class Scope(StrEnum):
    """What a token is issued for (spec 001, 4.4)."""

    LOGIN = "login"
    CONTRACT = "contract"
    CARD = "card"


@dataclass(frozen=True)
class TokenScope:
    """A token request: its scope and the numbers it names (zero-padded to 10 digits)."""

    kind: Scope
    contract: str | None = None
    card: str | None = None
    dr: int | None = None

    def __post_init__(self) -> None:
        if self.contract:
            object.__setattr__(self, "contract", pad_contract_number(self.contract))
        if self.card:
            object.__setattr__(self, "card", pad_card_number(self.card))
        if self.kind is Scope.CONTRACT and not self.contract:
            raise ValueError("a contract token needs a contract number")
        if self.kind is Scope.CARD and not self.card:
            raise ValueError("a card token needs a posting card number")

    @property
    def key(self) -> str:
        """Cache key: one token per scope and number."""
        if self.kind is Scope.CARD:
            return f"card:{self.card}"
        if self.kind is Scope.CONTRACT:
            return f"contract:{self.contract}"
        return "login"

    @property
    def path(self) -> str:
        return {
            Scope.LOGIN: TOKEN_BASE,
            Scope.CONTRACT: f"{TOKEN_BASE}/contrato",
            Scope.CARD: f"{TOKEN_BASE}/cartaopostagem",
        }[self.kind]

    def body(self) -> dict[str, Any] | None:
        if self.kind is Scope.LOGIN:
            return None
        body: dict[str, Any] = {"numero": self.card if self.kind is Scope.CARD else self.contract}
        if self.kind is Scope.CARD and self.contract:
            body["contrato"] = self.contract
        if self.dr is not None:
            body["dr"] = self.dr
        return body
