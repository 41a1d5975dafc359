"""`FiltersBar`: what the Overview page shows: a period (this month, last month, this
quarter, this year, or from/to days), a service (all, or one the office has used), and the
state picked on the map, shown as a chip ("State: SP ✕") that clears it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from PySide6.QtCore import QDate, Signal, Slot
from PySide6.QtWidgets import QComboBox, QDateEdit, QHBoxLayout, QLabel, QPushButton, QWidget

from postalgui.gui.i18n import ui_language
from postalgui.gui.messages import arg
from postalgui.services.overview.records import Filter, Period, PeriodKind
from postalgui.services.words.overview import period_word, service_word

__all__ = ["FiltersBar"]

KINDS = (PeriodKind.THIS_MONTH, PeriodKind.LAST_MONTH, PeriodKind.QUARTER, PeriodKind.YEAR, PeriodKind.CUSTOM)


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def _day(day: QDate) -> date:
    return date(day.year(), day.month(), day.day())


class FiltersBar(QWidget):
    """The period, service and state. Signals: ``filterChanged()`` after any of them changed."""

    filterChanged = Signal()

    def __init__(self, today: date, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("overviewFilters")
        self._state: str | None = None
        language = ui_language()
        self.period_combo = QComboBox(self)
        self.period_combo.setObjectName("overviewPeriod")
        for kind in KINDS:
            self.period_combo.addItem(period_word(kind, language), kind.value)
        self.from_edit = self._date_edit("overviewFrom", _qdate(today.replace(day=1)))
        self.to_edit = self._date_edit("overviewTo", _qdate(today))
        self.service_combo = QComboBox(self)
        self.service_combo.setObjectName("overviewService")
        self.service_combo.addItem(self.tr("All services"), "")
        self.state_chip = QPushButton(self)
        self.state_chip.setObjectName("overviewStateChip")
        self.state_chip.setToolTip(self.tr("Show every state again"))
        self.state_chip.hide()
        period_label = QLabel(self.tr("P&eriod:"), self)
        period_label.setBuddy(self.period_combo)
        service_label = QLabel(self.tr("Ser&vice:"), self)
        service_label.setBuddy(self.service_combo)
        self.layout_ = QHBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        for widget in (period_label, self.period_combo, self.from_edit, self.to_edit, service_label):
            self.layout_.addWidget(widget)
        self.layout_.addWidget(self.service_combo, 1)
        self.layout_.addWidget(self.state_chip)
        self._show_dates()
        self.period_combo.currentIndexChanged.connect(self._on_period_combo_current_index_changed)
        self.from_edit.dateChanged.connect(self._on_date_edit_date_changed)
        self.to_edit.dateChanged.connect(self._on_date_edit_date_changed)
        self.service_combo.currentIndexChanged.connect(self._on_service_combo_current_index_changed)
        self.state_chip.clicked.connect(self._on_state_chip_clicked)

    def _date_edit(self, name: str, day: QDate) -> QDateEdit:
        edit = QDateEdit(day, self)
        edit.setObjectName(name)
        edit.setCalendarPopup(True)
        edit.setDisplayFormat("dd/MM/yyyy")
        return edit

    # --- the filter --------------------------------------------------------------------------

    def kind(self) -> PeriodKind:
        return PeriodKind(self.period_combo.currentData())

    def set_kind(self, kind: PeriodKind) -> None:
        self.period_combo.setCurrentIndex(KINDS.index(kind))

    def current_filter(self, today: date) -> Filter:
        """The filter as the bar says, for ``today`` (a custom period's days in order)."""
        kind = self.kind()
        if kind is PeriodKind.CUSTOM:
            first, last = sorted((_day(self.from_edit.date()), _day(self.to_edit.date())))
            period = Period.of(kind, today, first, last)
        else:
            period = Period.of(kind, today)
        service = str(self.service_combo.currentData() or "")
        return Filter(period, frozenset({service}) if service else frozenset(), self._state)

    def set_services(self, choices: Sequence[tuple[str, str]]) -> None:
        """The services the office has used (code, name); the one chosen stays if still there."""
        chosen = self.service_combo.currentData()
        language = ui_language()
        self.service_combo.blockSignals(True)
        while self.service_combo.count() > 1:
            self.service_combo.removeItem(1)
        for code, name in choices:
            self.service_combo.addItem(f"{service_word(code, name, language)} ({code})", code)
        index = max(self.service_combo.findData(chosen), 0)
        self.service_combo.setCurrentIndex(index)
        self.service_combo.blockSignals(False)
        if index == 0 and chosen:
            self.filterChanged.emit()  # the service chosen is gone: every service now

    def set_service(self, code: str) -> None:
        self.service_combo.setCurrentIndex(max(self.service_combo.findData(code), 0))

    def state(self) -> str | None:
        return self._state

    def set_state(self, uf: str | None) -> None:
        """Filter by a destination state (None: every state); says so on the chip."""
        if uf == self._state:
            return
        self._state = uf
        self.state_chip.setText(arg(self.tr("State: %1 ✕"), uf or ""))
        self.state_chip.setAccessibleName(arg(self.tr("Clear the state filter %1"), uf or ""))
        self.state_chip.setVisible(uf is not None)
        self.filterChanged.emit()

    def _show_dates(self) -> None:
        custom = self.kind() is PeriodKind.CUSTOM
        self.from_edit.setVisible(custom)
        self.to_edit.setVisible(custom)

    @Slot(int)
    def _on_period_combo_current_index_changed(self, _index: int) -> None:
        self._show_dates()
        self.filterChanged.emit()

    @Slot()
    def _on_date_edit_date_changed(self) -> None:
        if self.kind() is PeriodKind.CUSTOM:
            self.filterChanged.emit()

    @Slot(int)
    def _on_service_combo_current_index_changed(self, _index: int) -> None:
        self.filterChanged.emit()

    @Slot()
    def _on_state_chip_clicked(self) -> None:
        self.set_state(None)
