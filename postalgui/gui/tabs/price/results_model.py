"""Quote results as a table: the compare view and the batch panel show the same rows.

Each row's texts, sort keys and search text are worked out once, when the result
arrives, so painting, sorting and filtering 1,000 rows never format a price again.
Sort keys are native values (`Decimal`, `int`, `str`); Qt cannot order Python
objects held in a ``QVariant``: the results model hands Qt floats and folded text
instead, and keeps everything a view paints in Qt's own item model (see
`QuoteResultsModel` for why). The history's smaller Python model sorts itself by its
native keys (`KeySortedModel`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import IntEnum
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QGuiApplication, QPalette, QStandardItem, QStandardItemModel

from postalgui.api.values import format_brl, format_cep
from postalgui.gui.models.formatting import error_colour, format_grams
from postalgui.gui.models.key_sorted import SortKeyed, SortKeyProxy
from postalgui.gui.models.roles import DESCENDING_ROLE, FILTER_ROLE, SORT_ROLE, filter_key
from postalgui.gui.tabs.price.deadline_texts import deadline_cells, until_text
from postalgui.gui.widgets.word_filter import WordFilterProxy
from postalgui.services.price.products import product_name

if TYPE_CHECKING:
    from postalgui.api.models.price import PriceQuery, PriceResponse, QuoteResult
    from postalgui.services.price.deadlines import DeadlineOutcome

__all__ = [
    "DEADLINE_COLUMNS",
    "FILTER_ROLE",
    "SORT_ROLE",
    "Column",
    "QuoteFilterProxy",
    "QuoteResultsModel",
    "SortKeyProxy",
    "SortKeyed",
    "column_title",
    "destination_text",
    "error_colour",
    "format_grams",
    "product_text",
]


ModelIndex = QModelIndex | QPersistentModelIndex
LATE_OFFSET = 1e12
"""Added to the final price's sort value of a product that arrives too late: after every
product that arrives in time, before the ones without a price."""
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
STATUSES = ("all", "ok", "failed")
"""Statuses of a quote row: its `FILTER_ROLE` key starts with ``ok`` or ``failed``."""


class Column(IntEnum):
    """What a column of `QuoteResultsModel` shows; a view picks the ones it wants."""

    LINE = 0
    PRODUCT = 1
    DESTINATION = 2
    WEIGHT = 3
    FINAL = 4
    PRODUCT_PRICE = 5
    SERVICES = 6
    CHARGED_WEIGHT = 7
    CUBIC = 8
    ERROR = 9
    DAYS = 10
    ARRIVES = 11
    HOME = 12
    SATURDAY = 13
    DEADLINE_NOTE = 14


DEADLINE_COLUMNS = (Column.DAYS, Column.ARRIVES, Column.HOME, Column.SATURDAY, Column.DEADLINE_NOTE)
"""Filled when the deadlines arrive (`QuoteResultsModel.set_deadlines`), after or before the prices."""

_NUMERIC = frozenset(
    {
        Column.LINE,
        Column.WEIGHT,
        Column.FINAL,
        Column.PRODUCT_PRICE,
        Column.SERVICES,
        Column.CHARGED_WEIGHT,
        Column.DAYS,
    }
)


def column_title(column: Column) -> str:
    """A column's title in the UI language (the history's deadline columns use these too)."""
    titles = {
        Column.LINE: QCoreApplication.translate("QuoteResultsModel", "Row"),
        Column.PRODUCT: QCoreApplication.translate("QuoteResultsModel", "Product"),
        Column.DESTINATION: QCoreApplication.translate("QuoteResultsModel", "Destination"),
        Column.WEIGHT: QCoreApplication.translate("QuoteResultsModel", "Weight"),
        Column.FINAL: QCoreApplication.translate("QuoteResultsModel", "Final price"),
        Column.PRODUCT_PRICE: QCoreApplication.translate("QuoteResultsModel", "Product price"),
        Column.SERVICES: QCoreApplication.translate("QuoteResultsModel", "Services"),
        Column.CHARGED_WEIGHT: QCoreApplication.translate("QuoteResultsModel", "Charged weight"),
        Column.CUBIC: QCoreApplication.translate("QuoteResultsModel", "Cubic"),
        Column.ERROR: QCoreApplication.translate("QuoteResultsModel", "Error"),
        Column.DAYS: QCoreApplication.translate("QuoteResultsModel", "Days"),
        Column.ARRIVES: QCoreApplication.translate("QuoteResultsModel", "Arrives"),
        Column.HOME: QCoreApplication.translate("QuoteResultsModel", "Home delivery"),
        Column.SATURDAY: QCoreApplication.translate("QuoteResultsModel", "Saturday"),
        Column.DEADLINE_NOTE: QCoreApplication.translate("QuoteResultsModel", "Delivery time"),
    }
    return titles[column]


# --- shared display helpers ------------------------------------------------------------


def product_text(query: PriceQuery, response: PriceResponse | None = None) -> str:
    """``"03220 SEDEX"``: the code and the best name known for it."""
    code = query.coProduto
    name = product_name(code) or (response.product_name if response is not None else None) or ""
    return f"{code} {name}" if name else code


def destination_text(query: PriceQuery) -> str:
    """The destination CEP as ``01310-100``, or the country code abroad."""
    if query.sgPaisDestino:
        return query.sgPaisDestino
    if query.cepDestino:
        return format_cep(query.cepDestino)
    return ""


def _money(value: Decimal | None) -> str:
    return "" if value is None else format_brl(value)


def _cubic(flag: str | None) -> str:
    if not flag:
        return ""
    if flag.upper() == "S":
        return QCoreApplication.translate("QuoteResultsModel", "Yes")
    return QCoreApplication.translate("QuoteResultsModel", "No")


@dataclass(frozen=True, slots=True)
class _Row:
    """One result as the table shows it; indexed by `Column`."""

    result: QuoteResult
    texts: tuple[str, ...]
    keys: tuple[object, ...]
    search: str
    failed: bool


def _row(result: QuoteResult) -> _Row:
    query = result.query
    response = result.response
    failed = not result.ok
    error = result.failure or (response.error if response is not None else None)
    error_text = "" if error is None else str(error)
    priced = None if failed else response
    product = product_text(query, response)
    destination = destination_text(query)
    final = priced.pcFinal if priced is not None else None
    product_price = priced.pcProduto if priced is not None else None
    services = priced.pcTotalServicosAdicionais if priced is not None else None
    charged = priced.psCobrado if priced is not None else None
    cubic = _cubic(priced.inPesoCubico) if priced is not None else ""
    texts = (
        str(result.index + 1),
        product,
        destination,
        format_grams(query.psObjeto),
        _money(final),
        _money(product_price),
        _money(services),
        format_grams(charged),
        cubic,
        error_text,
        *("" for _ in DEADLINE_COLUMNS),
    )
    keys: tuple[object, ...] = (
        result.index,
        product.casefold(),
        destination.casefold(),
        query.psObjeto,
        final,
        product_price,
        services,
        charged,
        cubic.casefold() or None,
        error_text.casefold() or None,
        *(None for _ in DEADLINE_COLUMNS),
    )
    search = " ".join((product, destination, query.cepDestino or "", error_text)).casefold()
    return _Row(result, texts, keys, search, failed)


# --- sorting -----------------------------------------------------------------------------


# --- the model ------------------------------------------------------------------------------


def _sortable(key: object) -> object:
    """A sort value Qt compares in C++: money as float (ordering only), text folded."""
    if isinstance(key, Decimal):
        return float(key)
    return key


class QuoteResultsModel(QStandardItemModel):
    """`QuoteResult`s in the columns a view asks for, held in Qt's own item model.

    A Python ``data()`` is called for every visible cell and role on each repaint; while
    a batch's worker threads hold the GIL, those calls made the window stall 60-100 ms
    per repaint. Here texts, alignment, colour and sort values are set once per row when
    it arrives, and painting, sorting (`SORT_ROLE`, numbers as floats) and filtering
    (`FILTER_ROLE`, a regular expression) all stay in C++. Source rows keep arrival
    order, so ``result(row)`` is a list lookup. A failed quote has no sort value in its
    price columns: it sorts after every price, either way (`QuoteFilterProxy.sort`).

    It stays off `RowTableModel` (issue 39, measured on 1,000 rows of 15 columns): with two
    busy Python threads a repaint of a Python ``data()`` model took 2.1 s on average (5.4 s
    at worst) against 11.5 ms for this item model, and Qt's proxy sorting through it took
    45-117 ms against 5-11 ms.
    """

    def __init__(self, columns: Sequence[Column], parent: QObject | None = None) -> None:
        super().__init__(0, len(columns), parent)
        if not columns:
            raise ValueError("a results model needs at least one column")
        self._columns: tuple[Column, ...] = tuple(Column(column) for column in columns)
        self._positions = {column: position for position, column in enumerate(self._columns)}
        self._results: list[QuoteResult] = []
        self._failed = 0
        self._deadlines: dict[int, DeadlineOutcome] = {}  # by the result's index
        self._arrive_by: date | None = None
        self._late: set[int] = set()  # source rows marked as arriving too late
        self.setSortRole(SORT_ROLE)
        self._alignments = [_RIGHT if column in _NUMERIC else _LEFT for column in self._columns]
        for position, column in enumerate(self._columns):
            header = QStandardItem(column_title(column))
            header.setData(self._alignments[position], Qt.ItemDataRole.TextAlignmentRole)
            self.setHorizontalHeaderItem(position, header)

    # --- content ------------------------------------------------------------------------

    def set_results(self, results: Sequence[QuoteResult]) -> None:
        self.setRowCount(0)
        self._results = []
        self._failed = 0
        self._late = set()
        self.append_results(results)

    def append_results(self, results: Sequence[QuoteResult]) -> None:
        """Add a block of rows at the end (views and proxies place them)."""
        for result in results:
            self.appendRow(self._items(_row(result)))
            self._results.append(result)
            self._failed += not result.ok
            if result.index in self._deadlines:
                self._fill_deadline(len(self._results) - 1)

    def _items(self, row: _Row) -> list[QStandardItem]:
        items: list[QStandardItem] = []
        colour = error_colour() if row.failed else None
        for position, column in enumerate(self._columns):
            # New items, never clone(): a clone's Python wrapper outlives the item the
            # model deletes, and PySide may hand it back for a later object at that address.
            item = QStandardItem(row.texts[column])
            item.setEditable(False)
            item.setData(self._alignments[position], Qt.ItemDataRole.TextAlignmentRole)
            key = _sortable(row.keys[column])
            if key is not None:
                item.setData(key, SORT_ROLE)
                if isinstance(key, int | float):
                    item.setData(-key, DESCENDING_ROLE)
            if row.failed:
                item.setToolTip(row.texts[Column.ERROR])
                if column is Column.ERROR and colour is not None:
                    item.setForeground(colour)
            items.append(item)
        status = "failed" if row.failed else "ok"
        items[0].setData(filter_key(status, row.search), FILTER_ROLE)
        return items

    def clear(self) -> None:  # keeps the columns, unlike Qt's clear()
        self._deadlines = {}
        self.set_results([])

    # --- deadlines ------------------------------------------------------------------------

    def set_deadlines(self, outcomes: Sequence[DeadlineOutcome]) -> None:
        """Fill the deadline columns of the rows whose result has an outcome's index;
        outcomes for rows not here yet are kept for them (deadlines may come first)."""
        self._deadlines.update({outcome.index: outcome for outcome in outcomes})
        for row, result in enumerate(self._results):
            if result.index in self._deadlines:
                self._fill_deadline(row)

    def clear_deadlines(self) -> None:
        """Forget the deadlines of an older quote (the rows keep their texts until replaced)."""
        self._deadlines = {}

    def drop_deadlines(self) -> None:
        """Empty the deadline columns: their dates no longer hold (the handling days changed)."""
        self._deadlines = {}
        for row in range(len(self._results)):
            for column in DEADLINE_COLUMNS:
                position = self._positions.get(column)
                if position is not None:
                    item = self.item(row, position)
                    item.setText("")
                    item.setData(None, SORT_ROLE)
                    item.setData(None, DESCENDING_ROLE)
            self._mark(row)

    def deadlines(self) -> dict[int, DeadlineOutcome] | None:
        """The outcomes known, by the result's index, for the exports; ``None`` before any."""
        return dict(self._deadlines) if self._deadlines else None

    def deadline(self, row: int) -> DeadlineOutcome | None:
        return self._deadlines.get(self._results[row].index)

    def set_arrive_by(self, day: date | None) -> None:
        """Mark the products whose deadline is after ``day`` (struck out and grey, sorted
        after the ones that arrive in time); ``None`` marks none."""
        self._arrive_by = day
        for row in range(len(self._results)):
            self._mark(row)

    def arrive_by(self) -> date | None:
        return self._arrive_by

    def is_late(self, row: int) -> bool:
        return row in self._late

    def _fill_deadline(self, row: int) -> None:
        outcome = self._deadlines[self._results[row].index]
        texts, keys = deadline_cells(outcome)
        for column, text, key in zip(DEADLINE_COLUMNS, texts, keys, strict=True):
            position = self._positions.get(column)
            if position is None:
                continue
            item = self.item(row, position)
            item.setText(text)
            item.setData(key, SORT_ROLE)
            item.setData(-key if isinstance(key, int) else None, DESCENDING_ROLE)
        self._mark(row, force=True)

    def _mark(self, row: int, *, force: bool = False) -> None:
        outcome = self._deadlines.get(self._results[row].index)
        by = None if outcome is None else outcome.by
        late = self._arrive_by is not None and by is not None and by > self._arrive_by
        if late == (row in self._late) and not force:
            return
        self._late.discard(row)
        if late:
            self._late.add(row)
        grey = QGuiApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        for position, column in enumerate(self._columns):
            item = self.item(row, position)
            font = item.font()
            font.setStrikeOut(late)
            item.setFont(font)
            if column is not Column.ERROR:
                item.setData(grey if late else None, Qt.ItemDataRole.ForegroundRole)
        self._sort_final(row, late)
        arrives = self._positions.get(Column.ARRIVES)
        if arrives is not None and by is not None and self._arrive_by is not None:
            tip = QCoreApplication.translate("QuoteResultsModel", "Arrives too late: must arrive %1")
            self.item(row, arrives).setToolTip(tip.replace("%1", until_text(self._arrive_by)) if late else "")

    def _sort_final(self, row: int, late: bool) -> None:
        position = self._positions.get(Column.FINAL)
        result = self._results[row]
        price = result.response.pcFinal if result.ok and result.response is not None else None
        if position is None or price is None:
            return
        offset = LATE_OFFSET if late else 0.0  # late after the rest, whichever way the column sorts
        item = self.item(row, position)
        item.setData(float(price) + offset, SORT_ROLE)
        item.setData(offset - float(price), DESCENDING_ROLE)

    def result(self, row: int) -> QuoteResult:
        return self._results[row]

    def results(self) -> list[QuoteResult]:
        return list(self._results)

    def columns(self) -> tuple[Column, ...]:
        return self._columns

    def column_of(self, column: Column) -> int | None:
        """The position of a `Column` in this model, ``None`` when it is not shown."""
        return self._positions.get(column)

    def failed_count(self) -> int:
        return self._failed

    def is_failed(self, row: int) -> bool:
        return not self._results[row].ok


class QuoteFilterProxy(WordFilterProxy):
    """Sorting plus a text filter (product, destination, error) and a status filter.

    Both run in C++ (`WordFilterProxy`); ``set_status`` takes ``"all"``, ``"ok"`` or
    ``"failed"``.
    """

    STATUSES = STATUSES

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Qt puts rows without a value last ascending but first descending; a number
        column sorts descending as an ascending sort of its negated values instead."""
        source = self.sourceModel()
        numeric = (
            isinstance(source, QuoteResultsModel)
            and 0 <= column < len(source.columns())
            and source.columns()[column] in _NUMERIC
        )
        if numeric and order == Qt.SortOrder.DescendingOrder:
            self.setSortRole(DESCENDING_ROLE)
            super().sort(column, Qt.SortOrder.AscendingOrder)
        else:
            self.setSortRole(SORT_ROLE)
            super().sort(column, order)
