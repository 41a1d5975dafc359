"""Quotes as a PDF for a customer or the files, in words; `postalgui.documents.reports.quotes`
draws them.

Two layouts: ``per_quote`` gives each quote its own A4 page (parameters, the price
ladder of `price_breakdown`, the final price in large type, or the item's error);
``summary`` is a landscape table of every quote with a repeated header row and the
total of the final prices. Both carry the company, its CNPJ and the time of issue at
the top of every page and "Página x de y" at the bottom.

Labels are Brazilian Portuguese by default (the customer's language), English with
``language="en"``. Money is ``R$ 1.234,56`` and dates ``DD/MM/AAAA`` in both, the
app's conventions; other numbers follow the language (``1.500 g`` / ``1,500 g``).
The standard Helvetica covers Latin-1, so accents need no font file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from postalgui.api.models.price import PriceQuery, PriceResponse, QuoteResult
from postalgui.api.values import (
    InvalidValue,
    format_brl,
    format_cep,
    format_cnpj,
    format_date_ui,
    format_grams,
    format_number,
)
from postalgui.documents.reports.quotes import (
    LadderLine,
    QuotePage,
    QuotesReport,
    QuoteSummary,
    SummaryLine,
    quotes_pdf,
)
from postalgui.services.price.breakdown import INFO_KINDS, LadderStep, ladder
from postalgui.services.price.products import product_name
from postalgui.services.price.service_choice import declared_value_priced
from postalgui.store.atomic import write_atomically

if TYPE_CHECKING:
    from postalgui.services.price.deadlines import DeadlineOutcome

Deadlines = Mapping[int, "DeadlineOutcome"]
"""Deadline outcomes by the result's ``index``."""

__all__ = ["LABELS", "declared_text", "write_quotes_pdf"]

Layout = Literal["per_quote", "summary"]

_KINDS_PT = {
    "base": "Preço base",
    "band": "Preço da faixa de peso",
    "additional_each": "Cada adicional",
    "additional_total": "Total de adicionais",
    "base_total": "Preço base geral",
    "variation": "Variação do combo",
    "reference": "Preço de referência",
    "benefit": "Benefício",
    "criterion": "Critério",
    "benefits_total": "Total de benefícios",
    "product": "Preço do produto",
    "service": "Serviço adicional",
    "services_total": "Total de serviços adicionais",
    "final": "Preço final",
    "tax_base": "Base de cálculo do imposto",
    "charged_weight": "Peso cobrado",
    "ad_valorem": "Ad valorem",
    "insurance": "Seguro automático",
    "storage_exemption": "Isenção de armazenagem",
    "extra_fee": "Taxa extra",
    "info": "Informação",
    "error": "Erro",
}
_KINDS_EN = {
    "base": "Base price",
    "band": "Weight band price",
    "additional_each": "Each additional unit",
    "additional_total": "Additional units total",
    "base_total": "Overall base price",
    "variation": "Combo variation",
    "reference": "Reference price",
    "benefit": "Benefit",
    "criterion": "Criterion",
    "benefits_total": "Benefits total",
    "product": "Product price",
    "service": "Additional service",
    "services_total": "Additional services total",
    "final": "Final price",
    "tax_base": "Tax calculation base",
    "charged_weight": "Charged weight",
    "ad_valorem": "Ad valorem",
    "insurance": "Automatic insurance",
    "storage_exemption": "Storage exemption",
    "extra_fee": "Extra fee",
    "info": "Information",
    "error": "Error",
}

LABELS: Mapping[str, Mapping[str, str]] = {
    "pt_BR": {
        "title": "Cotação de preço",
        "summary_title": "Resumo de cotações de preço",
        "cnpj": "CNPJ",
        "generated": "Gerado em {when}",
        "page": "Página {page} de {pages}",
        "line": "Linha",
        "parameters": "Parâmetros",
        "breakdown": "Composição do preço",
        "information": "Informações",
        "product": "Produto",
        "request": "Nº da requisição",
        "contract": "Contrato",
        "origin": "Origem",
        "destination": "Destino",
        "country": "País de destino",
        "weight": "Peso",
        "format": "Formato",
        "dimensions": "Dimensões",
        "diameter": "diâmetro {value} cm",
        "declared": "Valor declarado",
        "declared_not_priced": "{value} (não cotado: sem serviço de valor declarado)",
        "services": "Serviços adicionais",
        "event_date": "Data do evento",
        "final_price": "Preço final",
        "error": "Erro",
        "charged_weight": "Peso cobrado",
        "cubic": "Cúbico",
        "services_total": "Serviços",
        "total": "Total ({quotes}, {failed} com erro)",
        "quotes_one": "{count} cotação",
        "quotes_many": "{count} cotações",
        "yes": "Sim",
        "no": "Não",
        "no_quotes": "Nenhuma cotação.",
        "deadline": "Prazo de entrega",
        "deadline_days": "Dias úteis",
        "deadline_by": "Chega até",
        "deadline_home": "Entrega em domicílio",
        "deadline_saturday": "Entrega no sábado",
        "deadline_message": "Mensagem do prazo",
        "deadline_branch": "Retirar na agência",
        "arrives": "Chega até",
        "format_1": "Envelope",
        "format_2": "Pacote",
        "format_3": "Rolo",
        **{f"kind.{kind}": text for kind, text in _KINDS_PT.items()},
    },
    "en": {
        "title": "Price quote",
        "summary_title": "Price quotes summary",
        "cnpj": "CNPJ",
        "generated": "Generated on {when}",
        "page": "Page {page} of {pages}",
        "line": "Row",
        "parameters": "Parameters",
        "breakdown": "Price breakdown",
        "information": "Information",
        "product": "Product",
        "request": "Request number",
        "contract": "Contract",
        "origin": "Origin",
        "destination": "Destination",
        "country": "Destination country",
        "weight": "Weight",
        "format": "Format",
        "dimensions": "Dimensions",
        "diameter": "diameter {value} cm",
        "declared": "Declared value",
        "declared_not_priced": "{value} (not priced: no declared-value service)",
        "services": "Additional services",
        "event_date": "Event date",
        "final_price": "Final price",
        "error": "Error",
        "charged_weight": "Charged weight",
        "cubic": "Cubic",
        "services_total": "Services",
        "total": "Total ({quotes}, {failed} failed)",
        "quotes_one": "{count} quote",
        "quotes_many": "{count} quotes",
        "yes": "Yes",
        "no": "No",
        "no_quotes": "No quotes.",
        "deadline": "Delivery time",
        "deadline_days": "Business days",
        "deadline_by": "Arrives by",
        "deadline_home": "Home delivery",
        "deadline_saturday": "Saturday delivery",
        "deadline_message": "Delivery message",
        "deadline_branch": "Pick up at a branch",
        "arrives": "Arrives by",
        "format_1": "Envelope",
        "format_2": "Package",
        "format_3": "Roll",
        **{f"kind.{kind}": text for kind, text in _KINDS_EN.items()},
    },
}
"""Every text of the PDF per language, the ladder kinds under ``kind.<kind>``."""


def _labels(language: str) -> Mapping[str, str]:
    return LABELS["en"] if language.lower().startswith("en") else LABELS["pt_BR"]


def _detail_language(language: str) -> str:
    return "en" if language.lower().startswith("en") else "pt_BR"


def _head(labels: Mapping[str, str], company: str, cnpj: str, generated: str) -> tuple[str, str]:
    """The company line on the left of every page's head, the time of issue on the right."""
    right_text = labels["generated"].format(when=generated)
    left_text = company
    if cnpj:
        left_text = f"{company}  ·  {labels['cnpj']} {cnpj}" if company else f"{labels['cnpj']} {cnpj}"
    return left_text, right_text


# --------------------------------------------------------------------------- texts


def _money(value: Decimal | None) -> str:
    return "" if value is None else format_brl(value)


def _number(value: Decimal, language: str) -> str:
    """A size as the language writes it, without trailing zeros: ``20,5`` / ``20.5``."""
    return format_number(value, language, trim=True)


def _cep(value: str | None) -> str:
    if not value:
        return ""
    try:
        return format_cep(value)
    except InvalidValue:
        return value


def _cnpj(value: str) -> str:
    if not value.strip():
        return ""
    try:
        return format_cnpj(value)
    except InvalidValue:
        return value.strip()


def _product(query: PriceQuery, response: PriceResponse | None) -> str:
    name = (response.product_name if response is not None else None) or product_name(query.coProduto)
    return f"{query.coProduto} {name}" if name else query.coProduto


def _destination(query: PriceQuery) -> str:
    return query.sgPaisDestino if query.international and query.sgPaisDestino else _cep(query.cepDestino)


def _error_text(result: QuoteResult) -> str:
    error = result.failure or (result.response.error if result.response is not None else None)
    return "" if error is None else str(error)


def _when(moment: datetime) -> str:
    return f"{format_date_ui(moment.date())} {moment:%H:%M}"


def _final(result: QuoteResult) -> Decimal | None:
    if _error_text(result) or result.response is None:
        return None
    return result.response.pcFinal


# --------------------------------------------------------------------------- per quote


def _parameters(
    query: PriceQuery, response: PriceResponse | None, labels: Mapping[str, str], language: str
) -> list[list[str]]:
    rows: list[list[str]] = [[labels["product"], _product(query, response)]]
    if query.nuRequisicao:
        rows.append([labels["request"], query.nuRequisicao])
    if query.nuContrato:
        contract = query.nuContrato + (f" / DR {query.nuDR}" if query.nuDR is not None else "")
        rows.append([labels["contract"], contract])
    if query.cepOrigem:
        rows.append([labels["origin"], _cep(query.cepOrigem)])
    if query.international:
        rows.append([labels["country"], query.sgPaisDestino or ""])
    elif query.cepDestino:
        rows.append([labels["destination"], _cep(query.cepDestino)])
    if query.psObjeto is not None:
        rows.append([labels["weight"], format_grams(query.psObjeto, language)])
    if query.tpObjeto is not None:
        rows.append([labels["format"], labels[f"format_{query.tpObjeto.value}"]])
    sizes = [query.comprimento, query.largura, query.altura]
    parts = []
    if any(size is not None for size in sizes):
        parts.append(" × ".join("?" if size is None else _number(size, language) for size in sizes) + " cm")
    if query.diametro is not None:
        parts.append(labels["diameter"].format(value=_number(query.diametro, language)))
    if parts:
        rows.append([labels["dimensions"], ", ".join(parts)])
    if query.vlDeclarado is not None:
        rows.append([labels["declared"], declared_text(query, response, labels)])
    if query.servicosAdicionais:
        rows.append([labels["services"], ", ".join(query.servicosAdicionais)])
    if query.dtEvento is not None:
        rows.append([labels["event_date"], format_date_ui(query.dtEvento)])
    return rows


def _deadline_rows(outcome: DeadlineOutcome | None, labels: Mapping[str, str]) -> list[list[str]]:
    """Days, the date, home delivery, Saturday and the message of a known deadline."""
    deadline = None if outcome is None else outcome.deadline
    if deadline is None:
        return []
    rows: list[list[str]] = []
    if deadline.prazoEntrega is not None:
        rows.append([labels["deadline_days"], str(deadline.prazoEntrega)])
    if deadline.by is not None:
        rows.append([labels["deadline_by"], f"{deadline.by:%d/%m/%Y}"])
    if deadline.entregaDomiciliar is not None:
        home = labels["yes"] if deadline.entregaDomiciliar else labels["deadline_branch"]
        rows.append([labels["deadline_home"], home])
    if deadline.entregaSabado is not None:
        rows.append([labels["deadline_saturday"], labels["yes"] if deadline.entregaSabado else labels["no"]])
    if deadline.msgPrazo:
        rows.append([labels["deadline_message"], deadline.msgPrazo])
    return rows


def _arrives(outcome: DeadlineOutcome | None) -> str:
    by = None if outcome is None else outcome.by
    return "" if by is None else f"{by:%d/%m/%Y}"


def declared_text(query: PriceQuery, response: PriceResponse | None, labels: Mapping[str, str]) -> str:
    """The declared value as priced: a value that went without a declared-value service says so."""
    value = format_brl(query.vlDeclarado) if query.vlDeclarado is not None else ""
    if declared_value_priced(query, response):
        return value
    return labels["declared_not_priced"].format(value=value)


def _ladder_lines(steps: Sequence[LadderStep], labels: Mapping[str, str]) -> list[LadderLine]:
    return [
        LadderLine(
            sign=step.sign,
            label=step.label or labels.get(f"kind.{step.kind}", step.kind),
            detail=step.detail,
            amount=_money(step.amount),
            level=step.level,
            kind=step.kind,
        )
        for step in steps
    ]


def _quote_page(
    result: QuoteResult,
    labels: Mapping[str, str],
    language: str,
    deadline: DeadlineOutcome | None = None,
) -> QuotePage:
    query, response = result.query, result.response
    rows = _parameters(query, response, labels, language) + _deadline_rows(deadline, labels)
    page = QuotePage(
        title=labels["title"],
        subtitle=f"{labels['line']} {result.index + 1} · {_product(query, response)}",
        parameters_head=labels["parameters"],
        parameters=[(name, value) for name, value in rows],
    )
    error = _error_text(result)
    if error or response is None:
        return replace(page, error=f"{labels['error']}: {error}")
    steps = ladder(response, language=_detail_language(language))
    final = response.pcFinal
    return replace(
        page,
        breakdown=labels["breakdown"],
        price_steps=_ladder_lines([step for step in steps if step.kind not in INFO_KINDS], labels),
        final="" if final is None else f"{labels['final_price']}: {format_brl(final)}",
        information=labels["information"],
        info_steps=_ladder_lines([step for step in steps if step.kind in INFO_KINDS], labels),
    )


# --------------------------------------------------------------------------- summary


_SUMMARY_COLUMNS = (
    "line", "product", "origin", "destination", "weight",
    "charged_weight", "cubic", "services_total", "final_price", "error",
)  # fmt: skip


def _summary_line(
    result: QuoteResult,
    labels: Mapping[str, str],
    deadlines: Deadlines | None = None,
    language: str = "pt_BR",
) -> SummaryLine:
    """One quote as a line of the summary table."""
    query, response = result.query, result.response
    error = _error_text(result)
    good = response if not error else None
    cubic = ""
    if good is not None and good.inPesoCubico:
        cubic = labels["yes"] if good.cubic_weight_charged else labels["no"]
    cells = [
        str(result.index + 1),
        _product(query, response),
        _cep(query.cepOrigem),
        _destination(query),
        "" if query.psObjeto is None else format_grams(query.psObjeto, language),
        "" if good is None or good.psCobrado is None else format_grams(good.psCobrado, language),
        cubic,
        "" if good is None else _money(good.pcTotalServicosAdicionais),
        _money(_final(result)),
        *(() if deadlines is None else (_arrives(deadlines.get(result.index)),)),
    ]
    return SummaryLine(cells, error)


def _summary(
    results: Sequence[QuoteResult],
    labels: Mapping[str, str],
    deadlines: Deadlines | None = None,
    language: str = "pt_BR",
) -> QuoteSummary:
    """The summary table; with ``deadlines`` an "arrives by" date column before the errors."""
    columns = list(_SUMMARY_COLUMNS)
    if deadlines is not None:
        columns.insert(-1, "arrives")
    total = sum((final for final in map(_final, results) if final is not None), Decimal(0))
    failed = sum(1 for result in results if _error_text(result) or result.response is None)
    quotes = labels["quotes_one" if len(results) == 1 else "quotes_many"]
    count = labels["total"].format(
        quotes=quotes.format(count=format_number(len(results), language)),
        failed=format_number(failed, language),
    )
    return QuoteSummary(
        title=labels["summary_title"],
        headings=[labels[column] for column in columns],
        lines=[_summary_line(result, labels, deadlines, language) for result in results],
        count=count,
        total=format_brl(total),
        arrives=deadlines is not None,
    )


# --------------------------------------------------------------------------- entry point


def write_quotes_pdf(
    path: Path,
    results: Sequence[QuoteResult],
    *,
    company: str,
    cnpj: str,
    generated_at: datetime,
    layout: Layout,
    language: str = "pt_BR",
    compress: bool = True,
    deadlines: Deadlines | None = None,
) -> None:
    """Write ``results`` as a PDF at ``path``, atomically (a temporary file, then a rename).

    ``deadlines`` (by the result's index) add each quote's delivery time: its rows on a
    quote's page, an "arrives by" column in the summary.

    ``compress=False`` writes uncompressed, reproducible output (``invariant``): the
    tests read its text without a PDF library.
    """
    if layout not in ("per_quote", "summary"):
        raise ValueError(f"unknown layout {layout!r}")
    language = _detail_language(language)  # one language for the words and the numbers
    labels = _labels(language)
    report = QuotesReport(
        title=labels["title"] if layout == "per_quote" else labels["summary_title"],
        author=company,
        head=_head(labels, company.strip(), _cnpj(cnpj), _when(generated_at)),
        page=labels["page"],
        no_quotes=labels["no_quotes"],
        compress=compress,
    )
    if layout == "per_quote":
        found = deadlines or {}
        pages = tuple(_quote_page(result, labels, language, found.get(result.index)) for result in results)
        report = replace(report, pages=pages)
    else:
        report = replace(report, summary=_summary(results, labels, deadlines, language))
    write_atomically(Path(path), quotes_pdf(report))
