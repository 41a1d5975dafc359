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

from PySide6.QtCore import QT_TRANSLATE_NOOP, QModelIndex, QObject, Qt

from postalgui.api.models.invoices import AnalyticItem
from postalgui.api.values import InvalidValue, format_brl, format_cep
from postalgui.gui.models.formatting import format_count, format_grams
from postalgui.gui.models.row_table import Column, ColumnTableModel, ModelIndex
from postalgui.services.columns import ROWS
from postalgui.services.invoices.item_index import ItemColumn, ItemIndex

__all__ = ["FETCH_BLOCK", "AnalyticItemsModel", "grouped"]

FETCH_BLOCK = 1000
"""Rows the items table takes from the model at a time (`AnalyticItemsModel.fetchMore`)."""

_ZERO = Decimal(0)

_COLUMNS: tuple[Column[Any], ...] = (  # in `ItemColumn` order
    Column(QT_TRANSLATE_NOOP("AnalyticItemsModel", "Card")),
    Column(QT_TRANSLATE_NOOP("AnalyticItemsModel", "Service")),
    Column(QT_TRANSLATE_NOOP("AnalyticItemsModel", "Posting date")),
    Column(QT_TRANSLATE_NOOP("AnalyticItemsModel", "Label")),
    Column(QT_TRANSLATE_NOOP("AnalyticItemsModel", "Destination CEP")),
    Column(QT_TRANSLATE_NOOP("AnalyticItemsModel", "Weight"), numeric=True),
    Column(QT_TRANSLATE_NOOP("AnalyticItemsModel", "Unit value"), numeric=True),
    Column(QT_TRANSLATE_NOOP("AnalyticItemsModel", "Discount"), numeric=True),
    Column(QT_TRANSLATE_NOOP("AnalyticItemsModel", "Quantity"), numeric=True),
    Column(QT_TRANSLATE_NOOP("AnalyticItemsModel", "Net value"), numeric=True),
    Column(QT_TRANSLATE_NOOP("AnalyticItemsModel", "Declared value"), numeric=True),
)


# --- the items model -------------------------------------------------------------------------


def grouped(number: int) -> str:
    return format_count(number)


_MONEY = frozenset(
    {ItemColumn.UNIT_VALUE, ItemColumn.DISCOUNT, ItemColumn.NET_VALUE, ItemColumn.DECLARED_VALUE}
)

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


class AnalyticItemsModel(ColumnTableModel[int]):
    """The items of a statement: a filtered, sorted list of file rows over an `ItemIndex`.

    The rows shown come in blocks of `FETCH_BLOCK` (``canFetchMore``/``fetchMore``);
    ``row_count()`` is how many pass the filter. Texts are made when Qt asks for a cell.
    `SORT_ROLE` gives the native value (``Decimal``, ``int``, the date as ``YYYYMMDD``).
    The model sorts itself with the index's precomputed orders; columns without a
    value (an unreadable date) go last either way.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(_COLUMNS, parent, "")
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

    # --- the cells: worded when Qt asks ----------------------------------------------------

    def display(self, row: int, column: int) -> str:
        return "" if self._index is None else self._text(self._index, row, column)

    def row_key(self, row: int, column: int) -> object:
        return None if self._index is None else self._index.sort_value(column, row)

    def tooltip(self, row: int, column: int) -> str | None:
        name = _TOOLTIPS.get(column)
        return (self._index.fields[name][row] or None) if name and self._index is not None else None

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
