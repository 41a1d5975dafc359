"""The Attendances tab: the counter partner's side of the registration system (spec 002).

The tab composes and wires: the partner server's panel (`PartnerPanel`), the sandbox's
simulated counter (`CounterPanel`, hidden outside the sandbox), the model-2 form
(`RegistrationForm`) and the day's reconciliation (`ReconcilePanel`) as pages above the
ledger (`LedgerPanel`), which stays in sight below them so a conclusion at the counter
shows up as its callback arrives. Every call runs as a task owned by its panel; routine
failures land in the tab's message area (handed in, placed at the top).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import QHBoxLayout, QTabWidget, QVBoxLayout, QWidget

from postalgui.gui.desk import Desk
from postalgui.gui.tabs.attendance.counter_panel import CounterPanel
from postalgui.gui.tabs.attendance.ledger_panel import LedgerPanel
from postalgui.gui.tabs.attendance.partner_panel import PartnerPanel
from postalgui.gui.tabs.attendance.reconcile_panel import ReconcilePanel
from postalgui.gui.tabs.attendance.register_form import RegistrationForm
from postalgui.gui.widgets.window_state import RememberedSplitter
from postalgui.services.attendance.service import PartnerStatus
from postalgui.services.attendance.use_cases import Report

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.attendance.service import AttendanceService

__all__ = ["AttendanceTab"]


class AttendanceTab(QWidget):
    """Partner server and counter, model-2 registration and reconciliation above the ledger."""

    def __init__(
        self,
        service: AttendanceService,
        runner: TaskRunner,
        messages: MessageArea,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("attendanceTab")
        self.setWindowTitle(self.tr("Attendances"))
        self.messages = messages
        self.desk = Desk(service, runner, messages)
        self.partner = PartnerPanel(self.desk, self)
        self.counter = CounterPanel(self.desk, self)
        self.form = RegistrationForm(self.desk, self)
        self.reconcile = ReconcilePanel(self.desk, self)
        self.ledger = LedgerPanel(self.desk, self)

        server_page = QWidget(self)
        server_layout = QHBoxLayout(server_page)
        server_layout.setContentsMargins(4, 4, 4, 4)
        server_layout.addWidget(self.partner, 1)
        server_layout.addWidget(self.counter, 1)
        self.pages = QTabWidget(self)
        self.pages.setObjectName("attendancePages")
        self.pages.setDocumentMode(True)
        # No scroll areas: word-wrapped labels make one ask for the preferred height, not
        # the minimum, and scroll a page that fits; the layouts' minimums keep text whole.
        self.server_page = server_page
        self.form_page = self.form
        self.pages.addTab(self.server_page, self.tr("&Server and counter"))
        self.pages.addTab(self.form_page, self.tr("Registration (&model 2)"))
        self.pages.addTab(self.reconcile, self.tr("Reco&nciliation"))

        split = RememberedSplitter.of(
            "attendance.main", Qt.Orientation.Vertical, self, ((self.pages, 3), (self.ledger, 2))
        )
        split.setSizes([440, 180])  # the form whole at the default size; the ledger's last rows
        self.split = split
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.messages)
        layout.addWidget(split, 1)

        self.counter.model2Started.connect(self._on_counter_model2_started)
        self.counter.attendanceChanged.connect(self._on_counter_attendance_changed)
        self.form.registered.connect(self._on_form_registered)
        self.reconcile.reconciled.connect(self._on_reconcile_reconciled)
        self.partner.statusChanged.connect(self._on_partner_status_changed)
        self.settings_changed()

    # --- the window's hooks ------------------------------------------------------------------

    def settings_changed(self) -> None:
        """The environment may have changed: the counter exists only in the sandbox."""
        sandbox = self.desk.service.in_sandbox
        self.counter.setVisible(sandbox)
        if sandbox:
            self.counter.reload()
        self.partner.refresh()

    # --- slots ---------------------------------------------------------------------------------

    @Slot(str)
    def _on_counter_model2_started(self, url: str) -> None:
        self.form.set_code_text(url)
        self.pages.setCurrentWidget(self.form_page)
        self.form.code_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    @Slot(str)
    def _on_counter_attendance_changed(self, _protocol: str) -> None:
        self.ledger.refresh()

    @Slot(str)
    def _on_form_registered(self, protocol: str) -> None:
        self.ledger.refresh()
        if self.desk.service.in_sandbox:
            self.counter.reload(select=protocol)

    @Slot(Report)
    def _on_reconcile_reconciled(self, _report: Report) -> None:
        self.ledger.refresh()

    @Slot(PartnerStatus)
    def _on_partner_status_changed(self, _status: PartnerStatus) -> None:
        self.ledger.refresh()
