"""`CounterPending`: the simulated counter's pending attendances, to pick one to finish.

A component of its own (the counter panel's other task, apart from its start and finish
calls): it reads the counter's attendances in the background, latest read wins, and
keeps the one the user or the panel chose selected across reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QWidget

from postalgui.gui.messages import arg
from postalgui.gui.tasks import Failure
from postalgui.services.attendance.counter import counter_attendances

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.services.attendance.counter import CounterAttendance
    from postalgui.services.attendance.service import AttendanceService

__all__ = ["CounterPending"]

LIST_KEY = "attendance.counter.list"


class CounterPending(QWidget):
    """A combo of the counter's pending attendances and Reload.

    Signals: ``selectionChanged()`` when the chosen attendance changed (or none is left).
    """

    selectionChanged = Signal()

    def __init__(self, service: AttendanceService, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self.runner = runner
        self._select_after: str | None = None
        self.combo = QComboBox(self)
        self.combo.setObjectName("counterPending")
        self.combo.setAccessibleName(self.tr("Pending attendance at the counter"))
        label = QLabel(self.tr("Pending attendance:"), self)
        label.setBuddy(self.combo)
        self.reload_button = QPushButton(self.tr("Reload"), self)
        self.reload_button.setObjectName("counterReloadButton")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(label)
        layout.addWidget(self.combo, 1)
        layout.addWidget(self.reload_button)
        self.reload_button.clicked.connect(self._on_reload_button_clicked)
        self.combo.currentIndexChanged.connect(self._on_combo_changed)

    def selected_protocol(self) -> str:
        return str(self.combo.currentData() or "")

    def reload(self, select: str | None = None) -> TaskHandle:
        """Read the counter's pending attendances again (``select``: choose that one)."""
        self._select_after = select or self.selected_protocol() or None
        return self.runner.run(
            counter_attendances,
            self.service,
            name="counter attendances",
            key=LIST_KEY,
            on_result=self._on_list_task_result,
            failure=Failure(self.tr("The counter's attendances could not be read: %1"), LIST_KEY),
        )

    # --- slots ---------------------------------------------------------------------------------

    @Slot(object)
    def _on_list_task_result(self, attendances: list[CounterAttendance]) -> None:
        wanted = self._select_after
        self.combo.blockSignals(True)
        self.combo.clear()
        for attendance in attendances:
            if not attendance.pending:
                continue
            model = "" if attendance.model is None else attendance.model
            self.combo.addItem(arg(self.tr("%1 · model %2"), attendance.protocol, model), attendance.protocol)
        index = self.combo.findData(wanted) if wanted else -1
        self.combo.setCurrentIndex(index if index >= 0 else self.combo.count() - 1)
        self.combo.blockSignals(False)
        self.selectionChanged.emit()

    @Slot()
    def _on_reload_button_clicked(self) -> None:
        self.reload()

    @Slot(int)
    def _on_combo_changed(self, _index: int) -> None:
        self.selectionChanged.emit()
