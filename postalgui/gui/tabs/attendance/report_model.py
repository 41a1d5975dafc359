"""`ReportModel`: a reconciliation report's lines as a table, and its summary in words.

The report (``Report.as_json()``) holds one list per kind (confirmed, pending, unknown to
the operator, ...); the table shows every line with its kind first, states and
situations in words and amounts as ``R$ 1.234,56``, so a bookkeeper reads it as the
exported CSV and PDF say it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from postalgui.api.values import format_brl
from postalgui.gui.messages import arg
from postalgui.gui.models.formatting import format_count
from postalgui.gui.models.row_table import Column, RowTableModel
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


def _kind_order(line: ReportLine) -> int:
    return KINDS.index(line.kind) if line.kind in KINDS else len(KINDS)


def _amount(title: object, cents: Callable[[ReportLine], int | None]) -> Column[ReportLine]:
    """An amount in reais, sorted by its cents (absent: last)."""
    return Column(title, lambda line: _money(cents(line)), cents, numeric=True, alarm=True)


_COLUMNS: tuple[Column[ReportLine], ...] = (
    Column(
        QT_TRANSLATE_NOOP("ReportModel", "Result"), lambda line: kind_text(line.kind), _kind_order, alarm=True
    ),
    Column(QT_TRANSLATE_NOOP("ReportModel", "Protocol"), lambda line: line.protocol, alarm=True),
    Column(
        QT_TRANSLATE_NOOP("ReportModel", "Ledger"), lambda line: state_text(line.ledger_state), alarm=True
    ),
    Column(
        QT_TRANSLATE_NOOP("ReportModel", "Operator"),
        lambda line: operator_status_text(line.operator_status),
        alarm=True,
    ),
    _amount(QT_TRANSLATE_NOOP("ReportModel", "Ledger amount"), lambda line: line.ledger_cents),
    _amount(QT_TRANSLATE_NOOP("ReportModel", "Operator amount"), lambda line: line.operator_cents),
    Column(QT_TRANSLATE_NOOP("ReportModel", "Note"), lambda line: line.note, alarm=True),
)


class ReportModel(RowTableModel[ReportLine]):
    """The lines of one reconciliation report; the kinds a person must look at in red."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(_COLUMNS, parent)

    def failed(self, item: ReportLine) -> bool:
        return item.kind in ATTENTION_KINDS
