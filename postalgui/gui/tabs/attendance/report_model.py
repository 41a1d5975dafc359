"""`ReportModel`: a reconciliation report's lines as a table, and its summary in words.

The report (``Report.as_json()``) holds one list per kind (confirmed, pending, unknown to
the operator, ...); the table shows every line with its kind first, states and
situations in words and amounts as ``R$ 1.234,56``, so a bookkeeper reads it as the
exported CSV and PDF say it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QCoreApplication

from postalgui.api.values import format_brl
from postalgui.gui.messages import arg
from postalgui.gui.models.formatting import error_colour, format_count
from postalgui.gui.models.records import RecordTableModel
from postalgui.gui.tabs.attendance.words import kind_text, operator_status_text, state_text
from postalgui.services.attendance.export import KINDS

__all__ = ["ATTENTION_KINDS", "ReportColumn", "ReportLine", "ReportModel", "report_lines", "summary_text"]

ATTENTION_KINDS = frozenset(
    {"pending", "unknown_to_operator", "missing_from_ledger", "amount_differences", "flagged"}
)
"""Kinds a person must look at; painted in the table."""


class ReportColumn(IntEnum):
    KIND = 0
    PROTOCOL = 1
    LEDGER_STATE = 2
    OPERATOR_STATUS = 3
    LEDGER_AMOUNT = 4
    OPERATOR_AMOUNT = 5
    NOTE = 6


@dataclass(frozen=True)
class ReportLine:
    kind: str
    protocol: str
    ledger_state: str | None
    operator_status: str | None
    ledger_cents: int | None
    operator_cents: int | None
    note: str


def report_lines(report: Mapping[str, Any]) -> list[ReportLine]:
    """Every line of every kind, in the order the exports list them."""
    lines: list[ReportLine] = []
    for kind in KINDS:
        for line in report.get(kind, []):
            lines.append(
                ReportLine(
                    kind,
                    str(line.get("protocol") or ""),
                    line.get("ledger_state"),
                    line.get("operator_status"),
                    line.get("ledger_cents"),
                    line.get("operator_cents"),
                    str(line.get("note") or ""),
                )
            )
    return lines


def summary_text(report: Mapping[str, Any]) -> str:
    """``"Confirmed: 2 · Still pending: 1 · ..."``: the count of every kind that has lines,
    after a note when the run was a preview (before the day's 22:00)."""
    parts = [
        arg(
            QCoreApplication.translate("ReportModel", "%1: %2"),
            kind_text(kind),
            format_count(len(report.get(kind, []))),
        )
        for kind in KINDS
        if report.get(kind)
    ]
    counts = (
        " · ".join(parts)
        if parts
        else QCoreApplication.translate("ReportModel", "No attendances on this day.")
    )
    if not report.get("preview"):
        return counts
    note = QCoreApplication.translate(
        "ReportModel",
        "Preview: run before 22:00 (Brasília time); the day stays open and the run after 22:00 closes it.",
    )
    return f"{note} {counts}"


def _money(cents: int | None) -> str:
    return "" if cents is None else format_brl(Decimal(cents).scaleb(-2))


class ReportModel(RecordTableModel):
    """The lines of one reconciliation report."""

    def headers(self) -> Sequence[str]:
        return (
            self.tr("Result"),
            self.tr("Protocol"),
            self.tr("Ledger"),
            self.tr("Operator"),
            self.tr("Ledger amount"),
            self.tr("Operator amount"),
            self.tr("Note"),
        )

    def numeric_columns(self) -> frozenset[int]:
        return frozenset({ReportColumn.LEDGER_AMOUNT, ReportColumn.OPERATOR_AMOUNT})

    def display(self, item: Any, column: int) -> str:
        line: ReportLine = item
        match column:
            case ReportColumn.KIND:
                return kind_text(line.kind)
            case ReportColumn.PROTOCOL:
                return line.protocol
            case ReportColumn.LEDGER_STATE:
                return state_text(line.ledger_state)
            case ReportColumn.OPERATOR_STATUS:
                return operator_status_text(line.operator_status)
            case ReportColumn.LEDGER_AMOUNT:
                return _money(line.ledger_cents)
            case ReportColumn.OPERATOR_AMOUNT:
                return _money(line.operator_cents)
            case ReportColumn.NOTE:
                return line.note
        return ""

    def sort_value(self, item: Any, column: int) -> object:
        line: ReportLine = item
        if column == ReportColumn.KIND:
            return KINDS.index(line.kind) if line.kind in KINDS else len(KINDS)
        if column == ReportColumn.LEDGER_AMOUNT:
            return -1 if line.ledger_cents is None else line.ledger_cents
        if column == ReportColumn.OPERATOR_AMOUNT:
            return -1 if line.operator_cents is None else line.operator_cents
        return self.display(item, column).casefold()

    def foreground(self, item: Any, column: int) -> object:
        del column
        return error_colour() if item.kind in ATTENTION_KINDS else None
