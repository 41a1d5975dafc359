"""`DeliveryDates`: the quote's date, "must arrive by" and the office's handling days,
in the quote form's "Package" group.

"Must arrive by" marks the products that cannot (the tab's table does); the handling
days are added to every delivery time and kept in the settings.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate, QEvent, QObject, QSignalBlocker, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import QCheckBox, QDateEdit, QDateTimeEdit, QSpinBox, QWidget

from postalgui.gui.tabs.price.form_rows import buddy_label
from postalgui.services.price.products import MAX_HANDLING_DAYS

__all__ = ["DayEdit", "DeliveryDates"]

_SEPARATORS = frozenset("/-.")


class DayEdit(QDateEdit):
    """A ``dd/MM/yyyy`` date a clerk can type whole: ``25/12/2030`` or ``25122030``.

    Qt's date edit types into the section under the cursor and moves on by itself once
    a section is full ("25" -> the month); the "/" typed next then skipped the month as
    well, and a click left the cursor inside "02" so "25" made "2502". Here the field
    entered by a click or Tab starts at the day, selected, and a separator typed right
    after Qt moved on is the one already there.
    """

    def __init__(self, day: QDate, parent: QWidget | None = None) -> None:
        super().__init__(day, parent)
        self._moved_on = False  # the last digit filled its section and Qt went to the next
        self._entered = False  # focus came with this click: start at the day
        self.lineEdit().installEventFilter(self)  # the click lands on the line edit, not here

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self._moved_on = False
        self._entered = event.reason() == Qt.FocusReason.MouseFocusReason
        if event.reason() in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason):
            self.setSelectedSection(QDateTimeEdit.Section.DaySection)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.lineEdit() and event.type() == QEvent.Type.MouseButtonRelease and self._entered:
            self._entered = False  # the click that brought focus; later clicks place the cursor
            QTimer.singleShot(0, self, self._select_day)  # after the line edit placed its cursor
        return super().eventFilter(watched, event)

    @Slot()
    def _select_day(self) -> None:
        self.setSelectedSection(QDateTimeEdit.Section.DaySection)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        if text in _SEPARATORS and self._moved_on:
            self._moved_on = False
            return
        before = self.currentSectionIndex()
        super().keyPressEvent(event)
        self._moved_on = text.isdigit() and self.currentSectionIndex() != before


class DeliveryDates(QObject):
    """The dates of the quote, with their labels, in ``box``.

    Signals: ``dateChanged()`` when the quote's date changed; ``arriveByChanged()`` when
    "must arrive by" is set, moved or cleared (`arrive_by` has the new date or ``None``);
    ``handlingChanged(int)`` when the user changed the handling days.
    """

    dateChanged = Signal()
    arriveByChanged = Signal()
    handlingChanged = Signal(int)

    def __init__(self, box: QWidget, handling_days: int) -> None:
        super().__init__(box)
        self.date_edit = self._date_edit(box, "eventDate", QDate.currentDate())
        self.date_edit.dateChanged.connect(self._on_date_edit_date_changed)
        self.arrive_check = QCheckBox(self.tr("Must arrive by:"), box)
        self.arrive_check.setObjectName("arriveByCheck")
        self.arrive_check.toggled.connect(self._on_arrive_by_changed)
        self.arrive_edit = self._date_edit(box, "arriveBy", QDate.currentDate().addDays(7))
        self.arrive_edit.setEnabled(False)
        self.arrive_edit.dateChanged.connect(self._on_arrive_by_changed)
        self.handling_spin = QSpinBox(box)
        self.handling_spin.setObjectName("handlingDays")
        self.handling_spin.setRange(0, MAX_HANDLING_DAYS)
        self.handling_spin.setValue(handling_days)
        self.handling_spin.setToolTip(
            self.tr("Business days between the quote and the posting, added to every delivery time")
        )
        self.handling_spin.valueChanged.connect(self._on_handling_spin_value_changed)
        self.date_label = buddy_label(box, self.tr("Da&te:"), self.date_edit)
        self.handling_label = buddy_label(box, self.tr("Handling days:"), self.handling_spin)

    @staticmethod
    def _date_edit(box: QWidget, name: str, day: QDate) -> QDateEdit:
        edit = DayEdit(day, box)
        edit.setObjectName(name)
        edit.setCalendarPopup(True)
        edit.setDisplayFormat("dd/MM/yyyy")
        return edit

    def event_date(self) -> date:
        qdate = self.date_edit.date()
        return date(qdate.year(), qdate.month(), qdate.day())

    def set_event_date(self, day: date) -> None:
        self.date_edit.setDate(QDate(day.year, day.month, day.day))

    def arrive_by(self) -> date | None:
        """The "must arrive by" date, ``None`` when unchecked."""
        if not self.arrive_check.isChecked():
            return None
        qdate = self.arrive_edit.date()
        return date(qdate.year(), qdate.month(), qdate.day())

    def show_handling(self, days: int) -> None:
        """Follow the settings' handling days (no ``handlingChanged``)."""
        with QSignalBlocker(self.handling_spin):
            self.handling_spin.setValue(days)

    @Slot()
    def _on_date_edit_date_changed(self) -> None:
        self.dateChanged.emit()

    @Slot()
    def _on_arrive_by_changed(self) -> None:
        self.arrive_edit.setEnabled(self.arrive_check.isChecked())
        self.arriveByChanged.emit()

    @Slot(int)
    def _on_handling_spin_value_changed(self, days: int) -> None:
        self.handlingChanged.emit(days)
