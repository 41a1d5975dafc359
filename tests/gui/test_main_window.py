"""The main window against the real embedded sandbox: overview, status bar, messages."""

from __future__ import annotations

import gc
import json
import re
import sys
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

import pytest
from keyring.backends import fail
from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from postalgui.api.environments import Environment
from postalgui.gui import i18n
from postalgui.gui.app import GuiSession
from postalgui.gui.main_window import MainWindow, TabPlaceholder
from postalgui.gui.messages import token_expiry_text
from postalgui.gui.tab_factories import TAB_FACTORIES, price_tab
from postalgui.gui.tabs.contract import Handoffs
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageKind
from postalgui.sandbox.demo import DEMO
from postalgui.services.context import AppContext, build_context
from tests.conftest import SERVER_POOL_THREAD_NAMES, MemoryKeyring

TOKEN_TIMEOUT_MS = 15_000


@dataclass
class FakeTab:
    """A `TabFactory` for tests: a fixed label and a function that builds the widget."""

    text: str
    make: Callable[[AppContext, TaskRunner], QWidget]

    def label(self) -> str:
        return self.text

    def build(self, context: AppContext, runner: TaskRunner, handoffs: Handoffs) -> QWidget:
        del handoffs  # a tab asks the window through them: the tests here ask `window.handoffs`
        return self.make(context, runner)


def _label(text: str) -> Callable[[AppContext, TaskRunner], QWidget]:
    """A builder of a QLabel tab titled ``text``."""

    def make(context: AppContext, runner: TaskRunner) -> QWidget:
        del context, runner
        tab = QLabel(text)
        tab.setWindowTitle(text)
        return tab

    return make


def _keyring_bars(window: MainWindow) -> list[str]:
    return [bar.text() for bar in window.messages.messages() if "keyring" in bar.text()]


def test_window_without_tabs_shows_the_connection_overview(window: MainWindow) -> None:
    assert window.windowTitle() == "PostalGUI \N{EM DASH} Sandbox"
    assert window.tabs.count() == 0
    assert window.tabs.isHidden()
    assert window.overview.isVisible()
    assert window.overview.environment_value.text() == "Sandbox"
    assert window.overview.login_value.text() == "empresa.demo"
    assert window.overview.cnpj_value.text() == "11.222.333/0001-81"
    assert window.overview.contract_value.text() == "9912345678"
    assert window.overview.card_value.text() == "0074512345"
    assert window.overview.dr_value.text() == "72"
    assert window.environment_label.text() == "Sandbox"
    assert window.login_label.text() == "empresa.demo"
    assert window.size().width() == 1100


def test_status_bar_reaches_valid_until_against_the_sandbox(window: MainWindow, qtbot: QtBot) -> None:
    with qtbot.waitSignal(window.tokenChecked, timeout=TOKEN_TIMEOUT_MS) as blocker:
        window.check_token()
        assert window.token_text() == "Getting token…"
        assert not window.renew_action.isEnabled()
    report = blocker.args[0]
    assert report.ambiente == "LOCAL"
    assert window.token_text().startswith("Token valid until ")
    assert "not checked" not in window.token_text()
    assert report.expires_at is not None
    assert window.token_text() == token_expiry_text(report.expires_at)  # 24 h: "tomorrow" or a time
    assert window.overview.token_state_value.text() == "Valid"
    assert "34 Preço" in window.overview.apis_value.text()
    assert window.overview.base_url_value.text().startswith("http://127.0.0.1:")
    assert window.renew_action.isEnabled()
    assert window.messages.message("token") is None


def test_renew_token_fetches_a_new_token(window: MainWindow, qtbot: QtBot) -> None:
    with qtbot.waitSignal(window.tokenChecked, timeout=TOKEN_TIMEOUT_MS):
        window.check_token()
    with qtbot.waitSignal(window.tokenChecked, timeout=TOKEN_TIMEOUT_MS):
        window.overview.renew_button.click()
    assert window.token_text().startswith("Token valid until ")


def test_refused_credentials_show_the_operator_code_and_offer_settings(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    context.apply(context.saved_settings, login="empresa.demo", access_code="not-the-code")
    window = MainWindow(context, runner, tab_factories=[])
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.tokenFailed, timeout=TOKEN_TIMEOUT_MS) as blocker:
        window.check_token()
    assert blocker.args[0].startswith("GTW-002: Usuário ou código de acesso inválido")
    assert window.token_text().startswith("GTW-002:")
    bar = window.messages.message("token")
    assert bar is not None
    assert bar.kind is MessageKind.ERROR
    assert bar.action_button is not None
    assert bar.action_button.text() == "Open Settings"
    bar.action_button.click()
    dialog = window._settings_dialog
    assert dialog is not None
    assert dialog.isVisible()
    dialog.reject()
    window.close()


def test_tabs_come_from_the_registry(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    made: list[tuple[AppContext, TaskRunner]] = []

    def factory(ctx: AppContext, task_runner: TaskRunner) -> QWidget:
        made.append((ctx, task_runner))
        tab = QLabel("prices")
        tab.setWindowTitle("Prices")
        return tab

    window = MainWindow(context, runner, tab_factories=[FakeTab("Prices", factory)])
    qtbot.addWidget(window)
    window.show()
    assert made == [(context, runner)]
    assert window.tabs.count() == 2
    assert window.tabs.tabText(0) == "&Prices"  # each title gets its Alt+letter
    assert window.tabs.isVisible()
    assert window.tabs.tabText(1) == "&Connection"
    assert isinstance(window.tabs.widget(1), TabPlaceholder)  # built when first shown
    window.tabs.setCurrentIndex(1)
    assert window.tabs.widget(1) is window.overview


def test_the_connection_tab_is_built_when_first_shown_with_the_token_it_missed(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    """Start-up builds the visible tab only: the Connection tab's overview waits, and once
    opened it shows the account and the token checked while it was not there."""
    window = MainWindow(context, runner, tab_factories=[FakeTab("Prices", _label("prices"))])
    qtbot.addWidget(window)
    window.show()
    assert not window.findChildren(QWidget, "connectionOverview")
    with qtbot.waitSignal(window.tokenChecked, timeout=TOKEN_TIMEOUT_MS):
        window.check_token()
    assert not window.findChildren(QWidget, "connectionOverview")
    window.tabs.setCurrentIndex(1)
    assert window.tabs.currentWidget() is window.overview
    assert window.overview.token_state_value.text() == "Valid"
    assert window.overview.login_value.text() == "empresa.demo"
    assert "34 Preço" in window.overview.apis_value.text()


def test_a_window_is_freed_without_the_garbage_collector(context: AppContext, runner: TaskRunner) -> None:
    """No reference cycle through the window (its Connection tab holds it weakly): a window
    left to the collector is deleted whenever it runs, perhaps while its tab's task runs."""
    window = MainWindow(context, runner, tab_factories=[FakeTab("Prices", _label("prices"))])
    gone = weakref.ref(window)
    gc.disable()
    try:
        del window
        assert gone() is None
    finally:
        gc.enable()


def test_unusable_keyring_on_the_sandbox_is_a_quiet_note(
    config_dir: Path, qtbot: QtBot, qapp: object
) -> None:
    """The demo login comes back by itself: no banner over the work, a note beside the login."""
    context = build_context(environ={"POSTALGUI_CONFIG_DIR": str(config_dir)}, keyring_backend=fail.Keyring())
    runner = TaskRunner()
    try:
        window = MainWindow(context, runner, tab_factories=[])
        qtbot.addWidget(window)
        window.show()
        with qtbot.waitSignal(window.tokenChecked, timeout=TOKEN_TIMEOUT_MS):
            window.check_token()
        assert _keyring_bars(window) == []
        assert window.login_label.text() == "empresa.demo (this session)"
        assert "session only" in window.login_label.toolTip()
        window.refresh_account()  # a settings change keeps the note
        assert window.login_label.text() == "empresa.demo (this session)"
        window.close()
    finally:
        assert runner.shutdown(15000)
        context.close()


def test_unusable_keyring_is_reported_once(
    config_dir: Path, qtbot: QtBot, qapp: object, shared_sandbox: str
) -> None:
    context = build_context(environ={"POSTALGUI_CONFIG_DIR": str(config_dir)}, keyring_backend=fail.Keyring())
    runner = TaskRunner()
    try:
        settings = context.saved_settings.updated(
            environment=Environment.CUSTOM, custom_base_url=shared_sandbox
        )
        context.apply(settings, login="empresa.demo", access_code=DEMO.access_code)
        window = MainWindow(context, runner, tab_factories=[])
        qtbot.addWidget(window)
        window.show()
        assert len(_keyring_bars(window)) == 1
        assert "session only" in _keyring_bars(window)[0]
        assert "GNOME Keyring" in _keyring_bars(window)[0]
        with qtbot.waitSignal(window.tokenChecked, timeout=TOKEN_TIMEOUT_MS):
            window.check_token()
        assert len(_keyring_bars(window)) == 1
        bar = window.messages.message("keyring")
        assert bar is not None
        bar.close_button.click()
        assert _keyring_bars(window) == []
        with qtbot.waitSignal(window.tokenChecked, timeout=TOKEN_TIMEOUT_MS):
            window.check_token()
        assert _keyring_bars(window) == []
        window.close()
    finally:
        assert runner.shutdown(15000)
        context.close()


def test_working_keyring_gives_no_warning(window: MainWindow) -> None:
    assert window.messages.messages() == []


def test_unreadable_settings_file_is_reported(
    config_dir: Path, memory_keyring: MemoryKeyring, qtbot: QtBot
) -> None:
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.json").write_text("{not json", encoding="utf-8")
    context = build_context(environ={"POSTALGUI_CONFIG_DIR": str(config_dir)}, keyring_backend=memory_keyring)
    runner = TaskRunner()
    try:
        window = MainWindow(context, runner, tab_factories=[])
        qtbot.addWidget(window)
        bar = window.messages.message("settings-file")
        assert bar is not None
        assert "could not be read" in bar.text()
        assert bar.kind is MessageKind.WARNING
    finally:
        runner.shutdown(15000)
        context.close()


def test_the_window_is_built_on_a_first_look_and_reads_the_settings_after(
    config_dir: Path, memory_keyring: MemoryKeyring, qtbot: QtBot
) -> None:
    """The window's first paint reads a first look at the settings file (issue 40): the
    Prices form shows the file's origin, the title its environment; what is wrong with
    the rest is said once the file is read in full, after the first paint."""
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.json").write_text(
        json.dumps(
            {
                "first_run_done": True,
                "environment": "homologacao",
                "prices": {"origin_cep": "70002900"},
                "language": "klingon",  # the first look does not read it
            }
        ),
        encoding="utf-8",
    )
    context = build_context(
        environ={"POSTALGUI_CONFIG_DIR": str(config_dir)}, keyring_backend=memory_keyring, look_first=True
    )
    runner = TaskRunner()
    try:
        window = MainWindow(context, runner, tab_factories=[price_tab])
        qtbot.addWidget(window)
        assert not context.settings_read
        assert window.messages.message("settings-file") is None
        assert "Homologa" in window.windowTitle()
        form = window.tabs.widget(0).form  # type: ignore[attr-defined]  # the Prices tab
        assert form.route.origin_edit.text() == "70002-900"
        window.read_settings()
        assert context.settings_read
        bar = window.messages.message("settings-file")
        assert bar is not None
        assert "defaults: Language" in bar.text()
        window.read_settings()  # once per window
        assert window.messages.messages() == [bar]
    finally:
        runner.shutdown(15000)
        context.close()


def test_first_run_opens_settings_once_then_checks_the_token(
    window: MainWindow, context: AppContext, config_dir: Path, qtbot: QtBot
) -> None:
    assert not context.saved_settings.first_run_done
    window.start()
    dialog = window._settings_dialog
    assert dialog is not None
    assert dialog.isVisible()
    assert dialog.welcome_label.isVisible()
    with qtbot.waitSignal(window.tokenChecked, timeout=TOKEN_TIMEOUT_MS):
        dialog.reject()
    assert context.saved_settings.first_run_done
    saved = json.loads((config_dir / "settings.json").read_text(encoding="utf-8"))
    assert saved["first_run_done"] is True
    with qtbot.waitSignal(window.tokenChecked, timeout=TOKEN_TIMEOUT_MS):
        window.start()
    assert window._settings_dialog is None


def test_saving_settings_refreshes_the_window(window: MainWindow, qtbot: QtBot) -> None:
    with qtbot.waitSignal(window.tokenChecked, timeout=TOKEN_TIMEOUT_MS):
        window.check_token()
    dialog = window.open_settings()
    dialog.card_edit.setText("74512346")
    dialog.card_edit.editingFinished.emit()
    with (
        qtbot.waitSignal(window.settingsApplied, timeout=TOKEN_TIMEOUT_MS),
        qtbot.waitSignal(window.tokenChecked, timeout=TOKEN_TIMEOUT_MS) as blocker,
    ):
        dialog.ok_button.click()
    assert blocker.args[0].scope.card == "0074512346"
    assert window.overview.card_value.text() == "0074512346"
    assert "34 Preço" in window.overview.apis_value.text()
    assert "36 Pré-postagem" not in window.overview.apis_value.text()


def _python_threads() -> set[threading.Thread]:
    """Real Python threads (Qt pool threads show up as dummies and are checked apart)."""
    return {
        t
        for t in threading.enumerate()
        if t.is_alive()
        and not isinstance(t, threading._DummyThread)
        and t.name not in SERVER_POOL_THREAD_NAMES
    }


def test_session_quits_cleanly(context: AppContext, qtbot: QtBot) -> None:
    hooks = (sys.excepthook, threading.excepthook)
    threads_before = _python_threads()
    session = GuiSession(context, tab_factories=[])
    qtbot.addWidget(session.window)
    assert sys.excepthook != hooks[0]
    context.apply(context.saved_settings.model_copy(update={"first_run_done": True}))
    with qtbot.waitSignal(session.window.tokenChecked, timeout=TOKEN_TIMEOUT_MS):
        session.start()
    assert context.uses_embedded_sandbox
    assert context._sandbox.started
    session.window.close()
    session.shutdown()
    session.shutdown()  # twice is harmless (aboutToQuit and run_gui both call it)
    assert not context._sandbox.started
    assert session.runner.active_count == 0
    assert (sys.excepthook, threading.excepthook) == hooks
    assert _python_threads() - threads_before == set()  # the sandbox's server thread is gone


def test_crash_report_opens_the_crash_dialog(context: AppContext, qtbot: QtBot) -> None:
    session = GuiSession(context, tab_factories=[])
    qtbot.addWidget(session.window)
    try:
        session.crash.crashed.emit("Traceback (most recent call last):\nValueError: boom")
        dialog = session.crash_dialog
        assert dialog is not None
        assert dialog.isVisible()
        assert "ValueError: boom" in dialog.details()
        session.crash.crashed.emit("Traceback (most recent call last):\nKeyError: again")
        assert session.crash_dialog is dialog
        assert "KeyError: again" in dialog.details()
        dialog.close_button.click()
    finally:
        session.shutdown()


@pytest.mark.parametrize(
    ("environment", "title"),
    [(Environment.HOMOLOGATION, "Homologation"), (Environment.PRODUCTION, "Production")],
)
def test_title_and_status_name_the_environment(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, environment: Environment, title: str
) -> None:
    context.apply(context.saved_settings.model_copy(update={"environment": environment}))
    window = MainWindow(context, runner, tab_factories=[])
    qtbot.addWidget(window)
    assert window.windowTitle() == f"PostalGUI \N{EM DASH} {title}"
    assert window.environment_label.text() == title
    assert window.login_label.text() == "No login set"


def test_a_tab_that_changes_settings_makes_every_tab_follow(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    class Follower(QLabel):
        def __init__(self) -> None:
            super().__init__("follower")
            self.calls = 0

        def settings_changed(self) -> None:
            self.calls += 1

    chooser, follower = QLabel("chooser"), Follower()
    window = MainWindow(
        context,
        runner,
        tab_factories=[FakeTab("chooser", lambda *_: chooser), FakeTab("follower", lambda *_: follower)],
    )
    qtbot.addWidget(window)
    window.tabs.setCurrentIndex(1)  # built when first shown
    assert window.tabs.widget(1) is follower
    with qtbot.waitSignal(window.settingsApplied):
        window.handoffs.settings_changed()  # the chooser saved settings (the card quoting uses)
    assert follower.calls == 1


# --- lazy tabs ----------------------------------------------------------------------------------


def _counting_window(context: AppContext, runner: TaskRunner, qtbot: QtBot, built: list[str]) -> MainWindow:
    """A window of three fake tabs that note in ``built`` each tab they build."""

    def counted(text: str) -> FakeTab:
        make = _label(text)

        def build(ctx: AppContext, task_runner: TaskRunner) -> QWidget:
            built.append(text)
            return make(ctx, task_runner)

        return FakeTab(text, build)

    window = MainWindow(context, runner, tab_factories=[counted(t) for t in ("one", "two", "three")])
    qtbot.addWidget(window)
    window.show()
    return window


def test_the_start_builds_only_the_first_tab(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    built: list[str] = []
    window = _counting_window(context, runner, qtbot, built)
    assert built == ["one"]
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == [
        "&one",
        "&two",
        "th&ree",
        "&Connection",
    ]
    assert isinstance(window.tabs.widget(0), QLabel)
    assert isinstance(window.tabs.widget(1), TabPlaceholder)
    assert isinstance(window.tabs.widget(2), TabPlaceholder)
    assert isinstance(window.tabs.widget(3), TabPlaceholder)  # the Connection tab, built when first shown
    assert window.tabs.currentIndex() == 0


def test_switching_builds_a_tab_once(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    built: list[str] = []
    window = _counting_window(context, runner, qtbot, built)
    window.tabs.setCurrentIndex(2)
    assert built == ["one", "three"]
    tab = window.tabs.widget(2)
    assert isinstance(tab, QLabel)
    assert tab.text() == "three"
    assert window.tabs.currentIndex() == 2
    assert window.tabs.currentWidget() is tab
    assert window.tabs.tabText(2) == "th&ree"
    assert isinstance(window.tabs.widget(1), TabPlaceholder)  # the neighbour waits still
    window.tabs.setCurrentIndex(0)
    window.tabs.setCurrentIndex(2)
    window.tabs.setCurrentIndex(3)
    assert built == ["one", "three"]
    assert window.tabs.widget(2) is tab


def test_a_settings_change_reaches_built_tabs_and_later_tabs_read_it(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    class Follower(QLabel):
        def __init__(self, ctx: AppContext) -> None:
            super().__init__("follower")
            self.card_at_start = ctx.profile.card
            self.calls = 0

        def settings_changed(self) -> None:
            self.calls += 1

    made: list[Follower] = []

    def follower(ctx: AppContext, task_runner: TaskRunner) -> QWidget:
        del task_runner
        made.append(Follower(ctx))
        return made[-1]

    chooser = QLabel("chooser")
    window = MainWindow(
        context,
        runner,
        tab_factories=[
            FakeTab("first", follower),
            FakeTab("chooser", lambda *_: chooser),
            FakeTab("late", follower),
        ],
    )
    qtbot.addWidget(window)
    window.tabs.setCurrentIndex(1)
    assert len(made) == 1
    settings = context.saved_settings
    profile = settings.profile().model_copy(update={"card": "0074512346"})
    context.apply(settings.with_profile(settings.environment, profile))
    with qtbot.waitSignal(window.settingsApplied):
        window.handoffs.settings_changed()  # the chooser saved settings: every built tab follows
    assert made[0].calls == 1
    window.tabs.setCurrentIndex(2)
    assert len(made) == 2
    assert made[1].card_at_start == "0074512346"  # built on the new settings, no call needed
    assert made[1].calls == 0
    with qtbot.waitSignal(window.settingsApplied):
        window.handoffs.settings_changed()
    assert [tab.calls for tab in made] == [2, 1]
    window.close()


def test_the_app_tabs_are_labelled_before_they_are_built(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    window = MainWindow(context, runner)
    qtbot.addWidget(window)
    labels = [factory.label() for factory in TAB_FACTORIES]
    assert labels[:5] == ["Prices", "Invoices and slips", "Contracts and cards", "Branches", "Attendances"]
    assert labels[5:] == ["Tracking", "Claims", "Shipping", "Overview"]
    texts = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert texts == [  # Alt+letter
        "&Prices",
        "&Invoices and slips",
        "&Contracts and cards",
        "&Branches",
        "&Attendances",
        "&Tracking",
        "Claims",  # every letter taken: Ctrl+7
        "Shipping",  # every letter taken: Ctrl+8
        "Overview",  # its letters would take the Claims tab's: Ctrl+9
        "C&onnection",
    ]
    assert not isinstance(window.tabs.widget(0), TabPlaceholder)
    assert all(isinstance(window.tabs.widget(i), TabPlaceholder) for i in (1, 2, 3, 4, 5))
    for index, label in enumerate(labels):
        assert window.built_tab(index).windowTitle() == label
        assert window.tabs.tabText(index).replace("&", "") == label
    QCoreApplication.processEvents()  # the tabs' start-up timers run while the tabs live
    window.close()


def test_tab_labels_are_translated_with_the_tabs_strings(qapp: QCoreApplication) -> None:
    """A label is translated in its tab's context, so it matches the built tab's title (but for
    an Alt letter of its own: Rastreamento's S, as R is taken on the Attendances tab)."""
    default = QLocale()
    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        labels = [factory.label() for factory in TAB_FACTORIES]
    finally:
        i18n.remove_translators(qapp, installed)
        QLocale.setDefault(default)
    assert labels[:5] == ["Preços", "Faturas e boletos", "Contratos e cartões", "Agências", "Atendimentos"]
    assert labels[5:] == ["Ra&streamento", "Reclamações", "Envios", "Visão geral"]


def test_about_shows_the_version_and_what_the_app_does(window: MainWindow, qapp: QCoreApplication) -> None:
    text = window.about_text()
    assert f"PostalGUI {version('postalgui')}" in text
    assert "invoices, payment slips" in text
    assert str(window.context.paths.log_file.name) in text
    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        assert "faturas, boletos" in window.about_text()
    finally:
        i18n.remove_translators(qapp, installed)


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_about_names_every_tab_with_what_it_is_for(
    window: MainWindow, qapp: QCoreApplication, language: str
) -> None:
    """Every tab the window shows (each factory's label, then Connection) is in About, with its line."""
    installed = i18n.install_translators(qapp, language)
    try:
        text = window.about_text()
        labels = [factory.label() for factory in TAB_FACTORIES]
        labels.append(QCoreApplication.translate("MainWindow", "Connection"))
        assert len(labels) == 10
        for label in labels:
            shown = label.replace("&", "")
            assert re.search(rf"<li><b>{re.escape(shown)}</b>: \w", text), label
    finally:
        i18n.remove_translators(qapp, installed)
