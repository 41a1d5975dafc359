"""The branch-search service's records (spec 001, sections 2.3 and 3; REFERENCE.md, Branch search).

Field names are the operator's. Parsing is tolerant where working deployments differ
from the spec: ``dhAlteracao`` with two or three decimals (or none), coordinates sent as
strings or numbers (kept as the operator's text; `Address.lat`/`lon` read them),
``numero`` "SN", ``horarios`` with only some keys, ``emails``/``telefones`` absent or
null, codes sent as numbers. Every record keeps the fields it does not name
(``extra="allow"``; `extras` lists them), so nothing the operator sends is dropped and
``--json`` can print the record as it came.

The page envelope of ``GET /v1/unidades`` is `UnitPage`: ``itens`` and ``page`` as every
page envelope, plus its ``links`` (``[{rel, href}]``, spec 2.3) as `Link` records; the
``self`` link writes the sort as ``field,direction`` (`UnitPage.sort`).
"""

from __future__ import annotations

import math
from datetime import datetime
from enum import StrEnum
from typing import Any
from urllib.parse import parse_qs, urlsplit

from pydantic import BaseModel, ConfigDict, Field, field_serializer, field_validator

from postalgui.api.models.paging import Page

__all__ = [
    "BRANCH_TYPE",
    "LOCKER_TYPE",
    "SALES_POINT_TYPE",
    "Address",
    "Hours",
    "Link",
    "Locality",
    "Unit",
    "UnitPage",
    "UnitStatus",
    "UnitStatusCode",
    "UnitType",
]

BRANCH_TYPE = "09"
"""``codigoTipoUnidade`` of the operator's own branch (AGENCIA CORREIO)."""

SALES_POINT_TYPE = "24"
"""``codigoTipoUnidade`` of a product sales point."""

LOCKER_TYPE = "46"
"""``codigoTipoUnidade`` of a locker (smart parcel cabinet)."""


class UnitStatusCode(StrEnum):
    """Unit status codes (spec 2.3), with the operator's description."""

    NAO_INSTALADO = "1"
    INSTALADO = "2"
    FECHADO_PROVISORIAMENTE = "3"
    EXTINTO = "4"
    EM_EXTINCAO = "5"
    OUTROS = "6"

    @property
    def description(self) -> str:
        """The operator's own words (``GET /v1/status``)."""
        return _STATUS_DESCRIPTIONS[self]


_STATUS_DESCRIPTIONS = {
    UnitStatusCode.NAO_INSTALADO: "NÃO INSTALADO",
    UnitStatusCode.INSTALADO: "INSTALADO",
    UnitStatusCode.FECHADO_PROVISORIAMENTE: "FECHADO PROVISORIAMENTE",
    UnitStatusCode.EXTINTO: "EXTINTO",
    UnitStatusCode.EM_EXTINCAO: "EM EXTINÇÃO",
    UnitStatusCode.OUTROS: "OUTROS",
}


def _list_of_text(value: object) -> object:
    """``emails``/``telefones``/``codigoSro``: absent or null is none; one string is a list of one."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, list):
        return [str(entry) for entry in value if entry is not None and str(entry).strip()]
    return value


class _Record(BaseModel):
    # Numbers where the spec has text (codes, coordinates) become text in pydantic's own
    # core: per-field Python validators cost a third of a 12,000-unit sync's parse time.
    model_config = ConfigDict(extra="allow", frozen=True, coerce_numbers_to_str=True)

    @property
    def extras(self) -> dict[str, Any]:
        """Fields the operator sent that the model does not name, as sent."""
        return dict(self.model_extra or {})


class UnitType(_Record):
    """A unit type (``GET /v1/tipos``; ``tipoUnidade`` of a unit): ``09`` branch, ``46`` locker."""

    codigo: str
    descricao: str = ""
    sigla: str = ""


class UnitStatus(_Record):
    """A unit status (``GET /v1/status``)."""

    codigo: str
    descricao: str = ""


class Address(_Record):
    """``endereco`` of a unit; every field optional (the wild leaves some out)."""

    cep: str | None = None
    uf: str | None = None
    localidade: str | None = None
    municipio: str | None = None
    logradouro: str | None = None
    bairro: str | None = None
    complemento: str | None = None
    numero: str | None = None
    codigoIbge: str | None = None
    regiao: str | None = None
    longitude: str | None = None
    latitude: str | None = None
    fuso: str | None = None
    fusoVerao: str | None = None

    @property
    def lat(self) -> float | None:
        """``latitude`` as a number; ``None`` when absent or not a coordinate."""
        return _coordinate(self.latitude, 90.0)

    @property
    def lon(self) -> float | None:
        """``longitude`` as a number; ``None`` when absent or not a coordinate."""
        return _coordinate(self.longitude, 180.0)


def _coordinate(text: str | None, bound: float) -> float | None:
    if text is None:
        return None
    try:
        value = float(text.replace(",", "."))
    except ValueError:
        return None
    return value if math.isfinite(value) and -bound <= value <= bound else None


class Hours(_Record):
    """``horarios`` of a unit: ``hh:mm`` texts, each optional (REFERENCE: often only some).

    ``funcionamento`` is the operator's description of the weekdays the unit works.
    """

    funcionamento: str | None = None
    iniExpediente: str | None = None
    fimExpediente: str | None = None
    iniAlmoco: str | None = None
    fimAlmoco: str | None = None
    limitePostagemSemana: str | None = None
    iniSabado: str | None = None
    fimSabado: str | None = None
    iniDomingo: str | None = None
    fimDomingo: str | None = None


class Unit(_Record):
    """One unit (an item of ``itens`` of ``GET /v1/unidades``, or ``GET /v1/unidades/{id}``).

    ``id`` is the 8-digit MCU. ``status`` is a code of `UnitStatusCode` (unknown codes
    are kept as sent). ``dhAlteracao`` is read with 0 to 6 decimals and written back with
    three, as the spec writes it.
    """

    id: str
    codigoAntigo: str | None = None
    codigoCadastroGeral: int | None = None
    nome: str = ""
    ativa: bool | None = None
    status: str | None = None
    descStatus: str | None = None
    tipo: str | None = None
    tipoUnidade: UnitType | None = None
    emails: list[str] = Field(default_factory=list)
    telefones: list[str] = Field(default_factory=list)
    endereco: Address = Field(default_factory=Address)
    horarios: Hours = Field(default_factory=Hours)
    codigoSro: list[str] = Field(default_factory=list)
    inOperadorAtende: str | None = None
    inCliqueRetire: str | None = None
    dhAlteracao: datetime | None = None

    _lists = field_validator("emails", "telefones", "codigoSro", mode="before")(_list_of_text)

    @field_validator("codigoCadastroGeral", mode="before")
    @classmethod
    def _registry(cls, value: object) -> object:
        if isinstance(value, str):
            return int(value) if value.strip().isdigit() else None
        return value

    @field_validator("endereco", "horarios", mode="before")
    @classmethod
    def _null_object(cls, value: object) -> object:
        return {} if value is None else value

    @field_validator("dhAlteracao", mode="before")
    @classmethod
    def _changed(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_serializer("dhAlteracao")
    def _changed_text(self, value: datetime | None) -> str | None:
        """Back to the wire form ``YYYY-MM-DDThh:mm:ss.mmm`` (naive, as the operator sends it)."""
        if value is None:
            return None
        return value.replace(tzinfo=None).isoformat(timespec="milliseconds")

    @property
    def type_code(self) -> str | None:
        """``tipoUnidade.codigo`` (``09``, ``24``, ``46``, ...), or ``None`` when absent."""
        return self.tipoUnidade.codigo if self.tipoUnidade else None

    @property
    def known_status(self) -> UnitStatusCode | None:
        try:
            return UnitStatusCode(self.status or "")
        except ValueError:
            return None

    @property
    def clique_retire(self) -> bool:
        """Offers pick-up of online purchases (``inCliqueRetire`` S)."""
        return (self.inCliqueRetire or "").strip().upper() == "S"

    @property
    def operator_attends(self) -> bool:
        """``inOperadorAtende`` S."""
        return (self.inOperadorAtende or "").strip().upper() == "S"

    def wire(self) -> dict[str, Any]:
        """The record with the operator's field names, as JSON values (for ``--json`` and the cache)."""
        return self.model_dump(mode="json", exclude_none=True)


class Locality(_Record):
    """An item of ``GET /v1/localidades`` (the spec shows no fields).

    Typed: the fields the sandbox and working clients send; everything else is kept.
    """

    uf: str | None = None
    municipio: str | None = None
    localidade: str | None = None
    codigoIbge: str | None = None
    bairro: str | None = None

    @property
    def name(self) -> str:
        """The municipality's name for people (``localidade``, accents kept), else ``municipio``."""
        return self.localidade or self.municipio or ""


class Link(_Record):
    """An item of a page's ``links``: ``rel`` (``self``, ``next``...) and ``href``."""

    rel: str = ""
    href: str = ""


class UnitPage(Page[Unit]):
    """A page of ``GET /v1/unidades``: `Page`'s ``itens`` and ``page``, and its ``links``."""

    links: list[Link] = Field(default_factory=list)

    @field_validator("links", mode="before")
    @classmethod
    def _links(cls, value: object) -> object:
        """Absent or null is none; one link object alone is a list of one."""
        if value is None:
            return []
        return [value] if isinstance(value, dict) else value

    def link(self, rel: str) -> Link | None:
        """The first link of that ``rel`` (``self``), or ``None``."""
        return next((link for link in self.links if link.rel.casefold() == rel.casefold()), None)

    @property
    def sort(self) -> str | None:
        """The order the operator applied, ``field,direction`` as its ``self`` link writes it."""
        found = self.link("self")
        values = parse_qs(urlsplit(found.href).query).get("sort") if found is not None else None
        return values[0] if values else None
