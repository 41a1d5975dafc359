"""The price ladder: how the operator went from the base price to the final one.

One list of `LadderStep` per `PriceResponse`, in the order the spec's formulas build
the price (2.3): base, band, additional units, combo variation, reference, benefits
with their criteria, product price, additional services, final price; then an
information block (tax base, charged weight, ad valorem, insurance, storage exemption,
extra fees, complementary information). The GUI breakdown view and the PDF both draw
this list, so they cannot disagree. Numbers inside ``detail`` (weights, factors,
percentages) follow the ladder's language (``1.500 g`` / ``1,500 g``); money is reais
in Brazilian form in both. The complementary information comes as named facts
(``label`` "Product name", detail "SEDEX"), not as the operator's codes (`info_facts`).

``kind`` is a stable key the GUI translates; ``sign`` tells how the step combines
("+", "-", "=" or ""), and ``amount`` is the operator's value as sent (positive for a
discount: the sign says it is taken off). Steps whose value is absent are left out, and
so are the optional sections (additional units, services) when they are zero.

Percentages: the operator's percentage fields are written as fractions in the real
service's answers (``peAdValorem`` ``"0,0100"`` is 1 %, REFERENCE.md). The spec does not
say so, and a deployment might send ``"1,00"`` meaning 1 %: `format_percent_ui` takes a
value above 1 as already in percent. So a fraction of exactly 1 shows as 100 %; a real
1 % written as ``"1,00"`` would also show as 100 % -- the known cost of the guess.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from postalgui.api.apis import additional_service_label
from postalgui.api.models.price import Benefit, Criterion, InfoTipo, PriceResponse
from postalgui.api.values import format_grams, format_number, format_percent
from postalgui.api.values.numbers import is_portuguese
from postalgui.services.price.info_facts import info_name, info_value

__all__ = ["KINDS", "LadderStep", "format_percent_ui", "ladder"]

KINDS: tuple[str, ...] = (
    "base",
    "band",
    "additional_each",
    "additional_total",
    "base_total",
    "variation",
    "reference",
    "benefit",
    "criterion",
    "benefits_total",
    "product",
    "service",
    "services_total",
    "final",
    "tax_base",
    "charged_weight",
    "ad_valorem",
    "insurance",
    "storage_exemption",
    "extra_fee",
    "info",
    "error",
)
"""Every ``LadderStep.kind``, in ladder order."""

INFO_KINDS = frozenset(KINDS[KINDS.index("tax_base") : KINDS.index("error")])
"""Kinds of the information block after the final price (not part of the sum)."""


@dataclass(frozen=True)
class LadderStep:
    """One line of the breakdown.

    ``level`` indents sub-lines (1 for a benefit or a service, 2 for a benefit's
    criterion); ``detail`` is short human text in the ladder's language. ``label``,
    when set, names the line in that language instead of the kind's name (an
    information entry: "Product name").
    """

    kind: str
    amount: Decimal | None
    detail: str = ""
    level: int = 0
    sign: str = ""
    label: str = ""


_HUNDRED = Decimal(100)

# Words inside ``detail``; the kinds themselves are translated by the GUI or the PDF.
_WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "band_factor": "band factor {factor}",
        "each": "{quantity} ×",
        "met": "met",
        "not_met": "not met",
        "negotiated": "negotiated {percent}",
        "granted": "granted {percent}",
        "real_weight": "real weight",
        "cubic_weight": "cubic weight",
    },
    "pt_BR": {
        "band_factor": "fator da faixa {factor}",
        "each": "{quantity} ×",
        "met": "atendido",
        "not_met": "não atendido",
        "negotiated": "negociado {percent}",
        "granted": "concedido {percent}",
        "real_weight": "peso real",
        "cubic_weight": "peso cúbico",
    },
}


def _words(language: str) -> Mapping[str, str]:
    return _WORDS["pt_BR"] if is_portuguese(language) else _WORDS["en"]


def format_percent_ui(value: Decimal, language: str) -> str:
    """``Decimal("0.0100")`` -> ``"1,00%"`` (Portuguese) or ``"1.00%"`` (English); a value
    above 1 is taken as already in percent.

    See the module docstring for why: the operator writes fractions, the spec does not say.
    """
    percent = value if abs(value) > 1 else value * _HUNDRED
    return format_percent(percent, language)


def _number(value: Decimal, language: str) -> str:
    """A count or factor as text: ``10`` stays ``10``, ``1.0421`` is ``1,0421`` / ``1.0421``."""
    if value == value.to_integral_value():
        return format_number(int(value), language)
    return format_number(value, language)


def _positive(value: Decimal | None) -> bool:
    return value is not None and value > 0


def _benefit_detail(benefit: Benefit, language: str) -> str:
    parts = [part for part in (benefit.tipo or benefit.tipoBeneficio, benefit.noPacote) if part]
    if benefit.percentual is not None:
        parts.append(format_percent_ui(benefit.percentual, language))
    return " · ".join(parts)


def _criterion_detail(criterion: Criterion, words: Mapping[str, str], language: str) -> str:
    name = " ".join(part for part in (criterion.nuCriterio, criterion.noCriterio) if part)
    status = words["met"] if criterion.met else words["not_met"]
    text = f"{name}: {status}" if name else status
    extras = []
    if criterion.peNegociado is not None:
        extras.append(words["negotiated"].format(percent=format_percent_ui(criterion.peNegociado, language)))
    if criterion.peConcedido is not None:
        extras.append(words["granted"].format(percent=format_percent_ui(criterion.peConcedido, language)))
    return f"{text}, {' '.join(extras)}" if extras else text


def ladder(response: PriceResponse, *, language: str = "en") -> list[LadderStep]:
    """The breakdown of ``response`` as steps; a failed item gives just its ``error`` step.

    ``language`` (``"en"`` or ``"pt_BR"``) chooses the words inside ``detail``.
    """
    error = response.error
    if error is not None:
        return [LadderStep("error", None, str(error))]
    steps = _Steps()
    _to_reference(steps, response, language)
    _to_final(steps, response, language)
    _facts(steps, response, language)
    return list(steps)


class _Steps(list[LadderStep]):
    """The ladder being built; `add` leaves out an amount the answer did not give."""

    def add(
        self, kind: str, amount: Decimal | None, detail: str = "", level: int = 0, sign: str = ""
    ) -> None:
        if amount is not None:
            self.append(LadderStep(kind, amount, detail, level, sign))


def _to_reference(steps: _Steps, response: PriceResponse, language: str) -> None:
    """Base and band, the additional kilos, the combo variation: the reference price."""
    words = _words(language)
    factor = response.info(InfoTipo.FATOR_FAIXA)
    detail = ""
    if factor:
        detail = words["band_factor"].format(factor=info_value(InfoTipo.FATOR_FAIXA, factor, language))
    steps.add("base", response.pcBase, detail)
    steps.add("band", response.pcFaixa)
    if _positive(response.qtAdicional) or _positive(response.pcTotalAdicional):
        quantity = response.qtAdicional
        steps.add(
            "additional_each",
            response.pcCadaAdicional,
            words["each"].format(quantity=_number(quantity, language)) if quantity is not None else "",
        )
        steps.add("additional_total", response.pcTotalAdicional, sign="+")
    steps.add("base_total", response.pcBaseGeral, sign="=")
    if _positive(response.peVariacao) or _positive(response.vlTotalDescVariacao):
        percent = response.peVariacao
        detail = format_percent_ui(percent, language) if percent is not None else ""
        if response.vlTotalDescVariacao is not None:
            steps.add("variation", response.vlTotalDescVariacao, detail, sign="-")
        else:
            steps.append(LadderStep("variation", None, detail, sign="-"))
    steps.add("reference", response.pcReferencia, sign="=")


def _to_final(steps: _Steps, response: PriceResponse, language: str) -> None:
    """The benefits down to the product's price, the services up to the final one."""
    words = _words(language)
    for benefit in response.beneficios:
        steps.append(LadderStep("benefit", benefit.valor, _benefit_detail(benefit, language), 1, "-"))
        for criterion in benefit.criterio:
            detail = _criterion_detail(criterion, words, language)
            steps.append(LadderStep("criterion", None, detail, 2))
    if response.beneficios or _positive(response.vlTotalBeneficios):
        steps.add("benefits_total", response.vlTotalBeneficios, sign="-")
    steps.add("product", response.pcProduto, sign="=")
    for service in response.servicoAdicional:
        # The operator's name ("064 Valor declarado (PAC)"), not its charging letter ("064 (V)").
        detail = additional_service_label(service.coServAdicional or "")
        steps.append(LadderStep("service", service.pcServicoAdicional, detail, 1, "+"))
    if response.servicoAdicional or _positive(response.pcTotalServicosAdicionais):
        steps.add("services_total", response.pcTotalServicosAdicionais, sign="+")
    steps.add("final", response.pcFinal, sign="=")


def _facts(steps: _Steps, response: PriceResponse, language: str) -> None:
    """What the final price rests on: tax base, charged weight, insurance, fees, notes."""
    words = _words(language)
    steps.add("tax_base", response.vlBaseCalculoImposto)
    if response.psCobrado is not None:
        detail = format_grams(response.psCobrado, language)
        if response.inPesoCubico:
            kind = words["cubic_weight"] if response.cubic_weight_charged else words["real_weight"]
            detail = f"{detail}, {kind}"
        steps.append(LadderStep("charged_weight", None, detail))
    if response.peAdValorem is not None:
        steps.append(LadderStep("ad_valorem", None, format_percent_ui(response.peAdValorem, language)))
    steps.add("insurance", response.vlSeguroAutomatico)
    exemption = response.peIsencaoArmazenagem
    if exemption is not None and exemption > 0:
        steps.append(LadderStep("storage_exemption", None, format_percent_ui(exemption, language)))
    for fee in response.taxaExtra:
        detail = " ".join(part for part in (fee.codigo, fee.tipo) if part)
        steps.append(LadderStep("extra_fee", fee.vlTaxa, detail))
    for info in response.infoAdicional:
        detail = info_value(info.tipo, info.valor, language)
        steps.append(LadderStep("info", None, detail, label=info_name(info.tipo, language)))
