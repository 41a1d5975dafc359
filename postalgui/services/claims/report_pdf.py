"""The accountant's PDF of the money back: per month the candidates, claims filed,
accepted, paid and refused with their estimated amounts and the totals, then the list of
claims (object, protocol, filed on, reason, outcome, estimate).

Every amount is an estimate from the compensation table (a setting; the operator decides
what it pays), and the report says so in the titles and in a note. Landscape A4 through
the office's `postalgui.documents` pieces, as the late-objects report
(`services.tracking.late_pdf`) draws: the house's head and "Página x de y". Money is
``R$ 1.234,56`` and days ``DD/MM/AAAA`` in both languages; counts follow the language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.platypus import Spacer, Table, TableStyle  # type: ignore[import-untyped]

from postalgui.api.values import format_brl, format_date_ui, format_number
from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.pages import landscape_report, report_styles
from postalgui.documents.tables import heading_row, padding, total_row
from postalgui.documents.text import fit, paragraph
from postalgui.services.claims import words
from postalgui.services.claims.records import ClaimState
from postalgui.services.tracking.late_pdf import added
from postalgui.services.words import language_of
from postalgui.store.atomic import write_atomically

if TYPE_CHECKING:
    from postalgui.services.claims.money import MonthSummary
    from postalgui.services.claims.records import Claim

__all__ = ["LABELS", "write_money_report"]

LABELS: Mapping[str, Mapping[str, str]] = {
    "pt": {
        "title": "Indenizações dos Correios: dinheiro de volta",
        "generated": "Gerado em {when}",
        "page": "Página {page} de {pages}",
        "note": "Os valores são estimativas pela tabela de indenização das Configurações "
        "(percentual da postagem por dias de atraso; postagem e valor declarado numa perda): "
        "quem decide o valor pago é o operador.",
        "months": "Resumo por mês (valores estimados)",
        "month": "Mês",
        "candidates": "Candidatos",
        "filed": "Registrados",
        "accepted": "Procedentes",
        "paid": "Pagos",
        "refused": "Improcedentes",
        "count": "Qtd.",
        "estimate": "Estimativa",
        "total": "Total",
        "claims": "Pedidos de indenização",
        "object": "Objeto",
        "protocol": "Protocolo",
        "filed_on": "Registrado em",
        "reason": "Motivo",
        "outcome": "Resultado",
        "claim_estimate": "Estimativa",
        "no_months": "Nenhum candidato nem pedido.",
        "no_claims": "Nenhum pedido registrado.",
        "claims_total": "{count} pedidos",
        "claims_one": "1 pedido",
    },
    "en": {
        "title": "Postal compensation claims: money back",
        "generated": "Generated on {when}",
        "page": "Page {page} of {pages}",
        "note": "Amounts are estimates from the compensation table in Settings (a share of the "
        "postage per days late; postage and declared value for a loss): the operator decides "
        "what it pays.",
        "months": "Summary per month (estimated amounts)",
        "month": "Month",
        "candidates": "Candidates",
        "filed": "Filed",
        "accepted": "Accepted",
        "paid": "Paid",
        "refused": "Refused",
        "count": "Count",
        "estimate": "Estimate",
        "total": "Total",
        "claims": "Compensation claims",
        "object": "Object",
        "protocol": "Protocol",
        "filed_on": "Filed on",
        "reason": "Reason",
        "outcome": "Outcome",
        "claim_estimate": "Estimate",
        "no_months": "No candidates and no claims.",
        "no_claims": "No claims filed.",
        "claims_total": "{count} claims",
        "claims_one": "1 claim",
    },
}

_SIZE = 8
_GREY = colors.HexColor("#e8edf3")
_LIGHT = colors.HexColor("#f6f8fa")
_CLAIM_WIDTHS_MM = (32, 28, 26, None, 58, 32)
"""Object, protocol, filed on, reason (the rest), outcome, estimate."""
_MONTH_WIDTHS_MM = (22, 18, 30, 18, 30, 18, 30, 18, 30, 26)
"""Month, then a count and an estimate for candidates, filed, accepted and paid, then refused."""


def _money(amount: Decimal | None) -> str:
    """``R$ 1.234,56``; an amount nobody knows is a dash (R$ 0,00 would say it was nothing)."""
    return format_brl(amount) if amount is not None else "\N{EM DASH}"


def _months_table(months: Sequence[MonthSummary], labels: Mapping[str, str], language: str) -> Table:
    groups = ("candidates", "filed", "accepted", "paid")
    first: list[str] = [labels["month"]]
    second: list[str] = [""]
    for group in groups:
        first += [labels[group], ""]
        second += [labels["count"], labels["estimate"]]
    first.append(labels["refused"])
    second.append(labels["count"])
    data: list[list[str]] = [first, second]

    def row(name: str, counts: Sequence[int], amounts: Sequence[Decimal | None], refused: int) -> list[str]:
        cells = [name]
        for count, amount in zip(counts, amounts, strict=True):
            cells += [format_number(count, language), _money(amount)]
        return [*cells, format_number(refused, language)]

    for month in months:
        counts = (month.candidates, month.filed, month.accepted, month.paid)
        amounts = (
            month.candidates_estimate,
            month.filed_estimate,
            month.accepted_estimate,
            month.paid_estimate,
        )
        data.append(row(words.month_words(month.month, language), counts, amounts, month.refused))
    data.append(
        row(
            labels["total"],
            [sum(getattr(month, group) for month in months) for group in groups],
            [added(getattr(month, f"{group}_estimate") for month in months) for group in groups],
            sum(month.refused for month in months),
        )
    )
    table = Table(data, colWidths=[width * mm for width in _MONTH_WIDTHS_MM], repeatRows=2, hAlign="LEFT")
    spans = [("SPAN", (1 + 2 * i, 0), (2 + 2 * i, 0)) for i in range(len(groups))]
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, _SIZE),
                *heading_row(_SIZE, _GREY, 0.75, colors.black),
                ("FONT", (0, 1), (-1, 1), BOLD, _SIZE),
                ("BACKGROUND", (0, 1), (-1, 1), _GREY),
                ("LINEBELOW", (0, 1), (-1, 1), 0.75, colors.black),
                *spans,
                ("ALIGN", (1, 0), (-1, 0), "CENTER"),
                ("ALIGN", (1, 1), (-1, -1), "RIGHT"),
                ("ROWBACKGROUNDS", (0, 2), (-1, -2), [colors.white, _LIGHT]),
                *padding(2),
                *total_row(_SIZE, 0.75, colors.black, background=_GREY),
            ]
        )
    )
    return table


def _outcome(claim: Claim, language: str) -> str:
    """A filed claim's outcome; else what became of the filing, with the operator's code."""
    if claim.state is ClaimState.FILED:
        return words.outcome_words(claim.outcome, language)
    said = words.state_words(claim.state, language)
    return f"{said} ({claim.return_code})" if claim.return_code else said


def _filed_on(claim: Claim) -> str:
    moment = claim.filed_at
    if moment is None:
        return ""
    local = moment.astimezone() if moment.tzinfo is not None else moment
    return format_date_ui(local.date())


def _claims_table(claims: Sequence[Claim], labels: Mapping[str, str], width: float, language: str) -> Table:
    fixed = sum(w for w in _CLAIM_WIDTHS_MM if w is not None) * mm
    widths = [w * mm if w is not None else width - fixed for w in _CLAIM_WIDTHS_MM]
    keys = ("object", "protocol", "filed_on", "reason", "outcome", "claim_estimate")
    data: list[list[str]] = [[fit(labels[key], widths[i] - 6, _SIZE, BOLD) for i, key in enumerate(keys)]]
    for claim in claims:
        reason = words.reason_words(claim.reason, language)
        data.append(
            [
                claim.code,
                claim.protocol or "",
                _filed_on(claim),
                fit(reason, widths[3] - 6, _SIZE),
                fit(_outcome(claim, language), widths[4] - 6, _SIZE),
                _money(claim.estimate),
            ]
        )
    count = labels["claims_one"] if len(claims) == 1 else labels["claims_total"]
    total = [count.format(count=format_number(len(claims), language)), "", "", "", labels["total"]]
    data.append([*total, _money(added(claim.estimate for claim in claims))])
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, _SIZE),
                *heading_row(_SIZE, _GREY, 0.75, colors.black),
                ("ROWBACKGROUNDS", (0, 1), (-1, -2), [colors.white, _LIGHT]),
                ("ALIGN", (5, 0), (5, -1), "RIGHT"),
                ("ALIGN", (4, -1), (4, -1), "RIGHT"),
                *padding(2),
                *total_row(_SIZE, 0.75, colors.black, background=_GREY),
            ]
        )
    )
    return table


def _story(
    months: Sequence[MonthSummary],
    claims: Sequence[Claim],
    labels: Mapping[str, str],
    width: float,
    language: str,
) -> list[Any]:
    styles = report_styles(title_after=2)
    story: list[Any] = [
        paragraph(labels["title"], styles["title"]),
        paragraph(labels["note"], styles["body"]),
        paragraph(labels["months"], styles["head"]),
    ]
    ordered = sorted(months, key=lambda month: month.month)
    story.append(
        _months_table(ordered, labels, language)
        if ordered
        else paragraph(labels["no_months"], styles["body"])
    )
    story += [Spacer(1, 2 * mm), paragraph(labels["claims"], styles["head"])]
    if claims:
        oldest = datetime.min.replace(tzinfo=UTC)
        ordered_claims = sorted(claims, key=lambda claim: (claim.filed_at or oldest, claim.code))
        story.append(_claims_table(ordered_claims, labels, width, language))
    else:
        story.append(paragraph(labels["no_claims"], styles["body"]))
    return story


def write_money_report(
    path: Path,
    months: Sequence[MonthSummary],
    claims: Sequence[Claim],
    language: str = "pt",
    company: str = "",
    generated: datetime | None = None,
) -> Path:
    """Write the report at ``path`` atomically; ``company`` heads every page beside the
    time it was ``generated`` (now by default)."""
    language = language_of(language)
    labels = LABELS[language]
    local = (generated or datetime.now(UTC)).astimezone()
    when = labels["generated"].format(when=f"{format_date_ui(local.date())} {local:%H:%M}")
    page = labels["page"]
    pdf = landscape_report(
        labels["title"],
        lambda width: _story(months, claims, labels, width, language),
        (company or labels["title"], when),
        (labels["title"] if company else "", lambda number, pages: page.format(page=number, pages=pages)),
    )
    return write_atomically(Path(path), pdf)
