"""The invoice service's records (spec 001, sections 2.1 and 3; REFERENCE.md, Invoice service).

Field names are the operator's. Deployments differ: the invoice number comes as ``id``
or ``fatura``, the processing file type as ``tiporquivo`` (the spec's spelling) or
``tipoArquivo``; both are read. Unknown fields are kept (``extra="allow"``).

The analytic statement (a CSV of five blocks) is read into plain slotted records,
not pydantic models: a statement can hold 100,000 detail lines, kept as columns
(`AnalyticItems`) and made into `AnalyticItem` records only when read.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from itertools import repeat
from operator import eq
from typing import Any, overload

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator, model_validator

from postalgui.api.values import parse_date_iso
from postalgui.api.values.fields import Money

__all__ = [
    "AnalyticHeader",
    "AnalyticItem",
    "AnalyticItems",
    "AnalyticStatement",
    "Divergence",
    "DocumentType",
    "Invoice",
    "InvoiceTotal",
    "PreviewKind",
    "ProcessingKind",
    "ProcessingRecord",
    "ProcessingStatus",
    "ServiceTotal",
]


class DocumentType(StrEnum):
    """``tipoDocumento`` (spec 2.1), with what each means."""

    RE = "RE"
    R4 = "R4"
    RA = "RA"
    R6 = "R6"
    R8 = "R8"
    RT = "RT"
    RZ = "RZ"
    R3 = "R3"

    @property
    def meaning(self) -> str:
        return _DOCUMENT_MEANINGS[self]


_DOCUMENT_MEANINGS = {
    DocumentType.RE: "invoice originated in the billing module",
    DocumentType.R4: "invoice migrated from a legacy billing system",
    DocumentType.RA: "instalment plan of debts (debt acknowledgement term)",
    DocumentType.R6: "postal tax-debt refinancing program invoice",
    DocumentType.R8: "court-agreement invoice",
    DocumentType.RT: "estimate-based invoice",
    DocumentType.RZ: "zeroed invoice",
    DocumentType.R3: "supplier invoice",
}


class ProcessingStatus(StrEnum):
    """Status of an asynchronous processing (spec 3; REFERENCE.md adds the others).

    ``UNKNOWN`` stands for any other word: the spec says statuses besides the ones it
    shows exist without naming them, so a record with one is read, not refused, and
    its processing is taken as still going (`ProcessingRecord.status_text` keeps the word).
    """

    SOLICITADO = "SOLICITADO"
    EM_EXECUCAO = "EM_EXECUCAO"
    SUCESSO = "SUCESSO"
    ERRO = "ERRO"
    EXCLUIDO = "EXCLUIDO"
    UNKNOWN = "UNKNOWN"

    @property
    def finished(self) -> bool:
        return self in (ProcessingStatus.SUCESSO, ProcessingStatus.ERRO, ProcessingStatus.EXCLUIDO)


class ProcessingKind(StrEnum):
    """``tipoProcessamento``."""

    EXTRATO_ANALITICO = "EXTRATO_ANALITICO"
    PREVIA_SINTETICO = "PREVIA_SINTETICO"
    PREVIA_ANALITICO = "PREVIA_ANALITICO"


class PreviewKind(StrEnum):
    """``tipoPrevia`` of ``POST /v1/previas``."""

    SINTETICO = "SINTETICO"
    ANALITICO = "ANALITICO"


class _Record(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True, populate_by_name=True)


class Invoice(_Record):
    """An item of ``GET /v1/faturas``; ``id`` also read from ``fatura``."""

    id: int = Field(validation_alias=AliasChoices("id", "fatura"))
    contrato: str | None = None
    status: str | None = None
    vencimento: date | None = None
    valor: Money | None = None
    itemFatura: str | None = None
    tipoDocumento: str | None = None
    dataFechamento: date | None = None
    tipoPagamento: str | None = None
    lote: str | None = None
    nomeContrato: str | None = None
    centroCusto: str | None = None
    drFatura: str | None = None
    valorEmAberto: Money | None = None

    @field_validator("vencimento", "dataFechamento", mode="before")
    @classmethod
    def _date(cls, value: object) -> object:
        if value in (None, ""):
            return None
        if isinstance(value, str):
            return parse_date_iso(value[:10])
        return value

    @field_validator("id", mode="before")
    @classmethod
    def _number(cls, value: object) -> object:
        return int(value.strip()) if isinstance(value, str) else value

    @property
    def document_type(self) -> DocumentType | None:
        """The known document type, ``None`` for one the spec does not list."""
        try:
            return DocumentType(self.tipoDocumento or "")
        except ValueError:
            return None

    @property
    def paid(self) -> bool:
        return (self.status or "").strip().casefold() == "paga"

    @property
    def open(self) -> bool:
        return (self.status or "").strip().casefold() == "em aberto"


class ProcessingRecord(_Record):
    """What the asynchronous requests and the status query answer."""

    id: str
    tipoProcessamento: str | None = None
    status: ProcessingStatus
    status_text: str = Field(default="", exclude=True)
    """The status as the operator wrote it (the word behind ``UNKNOWN``)."""
    dataSolicitacao: datetime | None = None
    parametros: dict[str, Any] = Field(default_factory=dict)
    dataFimProcessamento: datetime | None = None
    nomeArquivo: str | None = None
    file_type: str | None = Field(default=None, validation_alias=AliasChoices("tiporquivo", "tipoArquivo"))

    @model_validator(mode="before")
    @classmethod
    def _operator_status(cls, data: object) -> object:
        """A status word outside the known ones is ``UNKNOWN``; the word is kept as ``status_text``."""
        if not isinstance(data, dict) or not isinstance(data.get("status"), str):
            return data
        word = data["status"].strip()
        known = word in ProcessingStatus.__members__.values()
        return {**data, "status": word if known else ProcessingStatus.UNKNOWN.value, "status_text": word}

    @field_validator("dataSolicitacao", "dataFimProcessamento", mode="before")
    @classmethod
    def _blank(cls, value: object) -> object:
        return None if value == "" else value

    @field_validator("parametros", mode="before")
    @classmethod
    def _params(cls, value: object) -> object:
        return {} if value is None else value


class Divergence(_Record):
    """A tariff divergence of open billing; the spec does not show its fields.

    Fields seen in working clients are typed; everything else is kept as sent.
    """

    codigoObjeto: str | None = None
    valorTarifadoSgpb: Money | None = None
    dataPostagem: str | None = None


# --------------------------------------------------------------------------- analytic CSV


@dataclass(frozen=True, slots=True)
class AnalyticHeader:
    """Block 2: the invoice header line, column titles as the file writes them."""

    values: dict[str, str]

    def get(self, title: str) -> str:
        return self.values.get(title, "")


@dataclass(frozen=True, slots=True)
class AnalyticItem:
    """Block 3: one detail line (money as Decimal, weight and quantity as int)."""

    cartao: str
    titular: str
    codigo_servico: str
    servico: str
    data_postagem: str
    servicos_adicionais: str
    unidade_postagem: str
    cep_destinatario: str
    etiqueta: str
    documento: str
    peso: int
    valor_unitario: Decimal
    desconto: Decimal
    quantidade: int
    valor_liquido: Decimal
    valor_declarado: Decimal


@dataclass(frozen=True, slots=True)
class ServiceTotal:
    """Block 4: TOTALIZACAO POR SERVICO."""

    codigo_servico: str
    descricao: str
    quantidade: int
    valor_servico: Decimal
    desconto: Decimal
    valor_liquido: Decimal


@dataclass(frozen=True, slots=True)
class InvoiceTotal:
    """Block 5: TOTALIZACAO FATURA, one row (the last is the invoice total)."""

    descricao: str
    quantidade: int | None
    valor: Decimal


ITEM_FIELDS = tuple(item_field.name for item_field in fields(AnalyticItem))
"""`AnalyticItem`'s fields, in order: the columns of `AnalyticItems`."""

_FIELD_POSITIONS = {name: position for position, name in enumerate(ITEM_FIELDS)}


class AnalyticItems(Sequence[AnalyticItem]):
    """Block 3's detail lines as one list per `AnalyticItem` field; an item is made when read.

    Why: making 100,000 frozen `AnalyticItem` records took 250 ms of a 600 ms parse,
    and most readers want a few fields of every line (`reconcile` sums two, the
    items table indexes the columns) or a few whole lines (the row a view shows).
    Columns of strings, ints and Decimals also cost the garbage collector nothing,
    and equal texts read once are one string (a card number is not kept 100,000 times).
    Iterating makes each item in turn (``map`` in C), indexing makes the one asked for.
    """

    __slots__ = ("_columns",)

    def __init__(self, columns: Sequence[list[Any]] | None = None) -> None:
        """``columns``: one list per field, in `ITEM_FIELDS` order, all as long (none: no items)."""
        if columns is None:
            columns = [[] for _ in ITEM_FIELDS]
        if len(columns) != len(ITEM_FIELDS) or len({len(column) for column in columns}) > 1:
            raise ValueError(f"expected {len(ITEM_FIELDS)} columns of one length")
        self._columns = tuple(columns)

    @classmethod
    def of(cls, items: Iterable[AnalyticItem]) -> AnalyticItems:
        """The columns of these items (a test's or a writer's few)."""
        rows = [tuple(getattr(item, name) for name in ITEM_FIELDS) for item in items]
        return cls([list(column) for column in zip(*rows, strict=True)] if rows else None)

    @property
    def columns(self) -> tuple[list[Any], ...]:
        """The lists themselves, in `ITEM_FIELDS` order (a worker empties them in steps)."""
        return self._columns

    def column(self, name: str) -> list[Any]:
        """The values of one field (an `AnalyticItem` field name), in file order."""
        return self._columns[_FIELD_POSITIONS[name]]

    def __len__(self) -> int:
        return len(self._columns[0])

    @overload
    def __getitem__(self, index: int) -> AnalyticItem: ...

    @overload
    def __getitem__(self, index: slice) -> AnalyticItems: ...

    def __getitem__(self, index: int | slice) -> AnalyticItem | AnalyticItems:
        if isinstance(index, slice):
            return AnalyticItems([column[index] for column in self._columns])
        return AnalyticItem(*map(list.__getitem__, self._columns, repeat(index)))

    def __iter__(self) -> Iterator[AnalyticItem]:
        return map(AnalyticItem, *self._columns)

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same items (a list of them included)."""
        if not isinstance(other, Sequence) or isinstance(other, str | bytes):
            return NotImplemented
        return len(self) == len(other) and all(map(eq, self, other))

    __hash__ = None  # type: ignore[assignment]  # its lists change when emptied (`columns`)

    def __repr__(self) -> str:
        return f"<AnalyticItems: {len(self)} items>"


@dataclass(frozen=True)
class AnalyticStatement:
    """The five blocks of an analytic statement CSV."""

    title: str
    header: AnalyticHeader
    items: AnalyticItems = field(default_factory=AnalyticItems)
    service_totals: list[ServiceTotal] = field(default_factory=list)
    invoice_totals: list[InvoiceTotal] = field(default_factory=list)

    @property
    def invoice_total(self) -> Decimal | None:
        """The TOTALIZACAO FATURA row named as the invoice total (the last row)."""
        for row in reversed(self.invoice_totals):
            if "TOTAL" in row.descricao.upper():
                return row.valor
        return self.invoice_totals[-1].valor if self.invoice_totals else None
