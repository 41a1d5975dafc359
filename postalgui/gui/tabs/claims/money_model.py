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

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt
from PySide6.QtGui import QFont

from postalgui.api.values import format_brl
from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.models.row_table import ModelIndex, RowTableModel, TextRow
from postalgui.services.claims.use_cases import MonthSummary

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


_HEADERS: tuple[object, ...] = (  # QT_TRANSLATE_NOOP is typed object; it returns the str
    QT_TRANSLATE_NOOP("MoneyModel", "Month"),
    QT_TRANSLATE_NOOP("MoneyModel", "Candidates"),
    QT_TRANSLATE_NOOP("MoneyModel", "Candidates, estimated"),
    QT_TRANSLATE_NOOP("MoneyModel", "Filed"),
    QT_TRANSLATE_NOOP("MoneyModel", "Filed, estimated"),
    QT_TRANSLATE_NOOP("MoneyModel", "Accepted"),
    QT_TRANSLATE_NOOP("MoneyModel", "Accepted, estimated"),
    QT_TRANSLATE_NOOP("MoneyModel", "Paid"),
    QT_TRANSLATE_NOOP("MoneyModel", "Paid, estimated"),
    QT_TRANSLATE_NOOP("MoneyModel", "Refused"),
)
_COUNTS = ("candidates", "filed", "accepted", "paid")
"""The stages with a count and an estimate, in column order; refused has a count only."""


def month_text(month: str) -> str:
    """``"2026-11"`` as "nov/2026" (Portuguese) or "Nov 2026" (English)."""
    year, number = month.split("-")
    name = app_locale().standaloneMonthName(int(number), app_locale().FormatType.ShortFormat)
    return arg(
        QCoreApplication.translate("MoneyModel", "%1 %2", "a month and its year"), name.rstrip("."), year
    )


class MoneyModel(RowTableModel[MonthSummary | None]):
    """One row per month (newest first), then the total (its item ``None``)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._months: list[MonthSummary] = []

    def set_months(self, months: Sequence[MonthSummary]) -> None:
        self._months = sorted(months, key=lambda summary: summary.month, reverse=True)
        self.set_items([*self._months, None] if self._months else [])

    def months(self) -> list[MonthSummary]:
        return list(self._months)

    def total(self, name: str) -> int | Decimal:
        """The sum of field ``name`` over the months (a count or an amount)."""
        values = [getattr(summary, name) or 0 for summary in self._months]
        return sum(values, Decimal(0) if name.endswith("_estimate") else 0)

    def make_row(self, item: MonthSummary | None) -> TextRow[MonthSummary | None]:
        locale = app_locale()
        cells: list[str] = [month_text(item.month) if item is not None else self.tr("Total")]
        for stage in _COUNTS:
            count = getattr(item, stage) if item is not None else self.total(stage)
            amount = (
                getattr(item, f"{stage}_estimate") if item is not None else self.total(f"{stage}_estimate")
            )
            cells.append(locale.toString(int(count)))
            cells.append(format_brl(amount) if amount is not None else "")
        refused = item.refused if item is not None else self.total("refused")
        cells.append(locale.toString(int(refused)))
        return TextRow(item, tuple(cells), tuple(cells))

    def column_count(self) -> int:
        return len(MoneyColumn)

    def header(self, section: int) -> str:
        return QCoreApplication.translate("MoneyModel", str(_HEADERS[section]))

    def header_tooltip(self, section: int) -> str | None:
        if section in (
            MoneyColumn.CANDIDATES_ESTIMATE,
            MoneyColumn.FILED_ESTIMATE,
            MoneyColumn.ACCEPTED_ESTIMATE,
            MoneyColumn.PAID_ESTIMATE,
        ):
            return self.tr(
                "An estimate from the compensation table (Settings: Claims), not the operator's figure"
            )
        return None

    def is_numeric(self, column: int) -> bool:
        return column != MoneyColumn.MONTH

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.FontRole and index.isValid() and self.item(index.row()) is None:
            bold = QFont()
            bold.setBold(True)  # the total line
            return bold
        return super().data(index, role)
