"""Batch quotes from a CSV file: check every row, send them in the background, export.

Nothing is sent while a single row has a problem: the clerk fixes the file and opens it
again, so a batch never goes half right. Results stream in from a worker thread one by
one; they are buffered and put into the table in blocks every ~100 ms, so the window
stays responsive with a thousand rows arriving.
"""

from __future__ import annotations

import itertools
import re
import time
import uuid
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import (
    QCoreApplication,
    QLocale,
    QModelIndex,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QProgressBar,
    QPushButton,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.values import InvalidValue
from postalgui.api.values.errors import MESSAGES
from postalgui.gui.messages import arg, describe_error, rule_message
from postalgui.gui.tabs.price.breakdown_view import BreakdownView
from postalgui.gui.tabs.price.exporter import PdfLayout, ResultsExporter
from postalgui.gui.tabs.price.results_model import (
    DEADLINE_COLUMNS,
    Column,
    QuoteFilterProxy,
    QuoteResultsModel,
)
from postalgui.gui.tasks import Progress, TaskHandle, TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.window_state import RememberedSplitter
from postalgui.services.context import AppContext
from postalgui.services.price import use_cases as pricing
from postalgui.services.price.service import Source

if TYPE_CHECKING:
    from postalgui.api.models.price import PriceQuery, QuoteResult
    from postalgui.services.price.batch_csv import BatchFile, RowProblem
    from postalgui.services.price.deadlines import DeadlineOutcome

BATCH_COLUMNS: tuple[Column, ...] = (
    Column.LINE,
    Column.PRODUCT,
    Column.DESTINATION,
    Column.WEIGHT,
    Column.FINAL,
    Column.ERROR,  # beside the price: a failed row says why without scrolling sideways
    Column.CHARGED_WEIGHT,
    Column.CUBIC,
    Column.SERVICES,
    *DEADLINE_COLUMNS,  # filled after the prices, a window at a time
)
FLUSH_INTERVAL_MS = 50
FLUSH_BACKLOG_MS = 15
MAX_ROWS_PER_FLUSH = 50  # about 5 ms of work: leaves the window free between blocks


def _number(value: int) -> str:
    return QLocale().toString(value)


# --- the panel ---------------------------------------------------------------------------------


class BatchPanel(QWidget):
    """Open a batch CSV, check it, price it in the background, look at and export the results.

    Signals: ``batchFinished(int, int)`` with the number of quotes and of failed ones,
    when a run completed (not when it was cancelled or failed as a whole);
    ``deadlinesFinished()`` when the run's deadlines are all in (and in the history).
    """

    batchFinished = Signal(int, int)
    deadlinesFinished = Signal()

    TASK_KEY = "price.batch"
    FILE_TASK_KEY = "price.batch.file"
    EXPORT_TASK_KEY = "price.batch.export"
    DEADLINE_TASK_KEY = "price.batch.deadlines"

    def __init__(self, context: AppContext, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("batchPanel")
        self.context = context
        self.runner = runner
        self.path: Path | None = None
        self.batch: BatchFile | None = None
        self._queries: list[PriceQuery] = []
        self._file_handle: TaskHandle | None = None
        self._handle: TaskHandle | None = None
        self._deadline_handle: TaskHandle | None = None
        self._run: str | None = None
        self._buffer: list[QuoteResult] = []
        self._seen: set[int] = set()
        self._received = 0
        self._total = 0
        self._started = 0.0
        self._elapsed = 0.0
        self._task_done = False
        self._task_cancelled = False
        self._task_failed = False

        self._build_file_row()
        self._build_progress_row()
        self._build_filter_row()
        self._build_results()
        self._build_actions()
        self._lay_out()
        self._update_actions()

    def _build_file_row(self) -> None:
        """Messages, the file to open, its problems, Run."""
        self.messages = MessageArea(self)

        self.open_button = QPushButton(self.tr("&Open CSV…"), self)
        self.open_button.setToolTip(self.tr("Open a batch file (Ctrl+O)"))
        self.open_button.clicked.connect(self._on_open_button_clicked)
        self.file_label = QLabel(
            self.tr(
                "Open a CSV file with one product to price per row. Column titles are the "
                "operator's parameter names (coProduto, cepOrigem, cepDestino, psObjeto…) "
                "or their Portuguese titles (Produto, CEP de origem, Peso (g)…)."
            ),
            self,
        )
        self.file_label.setWordWrap(True)
        self.file_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.run_button = QPushButton(self.tr("&Run"), self)
        self.run_button.setToolTip(self.tr("Price every row of the file (Ctrl+Enter)"))
        self.run_button.setEnabled(False)
        self.run_button.clicked.connect(self._on_run_button_clicked)

        self.problems_label = QLabel(self)
        self.problems_label.setWordWrap(True)
        self.problems_list = QListWidget(self)
        self.problems_list.setAccessibleName(self.tr("Problems in the file"))
        self.problems_list.setMaximumHeight(140)
        self.problems_label.hide()
        self.problems_list.hide()

    def _build_progress_row(self) -> None:
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setFormat(self.tr("%v of %m"))
        self.progress_bar.setAccessibleName(self.tr("Batch progress"))
        self.cancel_button = QPushButton(self.tr("&Cancel"), self)
        self.cancel_button.setToolTip(self.tr("Stop sending the batch (Esc)"))
        self.cancel_button.clicked.connect(self._on_cancel_button_clicked)
        self.status_label = QLabel(self)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.progress_bar.hide()
        self.cancel_button.hide()

    def _build_filter_row(self) -> None:
        """The results model, its filter and status choice, and the exports."""
        self.model = QuoteResultsModel(BATCH_COLUMNS, self)
        self.proxy = QuoteFilterProxy(self)
        self.proxy.setSourceModel(self.model)

        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText(self.tr("Filter by product, destination or error"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self._on_filter_edit_text_changed)
        self._filter_label = QLabel(self.tr("F&ilter:"), self)
        self._filter_label.setBuddy(self.filter_edit)
        self.status_combo = QComboBox(self)
        self.status_combo.addItem(self.tr("All quotes"), "all")
        self.status_combo.addItem(self.tr("Quoted"), "ok")
        self.status_combo.addItem(self.tr("Failed"), "failed")
        self.status_combo.currentIndexChanged.connect(self._on_status_combo_current_index_changed)
        self._show_label = QLabel(self.tr("Sho&w:"), self)
        self._show_label.setBuddy(self.status_combo)

        self.exporter = ResultsExporter(
            self.context.price,
            self.runner,
            self.messages,
            self.EXPORT_TASK_KEY,
            self.results_to_export,
            self,
            deadlines=self.model.deadlines,
        )
        self.export_csv_button = QPushButton(self.tr("Export &spreadsheet…"), self)
        self.export_csv_button.setToolTip(self.tr("The results shown, as an Excel workbook (.xlsx) or CSV"))
        self.export_csv_button.clicked.connect(self._on_export_csv_button_clicked)
        self.export_pdf_button = QToolButton(self)
        self.export_pdf_button.setText(self.tr("Export &PDF…"))
        self.export_pdf_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.export_pdf_button.setMenu(self.exporter.pdf_menu(self.export_pdf_button))
        self.export_pdf_button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def _build_results(self) -> None:
        """The results table beside the selected quote's breakdown."""
        self.table = QTableView(self)
        self.table.setObjectName("batchResults")
        self.table.setModel(self.proxy)
        self.table.setAccessibleName(self.tr("Batch results"))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        vertical = self.table.verticalHeader()
        vertical.hide()
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # no per-row measuring
        vertical.setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        self._size_columns()
        self.table.selectionModel().currentRowChanged.connect(self._on_table_current_row_changed)
        self.breakdown = BreakdownView(self)
        self.splitter = RememberedSplitter("price.batch", Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(self.breakdown)
        self.splitter.setStretchFactor(0, 2)  # the table first: its price and error columns in sight
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)

    def _build_actions(self) -> None:
        """The flush timer and the panel's keys: Ctrl+O, Ctrl+Enter, Esc."""
        self._flush_timer = QTimer(self)
        self._flush_timer.setInterval(FLUSH_INTERVAL_MS)
        self._flush_timer.timeout.connect(self._on_flush_timer_timeout)

        self.open_action = self._action(self.tr("Open CSV"), [QKeySequence(QKeySequence.StandardKey.Open)])
        self.open_action.triggered.connect(self._on_open_button_clicked)
        self.run_action = self._action(
            self.tr("Run batch"),
            [QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")],
        )
        self.run_action.triggered.connect(self._on_run_button_clicked)
        self.cancel_action = self._action(self.tr("Cancel batch"), [QKeySequence(Qt.Key.Key_Escape)])
        self.cancel_action.triggered.connect(self._on_cancel_button_clicked)

    def _lay_out(self) -> None:
        file_row = QHBoxLayout()
        file_row.addWidget(self.open_button, 0, Qt.AlignmentFlag.AlignTop)
        file_row.addWidget(self.file_label, 1)
        file_row.addWidget(self.run_button, 0, Qt.AlignmentFlag.AlignTop)
        progress_row = QHBoxLayout()
        progress_row.addWidget(self.progress_bar, 1)
        progress_row.addWidget(self.cancel_button)
        progress_row.addWidget(self.status_label, 1)
        filter_row = QHBoxLayout()
        filter_row.addWidget(self._filter_label)
        filter_row.addWidget(self.filter_edit, 2)
        filter_row.addWidget(self._show_label)
        filter_row.addWidget(self.status_combo)
        filter_row.addStretch(1)
        filter_row.addWidget(self.export_csv_button)
        filter_row.addWidget(self.export_pdf_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.messages)
        layout.addLayout(file_row)
        layout.addWidget(self.problems_label)
        layout.addWidget(self.problems_list)
        layout.addLayout(progress_row)
        layout.addLayout(filter_row)
        layout.addWidget(self.splitter, 1)
        order = [
            self.open_button,
            self.run_button,
            self.problems_list,
            self.cancel_button,
            self.filter_edit,
            self.status_combo,
            self.export_csv_button,
            self.export_pdf_button,
            self.table,
            self.breakdown,
        ]
        for first, second in itertools.pairwise(order):
            self.setTabOrder(first, second)

    def _action(self, text: str, keys: list[QKeySequence]) -> QAction:
        action = QAction(text, self)
        action.setShortcuts(keys)
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.addAction(action)
        return action

    def _size_columns(self) -> None:
        """Fixed starting widths: measuring 1,000 rows on every insert would stall the GUI."""
        widths = {
            Column.LINE: 6,
            Column.PRODUCT: 18,
            Column.DESTINATION: 11,
            Column.WEIGHT: 10,
            Column.FINAL: 12,
            Column.CHARGED_WEIGHT: 13,
            Column.CUBIC: 7,
            Column.SERVICES: 11,
        }
        char = self.fontMetrics().horizontalAdvance("0")
        for column, chars in widths.items():
            position = self.model.column_of(column)
            if position is not None:
                self.table.setColumnWidth(position, chars * char + 16)

    # --- public API ----------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._handle is not None

    def queries(self) -> list[PriceQuery]:
        """What Run would send: the file's queries, or nothing while a row has a problem."""
        return list(self._queries)

    def load_file(self, path: Path) -> TaskHandle:
        """Read and check a batch file in the background; nothing is sent."""
        self._abandon_run()
        path = Path(path)
        self.path = path
        self.batch = None
        self._queries = []
        self.model.clear()
        self._show_problems([])
        self.messages.clear("batch.file")
        self.messages.clear("batch.columns")
        self.messages.clear("batch.declared")
        self.messages.clear("batch.run")
        self.status_label.clear()
        self.file_label.setText(arg(self.tr("Reading %1…"), path.name))
        self._file_handle = self.runner.run(
            pricing.read_batch_file,
            self.context.price,
            path,
            self.context.price.batch_defaults(),
            name="read batch file",
            key=self.FILE_TASK_KEY,
            on_result=self._on_file_task_result,
            on_error=self._on_file_task_error,
            on_finished=self._on_file_task_finished,
        )
        self._update_actions()
        return self._file_handle

    def run_queries(self, queries: Sequence[PriceQuery], source: Source = "history") -> TaskHandle | None:
        """Price ``queries`` that come from elsewhere (a re-run from the history) as a batch."""
        self._abandon_run()
        if self._file_handle is not None:
            self._file_handle.cancel()
            self._file_handle = None
        self.path = None
        self.batch = None
        self._queries = list(queries)
        self._show_problems([])
        self.messages.clear("batch.file")
        self.messages.clear("batch.columns")
        self.messages.clear("batch.declared")
        self.file_label.setText(self.tr("%n quote(s) from the history", "", len(self._queries)))
        return self.run(source)

    def run(self, source: Source = "batch") -> TaskHandle | None:
        """Price the loaded file's rows in the background; ``None`` when there is nothing to send."""
        if self.running or not self._queries:
            return None
        self._stop_deadlines()
        self.model.clear()
        self.breakdown.show_result(None)
        self.messages.clear("batch.run")
        self._buffer = []
        self._seen = set()
        self._received = 0
        self._total = len(self._queries)
        self._task_done = False
        self._task_cancelled = False
        self._task_failed = False
        self._started = time.monotonic()
        self.progress_bar.setRange(0, self._total)
        self.progress_bar.setValue(0)
        self.progress_bar.show()
        self.cancel_button.show()
        self.cancel_button.setEnabled(True)
        self.status_label.setText(self.tr("Sending…"))
        self._run = uuid.uuid4().hex  # the history keeps the prices and their deadlines under it
        self._handle = self.runner.run(
            pricing.quote_checked,  # a re-run from the history meets the declared-value rule too
            self.context.price,
            list(self._queries),
            source,
            self._run,
            name="price batch",
            key=self.TASK_KEY,
            on_result=self._on_batch_task_result,
            on_error=self._on_batch_task_error,
            on_progress=self._on_batch_task_progress,
            on_finished=self._on_batch_task_finished,
        )
        self._flush_timer.setInterval(FLUSH_INTERVAL_MS)
        self._flush_timer.start()
        self._update_actions()
        return self._handle

    def _abandon_run(self) -> None:
        """Drop a running batch without a word: something else replaces it."""
        self._stop_deadlines()
        if self._handle is None:
            return
        self._handle.cancel()  # the runner drops its callbacks; what was priced is in the history
        self._handle = None
        self._buffer = []
        self._flush_timer.stop()
        self.progress_bar.hide()
        self.cancel_button.hide()

    def cancel(self) -> None:
        """Stop sending; what already arrived stays in the table."""
        if self._handle is None or self._handle.cancelled:
            return
        self._handle.cancel()
        self.cancel_button.setEnabled(False)
        self.status_label.setText(self.tr("Cancelling…"))
        self._update_actions()

    def results_to_export(self) -> list[QuoteResult]:
        """The results the filter shows, in line order."""
        rows = (
            self.proxy.mapToSource(self.proxy.index(row, 0)).row() for row in range(self.proxy.rowCount())
        )
        return sorted((self.model.result(row) for row in rows), key=lambda result: result.index)

    def export_csv(self, path: Path) -> TaskHandle:
        return self.exporter.export_csv(path, self.results_to_export())

    def export_pdf(self, path: Path, layout: PdfLayout = "per_quote") -> TaskHandle:
        return self.exporter.export_pdf(path, self.results_to_export(), layout)

    def summary_text(self) -> str:
        return self.status_label.text()

    def problem_texts(self) -> list[str]:
        return [self.problems_list.item(row).text() for row in range(self.problems_list.count())]

    # --- the file ------------------------------------------------------------------------------

    @Slot(object)
    def _on_file_task_result(self, batch: object) -> None:
        self.batch = cast("BatchFile", batch)
        name = self.path.name if self.path is not None else ""
        problems = self.batch.problems
        self._show_problems(problems)
        if problems:
            self._queries = []
            rows_text = self.tr("%n row(s) in the file", "", len(self.batch.rows))
            self.file_label.setText(arg(self.tr("%1: %2"), name, rows_text))
        else:
            self._queries = self.batch.queries
            rows_text = self.tr("%n row(s) to send", "", len(self._queries))
            self.file_label.setText(arg(self.tr("%1: %2"), name, rows_text))
        if self.batch.ignored_columns:
            self.messages.show_message(
                arg(
                    self.tr("These columns were not understood and are ignored: %1"),
                    ", ".join(self.batch.ignored_columns),
                ),
                MessageKind.WARNING,
                key="batch.columns",
            )
        if not problems:
            self._show_added_services(self.batch.added_services)

    def _show_added_services(self, added: Mapping[str, str]) -> None:
        """Say which declared-value service each product's valued rows got (the Quote page's rule)."""
        if not added:
            return
        pairs = ", ".join(arg(self.tr("%1: %2"), product, code) for product, code in sorted(added.items()))
        self.messages.show_message(
            arg(
                self.tr("Declared values are priced with each product's own declared-value service: %1"),
                pairs,
            ),
            MessageKind.INFO,
            key="batch.declared",
        )

    @Slot(object)
    def _on_file_task_error(self, error: object) -> None:
        if not isinstance(error, BaseException):
            return
        self.batch = None
        self._queries = []
        name = self.path.name if self.path is not None else ""
        self.file_label.setText(arg(self.tr("%1 could not be used."), name))
        self.messages.show_message(self._file_error_text(error), MessageKind.ERROR, key="batch.file")

    @Slot(bool)
    def _on_file_task_finished(self, cancelled: bool) -> None:
        self._file_handle = None
        self._update_actions()

    def _file_error_text(self, error: BaseException) -> str:
        from postalgui.services.price.batch_csv import BatchFileError

        if isinstance(error, BatchFileError):
            if error.rule == "csv.empty":
                return self.tr("The file is empty.")
            if error.rule == "csv.no_rows":
                return self.tr("The file has a header but no data rows.")
            if error.rule == "csv.no_product_column":
                return self.tr("No product column: the header needs coProduto (or Produto).")
            if error.rule == "csv.duplicate_column":
                given = error.params.get("columns")
                columns = [str(column) for column in given] if isinstance(given, tuple | list) else []
                first, second = [*columns, "", ""][:2]
                return arg(
                    self.tr("Columns '%1' and '%2' both mean %3; keep one."),
                    first,
                    second,
                    error.params.get("field", ""),
                )
            return str(error)
        if isinstance(error, OSError):
            name = self.path.name if self.path is not None else ""
            return arg(self.tr("Could not read %1: %2"), name, error.strerror or str(error))
        return describe_error(error)

    def _show_problems(self, problems: Sequence[RowProblem]) -> None:
        self.problems_list.clear()
        if not problems:
            self.problems_label.hide()
            self.problems_list.hide()
            return
        self.problems_list.addItems([self.problem_text(problem) for problem in problems])
        rows = len({problem.line for problem in problems})
        self.problems_label.setText(
            self.tr(
                "%n row(s) have problems. Nothing is sent until the file is fixed and opened again.",
                "",
                rows,
            )
        )
        self.problems_label.show()
        self.problems_list.show()

    def problem_text(self, problem: RowProblem) -> str:
        """``Line 3, column Peso (g): Weight must be a whole number of grams (got 'abc')``."""
        text = self._problem_reason(problem)
        if problem.column:
            return arg(self.tr("Line %1, column %2: %3"), problem.line, problem.column, text)
        return arg(self.tr("Line %1: %2"), problem.line, text)

    def _problem_reason(self, problem: RowProblem) -> str:
        if problem.rule == "price.required":
            return self.tr("Required for pricing")
        if problem.rule == "csv.extra_cells":
            return self.tr("The row has more cells than the header (check the delimiter and quotes).")
        refusal = self._refusal_reason(problem)
        if refusal is not None:
            return refusal
        error = _invalid_value(problem)
        if error is None:
            return problem.message
        translated = rule_message(error)
        # A rule the GUI has no translation for comes back as a generic sentence; the
        # English message names the problem better then.
        return problem.message if translated == _generic(error.value) else translated

    def _refusal_reason(self, problem: RowProblem) -> str | None:
        """The declared-value rule's refusals (`service_choice.Refusal`), translated."""
        from decimal import Decimal

        from postalgui.api.values import format_brl

        params = problem.params
        product = str(params.get("product", ""))
        if problem.rule == "no_declared_value":
            return arg(
                self.tr("Product %1 has no declared-value service, so the declared value cannot be priced."),
                product,
            )
        if problem.rule == "service_not_offered":
            return arg(
                self.tr("Product %1 does not offer additional service %2."),
                product,
                params.get("service", ""),
            )
        if problem.rule == "declared_out_of_limits":
            value, low, high = (params.get(name) for name in ("value", "low", "high"))
            if isinstance(value, Decimal) and isinstance(low, Decimal) and isinstance(high, Decimal):
                return arg(
                    self.tr("Declared value %1 is outside the limits of product %2 (%3 to %4)."),
                    format_brl(value),
                    product,
                    format_brl(low),
                    format_brl(high),
                )
            return problem.message
        return None

    # --- the run -------------------------------------------------------------------------------

    @Slot(object)
    def _on_batch_task_progress(self, progress: Progress) -> None:
        if progress.payload is None:
            return
        result = cast("QuoteResult", progress.payload)  # quote_batch reports each settled item
        # Called once per item: only keep it here; the timer puts blocks into the table.
        self._buffer.append(result)
        self._seen.add(result.index)

    @Slot(object)
    def _on_batch_task_result(self, results: object) -> None:
        self._elapsed = time.monotonic() - self._started
        ordered = cast("list[QuoteResult]", results)
        self._buffer.extend(result for result in ordered if result.index not in self._seen)
        self._seen.update(result.index for result in ordered)

    @Slot(object)
    def _on_batch_task_error(self, error: object) -> None:
        if not isinstance(error, BaseException):
            return
        self._elapsed = time.monotonic() - self._started
        self._task_failed = True
        self.messages.show_message(
            arg(self.tr("The batch stopped: %1"), describe_error(error)), MessageKind.ERROR, key="batch.run"
        )

    @Slot(bool)
    def _on_batch_task_finished(self, cancelled: bool) -> None:
        self._task_done = True
        self._task_cancelled = cancelled
        self._flush_timer.setInterval(FLUSH_BACKLOG_MS)  # drain what is left, then wrap up

    @Slot()
    def _on_flush_timer_timeout(self) -> None:
        self._flush()
        if self._buffer:
            self._flush_timer.setInterval(FLUSH_BACKLOG_MS)
            return
        handle = self._handle
        if handle is None:
            self._flush_timer.stop()
            return
        if self._task_done:
            self._finish(cancelled=self._task_cancelled)
        else:
            self._flush_timer.setInterval(FLUSH_INTERVAL_MS)

    def _flush(self) -> None:
        if not self._buffer:
            return
        block = self._buffer[:MAX_ROWS_PER_FLUSH]
        del self._buffer[:MAX_ROWS_PER_FLUSH]
        self.model.append_results(block)
        self._received += len(block)
        self.progress_bar.setValue(min(self._received, self._total))

    def _finish(self, *, cancelled: bool) -> None:
        self._flush_timer.stop()
        self._handle = None
        self.progress_bar.hide()
        self.cancel_button.hide()
        count = self.model.rowCount()
        failed = self.model.failed_count()
        if cancelled:
            self.status_label.setText(
                arg(self.tr("Cancelled after %1 of %2"), _number(count), _number(self._total))
            )
        elif self._task_failed:
            self.status_label.setText(
                arg(self.tr("Stopped after %1 of %2"), _number(count), _number(self._total))
            )
        else:
            quoted = self.tr("%Ln quoted", "", count)
            failures = self.tr("%Ln failed", "", failed)
            seconds = QLocale().toString(self._elapsed, "f", 1)
            self.status_label.setText(arg(self.tr("%1, %2 in %3 s"), quoted, failures, seconds))
        self._update_actions()
        self._start_deadlines()
        if not cancelled and not self._task_failed:
            self.batchFinished.emit(count, failed)

    # --- deadlines -----------------------------------------------------------------------------

    @property
    def fetching_deadlines(self) -> bool:
        return self._deadline_handle is not None

    def _start_deadlines(self) -> None:
        """The deadlines of the priced rows in their own task, after the prices (never
        delaying them), a window at a time: a large batch fills its columns as they come."""
        from postalgui.services.price.deadlines import deadlines_in_windows

        self._stop_deadlines()
        results = sorted(self.model.results(), key=lambda result: result.index)
        if not results:
            return
        self._deadline_handle = self.runner.run(
            deadlines_in_windows,
            self.context.price,
            [result.query for result in results],
            [result.index for result in results],
            self._run,
            name="price batch deadlines",
            key=self.DEADLINE_TASK_KEY,
            on_progress=self._on_deadline_task_progress,
            on_error=self._on_deadline_task_error,
            on_finished=self._on_deadline_task_finished,
        )

    def _stop_deadlines(self) -> None:
        if self._deadline_handle is not None:
            self._deadline_handle.cancel()
            self._deadline_handle = None
        self.messages.clear("batch.deadlines")

    @Slot(object)
    def _on_deadline_task_progress(self, progress: Progress) -> None:
        outcomes = cast("list[DeadlineOutcome]", progress.payload or [])
        self.model.set_deadlines(outcomes)
        if any(outcome.reason == "not_enabled" for outcome in outcomes):
            self.messages.show_message(
                self.tr("Delivery time is not enabled for this card: prices are shown without deadlines."),
                MessageKind.INFO,
                key="batch.deadlines",
            )

    @Slot(object)
    def _on_deadline_task_error(self, error: BaseException) -> None:
        text = arg(self.tr("Delivery times could not be read: %1"), describe_error(error))
        self.messages.show_message(text, MessageKind.WARNING, key="batch.deadlines")

    @Slot(bool)
    def _on_deadline_task_finished(self, cancelled: bool) -> None:
        self._deadline_handle = None
        if not cancelled:
            self.deadlinesFinished.emit()

    # --- state ---------------------------------------------------------------------------------

    def _update_actions(self) -> None:
        running = self.running
        reading = self._file_handle is not None
        can_run = bool(self._queries) and not running and not reading
        self.open_button.setEnabled(not running)
        self.open_action.setEnabled(not running)
        self.run_button.setEnabled(can_run)
        self.run_action.setEnabled(can_run)
        self.cancel_action.setEnabled(running and self._handle is not None and not self._handle.cancelled)
        has_results = self.model.rowCount() > 0 and not running
        self.export_csv_button.setEnabled(has_results)
        self.export_pdf_button.setEnabled(has_results)

    # --- widget slots --------------------------------------------------------------------------

    @Slot()
    def _on_open_button_clicked(self) -> None:
        if self.running:
            return
        folder = str(self.path.parent) if self.path is not None else str(Path.home())
        chosen, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Open batch file"),
            folder,
            self.tr("CSV files (*.csv *.txt);;All files (*)"),
        )
        if chosen:
            self.load_file(Path(chosen))

    @Slot()
    def _on_run_button_clicked(self) -> None:
        self.run()

    @Slot()
    def _on_cancel_button_clicked(self) -> None:
        self.cancel()

    @Slot()
    def _on_export_csv_button_clicked(self) -> None:
        self.exporter.ask_table()

    @Slot(str)
    def _on_filter_edit_text_changed(self, text: str) -> None:
        self.proxy.set_text(text)

    @Slot(int)
    def _on_status_combo_current_index_changed(self, index: int) -> None:
        self.proxy.set_status(str(self.status_combo.itemData(index)))

    @Slot(QModelIndex, QModelIndex)
    def _on_table_current_row_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        del previous
        index = current
        if not index.isValid():
            self.breakdown.show_result(None)
            return
        source = self.proxy.mapToSource(index)
        self.breakdown.show_result(self.model.result(source.row()))


def _generic(value: str) -> str:
    """messages.rule_message's sentence for a rule it does not know."""
    return arg(QCoreApplication.translate("messages", "Invalid value: '%1'"), value)


def _invalid_value(problem: RowProblem) -> InvalidValue | None:
    """The `InvalidValue` behind a problem, rebuilt from its English message, if it can be.

    `RowProblem` keeps the rule and the English text, not the offending value; the
    value is read back from the text through the rule's own template.
    """
    if not problem.rule:
        return None
    template = MESSAGES.get(problem.rule)
    if template is None:
        return None
    pattern = re.escape(template)
    names: list[str] = []

    def group(match: re.Match[str]) -> str:
        name = match[1]
        if name in names:
            return f"(?P={name})"
        names.append(name)
        return f"(?P<{name}>.*?)"

    pattern = re.sub(r"\\\{(\w+)\\\}", group, pattern)
    found = re.fullmatch(pattern, problem.message, flags=re.DOTALL)
    if found is None:
        return None
    params = found.groupdict()
    value = params.pop("value", "")
    return InvalidValue(problem.rule, value, **params)
