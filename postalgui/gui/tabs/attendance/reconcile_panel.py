"""`ReconcilePanel`: a day's reconciliation with the registration system, and its exports.

The operator's query of the day's attendances is the spec's alternative to the callbacks
(4.2); run on demand here (the server also runs it nightly), it books what the counter
concluded without telling us, and lists what a person must look at. It may take a
while on a busy day, so it runs as a task with a busy bar and Cancel; the report can
then be saved as CSV (for the books) or PDF (to file), in the interface's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, cast

from PySide6.QtCore import QSortFilterProxyModel, Qt, Signal, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDateEdit,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.i18n import ENGLISH, ui_language
from postalgui.gui.messages import arg
from postalgui.gui.models.roles import SORT_ROLE
from postalgui.gui.tabs.attendance import jobs
from postalgui.gui.tabs.attendance.ledger_panel import pydate, qdate
from postalgui.gui.tabs.attendance.report_model import ReportModel, report_lines, summary_text
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.saved_file import SavedFileReporter, ask_save_path, csv_type, pdf_type
from postalgui.gui.widgets.tables import record_table

if TYPE_CHECKING:
    from pathlib import Path

    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.attendance.service import AttendanceService

__all__ = ["ReconcilePanel", "report_language"]

RECONCILE_KEY = "attendance.reconcile"
EXPORT_KEY = "attendance.export"


def report_language() -> Literal["pt", "en"]:
    """The exports speak as the interface does."""
    return "en" if ui_language() == ENGLISH else "pt"


class ReconcilePanel(QWidget):
    """Day, Reconcile (with busy bar and Cancel), the summary, the lines, the exports.

    Signals: ``reconciled(object)`` with the report (a dict); ``finished(bool)`` when a
    run ended (True: cancelled); ``exported(object)`` with the `Path` of a saved file.
    """

    reconciled = Signal(object)
    finished = Signal(bool)
    exported = Signal(object)

    def __init__(
        self,
        service: AttendanceService,
        runner: TaskRunner,
        messages: MessageArea,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.service = service
        self.runner = runner
        self.messages = messages
        self.report: dict[str, Any] | None = None
        self._handle: TaskHandle | None = None
        self.saved = SavedFileReporter(messages, EXPORT_KEY, self)
        self._build()
        self.reconcile_button.clicked.connect(self._on_reconcile_button_clicked)
        self.cancel_button.clicked.connect(self._on_cancel_button_clicked)
        self.csv_button.clicked.connect(self._on_csv_button_clicked)
        self.pdf_button.clicked.connect(self._on_pdf_button_clicked)
        self.saved.exported.connect(self.exported)
        self.escape_shortcut = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        self.escape_shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.escape_shortcut.activated.connect(self._on_cancel_button_clicked)
        self._update_buttons()

    def _build(self) -> None:
        from postalgui.services.attendance.use_cases import today

        self.day_edit = QDateEdit(qdate(today()), self)
        self.day_edit.setObjectName("reconcileDay")
        self.day_edit.setCalendarPopup(True)
        self.day_edit.setDisplayFormat("dd/MM/yyyy")
        day_label = QLabel(self.tr("Da&y:"), self)
        day_label.setBuddy(self.day_edit)
        self.reconcile_button = QPushButton(self.tr("&Reconcile"), self)
        self.reconcile_button.setObjectName("reconcileButton")
        self.reconcile_button.setToolTip(
            self.tr("Ask the registration system for the day's attendances and compare")
        )
        self.busy_bar = QProgressBar(self)
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setMaximumWidth(140)
        self.busy_bar.setTextVisible(False)
        self.busy_bar.hide()
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.setToolTip(
            self.tr("Stop the reconciliation (Esc); the ledger keeps what was booked")
        )
        self.cancel_button.hide()
        self.csv_button = QPushButton(self.tr("Export CS&V…"), self)
        self.csv_button.setObjectName("reconcileCsvButton")
        self.pdf_button = QPushButton(self.tr("E&xport PDF…"), self)
        self.pdf_button.setObjectName("reconcilePdfButton")
        top = QHBoxLayout()
        for widget in (day_label, self.day_edit, self.reconcile_button, self.busy_bar, self.cancel_button):
            top.addWidget(widget)
        top.addStretch(1)
        top.addWidget(self.csv_button)
        top.addWidget(self.pdf_button)
        self.summary_label = QLabel(self.tr("Pick a day and press Reconcile."), self)
        self.summary_label.setObjectName("reconcileSummary")
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.model = ReportModel(self)
        proxy = QSortFilterProxyModel(self)
        proxy.setSourceModel(self.model)
        proxy.setSortRole(SORT_ROLE)
        self.table = record_table(self, proxy, "reconcileTable", self.tr("Reconciliation lines"))
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.table, 1)

    # --- what the tab and the tests ask -------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._handle is not None

    def reconcile(self) -> TaskHandle:
        if self._handle is not None:
            return self._handle
        self.messages.clear(RECONCILE_KEY)
        day = pydate(self.day_edit.date())
        self._handle = self.runner.run(
            jobs.reconcile,
            self.service,
            day,
            name="reconcile",
            key=RECONCILE_KEY,
            on_result=self._on_reconcile_task_result,
            on_finished=self._on_reconcile_task_finished,
            failure=Failure(self.tr("The reconciliation failed: %1"), RECONCILE_KEY),
        )
        self.summary_label.setText(self.tr("Asking the registration system…"))
        self._update_buttons()
        return self._handle

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()

    def export(self, path: Path, kind: str) -> TaskHandle | None:
        """Save the report shown as ``kind`` ("csv" or "pdf") at ``path``."""
        if self.report is None:
            return None
        return self.runner.run(
            jobs.export_report,
            path,
            self.report,
            report_language(),
            kind,
            name="export reconciliation",
            key=f"{EXPORT_KEY}.{kind}",
            on_result=self.saved.saved,
            on_error=self.saved.failed,
        )

    def ask_export(self, kind: str) -> TaskHandle | None:
        if self.report is None:
            return None
        name = arg(self.tr("reconciliation-%1"), str(self.report.get("day", "")))
        types = [pdf_type()] if kind == "pdf" else [csv_type()]
        title = (
            self.tr("Export the reconciliation as PDF")
            if kind == "pdf"
            else self.tr("Export the reconciliation as CSV")
        )
        path = ask_save_path(self, title, name, types)
        return None if path is None else self.export(path, kind)

    def _update_buttons(self) -> None:
        running = self._handle is not None
        self.reconcile_button.setEnabled(not running)
        self.day_edit.setEnabled(not running)
        self.busy_bar.setVisible(running)
        self.cancel_button.setVisible(running)
        has_report = self.report is not None and not running
        self.csv_button.setEnabled(has_report)
        self.pdf_button.setEnabled(has_report)

    # --- slots ---------------------------------------------------------------------------------

    @Slot(object)
    def _on_reconcile_task_result(self, report: object) -> None:
        found = cast("dict[str, Any]", report)
        self.report = found
        self.model.set_items(report_lines(found))
        self.summary_label.setText(summary_text(found))
        errors = [str(text) for text in found.get("errors", [])]
        if errors:
            text = arg(self.tr("Some attendances could not be checked: %1"), "; ".join(errors))
            self.messages.show_message(text, MessageKind.WARNING, key=RECONCILE_KEY)
        self.reconciled.emit(found)

    @Slot(bool)
    def _on_reconcile_task_finished(self, cancelled: bool) -> None:
        self._handle = None
        if cancelled:
            self.summary_label.setText(self.tr("Reconciliation cancelled."))
        elif self.report is None:
            self.summary_label.setText(self.tr("Pick a day and press Reconcile."))
        self._update_buttons()
        self.finished.emit(cancelled)

    @Slot()
    def _on_reconcile_button_clicked(self) -> None:
        self.reconcile()

    @Slot()
    def _on_cancel_button_clicked(self) -> None:
        self.cancel()

    @Slot()
    def _on_csv_button_clicked(self) -> None:
        self.ask_export("csv")

    @Slot()
    def _on_pdf_button_clicked(self) -> None:
        self.ask_export("pdf")
