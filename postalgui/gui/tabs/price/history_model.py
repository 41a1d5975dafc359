"""`HistoryModel`: the stored quotes as a table, one `RowTableModel` row per entry.

Its columns follow the quote table's where they show the same thing (the deadline columns
are titled by `column_title`); cells and native sort keys are worked out once per search.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication

from postalgui.api.environments import Environment
from postalgui.api.values import format_brl, format_cep
from postalgui.gui.messages import environment_name, local_datetime
from postalgui.gui.models.formatting import error_colour, format_grams
from postalgui.gui.models.row_table import RowTableModel, TextRow
from postalgui.gui.tabs.price.deadline_texts import DeadlineCells, deadline_cells
from postalgui.gui.tabs.price.results_model import Column, column_title, destination_text, product_text
from postalgui.services.price.history import HistoryEntry  # a base class subscript: needed at run time

__all__ = ["SHOWN_ORDER", "START_WIDTHS", "HistoryColumn", "HistoryModel", "source_name"]


class HistoryColumn:
    """Column positions of `HistoryModel`."""

    DATE, ENVIRONMENT, SOURCE, PRODUCT, ORIGIN, DESTINATION, WEIGHT, FINAL, ERROR = range(9)
    DAYS, ARRIVES, HOME, SATURDAY, DEADLINE_NOTE = range(9, 14)
    BY = 14
    COUNT = 15


_DEADLINE_COLUMNS = (
    (HistoryColumn.DAYS, Column.DAYS),
    (HistoryColumn.ARRIVES, Column.ARRIVES),
    (HistoryColumn.HOME, Column.HOME),
    (HistoryColumn.SATURDAY, Column.SATURDAY),
    (HistoryColumn.DEADLINE_NOTE, Column.DEADLINE_NOTE),
)
"""The deadline columns, titled as the quote table titles them, in `deadline_cells` order."""
_NUMERIC = frozenset({HistoryColumn.WEIGHT, HistoryColumn.FINAL, HistoryColumn.DAYS})
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


def _headers() -> tuple[str, ...]:
    return (
        QCoreApplication.translate("HistoryModel", "Date"),
        QCoreApplication.translate("HistoryModel", "Environment"),
        QCoreApplication.translate("HistoryModel", "Source"),
        QCoreApplication.translate("HistoryModel", "Product"),
        QCoreApplication.translate("HistoryModel", "Origin"),
        QCoreApplication.translate("HistoryModel", "Destination"),
        QCoreApplication.translate("HistoryModel", "Weight"),
        QCoreApplication.translate("HistoryModel", "Final price"),
        QCoreApplication.translate("HistoryModel", "Error"),
        *(column_title(column) for _, column in _DEADLINE_COLUMNS),
        QCoreApplication.translate("HistoryModel", "By"),
    )


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


def _row(entry: HistoryEntry) -> TextRow[HistoryEntry]:
    query, response = entry.query, entry.response
    error = entry.error
    error_text = "" if error is None else str(error)
    final = response.pcFinal if response is not None and error is None else None
    product = product_text(query, response)
    origin = format_cep(query.cepOrigem) if query.cepOrigem else ""
    destination = destination_text(query)
    environment = _environment(entry.environment)
    source = source_name(entry.source)
    deadline_texts, deadline_keys = _NO_DEADLINE if entry.deadline is None else deadline_cells(entry.deadline)
    texts = (
        local_datetime(entry.at),
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

    def make_row(self, item: HistoryEntry) -> TextRow[HistoryEntry]:
        return _row(item)

    def column_count(self) -> int:
        return HistoryColumn.COUNT

    def header(self, section: int) -> str:
        return _headers()[section]

    def is_numeric(self, column: int) -> bool:
        return column in _NUMERIC

    def tooltip(self, row: TextRow[HistoryEntry], column: int) -> str | None:
        return row.texts[HistoryColumn.ERROR] if row.failed else None

    def foreground(self, row: TextRow[HistoryEntry], column: int) -> Any:
        return error_colour() if row.failed and column == HistoryColumn.ERROR else None

    def set_entries(self, entries: Sequence[HistoryEntry]) -> None:
        self.set_items(entries)

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
