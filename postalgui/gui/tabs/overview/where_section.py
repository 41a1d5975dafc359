"""Where it goes: the map of Brazil shaded by parcels per destination state, or by the
average days from posting to delivery; a click on a state (or Enter on it) filters the
whole page to that state (`statePicked`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QRadioButton, QVBoxLayout, QWidget

from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.tabs.overview.section_box import SectionBox
from postalgui.gui.widgets.state_map import StateMap
from postalgui.services.overview.records import Overview, Section, Whereabouts

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea

__all__ = ["WhereSection"]


class WhereSection(SectionBox):
    """The map and its parcels / average days choice.

    Signals: ``statePicked(str)`` with a state's abbreviation; ``stateCleared()`` (Escape).
    """

    statePicked = Signal(str)
    stateCleared = Signal()
    SECTIONS = (Section.STATES,)

    def __init__(self, runner: TaskRunner, messages: MessageArea, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Where it goes"), "overviewWhere", runner, messages, parent)
        self.map = StateMap(self)
        self.parcels_radio = QRadioButton(self.tr("&Parcels"), self)
        self.parcels_radio.setObjectName("overviewMapParcels")
        self.parcels_radio.setChecked(True)
        self.days_radio = QRadioButton(self.tr("Average &days to deliver"), self)
        self.days_radio.setObjectName("overviewMapDays")
        self.measure = QButtonGroup(self)
        self.measure.addButton(self.parcels_radio)
        self.measure.addButton(self.days_radio)
        choice = QHBoxLayout()
        choice.addWidget(self.parcels_radio)
        choice.addWidget(self.days_radio)
        choice.addStretch(1)
        column = QVBoxLayout()
        column.addLayout(choice)
        column.addWidget(self.map, 1)
        self.chart_row.addLayout(column, 1)
        self.measure.buttonToggled.connect(self._on_measure_button_toggled)
        self.map.statePicked.connect(self.statePicked)
        self.map.pickCleared.connect(self.stateCleared)

    def draw(self, overview: Overview) -> None:
        self.map.set_picked(overview.filter.state)
        self.headline.setText(self.headline_text(overview.where))
        self._shade()

    def headline_text(self, where: Whereabouts) -> str:
        parcels = sum(state.parcels for state in where.states)
        states = len([state for state in where.states if state.parcels])
        text = self.tr("%Ln parcel(s)", "", parcels) + " " + self.tr("to %Ln state(s)", "", states)
        if where.no_state:
            text += "; " + self.tr("%Ln without a known state", "", where.no_state)
        return text + ". " + self.tr("Click a state to see its figures.")

    def _shade(self) -> None:
        if self.overview is None:
            return
        locale = app_locale()
        states = self.overview.where.states
        if self.days_radio.isChecked():
            days = {s.uf: s.average_days for s in states if s.average_days is not None}
            self.map.set_values(days, lambda value: arg(self.tr("%1 days"), locale.toString(value, "f", 1)))
        else:
            parcels = {s.uf: float(s.parcels) for s in states if s.parcels}
            self.map.set_values(parcels, lambda value: self.tr("%Ln parcel(s)", "", round(value)), root=True)

    @Slot()
    def _on_measure_button_toggled(self) -> None:
        self._shade()
