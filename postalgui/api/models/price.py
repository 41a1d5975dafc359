"""The price service's wire records (spec 000, sections 2.1-2.5), as pydantic models.

Field names are the operator's (``pcFinal``, ``coProduto``). Money and percentages
arrive as decimal-comma strings (``"19,92"``, ``"0,0100"``, sometimes ``"1.234,56"``)
and become `Decimal`; weights are gram strings and become `int`. Every record keeps
fields the spec does not list (``extra="allow"``), because deployments add some.

`PriceQuery` is the other direction: one product to price, built from a form, a CSV
row or the command line. It validates what the user typed (CEP, weight, sizes, dates)
so that bad input names its field before anything is sent, and writes itself as GET
query parameters or as a batch item.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from enum import Enum, StrEnum
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from postalgui.api.values import (
    format_date_dmy,
    format_date_iso,
    format_decimal_dot,
    format_money_wire,
    parse_date_dmy,
    parse_weight_grams,
)
from postalgui.api.values.cards import pad_contract_number
from postalgui.api.values.errors import InvalidValue
from postalgui.api.values.fields import Cep, Money, OneLine, Percent
from postalgui.api.values.text import one_line

__all__ = [
    "AdditionalService",
    "AdditionalServicePrice",
    "Benefit",
    "Criterion",
    "Excluded",
    "ExtraFee",
    "InfoAdicional",
    "InfoTipo",
    "ItemError",
    "ObjectFormat",
    "PriceQuery",
    "PriceResponse",
    "Required",
    "additional_services_params",
    "parse_item_error",
    "wire_json",
]

_PRODUCT = re.compile(r"\d{5}", flags=re.ASCII)
_SERVICE = re.compile(r"\d{3}", flags=re.ASCII)
_COUNTRY = re.compile(r"[A-Z]{2}", flags=re.ASCII)
_CODE_PREFIX = re.compile(r"^\s*([A-Z]{2,5}-\d{2,4})\s*[:\-–]\s*(.*)$", flags=re.DOTALL)


def _grams(value: object) -> object:
    """Weights are gram strings (``"300"``); a JSON number is accepted too."""
    if value is None or value == "":
        return None
    if isinstance(value, str | int):
        return parse_weight_grams(value)
    return value


Grams = Annotated[int, BeforeValidator(_grams)]
"""A weight in whole grams, read from the operator's gram string."""


def _blank_none(value: object) -> object:
    """The operator sends ``""`` for an absent amount; that is no value, not an error."""
    return None if value == "" else value


OptMoney = Annotated[Money | None, BeforeValidator(_blank_none)]
OptPercent = Annotated[Percent | None, BeforeValidator(_blank_none)]
OptGrams = Annotated[Grams | None, BeforeValidator(_blank_none)]


class ObjectFormat(Enum):
    """``tpObjeto``: the object's format (spec 2.2)."""

    ENVELOPE = "1"
    PACKAGE = "2"
    ROLL = "3"


class InfoTipo(StrEnum):
    """``InfoAdicionalResponse.tipo``: the spec's closed list (2.4)."""

    LOB_ERP = "LOB_ERP"
    LIMITE_MAX_TARIFACAO_ERP = "LIMITE_MAX_TARIFACAO_ERP"
    VALOR_PARAMETRO_KILO_ADICIONAL_ERP = "VALOR_PARAMETRO_KILO_ADICIONAL_ERP"
    LOB_SGPB = "LOB_SGPB"
    NU_PROPOSTA = "NU_PROPOSTA"
    CO_MODELO = "CO_MODELO"
    CO_SIMILARIDADE = "CO_SIMILARIDADE"
    IN_EXIGENCIA_CEP_DESTINO = "IN_EXIGENCIA_CEP_DESTINO"
    CO_AGRUPADOR = "CO_AGRUPADOR"
    TIPO_AGRUPADOR = "TIPO_AGRUPADOR"
    NU_CORREDOR_ORIGEM = "NU_CORREDOR_ORIGEM"
    NU_CORREDOR_DESTINO = "NU_CORREDOR_DESTINO"
    NU_TABELA_FATOR = "NU_TABELA_FATOR"
    NU_LINHA_FATOR = "NU_LINHA_FATOR"
    NU_COLUNA_FATOR = "NU_COLUNA_FATOR"
    NO_COLUNA_FATOR = "NO_COLUNA_FATOR"
    CLASSIFICACAO_COLUNA = "CLASSIFICACAO_COLUNA"
    NU_COMBO = "NU_COMBO"
    NU_VARIACAO = "NU_VARIACAO"
    VL_PRECO_BASE = "VL_PRECO_BASE"
    FATOR_FAIXA = "FATOR_FAIXA"
    FATOR_CADA_ADICIONAL = "FATOR_CADA_ADICIONAL"
    QT_EXCESSO = "QT_EXCESSO"
    NO_PRODUTO = "NO_PRODUTO"
    TP_TARIFACAO_ERP = "TP_TARIFACAO_ERP"
    IN_CORREDOR_FAIXA_CEP_SGPB = "IN_CORREDOR_FAIXA_CEP_SGPB"
    IN_PRECIFICACAO_SGPB = "IN_PRECIFICACAO_SGPB"
    VL_TAXA_EXTRA = "VL_TAXA_EXTRA"


# --------------------------------------------------------------------------- responses


class _Record(BaseModel):
    """Operator record: unknown fields kept, absent ones ``None``."""

    model_config = ConfigDict(extra="allow", frozen=True)


class Criterion(_Record):
    """``CriterioAtendidoResponse``: one functional-discount criterion and whether it was met."""

    nuCriterio: str | None = None
    noCriterio: str | None = None
    atendido: str | None = None
    peNegociado: OptPercent = None
    peConcedido: OptPercent = None

    @property
    def met(self) -> bool:
        return (self.atendido or "").upper() == "S"


class Benefit(_Record):
    """``BeneficioResponse``: a discount applied to the product price."""

    codigo: str | None = None
    tipoBeneficio: str | None = None
    tipo: str | None = None
    abrangencia: str | None = None
    coPacote: str | None = None
    noPacote: str | None = None
    incondicional: str | None = None
    criterio: list[Criterion] = Field(default_factory=list)
    vlBaseCalculo: OptMoney = None
    percentual: OptPercent = None
    valor: OptMoney = None

    @property
    def unconditional(self) -> bool:
        """Whether it reduces the tax base (``incondicional`` S)."""
        return (self.incondicional or "").upper() == "S"


class AdditionalServicePrice(_Record):
    """``PrecoServicoAdicional``: one additional service inside a price."""

    coServAdicional: str | None = None
    tpServAdicional: str | None = None
    pcServicoAdicional: OptMoney = None


class ExtraFee(_Record):
    """``TaxaExtraResponse``."""

    codigo: str | None = None
    tipo: str | None = None
    vlTaxa: OptMoney = None


class InfoAdicional(_Record):
    """``InfoAdicionalResponse``: one piece of complementary information (``tipo`` as sent)."""

    tipo: str | None = None
    valor: str | None = None


class ItemError(BaseModel):
    """One item's ``txErro``, whatever shape it came in: the operator's code and text."""

    model_config = ConfigDict(frozen=True)

    code: str | None = None
    text: str

    def __str__(self) -> str:
        return f"{self.code}: {self.text}" if self.code else self.text


def _error_from_text(text: str) -> ItemError:
    match = _CODE_PREFIX.match(text)
    if match:
        return ItemError(code=match[1], text=match[2].strip())
    return ItemError(text=text.strip())


def parse_item_error(raw: object) -> ItemError | None:
    """``txErro`` as a string, ``{cdErro, dsErro}`` or a list of either; ``None`` when empty."""
    if raw is None or raw == "" or raw == [] or raw == {}:
        return None
    if isinstance(raw, str):
        return _error_from_text(raw)
    if isinstance(raw, dict):
        code = raw.get("cdErro") or raw.get("codigo") or raw.get("code")
        text = raw.get("dsErro") or raw.get("mensagem") or raw.get("msg") or raw.get("descricao")
        if text is None and code is None:
            return ItemError(text=str(raw))
        if code is None:
            return _error_from_text(str(text))
        return ItemError(code=str(code), text=str(text or ""))
    if isinstance(raw, list):
        parts = [error for error in (parse_item_error(entry) for entry in raw) if error is not None]
        if not parts:
            return None
        code = next((error.code for error in parts if error.code), None)
        return ItemError(
            code=code, text="; ".join(error.text if error.code == code else str(error) for error in parts)
        )
    return ItemError(text=str(raw))


class PriceResponse(_Record):
    """``PrecoProdutoResponse``: one product's price with its breakdown, or its ``txErro``."""

    coProduto: str | None = None
    noProduto: str | None = None
    nomeProduto: str | None = None
    nuRequisicao: str | None = None
    pcBase: OptMoney = None
    pcFaixa: OptMoney = None
    pcCadaAdicional: OptMoney = None
    qtAdicional: OptPercent = None  # a count, read like a percentage so its scale is kept
    pcTotalAdicional: OptMoney = None
    pcBaseGeral: OptMoney = None
    peVariacao: OptPercent = None
    pcFaixaVariacao: OptMoney = None
    pcCadaAdicionalVariacao: OptMoney = None
    pcTotalAdicionalVariacao: OptMoney = None
    vlTotalDescVariacao: OptMoney = None
    pcReferencia: OptMoney = None
    beneficios: list[Benefit] = Field(default_factory=list)
    vlTotalBeneficios: OptMoney = None
    pcProduto: OptMoney = None
    servicoAdicional: list[AdditionalServicePrice] = Field(default_factory=list)
    pcTotalServicosAdicionais: OptMoney = None
    pcFinal: OptMoney = None
    vlBaseCalculoImposto: OptMoney = None
    inPesoCubico: str | None = None
    psCobrado: OptGrams = None
    peAdValorem: OptPercent = None
    vlSeguroAutomatico: OptMoney = None
    peIsencaoArmazenagem: OptPercent = None
    taxaExtra: list[ExtraFee] = Field(default_factory=list)
    infoAdicional: list[InfoAdicional] = Field(default_factory=list)
    txErro: Any = None

    @field_validator("beneficios", "servicoAdicional", "taxaExtra", "infoAdicional", mode="before")
    @classmethod
    def _null_list(cls, value: object) -> object:
        return [] if value is None else value

    @property
    def error(self) -> ItemError | None:
        """This item's own error (``txErro``), which never fails the rest of a batch."""
        return parse_item_error(self.txErro)

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def cubic_weight_charged(self) -> bool:
        """``inPesoCubico`` S: the charged weight is the cubic one."""
        return (self.inPesoCubico or "").upper() == "S"

    @property
    def product_name(self) -> str | None:
        """``nomeProduto`` (international), else a ``NO_PRODUTO`` information entry."""
        if self.nomeProduto:
            return self.nomeProduto
        return self.info(InfoTipo.NO_PRODUTO)

    def info(self, tipo: InfoTipo | str) -> str | None:
        """The value of the first ``infoAdicional`` entry of a type, if any."""
        wanted = tipo.value if isinstance(tipo, InfoTipo) else tipo
        return next((entry.valor for entry in self.infoAdicional if entry.tipo == wanted), None)


class Required(_Record):
    """A service that must come with this one (``requeridos``), or its substitute."""

    coRequerido: str | None = None
    coSubstituto: str | None = None
    dtIniVigencia: datetime | None = None
    dtFimVigencia: datetime | None = None


class Excluded(_Record):
    """A service that cannot come with this one (``excludentes``)."""

    coExcludente: str | None = None
    dtIniVigencia: datetime | None = None
    dtFimVigencia: datetime | None = None


class AdditionalService(_Record):
    """``ServicoAdicionalResponse`` (2.5): a service offered with a product, with its limits."""

    codigo: str
    nome: str | None = None
    sigla: str | None = None
    sgPais: str | None = None
    tipo: str | None = None
    coIndicador: str | None = None
    noIndicador: str | None = None
    sgIndicador: str | None = None
    preco: OptMoney = None
    vlMinDeclarado: OptMoney = None
    vlMaxDeclarado: OptMoney = None
    mensagem: str | None = None
    requeridos: list[Required] = Field(default_factory=list)
    excludentes: list[Excluded] = Field(default_factory=list)
    dtIniVigencia: datetime | None = None
    dtFimVigencia: datetime | None = None
    dtIniVigenciaTarifa: datetime | None = None
    dtFimVigenciaTarifa: datetime | None = None

    @field_validator("requeridos", "excludentes", mode="before")
    @classmethod
    def _null_list(cls, value: object) -> object:
        return [] if value is None else value

    @field_validator(
        "dtIniVigencia", "dtFimVigencia", "dtIniVigenciaTarifa", "dtFimVigenciaTarifa", mode="before"
    )
    @classmethod
    def _blank_date(cls, value: object) -> object:
        return None if value == "" else value

    @property
    def takes_declared_value(self) -> bool:
        """Whether the service is priced on a declared value (it has declared-value limits)."""
        return self.vlMaxDeclarado is not None and self.vlMaxDeclarado > 0

    def excludes(self) -> set[str]:
        return {entry.coExcludente for entry in self.excludentes if entry.coExcludente}


# --------------------------------------------------------------------------- request


def _positive(value: Decimal | int | None, field: str) -> None:
    if value is not None and value <= 0:
        raise InvalidValue("price.positive", value, field=field)


_SIZE_WIDTH = 12


def _size(value: object) -> object:
    """Sizes in centimetres: ``"20"``, ``"20,5"``, ``20``; blank means not given."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        text = value.strip().replace(",", ".")
        digits = sum(char.isdigit() for char in text)
        if digits > _SIZE_WIDTH:  # int() of a 4,300-digit size would refuse with its own text
            raise InvalidValue("price.size_length", value, width=_SIZE_WIDTH, count=digits)
        try:
            number = Decimal(text)
        except ArithmeticError:
            raise InvalidValue("price.size_format", value) from None
        if not number.is_finite() or not re.fullmatch(r"\d+(\.\d+)?", text):
            raise InvalidValue("price.size_format", value)
        return number
    return value


def _dmy(value: object) -> object:
    if value is None or value == "":
        return None
    if isinstance(value, str):
        return parse_date_dmy(value)
    return value


def _list(value: object) -> object:
    """A list field may be given as ``"019,001"`` (CSV, CLI) or a list."""
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        return tuple(part.strip() for part in re.split(r"[,;\s]+", value) if part.strip())
    if isinstance(value, Iterable):
        return tuple(str(part).strip() for part in value if str(part).strip())
    return value


Size = Annotated[Decimal | None, BeforeValidator(_size)]
DateParam = Annotated[date | None, BeforeValidator(_dmy)]
CodeList = Annotated[tuple[str, ...], BeforeValidator(_list)]


def _wire_number(value: Decimal) -> str:
    """Sizes on the wire: ``"20"`` for whole numbers, ``"20,5"`` otherwise."""
    if value == value.to_integral_value():
        return str(int(value))
    return format(value.normalize(), "f").replace(".", ",")


class PriceQuery(BaseModel):
    """One product to price (``PrecoNacionalParam`` / ``PrecoInternacionalParam``, spec 2.2).

    National when ``sgPaisDestino`` is empty, international otherwise. Values are
    typed (grams, centimetres as `Decimal`, money as `Decimal`, dates); `to_params`
    writes the operator's forms.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    coProduto: str
    nuRequisicao: OneLine | None = None
    nuContrato: str | None = None
    nuDR: int | None = None
    cepOrigem: Cep | None = None
    cepDestino: Cep | None = None
    sgPaisDestino: str | None = None
    psObjeto: OptGrams = None
    nuUnidade: OneLine | None = None
    tpObjeto: ObjectFormat | None = None
    comprimento: Size = None
    largura: Size = None
    altura: Size = None
    diametro: Size = None
    psCubico: OptGrams = None
    servicosAdicionais: CodeList = ()
    criterios: CodeList = ()
    vlDeclarado: OptMoney = None
    dtEvento: DateParam = None
    coUnidadeOrigem: OneLine | None = None
    dtArmazenagem: DateParam = None
    vlRemessa: OptMoney = None

    @field_validator("coProduto", mode="before")
    @classmethod
    def _product(cls, value: object) -> object:
        text = str(value).strip() if value is not None else ""
        if text.isdigit() and len(text) < 5:
            text = text.zfill(5)
        if not _PRODUCT.fullmatch(text):
            raise InvalidValue("price.product", value)
        return text

    @field_validator("sgPaisDestino", mode="before")
    @classmethod
    def _country(cls, value: object) -> object:
        if value is None or value == "":
            return None
        text = str(value).strip().upper()
        if not _COUNTRY.fullmatch(text):
            raise InvalidValue("price.country", value)
        return text

    @field_validator("nuContrato", mode="before")
    @classmethod
    def _contract(cls, value: object) -> object:
        if value is None or value == "":
            return None
        return pad_contract_number(str(value))

    @field_validator("tpObjeto", mode="before")
    @classmethod
    def _format(cls, value: object) -> object:
        if value is None or value == "":
            return None
        if isinstance(value, ObjectFormat):
            return value
        text = str(value).strip().lower()
        aliases = {"envelope": "1", "pacote": "2", "package": "2", "caixa": "2", "rolo": "3", "roll": "3"}
        text = aliases.get(text, text)
        if text not in {"1", "2", "3"}:
            raise InvalidValue("price.format", value)
        return ObjectFormat(text)

    @field_validator("servicosAdicionais")
    @classmethod
    def _codes(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        codes = tuple(code.zfill(3) if code.isdigit() and len(code) < 3 else code for code in value)
        for code in codes:
            if not _SERVICE.fullmatch(code):
                raise InvalidValue("price.service_code", code)
        return tuple(dict.fromkeys(codes))

    @field_validator("criterios")
    @classmethod
    def _criteria(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        """Functional-discount criteria: the spec gives them no format, so they go as written
        (but for a control character: `values.text.one_line`)."""
        return tuple(dict.fromkeys(one_line(code, "criterios") for code in value))

    @model_validator(mode="after")
    def _ranges(self) -> PriceQuery:
        _positive(self.psObjeto, "psObjeto")
        for name in ("comprimento", "largura", "altura", "diametro"):
            _positive(getattr(self, name), name)
        _positive(self.vlDeclarado, "vlDeclarado")
        return self

    @property
    def international(self) -> bool:
        return self.sgPaisDestino is not None

    def to_params(self, *, for_batch: bool = False) -> dict[str, Any]:
        """The operator's field names and text forms; absent fields left out.

        For a GET, ``coProduto`` (the path) and the other direction's destination
        are left out; list fields stay lists (the transport repeats them). For a
        batch item, ``servicosAdicionais`` is written as ``[{"coServAdicional": ...}]``
        (REFERENCE.md).
        """
        out: dict[str, Any] = {}
        if for_batch:
            out["coProduto"] = self.coProduto
        simple: dict[str, Any] = {
            "nuRequisicao": self.nuRequisicao,
            "nuContrato": self.nuContrato,
            "nuDR": self.nuDR,
            "cepOrigem": self.cepOrigem,
            "psObjeto": None if self.psObjeto is None else str(self.psObjeto),
            "nuUnidade": self.nuUnidade,
            "tpObjeto": None if self.tpObjeto is None else self.tpObjeto.value,
            "comprimento": None if self.comprimento is None else _wire_number(self.comprimento),
            "largura": None if self.largura is None else _wire_number(self.largura),
            "altura": None if self.altura is None else _wire_number(self.altura),
            "diametro": None if self.diametro is None else _wire_number(self.diametro),
            "psCubico": None if self.psCubico is None else str(self.psCubico),
            "vlDeclarado": None if self.vlDeclarado is None else format_money_wire(self.vlDeclarado),
            "dtEvento": None if self.dtEvento is None else format_date_dmy(self.dtEvento),
            "coUnidadeOrigem": self.coUnidadeOrigem,
            "dtArmazenagem": None if self.dtArmazenagem is None else format_date_dmy(self.dtArmazenagem),
            "vlRemessa": None if self.vlRemessa is None else format_money_wire(self.vlRemessa),
        }
        if self.international:
            simple["sgPaisDestino"] = self.sgPaisDestino
        else:
            simple["cepDestino"] = self.cepDestino
        out.update({key: value for key, value in simple.items() if value is not None})
        if self.servicosAdicionais:
            out["servicosAdicionais"] = (
                [{"coServAdicional": code} for code in self.servicosAdicionais]
                if for_batch
                else list(self.servicosAdicionais)
            )
        if self.criterios:
            out["criterios"] = list(self.criterios)
        return out


def additional_services_params(
    *, vl_declarado: Decimal | None = None, dt_evento: date | None = None, sg_pais: str | None = None
) -> dict[str, str]:
    """Query of ``/v1/servicos-adicionais``: ``dtEvento`` is YYYY-MM-DD here (spec 4)."""
    params: dict[str, str] = {}
    if vl_declarado is not None:
        params["vlDeclarado"] = format_money_wire(vl_declarado)
    if dt_evento is not None:
        params["dtEvento"] = format_date_iso(dt_evento)
    if sg_pais:
        params["sgPais"] = sg_pais.upper()
    return params


# --------------------------------------------------------------------------- JSON output

_PERCENT_FIELDS = frozenset({"percentual", "qtAdicional"})
"""Decimal fields printed with their own scale; ``pe*`` fields are percentages too."""


def _is_scaled(name: str) -> bool:
    return name in _PERCENT_FIELDS or (len(name) > 2 and name.startswith("pe") and name[2].isupper())


def _wire_value(name: str, value: object) -> object:
    if isinstance(value, BaseModel):
        return wire_json(value)
    if isinstance(value, Decimal):
        return format_decimal_dot(value, None if _is_scaled(name) else 2)
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return str(value)  # gram counts stay the operator's gram strings ("300")
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list | tuple):
        return [_wire_value(name, entry) for entry in value]
    return value


def wire_json(model: BaseModel) -> dict[str, Any]:
    """A record as JSON for scripts: the operator's names, dot-decimal text, no ``None``.

    Money is ``"19.92"`` (two places), percentages keep their scale (``"0.0100"``),
    weights stay gram strings (``"300"``). Fields the operator added beyond the spec
    and ``txErro`` are written back exactly as they came. List fields appear when the
    operator sent them or when they hold entries.
    """
    out: dict[str, Any] = {}
    for name, info in type(model).model_fields.items():
        value = getattr(model, name)
        if value is None:
            continue
        if name == "txErro":
            out[name] = value
            continue
        if isinstance(value, list | tuple) and not value and name not in model.model_fields_set:
            continue
        out[info.alias or name] = _wire_value(name, value)
    for name, value in (model.model_extra or {}).items():
        if value is not None:
            out[name] = value
    return out


@dataclass(frozen=True)
class QuoteResult:
    """One product of a batch: what was asked, what came back, and its own failure if any.

    ``failure`` is the item's ``txErro``, or the operator's error (code and text) when
    even a single-product request for it was refused; ``response`` is ``None`` then
    unless the operator answered an item carrying ``txErro``.
    """

    index: int
    query: PriceQuery
    response: PriceResponse | None
    failure: ItemError | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None and self.response is not None
