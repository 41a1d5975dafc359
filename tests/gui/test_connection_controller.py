"""The connection controller alone, with a fake session: what a token check says and offers."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest
from pytestqt.qtbot import QtBot

from postalgui.api.environments import Environment
from postalgui.api.errors import CredentialsMissingError, TransportError
from postalgui.api.scopes import Scope, TokenScope
from postalgui.gui.connection_controller import ConnectionController
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.setting_missing import SettingMissingError
from postalgui.services.settings import Settings

WAIT_MS = 5000


@dataclass
class FakeTokens:
    """Answers every token request with ``outcome`` (raised when it is an exception)."""

    outcome: object
    asked: list[str] = field(default_factory=list)

    def get(self, scope: TokenScope) -> object:
        self.asked.append("get")
        return self._answer()

    def fetch(self, scope: TokenScope) -> object:
        self.asked.append("fetch")
        return self._answer()

    def _answer(self) -> object:
        if isinstance(self.outcome, BaseException):
            raise self.outcome
        return self.outcome


@dataclass
class FakeSession:
    """The members of `Session` the controller and its tasks use."""

    tokens: FakeTokens
    environment: Environment = Environment.HOMOLOGATION
    persistent: bool = True

    @property
    def settings(self) -> Settings:
        return Settings(environment=self.environment)

    @property
    def credentials(self) -> SimpleNamespace:
        return SimpleNamespace(resolved=True, persistent=self.persistent)

    def backend(self) -> SimpleNamespace:
        return SimpleNamespace(base_url="https://api.example.com", tokens=self.tokens)

    def default_scope(self) -> TokenScope:
        return TokenScope(Scope.LOGIN)


def _token() -> SimpleNamespace:
    return SimpleNamespace(info=None, expires_at=datetime.now(UTC) + timedelta(hours=24), delegated=False)


@pytest.fixture
def task_runner(qapp: object) -> Iterator[TaskRunner]:
    del qapp
    runner = TaskRunner()
    yield runner
    assert runner.shutdown(5000)


def _controller(session: FakeSession, runner: TaskRunner, qtbot: QtBot) -> ConnectionController:
    messages = MessageArea()
    qtbot.addWidget(messages)
    return ConnectionController(session, runner, messages, messages)


def test_a_token_is_reported_and_renewal_fetches_a_fresh_one(task_runner: TaskRunner, qtbot: QtBot) -> None:
    session = FakeSession(FakeTokens(_token()))
    controller = _controller(session, task_runner, qtbot)
    with (
        qtbot.waitSignal(controller.checkStarted),
        qtbot.waitSignal(controller.tokenChecked, timeout=WAIT_MS),
    ):
        controller.check_token()
    assert controller.report is not None
    assert controller.report.base_url == "https://api.example.com"
    with qtbot.waitSignal(controller.tokenChecked, timeout=WAIT_MS):
        controller.check_token(renew=True)
    assert session.tokens.asked == ["get", "fetch"]
    controller.stop()


def test_missing_credentials_offer_the_settings(task_runner: TaskRunner, qtbot: QtBot) -> None:
    controller = _controller(FakeSession(FakeTokens(CredentialsMissingError("none"))), task_runner, qtbot)
    with qtbot.waitSignal(controller.tokenFailed, timeout=WAIT_MS) as failed:
        controller.check_token()
    assert "Settings" in failed.args[0]
    assert controller.report is None
    bar = controller.messages.message("token")
    assert bar is not None
    assert bar.kind is MessageKind.ERROR
    assert bar.action_button is not None
    assert bar.action_button.text() == "Open Settings"
    with qtbot.waitSignal(controller.settingsRequested):
        bar.action_button.click()


def test_a_missing_api_address_opens_the_settings_at_its_field(task_runner: TaskRunner, qtbot: QtBot) -> None:
    asked: list[Sequence[str]] = []
    messages = MessageArea(open_settings=asked.append)  # the window's strip
    qtbot.addWidget(messages)
    session = FakeSession(FakeTokens(SettingMissingError("connection.base_url")))
    controller = ConnectionController(session, task_runner, messages, messages)
    with qtbot.waitSignal(controller.tokenFailed, timeout=WAIT_MS):
        controller.check_token()
    bar = messages.message("token")
    assert bar is not None
    assert bar.action_button is not None
    assert bar.action_button.text() == "Open Settings"  # not "Try again": trying changes nothing
    bar.action_button.click()
    assert asked == [("custom_base_url",)]
    controller.stop()


def test_an_unreachable_server_offers_a_retry(task_runner: TaskRunner, qtbot: QtBot) -> None:
    session = FakeSession(FakeTokens(TransportError("refused")))
    controller = _controller(session, task_runner, qtbot)
    with qtbot.waitSignal(controller.tokenFailed, timeout=WAIT_MS):
        controller.check_token()
    bar = controller.messages.message("token")
    assert bar is not None
    assert bar.action_button is not None
    assert bar.action_button.text() == "Try again"
    session.tokens.outcome = _token()
    with qtbot.waitSignal(controller.tokenChecked, timeout=WAIT_MS):
        bar.action_button.click()
    assert controller.messages.message("token") is None


def test_no_keyring_is_said_once_and_quietly_on_the_sandbox(task_runner: TaskRunner, qtbot: QtBot) -> None:
    controller = _controller(FakeSession(FakeTokens(_token()), persistent=False), task_runner, qtbot)
    controller.warn_keyring_once()
    controller.warn_keyring_once()
    keyring = controller.messages.message("keyring")
    assert keyring is not None
    assert "session only" in keyring.text()
    assert len(controller.messages.messages()) == 1
    sandbox = _controller(
        FakeSession(FakeTokens(_token()), environment=Environment.SANDBOX, persistent=False),
        task_runner,
        qtbot,
    )
    with qtbot.waitSignal(sandbox.loginSessionOnly):
        sandbox.warn_keyring_once()
    assert sandbox.keyring_missing
    assert sandbox.messages.message("keyring") is None
