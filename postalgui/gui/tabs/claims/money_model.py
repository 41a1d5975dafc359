"""`MoneyModel`: money back per month (``money_back``), newest month first, and a total line.

A month reads "nov/2026" in Portuguese and "Nov 2026" in English. Each stage (candidates,
filed, accepted, paid) has its count and its amount; amounts come from the compensation
table, so their headers say they are estimates. The total line is the last row, kept last.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject
from PySide6.QtGui import QFont

from postalgui.api.values import format_brl
from postalgui.gui.i18n import app_locale, ui_language
from postalgui.gui.models.row_table import Column, RowTableModel, TextRow
from postalgui.services.claims import words
from postalgui.services.claims.money import MonthSummary

__all__ = ["MoneyColumn", "MoneyModel", "month_text"]


class MoneyColumn(IntEnum):
    MONTH = 0
    CANDIDATES = 1
    CANDIDATES_ESTIMATE = 2
    FILED = 3
    FILED_ESTIMATE = 4
    ACCEPTED = 5
    ACCEPTED_ESTIMATE = 6
    PAID = 7
    PAID_ESTIMATE = 8
    REFUSED = 9
    REFUSED_ESTIMATE = 10


_ESTIMATE: Column[MonthSummary | None] = Column(
    QT_TRANSLATE_NOOP("MoneyModel", "Estimate"),  # of the count before it
    numeric=True,
    header_tip=QT_TRANSLATE_NOOP(
        "MoneyModel", "An estimate from the compensation table (Settings: Claims), not the operator's figure"
    ),
)
_COLUMNS: tuple[Column[MonthSummary | None], ...] = (
    Column(QT_TRANSLATE_NOOP("MoneyModel", "Month")),
    Column(QT_TRANSLATE_NOOP("MoneyModel", "Candidates"), numeric=True),
    _ESTIMATE,
    Column(QT_TRANSLATE_NOOP("MoneyModel", "Filed"), numeric=True),
    _ESTIMATE,
    Column(QT_TRANSLATE_NOOP("MoneyModel", "Accepted"), numeric=True),
    _ESTIMATE,
    Column(QT_TRANSLATE_NOOP("MoneyModel", "Paid"), numeric=True),
    _ESTIMATE,
    Column(QT_TRANSLATE_NOOP("MoneyModel", "Refused"), numeric=True),
    _ESTIMATE,
)
_STAGES = ("candidates", "filed", "accepted", "paid", "refused")
"""The stages, each with a count and an estimate, in column order."""


def month_text(month: str) -> str:
    """``"2026-11"`` in the interface's language, as the exports, the PDF and the CLI write it
    (one function for all: `words.month_words`)."""
    return words.month_words(month, ui_language())


class MoneyModel(RowTableModel[MonthSummary | None]):
    """One row per month (newest first), then the total (its item ``None``)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(_COLUMNS, parent)
        self._bold = QFont()
        self._bold.setBold(True)  # the total line
        self._months: list[MonthSummary] = []

    def set_months(self, months: Sequence[MonthSummary]) -> None:
        self._months = sorted(months, key=lambda summary: summary.month, reverse=True)
        self.set_items([*self._months, None] if self._months else [])

    def months(self) -> list[MonthSummary]:
        return list(self._months)

    def total(self, stage: str) -> tuple[int, Decimal]:
        """The count and the estimate of ``stage`` over the months."""
        count = sum(int(getattr(summary, stage)) for summary in self._months)
        amount = sum((Decimal(getattr(summary, f"{stage}_estimate")) for summary in self._months), Decimal(0))
        return count, amount

    def make_row(self, item: MonthSummary | None) -> TextRow[MonthSummary | None]:
        locale = app_locale()
        cells: list[str] = [month_text(item.month) if item is not None else self.tr("Total")]
        for stage in _STAGES:
            if item is None:
                count, amount = self.total(stage)
            else:
                count, amount = int(getattr(item, stage)), Decimal(getattr(item, f"{stage}_estimate"))
            cells.append(locale.toString(count))
            cells.append(format_brl(amount))
        return TextRow(item, tuple(cells), tuple(cells))  # not sorted: newest month first, total last

    def font(self, row: TextRow[MonthSummary | None], column: int) -> Any:
        return self._bold if row.item is None else None
