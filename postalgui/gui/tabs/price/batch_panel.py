"""Batch quotes from a CSV file: check every row, send them in the background, export.

A row with a problem is listed and skipped, and the good rows run ("4 of 5 rows sent;
1 with a problem, line 6"): one typo does not hold a thousand rows back, and the results
keep the file's row numbers, so the clerk fixes and resends only what was left out.
The page is three components, one per task (Vorta-style): the file row reads and checks
the file (`BatchFileRow`), the run prices it with its delivery times (`BatchRunRow`), the
results view shows and exports them (`BatchResultsView`); this panel lays them out and holds the page's keys.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from postalgui.gui.tabs.price.batch_file import BatchFileRow
from postalgui.gui.tabs.price.batch_results import BATCH_COLUMNS, BatchResultsView
from postalgui.gui.tabs.price.batch_run import BatchRunRow
from postalgui.gui.widgets.message_bar import MessageArea

if TYPE_CHECKING:
    from postalgui.api.models.price import PriceQuery, QuoteResult
    from postalgui.gui.tabs.price.exporter import PdfLayout
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.services.price.batch_csv import BatchFile, RowProblem
    from postalgui.services.price.priced import PriceEvent
    from postalgui.services.price.service import PriceService, Source

__all__ = ["BATCH_COLUMNS", "BatchPanel"]


class BatchPanel(QWidget):
    """Open a batch CSV, check it, price it in the background, look at and export the results.

    Signals: ``batchFinished(int, int)`` with the number of quotes and of failed ones,
    when a run completed (not when it was cancelled or failed as a whole);
    ``deadlinesFinished()`` when the run's deadlines are all in (and in the history).
    """

    batchFinished = Signal(int, int)
    deadlinesFinished = Signal()

    TASK_KEY = BatchRunRow.TASK_KEY
    FILE_TASK_KEY = BatchFileRow.TASK_KEY
    EXPORT_TASK_KEY = BatchResultsView.EXPORT_TASK_KEY

    def __init__(self, price: PriceService, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("batchPanel")
        self.price = price
        self.runner = runner
        self.messages = MessageArea(self)
        self.file = BatchFileRow(price, runner, self.messages, self)
        self.results = BatchResultsView(price, runner, self.messages, self)
        self.runs = BatchRunRow(price, runner, self.messages, self.results.model, self)
        self.run_button = QPushButton(self.tr("&Run"), self)
        self.run_button.setToolTip(self.tr("Price every row of the file (Ctrl+Enter)"))
        self.run_button.setEnabled(False)
        self.file.add_to_row(self.run_button)
        self._name_parts()
        self._connect()
        self._build_actions()
        self._lay_out()
        self._update_actions()

    def _name_parts(self) -> None:
        """The parts' widgets under the names the page has always given them."""
        self.open_button = self.file.open_button
        self.file_label = self.file.file_label
        self.problems_label = self.file.problems.problems_label
        self.problems_list = self.file.problems.problems_list
        self.progress_bar = self.runs.progress_bar
        self.cancel_button = self.runs.cancel_button
        self.status_label = self.runs.status_label
        self.model = self.results.model
        self.proxy = self.results.proxy
        self.table = self.results.table
        self.breakdown = self.results.breakdown
        self.filter_edit = self.results.filter_edit
        self.status_combo = self.results.status_combo
        self.exporter = self.results.exporter
        self.export_csv_button = self.results.export_csv_button
        self.export_pdf_button = self.results.export_pdf_button

    def _connect(self) -> None:
        self.file.fileChosen.connect(self._on_file_file_chosen)
        self.file.readFinished.connect(self._update_actions)
        self.run_button.clicked.connect(self._on_run_button_clicked)
        self.runs.stateChanged.connect(self._update_actions)
        self.runs.batchFinished.connect(self.batchFinished)
        self.runs.deadlinesFinished.connect(self.deadlinesFinished)

    def _build_actions(self) -> None:
        """The panel's keys: Ctrl+O, Ctrl+Enter, Esc."""
        self.open_action = self._action(self.tr("Open CSV"), [QKeySequence(QKeySequence.StandardKey.Open)])
        self.open_action.triggered.connect(self._on_open_action_triggered)
        self.run_action = self._action(
            self.tr("Run batch"),
            [QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")],
        )
        self.run_action.triggered.connect(self._on_run_button_clicked)
        self.cancel_action = self._action(self.tr("Cancel batch"), [QKeySequence(Qt.Key.Key_Escape)])
        self.cancel_action.triggered.connect(self.runs.cancel)

    def _action(self, text: str, keys: list[QKeySequence]) -> QAction:
        action = QAction(text, self)
        action.setShortcuts(keys)
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.addAction(action)
        return action

    def _lay_out(self) -> None:
        layout = QVBoxLayout(self)
        layout.addWidget(self.messages)
        layout.addWidget(self.file)
        layout.addWidget(self.runs)
        layout.addWidget(self.results, 1)
        order = [
            self.open_button,
            self.run_button,
            self.problems_list,
            self.cancel_button,
            *self.results.focus_order(),
        ]
        for first, second in itertools.pairwise(order):
            self.setTabOrder(first, second)

    # --- public API ----------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.runs.running

    @property
    def reading(self) -> bool:
        return self.file.reading

    @property
    def fetching_deadlines(self) -> bool:
        return self.runs.fetching_deadlines

    @property
    def path(self) -> Path | None:
        return self.file.path

    @property
    def batch(self) -> BatchFile | None:
        return self.file.batch

    def queries(self) -> list[PriceQuery]:
        """What Run would send: the queries of the file's rows without a problem."""
        return self.file.queries()

    def load_file(self, path: Path) -> TaskHandle:
        """Read and check a batch file in the background; nothing is sent."""
        self.runs.stop()
        self.results.clear()
        self.messages.clear("batch.run")
        self.runs.clear_status()
        handle = self.file.load(Path(path))
        self._update_actions()
        return handle

    def run_queries(
        self, queries: Sequence[PriceQuery], source: Source = "history"
    ) -> TaskHandle[PriceEvent] | None:
        """Price ``queries`` that come from elsewhere (a re-run from the history) as a batch."""
        self.runs.stop()
        self.file.take_queries(queries)
        return self.run(source)

    def run(self, source: Source = "batch") -> TaskHandle[PriceEvent] | None:
        """Price the loaded file's rows in the background; ``None`` when there is nothing to send."""
        queries = self.file.queries()
        if self.running or not queries:
            return None
        self.results.clear()
        return self.runs.start(queries, source, self.file.indices(), self.file.skipped_lines())

    def cancel(self) -> None:
        """Stop sending; what already arrived stays in the table."""
        self.runs.cancel()

    def results_to_export(self) -> list[QuoteResult]:
        """The results the filter shows, in line order."""
        return self.results.results_to_export()

    def export_csv(self, path: Path) -> TaskHandle:
        return self.results.export_csv(path)

    def export_pdf(self, path: Path, layout: PdfLayout = "per_quote") -> TaskHandle:
        return self.results.export_pdf(path, layout)

    def summary_text(self) -> str:
        return self.runs.summary_text()

    def problem_texts(self) -> list[str]:
        return self.file.problems.texts()

    def problem_text(self, problem: RowProblem) -> str:
        """``Line 3, column Peso (g): Weight must be a whole number of grams (got 'abc')``."""
        return self.file.problems.problem_text(problem)

    # --- state ---------------------------------------------------------------------------------

    @Slot()
    def _update_actions(self) -> None:
        running = self.running
        can_run = bool(self.file.queries()) and not running and not self.reading
        self.open_button.setEnabled(not running)
        self.open_action.setEnabled(not running)
        self.run_button.setEnabled(can_run)
        self.run_action.setEnabled(can_run)
        self.cancel_action.setEnabled(self.runs.cancellable)
        self.results.set_exportable(self.model.rowCount() > 0 and not running)

    # --- slots ---------------------------------------------------------------------------------

    @Slot()
    def _on_open_action_triggered(self) -> None:
        if not self.running:
            self.file.ask_file()

    @Slot(Path)
    def _on_file_file_chosen(self, path: Path) -> None:
        self.load_file(path)

    @Slot()
    def _on_run_button_clicked(self) -> None:
        self.run()
