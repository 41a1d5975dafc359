"""The status bar's word on the office database: silent on this computer's file, the
server's name when one is shared, and a warning while it cannot be reached.

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
from postalgui.services.office.status import OfficeState, OfficeStatus

__all__ = ["OfficeStatusLabel"]


def _short(where: str) -> str:
    """``"db.office:5432/postalgui"`` of ``describe``'s URL (the user is in the tooltip)."""
    return where.split("://", 1)[-1].rsplit("@", 1)[-1]


class OfficeStatusLabel(QObject):
    """A label at the left of the status bar's permanent part. Signals: none public."""

    _state_arrived = Signal(object)  # from any thread; queued to the GUI thread

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
        """Nothing for this computer's file; the server's name, or that it is away."""
        if not state.shared:
            self.label.clear()
            self.label.setToolTip("")
            self.label.hide()
            return
        palette = self.label.palette()
        if state.reachable is False:
            if state.waiting:
                text = self.tr("Office database unreachable: %n quote(s) waiting", "", state.waiting)
            else:
                text = self.tr("Office database unreachable")
            palette.setColor(QPalette.ColorRole.WindowText, error_colour())
            tooltip = arg(
                self.tr("%1 cannot be reached; quotes are kept on this computer and sent when it is back."),
                state.where,
            )
            if state.problem:  # the server's last refusal, in the user's words
                tooltip += "\n" + describe_error(OfficeDatabaseError(state.problem))
        else:
            text = arg(self.tr("Office database: %1"), _short(state.where)) if state.where else ""
            palette = self._bar.palette()
            tooltip = state.where
        self.label.setPalette(palette)
        self.label.setText(text)
        self.label.setToolTip(tooltip)
        self.label.setVisible(bool(text))

    @Slot(object)
    def _on_state_arrived(self, state: OfficeState) -> None:
        self.show_state(state)
