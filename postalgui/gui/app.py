"""Start and stop the desktop app.

Start-up is kept short: the context is built without network, the window is shown,
and only then does the first token check (which starts the embedded sandbox in a
background task) begin. Nothing here imports the sandbox's web stack.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Slot
from PySide6.QtWidgets import QApplication, QMessageBox

from postalgui.gui.dialogs.crash_dialog import CrashDialog
from postalgui.gui.i18n import install_translators, resolve_language
from postalgui.gui.main_window import MainWindow
from postalgui.gui.messages import arg
from postalgui.gui.tabs import TabFactory
from postalgui.services.context import AppContext, build_context
from postalgui.services.crash import CrashReporter
from postalgui.services.logs import route_qt_messages, setup_logging
from postalgui.services.settings import ConfigError
from postalgui.services.tasks import TaskRunner

log = logging.getLogger(__name__)

APP_NAME = "PostalGUI"
EXIT_CONFIG_ERROR = 2
SHUTDOWN_TIMEOUT_MS = 5000


class GuiSession(QObject):
    """What lives as long as the window: runner, crash reporter, main window.

    Built with an existing context so tests can run a whole session without
    ``QApplication.exec``. Signals: none.
    """

    def __init__(
        self,
        context: AppContext,
        runner: TaskRunner | None = None,
        tab_factories: Sequence[TabFactory] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.context = context
        self.runner = runner or TaskRunner(self)
        self.crash = CrashReporter(self)
        self.crash.crashed.connect(self._on_crash_crashed)
        self.crash_dialog: CrashDialog | None = None
        self._closed = False
        self.crash.install()
        self.window = MainWindow(context, self.runner, tab_factories)

    def start(self) -> None:
        """Show the window; the first token check (or first-run setup) follows it."""
        self.window.show()
        QTimer.singleShot(0, self.window.start)

    @Slot()
    def shutdown(self) -> None:
        """Cancel background work, stop the sandbox, restore the exception hooks."""
        if self._closed:
            return
        self._closed = True
        if not self.runner.shutdown(SHUTDOWN_TIMEOUT_MS):
            log.warning("Quitting with background tasks still running")
        self.context.close()
        self.crash.uninstall()
        log.info("PostalGUI closed")

    @Slot(str)
    def _on_crash_crashed(self, details: str) -> None:
        if self.crash_dialog is not None and self.crash_dialog.isVisible():
            self.crash_dialog.add_report(details)
            return
        dialog = CrashDialog(details, self.context.paths.log_file, self.window)
        dialog.quitRequested.connect(self._on_crash_dialog_quit_requested)
        self.crash_dialog = dialog
        dialog.open()

    @Slot()
    def _on_crash_dialog_quit_requested(self) -> None:
        QCoreApplication.quit()


def run_gui(argv: list[str]) -> int:
    """Run the desktop app; ``argv`` are Qt's arguments (no program name). Returns the exit code."""
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(["postalgui", *argv])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setDesktopFileName("postalgui")
    try:
        context = build_context()
    except ConfigError as exc:
        translators = install_translators(app, resolve_language(""))
        QMessageBox.critical(
            None,
            APP_NAME,
            arg(
                QCoreApplication.translate(
                    "app",
                    "PostalGUI cannot start because an environment variable is invalid:\n\n%1\n\n"
                    "Correct or remove it and start PostalGUI again.",
                ),
                exc,
            ),
        )
        del translators
        return EXIT_CONFIG_ERROR
    setup_logging(context.paths.log_file)
    route_qt_messages()
    translators = install_translators(app, resolve_language(context.settings.language))
    log.info("PostalGUI starting (%s)", context.env_key)
    session = GuiSession(context)
    app.aboutToQuit.connect(session.shutdown)
    session.start()
    code = app.exec()
    session.shutdown()
    del translators
    return code
