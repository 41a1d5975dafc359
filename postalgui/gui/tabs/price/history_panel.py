"""The quote history: every quote made, searchable, with its breakdown, re-run and export.

The search runs in SQLite on a worker (``search_history``), debounced while the clerk
types; a newer search replaces an older one under one task key, so a slow search never
overwrites the answer to a later one.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import (
    QCoreApplication,
    QItemSelection,
    QItemSelectionModel,
    QLocale,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.environments import Environment
from postalgui.api.values import format_brl, format_cep
from postalgui.gui.messages import arg, environment_name, local_datetime
from postalgui.gui.models.formatting import error_colour, format_grams
from postalgui.gui.models.key_sorted import SortKeyProxy
from postalgui.gui.models.row_table import RowTableModel, TextRow
from postalgui.gui.tabs.price.breakdown_view import BreakdownView
from postalgui.gui.tabs.price.deadline_texts import DeadlineCells, deadline_cells
from postalgui.gui.tabs.price.exporter import PdfLayout, ResultsExporter
from postalgui.gui.tabs.price.results_model import Column, column_title, destination_text, product_text
from postalgui.gui.tasks import Failure, TaskHandle, TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.window_state import RememberedSplitter
from postalgui.services.context import AppContext
from postalgui.services.price import use_cases as pricing
from postalgui.services.price.history import HistoryEntry  # a base class subscript: needed at run time

if TYPE_CHECKING:
    from postalgui.api.models.price import PriceQuery, QuoteResult
    from postalgui.services.price.deadlines import DeadlineOutcome

__all__ = ["HistoryColumn", "HistoryModel", "HistoryPanel"]

SEARCH_DELAY_MS = 250
SEARCH_LIMIT = 1000

ModelIndex = QModelIndex | QPersistentModelIndex
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


class HistoryColumn:
    """Column positions of `HistoryModel`."""

    DATE, ENVIRONMENT, SOURCE, PRODUCT, ORIGIN, DESTINATION, WEIGHT, FINAL, ERROR = range(9)
    DAYS, ARRIVES, HOME, SATURDAY, DEADLINE_NOTE = range(9, 14)
    COUNT = 14


_DEADLINE_COLUMNS = (
    (HistoryColumn.DAYS, Column.DAYS),
    (HistoryColumn.ARRIVES, Column.ARRIVES),
    (HistoryColumn.HOME, Column.HOME),
    (HistoryColumn.SATURDAY, Column.SATURDAY),
    (HistoryColumn.DEADLINE_NOTE, Column.DEADLINE_NOTE),
)
"""The deadline columns, titled as the quote table titles them, in `deadline_cells` order."""
_NUMERIC = frozenset({HistoryColumn.WEIGHT, HistoryColumn.FINAL, HistoryColumn.DAYS})
_SHOWN_ORDER = (
    HistoryColumn.DATE,
    HistoryColumn.PRODUCT,
    HistoryColumn.FINAL,
    HistoryColumn.DAYS,
    HistoryColumn.ARRIVES,
    HistoryColumn.ERROR,
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


class HistoryPanel(QWidget):
    """Search the stored quotes, see one's breakdown, re-run, export or delete them.

    Signals: ``rerunRequested(list)`` with the selected entries' `PriceQuery`s, in
    the order shown (one goes back to the form, several to a batch).
    """

    rerunRequested = Signal(list)

    TASK_KEY = "price.history"
    DELETE_TASK_KEY = "price.history.delete"
    EXPORT_TASK_KEY = "price.history.export"

    def __init__(self, context: AppContext, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("historyPanel")
        self.context = context
        self.runner = runner
        self._search_handle: TaskHandle | None = None
        self._searched_text = ""
        self._told_set_aside: Path | None = None

        self.messages = MessageArea(self)

        self._build_search()
        self._build_table()
        self._build_views()
        self._build_buttons()
        self._build_keys()
        self._lay_out()
        self._show_empty_state()
        self._update_actions()

    def _build_search(self) -> None:
        self.search_edit = QLineEdit(self)
        self.search_edit.setPlaceholderText(self.tr("Product, CEP, country, request number or error"))
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.textChanged.connect(self._on_search_edit_text_changed)
        self._search_label = QLabel(self.tr("S&earch:"), self)
        self._search_label.setBuddy(self.search_edit)
        self.count_label = QLabel(self)

    def _build_table(self) -> None:
        """The history, newest first, with fixed starting widths."""
        self.model = HistoryModel(self)
        self.proxy = SortKeyProxy(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView(self)
        self.table.setObjectName("historyTable")
        self.table.setModel(self.proxy)
        self.table.setAccessibleName(self.tr("Quote history"))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(HistoryColumn.DATE, Qt.SortOrder.DescendingOrder)
        vertical = self.table.verticalHeader()
        vertical.hide()
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        char = self.fontMetrics().horizontalAdvance("0")
        for column, chars in (
            (HistoryColumn.DATE, 17),
            (HistoryColumn.ENVIRONMENT, 12),
            (HistoryColumn.SOURCE, 11),
            (HistoryColumn.PRODUCT, 18),
            (HistoryColumn.ORIGIN, 11),
            (HistoryColumn.DESTINATION, 11),
            (HistoryColumn.WEIGHT, 10),
            (HistoryColumn.FINAL, 12),
            (HistoryColumn.ERROR, 30),
            (HistoryColumn.DAYS, 5),
            (HistoryColumn.ARRIVES, 15),
            (HistoryColumn.HOME, 12),
            (HistoryColumn.SATURDAY, 8),
            (HistoryColumn.DEADLINE_NOTE, 24),
        ):
            self.table.setColumnWidth(column, chars * char + 16)
        # What a quote cost or why it failed, in sight at 1366x768; where it ran, last.
        for visual, logical in enumerate(_SHOWN_ORDER):
            header.moveSection(header.visualIndex(logical), visual)
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.table.selectionModel().currentRowChanged.connect(self._on_table_current_row_changed)

    def _build_views(self) -> None:
        """The table or the empty state, beside the selected quote's breakdown."""
        self.empty_label = QLabel(self)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.empty_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.table)
        self.stack.addWidget(self.empty_label)

        self.breakdown = BreakdownView(self)
        self.splitter = RememberedSplitter("price.history", Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(self.stack)
        self.splitter.addWidget(self.breakdown)
        self.splitter.setStretchFactor(0, 2)  # the table first: its price and error columns in sight
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)

    def _build_buttons(self) -> None:
        self.rerun_button = QPushButton(self.tr("&Re-run"), self)
        self.rerun_button.setToolTip(self.tr("Quote the selected rows again (Enter)"))
        self.rerun_button.clicked.connect(self._on_rerun_button_clicked)
        self.exporter = ResultsExporter(
            self.context.price,
            self.runner,
            self.messages,
            self.EXPORT_TASK_KEY,
            self.results_to_export,
            self,
            deadlines=self.deadlines_to_export,
        )
        self.export_csv_button = QPushButton(self.tr("Export &spreadsheet…"), self)
        self.export_csv_button.setToolTip(
            self.tr("The selected quotes, or every quote shown, as an Excel workbook (.xlsx) or CSV")
        )
        self.export_csv_button.clicked.connect(self._on_export_csv_button_clicked)
        self.export_pdf_button = QToolButton(self)
        self.export_pdf_button.setText(self.tr("Export &PDF…"))
        self.export_pdf_button.setToolTip(self.tr("The selected quotes, or every quote shown"))
        self.export_pdf_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.export_pdf_button.setMenu(self.exporter.pdf_menu(self.export_pdf_button))
        self.export_pdf_button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.delete_button = QPushButton(self.tr("&Delete"), self)
        self.delete_button.setToolTip(self.tr("Remove the selected quotes from the history (Del)"))
        self.delete_button.clicked.connect(self._on_delete_button_clicked)

    def _build_keys(self) -> None:
        """The debounced search, and Enter and Del on the table's selection."""
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(self._on_search_timer_timeout)

        # Enter and Del act on the table's selection only, not while typing a search.
        for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            rerun = QShortcut(QKeySequence(key), self.table)
            rerun.setContext(Qt.ShortcutContext.WidgetShortcut)
            rerun.activated.connect(self._on_rerun_button_clicked)
        delete = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.table)
        delete.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete.activated.connect(self._on_delete_button_clicked)

    def _lay_out(self) -> None:
        search_row = QHBoxLayout()
        search_row.addWidget(self._search_label)
        search_row.addWidget(self.search_edit, 2)
        search_row.addWidget(self.count_label, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.rerun_button)
        buttons.addWidget(self.export_csv_button)
        buttons.addWidget(self.export_pdf_button)
        buttons.addStretch(1)
        buttons.addWidget(self.delete_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.messages)
        layout.addLayout(search_row)
        layout.addWidget(self.splitter, 1)
        layout.addLayout(buttons)

        order = [
            self.search_edit,
            self.table,
            self.breakdown,
            self.rerun_button,
            self.export_csv_button,
            self.export_pdf_button,
            self.delete_button,
        ]
        for first, second in itertools.pairwise(order):
            self.setTabOrder(first, second)

    # --- public API ----------------------------------------------------------------------------

    def refresh(self) -> TaskHandle:
        """Search again with the current text (after a quote, a batch or a delete)."""
        self._search_timer.stop()
        text = self.search_edit.text().strip()
        self._search_handle = self.runner.run(
            pricing.search_history,
            self.context.price,
            text,
            SEARCH_LIMIT,
            name="search quote history",
            key=self.TASK_KEY,
            on_result=self._on_search_task_result,
            failure=Failure(self.tr("Could not read the quote history: %1")),
            on_finished=self._on_search_task_finished,
        )
        self._searched_text = text
        return self._search_handle

    def entries(self) -> list[HistoryEntry]:
        """The entries shown, in the table's order."""
        return [self._entry_at(row) for row in range(self.proxy.rowCount())]

    def selected_entries(self) -> list[HistoryEntry]:
        """The selected entries, in the table's order."""
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        return [self._entry_at(row) for row in rows]

    def results_to_export(self) -> list[QuoteResult]:
        """The selected quotes, or every quote shown when none is selected."""
        entries = self.selected_entries() or self.entries()
        return [entry.to_result(index) for index, entry in enumerate(entries)]

    def deadlines_to_export(self) -> dict[int, DeadlineOutcome] | None:
        """The kept deadlines of `results_to_export`, by its indices; ``None`` when none
        was kept (quotes made before the history kept them export as they did)."""
        entries = self.selected_entries() or self.entries()
        found = {
            index: replace(entry.deadline, index=index)
            for index, entry in enumerate(entries)
            if entry.deadline is not None
        }
        return found or None

    def rerun_selected(self) -> list[PriceQuery]:
        """Ask for the selected quotes to be made again (`rerunRequested`)."""
        queries = [entry.query for entry in self.selected_entries()]
        if queries:
            self.rerunRequested.emit(queries)
        return queries

    def delete_selected(self, *, confirm: bool = True) -> TaskHandle | None:
        """Delete the selected quotes, once the user confirms (No is the default)."""
        entries = self.selected_entries()
        if not entries:
            return None
        if confirm:
            answer = QMessageBox.question(
                self,
                self.tr("Delete quotes"),
                self.tr("Delete %n quote(s) from the history? This cannot be undone.", "", len(entries)),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return None
        return self.runner.run(
            pricing.delete_history,
            self.context.price,
            [entry.id for entry in entries],
            name="delete quotes",
            key=self.DELETE_TASK_KEY,
            on_result=self._on_delete_task_result,
            failure=Failure(self.tr("Could not delete the quotes: %1")),
        )

    def export_csv(self, path: Path) -> TaskHandle:
        return self.exporter.export_csv(path, self.results_to_export())

    def export_pdf(self, path: Path, layout: PdfLayout = "per_quote") -> TaskHandle:
        return self.exporter.export_pdf(path, self.results_to_export(), layout)

    def select_rows(self, rows: Sequence[int]) -> None:
        """Select rows of the table as shown (tests, and keeping a selection)."""
        selection = QItemSelection()
        last = self.proxy.columnCount() - 1
        for row in rows:
            selection.select(self.proxy.index(row, 0), self.proxy.index(row, last))
        selection_model = self.table.selectionModel()
        selection_model.select(
            selection,
            QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
        )
        if rows:
            selection_model.setCurrentIndex(
                self.proxy.index(rows[0], 0), QItemSelectionModel.SelectionFlag.NoUpdate
            )

    # --- tasks ---------------------------------------------------------------------------------

    @Slot(object)
    def _on_search_task_result(self, entries: object) -> None:
        found = cast("list[HistoryEntry]", entries)
        self.model.set_entries(found)
        self.messages.clear(self.TASK_KEY)
        self._tell_set_aside()
        self.breakdown.show_result(None)
        if len(found) >= SEARCH_LIMIT:
            self.count_label.setText(
                arg(self.tr("The newest %1 quotes; search to narrow down."), QLocale().toString(len(found)))
            )
        else:
            self.count_label.setText(self.tr("%Ln quote(s)", "", len(found)))
        self._show_empty_state()
        self._update_actions()

    def _tell_set_aside(self) -> None:
        """Say, once per file, that a damaged history file was set aside and where it is now."""
        aside = self.context.price.history().set_aside_path
        if aside is None or aside == self._told_set_aside:
            return
        self._told_set_aside = aside
        text = self.tr(
            "The quote history file was damaged and has been set aside as %1; the history starts again empty."
        )
        self.messages.show_message(arg(text, str(aside)), MessageKind.WARNING, key="price.history.set-aside")

    @Slot(bool)
    def _on_search_task_finished(self, cancelled: bool) -> None:
        self._search_handle = None

    @Slot(object)
    def _on_delete_task_result(self, _value: object) -> None:
        self.refresh()

    # --- state ---------------------------------------------------------------------------------

    def _entry_at(self, proxy_row: int) -> HistoryEntry:
        return self.model.entry(self.proxy.mapToSource(self.proxy.index(proxy_row, 0)).row())

    def _show_empty_state(self) -> None:
        if self.model.rowCount() > 0:
            self.stack.setCurrentWidget(self.table)
            return
        if self._searched_text:
            self.empty_label.setText(arg(self.tr("No quotes match “%1”."), self._searched_text))
        else:
            self.empty_label.setText(self.tr("No quotes yet. Every quote you make is kept here."))
        self.stack.setCurrentWidget(self.empty_label)

    def _update_actions(self) -> None:
        selected = self.table.selectionModel().hasSelection()
        shown = self.proxy.rowCount() > 0
        self.rerun_button.setEnabled(selected)
        self.delete_button.setEnabled(selected)
        self.export_csv_button.setEnabled(shown)
        self.export_pdf_button.setEnabled(shown)

    # --- widget slots --------------------------------------------------------------------------

    @Slot(str)
    def _on_search_edit_text_changed(self, _text: str) -> None:
        self._search_timer.start()

    @Slot()
    def _on_search_timer_timeout(self) -> None:
        self.refresh()

    @Slot(QItemSelection, QItemSelection)
    def _on_table_selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self._update_actions()

    @Slot(QModelIndex, QModelIndex)
    def _on_table_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            self.breakdown.show_result(None)
            return
        entry = self.model.entry(self.proxy.mapToSource(current).row())
        self.breakdown.show_result(entry.to_result())

    @Slot()
    def _on_rerun_button_clicked(self) -> None:
        self.rerun_selected()

    @Slot()
    def _on_delete_button_clicked(self) -> None:
        self.delete_selected()

    @Slot()
    def _on_export_csv_button_clicked(self) -> None:
        self.exporter.ask_table()
