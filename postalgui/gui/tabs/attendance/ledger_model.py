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

from PySide6.QtCore import QObject
from PySide6.QtGui import QColor, QFont

from postalgui.api.values import format_brl
from postalgui.gui.messages import local_time
from postalgui.gui.models.formatting import error_colour
from postalgui.gui.models.records import RecordTableModel
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


class LedgerModel(RecordTableModel):
    """The ledger's attendances of the chosen day and state."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)

    def headers(self) -> Sequence[str]:
        return (
            self.tr("Protocol"),
            self.tr("Time"),
            self.tr("Model"),
            self.tr("State"),
            self.tr("Amount"),
            self.tr("Client key"),
            self.tr("Attendant"),
            self.tr("Unit"),
            self.tr("Confirmation"),
            self.tr("Flag"),
        )

    def numeric_columns(self) -> frozenset[int]:
        return frozenset({LedgerColumn.AMOUNT, LedgerColumn.MODEL})

    def attendance(self, row: int) -> LedgerRow:
        """The attendance shown in ``row``."""
        found: LedgerRow = self.item(row)
        return found

    def row_of(self, protocol: str) -> int | None:
        for row, item in enumerate(self._items):
            if item.protocol == protocol:
                return row
        return None

    def set_rows(self, rows: Sequence[LedgerRow]) -> None:
        """Replace the rows only when they changed (a refresh every 2 s keeps the selection)."""
        if list(rows) != self._items:
            self.set_items(rows)

    def display(self, item: Any, column: int) -> str:
        row: LedgerRow = item
        match column:
            case LedgerColumn.PROTOCOL:
                return row.protocol
            case LedgerColumn.TIME:
                return f"{row.day.strftime('%d/%m/%Y')} {local_time(row.created_at)}"
            case LedgerColumn.MODEL:
                return str(row.model)
            case LedgerColumn.STATE:
                return state_text(row.state)
            case LedgerColumn.AMOUNT:
                return "" if row.amount is None else format_brl(row.amount)
            case LedgerColumn.CLIENT_KEY:
                return row.client_key or ""
            case LedgerColumn.ATTENDANT:
                return row.attendant or ""
            case LedgerColumn.UNIT:
                return row.unit or ""
            case LedgerColumn.CONFIRMATION:
                return confirmation_text(row.confirmation)
            case LedgerColumn.FLAG:
                return row.flag or ""
        return ""

    def sort_value(self, item: Any, column: int) -> object:
        row: LedgerRow = item
        if column == LedgerColumn.TIME:
            return row.created_at.timestamp()
        if column == LedgerColumn.AMOUNT:
            return -1.0 if row.amount is None else float(row.amount)
        if column == LedgerColumn.MODEL:
            return row.model
        if column == LedgerColumn.PROTOCOL:
            return row.protocol
        return self.display(item, column).casefold()

    def tooltip(self, item: Any, column: int) -> str | None:
        del column
        row: LedgerRow = item
        return row.flag or None

    def foreground(self, item: Any, column: int) -> object:
        del column
        return error_colour() if item.flag else None

    def background(self, item: Any, column: int) -> object:
        del column
        if not item.flag:
            return None
        colour = QColor(error_colour())
        colour.setAlpha(40)
        return colour

    def font(self, item: Any, column: int) -> object:
        del column
        if not item.flag:
            return None
        bold = QFont()
        bold.setBold(True)
        return bold
