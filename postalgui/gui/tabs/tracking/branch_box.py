"""`BranchBox`: the branch an object waits at, as a clerk tells the customer where to go.

The branch comes from the Branches feature's data (`services.tracking.branch_link`): its
name, whether it is open now and until when, today's hours on the unit's own clock,
its address, and the day the parcel must be picked up by. "Open now" and the address
are worded as the Branches tab words them (`gui.models.branch_words`, shared).
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from postalgui.api.models.branches import Unit
from postalgui.gui.messages import arg
from postalgui.gui.models.branch_words import address_lines, opening_text
from postalgui.gui.tabs.tracking.detail_words import moment_text
from postalgui.gui.widgets.selectable_label import selectable_label
from postalgui.services.branches.hours import unit_opening, unit_zone, week_table

__all__ = ["BranchBox", "bold_label"]


def bold_label(parent: QWidget, name: str, scale: float = 1.0) -> QLabel:
    """A `selectable_label` in bold, ``scale`` times the usual size: the detail's headings."""
    label = selectable_label(parent, name)
    font = QFont(label.font())
    font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(True)
    label.setFont(font)
    return label


class BranchBox(QGroupBox):
    """Where the parcel waits: the branch, its hours today, open now, the pickup deadline. Signals: none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trackingBranchBox")
        self.setTitle(self.tr("Waiting for pickup at"))
        self.name_label = bold_label(self, "branchName")
        self.opening_label = selectable_label(self, "branchOpening")
        self.hours_label = selectable_label(self, "branchHoursToday")
        self.address_label = selectable_label(self, "branchAddress")
        self.deadline_label = selectable_label(self, "pickupDeadline")
        column = QVBoxLayout(self)
        for label in (
            self.name_label,
            self.opening_label,
            self.hours_label,
            self.address_label,
            self.deadline_label,
        ):
            column.addWidget(label)

    def show_deadline(self, until: datetime | None) -> None:
        """The day the branch keeps the parcel until (the operator's ``dtLimiteRetirada``)."""
        self.deadline_label.setText(
            arg(self.tr("Pick up by %1"), moment_text(until)) if until is not None else ""
        )
        self.deadline_label.setVisible(until is not None)

    def show_note(self, text: str) -> None:
        """A line instead of the branch: looking it up, not in the data, the lookup failed."""
        self.name_label.setText(text)
        for label in (self.opening_label, self.hours_label, self.address_label):
            label.clear()
            label.hide()

    def show_branch(self, unit: Unit, now: datetime) -> None:
        """The branch's name, open now, today's hours (on its clock at ``now``) and address."""
        self.name_label.setText(arg(self.tr("%1 (unit %2)"), unit.nome or unit.id, unit.id))
        self.opening_label.setText(opening_text(unit_opening(unit, now), now))
        self.hours_label.setText(self._today_text(unit, now))
        self.address_label.setText("\n".join(address_lines(unit)))
        for label in (self.opening_label, self.hours_label, self.address_label):
            label.show()

    def _today_text(self, unit: Unit, now: datetime) -> str:
        table = week_table(unit.horarios)
        if table.always_open:
            return self.tr("Today: open 24 hours")
        weekday = now.astimezone(unit_zone(unit.endereco.fuso, unit.endereco.uf)).weekday()
        hours = table.weekdays if weekday < 5 else table.saturday if weekday == 5 else table.sunday
        if hours is None:
            return self.tr("Today: closed")
        if weekday < 5 and table.lunch is not None:
            return arg(self.tr("Today: %1 to %2 (lunch %3 to %4)"), *hours, *table.lunch)
        return arg(self.tr("Today: %1 to %2"), *hours)
