"""The delivery-time service's records (not in the spec; REFERENCE.md, Price service).

Tolerant where the manual and deployments differ: ``dataMaxima`` with or without
seconds or a zone, ``prazoEntrega`` as a number or text, the S/N flags as text or
booleans, ``txErro`` in any of the price service's shapes (`parse_item_error`). The
date that counts is ``dataMaxima``: the documents disagree on business vs calendar
days, so the UI shows the date, not only the count.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from postalgui.api.models.price import ItemError, parse_item_error
from postalgui.api.values import format_date_dmy
from postalgui.api.values.fields import Cep, OneLine

__all__ = ["Deadline", "DeadlineQuery", "InternationalDeadline"]


def _flag(value: object) -> object:
    """``"S"``/``"N"`` (or a boolean) as a boolean; anything else as unknown."""
    if isinstance(value, bool) or value is None:
        return value
    text = str(value).strip().upper()
    return {"S": True, "N": False, "SIM": True, "NAO": False, "NÃO": False}.get(text)


def _moment(value: object) -> object:
    """``2022-03-21T23:58:00`` (seconds, fractions and a zone optional) or ``21/03/2022``."""
    if not isinstance(value, str) or not value.strip():
        return None if value in ("", None) else value
    text = value.strip()
    if len(text) == 10 and text[2] in "/-" and text[5] in "/-":
        return datetime(int(text[6:]), int(text[3:5]), int(text[:2]), 23, 59)
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


class DeadlineQuery(BaseModel):
    """One product and route to ask the deadline of; checked when built."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    coProduto: str = Field(pattern=r"^\d{5}$")
    cepOrigem: Cep
    cepDestino: Cep
    dtEvento: date | None = None
    nuRequisicao: OneLine | None = None

    def params(self) -> dict[str, str]:
        """GET parameters (``dtEvento`` as DD-MM-YYYY, as the price service writes it)."""
        params = {"cepOrigem": self.cepOrigem, "cepDestino": self.cepDestino}
        if self.dtEvento is not None:
            params["dtEvento"] = format_date_dmy(self.dtEvento)
        return params

    def batch_item(self, number: str) -> dict[str, str]:
        return {"coProduto": self.coProduto, "nuRequisicao": number, **self.params()}


class Deadline(BaseModel):
    """The operator's deadline for one product and route (or its item error)."""

    model_config = ConfigDict(extra="allow")

    coProduto: str | None = None
    nuRequisicao: str | None = None
    prazoEntrega: int | None = None
    dataMaxima: datetime | None = None
    entregaDomiciliar: bool | None = None
    entregaSabado: bool | None = None
    entregaDomingo: bool | None = None
    msgPrazo: str | None = None
    error: ItemError | None = None

    @model_validator(mode="before")
    @classmethod
    def _read_error(cls, data: Any) -> Any:
        if isinstance(data, dict) and "error" not in data:
            return {**data, "error": parse_item_error(data.get("txErro"))}
        return data

    @field_validator("coProduto", "nuRequisicao", mode="before")
    @classmethod
    def _text(cls, value: object) -> object:
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value

    @field_validator("prazoEntrega", mode="before")
    @classmethod
    def _days(cls, value: object) -> object:
        if isinstance(value, str):
            return int(value.strip()) if value.strip().isdigit() else None
        return value

    _flags = field_validator("entregaDomiciliar", "entregaSabado", "entregaDomingo", mode="before")(_flag)
    _dates = field_validator("dataMaxima", mode="before")(_moment)

    @property
    def by(self) -> date | None:
        """The last day of delivery."""
        return None if self.dataMaxima is None else self.dataMaxima.date()

    def wire(self) -> dict[str, Any]:
        """The operator's fields, for ``--json`` (dates as the operator writes them)."""
        data = self.model_dump(exclude={"error"}, exclude_none=True, mode="json")
        for name in ("entregaDomiciliar", "entregaSabado", "entregaDomingo"):
            if name in data:
                data[name] = "S" if data[name] else "N"
        if self.error is not None:
            data["txErro"] = str(self.error)
        return data


class InternationalDeadline(BaseModel):
    """An export deadline (``/prazo/v2/internacional/exportacao``): a range of days and dates."""

    model_config = ConfigDict(extra="allow")

    coProduto: str | None = None
    prazoMinimo: int | None = None
    prazoMaximo: int | None = None
    dataMinEntrega: datetime | None = None
    dataMaxEntrega: datetime | None = None

    _dates = field_validator("dataMinEntrega", "dataMaxEntrega", mode="before")(_moment)
