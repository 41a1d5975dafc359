"""`AddressImportDialog`: a CSV or .xlsx file's addresses previewed, then the good ones imported.

Opening it reads the file and completes the rows whose street, district, city and state
are empty from their CEP (a task with its progress and Cancel: `preview_addresses`);
each problem is listed with its row and column and the rule in the UI language (an
unknown CEP in the operator's words). Import saves the rows without problems (a task,
one transaction); the rest stay in the file for the clerk to correct.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.messages import arg, describe_error
from postalgui.gui.widgets.task_progress import task_progress
from postalgui.services.shipping.address_import import (
    AddressFile,
    AddressProblem,
    AddressRow,
    import_addresses,
)
from postalgui.services.shipping.address_tasks import preview_addresses
from postalgui.services.shipping.addresses import AddressKind

if TYPE_CHECKING:
    from postalgui.api.cancel import Progress
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import RunOptions, TaskHandle
    from postalgui.services.shipping.service import ShippingService

__all__ = ["AddressImportDialog", "problem_text"]

TASK_KEY = "shipping.addresses.import"


def problem_text(problem: AddressProblem) -> str:
    """The problem in the UI language: a rule's words, else the operator's as sent."""
    return describe_error(problem.error) if problem.error is not None else problem.message


class AddressImportDialog(QDialog):
    """The preview of ``path``'s rows as addresses of ``kind``; `imported` after Import.

    Signals: ``previewed(int)`` with the number of good rows, each time the preview ends.
    """

    previewed = Signal(int)

    def __init__(
        self, desk: Desk[ShippingService], path: Path, kind: AddressKind, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("shippingAddressImportDialog")
        self.setWindowTitle(arg(self.tr("Import addresses from %1"), path.name))
        self.resize(760, 420)
        self.desk = desk
        self.path = path
        self.rows: list[AddressRow] = []
        self.imported = 0
        self._task: TaskHandle | None = None
        self.kind_combo = QComboBox(self)
        self.kind_combo.setObjectName("shippingImportKind")
        self.kind_combo.addItem(self.tr("Recipients"), AddressKind.RECIPIENT.value)
        self.kind_combo.addItem(self.tr("Senders"), AddressKind.SENDER.value)
        self.kind_combo.setCurrentIndex(self.kind_combo.findData(kind.value))
        self.summary = QLabel(self)
        self.summary.setObjectName("shippingImportSummary")
        self.summary.setWordWrap(True)
        self.problems = QTableWidget(0, 3, self)
        self.problems.setObjectName("shippingImportProblems")
        self.problems.setHorizontalHeaderLabels([self.tr("Row"), self.tr("Column"), self.tr("Problem")])
        self.problems.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.problems.verticalHeader().hide()
        self.problems.horizontalHeader().setStretchLastSection(True)
        progress_box = QWidget(self)
        self.progress, self.cancel_button = task_progress(
            progress_box,
            "shippingImport",
            self.tr("&Stop"),
            self.tr("Stop; nothing is saved"),
            self._cancel_task,
        )
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.import_button = self.buttons.addButton(
            self.tr("&Import"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.import_button.setObjectName("shippingImportButton")
        self.import_button.setEnabled(False)
        self.buttons.accepted.connect(self.import_good)
        self.buttons.rejected.connect(self.reject)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("The rows are:"), self))
        top.addWidget(self.kind_combo)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(self.problems, 1)
        layout.addWidget(progress_box)
        layout.addWidget(self.buttons)
        self.kind_combo.currentIndexChanged.connect(self._on_kind_combo_changed)
        self.preview()

    @property
    def kind(self) -> AddressKind:
        return AddressKind(self.kind_combo.currentData())

    @property
    def good(self) -> int:
        return sum(row.good for row in self.rows)

    def preview(self) -> TaskHandle:
        """Read and check the file again (the kind changed, or first)."""
        self.import_button.setEnabled(False)
        self.summary.setText(self.tr("Reading the file and looking its CEPs up…"))
        handle = self.desk.run(
            preview_addresses, self.path, self.kind, **self._options(self._on_preview_task_result)
        )
        return self._started(handle)

    def import_good(self) -> TaskHandle | None:
        if not self.good or self._task is not None:
            return None
        self.import_button.setEnabled(False)
        self.kind_combo.setEnabled(False)
        handle = self.desk.run(import_addresses, self.rows, **self._options(self._on_import_task_result))
        return self._started(handle)

    def _options(self, on_result: Callable[[Any], None]) -> RunOptions[Any]:
        return {
            "on_result": on_result,
            "name": "import addresses",
            "key": TASK_KEY,
            "owner": self,
            "on_error": self._on_task_error,
            "on_progress": self._on_task_progress,
            "on_finished": self._on_task_finished,
        }

    def _started(self, handle: TaskHandle) -> TaskHandle:
        self._task = handle
        self.progress.setRange(0, 0)
        self.progress.show()
        self.cancel_button.show()
        return handle

    def problem_rows(self) -> list[tuple[str, str, str]]:
        """The problems table's cells, row by row."""

        def cell(row: int, column: int) -> str:
            item = self.problems.item(row, column)
            return item.text() if item is not None else ""

        return [(cell(row, 0), cell(row, 1), cell(row, 2)) for row in range(self.problems.rowCount())]

    @Slot(object)
    def _on_preview_task_result(self, read: AddressFile) -> None:
        self.rows = rows = read.rows
        problems = [problem for row in rows for problem in row.problems]
        self.problems.setRowCount(len(problems))
        for line, problem in enumerate(problems):
            cells = (self.locale().toString(problem.row), problem.column, problem_text(problem))
            for column, text in enumerate(cells):
                self.problems.setItem(line, column, QTableWidgetItem(text))
        self.problems.resizeColumnsToContents()
        locale = self.locale()
        summary = arg(
            self.tr(
                "%Ln row(s): %1 ready to import, %2 with problems (listed below; not imported).",
                "",
                len(rows),
            ),
            locale.toString(self.good),
            locale.toString(len(rows) - self.good),
        )
        if read.ignored:
            ignored = arg(self.tr("Columns not read (not known): %1."), ", ".join(read.ignored))
            summary = f"{summary}\n{ignored}"
        self.summary.setText(summary)
        self.import_button.setText(arg(self.tr("&Import %1"), locale.toString(self.good)))
        self.previewed.emit(self.good)  # the button is enabled once the task has finished (import_good waits)

    @Slot(object)
    def _on_import_task_result(self, saved: int) -> None:
        self.imported = saved
        self.accept()

    @Slot(object)
    def _on_task_error(self, error: BaseException) -> None:
        self.summary.setText(describe_error(error))

    @Slot(object)
    def _on_task_progress(self, progress: Progress) -> None:
        if progress.total:
            self.progress.setRange(0, progress.total)
            self.progress.setValue(progress.done)
            self.progress.setFormat(arg(self.tr("%1 of %2"), progress.done, progress.total))

    @Slot(bool)
    def _on_task_finished(self, cancelled: bool) -> None:
        self._task = None
        self.progress.hide()
        self.cancel_button.hide()
        self.kind_combo.setEnabled(True)
        if cancelled:
            self.summary.setText(self.tr("Stopped: nothing was imported."))
            self.import_button.setEnabled(False)
        elif self.rows and not self.imported:
            self.import_button.setEnabled(self.good > 0)

    @Slot()
    def _on_kind_combo_changed(self) -> None:
        self.preview()

    def _cancel_task(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def reject(self) -> None:
        self._cancel_task()
        super().reject()
