"""The accountant's PDF of the money back: per month the candidates, claims filed,
accepted, paid and refused with their estimated amounts and the totals, then the list of
claims (object, protocol, filed on, reason, outcome, estimate).

Every amount is an estimate from the compensation table (a setting; the operator decides
what it pays), and the report says so in the titles and in a note. Here the report's
words and numbers; `postalgui.documents.reports.claims_money` draws them. Money is
``R$ 1.234,56`` and days ``DD/MM/AAAA`` in both languages; counts follow the language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.values import format_brl, format_date_ui, format_number
from postalgui.api.values.money import added
from postalgui.documents.reports.claims_money import MONTH_GROUPS, ClaimLine, MoneyReport, money_report_pdf
from postalgui.services.claims import words
from postalgui.services.claims.records import ClaimState
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


def _money(amount: Decimal | None) -> str:
    """``R$ 1.234,56``; an amount nobody knows is a dash (R$ 0,00 would say it was nothing)."""
    return format_brl(amount) if amount is not None else "\N{EM DASH}"


def _month_rows(months: Sequence[MonthSummary], language: str) -> list[list[str]]:
    """The month table's rows in words, the total row last; none without a month."""
    if not months:
        return []

    def row(name: str, counts: Sequence[int], amounts: Sequence[Decimal | None], refused: int) -> list[str]:
        cells = [name]
        for count, amount in zip(counts, amounts, strict=True):
            cells += [format_number(count, language), _money(amount)]
        return [*cells, format_number(refused, language)]

    rows: list[list[str]] = []
    for month in months:
        counts = (month.candidates, month.filed, month.accepted, month.paid)
        amounts = (
            month.candidates_estimate,
            month.filed_estimate,
            month.accepted_estimate,
            month.paid_estimate,
        )
        rows.append(row(words.month_words(month.month, language), counts, amounts, month.refused))
    rows.append(
        row(
            LABELS[language]["total"],
            [sum(getattr(month, group) for month in months) for group in MONTH_GROUPS],
            [added(getattr(month, f"{group}_estimate") for month in months) for group in MONTH_GROUPS],
            sum(month.refused for month in months),
        )
    )
    return rows


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


def _claim_line(claim: Claim, language: str) -> ClaimLine:
    return ClaimLine(
        code=claim.code,
        protocol=claim.protocol or "",
        filed_on=_filed_on(claim),
        reason=words.reason_words(claim.reason, language),
        outcome=_outcome(claim, language),
        estimate=_money(claim.estimate),
    )


def _claims_total(claims: Sequence[Claim], labels: Mapping[str, str], language: str) -> tuple[str, str]:
    """How many claims ("1 pedido", "3 pedidos") and their estimates summed."""
    count = labels["claims_one"] if len(claims) == 1 else labels["claims_total"]
    estimate = added(claim.estimate for claim in claims)
    return count.format(count=format_number(len(claims), language)), _money(estimate)


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
    oldest = datetime.min.replace(tzinfo=UTC)
    ordered_claims = sorted(claims, key=lambda claim: (claim.filed_at or oldest, claim.code))
    report = MoneyReport(
        title=labels["title"],
        note=labels["note"],
        head=(company or labels["title"], when),
        foot=labels["title"] if company else "",
        page=labels["page"],
        labels=labels,
        months=_month_rows(sorted(months, key=lambda month: month.month), language),
        claims=[_claim_line(claim, language) for claim in ordered_claims],
        claims_total=_claims_total(claims, labels, language),
    )
    return write_atomically(Path(path), money_report_pdf(report))
