"""Start and stop the desktop app.

Start-up is kept short: the main window's frame (which needs only Qt) is shown and
painted first; then the context is built (settings, keyring, client: no network) and
attached to the window; only then does the first token check begin, in a background
task that also starts the embedded sandbox. Nothing here imports the sandbox's web
stack, and the services are imported only once the frame is on screen; so are the task
runner and anything else that uses Qt's namespace ``Qt`` (its first use makes about a
hundred Python enums, some 20 ms the frame does not need).
"""

from __future__ import annotations

import gc
import logging
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QObject, QTimer, Slot
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox, QWidget

from postalgui.gui.crash import CrashReporter
from postalgui.gui.lifecycle import Launch, SignalQuitter, SingleInstance, instance_name
from postalgui.gui.main_window import MainWindow
from postalgui.gui.messages import arg
from postalgui.gui.tab_factories import TabFactory

if TYPE_CHECKING:
    from postalgui.gui.dialogs.crash_dialog import CrashDialog
    from postalgui.gui.tasks import TaskRunner
    from postalgui.services.context import AppContext

log = logging.getLogger(__name__)

APP_NAME = "PostalGUI"
EXIT_CONFIG_ERROR = 2
EXIT_NOT_ANSWERED = 3  # another instance runs but did not come forward
SHUTDOWN_TIMEOUT_MS = 5000
FOLLOW_AFTER_MS = 8000
"""The Tracking tab starts following in the background this long after the window opens
(the token check and the visible tab's first work come first)."""


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
        window: MainWindow | None = None,
    ) -> None:
        """``window``: a frame already on screen to attach to (start-up); else a new one."""
        # lazy: after the frame shows (start-up): the tasks use Qt's namespace, which makes its enums
        from postalgui.gui.collector import IdleCollector
        from postalgui.gui.tasks import TaskRunner

        super().__init__(parent)
        self.context = context
        self.runner = runner or TaskRunner(self)
        self.crash = CrashReporter(self)
        self.crash.crashed.connect(self._on_crash_crashed)
        self.crash_dialog: CrashDialog | None = None
        self.collector = IdleCollector(self.runner, self)
        self._closed = False
        self.crash.install()
        if window is None:
            window = MainWindow(context, self.runner, tab_factories)
        else:
            window.attach(context, self.runner, tab_factories)
        self.window = window

    def start(self) -> None:
        """Show the window; the first token check (or first-run setup) follows it.

        The content is painted here, once, before the event loop runs: the visible tab's
        first task and the token check start background threads (the HTTP client, the
        sandbox) whose imports would otherwise compete for the GIL with that first paint.
        """
        self.window.show()
        _show_bars_now(self.window)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # sizes first, then paint
        self.window.update()
        _paint_pending_updates()
        self.collector.start()
        QTimer.singleShot(0, self.window, self.window.start)
        QTimer.singleShot(FOLLOW_AFTER_MS, self.window, self.window.start_following)

    @Slot()
    def shutdown(self) -> None:
        """Cancel background work, stop the sandbox, restore the exception hooks."""
        if self._closed:
            return
        self._closed = True
        self.context.stop_sandbox_if_starting()  # tasks waiting for it end now, not in 15 s
        if not self.runner.shutdown(SHUTDOWN_TIMEOUT_MS):
            log.warning("Quitting with background tasks still running")
        self.collector.stop()
        self.context.close()
        self.crash.uninstall()
        log.info("PostalGUI closed")

    @Slot()
    def request_quit(self) -> None:
        """What File > Quit does (the window closes and saves its state), then quit the app.

        The explicit quit covers what closing the window alone may not: another
        top-level window open, or the window already hidden. `shutdown` follows from
        ``aboutToQuit``. A logout, ``kill`` or Ctrl+C come here (`SignalQuitter`).
        """
        self.window.close()
        QCoreApplication.quit()

    @Slot(str)
    def _on_crash_crashed(self, details: str) -> None:
        from postalgui.gui.dialogs.crash_dialog import CrashDialog  # loaded when first needed

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


def _show_bars_now(window: QMainWindow) -> None:
    """Show the menu bar, the status bar and the status bar's labels before the first paint.

    Added to a window already on screen (the frame), each is shown by Qt from the event
    loop (a queued call to the widget); left there, they appeared after the first paint,
    moved the tabs down, and the window was laid out and painted a second time (87
    paints) before its first input. Only the calls queued to these widgets run here.
    """
    for bar in (window.menuBar(), window.statusBar()):
        for widget in (bar, *bar.findChildren(QWidget)):
            QCoreApplication.sendPostedEvents(widget, QEvent.Type.MetaCall)


def _paint_pending_updates() -> None:
    """Paint what is due now, once, as the event loop would (the updates widgets asked
    for, then the window's repaint request). Not `QWidget.repaint`: that painted the
    window but left the updates asked for while it was built pending, and the event loop
    then painted every widget a second time (87 paints) before the first input. With the
    bars shown and the language change handled early, the event loop's work before the
    content mark (bench_startup, profiled under load) went from 50-125 ms to 3-11 ms."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.UpdateLater)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.UpdateRequest)


def application(argv: list[str]) -> QApplication:
    """The running QApplication, or a new one on a UTF-8 character type (`prefer_utf8_ctype`:
    no "Detected locale C" warning on a ``C`` locale)."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    # lazy: loaded once the window's frame is painted (start-up)
    from postalgui.gui.utf8_locale import prefer_utf8_ctype

    prefer_utf8_ctype()
    return QApplication(["postalgui", *argv])


def run_gui(argv: list[str]) -> int:
    """Run the desktop app; ``argv`` are Qt's arguments (no program name). Returns the exit code.

    A second launch for the same user and config folder brings the running window
    forward and returns at once, before any window or context of its own is built.

    Python's automatic garbage collector is off from here until the session's
    `IdleCollector` takes it over (after the first paint), and given back on the way out:
    start-up makes some 57,000 objects that live as long as the app and hardly any
    garbage (about 550 objects, frozen with the rest when the collector starts), yet the
    automatic collector walked them a hundred times on the way to the content painted:
    93 young and 9 middle passes, 21 ms of CPU, now 4 ms (of about 450 ms, under load).
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _run_gui(argv)
    finally:
        if collecting:
            gc.enable()


def _run_gui(argv: list[str]) -> int:
    app = application(argv)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setDesktopFileName("postalgui")
    # lazy: loaded once the window's frame is painted (start-up)
    from postalgui.services.paths import app_paths

    instance = SingleInstance(instance_name(app_paths().config_dir))
    launch = instance.claim()
    if launch is not Launch.FIRST:
        instance.deleteLater()
        if launch is Launch.UNANSWERED:
            if sys.stderr is not None:  # None under pythonw (postalguiw on Windows)
                sys.stderr.write(
                    "PostalGUI is already running but did not answer; not starting a second one.\n"
                )
            return EXIT_NOT_ANSWERED
        return 0
    # lazy: loaded once the window's frame is painted (start-up)
    from postalgui.gui.app_icon import app_icon

    app.setWindowIcon(app_icon())  # the title bar, the task bar and the switcher; not for a second launch
    try:
        return _run_first_instance(app, instance)
    finally:
        instance.window = None  # the window goes with the run, not with the listener
        instance.close()
        instance.deleteLater()


def _frame_speaks_the_language(window: MainWindow) -> None:
    """The bare frame takes the language just installed: its locale, and the translators'
    language change now.

    The frame was built before the language was known, with the system's locale, and
    every widget added to it inherits the frame's: it gets the language's (numbers).
    Handled later, the language change reached every widget built meanwhile (330 of them,
    already speaking the language), which laid out and painted the window a second time
    before its first input (bench_startup).
    """
    window.setLocale(QLocale())
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)


def _run_first_instance(app: QApplication, instance: SingleInstance) -> int:
    """Frame, context, session and event loop (imports lazy: only Qt before the frame paints)."""
    from postalgui.gui.widgets.window_state import WindowState, keep_dialog_state_in
    from postalgui.services.paths import app_paths

    window = MainWindow()  # the frame: no text yet, so it needs no translator
    instance.window = window  # a second launch from now on brings it forward
    window.window_state = WindowState(app_paths().config_dir)
    keep_dialog_state_in(app_paths().config_dir)  # Qt's file dialog state too
    window.window_state.restore_window(window)  # before it shows: no jump
    window.show()
    app.processEvents()  # painted before the rest of the app loads

    from postalgui.gui.i18n import install_translators, remove_translators, resolve_language, saved_language
    from postalgui.gui.logs import route_qt_messages, setup_logging
    from postalgui.services.context import build_context
    from postalgui.services.overrides import ConfigError

    paths = app_paths()
    translators = install_translators(app, resolve_language(saved_language(paths.settings_file)))
    _frame_speaks_the_language(window)
    try:
        context = build_context(look_first=True)
    except ConfigError as exc:
        window.hide()
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
        remove_translators(app, translators)
        return EXIT_CONFIG_ERROR
    setup_logging(context.paths.log_file)
    route_qt_messages()
    log.info("PostalGUI starting (%s)", context.env_key)
    session = GuiSession(context, window=window)
    if not window.isVisible():  # closed while the app was loading: nothing left to run
        session.shutdown()
        remove_translators(app, translators)
        return 0
    app.aboutToQuit.connect(session.shutdown)
    quitter = SignalQuitter(session.request_quit, parent=session)
    quitter.install()  # a logout, kill or Ctrl+C: the same as File > Quit
    session.start()
    try:
        code = app.exec()
    finally:
        session.shutdown()
        quitter.uninstall()
        remove_translators(app, translators)
    return code
