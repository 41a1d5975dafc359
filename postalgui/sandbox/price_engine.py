"""Pricing: request parameters (as the wire writes them) in, PrecoProdutoResponse dicts out.

Pure functions of the request, the caller's contracts and the day; no FastAPI. The
routes turn `PriceError` into a 400 MessageResponse (GET) or an item ``txErro``
(batch), so one failed item never fails a batch.

Wire values
    Money: 2 decimals, decimal comma, thousands dot from 1.000 (``"1.234,56"``).
    Percentages (``peVariacao``, ``percentual``, ``peNegociado``, ``peConcedido``,
    ``peAdValorem``): fractions of 1 with 4 decimals (``"0,0100"`` is 1 %), which is how
    REFERENCE's ``peAdValorem 0,0100`` prices R$ 1,79 on R$ 179 above the insurance.
    ``peIsencaoArmazenagem`` is a fraction with 2 decimals (``"0,00"``, ``"0,50"``,
    ``"1,00"``). Band factors: 4 decimals. Weights: whole grams.

Rounding: every derived value is computed from the already rounded values the response
shows, each product rounded half up to cents, so the spec's formulas hold exactly on
the strings::

    pcFaixa = r(fatorFaixa * pcBase)           pcCadaAdicional = r(fatorAdicional * pcBase)
    pcTotalAdicional = pcCadaAdicional * qt    pcBaseGeral = pcFaixa + pcTotalAdicional
    pcFaixaVariacao = r(pcFaixa * (1 - pe))    pcCadaAdicionalVariacao = r(pcCadaAdicional * (1 - pe))
    pcTotalAdicionalVariacao = pcCadaAdicionalVariacao * qt
    vlTotalDescVariacao = pcBaseGeral - (pcFaixaVariacao + pcTotalAdicionalVariacao)
    pcReferencia = pcBaseGeral - vlTotalDescVariacao
    valor = r(vlBaseCalculo * percentual)      (vlBaseCalculo = pcReferencia)
    pcProduto = pcReferencia - vlTotalBeneficios
    pcFinal = pcProduto + pcTotalServicosAdicionais
    vlBaseCalculoImposto = pcReferencia + pcTotalServicosAdicionais - sum(valor, incondicional S)

Declared value: ``r(max(vlDeclarado - vlSeguroAutomatico, 0) * peAdValorem)``.
``qtAdicional`` counts started kilos above the family's top band (10 kg national, 2 kg
international). Cubic weight (packages only, or ``psCubico`` when given) is
``ceil(C*L*A / 6)`` grams, charged when above 10 kg and above the real weight.

``taxaExtra`` (the remote-area fee, destinations in the interior of AC, AM, AP, RR) is
information about a fee charged apart at posting: it is *not* in ``pcFinal``, so the
spec's ``pcFinal = pcProduto + pcTotalServicosAdicionais`` stays exact; ``infoAdicional``
repeats its total as VL_TAXA_EXTRA.

``txErro`` shapes, by kind of problem (deterministic):
    * a string ``"PRC-xxx: ..."``: product, date, contract, CEP, country, weight, fields;
    * an object ``{"cdErro": "PRC-03x", "dsErro": "..."}``: format and dimensions;
    * a list of strings: additional services (one entry per problem, even if one).

Contract: benefits and the combo variation come from ``nuContrato`` when given (it
must be one of the caller's company's contracts), else from the token's contract.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, Literal

from postalgui.sandbox import price_catalog as cat
from postalgui.sandbox.identifiers import normalize_number

Shape = Literal["text", "object", "list"]

PRC_BATCH_TOO_LARGE = "PRC-101"

_CEP = re.compile(r"\d{8}", flags=re.ASCII)
_WIRE_DATE = re.compile(r"(\d{2})-(\d{2})-(\d{4})", flags=re.ASCII)
_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})", flags=re.ASCII)
_DIGITS = re.compile(r"\d+", flags=re.ASCII)
_DECIMAL = re.compile(r"\d+(?:[.,]\d+)?", flags=re.ASCII)
_BR_MONEY = re.compile(r"\d{1,3}(?:\.\d{3})*,\d+|\d+,\d+", flags=re.ASCII)
_COUNTRY = re.compile(r"[A-Za-z]{2}", flags=re.ASCII)
_FOUR = Decimal("0.0001")
MAX_GRAM_DIGITS = 9
"""Most significant digits a weight in grams may have (999 t): beyond any product's limit,
and small enough that band and additional-kilo arithmetic stays exact."""
MAX_DR = 2**31 - 1
"""`nuDR` is an int32 (spec 2.2)."""
_SHOWN_CHARS = 20


class PriceError(Exception):
    """A validation the operator answers with its own message(s).

    `problems` are (code, text) pairs; `shape` says how a batch item writes them.
    """

    def __init__(self, problems: Sequence[tuple[str, str]], shape: Shape = "text") -> None:
        self.problems = tuple(problems)
        self.shape = shape
        super().__init__("; ".join(self.messages))

    @property
    def messages(self) -> list[str]:
        return [f"{code}: {text}" for code, text in self.problems]

    def tx_erro(self) -> str | dict[str, str] | list[str]:
        """The item's ``txErro`` in this error's shape."""
        if self.shape == "list":
            return self.messages
        code, text = self.problems[0]
        if self.shape == "object":
            return {"cdErro": code, "dsErro": text}
        return f"{code}: {text}"


def _fail(code: str, text: str, shape: Shape = "text") -> PriceError:
    return PriceError([(code, text)], shape)


def batch_too_large(limit: int, count: int) -> str:
    """The batch-level message when a batch holds more items than its contract accepts."""
    return f"{PRC_BATCH_TOO_LARGE}: O lote aceita no máximo {limit} produtos (recebidos {count})"


# -- wire formatting ------------------------------------------------------------------


def money(amount: Decimal) -> str:
    """``Decimal("1234.5")`` -> ``"1.234,50"``.

    Remembered per amount (and sign, which ``-0`` and ``0`` do not share): an answer
    writes about twenty amounts per product, most of them the same few (``0,00``), on
    the sandbox's one event loop, where every request waits for the others' work.
    """
    return _money(amount, amount.is_signed())


@functools.lru_cache(maxsize=4096)
def _money(amount: Decimal, _signed: bool) -> str:
    text = format(cat.round2(amount), "f")
    sign = "-" if text.startswith("-") else ""
    integer, fraction = text.lstrip("-").split(".")
    return f"{sign}{int(integer):,}".replace(",", ".") + f",{fraction}"


def percent(fraction: Decimal, places: int = 4) -> str:
    """A fraction of 1 with `places` decimals and a comma (``"0,0100"``)."""
    return format(fraction.quantize(Decimal(1).scaleb(-places)), "f").replace(".", ",")


def parse_wire_decimal(text: str) -> Decimal:
    """Read ``"1.234,56"``, ``"19,92"`` or ``"19.92"`` (used by tests and for vlDeclarado)."""
    text = text.strip()
    if _BR_MONEY.fullmatch(text):
        return Decimal(text.replace(".", "").replace(",", "."))
    if _DECIMAL.fullmatch(text):
        return Decimal(text)
    raise ValueError(text)


def _cm(value: Decimal) -> str:
    """A centimetre limit as people write it (``15``, ``2,5``)."""
    return format(value.normalize(), "f").replace(".", ",")


def _reais(value: Decimal) -> str:
    return f"R$ {money(value)}"


def _day(value: date) -> str:
    return value.strftime("%d-%m-%Y")


def _timestamp(value: date, *, end: bool = False) -> str:
    return f"{value.isoformat()}T{'23:59:59' if end else '00:00:00'}"


# -- request parsing ------------------------------------------------------------------


@dataclass(frozen=True)
class PricingContext:
    """Who asks and when: the day (operator time), the token's contract, the company's contracts."""

    today: date
    token_contract: str | None
    contracts: Mapping[str, int]
    """Contracts of the caller's company, with their DR."""


@dataclass(frozen=True)
class PriceRequest:
    """One PrecoNacionalParam/PrecoInternacionalParam, read and checked for form."""

    co_produto: str
    nu_requisicao: str | None
    nu_contrato: str | None
    nu_dr: int | None
    cep_origem: str | None
    cep_destino: str | None
    sg_pais_destino: str | None
    ps_objeto: int | None
    tp_objeto: str | None
    dimensions: Mapping[str, Decimal]
    ps_cubico: int | None
    servicos: tuple[str, ...]
    criterios: tuple[str, ...]
    vl_declarado: Decimal | None
    dt_evento: date
    dt_armazenagem: date | None


def _text(raw: Mapping[str, Any], name: str) -> str | None:
    """A scalar field as stripped text (numbers are tolerated); None when absent or empty."""
    value = raw.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise _fail("PRC-009", f"Campo '{name}' com tipo inválido: informe texto")
    try:
        text = str(value).strip()
    except ValueError:  # an int past Python's digit limit for str()
        raise _fail("PRC-009", f"Campo '{name}' inválido: número longo demais") from None
    return text or None


def request_ids(raw: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """coProduto and nuRequisicao as sent, for echoing in an error item."""
    ids = []
    for name in ("coProduto", "nuRequisicao"):
        value = raw.get(name)
        ids.append(str(value) if isinstance(value, str | int) and not isinstance(value, bool) else None)
    return ids[0], ids[1]


def parse_wire_date(text: str | None, name: str, today: date) -> date:
    """DD-MM-YYYY (price operations); None means today."""
    if text is None:
        return today
    match = _WIRE_DATE.fullmatch(text)
    try:
        if match is None:
            raise ValueError(text)
        return date(int(match[3]), int(match[2]), int(match[1]))
    except ValueError:
        raise _fail(
            "PRC-005", f"Data inválida no campo '{name}': use o formato DD-MM-AAAA ({text})"
        ) from None


def parse_iso_date(text: str | None, name: str, today: date) -> date:
    """YYYY-MM-DD (the additional-services operation); None means today."""
    if text is None:
        return today
    match = _ISO_DATE.fullmatch(text)
    try:
        if match is None:
            raise ValueError(text)
        return date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        raise _fail(
            "PRC-005", f"Data inválida no campo '{name}': use o formato AAAA-MM-DD ({text})"
        ) from None


def _shown(text: str) -> str:
    """Client text echoed in a message, cut short when absurdly long."""
    return text if len(text) <= _SHOWN_CHARS else f"{text[:_SHOWN_CHARS]}…"


def _grams(raw: Mapping[str, Any], name: str) -> int | None:
    text = _text(raw, name)
    if text is None:
        return None
    if not _DIGITS.fullmatch(text):
        raise _fail("PRC-020", f"Peso inválido no campo '{name}': informe gramas inteiros ({_shown(text)})")
    if len(text.lstrip("0")) > MAX_GRAM_DIGITS:
        raise _fail(
            "PRC-020",
            f"Peso inválido no campo '{name}': informe até {MAX_GRAM_DIGITS} dígitos ({_shown(text)})",
        )
    return int(text)


def _dimensions(raw: Mapping[str, Any]) -> dict[str, Decimal]:
    found: dict[str, Decimal] = {}
    for name in ("comprimento", "largura", "altura", "diametro"):
        text = _text(raw, name)
        if text is None:
            continue
        if not _DECIMAL.fullmatch(text):
            raise _fail("PRC-037", f"Dimensão inválida no campo '{name}': {_shown(text)}", "object")
        found[name] = Decimal(text.replace(",", "."))
    return found


def _codes(raw: Mapping[str, Any], name: str, keys: tuple[str, ...], width: int) -> tuple[str, ...]:
    """A list of codes given as strings, comma lists or objects (``{"coServAdicional": "019"}``)."""
    value = raw.get(name)
    if value is None:
        return ()
    items: Iterable[Any] = value if isinstance(value, list) else [value]
    codes: list[str] = []
    for item in items:
        if isinstance(item, dict):
            item = next((item[key] for key in keys if item.get(key) is not None), None)
        if isinstance(item, int) and not isinstance(item, bool):
            item = str(item)
        if not isinstance(item, str):
            raise _fail("PRC-009", f"Campo '{name}' inválido: informe uma lista de códigos", "list")
        for code in filter(None, (part.strip() for part in item.split(","))):
            codes.append(code.zfill(width) if _DIGITS.fullmatch(code) else code)
    return tuple(dict.fromkeys(codes))


def _declared(raw: Mapping[str, Any]) -> Decimal | None:
    text = _text(raw, "vlDeclarado")
    if text is None:
        return None
    try:
        return cat.round2(parse_wire_decimal(text))
    except (ValueError, InvalidOperation):
        raise _fail("PRC-046", f"Valor declarado inválido: {_shown(text)}") from None


def _dr(raw: Mapping[str, Any]) -> int | None:
    text = _text(raw, "nuDR")
    if text is None:
        return None
    if not _DIGITS.fullmatch(text) or len(text.lstrip("0")) > len(str(MAX_DR)) or int(text) > MAX_DR:
        raise _fail("PRC-009", f"Campo 'nuDR' inválido: informe o número da DR ({_shown(text)})")
    return int(text)


def _contract_number(raw: Mapping[str, Any]) -> str | None:
    text = _text(raw, "nuContrato")
    if text is None:
        return None
    try:
        return normalize_number(text)
    except ValueError:
        raise _fail("PRC-050", f"Contrato {text} não encontrado para o cliente") from None


def _optional_date(raw: Mapping[str, Any], name: str, today: date) -> date | None:
    text = _text(raw, name)
    return None if text is None else parse_wire_date(text, name, today)


def parse_request(raw: Mapping[str, Any], today: date) -> PriceRequest:
    """Read one item's fields; PriceError names the first field in a wrong form."""
    co_produto = _text(raw, "coProduto")
    if co_produto is None:
        raise _fail("PRC-004", "Campo 'coProduto' obrigatório")
    country = _text(raw, "sgPaisDestino")
    return PriceRequest(
        co_produto=co_produto.zfill(5) if _DIGITS.fullmatch(co_produto) else co_produto,
        nu_requisicao=_text(raw, "nuRequisicao"),
        nu_contrato=_contract_number(raw),
        nu_dr=_dr(raw),
        cep_origem=_text(raw, "cepOrigem"),
        cep_destino=_text(raw, "cepDestino"),
        sg_pais_destino=country.upper() if country else None,
        ps_objeto=_grams(raw, "psObjeto"),
        tp_objeto=_text(raw, "tpObjeto"),
        dimensions=_dimensions(raw),
        ps_cubico=_grams(raw, "psCubico"),
        servicos=_codes(raw, "servicosAdicionais", ("coServAdicional", "codigo"), 3),
        criterios=_codes(raw, "criterios", ("nuCriterio", "coCriterio", "codigo"), 0),
        vl_declarado=_declared(raw),
        dt_evento=parse_wire_date(_text(raw, "dtEvento"), "dtEvento", today),
        dt_armazenagem=_optional_date(raw, "dtArmazenagem", today),
    )


# -- checks ---------------------------------------------------------------------------


def find_product(code: str, scope: cat.Scope) -> cat.Product:
    """The product of this code in this area (national or international)."""
    product = cat.PRODUCTS.get(code)
    if product is None or product.scope is not scope:
        where = "nacionais" if scope is cat.Scope.NACIONAL else "internacionais"
        raise _fail("PRC-001", f"Produto {code} não encontrado entre os produtos {where}")
    return product


def _check_product_date(product: cat.Product, day: date) -> cat.TariffTable:
    if not product.covers(day):
        raise _fail("PRC-002", f"Produto {product.code} não vigente em {_day(day)}")
    table = cat.tariff_for(day)
    if table is None:
        raise _fail("PRC-003", f"Não há tabela de preços vigente em {_day(day)}")
    return table


def _contract(request: PriceRequest, context: PricingContext) -> str | None:
    contract = request.nu_contrato or context.token_contract
    if request.nu_contrato is not None and request.nu_contrato not in context.contracts:
        raise _fail("PRC-050", f"Contrato {request.nu_contrato} não encontrado para o cliente")
    if (
        request.nu_dr is not None
        and contract is not None
        and context.contracts.get(contract) != request.nu_dr
    ):
        raise _fail("PRC-051", f"DR {request.nu_dr} não corresponde ao contrato {contract}")
    return contract


def _cep(text: str | None, name: str, code: str) -> str:
    if text is None:
        raise _fail("PRC-004", f"Campo '{name}' obrigatório para o produto {code}")
    if not _CEP.fullmatch(text):
        which = "de origem" if name == "cepOrigem" else "de destino"
        raise _fail("PRC-010" if name == "cepOrigem" else "PRC-011", f"CEP {which} inválido: {text}")
    if cat.uf_of(text) is None:
        raise _fail("PRC-012", f"CEP {text} inexistente")
    return text


def _corridor(request: PriceRequest, product: cat.Product) -> cat.Corridor:
    origin = _cep(request.cep_origem, "cepOrigem", product.code)
    destination = _cep(request.cep_destino, "cepDestino", product.code)
    corridor = cat.corridor(origin, destination)
    if not product.serves(corridor):
        raise _fail(
            "PRC-013",
            f"Produto {product.code} ({product.name}) não atende o trecho "
            f"{corridor.origin_uf}-{corridor.destination_uf}: somente entregas locais",
        )
    return corridor


def _country(request: PriceRequest, product: cat.Product) -> cat.Country:
    if request.cep_origem is not None:
        _cep(request.cep_origem, "cepOrigem", product.code)
    code = request.sg_pais_destino
    if code is None:
        raise _fail("PRC-004", f"Campo 'sgPaisDestino' obrigatório para o produto {product.code}")
    return country_for(code, product)


def country_for(code: str, product: cat.Product) -> cat.Country:
    """The destination country, if the product serves it."""
    if not _COUNTRY.fullmatch(code):
        raise _fail("PRC-061", f"País de destino inválido: {code} (informe a sigla ISO de 2 letras)")
    country = cat.COUNTRIES.get(code.upper())
    if country is None or country.code not in product.countries:
        raise _fail("PRC-060", f"País de destino {code.upper()} não atendido pelo produto {product.code}")
    return country


def _format(request: PriceRequest, product: cat.Product) -> tuple[cat.Format, cat.FormatLimits]:
    try:
        fmt = cat.Format(request.tp_objeto or cat.Format.PACOTE.value)
    except ValueError:
        raise _fail(
            "PRC-030",
            f"Formato de objeto inválido: {request.tp_objeto} (use 1 envelope, 2 pacote ou 3 rolo)",
            "object",
        ) from None
    limits = product.formats.get(fmt)
    if limits is None:
        raise _fail(
            "PRC-038", f"Formato {fmt.name.lower()} não permitido para o produto {product.code}", "object"
        )
    return fmt, limits


_DIMENSION_CODES = {
    "comprimento": "PRC-031",
    "largura": "PRC-032",
    "altura": "PRC-033",
    "diametro": "PRC-035",
}


def _range_text(rule: cat.Range) -> str:
    if rule.low == 0:
        return f"{rule.label} deve ser de no máximo {_cm(rule.high)} cm"
    return f"{rule.label} deve estar entre {_cm(rule.low)} e {_cm(rule.high)} cm"


def _check_dimensions(request: PriceRequest, fmt: cat.Format, limits: cat.FormatLimits) -> None:
    dims = request.dimensions
    for name, rule in limits.fields.items():
        if name in dims and dims[name] not in rule:
            raise _fail(_DIMENSION_CODES[name], _range_text(rule), "object")
    names = [name for name, _ in limits.total_fields]
    if limits.total is not None and all(name in dims for name in names):
        total = sum((dims[name] * weight for name, weight in limits.total_fields), Decimal(0))
        if total not in limits.total:
            code = "PRC-036" if fmt is cat.Format.ROLO else "PRC-034"
            raise _fail(code, _range_text(limits.total), "object")


def _weight(request: PriceRequest, product: cat.Product, limits: cat.FormatLimits, fmt: cat.Format) -> int:
    grams = request.ps_objeto
    if grams is None:
        raise _fail("PRC-004", f"Campo 'psObjeto' obrigatório para o produto {product.code}")
    if grams <= 0:
        raise _fail("PRC-022", "Peso do objeto deve ser maior que zero")
    if grams > product.max_weight_g:
        raise _fail(
            "PRC-021",
            f"Peso de {grams} g excede o limite de {product.max_weight_g} g do produto {product.code}",
        )
    if limits.max_weight_g is not None and grams > limits.max_weight_g:
        raise _fail(
            "PRC-039",
            f"Peso de {grams} g excede o limite de {limits.max_weight_g} g do formato {fmt.name.lower()}",
            "object",
        )
    return grams


def cubic_grams(dimensions: Mapping[str, Decimal]) -> int | None:
    """Cubic weight of a package in grams (C x L x A / 6000 kg), if all three are known."""
    if not all(name in dimensions for name in ("comprimento", "largura", "altura")):
        return None
    volume = dimensions["comprimento"] * dimensions["largura"] * dimensions["altura"]
    return math.ceil(volume * 1000 / cat.CUBIC_DIVISOR)


def charged_weight(request: PriceRequest, fmt: cat.Format, real_g: int) -> tuple[int, bool]:
    """(psCobrado, charged by cubic weight): cubic only above 10 kg and above the real weight."""
    cubic = request.ps_cubico
    if cubic is None and fmt is cat.Format.PACOTE:
        cubic = cubic_grams(request.dimensions)
    if cubic is not None and cubic > cat.CUBIC_THRESHOLD_G and cubic > real_g:
        return cubic, True
    return real_g, False


@dataclass(frozen=True)
class ServiceCharge:
    """One priced additional service of an item."""

    code: str
    kind: str
    price: Decimal


def _service_problems(request: PriceRequest, product: cat.Product, day: date) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    chosen = set(request.servicos)
    for code in request.servicos:
        spec = cat.SERVICES.get(code)
        if spec is None:
            problems.append(("PRC-040", f"Serviço adicional {code} não encontrado"))
        elif code not in product.services:
            problems.append(
                ("PRC-041", f"Serviço adicional {code} não permitido para o produto {product.code}")
            )
        elif not spec.covers(day):
            problems.append(("PRC-047", f"Serviço adicional {code} não vigente em {_day(day)}"))
        else:
            problems.extend(_rule_problems(spec, chosen, request, product))
    return problems


def _rule_problems(
    spec: cat.ServiceSpec, chosen: set[str], request: PriceRequest, product: cat.Product
) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    for other in spec.excludes:
        if other in chosen and spec.code < other:
            problems.append(
                ("PRC-044", f"Serviços adicionais {spec.code} e {other} não podem ser contratados juntos")
            )
    for need in spec.requires:
        if need.service not in chosen and need.substitute not in chosen:
            alternative = f" (ou {need.substitute})" if need.substitute else ""
            problems.append(
                ("PRC-045", f"Serviço adicional {spec.code} exige o serviço {need.service}{alternative}")
            )
    if spec.kind == "V":
        problems.extend(_declared_problems(spec.code, request.vl_declarado, product))
    return problems


def _declared_problems(code: str, declared: Decimal | None, product: cat.Product) -> list[tuple[str, str]]:
    rule = product.declared
    if rule is None or rule.service != code:
        return [("PRC-041", f"Serviço adicional {code} não permitido para o produto {product.code}")]
    if declared is None:
        return [("PRC-042", f"Serviço adicional {code} exige valor declarado (vlDeclarado)")]
    if not rule.minimum <= declared <= rule.maximum:
        return [("PRC-043", declared_limits_text(declared, product.code, rule))]
    return []


def declared_limits_text(declared: Decimal, code: str, rule: cat.DeclaredValue) -> str:
    return (
        f"Valor declarado de {_reais(declared)} deve estar entre {_reais(rule.minimum)} "
        f"e {_reais(rule.maximum)} para o produto {code}"
    )


def _services(
    request: PriceRequest, product: cat.Product, day: date, table: cat.TariffTable
) -> list[ServiceCharge]:
    problems = _service_problems(request, product, day)
    if problems:
        raise PriceError(problems, "list")
    charges = []
    for code in request.servicos:
        spec = cat.SERVICES[code]
        price = cat.scaled(spec.price, table) if spec.price is not None else None
        if price is None and product.declared is not None and request.vl_declarado is not None:
            price = product.declared.price(request.vl_declarado)
        if price is None:  # unreachable: _service_problems refused it
            raise _fail("PRC-042", f"Serviço adicional {code} exige valor declarado (vlDeclarado)", "list")
        charges.append(ServiceCharge(code, spec.kind, price))
    return charges


def _storage_exemption(request: PriceRequest) -> Decimal:
    stored = request.dt_armazenagem
    if stored is None:
        return Decimal(0)
    days = (request.dt_evento - stored).days
    if days < 0:
        raise _fail("PRC-006", "Data de armazenagem (dtArmazenagem) posterior à data do evento (dtEvento)")
    if days <= 7:
        return Decimal(1)
    return Decimal("0.5") if days <= 15 else Decimal(0)


# -- pricing --------------------------------------------------------------------------


@dataclass(frozen=True)
class Tariff:
    """Where the base price came from: product, table, band line, column."""

    product: cat.Product
    table: cat.TariffTable
    base: Decimal
    column: int
    column_name: str
    corridor: cat.Corridor | None


def _tariff(request: PriceRequest, product: cat.Product, table: cat.TariffTable) -> Tariff:
    if product.scope is cat.Scope.NACIONAL:
        corridor = _corridor(request, product)
        base = cat.national_base(product, corridor.column, table)
        return Tariff(product, table, base, corridor.column, corridor.column_name, corridor)
    country = _country(request, product)
    base = cat.international_base(product, country.zone, table)
    return Tariff(product, table, base, country.zone, cat.ZONE_NAMES[country.zone], None)


def _benefits(
    terms: cat.ContractTerms, product: cat.Product, criteria: tuple[str, ...], reference: Decimal
) -> list[tuple[cat.BenefitPackage, Decimal, dict[str, Any]]]:
    """Each benefit with its value and its wire record."""
    found = []
    for package in terms.benefits_for(product.code):
        met = [(c, c.number in criteria) for c in package.criteria]
        share = (
            sum((c.negotiated for c, ok in met if ok), Decimal(0)) if package.criteria else package.percent
        )
        value = cat.round2(reference * share)
        record = {
            "codigo": package.code,
            "tipoBeneficio": package.kind,
            "tipo": package.kind_text,
            "abrangencia": package.scope,
            "coPacote": package.package,
            "noPacote": package.package_name,
            "incondicional": "S" if package.unconditional else "N",
            "criterio": [
                {
                    "nuCriterio": c.number,
                    "noCriterio": c.name,
                    "atendido": "S" if ok else "N",
                    "peNegociado": percent(c.negotiated),
                    "peConcedido": percent(c.negotiated if ok else Decimal(0)),
                }
                for c, ok in met
            ],
            "vlBaseCalculo": money(reference),
            "percentual": percent(share),
            "valor": money(value),
        }
        found.append((package, value, record))
    return found


def _info(tipo: str, valor: str) -> dict[str, str]:
    return {"tipo": tipo, "valor": valor}


def quote(raw: Mapping[str, Any], context: PricingContext, scope: cat.Scope) -> dict[str, Any]:
    """Price one item; raises PriceError with the operator's message(s)."""
    request = parse_request(raw, context.today)
    product = find_product(request.co_produto, scope)
    table = _check_product_date(product, request.dt_evento)
    terms = cat.terms_of(_contract(request, context))
    tariff = _tariff(request, product, table)
    fmt, limits = _format(request, product)
    real_g = _weight(request, product, limits, fmt)
    _check_dimensions(request, fmt, limits)
    charges = _services(request, product, request.dt_evento, table)
    exemption = _storage_exemption(request)
    charged_g, by_cubic = charged_weight(request, fmt, real_g)
    return _response(request, tariff, terms, charges, charged_g, by_cubic, exemption)


@dataclass(frozen=True)
class _Ladder:
    """The weight ladder of one charged weight, up to ``pcReferencia`` (the module's formulas)."""

    line: int
    excess_g: int
    qt: int
    pc_faixa: Decimal
    pc_cada: Decimal
    pe: Decimal
    pc_faixa_var: Decimal
    pc_cada_var: Decimal

    @property
    def pc_total_ad(self) -> Decimal:
        return self.pc_cada * self.qt

    @property
    def pc_base_geral(self) -> Decimal:
        return self.pc_faixa + self.pc_total_ad

    @property
    def pc_total_ad_var(self) -> Decimal:
        return self.pc_cada_var * self.qt

    @property
    def desc_var(self) -> Decimal:
        return self.pc_base_geral - (self.pc_faixa_var + self.pc_total_ad_var)

    @property
    def pc_referencia(self) -> Decimal:
        return self.pc_base_geral - self.desc_var

    def fields(self, base: Decimal) -> dict[str, Any]:
        """``pcBase`` to ``pcReferencia`` as the wire writes them."""
        return {
            "pcBase": money(base),
            "pcFaixa": money(self.pc_faixa),
            "pcCadaAdicional": money(self.pc_cada),
            "qtAdicional": str(self.qt),
            "pcTotalAdicional": money(self.pc_total_ad),
            "pcBaseGeral": money(self.pc_base_geral),
            "peVariacao": percent(self.pe),
            "pcFaixaVariacao": money(self.pc_faixa_var),
            "pcCadaAdicionalVariacao": money(self.pc_cada_var),
            "pcTotalAdicionalVariacao": money(self.pc_total_ad_var),
            "vlTotalDescVariacao": money(self.desc_var),
            "pcReferencia": money(self.pc_referencia),
        }


def _ladder(tariff: Tariff, terms: cat.ContractTerms, charged_g: int) -> _Ladder:
    product, r2 = tariff.product, cat.round2
    line, band = product.bands.band_for(charged_g)
    excess_g = max(charged_g - product.bands.top_g, 0)
    pc_faixa = r2(band.factor * tariff.base)
    pc_cada = r2(product.bands.additional * tariff.base)
    pe = terms.variation(product.code)
    return _Ladder(
        line=line,
        excess_g=excess_g,
        qt=math.ceil(excess_g / 1000),
        pc_faixa=pc_faixa,
        pc_cada=pc_cada,
        pe=pe,
        pc_faixa_var=r2(pc_faixa * (1 - pe)),
        pc_cada_var=r2(pc_cada * (1 - pe)),
    )


def _response(
    request: PriceRequest,
    tariff: Tariff,
    terms: cat.ContractTerms,
    charges: list[ServiceCharge],
    charged_g: int,
    by_cubic: bool,
    exemption: Decimal,
) -> dict[str, Any]:
    product = tariff.product
    steps = _ladder(tariff, terms, charged_g)
    benefits = _benefits(terms, product, request.criterios, steps.pc_referencia)
    total_benefits = sum((value for _, value, _ in benefits), Decimal(0))
    unconditional = sum((value for pkg, value, _ in benefits if pkg.unconditional), Decimal(0))
    pc_produto = steps.pc_referencia - total_benefits
    total_services = sum((c.price for c in charges), Decimal(0))
    declared = product.declared
    extra = _extra_fees(tariff.corridor)
    body: dict[str, Any] = {"coProduto": product.code, "noProduto": product.code}
    if product.scope is cat.Scope.INTERNACIONAL:
        body["nomeProduto"] = product.name
    return body | {
        "nuRequisicao": request.nu_requisicao,
        **steps.fields(tariff.base),
        "beneficios": [record for _, _, record in benefits],
        "vlTotalBeneficios": money(total_benefits),
        "pcProduto": money(pc_produto),
        "servicoAdicional": [
            {"coServAdicional": c.code, "tpServAdicional": c.kind, "pcServicoAdicional": money(c.price)}
            for c in charges
        ],
        "pcTotalServicosAdicionais": money(total_services),
        "pcFinal": money(pc_produto + total_services),
        "vlBaseCalculoImposto": money(steps.pc_referencia + total_services - unconditional),
        "inPesoCubico": "S" if by_cubic else "N",
        "psCobrado": str(charged_g),
        "peAdValorem": percent(declared.ad_valorem if declared else Decimal(0)),
        "vlSeguroAutomatico": money(declared.automatic_insurance if declared else Decimal(0)),
        "peIsencaoArmazenagem": percent(exemption, 2),
        "taxaExtra": extra,
        "infoAdicional": _info_records(tariff, terms, steps.line, steps.excess_g, steps.pe, extra),
        "txErro": None,
    }


def _extra_fees(corridor: cat.Corridor | None) -> list[dict[str, str]]:
    if corridor is None or not corridor.remote:
        return []
    return [{"codigo": "TAD", "tipo": "Taxa de área de difícil acesso", "vlTaxa": money(cat.REMOTE_AREA_FEE)}]


def _info_records(
    tariff: Tariff,
    terms: cat.ContractTerms,
    line: int,
    excess_g: int,
    pe: Decimal,
    extra: list[dict[str, str]],
) -> list[dict[str, str]]:
    product = tariff.product
    band = product.bands.bands[line - 1]
    info = [
        _info("NO_PRODUTO", product.name),
        _info("VL_PRECO_BASE", money(tariff.base)),
        _info("FATOR_FAIXA", percent(band.factor)),
        _info("FATOR_CADA_ADICIONAL", percent(product.bands.additional)),
        _info("QT_EXCESSO", str(excess_g)),
        _info("LIMITE_MAX_TARIFACAO_ERP", str(product.max_weight_g)),
        _info("TP_TARIFACAO_ERP", "PESO"),
    ]
    if tariff.corridor is not None:
        info += [
            _info("NU_CORREDOR_ORIGEM", str(tariff.corridor.origin_number)),
            _info("NU_CORREDOR_DESTINO", str(tariff.corridor.destination_number)),
        ]
    info += [
        _info("NU_TABELA_FATOR", f"{tariff.table.year}{product.bands.number:02d}"),
        _info("NU_LINHA_FATOR", str(line)),
        _info("NU_COLUNA_FATOR", str(tariff.column)),
        _info("NO_COLUNA_FATOR", tariff.column_name),
    ]
    if terms.combo is not None:
        info.append(_info("NU_COMBO", terms.combo))
    if pe and terms.variation_number is not None:
        info.append(_info("NU_VARIACAO", terms.variation_number))
    if extra:
        total = sum((parse_wire_decimal(fee["vlTaxa"]) for fee in extra), Decimal(0))
        info.append(_info("VL_TAXA_EXTRA", money(total)))
    return info


def quote_item(raw: Mapping[str, Any], context: PricingContext, scope: cat.Scope) -> dict[str, Any]:
    """One batch item: its price, or only coProduto, nuRequisicao and txErro."""
    try:
        return quote(raw, context, scope)
    except PriceError as error:
        co_produto, nu_requisicao = request_ids(raw)
        return {"coProduto": co_produto, "nuRequisicao": nu_requisicao, "txErro": error.tx_erro()}


def batch_limit(items: Sequence[Mapping[str, Any]], context: PricingContext) -> int:
    """The most items a batch may hold: the strictest limit among the contracts it names."""
    contracts = set()
    for item in items:
        value = item.get("nuContrato")
        try:
            number = normalize_number(str(value)) if isinstance(value, str | int) else None
        except ValueError:
            number = None
        contracts.add(number if number in context.contracts else context.token_contract)
    if not contracts:
        contracts.add(context.token_contract)
    return min(cat.terms_of(contract).max_batch for contract in contracts)


# -- additional services (2.5) --------------------------------------------------------


def additional_services(
    co_produto: str,
    *,
    today: date,
    vl_declarado: str | None = None,
    dt_evento: str | None = None,
    sg_pais: str | None = None,
) -> list[dict[str, Any]]:
    """ServicoAdicionalResponse records of a product valid on `dt_evento` (YYYY-MM-DD)."""
    product = cat.PRODUCTS.get(co_produto.zfill(5) if _DIGITS.fullmatch(co_produto) else co_produto)
    if product is None:
        raise _fail("PRC-001", f"Produto {co_produto} não encontrado")
    day = parse_iso_date(dt_evento, "dtEvento", today)
    table = _check_product_date(product, day)
    country = _service_country(sg_pais, product)
    declared = _declared({"vlDeclarado": vl_declarado})
    rule = product.declared
    if declared is not None and rule is not None and not rule.minimum <= declared <= rule.maximum:
        raise _fail("PRC-043", declared_limits_text(declared, product.code, rule))
    return [
        _service_record(cat.SERVICES[code], product, table, country, declared)
        for code in product.services
        if cat.SERVICES[code].covers(day)
    ]


def _service_country(sg_pais: str | None, product: cat.Product) -> str:
    if sg_pais is None or not sg_pais.strip():
        return "BR"
    code = sg_pais.strip().upper()
    if product.scope is cat.Scope.INTERNACIONAL:
        return country_for(code, product).code
    if code != "BR":
        raise _fail("PRC-060", f"País {code} não atendido pelo produto {product.code}")
    return code


def _service_record(
    spec: cat.ServiceSpec,
    product: cat.Product,
    table: cat.TariffTable,
    country: str,
    declared: Decimal | None,
) -> dict[str, Any]:
    rule = product.declared if spec.kind == "V" else None
    if rule is not None:
        price = rule.price(declared) if declared is not None else Decimal(0)
        message = (
            f"Ad valorem de {percent(rule.ad_valorem * 100, 2)}% sobre o valor declarado que exceder "
            f"{_reais(rule.automatic_insurance)} (seguro automático)"
        )
        if declared is None:
            message += "; informe vlDeclarado para calcular o preço"
    else:
        price = cat.scaled(spec.price or Decimal(0), table)
        message = spec.note
    co, no, sg = spec.indicator
    return {
        "codigo": spec.code,
        "nome": spec.name,
        "sigla": spec.sigla,
        "sgPais": country,
        "tipo": spec.kind,
        "coIndicador": co,
        "noIndicador": no,
        "sgIndicador": sg,
        "preco": float(price),
        "vlMinDeclarado": float(rule.minimum) if rule else 0.0,
        "vlMaxDeclarado": float(rule.maximum) if rule else 0.0,
        "mensagem": message,
        "requeridos": [_requirement(need) for need in spec.requires],
        "excludentes": [_exclusion(code) for code in spec.excludes],
        "dtIniVigencia": _timestamp(spec.valid_from),
        "dtFimVigencia": _timestamp(spec.valid_until, end=True),
        "dtIniVigenciaTarifa": _timestamp(table.valid_from),
        "dtFimVigenciaTarifa": _timestamp(table.valid_until, end=True),
    }


def _requirement(need: cat.Requirement) -> dict[str, Any]:
    spec = cat.SERVICES[need.service]
    return {
        "coRequerido": need.service,
        "coSubstituto": need.substitute,
        "dtIniVigencia": _timestamp(spec.valid_from),
        "dtFimVigencia": _timestamp(spec.valid_until, end=True),
    }


def _exclusion(code: str) -> dict[str, Any]:
    spec = cat.SERVICES[code]
    return {
        "coExcludente": code,
        "dtIniVigencia": _timestamp(spec.valid_from),
        "dtFimVigencia": _timestamp(spec.valid_until, end=True),
    }
