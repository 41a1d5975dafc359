"""The quote history: every quote made, searchable, with its breakdown, re-run and export.

The panel is its components, one per action: `HistorySearch` (the search box, the table
and the empty state), `HistoryDeletion` (Delete, with its confirmation), `HistoryLive`
(searching again when any desk records a quote) and the shared `ResultsExporter`; re-run
is a signal for the tab. It is built with what it uses: the price service and the task
runner.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QModelIndex, Qt, Signal, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QToolButton, QVBoxLayout, QWidget

from postalgui.gui.tabs.price.breakdown_view import BreakdownView
from postalgui.gui.tabs.price.exporter import PdfLayout, ResultsExporter
from postalgui.gui.tabs.price.history_deletion import HistoryDeletion
from postalgui.gui.tabs.price.history_live import HistoryLive
from postalgui.gui.tabs.price.history_model import HistoryColumn, HistoryModel
from postalgui.gui.tabs.price.history_search import HistorySearch
from postalgui.gui.tasks import TaskHandle, TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.window_state import RememberedSplitter
from postalgui.services.price.history import HistoryEntry
from postalgui.services.price.service import PriceService

if TYPE_CHECKING:
    from postalgui.api.models.price import PriceQuery, QuoteResult
    from postalgui.services.price.deadlines import DeadlineOutcome

__all__ = ["HistoryColumn", "HistoryModel", "HistoryPanel"]


class HistoryPanel(QWidget):
    """Search the stored quotes, see one's breakdown, re-run, export or delete them.

    Signals: ``rerunRequested(list)`` with the selected entries' `PriceQuery`s, in
    the order shown (one goes back to the form, several to a batch).
    """

    rerunRequested = Signal(list)

    TASK_KEY = HistorySearch.TASK_KEY
    DELETE_TASK_KEY = HistoryDeletion.TASK_KEY
    EXPORT_TASK_KEY = "price.history.export"

    def __init__(self, price: PriceService, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("historyPanel")
        self.price = price
        self.runner = runner
        self.messages = MessageArea(self)
        self.search = HistorySearch(price, runner, self.messages, self)
        self.search_edit, self.count_label = self.search.search_edit, self.search.count_label
        self.model, self.proxy, self.table = self.search.model, self.search.proxy, self.search.table
        self.stack, self.empty_label = self.search.stack, self.search.empty_label
        self.breakdown = BreakdownView(self)
        # The table first: its price and error columns in sight.
        self.splitter = RememberedSplitter.of(
            "price.history", Qt.Orientation.Horizontal, self, ((self.stack, 2), (self.breakdown, 1))
        )
        self._build_buttons()
        self.deletion = HistoryDeletion(price, runner, self.search, self)
        self.delete_button = self.deletion.delete_button
        self._lay_out()
        self.search.searched.connect(self._on_search_searched)
        self.live = HistoryLive(price, runner, self.search)  # after: it restores the view last
        self.deletion.deleted.connect(self.refresh)
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.table.selectionModel().currentRowChanged.connect(self._on_table_current_row_changed)
        self._update_actions()

    def _build_buttons(self) -> None:
        """Re-run (the button, Enter on the table) and the exports."""
        self.rerun_button = QPushButton(self.tr("&Re-run"), self)
        self.rerun_button.setToolTip(self.tr("Quote the selected rows again (Enter)"))
        self.rerun_button.clicked.connect(self._on_rerun_button_clicked)
        for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):  # on the table, not while typing a search
            rerun = QShortcut(QKeySequence(key), self.table)
            rerun.setContext(Qt.ShortcutContext.WidgetShortcut)
            rerun.activated.connect(self._on_rerun_button_clicked)
        self.exporter = ResultsExporter(
            self.price,
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

    def _lay_out(self) -> None:
        search_row = QHBoxLayout()
        search_row.addWidget(self.search.search_label)
        search_row.addWidget(self.search_edit, 2)
        search_row.addWidget(self.search.whose_combo)
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
            self.search.whose_combo,
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

    @property
    def searching(self) -> bool:
        """Whether a search is under way."""
        return self.search.running

    def refresh(self) -> TaskHandle:
        """Search again with the current text (after a quote, a batch or a delete)."""
        return self.search.refresh()

    def entries(self) -> list[HistoryEntry]:
        """The entries shown, in the table's order."""
        return self.search.entries()

    def selected_entries(self) -> list[HistoryEntry]:
        """The selected entries, in the table's order."""
        return self.search.selected_entries()

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
        return self.deletion.delete_selected(confirm=confirm)

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

    def _update_actions(self) -> None:
        selected = self.table.selectionModel().hasSelection()
        shown = self.proxy.rowCount() > 0
        self.rerun_button.setEnabled(selected)
        self.delete_button.setEnabled(selected)
        self.export_csv_button.setEnabled(shown)
        self.export_pdf_button.setEnabled(shown)

    # --- slots ---------------------------------------------------------------------------------

    @Slot()
    def _on_search_searched(self) -> None:
        self.breakdown.show_result(None)
        self._update_actions()

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
    def _on_export_csv_button_clicked(self) -> None:
        self.exporter.ask_table()
