"""The status bar's permanent part: the environment, the login and the token's state.

Apart from the window so the window only places it and the connection controller's
signals reach it through the window's wiring; it shows what it is told and keeps the
full token text in the tooltip when a long error is elided.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QFrame, QLabel, QStatusBar

from postalgui.gui.messages import arg, token_expiry_text

if TYPE_CHECKING:
    from postalgui.services.connection import ConnectionReport

_STATUS_TEXT_WIDTH = 460  # px before a long error is elided (full text in the tooltip)


class AccountStatus(QObject):
    """Three labels at the right of a status bar, separated by sunken lines. Signals: none."""

    def __init__(self, bar: QStatusBar) -> None:
        super().__init__(bar)
        self.environment_label = QLabel(bar)
        self.environment_label.setToolTip(self.tr("Environment"))
        self.login_label = QLabel(bar)
        self.login_label.setToolTip(self.tr("Login"))
        self.token_label = QLabel(bar)
        for index, label in enumerate((self.environment_label, self.login_label, self.token_label)):
            if index:
                separator = QFrame(bar)
                separator.setFrameShape(QFrame.Shape.VLine)
                separator.setFrameShadow(QFrame.Shadow.Sunken)
                bar.addPermanentWidget(separator)
            label.setContentsMargins(4, 0, 4, 0)
            bar.addPermanentWidget(label)
        self.set_token_text(self.tr("Token not checked yet"))

    def show_account(
        self, environment: str, login: str | None, *, delegated: bool, session_only: bool
    ) -> None:
        """The environment's name and who logs in (``session_only``: no keyring keeps it)."""
        self.environment_label.setText(environment)
        if delegated:
            self.login_label.setText(self.tr("Delegated access key"))
        else:
            self.login_label.setText(login or self.tr("No login set"))
        self.login_label.setToolTip(self.tr("Login"))
        if session_only:
            self.login_label.setText(arg(self.tr("%1 (this session)"), self.login_label.text()))
            self.login_label.setToolTip(
                self.tr(
                    "No usable system keyring: credentials are kept for this session only. "
                    "The sandbox's demo login needs none."
                )
            )

    def show_token_pending(self) -> None:
        self.set_token_text(self.tr("Getting token…"))

    def show_token(self, report: ConnectionReport) -> None:
        if report.expires_at is not None:
            self.set_token_text(token_expiry_text(report.expires_at))
        else:
            self.set_token_text(self.tr("Token valid (no expiry given)"))

    def set_token_text(self, text: str) -> None:
        """``text`` elided to the bar's room, whole in the tooltip."""
        elided = self.token_label.fontMetrics().elidedText(
            text, Qt.TextElideMode.ElideRight, _STATUS_TEXT_WIDTH
        )
        self.token_label.setText(elided)
        self.token_label.setToolTip(text)

    def token_text(self) -> str:
        """The token state in full (the status bar may show it elided)."""
        return self.token_label.toolTip()
