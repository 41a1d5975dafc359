"""The main window against the real embedded sandbox: overview, status bar, messages."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

import pytest
from keyring.backends import fail
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from postalgui.api.environments import Environment
from postalgui.gui.app import GuiSession
from postalgui.gui.main_window import MainWindow
from postalgui.gui.widgets.message_bar import MessageKind
from postalgui.services.context import AppContext, build_context
from postalgui.services.tasks import TaskRunner
from tests.conftest import SERVER_POOL_THREAD_NAMES, MemoryKeyring

TOKEN_TIMEOUT_MS = 15_000


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

    window = MainWindow(context, runner, tab_factories=[factory])
    qtbot.addWidget(window)
    window.show()
    assert made == [(context, runner)]
    assert window.tabs.count() == 2
    assert window.tabs.tabText(0) == "Prices"
    assert window.tabs.isVisible()
    assert window.tabs.tabText(1) == "Connection"
    assert window.tabs.widget(1) is window.overview


def test_unusable_keyring_is_reported_once(config_dir: Path, qtbot: QtBot, qapp: object) -> None:
    context = build_context(environ={"POSTALGUI_CONFIG_DIR": str(config_dir)}, keyring_backend=fail.Keyring())
    runner = TaskRunner()
    try:
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
    assert context._sandbox is not None
    session.window.close()
    session.shutdown()
    session.shutdown()  # twice is harmless (aboutToQuit and run_gui both call it)
    assert context._sandbox is None
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
    from PySide6.QtCore import Signal

    class Chooser(QLabel):
        settingsApplied = Signal()

    class Follower(QLabel):
        def __init__(self) -> None:
            super().__init__("follower")
            self.calls = 0

        def settings_changed(self) -> None:
            self.calls += 1

    chooser, follower = Chooser("chooser"), Follower()
    window = MainWindow(context, runner, tab_factories=[lambda *_: chooser, lambda *_: follower])
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.settingsApplied):
        chooser.settingsApplied.emit()
    assert follower.calls == 1
