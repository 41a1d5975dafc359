"""`KeySortedModel` and `SortKeyProxy`: tables that sort native keys (Decimal, date) in one Python sort."""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any, Protocol, runtime_checkable

from PySide6.QtCore import QAbstractTableModel, QObject, QSortFilterProxyModel, Qt

from postalgui.gui.models.roles import SORT_ROLE


@runtime_checkable
class SortKeyed(Protocol):
    """A model that hands out native sort keys without going through ``QVariant``."""

    def sort_key(self, row: int, column: int) -> object: ...


class KeySortedModel(QAbstractTableModel):
    """A table model that sorts its own rows with one Python sort over cached keys.

    Qt orders ``QVariant``s only of its own types, so a `Decimal` price cannot sort in
    a `QSortFilterProxyModel`, and a Python ``lessThan`` costs two calls per
    comparison (about 50 ms for 1,000 rows, again for every block of streamed rows).
    Sorting the row list itself with ``list.sort`` takes about a millisecond; rows
    added later are put in place the same way. Absent keys (``None``) go last in both
    directions. Subclasses keep their rows in ``self._rows`` and answer `sort_key`.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: MutableSequence[Any] = []
        self._sorting: tuple[int, Qt.SortOrder] | None = None
        self._held = False

    def sort_key(self, row: int, column: int) -> object:
        raise NotImplementedError

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._sorting = (column, order) if 0 <= column < self.columnCount() else None
        self._resort()

    def hold_sorting(self, hold: bool) -> None:
        """While held, added rows go to the end (results stream in as they arrive);
        releasing sorts once. Re-sorting a growing table every block would keep the
        GUI thread busy for tens of milliseconds each time."""
        self._held = hold
        if not hold:
            self._resort()

    def sorting(self) -> tuple[int, Qt.SortOrder] | None:
        """The column and order the rows are kept in, if any."""
        return self._sorting

    def _resort(self) -> None:
        if self._sorting is None or len(self._rows) < 2:
            return
        column, order = self._sorting
        keys = [self.sort_key(row, column) for row in range(len(self._rows))]
        present = [row for row, key in enumerate(keys) if key is not None]
        missing = [row for row, key in enumerate(keys) if key is None]
        descending = order == Qt.SortOrder.DescendingOrder
        try:
            present.sort(key=lambda row: keys[row], reverse=descending)  # type: ignore[arg-type,return-value]  # keys of one column compare
        except TypeError:  # mixed kinds in one column: order by text, never fail a view
            present.sort(key=lambda row: str(keys[row]), reverse=descending)
        permutation = present + missing
        if permutation == list(range(len(self._rows))):
            return
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        new_position = {old: new for new, old in enumerate(permutation)}
        self._rows = [self._rows[old] for old in permutation]
        after = [self.index(new_position[index.row()], index.column()) for index in before]
        self.changePersistentIndexList(before, after)
        self.layoutChanged.emit()


class SortKeyProxy(QSortFilterProxyModel):
    """Filters in Python; sorting goes to a `KeySortedModel` source, which sorts itself.

    The proxy then keeps the source's order (its own sort column stays -1), so no
    comparison ever crosses from C++ into Python.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.setDynamicSortFilter(True)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        source = self.sourceModel()
        if isinstance(source, KeySortedModel):
            source.sort(column, order)
            return
        super().sort(column, order)
