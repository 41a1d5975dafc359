"""`RowTableModel`: a read-only table of records whose cells are worked out once, when
the rows are set: each row keeps its record, its texts and its native sort keys.

The history and the divergences (and the next tabs' lists) differ only in their columns
and a few roles; this holds what they share: Qt's counting, flags, display, sort role
and alignment. A subclass says how a record becomes a `TextRow` and answers the hooks
(headers, which columns are numbers, a tooltip, a colour). Sorting is `KeySortedModel`'s
one Python sort over the cached keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt

from postalgui.gui.models.key_sorted import KeySortedModel
from postalgui.gui.models.roles import SORT_ROLE

__all__ = ["ModelIndex", "RowTableModel", "TextRow"]

T = TypeVar("T")
ModelIndex = QModelIndex | QPersistentModelIndex
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


@dataclass(frozen=True, slots=True)
class TextRow(Generic[T]):
    """One record and its cells: the text shown and the native sort key of each column."""

    item: T
    texts: tuple[str, ...]
    keys: tuple[object, ...]
    failed: bool = False


class RowTableModel(KeySortedModel, Generic[T]):
    """Records as a table; `SORT_ROLE` carries native keys (``None`` when absent, sorted last).

    Subclasses implement `make_row`, `column_count` and `header`; `prepare`,
    `is_numeric`, `tooltip`, `foreground` and `header_tooltip` are optional hooks.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[TextRow[T]] = []

    # --- what a subclass says -----------------------------------------------------------

    def make_row(self, item: T) -> TextRow[T]:
        raise NotImplementedError

    def prepare(self, items: Sequence[T]) -> None:
        """Called inside the reset, before the rows are made: a model whose columns
        follow its records (the divergences' extra fields) works them out here."""

    def column_count(self) -> int:
        raise NotImplementedError

    def header(self, section: int) -> str:
        raise NotImplementedError

    def is_numeric(self, column: int) -> bool:
        """Numbers are right-aligned, in the cells and the header."""
        return False

    def tooltip(self, row: TextRow[T], column: int) -> str | None:
        return None

    def foreground(self, row: TextRow[T], column: int) -> Any:
        return None

    def header_tooltip(self, section: int) -> str | None:
        return None

    # --- rows -----------------------------------------------------------------------------

    def set_items(self, items: Sequence[T]) -> None:
        """Replace every row (cells worked out here, once), keeping the sort order."""
        self.beginResetModel()
        self.prepare(items)
        self._rows = [self.make_row(item) for item in items]
        self.endResetModel()
        self._resort()

    def clear(self) -> None:
        self.set_items([])

    def item(self, row: int) -> T:
        return self._rows[row].item

    def items(self) -> list[T]:
        """The records in the order shown."""
        return [row.item for row in self._rows]

    def sort_key(self, row: int, column: int) -> object:
        return self._rows[row].keys[column]

    # --- Qt --------------------------------------------------------------------------------

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008  # Qt's default
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008  # Qt's default
        return 0 if parent.isValid() else self.column_count()

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return row.texts[column]
        if role == SORT_ROLE:
            return row.keys[column]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if self.is_numeric(column) else _LEFT
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(row, column)
        if role == Qt.ItemDataRole.ForegroundRole:
            return self.foreground(row, column)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.column_count():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.header(section)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.header_tooltip(section)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if self.is_numeric(section) else _LEFT
        return None
