"""`AnalyticItemsModel`: a thin Qt adapter over a statement's `ItemIndex`.

The index (`postalgui.services.invoices.item_index`) holds the items as columns with
their sort permutations and filters, worked out on a worker; this model only picks
the rows to show, formats a cell when Qt asks for it and hands the rows out in blocks
(``canFetchMore``/``fetchMore``), so the GUI thread never stalls on 100,000 items.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from postalgui.api.models.invoices import AnalyticItem
from postalgui.api.values import InvalidValue, format_brl, format_cep
from postalgui.gui.models.formatting import format_count, format_grams
from postalgui.gui.models.roles import SORT_ROLE
from postalgui.services.columns import ROWS
from postalgui.services.invoices.item_index import ItemColumn, ItemIndex

__all__ = ["FETCH_BLOCK", "AnalyticItemsModel", "grouped"]

FETCH_BLOCK = 1000
"""Rows the items table takes from the model at a time (`AnalyticItemsModel.fetchMore`)."""

ModelIndex = QModelIndex | QPersistentModelIndex
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_ZERO = Decimal(0)

_NUMERIC = frozenset(
    {
        ItemColumn.WEIGHT,
        ItemColumn.UNIT_VALUE,
        ItemColumn.DISCOUNT,
        ItemColumn.QUANTITY,
        ItemColumn.NET_VALUE,
        ItemColumn.DECLARED_VALUE,
    }
)


def _item_headers() -> tuple[str, ...]:
    return (
        QCoreApplication.translate("AnalyticItemsModel", "Card"),
        QCoreApplication.translate("AnalyticItemsModel", "Service"),
        QCoreApplication.translate("AnalyticItemsModel", "Posting date"),
        QCoreApplication.translate("AnalyticItemsModel", "Label"),
        QCoreApplication.translate("AnalyticItemsModel", "Destination CEP"),
        QCoreApplication.translate("AnalyticItemsModel", "Weight"),
        QCoreApplication.translate("AnalyticItemsModel", "Unit value"),
        QCoreApplication.translate("AnalyticItemsModel", "Discount"),
        QCoreApplication.translate("AnalyticItemsModel", "Quantity"),
        QCoreApplication.translate("AnalyticItemsModel", "Net value"),
        QCoreApplication.translate("AnalyticItemsModel", "Declared value"),
    )


# --- the items model -------------------------------------------------------------------------


def grouped(number: int) -> str:
    return format_count(number)


_MONEY = frozenset(
    {ItemColumn.UNIT_VALUE, ItemColumn.DISCOUNT, ItemColumn.NET_VALUE, ItemColumn.DECLARED_VALUE}
)

_DISPLAY_ROLE = int(Qt.ItemDataRole.DisplayRole)
_ALIGNMENT_ROLE = int(Qt.ItemDataRole.TextAlignmentRole)
_SORT_ROLE = int(SORT_ROLE)
_ROLES = frozenset({_DISPLAY_ROLE, _ALIGNMENT_ROLE, _SORT_ROLE, int(Qt.ItemDataRole.ToolTipRole)})

_ITEM_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

_TOOLTIPS = {
    ItemColumn.CARD: "titular",
    ItemColumn.SERVICE: "servicos_adicionais",
    ItemColumn.LABEL: "documento",
    ItemColumn.CEP: "unidade_postagem",
}
"""The field a column's tooltip shows: the holder, additional services, document, unit."""


def _cep(text: str) -> str:
    try:
        return format_cep(text)
    except InvalidValue:
        return text


class AnalyticItemsModel(QAbstractTableModel):
    """The items of a statement: a filtered, sorted list of file rows over an `ItemIndex`.

    The rows shown come in blocks of `FETCH_BLOCK` (``canFetchMore``/``fetchMore``);
    ``row_count()`` is how many pass the filter. Texts are made when Qt asks for a cell.
    `SORT_ROLE` gives the native value (``Decimal``, ``int``, the date as ``YYYYMMDD``).
    The model sorts itself with the index's precomputed orders; columns without a
    value (an unreadable date) go last either way.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._index: ItemIndex | None = None
        self._subset: Sequence[int] | None = None
        self._net: Decimal | None = None
        self._rows: array[int] = array(ROWS)
        self._fetched = 0
        self._sorting: tuple[int, Qt.SortOrder] | None = None
        self._announcing_change = False

    # --- content ----------------------------------------------------------------------------

    def set_index(self, index: ItemIndex | None) -> None:
        """Show a statement's items (all of them: the filter is cleared)."""
        self._index = index
        self._subset = None
        self._net = None
        self._reset()

    def set_subset(self, rows: Sequence[int] | None, net: Decimal | None = None) -> None:
        """Show only these file rows (`filter_rows`); ``None`` shows every row.

        ``net`` is their net sum when the caller knows it (a card's, a service's).
        """
        self._subset = rows
        self._net = net
        self._reset()

    def item_index(self) -> ItemIndex | None:
        return self._index

    def row_count(self) -> int:
        """How many items pass the filter (not only the rows fetched so far)."""
        return len(self._rows)

    def file_rows(self) -> array[int]:
        """The file rows passing the filter, in the order shown."""
        return array(ROWS, self._rows)

    def items(self) -> list[AnalyticItem]:
        """The items passing the filter, in the order shown (rebuilt: a worker's job for many)."""
        if self._index is None:
            return []
        return self._index.items_at(self._rows)

    def item(self, row: int) -> AnalyticItem:
        """The item shown in a row of the model."""
        if self._index is None:
            raise IndexError(row)
        return self._index.item(self._rows[row])

    def net_total(self) -> Decimal:
        """The sum of the net values of the items passing the filter."""
        if self._index is None:
            return _ZERO
        if self._subset is None:
            return self._index.net_total
        if self._net is None:
            self._net = self._index.net_of(self._subset)
        return self._net

    def sorting(self) -> tuple[int, Qt.SortOrder] | None:
        return self._sorting

    def _reset(self) -> None:
        self.beginResetModel()
        self._rows = self._arranged()
        self._fetched = min(FETCH_BLOCK, len(self._rows))
        with self._announcing():
            self.endResetModel()

    @contextmanager
    def _announcing(self) -> Iterator[None]:
        """No fetching while a reset, a new order or a block of rows is being announced.

        Views and Qt's model tester ask for more rows from their handlers of these
        signals; rows inserted then would reach the listeners not yet told of the
        change in the middle of it (a proxy, the tester's own bookkeeping), and a
        nested ``fetchMore`` would count the same block twice. The rows already there
        stay; further blocks come on the next ask.
        """
        self._announcing_change = True
        try:
            yield
        finally:
            self._announcing_change = False

    def _arranged(self) -> array[int]:
        """The filtered rows in the current sort order (a few C passes over the rows)."""
        index = self._index
        if index is None:
            return array(ROWS)
        if self._sorting is None:
            return array(ROWS, index.rows if self._subset is None else self._subset)
        column, order = self._sorting
        descending = order == Qt.SortOrder.DescendingOrder
        return index.ordered(column, descending=descending, subset=self._subset)

    # --- sorting ----------------------------------------------------------------------------

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Order by a column (``-1``: file order) with the precomputed orders: no comparisons."""
        self._sorting = (column, order) if 0 <= column < ItemColumn.COUNT else None
        rows = self._arranged()
        if rows == self._rows:
            return
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        old_rows = self._rows
        self._rows = rows
        if before:
            wanted = {old_rows[index.row()] for index in before if index.row() < len(old_rows)}
            if len(wanted) <= 8:
                position = {row: rows.index(row) for row in wanted}
            else:
                position = {row: place for place, row in enumerate(rows) if row in wanted}
            after = []
            for index in before:
                place = position.get(old_rows[index.row()], -1) if index.row() < len(old_rows) else -1
                after.append(
                    self.index(place, index.column()) if 0 <= place < self._fetched else QModelIndex()
                )
            self.changePersistentIndexList(before, after)
        with self._announcing():
            self.layoutChanged.emit()

    # --- lazy rows --------------------------------------------------------------------------

    def canFetchMore(self, parent: ModelIndex) -> bool:
        return not parent.isValid() and not self._announcing_change and self._fetched < len(self._rows)

    def fetchMore(self, parent: ModelIndex) -> None:
        if parent.isValid() or self._announcing_change:
            return
        count = min(FETCH_BLOCK, len(self._rows) - self._fetched)
        if count <= 0:
            return
        with self._announcing():  # a listener asking for more now would fetch this block twice
            self.beginInsertRows(QModelIndex(), self._fetched, self._fetched + count - 1)
            self._fetched += count
            self.endInsertRows()

    # --- Qt's model API ---------------------------------------------------------------------

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008  # Qt's default
        return 0 if parent.isValid() else self._fetched

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008  # Qt's default
        return 0 if parent.isValid() else ItemColumn.COUNT

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        return _ITEM_FLAGS if index.isValid() else Qt.ItemFlag.NoItemFlags

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Qt asks about ten roles per painted cell; the unused ones leave at the first test.
        if role not in _ROLES or self._index is None:
            return None
        row = index.row()
        if row < 0:  # an invalid index
            return None
        column = index.column()
        if role == _DISPLAY_ROLE:
            return self._text(self._index, self._rows[row], column)
        if role == _ALIGNMENT_ROLE:
            return _RIGHT if column in _NUMERIC else _LEFT
        if role == _SORT_ROLE:
            return self._index.sort_value(column, self._rows[row])
        name = _TOOLTIPS.get(column)  # the tooltip role
        return (self._index.fields[name][self._rows[row]] or None) if name else None

    @staticmethod
    def _text(index: ItemIndex, row: int, column: int) -> str:
        value = index.column(column)[row]
        if column == ItemColumn.SERVICE:
            name = index.fields["servico"][row]
            return f"{value} {name}" if name else str(value)
        if column == ItemColumn.CEP:
            return _cep(value)
        if column == ItemColumn.WEIGHT:
            return format_grams(value)
        if column == ItemColumn.QUANTITY:
            return grouped(value)
        if column in _MONEY:
            return format_brl(value)
        return str(value)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < ItemColumn.COUNT:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return _item_headers()[section]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if section in _NUMERIC else _LEFT
        return None
