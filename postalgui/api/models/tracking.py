"""The tracking service's records (SRO, API 87; not in the spec: REFERENCE.md, Tracking).

Every field is optional, as REFERENCE says to read them: the manual and the deployments
differ, and an object with no events yet carries only its code and a ``mensagem``
(``SRO-019`` invalid, ``SRO-020`` not found). Times travel without a zone
(``2022-03-11T20:58:00``): they are the operator's local time and are kept naive.
Events come newest first, as the operator sends them.
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    TypeAdapter,
    field_validator,
)

from postalgui.api.values import parse_money

__all__ = [
    "Glance",
    "GlanceAnswer",
    "LastEvent",
    "LastSeen",
    "PostalType",
    "TrackedObject",
    "TrackingAddress",
    "TrackingAnswer",
    "TrackingEvent",
    "TrackingUnit",
    "message_code",
]

_CODE = re.compile(r"^\s*([A-Z]{2,4}-\d{3})\b")


def message_code(text: str | None) -> str | None:
    """``SRO-020`` of ``"SRO-020: Objeto não encontrado..."``; ``None`` without one."""
    match = _CODE.match(text or "")
    return match.group(1) if match else None


def _local(value: datetime | None) -> datetime | None:
    """The operator's local time: a zone some gateway adds is dropped (the text is parsed,
    seconds, fractions or a zone optional, by pydantic itself)."""
    return value.replace(tzinfo=None) if value is not None and value.tzinfo is not None else value


def _blank(value: object) -> object:
    return None if isinstance(value, str) and not value.strip() else value


def _none_is_empty(value: object) -> object:
    return () if value is None else value


Moment = Annotated[datetime | None, BeforeValidator(_blank), AfterValidator(_local)]
"""A time as the operator writes it; "" is none. A refresh reads some 350,000 of them for
10,000 objects: the parsing stays in pydantic's core (bench_tracking_refresh.py)."""

_MOMENT: TypeAdapter[datetime | None] = TypeAdapter(Moment)
_SECONDS = re.compile(r"\d{4}-\d\d-\d\dT(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d")
"""A time in the form the operator sends and a row keeps (``2022-03-11T20:58:00``)."""


def _two_digits(value: str | None) -> str | None:
    """``1`` and ``"1"`` are ``"01"``: the event table keys on two digits."""
    return value.strip().zfill(2) if value is not None and value.strip().isdigit() else value


def _moment_text(raw: str | None) -> str | None:
    """``raw`` (a time as the operator wrote it) as a row keeps it (`Moment`, ISO text);
    raises ``ValueError`` when it is not a time. The operator's usual form is returned as
    it is, unparsed: a date it cannot hold (month 13) then differs from every row's, so
    the object counts as moved and its whole answer is read, strictly."""
    if raw is None or not raw.strip():
        return None
    if _SECONDS.fullmatch(raw):
        return raw
    moment = _MOMENT.validate_python(raw)
    return moment.isoformat() if moment is not None else None


class _Record(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True, coerce_numbers_to_str=True)


class TrackingAddress(_Record):
    cep: str | None = None
    logradouro: str | None = None
    numero: str | None = None
    bairro: str | None = None
    cidade: str | None = None
    uf: str | None = None

    @property
    def place(self) -> str:
        """``"Campinas/SP"``, what a clerk calls where a parcel is ("" when unknown)."""
        return "/".join(part for part in (self.cidade or "", self.uf or "") if part)


class TrackingUnit(_Record):
    """The unit an event happened at (or was headed to)."""

    codSro: str | None = None
    tipo: str | None = None
    nome: str | None = None
    endereco: TrackingAddress | None = None

    @property
    def place(self) -> str:
        return self.endereco.place if self.endereco is not None else ""


class LastEvent(_Record):
    """An event as a refresh compares it with the one kept: its code, type and time (the
    rest of it is skipped, not read: `Glance`)."""

    model_config = ConfigDict(extra="ignore", frozen=True, coerce_numbers_to_str=True)

    codigo: str | None = None
    tipo: str | None = None
    dtHrCriado: Moment = None

    @field_validator("tipo", mode="after")
    @classmethod
    def _two_digits(cls, value: str | None) -> str | None:
        return _two_digits(value)

    @property
    def key(self) -> tuple[str, str]:
        """``("BDE", "01")``: what the status is read from."""
        return ((self.codigo or "").strip().upper(), self.tipo or "")


class TrackingEvent(LastEvent):
    model_config = ConfigDict(extra="allow", frozen=True, coerce_numbers_to_str=True)

    dtHrGravado: Moment = None
    descricao: str | None = None
    detalhe: str | None = None
    descCodigo: str | None = None
    unidade: TrackingUnit | None = None
    unidadeDestino: TrackingUnit | None = None
    recebedor: Any = None
    entregadorExterno: Any = None
    dtLimiteRetirada: Moment = None
    comentario: str | None = None
    latitude: str | None = None
    longitude: str | None = None
    codLista: str | None = None


class PostalType(_Record):
    sigla: str | None = None
    descricao: str | None = None
    categoria: str | None = None


class TrackedObject(_Record):
    """One object's answer: its events, or its ``mensagem`` when it has none."""

    codObjeto: str | None = None
    tipoPostal: PostalType | None = None
    dtPrevista: Moment = None
    contrato: str | None = None
    modalidade: str | None = None
    peso: Decimal | None = None
    formato: str | None = None
    valorDeclarado: Decimal | None = None
    mensagem: str | None = None
    eventos: tuple[TrackingEvent, ...] = ()

    @field_validator("peso", "valorDeclarado", mode="before")
    @classmethod
    def _number(cls, value: object) -> object:
        if isinstance(value, str):
            return parse_money(value) if value.strip() else None
        return value

    @field_validator("eventos", mode="before")
    @classmethod
    def _events(cls, value: object) -> object:
        return () if value is None else value

    @property
    def message_code(self) -> str | None:
        """``SRO-019`` (invalid) or ``SRO-020`` (not found) when the operator sent a message."""
        return message_code(self.mensagem)

    @property
    def last_event(self) -> TrackingEvent | None:
        return self.eventos[0] if self.eventos else None


class LastSeen(_Record):
    """An object's last event as a refresh compares it with the row kept: its code, type
    and time as the operator wrote them (text: no Python runs per field while the answer is
    read), normalised only when compared (`key`, `Glance.happened_at`)."""

    model_config = ConfigDict(extra="ignore", frozen=True, coerce_numbers_to_str=True)

    codigo: str | None = None
    tipo: str | None = None
    criado: str | None = Field(default=None, alias="dtHrCriado")

    @property
    def key(self) -> tuple[str, str]:
        """``("BDE", "01")``, as `LastEvent.key` reads it."""
        return ((self.codigo or "").strip().upper(), _two_digits(self.tipo) or "")

    @property
    def dtHrCriado(self) -> datetime | None:  # the operator's field name
        """The time, read as `LastEvent` reads it (raises ``ValueError`` when it is not one)."""
        return _MOMENT.validate_python(self.criado)


class Glance(_Record):
    """An object's answer as a refresh first reads it (``resultado=U``): what it compares
    with the row kept, as text, the rest skipped, not read (`tracking._glances`). Reading
    the times and types as text and comparing them with the row's text took an answer of
    50, read and compared, from 0.55 ms to 0.50 of CPU (the rest is pydantic's lexing of
    the 34 KB): eight workers pay it under one interpreter lock (bench_tracking_refresh.py).
    """

    model_config = ConfigDict(extra="ignore", frozen=True, coerce_numbers_to_str=True)

    codObjeto: str | None = None
    prevista: str | None = Field(default=None, alias="dtPrevista")
    eventos: Annotated[tuple[LastSeen, ...], BeforeValidator(_none_is_empty)] = ()

    @property
    def dtPrevista(self) -> datetime | None:  # the operator's field name
        return _MOMENT.validate_python(self.prevista)

    def happened_at(self, last_at: str | None) -> bool:
        """Whether the last event's time is ``last_at`` (ISO text, as a row keeps it); an
        unreadable time is not."""
        if not self.eventos:
            return False
        try:
            return _moment_text(self.eventos[0].criado) == last_at
        except ValueError:
            return False

    def expected_on(self, day: str | None) -> bool:
        """Whether the expected date is ``day`` (ISO text) or the answer names none; an
        unreadable date is not."""
        raw = self.prevista
        if raw is None or not raw.strip():
            return True
        try:
            text = _moment_text(raw)
        except ValueError:
            return False
        return text is None or text[:10] == day


class GlanceAnswer(_Record):
    model_config = ConfigDict(extra="ignore", frozen=True)

    objetos: Annotated[tuple[Glance, ...], BeforeValidator(_none_is_empty)] = ()


class TrackingAnswer(_Record):
    versao: str | None = None
    quantidade: int | None = None
    resultado: str | None = None
    objetos: tuple[TrackedObject, ...] = ()

    @field_validator("objetos", mode="before")
    @classmethod
    def _objects(cls, value: object) -> object:
        return () if value is None else value
