"""Desktop notifications for objects that need a person, behind a small `Notifier` protocol.

The tab hands the new alerts of each load (`new_alerts`: once per object and status for
this login) to `notify_alerts`, which turns several into one sentence ("7 objects need
attention: 3 waiting at a branch, 4 late"). `TrayNotifier` shows it through the system
tray when there is one; tests hand in a recorder (the offscreen platform has no tray).
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Callable, Sequence
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QObject, Slot
from PySide6.QtWidgets import QApplication, QSystemTrayIcon

from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.tabs.tracking.words import alert_word, status_word
from postalgui.services.tracking.status import Status
from postalgui.services.tracking.watchlist import LATE, Alert

__all__ = ["Notifier", "TrayNotifier", "alert_message"]

_ORDER = (
    Status.AWAITING_PICKUP.value,
    Status.RETURNED.value,
    Status.PROBLEM.value,
    Status.ATTEMPT_FAILED.value,
    LATE,
)


class Notifier(Protocol):
    """Shows one notification; ``codes`` are the objects it is about."""

    def notify(self, title: str, text: str, codes: Sequence[str]) -> None: ...


def alert_message(alerts: Sequence[Alert]) -> tuple[str, str]:
    """The title and text of one notification for ``alerts`` (at least one)."""
    title = QCoreApplication.translate("TrayNotifier", "PostalGUI tracking")
    codes = list(dict.fromkeys(alert.code for alert in alerts))
    tally = Tally(alert.kind for alert in alerts)
    kinds = sorted(tally, key=lambda kind: _ORDER.index(kind) if kind in _ORDER else len(_ORDER))
    if len(alerts) == 1:
        return title, _one(alerts[0])
    parts = ", ".join(alert_word(kind, tally[kind]) for kind in kinds)
    if len(codes) == 1:
        return title, arg(
            QCoreApplication.translate("TrayNotifier", "%1 needs attention: %2"), codes[0], parts
        )
    return title, arg(
        QCoreApplication.translate("TrayNotifier", "%1 objects need attention: %2"),
        app_locale().toString(len(codes)),
        parts,
    )


def _one(alert: Alert) -> str:
    if alert.kind == LATE:
        return arg(QCoreApplication.translate("TrayNotifier", "%1 is late"), alert.code)
    return arg(
        QCoreApplication.translate("TrayNotifier", "%1: %2"), alert.code, status_word(Status(alert.kind))
    )


class TrayNotifier(QObject):
    """A tray icon that shows notifications (created when first needed; only with a tray).

    ``clicked(codes)`` is called when the user clicks the last notification shown.
    """

    def __init__(
        self, parent: QObject | None = None, clicked: Callable[[list[str]], None] | None = None
    ) -> None:
        super().__init__(parent)
        self._tray: QSystemTrayIcon | None = None
        self._codes: list[str] = []
        self._clicked = clicked

    @staticmethod
    def available() -> bool:
        return QSystemTrayIcon.isSystemTrayAvailable()

    def notify(self, title: str, text: str, codes: Sequence[str]) -> None:
        if not self.available():
            return
        if self._tray is None:
            self._tray = QSystemTrayIcon(QApplication.windowIcon(), self)
            self._tray.messageClicked.connect(self._on_tray_message_clicked)
            self._tray.show()
        self._codes = list(codes)
        self._tray.showMessage(title, text, QSystemTrayIcon.MessageIcon.Information, 10_000)

    @Slot()
    def _on_tray_message_clicked(self) -> None:
        if self._clicked is not None:
            self._clicked(self._codes)
