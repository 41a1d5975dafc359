"""The invoice service's records (spec 001, sections 2.1 and 3; REFERENCE.md, Invoice service).

Field names are the operator's. Deployments differ: the invoice number comes as ``id``
or ``fatura``, the processing file type as ``tiporquivo`` (the spec's spelling) or
``tipoArquivo``; both are read. Unknown fields are kept (``extra="allow"``).

The analytic statement (a CSV of five blocks) is read into plain slotted records,
not pydantic models: a statement can hold 100,000 detail lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator, model_validator

from postalgui.api.values import Money, parse_date_iso

__all__ = [
    "AnalyticHeader",
    "AnalyticItem",
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


@dataclass(frozen=True)
class AnalyticStatement:
    """The five blocks of an analytic statement CSV."""

    title: str
    header: AnalyticHeader
    items: list[AnalyticItem] = field(default_factory=list)
    service_totals: list[ServiceTotal] = field(default_factory=list)
    invoice_totals: list[InvoiceTotal] = field(default_factory=list)

    @property
    def invoice_total(self) -> Decimal | None:
        """The TOTALIZACAO FATURA row named as the invoice total (the last row)."""
        for row in reversed(self.invoice_totals):
            if "TOTAL" in row.descricao.upper():
                return row.valor
        return self.invoice_totals[-1].valor if self.invoice_totals else None
