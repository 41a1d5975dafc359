"""`LedgerPanel`: the partner's ledger, filtered by day and state, kept fresh while shown.

The operator's callbacks reach the partner server (a child process) at any moment, and
the ledger is its database, so the table reads it again every 2 s while it is on screen:
one read at a time (a tick that finds one under way is skipped), none while hidden.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import QDate, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.messages import arg
from postalgui.gui.models.formatting import format_count
from postalgui.gui.models.key_sorted import SortKeyProxy
from postalgui.gui.tabs.attendance.ledger_model import LedgerColumn, LedgerModel
from postalgui.gui.tabs.attendance.words import STATE_KEYS, state_text
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.tables import record_table
from postalgui.services.attendance.use_cases import list_attendances, today

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.attendance.service import AttendanceService
    from postalgui.services.attendance.use_cases import LedgerRow

__all__ = ["REFRESH_MS", "LedgerPanel", "pydate", "qdate"]

LEDGER_KEY = "attendance.ledger"
REFRESH_MS = 2_000
"""How often the ledger is read again while shown: callbacks appear within this."""


def qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def pydate(day: QDate) -> date:
    return date(day.year(), day.month(), day.day())


class LedgerPanel(QWidget):
    """Day and state filters over the ledger table.

    Signals: ``loaded(int)`` with the number of rows after each read.
    """

    loaded = Signal(int)

    def __init__(self, desk: Desk[AttendanceService], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.desk = desk
        self._handle: TaskHandle | None = None
        self._again = False
        self._build()
        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self._on_timer_timeout)
        self.day_edit.dateChanged.connect(self._on_day_edit_changed)
        self.all_days_box.toggled.connect(self._on_all_days_box_toggled)
        self.state_combo.currentIndexChanged.connect(self._on_state_combo_changed)
        self.refresh_button.clicked.connect(self._on_refresh_button_clicked)

    def _build(self) -> None:
        self.day_edit = QDateEdit(qdate(today()), self)
        self.day_edit.setObjectName("ledgerDay")
        self.day_edit.setCalendarPopup(True)
        self.day_edit.setDisplayFormat("dd/MM/yyyy")
        day_label = QLabel(self.tr("&Day:"), self)
        day_label.setBuddy(self.day_edit)
        self.all_days_box = QCheckBox(self.tr("All days"), self)
        self.state_combo = QComboBox(self)
        self.state_combo.setObjectName("ledgerState")
        self.state_combo.addItem(self.tr("All"), "")
        for key in STATE_KEYS:
            self.state_combo.addItem(state_text(key), key)
        state_label = QLabel(self.tr("State:"), self)  # T is the Tracking tab's Alt letter
        state_label.setBuddy(self.state_combo)
        self.refresh_button = QPushButton(self.tr("Refresh"), self)
        self.count_label = QLabel(self)
        self.count_label.setObjectName("ledgerCount")
        filters = QHBoxLayout()
        filters.addWidget(QLabel(self.tr("Ledger"), self))
        filters.addSpacing(12)
        for widget in (day_label, self.day_edit, self.all_days_box, state_label, self.state_combo):
            filters.addWidget(widget)
        filters.addWidget(self.refresh_button)
        filters.addWidget(self.count_label, 1)
        self.model = LedgerModel(self)
        self.proxy = SortKeyProxy(self)
        self.proxy.setSourceModel(self.model)
        self.table: QTableView = record_table(self, self.proxy, "ledgerTable", self.tr("Ledger"))
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(LedgerColumn.TIME, Qt.SortOrder.DescendingOrder)
        self.table.setWordWrap(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)

    # --- what the tab and the tests ask -------------------------------------------------------

    @property
    def loading(self) -> bool:
        return self._handle is not None

    def day(self) -> date | None:
        return None if self.all_days_box.isChecked() else pydate(self.day_edit.date())

    def state(self) -> str | None:
        return str(self.state_combo.currentData() or "") or None

    def refresh(self) -> TaskHandle | None:
        """Read the ledger again; when a read is under way, once more after it."""
        if self._handle is not None:
            self._again = True
            return None
        self._handle = self.desk.run(
            list_attendances,
            self.day(),
            self.state(),
            name="ledger",
            key=LEDGER_KEY,
            on_result=self._on_load_task_result,
            on_finished=self._on_load_task_finished,
            failure=Failure(self.tr("The ledger could not be read: %1"), LEDGER_KEY),
        )
        return self._handle

    def row(self, protocol: str) -> LedgerRow | None:
        found = self.model.row_of(protocol)
        return None if found is None else self.model.attendance(found)

    # --- visibility: refresh only while shown ----------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.timer.start()
        self.refresh()

    def hideEvent(self, event: QHideEvent) -> None:
        self.timer.stop()
        super().hideEvent(event)

    # --- slots ---------------------------------------------------------------------------------

    @Slot(object)
    def _on_load_task_result(self, rows: list[LedgerRow]) -> None:
        self.model.set_rows(rows)
        self.count_label.setText(arg(self.tr("Attendances: %1"), format_count(len(rows))))
        self.loaded.emit(len(rows))

    @Slot(bool)
    def _on_load_task_finished(self, _cancelled: bool) -> None:
        self._handle = None
        if self._again:
            self._again = False
            self.refresh()

    @Slot()
    def _on_timer_timeout(self) -> None:
        if self._handle is None:
            self.refresh()

    @Slot(QDate)
    def _on_day_edit_changed(self, _day: QDate) -> None:
        self.refresh()

    @Slot(bool)
    def _on_all_days_box_toggled(self, checked: bool) -> None:
        self.day_edit.setEnabled(not checked)
        self.refresh()

    @Slot(int)
    def _on_state_combo_changed(self, _index: int) -> None:
        self.refresh()

    @Slot()
    def _on_refresh_button_clicked(self) -> None:
        self.refresh()
