"""The connection controller: the token check, its renewal and re-check, the keyring warning.

The main window builds tabs and wires them (Vorta's ``views/main_window.py``); what the
app's connection is doing lives here, in a QObject of its own. It asks for the token in
the background, looks again when the token is due for renewal, says what came back
through signals the window wires to its status bar and overview, and posts its own
messages in the window's message area: a failed check (with the one useful action) and,
once per session, a keyring that keeps nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from postalgui.api.environments import Environment
from postalgui.api.errors import ApiError, CredentialsMissingError, OperatorError
from postalgui.gui.messages import arg, describe_error
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.setting_missing import SettingMissingError

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.connection import ConnectionReport
    from postalgui.services.session import Session

log = logging.getLogger(__name__)

TOKEN_TASK_KEY = "main-window/token"  # noqa: S105  # a task key, not a secret
_RECHECK_LATEST_MS = 6 * 60 * 60 * 1000
_RECHECK_EARLIEST_MS = 30 * 1000


def _token_task(handle: TaskControl, session: Session, renew: bool) -> ConnectionReport:
    """The token check or renewal, its module imported here, in the worker.

    Imported on the GUI thread, it waited on the import lock of `requests` while the
    start-up's first tasks imported it: seconds under load, the window frozen meanwhile
    and a second launch left unanswered.
    """
    # lazy: in the worker thread, not the GUI thread (see the docstring)
    from postalgui.services.connection import current_token, renew_token

    return renew_token(handle, session) if renew else current_token(handle, session)


class ConnectionController(QObject):
    """Checks and renews the token of the session's settings; warns once about the keyring.

    Signals: ``checkStarted()`` when a check or renewal began; ``tokenChecked(object)``
    with its `ConnectionReport`; ``tokenFailed(str)`` with the user-facing error text;
    ``settingsRequested()`` when a message's "Open Settings" was clicked;
    ``loginSessionOnly()`` once, on the sandbox without a keyring (a quiet note beside
    the login instead of a banner).
    """

    checkStarted = Signal()
    tokenChecked = Signal(object)
    tokenFailed = Signal(str)
    settingsRequested = Signal()
    loginSessionOnly = Signal()

    def __init__(
        self, session: Session, runner: TaskRunner, messages: MessageArea, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.runner = runner
        self.messages = messages
        self.report: ConnectionReport | None = None
        self.keyring_missing = False  # found and said (a banner, or the sandbox's quiet note)
        self._handle: TaskHandle | None = None
        self._recheck_timer = QTimer(self)
        self._recheck_timer.setSingleShot(True)
        self._recheck_timer.timeout.connect(self._on_recheck_timer_timeout)

    def check_token(self, *, renew: bool = False) -> TaskHandle:
        """Ask for the current token in the background (``renew``: a fresh one)."""
        self._recheck_timer.stop()
        self.checkStarted.emit()
        self._handle = self.runner.run(
            _token_task,
            self.session,
            renew,
            name="renew token" if renew else "token check",
            key=TOKEN_TASK_KEY,
            on_result=self._on_token_task_result,
            on_error=self._on_token_task_error,
        )
        return self._handle

    def stop(self) -> None:
        """No more checks: the window is closing."""
        self._recheck_timer.stop()
        if self._handle is not None:
            self._handle.cancel()

    def warn_keyring_once(self) -> None:
        """Say once per session that secrets will not survive a restart.

        Not before a background task has looked the keyring up: the window does not
        wait for it (every token check's answer calls this again).
        """
        credentials = self.session.credentials
        if self.keyring_missing or not credentials.resolved or credentials.persistent:
            return
        self.keyring_missing = True
        if self.session.settings.environment is Environment.SANDBOX:
            # The demo login comes back by itself on every start: nothing to lose.
            self.loginSessionOnly.emit()
            return
        self.messages.show_message(
            self.tr(
                "No usable system keyring was found, so your login, access code and tokens are kept for "
                "this session only: you will have to enter them again after a restart. To keep them, "
                "install or unlock a keyring service (GNOME Keyring or KWallet on Linux; Windows "
                "Credential Manager and the macOS Keychain are built in) and restart PostalGUI."
            ),
            MessageKind.WARNING,
            key="keyring",
        )

    @Slot(object)
    def _on_token_task_result(self, report: ConnectionReport) -> None:
        self.report = report
        if report.renew_at is not None:
            self._schedule_recheck(report.renew_at)
        self.messages.clear("token")
        self.warn_keyring_once()
        self.tokenChecked.emit(report)

    @Slot(object)
    def _on_token_task_error(self, error: BaseException) -> None:
        """More than the runner's default: the action that helps, the keyring, the signal."""
        self.report = None
        text = describe_error(error)
        message = arg(self.tr("Could not get a token: %1"), text)
        slot: Callable[[], None]
        if isinstance(error, SettingMissingError) and self.messages.open_settings is not None:
            # The API address, say: Settings open at its field.
            action, slot = self.tr("Open Settings"), partial(self.messages.open_settings, error.settings)
        elif isinstance(error, OperatorError | CredentialsMissingError):
            action, slot = self.tr("Open Settings"), self._on_message_settings_requested
        else:
            action, slot = self.tr("Try again"), self._on_message_retry_requested
        self.messages.show_message(
            message, MessageKind.ERROR, key="token", action_text=action, on_action=slot
        )
        if not isinstance(error, ApiError):
            log.warning("Token check failed: %s", type(error).__name__)
        self.warn_keyring_once()
        self.tokenFailed.emit(text)

    def _schedule_recheck(self, renew_at: datetime) -> None:
        """Look again once the cached token is due for renewal, so the status stays true."""
        due = renew_at - datetime.now(UTC)
        ms = int(due.total_seconds() * 1000) + 5000
        self._recheck_timer.start(max(_RECHECK_EARLIEST_MS, min(ms, _RECHECK_LATEST_MS)))

    @Slot()
    def _on_recheck_timer_timeout(self) -> None:
        self.check_token()

    @Slot()
    def _on_message_retry_requested(self) -> None:
        self.check_token()

    @Slot()
    def _on_message_settings_requested(self) -> None:
        self.settingsRequested.emit()
