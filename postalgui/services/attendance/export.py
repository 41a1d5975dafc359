"""A reconciliation report as a CSV (for the books) and a PDF (to file or send), in words;
`postalgui.documents.reports.attendances` draws the PDF.

Labels are Brazilian Portuguese by default, English with ``language="en"``; money is
``R$ 1.234,56`` and the day ``DD/MM/AAAA`` in both (the app's conventions).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import date, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

from postalgui.api.values import format_brl
from postalgui.documents.reports.attendances import ReconciliationReport, ReportSection, reconciliation_pdf
from postalgui.services.spreadsheet import write_csv
from postalgui.services.words.attendance import state_words
from postalgui.store.atomic import write_atomically

__all__ = ["KINDS", "report_rows", "write_report_csv", "write_report_pdf"]

Language = Literal["pt", "en"]

KINDS = (
    "confirmed",
    "cancelled",
    "reversed",
    "pending",
    "unknown_to_operator",
    "missing_from_ledger",
    "amount_differences",
    "flagged",
)
"""The report's lists, in the order a bookkeeper reads them."""

_WORDS: Mapping[Language, Mapping[str, str]] = {
    "pt": {
        "confirmed": "Confirmados",
        "cancelled": "Cancelados",
        "reversed": "Estornados",
        "pending": "Ainda pendentes",
        "unknown_to_operator": "No livro, desconhecidos do Operador",
        "missing_from_ledger": "Do Operador, ausentes do livro",
        "amount_differences": "Diferenças de valor",
        "flagged": "Sinalizados (confirmações contraditórias)",
        "title": "Conciliação de atendimentos",
        "kind": "Situação",
        "protocol": "Protocolo",
        "ledger_state": "No livro",
        "operator_status": "No Operador",
        "ledger_amount": "Valor no livro",
        "operator_amount": "Valor no Operador",
        "note": "Observação",
        "count": "Quantidade",
        "errors": "Erros",
        "ran_at": "Executada em (horário de Brasília)",
        "preview_title": "prévia",
        "preview": "Prévia: executada antes das 22:00 (horário de Brasília). O dia continua aberto; "
        "atendimentos concluídos mais tarde entram na conciliação das 22:00, que fecha o dia.",
        "none": "Nenhum.",
    },
    "en": {
        "confirmed": "Confirmed",
        "cancelled": "Cancelled",
        "reversed": "Reversed",
        "pending": "Still pending",
        "unknown_to_operator": "In the ledger, unknown to the operator",
        "missing_from_ledger": "Known to the operator, missing from the ledger",
        "amount_differences": "Amount differences",
        "flagged": "Flagged (contradicting confirmations)",
        "title": "Attendance reconciliation",
        "kind": "Result",
        "protocol": "Protocol",
        "ledger_state": "Ledger",
        "operator_status": "Operator",
        "ledger_amount": "Ledger amount",
        "operator_amount": "Operator amount",
        "note": "Note",
        "count": "Count",
        "errors": "Errors",
        "ran_at": "Run at (Brasilia time)",
        "preview_title": "preview",
        "preview": "Preview: run before 22:00 (Brasilia time). The day stays open; attendances "
        "concluded later are reconciled by the run after 22:00, which closes the day.",
        "none": "None.",
    },
}


def _ran_at(report: Mapping[str, Any]) -> str:
    """When the report was made, in Brasília time: ``24/11/2026 04:25``."""
    text = str(report.get("ran_at") or "")
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return text
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone(timedelta(hours=-3)))
    return moment.strftime("%d/%m/%Y %H:%M")


def _money(cents: object) -> str:
    return format_brl(Decimal(int(cents)).scaleb(-2)) if isinstance(cents, int) else ""


def _day(report: Mapping[str, Any]) -> str:
    return date.fromisoformat(str(report["day"])).strftime("%d/%m/%Y")


def report_rows(report: Mapping[str, Any], language: Language = "pt") -> Iterator[list[str]]:
    """One row per line of every list: kind, protocol, states, amounts, note."""
    words = _WORDS[language]
    for kind in KINDS:
        for line in report.get(kind, []):
            yield [
                words[kind],
                str(line.get("protocol", "")),
                state_words(line.get("ledger_state"), language),
                state_words(line.get("operator_status"), language),
                _money(line.get("ledger_cents")),
                _money(line.get("operator_cents")),
                str(line.get("note") or ""),
            ]


def _header(language: Language) -> list[str]:
    words = _WORDS[language]
    keys = ("kind", "protocol", "ledger_state", "operator_status", "ledger_amount", "operator_amount", "note")
    return [words[key] for key in keys]


def write_report_csv(path: Path, report: Mapping[str, Any], language: Language = "pt") -> Path:
    return write_csv(path, _header(language), report_rows(report, language))


def write_report_pdf(path: Path, report: Mapping[str, Any], language: Language = "pt") -> Path:
    """An A4 report: the day, a summary of counts, then each non-empty list as a table."""
    words = _WORDS[language]
    preview = bool(report.get("preview"))
    title = f"{words['title']} — {_day(report)}" + (f" ({words['preview_title']})" if preview else "")
    header = _header(language)[1:]
    sections = [
        ReportSection(words[kind], [header, *(row[1:] for row in report_rows({kind: lines}, language))])
        for kind in KINDS
        if (lines := report.get(kind, []))
    ]
    drawn = ReconciliationReport(
        title=title,
        ran_at=f"{words['ran_at']}: {_ran_at(report)}",
        preview=words["preview"] if preview else "",
        summary=[
            [words["kind"], words["count"]],
            *([words[kind], str(len(report.get(kind, [])))] for kind in KINDS),
        ],
        sections=sections,
        errors_title=words["errors"],
        errors=[str(text) for text in report.get("errors") or ()],
        document_title=f"{words['title']} {report.get('day', '')}",
    )
    return write_atomically(Path(path), reconciliation_pdf(drawn))
