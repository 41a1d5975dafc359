"""The contract service's records (spec 001, sections 2.2 and 3; REFERENCE.md, Contract service).

Field names are the operator's. Contacts, the category and some service lists have no
published fields: their models type the fields seen and keep everything else
(``extra="allow"``; `extras` lists it), so nothing the operator sends is dropped.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator

from postalgui.api.models.paging import Page, PageInfo

__all__ = [
    "CardStatus",
    "Category",
    "Contact",
    "Contract",
    "ContractStatus",
    "MissingService",
    "Page",
    "PageInfo",
    "PostingCard",
    "Service",
    "ServiceLookup",
]


class ContractStatus(StrEnum):
    """Contract states (spec 3), with what each means for the office."""

    ATIVO = "ATIVO"
    SUSPENSO = "SUSPENSO"
    CANCELADO = "CANCELADO"
    EM_DESENVOLVIMENTO = "EM_DESENVOLVIMENTO"

    @property
    def meaning(self) -> str:
        return _CONTRACT_MEANINGS[self]


_CONTRACT_MEANINGS = {
    ContractStatus.ATIVO: "usable normally",
    ContractStatus.SUSPENSO: "suspended; can be reactivated",
    ContractStatus.CANCELADO: "cancelled; cannot be reactivated",
    ContractStatus.EM_DESENVOLVIMENTO: "being created, not yet active",
}


class CardStatus(StrEnum):
    """Posting card states (spec 3)."""

    ATIVO = "ATIVO"
    SUSPENSO = "SUSPENSO"
    CANCELADO = "CANCELADO"
    IRREGULAR = "IRREGULAR"

    @property
    def meaning(self) -> str:
        return _CARD_MEANINGS[self]


_CARD_MEANINGS = {
    CardStatus.ATIVO: "usable normally",
    CardStatus.SUSPENSO: "suspended; can be reactivated",
    CardStatus.CANCELADO: "cancelled; cannot be reactivated",
    CardStatus.IRREGULAR: "irregular; the operator must be consulted",
}


class _Record(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)

    @property
    def extras(self) -> dict[str, Any]:
        """Fields the operator sent that the model does not name, as sent."""
        return dict(self.model_extra or {})


def _blank_none(value: object) -> object:
    return None if value == "" else value


class Contract(_Record):
    """A contract of the company (``nuCombo`` and ``categoria`` seen in the wild)."""

    cnpj: str | None = None
    nuContrato: str
    nuSe: int | None = None
    dtInicioVigencia: datetime | None = None
    dtFimVigencia: datetime | None = None
    status: str | None = None
    nuCombo: str | None = None
    categoria: str | None = None

    _dates = field_validator("dtInicioVigencia", "dtFimVigencia", mode="before")(_blank_none)

    @field_validator("nuCombo", "categoria", mode="before")
    @classmethod
    def _text(cls, value: object) -> object:
        return None if value is None else str(value)

    @property
    def known_status(self) -> ContractStatus | None:
        try:
            return ContractStatus(self.status or "")
        except ValueError:
            return None


class PostingCard(_Record):
    """A posting card of a contract."""

    cnpj: str | None = None
    nuContrato: str | None = None
    nuSe: int | None = None
    nuCartaoPostagem: str
    cnpjCartao: str | None = None
    dtInicioVigencia: datetime | None = None
    dtFimVigencia: datetime | None = None
    status: str | None = None

    _dates = field_validator("dtInicioVigencia", "dtFimVigencia", mode="before")(_blank_none)

    @property
    def known_status(self) -> CardStatus | None:
        try:
            return CardStatus(self.status or "")
        except ValueError:
            return None


class Service(_Record):
    """A service of a contract or card (code normally 5 digits)."""

    codigo: str
    descricao: str | None = None
    coSegmento: str | None = None
    descSegmento: str | None = None


class Contact(_Record):
    """A management or administration contact; the spec shows no fields.

    Typed: the fields seen in the sandbox and in working clients; the rest is kept.
    """

    nome: str | None = None
    cargo: str | None = None
    email: str | None = None
    telefone: str | None = None
    celular: str | None = None
    tipo: str | None = None


class Category(_Record):
    """The contract's category; the spec shows no fields."""

    codigo: str | None = None
    descricao: str | None = None

    @field_validator("codigo", mode="before")
    @classmethod
    def _code(cls, value: object) -> object:
        return None if value is None else str(value)


class MissingService(BaseModel):
    """Why a service lookup found nothing: the operator's code (``CON-011``) and text."""

    model_config = ConfigDict(frozen=True)

    code: str | None = None
    text: str

    def __str__(self) -> str:
        return f"{self.code}: {self.text}" if self.code else self.text


class ServiceLookup(BaseModel):
    """The answer to "does this contract or card have service ``codigo``?".

    ``service`` when it has; otherwise ``missing`` explains (``CON-011``, a 404 the
    operator uses for "the card or contract lacks this service", which is an answer,
    not a failure).
    """

    model_config = ConfigDict(frozen=True)

    codigo: str
    service: Service | None = None
    missing: MissingService | None = None

    @property
    def found(self) -> bool:
        return self.service is not None
