"""`ReconcilePanel`: a day's reconciliation with the registration system, and its exports.

The operator's query of the day's attendances is the spec's alternative to the callbacks
(4.2); run on demand here (the server also runs it nightly), it books what the counter
concluded without telling us, and lists what a person must look at. It may take a
while on a busy day, so it runs as a task with a busy bar and Cancel; the report can
then be saved as CSV (for the books) or PDF (to file) by its own component (`ReportExport`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
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

from postalgui.gui.messages import arg
from postalgui.gui.models.key_sorted import SortKeyProxy
from postalgui.gui.tabs.attendance.ledger_panel import pydate, qdate
from postalgui.gui.tabs.attendance.report_export import ReportExport
from postalgui.gui.tabs.attendance.report_model import ReportModel, report_lines, summary_text
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.selectable_label import selectable_label
from postalgui.gui.widgets.tables import record_table
from postalgui.services.attendance.use_cases import Report, reconcile_day, today

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.attendance.service import AttendanceService

__all__ = ["ReconcilePanel"]

RECONCILE_KEY = "attendance.reconcile"


class ReconcilePanel(QWidget):
    """Day, Reconcile (with busy bar and Cancel), the summary, the lines, the exports.

    Signals: ``reconciled(Report)`` with the `Report`; ``finished(bool)`` when a run
    ended (True: cancelled); ``exported(Path)`` with the `Path` of a saved file.
    """

    reconciled = Signal(Report)
    finished = Signal(bool)
    exported = Signal(Path)

    def __init__(self, desk: Desk[AttendanceService], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.desk = desk
        self.report: Report | None = None
        self._handle: TaskHandle | None = None
        self.export = ReportExport(desk.runner, desk.messages, self)
        self.csv_button = self.export.csv_button
        self.pdf_button = self.export.pdf_button
        self._build()
        self.reconcile_button.clicked.connect(self._on_reconcile_button_clicked)
        self.cancel_button.clicked.connect(self._on_cancel_button_clicked)
        self.export.exported.connect(self.exported)
        self.escape_shortcut = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        self.escape_shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.escape_shortcut.activated.connect(self._on_cancel_button_clicked)
        self._update_buttons()

    def _build(self) -> None:
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
        top = QHBoxLayout()
        for widget in (day_label, self.day_edit, self.reconcile_button, self.busy_bar, self.cancel_button):
            top.addWidget(widget)
        top.addStretch(1)
        top.addWidget(self.export)
        self.summary_label = selectable_label(
            self, "reconcileSummary", self.tr("Pick a day and press Reconcile.")
        )
        # Two lines kept for a preview's note and the counts: the table never moves under the mouse.
        self.summary_label.setMinimumHeight(2 * self.summary_label.fontMetrics().lineSpacing() + 4)
        self.model = ReportModel(self)
        proxy = SortKeyProxy(self)
        proxy.setSourceModel(self.model)
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
        self.desk.messages.clear(RECONCILE_KEY)
        day = pydate(self.day_edit.date())
        self._handle = self.desk.run(
            reconcile_day,
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

    def _update_buttons(self) -> None:
        running = self._handle is not None
        self.reconcile_button.setEnabled(not running)
        self.day_edit.setEnabled(not running)
        self.busy_bar.setVisible(running)
        self.cancel_button.setVisible(running)
        self.export.set_report(self.report, enabled=not running)

    # --- slots ---------------------------------------------------------------------------------

    @Slot(object)
    def _on_reconcile_task_result(self, report: Report) -> None:
        self.report = report
        lines = report.as_json()
        self.model.set_items(report_lines(lines))
        self.summary_label.setText(summary_text(lines))
        if report.errors:
            text = arg(self.tr("Some attendances could not be checked: %1"), "; ".join(report.errors))
            self.desk.messages.show_message(text, MessageKind.WARNING, key=RECONCILE_KEY)
        self.reconciled.emit(report)

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
