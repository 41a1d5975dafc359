"""`LedgerModel`: the partner's ledger as a table, one attendance a row.

Rows are `LedgerRow`s (plain records; no database object reaches the GUI). States and
the callback's confirmation code (``00``/``99``) are shown in words; amounts as
``R$ 1.234,56``; a flagged row (contradicting confirmations) is painted so it stands
out, since it is the one a person must look at.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject
from PySide6.QtGui import QColor, QFont

from postalgui.api.values import format_brl
from postalgui.gui.messages import local_time
from postalgui.gui.models.formatting import error_colour
from postalgui.gui.models.row_table import Column, RowTableModel, TextRow
from postalgui.gui.tabs.attendance.words import confirmation_text, state_text
from postalgui.services.attendance.use_cases import LedgerRow

__all__ = ["LedgerColumn", "LedgerModel"]


class LedgerColumn(IntEnum):
    PROTOCOL = 0
    TIME = 1
    MODEL = 2
    STATE = 3
    AMOUNT = 4
    CLIENT_KEY = 5
    ATTENDANT = 6
    UNIT = 7
    CONFIRMATION = 8
    FLAG = 9


_COLUMNS: tuple[Column[LedgerRow], ...] = (
    Column(QT_TRANSLATE_NOOP("LedgerModel", "Protocol"), lambda row: row.protocol, lambda row: row.protocol),
    Column(
        QT_TRANSLATE_NOOP("LedgerModel", "Time"),
        lambda row: f"{row.day.strftime('%d/%m/%Y')} {local_time(row.created_at)}",
        lambda row: row.created_at,
    ),
    Column(
        QT_TRANSLATE_NOOP("LedgerModel", "Model"), lambda row: str(row.model), lambda row: row.model, True
    ),
    Column(QT_TRANSLATE_NOOP("LedgerModel", "State"), lambda row: state_text(row.state)),
    Column(
        QT_TRANSLATE_NOOP("LedgerModel", "Amount"),
        lambda row: "" if row.amount is None else format_brl(row.amount),
        lambda row: row.amount,
        numeric=True,
    ),
    Column(QT_TRANSLATE_NOOP("LedgerModel", "Client key"), lambda row: row.client_key or ""),
    Column(QT_TRANSLATE_NOOP("LedgerModel", "Attendant"), lambda row: row.attendant or ""),
    Column(QT_TRANSLATE_NOOP("LedgerModel", "Unit"), lambda row: row.unit or ""),
    Column(QT_TRANSLATE_NOOP("LedgerModel", "Confirmation"), lambda row: confirmation_text(row.confirmation)),
    Column(QT_TRANSLATE_NOOP("LedgerModel", "Flag"), lambda row: row.flag or ""),
)


class LedgerModel(RowTableModel[LedgerRow]):
    """The ledger's attendances of the chosen day and state; a flagged row (contradicting
    confirmations) in red, bold, on a tinted ground, its flag as every cell's tooltip."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(_COLUMNS, parent)
        self._given: list[LedgerRow] = []
        """The rows as last given (the model keeps them in the table's order)."""

    def attendance(self, row: int) -> LedgerRow:
        """The attendance shown in ``row``."""
        return self.item(row)

    def row_of(self, protocol: str) -> int | None:
        for row, item in enumerate(self.items()):
            if item.protocol == protocol:
                return row
        return None

    def set_rows(self, rows: Sequence[LedgerRow]) -> None:
        """Replace the rows only when they changed (a refresh every 2 s keeps the selection)."""
        if list(rows) != self._given or len(rows) != self.rowCount():
            self._given = list(rows)
            self.set_items(rows)

    def failed(self, item: LedgerRow) -> bool:
        return bool(item.flag)

    def tooltip(self, row: TextRow[LedgerRow], column: int) -> str | None:
        return row.item.flag or None

    def foreground(self, row: TextRow[LedgerRow], column: int) -> Any:
        return error_colour() if row.failed else None

    def background(self, row: TextRow[LedgerRow], column: int) -> Any:
        if not row.failed:
            return None
        colour = QColor(error_colour())
        colour.setAlpha(40)
        return colour

    def font(self, row: TextRow[LedgerRow], column: int) -> Any:
        if not row.failed:
            return None
        bold = QFont()
        bold.setBold(True)
        return bold
