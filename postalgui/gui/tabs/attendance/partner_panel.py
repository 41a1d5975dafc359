"""`PartnerPanel`: the partner server's status and its Start and Stop buttons.

The server is our side of spec 002 4.2 (the model-1 form receiver and
``confirmarAtendimento``); it runs as a child process, so starting it waits for the
process to answer. That wait is a task: the buttons are disabled until it ends, and
the status line is read again after every start or stop. In the sandbox the start also
points the simulated counter at the new address, so the counter's calls reach us.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QFormLayout, QGroupBox, QHBoxLayout, QPushButton, QWidget

from postalgui.gui.messages import or_dash
from postalgui.gui.tabs.attendance.words import auth_text
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.selectable_label import selectable_label
from postalgui.services.attendance import use_cases
from postalgui.services.attendance.service import PartnerStatus

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.attendance.service import AttendanceService

__all__ = ["PartnerPanel"]

PARTNER_KEY = "attendance.partner"


class PartnerPanel(QGroupBox):
    """Status, address, paths, auth and database of the partner server; Start and Stop.

    Signals: ``statusChanged(PartnerStatus)`` with the `PartnerStatus` read after a start, a stop
    or the first look; ``busyChanged(bool)`` while a start or stop is under way.
    """

    statusChanged = Signal(PartnerStatus)
    busyChanged = Signal(bool)

    def __init__(self, desk: Desk[AttendanceService], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Partner server"))
        self.desk = desk
        self.status: PartnerStatus | None = None
        self._handle: TaskHandle | None = None
        self._build()
        self.start_button.clicked.connect(self._on_start_button_clicked)
        self.stop_button.clicked.connect(self._on_stop_button_clicked)
        self._set_busy(False)

    def _build(self) -> None:
        self.state_label = selectable_label(self, "partnerState")
        bold = self.state_label.font()
        bold.setBold(True)
        self.state_label.setFont(bold)
        self.url_label = selectable_label(self, "partnerUrl")
        self.form_path_label = selectable_label(self, "partnerFormPath")
        self.confirm_path_label = selectable_label(self, "partnerConfirmPath")
        self.auth_label = selectable_label(self, "partnerAuth")
        self.database_label = selectable_label(self, "partnerDatabase")
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(self.tr("Status:"), self.state_label)
        form.addRow(self.tr("Address:"), self.url_label)
        form.addRow(self.tr("Form path (model 1):"), self.form_path_label)
        form.addRow(self.tr("Confirmation path:"), self.confirm_path_label)
        form.addRow(self.tr("Authentication:"), self.auth_label)
        form.addRow(self.tr("Ledger database:"), self.database_label)
        self.start_button = QPushButton(self.tr("Sta&rt server"), self)
        self.start_button.setObjectName("partnerStartButton")
        self.start_button.setToolTip(self.tr("Start the partner server on this computer"))
        self.stop_button = QPushButton(self.tr("Stop s&erver"), self)
        self.stop_button.setObjectName("partnerStopButton")
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        form.addRow(buttons)
        self.setLayout(form)

    # --- what the tab and the tests ask -------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self._handle is not None

    def refresh(self) -> TaskHandle:
        return self._run(use_cases.partner_status, self.tr("Reading the partner server's status failed: %1"))

    def start(self) -> TaskHandle:
        return self._run(use_cases.start_partner, self.tr("The partner server did not start: %1"))

    def stop(self) -> TaskHandle:
        return self._run(use_cases.stop_partner, self.tr("The partner server did not stop: %1"))

    def _run(
        self, fn: Callable[[TaskControl, AttendanceService], PartnerStatus], template: str
    ) -> TaskHandle:
        self._set_busy(True)
        self._handle = self.desk.run(
            fn,
            name="partner server",
            key=PARTNER_KEY,
            on_result=self._on_task_result,
            on_finished=self._on_task_finished,
            failure=Failure(template, PARTNER_KEY),
        )
        return self._handle

    def show_status(self, status: PartnerStatus) -> None:
        self.status = status
        self.url_label.setText(or_dash(status.url))
        self.form_path_label.setText(status.form_path)
        self.confirm_path_label.setText(status.confirm_path)
        self.auth_label.setText(auth_text(status.auth))
        self.database_label.setText(status.database)
        self._set_busy(self.busy)
        self.statusChanged.emit(status)

    def _set_busy(self, busy: bool) -> None:
        running = self.status is not None and self.status.running
        self.start_button.setEnabled(not busy and not running)
        self.stop_button.setEnabled(not busy and running)
        if busy:
            self.state_label.setText(self.tr("Working…"))
        elif self.status is None:
            self.state_label.setText(self.tr("Unknown"))
        else:
            self.state_label.setText(self.tr("Running") if running else self.tr("Stopped"))
        self.busyChanged.emit(busy)

    # --- slots ---------------------------------------------------------------------------------

    @Slot(object)
    def _on_task_result(self, status: PartnerStatus) -> None:
        self.show_status(status)

    @Slot(bool)
    def _on_task_finished(self, _cancelled: bool) -> None:
        self._handle = None
        self._set_busy(False)

    @Slot()
    def _on_start_button_clicked(self) -> None:
        self.start()

    @Slot()
    def _on_stop_button_clicked(self) -> None:
        self.stop()
