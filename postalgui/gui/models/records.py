"""`RecordTableModel`: records in rows, each column answering Qt's roles from a hook.

A subclass only says what a record shows (`headers`, `display`, and where it differs,
`sort_value`, `tooltip`, colours, fonts, `numeric_columns`); the model answers every
role from those, so each list of records in the app reads the same way. Sorting goes
through `SORT_ROLE` in a `QSortFilterProxyModel`: the hooks return values Qt compares
itself (numbers, `QDate`, folded text).
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from postalgui.gui.models.roles import SORT_ROLE

__all__ = ["ALIGN_LEFT", "ALIGN_RIGHT", "Index", "RecordTableModel", "header_data", "row_flags"]

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
ALIGN_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
ALIGN_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_RIGHT, _LEFT = ALIGN_RIGHT, ALIGN_LEFT


def header_data(
    headers: Sequence[str], numeric: Container[int], section: int, orientation: Qt.Orientation, role: int
) -> Any:
    """A table's horizontal header as every list here answers it: the column's title, numbers
    right-aligned (a model that is not a `RecordTableModel` answers the same through this)."""
    if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(headers):
        return None
    if role == Qt.ItemDataRole.DisplayRole:
        return headers[section]
    if role == Qt.ItemDataRole.TextAlignmentRole:
        return _RIGHT if section in numeric else _LEFT
    return None


def row_flags(index: Index) -> Qt.ItemFlag:
    """A record's cell: enabled and selectable, never a parent (a flat table)."""
    if not index.isValid():
        return Qt.ItemFlag.NoItemFlags
    return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren


class RecordTableModel(QAbstractTableModel):
    """Records in rows; a subclass names its columns and what each cell shows."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._items: list[Any] = []

    # --- what a subclass says ----------------------------------------------------------

    def headers(self) -> Sequence[str]:
        raise NotImplementedError

    def display(self, item: Any, column: int) -> str:
        raise NotImplementedError

    def sort_value(self, item: Any, column: int) -> object:
        return self.display(item, column).casefold()

    def tooltip(self, item: Any, column: int) -> str | None:
        del item, column
        return None

    def foreground(self, item: Any, column: int) -> object:
        del item, column
        return None

    def background(self, item: Any, column: int) -> object:
        del item, column
        return None

    def font(self, item: Any, column: int) -> object:
        del item, column
        return None

    def numeric_columns(self) -> frozenset[int]:
        return frozenset()

    # --- the records -------------------------------------------------------------------

    def item(self, row: int) -> Any:
        return self._items[row]

    def items(self) -> list[Any]:
        return list(self._items)

    def set_items(self, items: Sequence[Any]) -> None:
        self.beginResetModel()
        self._items = list(items)
        self.endResetModel()

    def append_items(self, items: Sequence[Any]) -> None:
        if not items:
            return
        first = len(self._items)
        self.beginInsertRows(_ROOT, first, first + len(items) - 1)
        self._items.extend(items)
        self.endInsertRows()

    def refresh_rows(self) -> None:
        """Every cell may look different (a date passed, the active card changed)."""
        if self._items:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._items) - 1, self.columnCount() - 1))

    # --- Qt ------------------------------------------------------------------------------

    def rowCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._items)

    def columnCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.headers())

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        return header_data(self.headers(), self.numeric_columns(), section, orientation, role)

    def flags(self, index: Index) -> Qt.ItemFlag:
        return row_flags(index)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.parent().isValid():
            return None
        row, column = index.row(), index.column()
        if not (0 <= row < len(self._items) and 0 <= column < self.columnCount()):
            return None
        item = self._items[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.display(item, column)
        if role == SORT_ROLE:
            return self.sort_value(item, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(item, column)
        if role == Qt.ItemDataRole.ForegroundRole:
            return self.foreground(item, column)
        if role == Qt.ItemDataRole.BackgroundRole:
            return self.background(item, column)
        if role == Qt.ItemDataRole.FontRole:
            return self.font(item, column)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if column in self.numeric_columns() else _LEFT
        return None
