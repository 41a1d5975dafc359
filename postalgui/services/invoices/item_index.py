"""An analytic statement's items as columns (`ItemIndex`): sorted, filtered and searched off the GUI thread.

A statement can hold 100,000 detail lines. The worker that reads the CSV also builds
the index: the items as columns, each table column's rows in ascending order (a
sort permutation), the rows of each card and service, a folded search text per row.
Filtering is then a few C passes over those columns into an array of rows; sorting
keeps the filtered rows in a precomputed order: no comparison runs on the GUI thread.
Why, measured: `postalgui.services.columns`. Qt-free; the GUI's items model is
a thin adapter over it.
"""

from __future__ import annotations

import itertools
import threading
from array import array
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from datetime import date
from decimal import Decimal, InvalidOperation
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import TaskControl
from postalgui.api.models.invoices import AnalyticItem, AnalyticItems
from postalgui.services.columns import (
    ROWS,
    STEP,
    Column,
    encode,
    free_in_steps,
    joined,
    ordered_rows,
    rows_by_code,
    sorted_rows,
    word_filter,
)
from postalgui.services.invoices import statements

if TYPE_CHECKING:
    from postalgui.api.analytic import Reconciliation
    from postalgui.api.models.invoices import AnalyticStatement
    from postalgui.services.invoices.book import StatementKeeper

__all__ = [
    "Column",
    "ItemColumn",
    "ItemIndex",
    "LoadedStatement",
    "date_key",
    "encode",
    "export_rows",
    "filter_rows",
    "index_items",
    "key_date",
    "load_indexed",
    "sorted_rows",
]

_ZERO = Decimal(0)
_CENT_ZERO = Decimal("0.00")


class ItemColumn:
    """Column positions of the items table (the GUI's `AnalyticItemsModel`); fields in `_COLUMN_FIELDS`."""

    CARD, SERVICE, DATE, LABEL, CEP, WEIGHT, UNIT_VALUE, DISCOUNT, QUANTITY, NET_VALUE, DECLARED_VALUE = (
        range(11)
    )
    COUNT = 11


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


def key_date(key: int) -> date:
    return date(key // 10000, key // 100 % 100, key % 100)


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

    def ordered(
        self, column: int, *, descending: bool = False, subset: Sequence[int] | None = None
    ) -> array[int]:
        """The rows (of ``subset``, default all) in a table column's order, unreadable dates last."""
        return ordered_rows(self.orders[column], self.present[column], descending=descending, subset=subset)

    def item(self, row: int) -> AnalyticItem:
        """The item of a file row, as the parser read it."""
        return AnalyticItem(*(self.fields[name][row] for name in _FIELDS))

    def items_at(self, rows: Sequence[int], task: TaskControl | None = None) -> list[AnalyticItem]:
        """The items of these file rows, in this order (a worker's job for many rows)."""
        with self._lock:
            found: list[AnalyticItem] = []
            for start in range(0, len(rows), STEP):
                if task is not None:
                    task.raise_if_cancelled()
                block = rows[start : start + STEP]
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
        for start in range(0, len(column.codes), STEP):
            found.extend(map(cents.__getitem__, column.codes[start : start + STEP]))
        return found
    found = array("q")
    for start in range(0, len(column.values), STEP):
        found.extend(int(value.scaleb(2)) for value in column.values[start : start + STEP])
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
    for start in range(0, size, STEP):
        block = range(start, min(start + STEP, size))
        found.extend(
            map(str.casefold, map(" ".join, zip(*(column.take(block) for column in columns), strict=True)))
        )
    return tuple(found)


def _no_check() -> None:
    """The cancel check of an index worked out without a task (tests, the CLI)."""


def index_items(items: Sequence[AnalyticItem], task: TaskControl | None = None) -> ItemIndex:
    """Work out an `ItemIndex` (0.6-0.8 s for 100,000 items): on a worker thread."""
    check = _no_check if task is None else task.raise_if_cancelled
    size = len(items)
    fields = _encoded_fields(items, check)
    date_keys = tuple(map(date_key, fields["data_postagem"].values))
    orders, present, grouped = _sort_orders(fields, date_keys, size, check)
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


def _encoded_fields(items: Sequence[AnalyticItem], check: Callable[[], None]) -> dict[str, Column]:
    """Every field as a column, read in steps and coded where values repeat (dates in date order)."""
    fields: dict[str, Column] = {}
    for name in _FIELDS:
        check()
        values: list[Any] = []
        if isinstance(items, AnalyticItems):  # a parsed statement's columns: no item made
            values.extend(items.column(name))
        else:
            get = attrgetter(name)
            for start in range(0, len(items), STEP):
                values.extend(map(get, items[start : start + STEP]))
        if name == "data_postagem":
            fields[name] = encode(values, key=_date_order, force=True)
        else:
            fields[name] = encode(values, force=name in _ALWAYS_CODED)
        free_in_steps(values)
    return fields


def _sort_orders(
    fields: dict[str, Column], date_keys: Sequence[int | None], size: int, check: Callable[[], None]
) -> tuple[list[array[int]], list[int], dict[str, dict[str, array[int]]]]:
    """Per view column: rows in sort order and how many have a value; rows by card and by service."""
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
        buckets = rows_by_code(column.codes, len(column.values))
        orders.append(joined(buckets))
        if name == "data_postagem":
            present.append(
                sum(len(bucket) for bucket, key in zip(buckets, date_keys, strict=True) if key is not None)
            )
        else:
            present.append(size)
        if name in ("cartao", "codigo_servico"):
            grouped[name] = dict(zip(column.values, buckets, strict=True))
    return orders, present, grouped


@dataclass(frozen=True, slots=True)
class LoadedStatement:
    """What `load_indexed` hands the view: ``statement`` keeps its header and totals,
    its items are in ``index`` (its `AnalyticItems` columns are emptied)."""

    statement: AnalyticStatement
    reconciliation: Reconciliation
    index: ItemIndex


def load_indexed(
    task: TaskControl, path: Path, previous: ItemIndex | None = None, keep: StatementKeeper | None = None
) -> LoadedStatement:
    """Task: read and reconcile a statement (`statements.load_analytic`, which hands it to
    ``keep``), then index its items.

    ``previous``, the statement shown until now, is freed here first (`ItemIndex.release`).
    """
    if previous is not None:
        previous.release()
    statement, reconciliation = statements.load_analytic(task, path, keep)
    try:
        task.raise_if_cancelled()
        index = index_items(statement.items, task)
    finally:
        for column in statement.items.columns:  # here, in steps, not on the GUI thread in one go
            free_in_steps(column)
    return LoadedStatement(statement, reconciliation, index)


def export_rows(task: TaskControl, path: Path, index: ItemIndex, rows: Sequence[int]) -> Path:
    """Task: write these rows' items as CSV (`statements.export_items_csv`)."""
    items = index.items_at(rows, task)
    try:
        return statements.export_items_csv(task, path, items)
    finally:
        free_in_steps(items)


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
        chosen = index.by_card.get(card, array(ROWS))
    if service is not None:
        if chosen is None:
            chosen = index.by_service.get(service, array(ROWS))
        else:
            services = index.fields["codigo_servico"]
            if service in services.values and services.codes is not None:
                code = services.values.index(service)
                chosen = array(
                    ROWS,
                    itertools.compress(chosen, map(code.__eq__, map(services.codes.__getitem__, chosen))),
                )
            else:
                chosen = array(ROWS)
    if first is not None or last is not None:
        low = first if first is not None else 0
        high = last if last is not None else 99999999
        wanted = bytes(key is not None and low <= key <= high for key in index.date_keys)
        codes = index.fields["data_postagem"].codes
        base = index.rows if chosen is None else chosen
        if codes is not None:
            chosen = array(
                ROWS, itertools.compress(base, map(wanted.__getitem__, map(codes.__getitem__, base)))
            )
    return word_filter(index.search, text, chosen)
