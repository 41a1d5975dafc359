"""The main window: builds the tabs, the menus and the status bar, and wires them.

It holds no feature logic: tabs come from `postalgui.gui.tab_factories.TAB_FACTORIES` (or
the ``tab_factories`` a test hands in) and talk to the services they are given; the token
check, its renewal and the keyring warning are the `ConnectionController`'s, the status
bar's labels the `AccountStatus`'s, the tab keys the `TabNavigation`'s, a tab's request
to show another tab the `TabRoutes`'. Only the tab on screen is built at start; the others
wait as a `TabPlaceholder` under their label until they are first shown, so start-up pays
for one tab.

The window is built in two steps so that it is on screen at once: the frame (title,
size, an empty centre: no text, so no translator yet) needs only Qt, and
`MainWindow.attach` builds everything else (menus, status bar, message strip, tabs or
the overview) once the translators and the app's context exist. This module therefore
imports widgets, services and the client only where they are used.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Signal, Slot
from PySide6.QtWidgets import QMainWindow, QWidget

from postalgui.api.environments import Environment
from postalgui.gui.handoff_routes import TabRoutes
from postalgui.gui.messages import environment_name
from postalgui.gui.mnemonics import mnemonic_letter, with_mnemonic
from postalgui.gui.settings_notice import show_settings_notice
from postalgui.gui.tab_factories import TAB_FACTORIES, BackgroundFactory, TabFactory, first_tab_first
from postalgui.gui.tabs.contract import FollowsSettings, Handoffs
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.window_state import WindowState

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent

    from postalgui.gui.account_status import AccountStatus
    from postalgui.gui.connection_controller import ConnectionController
    from postalgui.gui.connection_overview import ConnectionOverview
    from postalgui.gui.dialogs.settings_dialog import SettingsDialog
    from postalgui.gui.following import FollowingStarter
    from postalgui.gui.office_status import OfficeStatusLabel
    from postalgui.gui.tab_navigation import TabNavigation
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.services.connection import ConnectionReport
    from postalgui.services.context import AppContext

__all__ = ["ConnectionTab", "MainWindow", "TabPlaceholder", "mnemonic_letter", "with_mnemonic"]


class TabPlaceholder(QWidget):
    """Holds a tab's place (and its factory) until the tab is first shown."""

    def __init__(self, factory: TabFactory, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.factory = factory


class ConnectionTab:
    """The Connection tab's `TabFactory`: the window's `ConnectionOverview`, built when first
    shown (start-up pays for the visible tab only) with the account and the token state it
    would have shown by then. ``wire`` connects a new overview to the window.

    It holds the window weakly: the window holds it, and a cycle through a window would
    leave the window to the garbage collector, which may delete it at any moment (a crash
    while a task of its tab still runs)."""

    def __init__(self, window: MainWindow, wire: Callable[[ConnectionOverview], None]) -> None:
        self._window = weakref.ref(window)
        self._wire = weakref.WeakMethod(wire)
        self._overview: ConnectionOverview | None = None
        self._token: Callable[[ConnectionOverview], None] | None = None

    @property
    def built(self) -> bool:
        return self._overview is not None

    def label(self) -> str:
        return QCoreApplication.translate("MainWindow", "Connection")

    def build(self, context: AppContext, runner: TaskRunner, handoffs: Handoffs) -> QWidget:
        del context, runner, handoffs  # the overview reads the window's context when shown
        return self.overview()

    def overview(self) -> ConnectionOverview:
        """The overview, built now if it was not yet."""
        if self._overview is None:
            # lazy: loaded when the Connection tab is first shown (start-up)
            from postalgui.gui.connection_overview import ConnectionOverview

            window, wire = self._window(), self._wire()
            if window is None or wire is None:  # only the window asks for it, while it lives
                raise RuntimeError("the Connection tab's window is gone")
            self._overview = overview = ConnectionOverview(window.centralWidget())
            wire(overview)
            overview.show_account(window.context)
            if self._token is not None:
                self._token(overview)
        return self._overview

    def show(self, step: Callable[[ConnectionOverview], None], *, token: bool = False) -> None:
        """``step`` on the overview if it is built; a ``token`` state is kept for when it is."""
        if token:
            self._token = step
        if self._overview is not None:
            step(self._overview)


class MainWindow(QMainWindow):
    """Tabs (or the connection overview), menus, message strip and status bar.

    Tabs ask it for navigation only, through its `Handoffs` (``handoffs``): show the
    Tracking tab, open a draft or a return in the Shipping tab (its `TabRoutes`), open
    Settings at a field, follow settings a tab saved.

    Signals: ``settingsApplied()`` after the user saved new settings, so tabs can
    re-read the context; ``tokenChecked(object)`` with a `ConnectionReport`;
    ``tokenFailed(str)`` with the user-facing error text.
    """

    settingsApplied = Signal()
    tokenChecked = Signal(object)
    tokenFailed = Signal(str)

    # Built by `attach`: the frame alone has none of these.
    context: AppContext
    runner: TaskRunner
    connection: ConnectionController
    account_status: AccountStatus
    office_status: OfficeStatusLabel

    def __init__(
        self,
        context: AppContext | None = None,
        runner: TaskRunner | None = None,
        tab_factories: Sequence[TabFactory] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        """The frame; with ``context`` and ``runner`` also its content (see `attach`)."""
        super().__init__(parent)
        self._settings_dialog: SettingsDialog | None = None
        self._first_run_dialog = False
        self._replacing_tab = False
        self._settings_noticed = False  # what reading the settings file found was said
        self._following: FollowingStarter | None = None
        self.window_state: WindowState | None = None  # where the window was (run_gui sets it early)

        self.resize(1100, 720)
        self.setWindowTitle("PostalGUI")
        self.setCentralWidget(QWidget(self))
        if context is not None and runner is not None:
            self.attach(context, runner, tab_factories)

    def attach(
        self, context: AppContext, runner: TaskRunner, tab_factories: Sequence[TabFactory] | None = None
    ) -> None:
        """Build menus, status bar, tabs (or the overview) and warnings for ``context``.

        Everything with text is built here, after the translators are installed.
        """
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.account_status import AccountStatus
        from postalgui.gui.office_status import OfficeStatusLabel

        self.context = context
        self.runner = runner
        self.handoffs = Handoffs(self)
        self.routes = TabRoutes(self.handoffs, self.show_tab)
        self.handoffs.settingsRequested.connect(self._on_handoffs_settings_requested)
        self.handoffs.settingsApplied.connect(self._on_handoffs_settings_applied)
        if self.window_state is None:
            self.window_state = WindowState(context.paths.config_dir)
            self.window_state.restore_window(self)
        self._build_actions()
        self._build_menus()
        factories = TAB_FACTORIES if tab_factories is None else tab_factories
        self._build_central(first_tab_first(factories, context.first_tab))
        self.account_status = AccountStatus(self.statusBar())
        self.environment_label = self.account_status.environment_label
        self.login_label = self.account_status.login_label
        self.office_status = OfficeStatusLabel(self.statusBar())
        self._wire_connection()
        if self.context.settings_read:  # else once the first paint is done (`start`)
            self.read_settings()
        else:
            self.refresh_account()
        self.connection.warn_keyring_once()

    # --- construction --------------------------------------------------------------------

    def _build_actions(self) -> None:
        # lazy: loaded once the window's frame is painted (start-up; Qt's namespace makes its enums)
        from PySide6.QtCore import Qt
        from PySide6.QtGui import QAction, QKeySequence

        self.settings_action = QAction(self.tr("&Settings…"), self)
        self.settings_action.setShortcut(QKeySequence("Ctrl+,"))
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.settings_action.triggered.connect(self._on_settings_action_triggered)

        self.renew_action = QAction(self.tr("&Renew token"), self)
        # Ctrl+F5, not F5: F5 refreshes the page in focus (the invoice list), and one key
        # claimed twice does nothing at all (Qt's "Ambiguous shortcut overload").
        self.renew_action.setShortcut(QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_F5))
        self.renew_action.setStatusTip(self.tr("Ask the token service for a new token now"))
        self.renew_action.triggered.connect(self._on_renew_action_triggered)

        # Not from the dialog's module: that loads the office database's tables (SQLAlchemy).
        self.sent_action = QAction(self.tr("&Unanswered sends…"), self)
        self.sent_action.setStatusTip(
            self.tr("Calls whose answer was lost or unreadable: say what became of them")
        )
        self.sent_action.triggered.connect(self._on_sent_action_triggered)

        self.quit_action = QAction(self.tr("&Quit"), self)
        self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(self._on_quit_action_triggered)

        self.about_action = QAction(self.tr("&About PostalGUI"), self)
        self.about_action.setShortcut(QKeySequence(Qt.Key.Key_F1))
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self._on_about_action_triggered)

        self.log_folder_action = QAction(self.tr("Open &log folder"), self)
        self.log_folder_action.setShortcut(QKeySequence("Ctrl+Shift+L"))
        self.log_folder_action.triggered.connect(self._on_log_folder_action_triggered)

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        file_menu.addAction(self.settings_action)
        file_menu.addAction(self.renew_action)
        file_menu.addAction(self.sent_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        help_menu.addAction(self.about_action)
        help_menu.addAction(self.log_folder_action)

    def _build_central(self, factories: Sequence[TabFactory]) -> None:
        # lazy: loaded once the window's frame is painted (start-up)
        from PySide6.QtWidgets import QTabWidget, QVBoxLayout

        from postalgui.gui.tab_navigation import TabNavigation
        from postalgui.gui.widgets.message_bar import MessageArea

        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(8, 8, 8, 0)
        self.messages = MessageArea(central, open_settings=self.handoffs.open_settings)
        layout.addWidget(self.messages)
        self.setCentralWidget(central)
        self.connection_tab = ConnectionTab(self, self._wire_overview)
        self.tabs = QTabWidget(central)
        self.tabs.setDocumentMode(True)
        taken = {mnemonic_letter(action.text()) for action in self.menuBar().actions()}
        self._factories = list(factories)  # by index: a tab built replaces its placeholder there
        for factory in factories:  # labels only: a tab is built when first shown
            label = factory.label()
            if getattr(factory, "ALT_LETTER", True):  # one whose letters are all taken: Ctrl+digit
                label = with_mnemonic(label, taken)
            self.tabs.addTab(TabPlaceholder(factory, self.tabs), label)
        if self.tabs.count():
            # The overview stays reachable as the last tab: "as whom are we connected?"
            connection = TabPlaceholder(self.connection_tab, self.tabs)
            self.tabs.addTab(connection, with_mnemonic(self.connection_tab.label(), taken))
            layout.addWidget(self.tabs, 1)
            self.built_tab(self.tabs.currentIndex())
            self.tabs.currentChanged.connect(self._on_tabs_current_changed)
            self.navigation: TabNavigation | None = TabNavigation(self, self.tabs)
        else:
            self.navigation = None
            self.tabs.hide()
            layout.addWidget(self.connection_tab.overview(), 1)
        central.show()  # now, not from the event loop: the session paints it before any task starts

    def _wire_connection(self) -> None:
        """The connection controller's news reach the status bar, the overview and the renew action."""
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.connection_controller import ConnectionController

        controller = ConnectionController(self.context, self.runner, self.messages, self)
        controller.checkStarted.connect(self._on_connection_check_started)
        controller.tokenChecked.connect(self._on_connection_token_checked)
        controller.tokenFailed.connect(self._on_connection_token_failed)
        controller.settingsRequested.connect(self._on_connection_settings_requested)
        controller.loginSessionOnly.connect(self._on_connection_login_session_only)
        self.connection = controller

    def _wire_overview(self, overview: ConnectionOverview) -> None:
        overview.settingsRequested.connect(self._on_overview_settings_requested)
        overview.renewRequested.connect(self._on_overview_renew_requested)

    @property
    def overview(self) -> ConnectionOverview:
        """The connection overview: the Connection tab (built now if it was not yet), or the
        centre of a window without tabs."""
        if not self.connection_tab.built:
            for index in range(self.tabs.count()):
                widget = self.tabs.widget(index)
                if isinstance(widget, TabPlaceholder) and widget.factory is self.connection_tab:
                    self.built_tab(index)
        return self.connection_tab.overview()

    def built_tab(self, index: int) -> QWidget:
        """The tab at ``index``, built now if it still is a placeholder.

        The tab is built with the context as it is now, so settings changed before it
        was built need no forwarding.
        """
        placeholder = self.tabs.widget(index)
        if placeholder is None:
            raise IndexError(index)
        if not isinstance(placeholder, TabPlaceholder):
            return placeholder
        tab = placeholder.factory.build(self.context, self.runner, self.handoffs)
        current, label = self.tabs.currentIndex(), self.tabs.tabText(index)
        self._replacing_tab = True  # the removal moves the current index: build nothing else
        try:
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, tab, label)
            self.tabs.setCurrentIndex(current)
        finally:
            self._replacing_tab = False
        placeholder.deleteLater()
        return tab

    def show_tab(self, factory: TabFactory) -> QWidget | None:
        """The tab ``factory`` makes, built now if it was not yet, on top; ``None`` without one."""
        if factory not in self._factories:
            return None
        index = self._factories.index(factory)
        tab = self.built_tab(index)
        self.tabs.setCurrentIndex(index)
        return tab

    @Slot()
    def start_following(self) -> None:
        """Build the tabs that follow the operator in the background (Tracking's refresh and
        notifications, the Claims follow-up), unseen, in a session where nobody opens them.
        The app calls it a while after the window opened: the window's first paint does not
        wait for it, nor its event loop for their modules (`FollowingStarter`)."""
        if self._following is None:
            # lazy: a while after the window opened
            from postalgui.gui.following import FollowingStarter

            self._following = FollowingStarter(self._unseen_following, self.built_tab, self.runner)
            self._following.setParent(self)
        self._following.start()

    def _unseen_following(self) -> list[tuple[int, str]]:
        return [
            (index, widget.factory.MODULE)
            for index in range(self.tabs.count())
            if isinstance(widget := self.tabs.widget(index), TabPlaceholder)
            and isinstance(widget.factory, BackgroundFactory)
        ]

    @Slot(list)
    def _on_handoffs_settings_requested(self, fields: list[str]) -> None:
        self.open_settings(fields)

    @Slot(int)
    def _on_tabs_current_changed(self, index: int) -> None:
        if not self._replacing_tab and index >= 0:
            self.built_tab(index)

    def read_settings(self) -> None:
        """The settings file read in full, if the first paint read only a first look at it
        (`SettingsInForce`): what the read found wrong is said now, and the title and the
        status bar follow what it holds. Once per window."""
        if not self._settings_noticed:
            self._settings_noticed = True
            show_settings_notice(self.messages, self.context.store, self._on_message_settings_requested)
            self.refresh_account()

    # --- state shown ------------------------------------------------------------------------

    def refresh_account(self) -> None:
        """Title, status bar and overview from the context's current settings."""
        environment = self.context.environment  # the first paint reads no more of the settings
        custom = self.context.settings.custom_base_url if environment is Environment.CUSTOM else ""
        name = environment_name(environment, custom)
        self.setWindowTitle(f"PostalGUI \N{EM DASH} {name}")
        # On the sandbox without a keyring the demo login is for this session; it needs none.
        session_only = self.connection.keyring_missing and environment is Environment.SANDBOX
        self.account_status.show_account(
            name, self.context.login, delegated=self.context.delegated, session_only=session_only
        )
        self.connection_tab.show(lambda overview: overview.show_account(self.context))
        self.office_status.follow(self.context.office().status)  # no database opened here

    def token_text(self) -> str:
        """The token state in full (the status bar may show it elided)."""
        return self.account_status.token_text()

    @property
    def report(self) -> ConnectionReport | None:
        """What the last token check found; None before one or after a failure."""
        return self.connection.report

    # --- token checks -----------------------------------------------------------------------

    def start(self) -> None:
        """Called once the window is on screen: first-run setup, then the first token check.

        On a first run the token check waits for the settings dialog, so the sandbox is
        not started for an environment the user is about to leave.
        """
        self.read_settings()
        if not self.context.saved_settings.first_run_done:
            self._first_run_dialog = True
            self.open_settings()
            return
        self.check_token()

    def check_token(self, *, renew: bool = False) -> TaskHandle:
        """Ask for the current token in the background (``renew``: a fresh one)."""
        return self.connection.check_token(renew=renew)

    @Slot()
    def _on_connection_check_started(self) -> None:
        self.account_status.show_token_pending()
        self.connection_tab.show(lambda overview: overview.show_token_pending(), token=True)
        self.renew_action.setEnabled(False)

    @Slot(object)
    def _on_connection_token_checked(self, report: ConnectionReport) -> None:
        self.renew_action.setEnabled(True)
        self.account_status.show_token(report)
        self.connection_tab.show(lambda overview: overview.show_token(report), token=True)
        self.refresh_account()  # the login, now that the keyring was read
        self.tokenChecked.emit(report)

    @Slot(str)
    def _on_connection_token_failed(self, text: str) -> None:
        self.renew_action.setEnabled(True)
        self.account_status.set_token_text(text)
        self.connection_tab.show(lambda overview: overview.show_token_error(text), token=True)
        self.refresh_account()
        self.tokenFailed.emit(text)

    @Slot()
    def _on_connection_login_session_only(self) -> None:
        self.refresh_account()

    # --- settings -----------------------------------------------------------------------------

    def open_settings(self, fields: Sequence[str] = ()) -> SettingsDialog:
        """Show the settings dialog (one at a time) at the first of ``fields`` (profile
        field names, a missing setting's); returns it."""
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.dialogs.settings_dialog import SettingsDialog

        dialog = self._settings_dialog
        if dialog is not None:
            dialog.raise_()
            dialog.activateWindow()
        else:
            dialog = SettingsDialog(self.context, self.runner, self, first_run=self._first_run_dialog)
            dialog.accepted.connect(self._on_settings_dialog_accepted)
            dialog.finished.connect(self._on_settings_dialog_finished)
            self._settings_dialog = dialog
            dialog.open()
        if fields:
            dialog.show_field(fields[0])
        return dialog

    @Slot()
    def _on_settings_dialog_accepted(self) -> None:
        dialog = self._settings_dialog
        self.refresh_account()
        self.messages.clear("settings-file")
        if dialog is not None and dialog.language_changed:
            self.messages.show_message(
                self.tr("The new language will be used the next time PostalGUI starts."),
                MessageKind.INFO,
                key="language",
            )
        self.settingsApplied.emit()
        self._tell_tabs_settings_changed()
        self.check_token()

    @Slot()
    def _on_handoffs_settings_applied(self) -> None:
        """A tab saved settings (it renews the token itself): every view follows them."""
        self.refresh_account()
        self.settingsApplied.emit()
        self._tell_tabs_settings_changed()
        self.check_token()  # the status bar shows the token of the new scope

    def _tell_tabs_settings_changed(self) -> None:
        """Built tabs re-read the settings; a placeholder's tab reads them when built."""
        for index in range(self.tabs.count()):
            tab = self.tabs.widget(index)
            if isinstance(tab, FollowsSettings):
                tab.settings_changed()

    @Slot(int)
    def _on_settings_dialog_finished(self, result: int) -> None:
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.dialogs.settings_dialog import SettingsDialog

        dialog, self._settings_dialog = self._settings_dialog, None
        if dialog is not None:
            dialog.deleteLater()
        if self._first_run_dialog:
            self._first_run_dialog = False
            if not self.context.saved_settings.first_run_done:
                # Cancelled: do not ask again on the next start.
                saved = self.context.saved_settings
                if not self.context.store.read_only:  # a newer PostalGUI's file is never overwritten
                    self.context.apply(saved.model_copy(update={"first_run_done": True}))
            if result != SettingsDialog.DialogCode.Accepted.value:
                self.check_token()

    # --- slots ---------------------------------------------------------------------------------

    @Slot()
    def _on_settings_action_triggered(self) -> None:
        self.open_settings()

    @Slot()
    def _on_overview_settings_requested(self) -> None:
        self.open_settings()

    @Slot()
    def _on_message_settings_requested(self) -> None:
        self.open_settings()

    @Slot()
    def _on_renew_action_triggered(self) -> None:
        self.check_token(renew=True)

    @Slot()
    def _on_overview_renew_requested(self) -> None:
        self.check_token(renew=True)

    @Slot()
    def _on_connection_settings_requested(self) -> None:
        self.open_settings()

    @Slot()
    def _on_quit_action_triggered(self) -> None:
        self.close()

    @Slot()
    def _on_sent_action_triggered(self) -> None:
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.dialogs.sent_dialog import open_sent_dialog

        open_sent_dialog(self, self.context.office, self.runner)

    @Slot()
    def _on_about_action_triggered(self) -> None:
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.dialogs.about import show_about

        show_about(self, self.context.paths.log_file)

    def about_text(self) -> str:
        """What About says: the version, every tab and what it is for, then the log file."""
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.dialogs.about import about_text

        return about_text(self.context.paths.log_file)

    @Slot()
    def _on_log_folder_action_triggered(self) -> None:
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.dialogs.about import open_log_folder

        open_log_folder(self.messages, self.context.paths.log_file.parent)

    # --- events --------------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        """Stop what belongs to the window; the session shuts the runner down."""
        # lazy: loaded once the window's frame is painted (start-up)
        from PySide6.QtWidgets import QDialog

        connection: ConnectionController | None = getattr(self, "connection", None)  # None: a frame alone
        if connection is not None:
            connection.stop()
        for dialog in self.findChildren(QDialog):
            if dialog.isVisible():
                dialog.reject()  # settings: nothing saved; crash report: already logged
        if self.window_state is not None:
            self.window_state.save(self)
        super().closeEvent(event)
