"""An invoice's analytic statement: its items, filtered and sorted, against its own totals.

A statement can hold 100,000 detail lines. The GUI thread must never stall more than
50 ms, and with a Python model it has three ways to:

- Work on the GUI thread. The worker that reads the CSV also builds an `ItemIndex`:
  the items as columns, each column's rows in ascending order, the rows of each card
  and service, a folded search text per row. Filtering is then a few C passes over
  those columns into an array of rows; sorting keeps the filtered rows in a
  precomputed order (``itertools.compress`` over a byte mask): no comparison runs on
  the GUI thread. The model formats a cell only when Qt asks for it and hands the
  rows out in blocks (``canFetchMore``/``fetchMore``).
- The interpreter lock. A worker holds it through any single C call (a ``sorted`` of
  100,000 strings: 30-70 ms), so the worker's work comes in steps of `_STEP` rows
  (`sorted_rows`, `_merge`). And while the worker runs, every Python call the GUI
  thread makes waits up to the 5 ms switch interval: painting the table (``data()``
  per cell) took over a second, so a busy page without a Python model stands in for
  the table while a statement loads.
- Garbage collection. 100,000 `AnalyticItem` objects cost each collection of their
  generation about 100 ms; the index keeps the items as arrays of codes into a few
  distinct values (`Column`), which the collector never walks.

Money is always `Decimal`; the reconciliation (block 3 against blocks 4 and 5) comes
from `postalgui.api.analytic.reconcile`.
"""

from __future__ import annotations

import itertools
import threading
from array import array
from bisect import bisect_left, bisect_right
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from datetime import date
from decimal import Decimal, InvalidOperation
from operator import attrgetter, contains
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QDate,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QStandardPaths,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QColor,
    QGuiApplication,
    QPalette,
    QStandardItem,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.models.invoices import AnalyticItem
from postalgui.api.values import InvalidValue, format_brl, format_cep
from postalgui.gui.messages import arg, describe_error, display_cnpj
from postalgui.gui.models.formatting import error_colour, format_grams
from postalgui.gui.models.roles import SORT_ROLE
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.saved_file import SavedFileReporter
from postalgui.services.invoices import statements as invoicing

if TYPE_CHECKING:
    from postalgui.api.analytic import Reconciliation
    from postalgui.api.models.invoices import AnalyticStatement, ServiceTotal
    from postalgui.services.context import AppContext
    from postalgui.services.tasks import TaskHandle, TaskRunner

__all__ = [
    "FETCH_BLOCK",
    "AnalyticItemsModel",
    "AnalyticView",
    "Column",
    "ItemColumn",
    "ItemIndex",
    "LoadedStatement",
    "date_key",
    "encode",
    "export_rows",
    "filter_rows",
    "index_items",
    "load_indexed",
    "sorted_rows",
]

FETCH_BLOCK = 1000
"""Rows the items table takes from the model at a time (`AnalyticItemsModel.fetchMore`)."""

FILTER_DELAY_MS = 250
"""Typing in the search field or a date waits this long before filtering 100,000 rows."""

ModelIndex = QModelIndex | QPersistentModelIndex
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_ZERO = Decimal(0)
_CENT_ZERO = Decimal("0.00")


class ItemColumn:
    """Column positions of `AnalyticItemsModel`."""

    CARD, SERVICE, DATE, LABEL, CEP, WEIGHT, UNIT_VALUE, DISCOUNT, QUANTITY, NET_VALUE, DECLARED_VALUE = (
        range(11)
    )
    COUNT = 11


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


# --- the index: built once per statement, off the GUI thread ---------------------------------


def date_key(text: str) -> int | None:
    """``DD/MM/YYYY`` (or ``YYYY-MM-DD``) as the number ``YYYYMMDD``; ``None`` when unreadable.

    A number orders and compares like the date, and costs nothing to sort or filter.
    """
    text = text.strip()[:10]
    try:
        if len(text) == 10 and text[2] == "/" and text[5] == "/":
            day, month, year = int(text[:2]), int(text[3:5]), int(text[6:])
        elif len(text) == 10 and text[4] == "-" and text[7] == "-":
            year, month, day = int(text[:4]), int(text[5:7]), int(text[8:])
        else:
            return None
        date(year, month, day)  # a day the calendar has
    except ValueError:
        return None
    return year * 10000 + month * 100 + day


def _key_date(key: int) -> date:
    return date(key // 10000, key // 100 % 100, key % 100)


_STEP = 8192
"""Rows per step of work that runs in C on a worker (a sort, a copy, a free): short
steps let the GUI thread take the interpreter lock between them."""

_ROWS = "I"
"""Array type code of row numbers (unsigned int: 4 bytes, no Python objects)."""

_FIELDS = tuple(item_field.name for item_field in dataclass_fields(AnalyticItem))
"""`AnalyticItem`'s fields, in order."""

_COLUMN_FIELDS = (
    "cartao",
    "codigo_servico",
    "data_postagem",
    "etiqueta",
    "cep_destinatario",
    "peso",
    "valor_unitario",
    "desconto",
    "quantidade",
    "valor_liquido",
    "valor_declarado",
)
"""The field each `ItemColumn` shows and sorts by."""

_ALWAYS_CODED = frozenset({"cartao", "codigo_servico", "data_postagem"})


class Column:
    """One field of every item, stored so the garbage collector never walks it.

    With few distinct values (cards, services, dates, most amounts), ``values`` holds
    them sorted and ``codes[row]`` (an ``array``: no Python objects) the position of a
    row's value, so codes order rows as the values do. With many (labels, CEPs),
    ``values`` holds one value per row and ``codes`` is ``None``.

    Why: 100,000 `AnalyticItem` objects cost every garbage collection of their
    generation about 100 ms, on the GUI thread; plain tuples of 100,000 strings cost
    the first collection after a load about 60 ms for a statement's columns. Arrays
    cost nothing, and the few tuples left are walked once and then untracked.
    """

    __slots__ = ("codes", "values")

    def __init__(self, values: tuple[Any, ...], codes: array[int] | None = None) -> None:
        self.values = values
        self.codes = codes

    def __len__(self) -> int:
        return len(self.values) if self.codes is None else len(self.codes)

    def __getitem__(self, row: int) -> Any:
        return self.values[row] if self.codes is None else self.values[self.codes[row]]

    def take(self, rows: Iterable[int]) -> list[Any]:
        """The values of these rows (a C loop: for blocks of rows)."""
        if self.codes is None:
            return list(map(self.values.__getitem__, rows))
        return list(map(self.values.__getitem__, map(self.codes.__getitem__, rows)))


def encode(values: Sequence[Any], *, key: Callable[[Any], Any] | None = None, force: bool = False) -> Column:
    """A `Column` of these values; coded when few are distinct (or ``force``)."""
    distinct: set[Any] = set()
    for start in range(0, len(values), _STEP):
        distinct.update(values[start : start + _STEP])
    if not force and len(distinct) > max(256, len(values) // 4):
        return Column(tuple(values))
    ordered = tuple(sorted(distinct, key=key))
    position = {value: place for place, value in enumerate(ordered)}
    codes = array(_ROWS)
    for start in range(0, len(values), _STEP):
        codes.extend(map(position.__getitem__, values[start : start + _STEP]))
    return Column(ordered, codes)


def sorted_rows(rows: Sequence[int], keys: Sequence[Any]) -> array[int]:
    """``rows`` stably sorted by ``keys[row]``, in steps that never hold the GIL long.

    One ``sorted`` of 100,000 strings runs 30-70 ms in C without releasing the
    interpreter lock, so the GUI thread waits that long. Blocks of `_STEP` rows are
    sorted, then merged two by two (`_merge`), every step a few milliseconds.
    """
    key = keys.__getitem__
    runs = [sorted(rows[start : start + _STEP], key=key) for start in range(0, len(rows), _STEP)]
    while len(runs) > 1:
        runs = [
            _merge(runs[position], runs[position + 1], key) if position + 1 < len(runs) else runs[position]
            for position in range(0, len(runs), 2)
        ]
    return array(_ROWS, runs[0] if runs else ())


def _merge(first: list[int], second: list[int], key: Callable[[int], Any]) -> list[int]:
    """Two sorted runs as one, ``first``'s rows before ``second``'s on equal keys.

    Cut at a value at most `_STEP` rows ahead in either run, so each ``sorted`` (of two
    runs: a single merge in C) takes at most 2 * `_STEP` rows.
    """
    merged: list[int] = []
    i = j = 0
    while True:
        cuts = [key(run[at + _STEP]) for run, at in ((first, i), (second, j)) if at + _STEP < len(run)]
        if not cuts:
            merged.extend(sorted(first[i:] + second[j:], key=key))
            return merged
        cut = min(cuts)
        next_i = bisect_left(first, cut, lo=i, key=key)
        next_j = bisect_left(second, cut, lo=j, key=key)
        if next_i == i and next_j == j:  # both runs start at the cut value: its rows, first's first
            next_i = bisect_right(first, cut, lo=i, key=key)
            next_j = bisect_right(second, cut, lo=j, key=key)
            merged.extend(first[i:next_i])
            merged.extend(second[j:next_j])
        else:
            merged.extend(sorted(first[i:next_i] + second[j:next_j], key=key))
        i, j = next_i, next_j


def _buckets(codes: array[int], count: int) -> list[array[int]]:
    """The rows of each code, in file order (a counting sort)."""
    if count <= 8:  # a C pass per code
        return [
            array(_ROWS, itertools.compress(range(len(codes)), map(code.__eq__, codes)))
            for code in range(count)
        ]
    buckets = [array(_ROWS) for _ in range(count)]
    for row, code in enumerate(codes):
        buckets[code].append(row)
    return buckets


def _joined(parts: Iterable[array[int]]) -> array[int]:
    joined = array(_ROWS)
    for part in parts:
        joined.extend(part)
    return joined


def _free(values: list[Any]) -> None:
    """Empty a big list in steps (freeing 100,000 objects at once holds the GIL ~25 ms)."""
    while values:
        del values[-_STEP:]


@dataclass(slots=True, eq=False)
class ItemIndex:
    """A statement's items as columns, for filtering and sorting without comparisons.

    ``fields`` holds a `Column` per `AnalyticItem` field; ``date_keys`` the
    ``YYYYMMDD`` of each distinct posting date (``None`` when unreadable, sorted last).
    ``orders[column]`` holds every row in ascending order of that table column, rows
    without a value (an unreadable date) at the end, ``present[column]`` how many have
    one. Rows are positions in the file's detail block. The `AnalyticItem` objects are
    not kept (see `Column`); `item` and `items_at` rebuild them.
    """

    size: int
    fields: dict[str, Column]
    date_keys: tuple[int | None, ...]
    orders: list[array[int]]
    present: tuple[int, ...]
    search: tuple[str, ...]
    by_card: dict[str, array[int]]
    by_service: dict[str, array[int]]
    holders: dict[str, str]
    service_names: dict[str, str]
    net_by_card: dict[str, Decimal]
    net_by_service: dict[str, Decimal]
    first_date: int | None
    last_date: int | None
    net_total: Decimal
    net_cents: array[int] | None = None
    """Each row's net value in cents, when every one is a whole number of cents."""
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __len__(self) -> int:
        return self.size

    @property
    def rows(self) -> range:
        """Every row, in file order."""
        return range(self.size)

    def column(self, column: int) -> Column:
        """The `Column` a table column shows."""
        return self.fields[_COLUMN_FIELDS[column]]

    def sort_value(self, column: int, row: int) -> Any:
        """A cell's native sort value (the date as ``YYYYMMDD``, ``None`` when unreadable)."""
        if column == ItemColumn.DATE:
            codes = self.fields["data_postagem"].codes
            return None if codes is None else self.date_keys[codes[row]]
        return self.column(column)[row]

    def item(self, row: int) -> AnalyticItem:
        """The item of a file row, as the parser read it."""
        return AnalyticItem(*(self.fields[name][row] for name in _FIELDS))

    def items_at(self, rows: Sequence[int], handle: TaskHandle | None = None) -> list[AnalyticItem]:
        """The items of these file rows, in this order (a worker's job for many rows)."""
        with self._lock:
            found: list[AnalyticItem] = []
            for start in range(0, len(rows), _STEP):
                if handle is not None:
                    handle.raise_if_cancelled()
                block = rows[start : start + _STEP]
                found.extend(map(AnalyticItem, *(self.fields[name].take(block) for name in _FIELDS)))
            return found

    def net_of(self, rows: Sequence[int]) -> Decimal:
        """The sum of these rows' net values."""
        if self.net_cents is not None:  # integer additions in C: 2 ms for 100,000 rows
            return Decimal(sum(map(self.net_cents.__getitem__, rows))).scaleb(-2) + _CENT_ZERO
        net = self.fields["valor_liquido"]
        if net.codes is None:
            return sum(map(net.values.__getitem__, rows), _ZERO)
        counts = Counter(map(net.codes.__getitem__, rows))
        return sum((net.values[code] * count for code, count in counts.items()), _ZERO)

    def release(self) -> None:
        """Drop the columns one at a time, each a few milliseconds (run on a worker)."""
        with self._lock:
            self.search = ()
            while self.fields:
                self.fields.popitem()
            self.orders.clear()
            self.by_card = {}
            self.by_service = {}
            self.net_cents = None
            self.size = 0


def _cents(column: Column) -> array[int] | None:
    """A money column as an array of cents, ``None`` if a value has fractions of a cent."""
    distinct = column.values if column.codes is not None else set(column.values)
    try:
        if any(value != value.quantize(_CENT_ZERO) for value in distinct):
            return None
    except InvalidOperation:  # beyond the decimal context's precision: sum the Decimals
        return None
    if column.codes is not None:
        cents = tuple(int(value.scaleb(2)) for value in column.values)
        found = array("q")
        for start in range(0, len(column.codes), _STEP):
            found.extend(map(cents.__getitem__, column.codes[start : start + _STEP]))
        return found
    found = array("q")
    for start in range(0, len(column.values), _STEP):
        found.extend(int(value.scaleb(2)) for value in column.values[start : start + _STEP])
    return found


def _date_order(text: str) -> tuple[bool, int, str]:
    key = date_key(text)
    return (key is None, key or 0, text)


def _search_texts(fields: dict[str, Column], size: int) -> tuple[str, ...]:
    """Per row, the folded text the search field looks in: label, CEP, document, date, unit."""
    columns = [
        fields[name]
        for name in ("etiqueta", "cep_destinatario", "documento", "data_postagem", "unidade_postagem")
    ]
    found: list[str] = []
    for start in range(0, size, _STEP):
        block = range(start, min(start + _STEP, size))
        found.extend(
            map(str.casefold, map(" ".join, zip(*(column.take(block) for column in columns), strict=True)))
        )
    return tuple(found)


def index_items(items: Sequence[AnalyticItem], handle: TaskHandle | None = None) -> ItemIndex:
    """Work out an `ItemIndex` (0.6-0.8 s for 100,000 items): on a worker thread."""

    def check() -> None:
        if handle is not None:
            handle.raise_if_cancelled()

    size = len(items)
    fields: dict[str, Column] = {}
    for name in _FIELDS:
        check()
        get = attrgetter(name)
        values: list[Any] = []
        for start in range(0, size, _STEP):
            values.extend(map(get, items[start : start + _STEP]))
        if name == "data_postagem":
            fields[name] = encode(values, key=_date_order, force=True)
        else:
            fields[name] = encode(values, force=name in _ALWAYS_CODED)
        _free(values)
    date_keys = tuple(map(date_key, fields["data_postagem"].values))
    orders: list[array[int]] = []
    present: list[int] = []
    grouped: dict[str, dict[str, array[int]]] = {}
    for name in _COLUMN_FIELDS:
        check()
        column = fields[name]
        if column.codes is None:
            orders.append(sorted_rows(range(size), column.values))
            present.append(size)
            continue
        buckets = _buckets(column.codes, len(column.values))
        orders.append(_joined(buckets))
        if name == "data_postagem":
            present.append(
                sum(len(bucket) for bucket, key in zip(buckets, date_keys, strict=True) if key is not None)
            )
        else:
            present.append(size)
        if name in ("cartao", "codigo_servico"):
            grouped[name] = dict(zip(column.values, buckets, strict=True))
    check()
    by_card, by_service = grouped["cartao"], grouped["codigo_servico"]
    holders = {card: next(filter(None, fields["titular"].take(rows)), "") for card, rows in by_card.items()}
    names = {code: next(filter(None, fields["servico"].take(rows)), "") for code, rows in by_service.items()}
    known = [key for key in date_keys if key is not None]
    index = ItemIndex(
        size=size,
        fields=fields,
        date_keys=date_keys,
        orders=orders,
        present=tuple(present),
        search=_search_texts(fields, size),
        by_card=by_card,
        by_service=by_service,
        holders=holders,
        service_names=names,
        net_by_card={},
        net_by_service={},
        first_date=known[0] if known else None,
        last_date=known[-1] if known else None,
        net_total=_ZERO,
    )
    index.net_cents = _cents(fields["valor_liquido"])
    index.net_total = index.net_of(range(size))
    index.net_by_card = {card: index.net_of(rows) for card, rows in by_card.items()}
    index.net_by_service = {code: index.net_of(rows) for code, rows in by_service.items()}
    return index


@dataclass(frozen=True, slots=True)
class LoadedStatement:
    """What `load_indexed` hands the view: ``statement`` keeps its header and totals,
    its items are in ``index`` (the list of `AnalyticItem` objects is emptied)."""

    statement: AnalyticStatement
    reconciliation: Reconciliation
    index: ItemIndex


def load_indexed(handle: TaskHandle, path: Path, previous: ItemIndex | None = None) -> LoadedStatement:
    """Task: read and reconcile a statement (`invoicing.load_analytic`), then index its items.

    ``previous``, the statement shown until now, is freed here first (`ItemIndex.release`).
    """
    if previous is not None:
        previous.release()
    statement, reconciliation = invoicing.load_analytic(handle, path)
    try:
        handle.raise_if_cancelled()
        index = index_items(statement.items, handle)
    finally:
        _free(statement.items)  # here, in steps, not on the GUI thread in one go
    return LoadedStatement(statement, reconciliation, index)


def export_rows(handle: TaskHandle, path: Path, index: ItemIndex, rows: Sequence[int]) -> Path:
    """Task: write these rows' items as CSV (`invoicing.export_items_csv`)."""
    items = index.items_at(rows, handle)
    try:
        return invoicing.export_items_csv(handle, path, items)
    finally:
        _free(items)


def filter_rows(
    index: ItemIndex,
    *,
    card: str | None = None,
    service: str | None = None,
    first: int | None = None,
    last: int | None = None,
    text: str = "",
) -> Sequence[int] | None:
    """The file rows passing every filter, in file order; ``None`` when nothing filters.

    ``first`` and ``last`` are ``YYYYMMDD`` bounds (inclusive); ``text`` words must
    all appear in a row's label, CEP, document, posting date or posting unit.
    """
    chosen: Sequence[int] | None = None
    if card is not None:
        chosen = index.by_card.get(card, array(_ROWS))
    if service is not None:
        if chosen is None:
            chosen = index.by_service.get(service, array(_ROWS))
        else:
            services = index.fields["codigo_servico"]
            if service in services.values and services.codes is not None:
                code = services.values.index(service)
                chosen = array(
                    _ROWS,
                    itertools.compress(chosen, map(code.__eq__, map(services.codes.__getitem__, chosen))),
                )
            else:
                chosen = array(_ROWS)
    if first is not None or last is not None:
        low = first if first is not None else 0
        high = last if last is not None else 99999999
        wanted = bytes(key is not None and low <= key <= high for key in index.date_keys)
        codes = index.fields["data_postagem"].codes
        base = index.rows if chosen is None else chosen
        if codes is not None:
            chosen = array(
                _ROWS, itertools.compress(base, map(wanted.__getitem__, map(codes.__getitem__, base)))
            )
    search = index.search
    for word in text.casefold().split():  # C loops: `contains` over the folded texts
        if chosen is None:
            chosen = array(
                _ROWS, itertools.compress(index.rows, map(contains, search, itertools.repeat(word)))
            )
        else:
            found = map(contains, map(search.__getitem__, chosen), itertools.repeat(word))
            chosen = array(_ROWS, itertools.compress(chosen, found))
    return chosen


# --- the items model -------------------------------------------------------------------------


def _grouped(number: int) -> str:
    return f"{number:,}".replace(",", ".")


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
        self._rows: array[int] = array(_ROWS)
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
        return array(_ROWS, self._rows)

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
            return array(_ROWS)
        if self._sorting is None:
            return array(_ROWS, index.rows if self._subset is None else self._subset)
        column, order = self._sorting
        ordered = index.orders[column]
        if order == Qt.SortOrder.DescendingOrder:
            present = index.present[column]
            ordered = ordered[present - 1 :: -1] + ordered[present:] if present else ordered
        if self._subset is None:
            return array(_ROWS, ordered)
        mask = bytearray(len(index))
        deque(map(mask.__setitem__, self._subset, itertools.repeat(1)), maxlen=0)
        return array(_ROWS, itertools.compress(ordered, map(mask.__getitem__, ordered)))

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
            return _grouped(value)
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


# --- small read-only tables --------------------------------------------------------------------


def _signed(amount: Decimal) -> str:
    """``+R$ 1,00`` / ``-R$ 1,00``: a difference says which way it goes."""
    return f"+{format_brl(amount)}" if amount > 0 else format_brl(amount)


def _adjustments(statement: AnalyticStatement) -> Decimal:
    """What block 5 adds besides the services and the total (charges, credits, complement, ...)."""
    rows = statement.invoice_totals[:-1]
    return sum((row.valor for row in rows if not _fold(row.descricao).startswith("SERVICOS")), _ZERO)


def ok_colour() -> QColor:
    """A green that reads on the current palette."""
    base = QGuiApplication.palette().color(QPalette.ColorRole.Base)
    return QColor("#6ccb5f") if base.lightness() < 128 else QColor("#107c10")


def _cell(
    text: str, *, right: bool = False, colour: QColor | None = None, key: object = None
) -> QStandardItem:
    item = QStandardItem(text)
    item.setEditable(False)
    item.setData(_RIGHT if right else _LEFT, Qt.ItemDataRole.TextAlignmentRole)
    if colour is not None:
        item.setForeground(colour)
    if key is not None:
        item.setData(key, SORT_ROLE)
    return item


def _small_table(parent: QWidget, model: QStandardItemModel, name: str) -> QTableView:
    table = QTableView(parent)
    table.setObjectName(name)
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    table.verticalHeader().hide()
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
    return table


# --- the view ----------------------------------------------------------------------------------


_HEADER_FIELDS = (
    ("invoice", ("Nº DA FATURA", "N° DA FATURA", "NO DA FATURA", "NUMERO DA FATURA", "FATURA")),
    ("cnpj", ("CNPJ",)),
    ("company", ("RAZAO SOCIAL", "RAZÃO SOCIAL")),
    ("contract", ("CONTRATO",)),
    ("dr", ("SE DO CONTRATO",)),
    ("cost_centre", ("CENTRO DE CUSTO",)),
    ("status", ("STATUS",)),
    ("due", ("DATA VENCIMENTO", "DATA DE VENCIMENTO")),
    ("closed", ("DATA FECHAMENTO", "DATA DE FECHAMENTO")),
    ("customer", ("CODIGO DO CLIENTE", "CÓDIGO DO CLIENTE")),
    ("paid", ("DATA PAGAMENTO", "DATA DE PAGAMENTO")),
)


def _fold(title: str) -> str:
    import unicodedata

    bare = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return " ".join(bare.upper().replace("º", "").replace("°", "").split())


def header_fields(values: dict[str, str]) -> dict[str, str]:
    """The header block's values by our own names; titles matched without accents or case."""
    folded = {_fold(title): value.strip() for title, value in values.items()}
    found: dict[str, str] = {}
    for name, titles in _HEADER_FIELDS:
        for title in titles:
            value = folded.get(_fold(title))
            if value is not None:
                found[name] = value
                break
    return found


class AnalyticView(QWidget):
    """An analytic statement: header, items (filter, sort, export), totals and reconciliation.

    Signals: ``loaded(int)`` with the number of items, once a statement is shown;
    ``loadFailed(str)`` with the message shown, when one could not be read;
    ``exported(object)`` with the `Path` the items shown were saved to.
    """

    loaded = Signal(int)
    loadFailed = Signal(str)
    exported = Signal(object)

    TASK_KEY = "invoices.analytic"
    EXPORT_TASK_KEY = "invoices.analytic.export"

    def __init__(self, context: AppContext, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("analyticView")
        self.context = context
        self.runner = runner
        self._handle: TaskHandle | None = None
        self._loaded: LoadedStatement | None = None
        self._path: Path | None = None
        self._title = ""
        documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        self._folder = Path(documents) if documents else Path.home()

        self.messages = MessageArea(self)
        self.saved = SavedFileReporter(self.messages, self.EXPORT_TASK_KEY, self)
        self.saved.exported.connect(self.exported)

        # --- header block
        self.title_label = QLabel(self)
        self.title_label.setObjectName("analyticTitle")
        font = self.title_label.font()
        font.setBold(True)
        self.title_label.setFont(font)
        self.title_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.header_box = QGroupBox(self.tr("Invoice"), self)
        self.header_labels: dict[str, QLabel] = {}
        header_form = QFormLayout()
        header_form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        second_form = QFormLayout()
        for name, caption, form in (
            ("invoice", self.tr("Invoice number:"), header_form),
            ("company", self.tr("Company:"), header_form),
            ("contract", self.tr("Contract:"), header_form),
            ("status", self.tr("Status:"), header_form),
            ("due", self.tr("Due date:"), second_form),
            ("closed", self.tr("Closing date:"), second_form),
            ("paid", self.tr("Payment date:"), second_form),
            ("cost_centre", self.tr("Cost centre:"), second_form),
        ):
            label = QLabel(self.header_box)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.header_labels[name] = label
            form.addRow(caption, label)
        header_row = QHBoxLayout(self.header_box)
        header_row.addLayout(header_form, 3)
        header_row.addLayout(second_form, 2)

        # --- the page shown while a statement loads: widgets without a Python model.
        # While the worker parses, every Python call the GUI thread makes (each cell a
        # table paints asks `data()`) waits for the interpreter lock, up to the 5 ms
        # switch interval each: repainting the items table then took over a second.
        self.busy_page = QWidget(self)
        self.busy_bar = QProgressBar(self.busy_page)
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setMaximumWidth(240)
        self.busy_bar.setTextVisible(False)
        self.busy_label = QLabel(self.busy_page)
        self.busy_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.cancel_button = QPushButton(self.tr("Cancel"), self.busy_page)
        self.cancel_button.clicked.connect(self._on_cancel_button_clicked)
        busy_layout = QVBoxLayout(self.busy_page)
        busy_layout.addStretch(1)
        busy_layout.addWidget(self.busy_label, 0, Qt.AlignmentFlag.AlignHCenter)
        busy_layout.addWidget(self.busy_bar, 0, Qt.AlignmentFlag.AlignHCenter)
        busy_layout.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignHCenter)
        busy_layout.addStretch(1)

        # --- reconciliation line
        self.reconciliation_label = QLabel(self)
        self.reconciliation_label.setObjectName("reconciliationLine")
        self.reconciliation_label.setWordWrap(True)
        self.reconciliation_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        # --- filters
        self.card_combo = QComboBox(self)
        self.card_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.card_combo.currentIndexChanged.connect(self._on_card_combo_current_index_changed)
        card_label = QLabel(self.tr("C&ard:"), self)
        card_label.setBuddy(self.card_combo)
        self.service_combo = QComboBox(self)
        self.service_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.service_combo.currentIndexChanged.connect(self._on_service_combo_current_index_changed)
        service_label = QLabel(self.tr("Ser&vice:"), self)
        service_label.setBuddy(self.service_combo)
        self.date_from = QDateEdit(self)
        self.date_to = QDateEdit(self)
        for edit in (self.date_from, self.date_to):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("dd/MM/yyyy")
        self.date_from.dateChanged.connect(self._on_date_from_date_changed)
        self.date_to.dateChanged.connect(self._on_date_to_date_changed)
        from_label = QLabel(self.tr("&From:"), self)
        from_label.setBuddy(self.date_from)
        to_label = QLabel(self.tr("&To:"), self)
        to_label.setBuddy(self.date_to)
        self.search_edit = QLineEdit(self)
        self.search_edit.setPlaceholderText(self.tr("Label, CEP, document, date"))
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.textChanged.connect(self._on_search_edit_text_changed)
        search_label = QLabel(self.tr("S&earch:"), self)
        search_label.setBuddy(self.search_edit)
        self._filter_timer = QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(FILTER_DELAY_MS)
        self._filter_timer.timeout.connect(self._on_filter_timer_timeout)

        # --- items table
        self.model = AnalyticItemsModel(self)
        self.table = QTableView(self)
        self.table.setObjectName("analyticItemsTable")
        self.table.setModel(self.model)
        self.table.setAccessibleName(self.tr("Statement items"))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        vertical = self.table.verticalHeader()
        vertical.hide()
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # file order until a header is clicked
        self.table.setSortingEnabled(True)
        char = self.fontMetrics().horizontalAdvance("0")
        for column, chars in (
            (ItemColumn.CARD, 11),
            (ItemColumn.SERVICE, 22),
            (ItemColumn.DATE, 11),
            (ItemColumn.LABEL, 14),
            (ItemColumn.CEP, 10),
            (ItemColumn.WEIGHT, 9),
            (ItemColumn.UNIT_VALUE, 12),
            (ItemColumn.DISCOUNT, 11),
            (ItemColumn.QUANTITY, 6),
            (ItemColumn.NET_VALUE, 12),
        ):
            self.table.setColumnWidth(column, chars * char + 16)
        self.count_label = QLabel(self)
        self.count_label.setObjectName("filteredTotals")
        self.export_button = QPushButton(self.tr("Export C&SV…"), self)
        self.export_button.setToolTip(self.tr("The items shown, with the filters applied"))
        self.export_button.clicked.connect(self._on_export_button_clicked)

        # --- totals per service (block 4 against the items) and the invoice's totals (block 5)
        self.services_model = QStandardItemModel(0, 7, self)
        self.services_table = _small_table(self, self.services_model, "serviceTotalsTable")
        self.services_table.setAccessibleName(self.tr("Totals per service"))
        self.totals_model = QStandardItemModel(0, 3, self)
        self.totals_table = _small_table(self, self.totals_model, "invoiceTotalsTable")
        self.totals_table.setAccessibleName(self.tr("Invoice totals"))
        self._set_table_headers()

        # --- pages
        items_page = QWidget(self)
        filters = QHBoxLayout()
        filters.addWidget(card_label)
        filters.addWidget(self.card_combo)
        filters.addWidget(service_label)
        filters.addWidget(self.service_combo)
        filters.addWidget(from_label)
        filters.addWidget(self.date_from)
        filters.addWidget(to_label)
        filters.addWidget(self.date_to)
        filters.addWidget(search_label)
        filters.addWidget(self.search_edit, 1)
        footer = QHBoxLayout()
        footer.addWidget(self.count_label, 1)
        footer.addWidget(self.export_button)
        items_layout = QVBoxLayout(items_page)
        items_layout.addLayout(filters)
        items_layout.addWidget(self.table, 1)
        items_layout.addLayout(footer)
        self.pages = QTabWidget(self)
        self.pages.addTab(items_page, self.tr("&Items"))
        self.pages.addTab(self.services_table, self.tr("Totals per ser&vice"))
        self.pages.addTab(self.totals_table, self.tr("Invoice &totals"))

        self.empty_label = QLabel(self.tr("Open an analytic statement to see its items."), self)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        content = QWidget(self)
        content_layout = QVBoxLayout(content)
        content_layout.setContentsMargins(0, 0, 0, 0)
        content_layout.addWidget(self.title_label)
        content_layout.addWidget(self.header_box)
        content_layout.addWidget(self.reconciliation_label)
        content_layout.addWidget(self.pages, 1)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.empty_label)
        self.stack.addWidget(content)
        self.stack.addWidget(self.busy_page)
        self._content = content

        layout = QVBoxLayout(self)
        layout.addWidget(self.messages)
        layout.addWidget(self.stack, 1)
        self._update_actions()

    # --- public API ----------------------------------------------------------------------------

    def load(self, path: Path, title: str) -> TaskHandle:
        """Read a statement CSV in the background and show it (`loaded` when shown).

        The statement shown so far goes at once (its memory is freed by the task), and
        a busy page stands in for the table until the new one is ready.
        """
        self._path = Path(path)
        self._title = title
        self.messages.clear(self.TASK_KEY)
        previous = self._loaded
        self._loaded = None
        self.model.set_index(None)
        self.busy_label.setText(arg(self.tr("Reading %1…"), self._path.name))
        self.stack.setCurrentWidget(self.busy_page)
        self.setCursor(Qt.CursorShape.BusyCursor)
        self._update_actions()
        self._handle = self.runner.run(
            load_indexed,
            self._path,
            None if previous is None else previous.index,
            name="load analytic statement",
            key=self.TASK_KEY,
            on_result=self._on_load_task_result,
            on_error=self._on_load_task_error,
            on_finished=self._on_load_task_finished,
        )
        return self._handle

    def statement(self) -> AnalyticStatement | None:
        """The statement shown: its title, header and totals. Its ``items`` list is empty:
        the items live in the model's `ItemIndex` (``self.model.items()`` rebuilds them)."""
        return None if self._loaded is None else self._loaded.statement

    def reconciliation(self) -> Reconciliation | None:
        return None if self._loaded is None else self._loaded.reconciliation

    def filtered_count(self) -> int:
        """How many items pass the filters."""
        return self.model.row_count()

    def filtered_net(self) -> Decimal:
        """The sum of the net values of the items passing the filters."""
        return self.model.net_total()

    def apply_filters(self) -> None:
        """Filter now (typing waits `FILTER_DELAY_MS`; tests and the combos do not)."""
        self._filter_timer.stop()
        index = self.model.item_index()
        if index is None:
            return
        first, last = self._date_bounds(index)
        card, service, text = (
            self.card_combo.currentData(),
            self.service_combo.currentData(),
            self.search_edit.text(),
        )
        rows = filter_rows(index, card=card, service=service, first=first, last=last, text=text)
        net = None
        if first is None and last is None and not text.split():  # a card's or a service's own sum
            if service is None:
                net = index.net_by_card.get(card) if card is not None else None
            elif card is None:
                net = index.net_by_service.get(service)
        self.model.set_subset(rows, net)
        self._show_filtered_totals()
        self._update_actions()

    def export_csv(self, path: Path) -> TaskHandle:
        """Save the items shown (filters applied, in the table's order) as CSV."""
        index = self.model.item_index()
        return self.runner.run(
            export_rows,
            Path(path),
            index if index is not None else index_items([]),
            self.model.file_rows(),
            name="export analytic items",
            key=self.EXPORT_TASK_KEY,
            on_result=self.saved.saved,
            on_error=self.saved.failed,
        )

    def ask_export(self) -> TaskHandle | None:
        """Ask where to save the items shown, then save them."""
        if self.model.row_count() == 0:
            return None
        stem = self._path.stem if self._path is not None else "analytic"
        suggested = self._folder / f"{stem}-items.csv"
        chosen, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export items to CSV"), str(suggested), self.tr("CSV files (*.csv)")
        )
        if not chosen:
            return None
        path = Path(chosen)
        if path.suffix.lower() != ".csv":
            path = path.with_name(f"{path.name}.csv")
        self._folder = path.parent
        return self.export_csv(path)

    # --- showing a statement ----------------------------------------------------------------

    def _show(self, loaded: LoadedStatement) -> None:
        self._loaded = loaded
        statement, index = loaded.statement, loaded.index
        self.title_label.setText(self._title or statement.title)
        self.title_label.setToolTip(statement.title)
        self._show_header(statement.header.values)
        self._fill_filters(index)
        self.model.set_index(index)
        self._show_filtered_totals()
        self._show_services(statement, loaded.reconciliation)
        self._show_invoice_totals(statement)
        self._show_reconciliation(statement, loaded.reconciliation)
        self.stack.setCurrentWidget(self._content)
        self._update_actions()

    def _show_header(self, values: dict[str, str]) -> None:
        fields = header_fields(values)
        company = fields.get("company", "")
        cnpj = fields.get("cnpj", "")
        if cnpj:
            company = f"{company} ({display_cnpj(cnpj)})" if company else display_cnpj(cnpj)
        contract = fields.get("contract", "")
        if fields.get("dr"):
            contract = arg(self.tr("%1, DR %2"), contract, fields["dr"]) if contract else fields["dr"]
        texts = {
            "invoice": fields.get("invoice", ""),
            "company": company,
            "contract": contract,
            "status": fields.get("status", ""),
            "due": fields.get("due", ""),
            "closed": fields.get("closed", ""),
            "paid": fields.get("paid", ""),
            "cost_centre": fields.get("cost_centre", ""),
        }
        for name, label in self.header_labels.items():
            label.setText(texts.get(name) or "\N{EM DASH}")

    def _fill_filters(self, index: ItemIndex) -> None:
        for combo in (self.card_combo, self.service_combo):
            combo.blockSignals(True)
            combo.clear()
        self.card_combo.addItem(self.tr("All cards"), None)
        for card in sorted(index.by_card):
            holder = index.holders.get(card, "")
            self.card_combo.addItem(f"{card} \N{EM DASH} {holder}" if holder else card, card)
        self.service_combo.addItem(self.tr("All services"), None)
        for code in sorted(index.by_service):
            name = index.service_names.get(code, "")
            self.service_combo.addItem(f"{code} {name}" if name else code, code)
        for combo in (self.card_combo, self.service_combo):
            combo.setCurrentIndex(0)
            combo.blockSignals(False)
        self.search_edit.blockSignals(True)
        self.search_edit.clear()
        self.search_edit.blockSignals(False)
        first = _key_date(index.first_date) if index.first_date is not None else date.today()
        last = _key_date(index.last_date) if index.last_date is not None else first
        for edit in (self.date_from, self.date_to):
            edit.blockSignals(True)
            edit.setDateRange(
                QDate(first.year, first.month, first.day), QDate(last.year, last.month, last.day)
            )
            edit.setEnabled(index.first_date is not None)
        self.date_from.setDate(QDate(first.year, first.month, first.day))
        self.date_to.setDate(QDate(last.year, last.month, last.day))
        for edit in (self.date_from, self.date_to):
            edit.blockSignals(False)

    def _date_bounds(self, index: ItemIndex) -> tuple[int | None, int | None]:
        """The date filter as ``YYYYMMDD`` bounds; ``None`` where it does not narrow."""
        if index.first_date is None or index.last_date is None:
            return None, None
        start, end = self.date_from.date(), self.date_to.date()
        first = start.year() * 10000 + start.month() * 100 + start.day()
        last = end.year() * 10000 + end.month() * 100 + end.day()
        return (
            first if first > index.first_date else None,
            last if last < index.last_date else None,
        )

    def _show_filtered_totals(self) -> None:
        index = self.model.item_index()
        total = 0 if index is None else len(index)
        shown = self.model.row_count()
        net = format_brl(self.model.net_total())
        if shown == total:
            text = arg(self.tr("%1 items · net %2"), QLocale().toString(shown), net)
        else:
            text = arg(
                self.tr("%1 of %2 items · net %3"), QLocale().toString(shown), QLocale().toString(total), net
            )
        self.count_label.setText(text)

    def _set_table_headers(self) -> None:
        self.services_model.setHorizontalHeaderLabels(
            [
                self.tr("Service"),
                self.tr("Quantity"),
                self.tr("Service value"),
                self.tr("Discount"),
                self.tr("Net (service totals)"),
                self.tr("Net (sum of items)"),
                self.tr("Difference"),
            ]
        )
        self.totals_model.setHorizontalHeaderLabels(
            [self.tr("Description"), self.tr("Quantity"), self.tr("Value")]
        )
        for model, numeric in ((self.services_model, range(1, 7)), (self.totals_model, range(1, 3))):
            for column in numeric:
                model.setHeaderData(
                    column, Qt.Orientation.Horizontal, _RIGHT, Qt.ItemDataRole.TextAlignmentRole
                )

    def _show_services(self, statement: AnalyticStatement, reconciliation: Reconciliation) -> None:
        """Block 4 beside the items' own sums, one row per service found in either."""
        block4: dict[str, list[ServiceTotal]] = {}
        for total in statement.service_totals:
            block4.setdefault(total.codigo_servico, []).append(total)
        index = self.model.item_index()
        names = {} if index is None else index.service_names
        self.services_model.setRowCount(0)
        red = error_colour()
        for code, difference in reconciliation.service_differences.items():
            rows = block4.get(code, [])
            name = rows[0].descricao if rows else names.get(code, "")
            if rows:
                quantity = _grouped(sum(row.quantidade for row in rows))
                gross = format_brl(sum((row.valor_servico for row in rows), _ZERO))
                discount = format_brl(sum((row.desconto for row in rows), _ZERO))
                net = format_brl(reconciliation.service_totals.get(code, _ZERO))
            else:
                quantity = gross = discount = net = "\N{EM DASH}"
            items_net = reconciliation.items_by_service.get(code)
            self.services_model.appendRow(
                [
                    _cell(f"{code} {name}" if name else code),
                    _cell(quantity, right=True),
                    _cell(gross, right=True),
                    _cell(discount, right=True),
                    _cell(net, right=True),
                    _cell("\N{EM DASH}" if items_net is None else format_brl(items_net), right=True),
                    _cell(format_brl(difference), right=True, colour=red if difference else None),
                ]
            )
        self.services_model.appendRow(
            [
                _cell(self.tr("Total")),
                _cell(""),
                _cell(""),
                _cell(""),
                _cell(format_brl(reconciliation.services_total), right=True),
                _cell(format_brl(reconciliation.items_total), right=True),
                _cell(
                    format_brl(reconciliation.items_total - reconciliation.services_total),
                    right=True,
                    colour=red if reconciliation.items_total != reconciliation.services_total else None,
                ),
            ]
        )
        last = self.services_model.rowCount() - 1
        for column in range(self.services_model.columnCount()):
            cell = self.services_model.item(last, column)
            if cell is not None:
                font = cell.font()
                font.setBold(True)
                cell.setFont(font)

    def _show_invoice_totals(self, statement: AnalyticStatement) -> None:
        self.totals_model.setRowCount(0)
        for row in statement.invoice_totals:
            quantity = "" if row.quantidade is None else _grouped(row.quantidade)
            self.totals_model.appendRow(
                [
                    _cell(row.descricao),
                    _cell(quantity, right=True),
                    _cell(format_brl(row.valor), right=True),
                ]
            )

    def _show_reconciliation(self, statement: AnalyticStatement, reconciliation: Reconciliation) -> None:
        """One line: items, services, invoice total and the difference; green or red."""
        dash = "\N{EM DASH}"
        total = reconciliation.invoice_total
        difference = reconciliation.items_vs_invoice
        text = arg(
            self.tr("Items %1 · services %2 · invoice total %3 · difference %4"),
            format_brl(reconciliation.items_total),
            format_brl(reconciliation.services_total),
            dash if total is None else format_brl(total),
            dash if difference is None else _signed(difference),
        )
        balanced = reconciliation.balanced
        if not balanced:
            problems = [
                arg(self.tr("service %1: items %2"), code, _signed(reconciliation.service_differences[code]))
                for code in reconciliation.mismatched_services
            ]
            if total is None:
                problems.append(self.tr("the file names no invoice total"))
            else:
                if difference:
                    problems.append(arg(self.tr("items against the invoice total: %1"), _signed(difference)))
                    adjustments = _adjustments(statement)
                    if adjustments and adjustments == -difference:
                        problems.append(
                            arg(
                                self.tr("the invoice's other rows (charges, credits, …) add %1"),
                                _signed(adjustments),
                            )
                        )
                if reconciliation.services_vs_invoice:
                    problems.append(
                        arg(
                            self.tr("service totals against the invoice total: %1"),
                            _signed(reconciliation.services_vs_invoice),
                        )
                    )
            text = arg(self.tr("%1 — differences: %2"), text, "; ".join(problems))
        colour = ok_colour() if balanced else error_colour()
        self.reconciliation_label.setText(text)
        self.reconciliation_label.setStyleSheet(f"QLabel#reconciliationLine {{ color: {colour.name()}; }}")
        self.reconciliation_label.setProperty("balanced", balanced)
        self.reconciliation_label.setAccessibleDescription(
            self.tr("The statement adds up") if balanced else self.tr("The statement does not add up")
        )

    def _update_actions(self) -> None:
        self.export_button.setEnabled(self.model.row_count() > 0)

    # --- tasks ---------------------------------------------------------------------------------

    @Slot(object)
    def _on_load_task_result(self, value: object) -> None:
        loaded = cast("LoadedStatement", value)
        self._stop_busy()
        self._show(loaded)
        self.loaded.emit(len(loaded.index))

    @Slot(object)
    def _on_load_task_error(self, error: object) -> None:
        if not isinstance(error, BaseException):
            return
        from postalgui.api.analytic import AnalyticFormatError

        self._stop_busy()

        name = self._path.name if self._path is not None else ""
        if isinstance(error, AnalyticFormatError) and error.line is not None:
            text = arg(
                self.tr("%1 is not a readable analytic statement: line %2: %3"),
                name,
                error.line,
                error.reason,
            )
        elif isinstance(error, AnalyticFormatError):
            text = arg(self.tr("%1 is not a readable analytic statement: %2"), name, error.reason)
        elif isinstance(error, OSError):
            text = arg(self.tr("Could not open %1: %2"), name, error.strerror or str(error))
        else:
            text = arg(self.tr("Could not read %1: %2"), name, describe_error(error))
        self.messages.show_message(text, MessageKind.ERROR, key=self.TASK_KEY)
        self.loadFailed.emit(text)

    @Slot(bool)
    def _on_load_task_finished(self, cancelled: bool) -> None:
        self._handle = None
        self._stop_busy()

    def _stop_busy(self) -> None:
        if self.stack.currentWidget() is self.busy_page:
            self.stack.setCurrentWidget(self.empty_label)
        self.unsetCursor()

    # --- widget slots --------------------------------------------------------------------------

    @Slot()
    def _on_cancel_button_clicked(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self._stop_busy()

    @Slot(int)
    def _on_card_combo_current_index_changed(self, _index: int) -> None:
        self.apply_filters()

    @Slot(int)
    def _on_service_combo_current_index_changed(self, _index: int) -> None:
        self.apply_filters()

    @Slot(QDate)
    def _on_date_from_date_changed(self, _date: QDate) -> None:
        self._filter_timer.start()

    @Slot(QDate)
    def _on_date_to_date_changed(self, _date: QDate) -> None:
        self._filter_timer.start()

    @Slot(str)
    def _on_search_edit_text_changed(self, _text: str) -> None:
        self._filter_timer.start()

    @Slot()
    def _on_filter_timer_timeout(self) -> None:
        self.apply_filters()

    @Slot()
    def _on_export_button_clicked(self) -> None:
        self.ask_export()
