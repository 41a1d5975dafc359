"""The token service's response (REFERENCE.md, Token service)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from postalgui.api.values import combine_offset, parse_timestamp


class ApiGroups(BaseModel):
    """An enabled API with the groups of operations the card may use."""

    model_config = ConfigDict(extra="allow")

    api: int
    grupos: list[Any] = Field(default_factory=list)


class CardGrant(BaseModel):
    """``cartaoPostagem`` block of a card-scoped token."""

    model_config = ConfigDict(extra="allow")

    numero: str
    contrato: str | None = None
    dr: int | None = None
    api: list[int] = Field(default_factory=list)
    apis: list[ApiGroups] = Field(default_factory=list)


class ContractGrant(BaseModel):
    """``contrato`` block of a contract-scoped token."""

    model_config = ConfigDict(extra="allow")

    numero: str
    dr: int | None = None
    api: list[int] = Field(default_factory=list)


class TokenResponse(BaseModel):
    """What the three token routes answer. Unknown fields are kept."""

    model_config = ConfigDict(extra="allow")

    ambiente: str | None = None
    id: str | None = None
    ip: str | None = None
    perfil: str | None = None
    cnpj: str | None = None
    categoria: str | None = None
    emissao: str | None = None
    expiraEm: str
    zoneOffset: str | None = None
    token: str = Field(repr=False)
    cartaoPostagem: CardGrant | None = None
    contrato: ContractGrant | None = None

    @property
    def expires_at(self) -> datetime:
        """``expiraEm`` carries no offset: it is local to ``zoneOffset`` (default -03:00)."""
        return combine_offset(parse_timestamp(self.expiraEm), self.zoneOffset)

    @property
    def issued_at(self) -> datetime | None:
        if not self.emissao:
            return None
        return combine_offset(parse_timestamp(self.emissao), self.zoneOffset)

    @property
    def api_ids(self) -> list[int]:
        """Numeric ids of the APIs the card or contract may use."""
        if self.cartaoPostagem is not None:
            return list(self.cartaoPostagem.api)
        if self.contrato is not None:
            return list(self.contrato.api)
        return []
