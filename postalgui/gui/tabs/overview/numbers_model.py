"""`NumbersModel`: a section's numbers (`SectionTable`) as a table: a row per record, the
total line last and in bold, each cell worded by its column's kind (money ``R$ 1.234,56``,
dates ``DD/MM/AAAA``, counts grouped as the interface speaks, shares as percentages).

The section's words (titles, services, arrivals) come worded from the service's
`section_table` in the interface's language; only numbers are worded here.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QFont

from postalgui.api.values.money import format_brl
from postalgui.gui.i18n import app_locale
from postalgui.gui.models.row_table import Column, RowTableModel, TextRow
from postalgui.services.overview.records import SectionTable
from postalgui.services.spreadsheet import CellKind, SheetColumn, csv_text

__all__ = ["NumbersModel", "cell_text"]

Row = tuple[object, ...]
_NUMERIC = {CellKind.MONEY, CellKind.INT, CellKind.DECIMAL}


def cell_text(value: object, column: SheetColumn) -> str:
    """A typed cell as the window shows it (and Ctrl+C copies it): words and dates as the
    house's CSV writes them, numbers as the interface speaks."""
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        return csv_text(value)  # empty, DD/MM/AAAA, or words
    if column.kind is CellKind.MONEY:
        return format_brl(Decimal(value))
    locale = app_locale()
    if column.kind is CellKind.INT or isinstance(value, int):
        return locale.toString(int(value))
    if "%" in (column.number_format or ""):
        return f"{locale.toString(float(value) * 100, 'f', 1)}%"
    return locale.toString(float(value), "f", 1)


class NumbersModel(RowTableModel[Row]):
    """One `SectionTable`; its columns follow the table shown (`show_table`)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((), parent)
        self.table: SectionTable | None = None
        self._total_row = -1
        self._bold = QFont()
        self._bold.setBold(True)

    def show_table(self, table: SectionTable | None) -> None:
        """Show ``table`` (its rows, then its total line); ``None`` empties the view."""
        self.table = table
        rows: list[Row] = [] if table is None else list(table.rows)
        self._total_row = -1
        if table is not None and table.total is not None:
            self._total_row = len(rows)
            rows.append(table.total)
        self.set_items(rows)

    def prepare(self, items: Sequence[Row]) -> None:
        del items
        sheet = () if self.table is None else self.table.columns
        self.set_columns([Column(column.title, numeric=column.kind in _NUMERIC) for column in sheet])

    def header(self, section: int) -> str:
        """The titles come worded (the service's words), not as translatable sources."""
        return str(self.columns()[section].title)

    def make_row(self, item: Row) -> TextRow[Row]:
        sheet = () if self.table is None else self.table.columns
        texts = tuple(cell_text(value, column) for value, column in zip(item, sheet, strict=False))
        texts += ("",) * (len(sheet) - len(texts))
        return TextRow(item, texts, tuple(item) + (None,) * (len(sheet) - len(item)))

    def font(self, row: TextRow[Row], column: int) -> Any:
        del column
        return self._bold if self._total_row >= 0 and row is self._rows[self._total_row] else None

    def copied_text(self, rows: Sequence[int], columns: Sequence[int]) -> str:
        """The cells of ``rows`` x ``columns`` under their titles, tab-separated: what Ctrl+C
        puts on the clipboard (a spreadsheet pastes it as cells)."""
        lines = ["\t".join(self.header(column) for column in columns)]
        lines += ["\t".join(self.text_row(row).texts[column] for column in columns) for row in rows]
        return "\n".join(lines)
