"""`HistoryModel`: the stored quotes as a table, one `RowTableModel` row per entry.

Its columns follow the quote table's where they show the same thing (the deadline columns
are titled by `column_title`); cells and native sort keys are worked out once per search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from postalgui.api.environments import Environment
from postalgui.api.values import format_brl, format_cep
from postalgui.gui.messages import environment_name, local_datetime
from postalgui.gui.models.formatting import format_grams
from postalgui.gui.models.row_table import Column as TableColumn
from postalgui.gui.models.row_table import RowTableModel, TextRow
from postalgui.gui.tabs.price.deadline_texts import DeadlineCells, deadline_cells
from postalgui.gui.tabs.price.results_model import destination_text, product_text
from postalgui.services.price.history import HistoryEntry  # a base class subscript: needed at run time

__all__ = ["SHOWN_ORDER", "START_WIDTHS", "HistoryColumn", "HistoryModel", "source_name"]

K = TypeVar("K")


class HistoryColumn:
    """Column positions of `HistoryModel`."""

    DATE, ENVIRONMENT, SOURCE, PRODUCT, ORIGIN, DESTINATION, WEIGHT, FINAL, ERROR = range(9)
    DAYS, ARRIVES, HOME, SATURDAY, DEADLINE_NOTE = range(9, 14)
    BY = 14
    COUNT = 15


def _error_tip(row: TextRow[HistoryEntry]) -> str | None:
    return row.texts[HistoryColumn.ERROR] if row.failed else None


def _quote_column(title: object, *, numeric: bool = False) -> TableColumn[HistoryEntry]:
    """A deadline column, titled as the quote table titles it (`column_title`)."""
    return TableColumn(title, numeric=numeric, tip=_error_tip, context="QuoteResultsModel")


_COLUMNS: tuple[TableColumn[HistoryEntry], ...] = (
    TableColumn(QT_TRANSLATE_NOOP("HistoryModel", "Date"), tip=_error_tip),
    TableColumn(QT_TRANSLATE_NOOP("HistoryModel", "Environment"), tip=_error_tip),
    TableColumn(QT_TRANSLATE_NOOP("HistoryModel", "Source"), tip=_error_tip),
    TableColumn(QT_TRANSLATE_NOOP("HistoryModel", "Product"), tip=_error_tip),
    TableColumn(QT_TRANSLATE_NOOP("HistoryModel", "Origin"), tip=_error_tip),
    TableColumn(QT_TRANSLATE_NOOP("HistoryModel", "Destination"), tip=_error_tip),
    TableColumn(QT_TRANSLATE_NOOP("HistoryModel", "Weight"), numeric=True, tip=_error_tip),
    TableColumn(QT_TRANSLATE_NOOP("HistoryModel", "Final price"), numeric=True, tip=_error_tip),
    TableColumn(QT_TRANSLATE_NOOP("HistoryModel", "Error"), tip=_error_tip, alarm=True),
    _quote_column(QT_TRANSLATE_NOOP("QuoteResultsModel", "Days"), numeric=True),
    _quote_column(QT_TRANSLATE_NOOP("QuoteResultsModel", "Arrives")),
    _quote_column(QT_TRANSLATE_NOOP("QuoteResultsModel", "Home delivery")),
    _quote_column(QT_TRANSLATE_NOOP("QuoteResultsModel", "Saturday")),
    _quote_column(QT_TRANSLATE_NOOP("QuoteResultsModel", "Delivery time")),
    TableColumn(QT_TRANSLATE_NOOP("HistoryModel", "By"), tip=_error_tip),
)
"""The deadline columns are titled as the quote table titles them (`column_title`)."""
SHOWN_ORDER = (
    HistoryColumn.DATE,
    HistoryColumn.PRODUCT,
    HistoryColumn.FINAL,
    HistoryColumn.DAYS,
    HistoryColumn.ARRIVES,
    HistoryColumn.ERROR,
    HistoryColumn.BY,
    HistoryColumn.HOME,
    HistoryColumn.SATURDAY,
    HistoryColumn.DEADLINE_NOTE,
    HistoryColumn.DESTINATION,
    HistoryColumn.WEIGHT,
    HistoryColumn.ORIGIN,
    HistoryColumn.SOURCE,
    HistoryColumn.ENVIRONMENT,
)
"""The columns left to right (the model keeps its own order; the header moves them)."""


def source_name(source: str) -> str:
    """Where a quote was made, in words."""
    names = {
        "form": QCoreApplication.translate("HistoryModel", "Form"),
        "compare": QCoreApplication.translate("HistoryModel", "Comparison"),
        "batch": QCoreApplication.translate("HistoryModel", "Batch"),
        "history": QCoreApplication.translate("HistoryModel", "History"),
        "cli": QCoreApplication.translate("HistoryModel", "Command line"),
    }
    return names.get(source, source)


def _environment(key: str) -> str:
    if key.startswith(f"{Environment.CUSTOM.value}-"):
        return environment_name(Environment.CUSTOM)
    try:
        return environment_name(Environment(key))
    except ValueError:
        return key


_NO_DEADLINE: DeadlineCells = (("", "", "", "", ""), (None, None, None, None, None))
"""A quote kept without a deadline (made before the history kept them): empty cells."""


class _Said:
    """Texts a page of quotes repeats, worded once per page: a batch's quotes share their
    instant, most share the environment, the source and the origin (a third of wording a
    page of 500 at 100,000 quotes, bench_history_view)."""

    def __init__(self) -> None:
        self._said: dict[tuple[Callable[[Any], str], object], str] = {}

    def __call__(self, word: Callable[[K], str], value: K) -> str:
        key = (word, value)
        said = self._said.get(key)
        if said is None:
            said = self._said[key] = word(value)
        return said


def _row(entry: HistoryEntry, said: _Said) -> TextRow[HistoryEntry]:
    query, response = entry.query, entry.response
    error = entry.error
    error_text = "" if error is None else str(error)
    final = response.pcFinal if response is not None and error is None else None
    product = product_text(query, response)
    origin = said(format_cep, query.cepOrigem) if query.cepOrigem else ""
    destination = destination_text(query)
    environment = said(_environment, entry.environment)
    source = said(source_name, entry.source)
    deadline_texts, deadline_keys = _NO_DEADLINE if entry.deadline is None else deadline_cells(entry.deadline)
    texts = (
        said(local_datetime, entry.at),
        environment,
        source,
        product,
        origin,
        destination,
        format_grams(query.psObjeto),
        "" if final is None else format_brl(final),
        error_text,
        *deadline_texts,
        entry.created_by,
    )
    keys: tuple[object, ...] = (
        (entry.at, entry.id),
        environment.casefold(),
        source.casefold(),
        product.casefold(),
        origin or None,
        destination.casefold() or None,
        query.psObjeto,
        final,
        error_text.casefold() or None,
        *deadline_keys,
        entry.created_by.casefold() or None,
    )
    return TextRow(entry, texts, keys, error is not None)


class HistoryModel(RowTableModel[HistoryEntry]):
    """`HistoryEntry`s as a table; the same roles as `QuoteResultsModel`.

    `SORT_ROLE` carries native values (the date as ``(datetime, id)``), ``None`` when
    absent, for `SortKeyProxy`.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(_COLUMNS, parent)
        self._shown: dict[int, TextRow[HistoryEntry]] = {}
        self._said: _Said | None = None

    def make_row(self, item: HistoryEntry) -> TextRow[HistoryEntry]:
        row = self._shown.get(id(item))
        if row is not None and row.item is item:
            return row
        return _row(item, self._said or _Said())

    def set_entries(self, entries: Sequence[HistoryEntry]) -> None:
        """Show ``entries``; one shown already (the same entry, as the history's read-back
        hands it out again) keeps its cells: a keystroke's search mostly finds the quotes the
        last one showed, and wording 500 rows is about 25 ms (bench_history_view)."""
        self._shown = {id(row.item): row for row in self._rows}
        self._said = _Said()
        try:
            self.set_items(entries)
        finally:
            self._shown, self._said = {}, None

    def entry(self, row: int) -> HistoryEntry:
        return self.item(row)

    def entries(self) -> list[HistoryEntry]:
        return self.items()


START_WIDTHS = {
    HistoryColumn.DATE: 17,
    HistoryColumn.ENVIRONMENT: 12,
    HistoryColumn.SOURCE: 11,
    HistoryColumn.PRODUCT: 18,
    HistoryColumn.ORIGIN: 11,
    HistoryColumn.DESTINATION: 11,
    HistoryColumn.WEIGHT: 10,
    HistoryColumn.FINAL: 12,
    HistoryColumn.ERROR: 22,  # the whole text is in its tooltip; who made it stays in sight
    HistoryColumn.DAYS: 5,
    HistoryColumn.ARRIVES: 15,
    HistoryColumn.HOME: 12,
    HistoryColumn.SATURDAY: 8,
    HistoryColumn.DEADLINE_NOTE: 24,
    HistoryColumn.BY: 14,
}
"""Each column's starting width, in digits."""
