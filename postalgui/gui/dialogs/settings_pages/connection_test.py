"""Test connection: a token fetched with the values on the form, nothing saved.

One component for the dialog's one task (Vorta-style): it runs `check_connection` in
the background under its own key, shows what the token service answered or why it
failed, and is cancelled when the dialog closes or the environment changes.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from postalgui.gui.dialogs.settings_pages.form_parts import note_label
from postalgui.gui.messages import api_list, describe_error, display_cnpj, local_datetime, or_dash, scope_text
from postalgui.services.connection import ConnectionReport, check_connection

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.services.session import Session
    from postalgui.services.settings import Settings

_OK_COLOUR = "#107c10"
_FAIL_COLOUR = "#c42b1c"


class ConnectionTestPanel(QGroupBox):
    """The test button and what the last test found.

    Signals: ``testRequested()`` when the button was clicked (the dialog checks the
    form, then calls `run`); ``testEnded()`` as soon as a test's outcome is known,
    before it is shown; ``connectionTested(object)`` with the `ConnectionReport` or
    the exception the test ended with.
    """

    testRequested = Signal()
    testEnded = Signal()
    connectionTested = Signal(object)

    def __init__(self, session: Session, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.runner = runner
        self.handle: TaskHandle | None = None
        self._key = f"settings-dialog/test-connection/{id(self)}"
        self.setTitle(self.tr("Test connection"))
        intro = note_label(
            self,
            self.tr(
                "Gets a token with the values on the left, without saving them, "
                "and shows what the server says."
            ),
        )
        self.test_button = QPushButton(self.tr("&Test connection"), self)
        self.test_button.setAutoDefault(False)
        self.test_button.clicked.connect(self._on_test_button_clicked)
        self.result_view = QTextBrowser(self)
        self.result_view.setObjectName("testResult")
        self.result_view.setOpenLinks(False)
        self.result_view.setTabChangesFocus(True)
        self.result_view.setAccessibleName(self.tr("Connection test result"))
        self.result_view.setMinimumSize(340, 160)
        self.show_hint()
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        button_row = QHBoxLayout()
        button_row.addWidget(self.test_button)
        button_row.addStretch(1)
        layout.addLayout(button_row)
        layout.addWidget(self.result_view, 1)

    @property
    def busy(self) -> bool:
        return self.handle is not None

    def allow(self, valid: bool) -> None:
        """The button is usable while the form is valid and no test runs."""
        self.test_button.setEnabled(valid and not self.busy)

    def run(self, candidate: Settings, login: str, access_code: str, delegated_key: str) -> None:
        """Fetch a token with ``candidate`` and these secrets, in the background."""
        self.cancel()
        self.test_button.setEnabled(False)
        self.test_button.setText(self.tr("Testing…"))
        self.result_view.setHtml(html.escape(self.tr("Asking the token service…")))
        self.handle = self.runner.run(
            check_connection,
            self.session,
            candidate,
            login,
            access_code,
            delegated_key,
            name="test connection",
            key=self._key,
            on_result=self._on_test_task_result,
            on_error=self._on_test_task_error,
            on_finished=self._on_test_task_finished,
        )

    def cancel(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None
            self.test_button.setText(self.tr("&Test connection"))

    def show_hint(self) -> None:
        self.result_view.setHtml(
            "<p style='color: #6b6b6b'>" + html.escape(self.tr("No test run yet.")) + "</p>"
        )

    def show_failure(self, error: BaseException) -> None:
        title = html.escape(self.tr("Connection failed"))
        self.result_view.setHtml(
            f"<p style='color: {_FAIL_COLOUR}'><b>{title}</b></p><p>{html.escape(describe_error(error))}</p>"
        )

    def result_text(self) -> str:
        """The result panel as plain text (what a screen reader would read)."""
        return self.result_view.toPlainText()

    def _report_rows(self, report: ConnectionReport) -> list[tuple[str, str]]:
        return [
            (self.tr("Environment:"), or_dash(report.ambiente)),
            (self.tr("Profile:"), or_dash(report.perfil)),
            (self.tr("Company CNPJ:"), or_dash(display_cnpj(report.cnpj or ""))),
            (self.tr("Login:"), or_dash(report.login)),
            (self.tr("Issued for:"), scope_text(report.scope)),
            (
                self.tr("Valid until:"),
                local_datetime(report.expires_at) if report.expires_at else self.tr("Unknown"),
            ),
            (self.tr("APIs enabled:"), api_list(report.apis)),
            (self.tr("Server:"), report.base_url),
        ]

    @Slot()
    def _on_test_button_clicked(self) -> None:
        self.testRequested.emit()

    @Slot(object)
    def _on_test_task_result(self, report: ConnectionReport) -> None:
        self._ended()
        table = "".join(
            f"<tr><td style='padding-right: 8px'><b>{html.escape(name)}</b></td>"
            f"<td>{html.escape(value)}</td></tr>"
            for name, value in self._report_rows(report)
        )
        title = html.escape(self.tr("Connected: the token service accepted these settings."))
        self.result_view.setHtml(f"<p style='color: {_OK_COLOUR}'><b>{title}</b></p><table>{table}</table>")
        self.connectionTested.emit(report)

    @Slot(object)
    def _on_test_task_error(self, error: BaseException) -> None:
        """Not the message area: the failure belongs in the panel the user is looking at."""
        self._ended()
        self.show_failure(error)
        self.connectionTested.emit(error)

    @Slot(bool)
    def _on_test_task_finished(self, cancelled: bool) -> None:
        del cancelled
        self._ended()

    def _ended(self) -> None:
        """Button back to normal as soon as the outcome is known (before it is announced)."""
        self.handle = None
        self.test_button.setText(self.tr("&Test connection"))
        self.testEnded.emit()
