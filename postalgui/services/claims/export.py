"""Claims written out for the bookkeeper: the claims filed, the candidates, and the money back
per month, as the house's CSV (``;``, decimal comma, UTF-8 with BOM) or a workbook (.xlsx).

One row per claim (or candidate, or month) with every field a bookkeeper files: the
object, the protocol and lot, when and by whom it was filed, the reason and outcome in
words beside the operator's codes, and the amounts. In the workbook dates are dates and
money is a number shown ``R$ 1.234,56`` (`spreadsheet.write_table` types the cells);
estimates are labelled as such in their titles. Titles and words are Brazilian
Portuguese by default, English with ``language="en"``. Qt-free: the window and the CLI
call it alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.values.money import added
from postalgui.services.claims import words
from postalgui.services.spreadsheet import CellKind, SheetColumn, write_table
from postalgui.services.words import language_of

if TYPE_CHECKING:
    from postalgui.services.claims.candidates import Candidate
    from postalgui.services.claims.money import MonthSummary
    from postalgui.services.claims.records import Claim

__all__ = ["export_candidates", "export_claims", "export_money_back"]

T, D, M, N = CellKind.TEXT, CellKind.DATE, CellKind.MONEY, CellKind.INT

Spec = Sequence[tuple[str, str, CellKind, int | None]]
"""Per column: its Portuguese title, English title, cell type and width (None: from the title)."""

_CLAIM_COLUMNS: Spec = (
    ("Objeto", "Object", T, 16),
    ("Protocolo", "Protocol", T, 14),
    ("Lote", "Lot", T, 16),
    ("Registrado em", "Filed on", D, 14),
    ("Registrado por", "Filed by", T, 16),
    ("Situação do pedido", "Claim state", T, 18),
    ("Resultado", "Outcome", T, 16),
    ("Motivo", "Reason", T, 30),
    ("Tipo", "Kind", T, 14),
    ("Embalagem", "Packaging", T, 10),
    ("Ocorrência", "Problem", T, 18),
    ("Dias de atraso", "Days late", N, None),
    ("Postagem paga", "Postage paid", M, None),
    ("Indenização estimada", "Estimated compensation", M, 16),
    ("Código de retorno", "Return code", N, None),
    ("Mensagem do operador", "Operator's message", T, 30),
    ("Situação no operador", "Operator's situation", T, 18),
    ("Mérito", "Merit", T, 14),
    ("Data máxima de entrega", "Latest delivery date", D, 14),
    ("Último evento", "Last event", T, 30),
    ("Acompanhado em", "Followed on", D, 14),
    ("Reaberto em", "Reopened on", D, 14),
    ("Pago em", "Paid on", D, 14),
    ("Comprovante de entrega", "Proof of delivery", T, 34),
)

_CANDIDATE_COLUMNS: Spec = (
    ("Objeto", "Object", T, 16),
    ("Ocorrência", "Problem", T, 18),
    ("Motivo", "Reason", T, 30),
    ("Dias de atraso", "Days late", N, None),
    ("Previsto", "Expected", D, None),
    ("Entregue", "Delivered", D, None),
    ("Reclamar a partir de", "Claim from", D, 14),
    ("Prazo para reclamar", "Claim by", D, 14),
    ("Dias restantes", "Days left", N, None),
    ("Produto", "Product", T, 24),
    ("Fatura", "Invoice", T, 14),
    ("Marcador", "Tag", T, 16),
    ("Postagem paga", "Postage paid", M, None),
    ("Origem da postagem", "Postage from", T, 12),
    ("Valor declarado", "Declared value", M, None),
    ("Indenização estimada", "Estimated compensation", M, 16),
)

_MONTH_COLUMNS: Spec = (
    ("Mês", "Month", T, 10),
    ("Candidatos", "Candidates", N, None),
    ("Candidatos: estimativa", "Candidates: estimate", M, 16),
    ("Registrados", "Filed", N, None),
    ("Registrados: estimativa", "Filed: estimate", M, 16),
    ("Procedentes", "Accepted", N, None),
    ("Procedentes: estimativa", "Accepted: estimate", M, 16),
    ("Pagos", "Paid", N, None),
    ("Pagos: estimativa", "Paid: estimate", M, 16),
    ("Improcedentes", "Refused", N, None),
)

_PACKAGES = {"pt": {"E": "Envelope", "C": "Caixa"}, "en": {"E": "Envelope", "C": "Box"}}
_SOURCES = {"pt": {"invoice": "fatura", "quote": "cotação"}, "en": {"invoice": "invoice", "quote": "quote"}}
_SHEETS = {
    "claims": ("Pedidos", "Claims"),
    "candidates": ("Candidatos", "Candidates"),
    "months": ("Dinheiro de volta", "Money back"),
}
_TOTAL = ("Total", "Total")


def _columns(spec: Spec, language: str) -> list[SheetColumn]:
    english = language == "en"
    return [SheetColumn(en if english else pt, kind, width) for pt, en, kind, width in spec]


def _day(moment: datetime | None) -> date | None:
    """The local day of a stored moment (claims keep UTC)."""
    if moment is None:
        return None
    return (moment.astimezone() if moment.tzinfo is not None else moment).date()


def _claim_row(claim: Claim, language: str, proof: str = "") -> list[object]:
    return [
        claim.code,
        claim.protocol or "",
        claim.lot or "",
        _day(claim.filed_at),
        claim.filed_by,
        words.state_words(claim.state, language),
        words.outcome_words(claim.outcome, language),
        words.reason_words(claim.reason, language),
        words.manifestation_words(claim.manifestation, language),
        _PACKAGES[language].get(claim.package, claim.package),
        words.kind_words(claim.kind, language),
        claim.days_late,
        claim.postage,
        claim.estimate,
        claim.return_code,
        claim.return_message,
        claim.situation,
        claim.merit,
        claim.max_delivery,
        claim.last_event,
        _day(claim.followed_at),
        _day(claim.reopened_at),
        _day(claim.paid_at),
        proof,
    ]


def _candidate_row(candidate: Candidate, today: date, language: str) -> list[object]:
    return [
        candidate.code,
        words.kind_words(candidate.kind, language),
        words.reason_words(candidate.reason, language),
        candidate.days_late or None,
        candidate.expected_on,
        candidate.arrived_on,
        candidate.claim_from,
        candidate.deadline,
        candidate.days_left(today),
        candidate.product,
        candidate.invoice or "",
        candidate.tag,
        candidate.postage,
        _SOURCES[language].get(candidate.postage_source or "", ""),
        candidate.declared,
        candidate.estimate,
    ]


def _month_row(summary: MonthSummary, language: str) -> list[object]:
    return [
        words.month_words(summary.month, language),
        summary.candidates,
        summary.candidates_estimate,
        summary.filed,
        summary.filed_estimate,
        summary.accepted,
        summary.accepted_estimate,
        summary.paid,
        summary.paid_estimate,
        summary.refused,
    ]


def _total_row(months: Sequence[MonthSummary], language: str) -> list[object]:
    """The months summed; an amount no month knows stays empty (R$ 0,00 would claim it known)."""
    return [
        _TOTAL[language == "en"],
        sum(month.candidates for month in months),
        added(month.candidates_estimate for month in months),
        sum(month.filed for month in months),
        added(month.filed_estimate for month in months),
        sum(month.accepted for month in months),
        added(month.accepted_estimate for month in months),
        sum(month.paid for month in months),
        added(month.paid_estimate for month in months),
        sum(month.refused for month in months),
    ]


def _write(path: Path, spec: Spec, rows: Iterable[Sequence[object]], sheet: str, language: str) -> Path:
    title = _SHEETS[sheet][language == "en"]
    return write_table(Path(path), _columns(spec, language), rows, title=title)


def export_claims(
    path: Path, claims: Sequence[Claim], language: str = "pt", proofs: Mapping[str, str] | None = None
) -> Path:
    """One row per claim at ``path`` (CSV, or a workbook when it ends in .xlsx), atomically;
    ``proofs``: by object code, the file of its proof of delivery (its last column)."""
    language = language_of(language)
    named = proofs or {}
    rows = (_claim_row(claim, language, named.get(claim.code, "")) for claim in claims)
    return _write(path, _CLAIM_COLUMNS, rows, "claims", language)


def export_candidates(path: Path, candidates: Sequence[Candidate], today: date, language: str = "pt") -> Path:
    """One row per candidate, its days left counted to ``today``."""
    language = language_of(language)
    rows = (_candidate_row(candidate, today, language) for candidate in candidates)
    return _write(path, _CANDIDATE_COLUMNS, rows, "candidates", language)


def export_money_back(path: Path, months: Sequence[MonthSummary], language: str = "pt") -> Path:
    """One row per month, oldest first, then the total."""
    language = language_of(language)
    ordered = sorted(months, key=lambda summary: summary.month)
    rows = [*(_month_row(summary, language) for summary in ordered), _total_row(ordered, language)]
    return _write(path, _MONTH_COLUMNS, rows, "months", language)
