"""The status bar's word on the office database: silent on this computer's file, the
server's name when one is shared, and a warning while it cannot take writes (a server
away, or a file of a newer PostalGUI) with the quotes waiting on this computer.

Fed by `OfficeDatabase.status` (`OfficeStatus.listen`), whose listeners are called on
whatever thread met the server (a store call, the change feed's listener, the offline
queue): each state is handed over to the GUI thread with a queued signal. Nothing here
opens the database: the label shows what the stores found when they were used.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel, QStatusBar

from postalgui.gui.messages import arg, describe_error
from postalgui.gui.models.formatting import error_colour
from postalgui.gui.models.office_changes import SignalRelay
from postalgui.services.office.errors import OfficeDatabaseError
from postalgui.services.office.problems import office_problem
from postalgui.services.office.status import OfficeState, OfficeStatus

__all__ = ["OfficeStatusLabel"]


def _short(where: str) -> str:
    """``"db.office:5432/postalgui"`` of ``describe``'s URL (the user is in the tooltip)."""
    return where.split("://", 1)[-1].rsplit("@", 1)[-1]


class OfficeStatusLabel(QObject):
    """A label at the left of the status bar's permanent part. Signals: none public."""

    _state_arrived = Signal(OfficeState)  # from any thread; queued to the GUI thread

    def __init__(self, bar: QStatusBar) -> None:
        super().__init__(bar)
        self._bar = bar
        self.label = QLabel(bar)
        self.label.setObjectName("officeStatus")
        self.label.setContentsMargins(4, 0, 4, 0)
        self.label.hide()
        bar.insertPermanentWidget(0, self.label)
        self._state_arrived.connect(self._on_state_arrived, Qt.ConnectionType.QueuedConnection)
        self._relay = SignalRelay(self._state_arrived)

    def follow(self, status: OfficeStatus) -> None:
        """Show ``status`` now and each change of it (another one than before, after Settings)."""
        self._relay.close()
        self._relay = relay = SignalRelay(self._state_arrived)
        self.destroyed.connect(relay.close)
        relay.attach(status.listen(relay))
        self.show_state(status.state)

    def show_state(self, state: OfficeState) -> None:
        """Nothing for this computer's file while it takes every write; the server's name,
        or that the office database cannot take writes now and how many quotes wait."""
        if state.reachable is False and (state.shared or state.waiting):
            text, tooltip = self._away(state)
            palette = self.label.palette()
            palette.setColor(QPalette.ColorRole.WindowText, error_colour())
        elif state.shared and state.where:
            text = arg(self.tr("Office database: %1"), _short(state.where))
            palette = self._bar.palette()
            tooltip = state.where
        else:
            text = tooltip = ""
            palette = self._bar.palette()
        self.label.setPalette(palette)
        self.label.setText(text)
        self.label.setToolTip(tooltip)
        self.label.setVisible(bool(text))

    def _away(self, state: OfficeState) -> tuple[str, str]:
        """The label and tooltip while writes wait: a server away (or refusing), or an office
        file a newer PostalGUI wrote (this version never can write it; its quotes wait too)."""
        problem = office_problem(state.problem)
        where = state.where or (problem.where.removeprefix("file ") if problem is not None else "")
        if problem is not None and problem.kind == "newer":
            text = (
                self.tr("Office database of a newer PostalGUI: %n quote(s) waiting", "", state.waiting)
                if state.waiting
                else self.tr("Office database of a newer PostalGUI")
            )
            tooltip = arg(
                self.tr(
                    "%1 was written by a newer PostalGUI; quotes are kept on this computer and sent "
                    "when a PostalGUI that can open it runs here."
                ),
                where,
            )
        else:
            text = (
                self.tr("Office database unreachable: %n quote(s) waiting", "", state.waiting)
                if state.waiting
                else self.tr("Office database unreachable")
            )
            tooltip = arg(
                self.tr("%1 cannot be reached; quotes are kept on this computer and sent when it is back."),
                where,
            )
        if state.problem:  # the last refusal, in the user's words
            tooltip += "\n" + describe_error(OfficeDatabaseError(state.problem))
        return text, tooltip

    @Slot(OfficeState)
    def _on_state_arrived(self, state: OfficeState) -> None:
        self.show_state(state)
