"""The Batch page's file row: open a batch CSV, read and check it in the background.

One component for one task (``price.batch.file``): nothing is sent from here. A row
with a problem is skipped and the others are what Run sends, each at its row's number;
the problems are listed by `BatchProblemsView` (row and line), the file's own failures
(no product column, unreadable) in the page's message area.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from postalgui.gui.messages import arg, describe_error
from postalgui.gui.tabs.price.batch_problems import BatchProblemsView, rows_text
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.price import use_cases as pricing

if TYPE_CHECKING:
    from postalgui.api.models.price import PriceQuery
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.price.batch_csv import BatchFile
    from postalgui.services.price.service import PriceService
from postalgui.services.price.batch_csv import BatchFileError

__all__ = ["BatchFileRow"]

FILE_MESSAGES = ("batch.file", "batch.columns", "batch.declared")
"""The message keys that speak of the file read last."""


class BatchFileRow(QWidget):
    """Open CSV, what the file holds, its problems.

    Signals: ``fileChosen(Path)`` with the `Path` the user picked in the dialog;
    ``readFinished()`` when a read ended (what Run may send changed).
    """

    fileChosen = Signal(Path)
    readFinished = Signal()

    TASK_KEY = "price.batch.file"

    def __init__(
        self, price: PriceService, runner: TaskRunner, messages: MessageArea, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.price = price
        self.runner = runner
        self.messages = messages
        self.path: Path | None = None
        self.batch: BatchFile | None = None
        self._queries: list[PriceQuery] = []
        self._indices: list[int] | None = None  # the rows' numbers less one; None: 0, 1, 2...
        self._skipped: list[int] = []  # the lines of the rows with a problem
        self._handle: TaskHandle | None = None

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
        self.problems = BatchProblemsView(self)
        self._row = QHBoxLayout()
        self._row.addWidget(self.open_button, 0, Qt.AlignmentFlag.AlignTop)
        self._row.addWidget(self.file_label, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._row)
        layout.addWidget(self.problems)

    def add_to_row(self, widget: QWidget) -> None:
        """A button at the end of the file's row (the page's Run)."""
        self._row.addWidget(widget, 0, Qt.AlignmentFlag.AlignTop)

    @property
    def reading(self) -> bool:
        return self._handle is not None

    def queries(self) -> list[PriceQuery]:
        """What Run would send: the queries of the file's rows without a problem."""
        return list(self._queries)

    def indices(self) -> list[int] | None:
        """The result index of each query (its row's number less one), ``None`` for 0, 1, 2..."""
        return None if self._indices is None else list(self._indices)

    def skipped_lines(self) -> list[int]:
        """The file's lines of the rows that have a problem and are not sent."""
        return list(self._skipped)

    def load(self, path: Path) -> TaskHandle:
        """Read and check a batch file in the background; nothing is sent."""
        self._forget(Path(path))
        self.file_label.setText(arg(self.tr("Reading %1…"), self.path.name if self.path else ""))
        self._handle = self.runner.run(
            pricing.read_batch_file,
            self.price,
            Path(path),
            self.price.batch_defaults(),
            name="read batch file",
            key=self.TASK_KEY,
            on_result=self._on_read_task_result,
            on_error=self._on_read_task_error,
            on_finished=self._on_read_task_finished,
        )
        return self._handle

    def take_queries(self, queries: Sequence[PriceQuery]) -> None:
        """Queries that come from elsewhere (a re-run from the history) in place of a file."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self._forget(None)
        self._queries = list(queries)
        self.file_label.setText(self.tr("%n quote(s) from the history", "", len(self._queries)))

    def _forget(self, path: Path | None) -> None:
        self.path = path
        self.batch = None
        self._queries = []
        self._indices = None
        self._skipped = []
        self.problems.show_problems([])
        for key in FILE_MESSAGES:
            self.messages.clear(key)

    @Slot(object)
    def _on_read_task_result(self, batch: BatchFile) -> None:
        self.batch = batch
        name = self.path.name if self.path is not None else ""
        self.problems.show_problems(batch.problems)
        self._queries = batch.queries
        self._indices = batch.indices
        self._skipped = batch.skipped_lines
        if self._skipped:
            text = rows_text(len(self._queries), self._skipped, done=False)
        else:
            text = self.tr("%n row(s) to send", "", len(self._queries))
        self.file_label.setText(arg(self.tr("%1: %2"), name, text))
        if batch.ignored_columns:
            self.messages.show_message(
                arg(
                    self.tr("These columns were not understood and are ignored: %1"),
                    ", ".join(batch.ignored_columns),
                ),
                MessageKind.WARNING,
                key="batch.columns",
            )
        self._show_added_services(batch.added_services)

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
    def _on_read_task_error(self, error: BaseException) -> None:
        """The file can no longer be sent, and the message names the file's own problem."""
        self.batch = None
        self._queries = []
        self._indices = None
        self._skipped = []
        name = self.path.name if self.path is not None else ""
        self.file_label.setText(arg(self.tr("%1 could not be used."), name))
        self.messages.show_message(self._file_error_text(error), MessageKind.ERROR, key="batch.file")

    @Slot(bool)
    def _on_read_task_finished(self, cancelled: bool) -> None:
        del cancelled
        self._handle = None
        self.readFinished.emit()

    def _file_error_text(self, error: BaseException) -> str:

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

    @Slot()
    def _on_open_button_clicked(self) -> None:
        self.ask_file()

    def ask_file(self) -> None:
        """The Open dialog, in the folder of the file read last; `fileChosen` with the answer."""
        folder = str(self.path.parent) if self.path is not None else str(Path.home())
        chosen, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Open batch file"),
            folder,
            self.tr("CSV files (*.csv *.txt);;All files (*)"),
        )
        if chosen:
            self.fileChosen.emit(Path(chosen))
