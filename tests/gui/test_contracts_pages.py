"""The Contracts tab's pages and controllers on their own, with failing use cases (no network)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from postalgui.api.errors import ApiError
from postalgui.api.models.contracts import Contract, PostingCard, Service
from postalgui.api.scopes import Scope, TokenScope
from postalgui.gui.tabs.contracts.activity import ActivityIndicator
from postalgui.gui.tabs.contracts.list_page import ContractListPage
from postalgui.gui.tabs.contracts.quoting import CardQuoting, quotable
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services import connection
from postalgui.services.connection import ConnectionReport
from postalgui.services.context import AppContext
from postalgui.services.contracts import use_cases

WAIT_MS = 5_000
CONTRACT = Contract(nuContrato="9912345678", nuSe=72, status="ATIVO")
CARD = PostingCard(nuCartaoPostagem="0074512346", nuContrato="9912345678", nuSe=72, status="ATIVO")


class Host(QWidget):
    """What a page lives in: the tab's message area and activity line."""

    def __init__(self) -> None:
        super().__init__()
        self.messages = MessageArea(self)
        self.activity = ActivityIndicator(self)


@pytest.fixture
def host(qtbot: QtBot) -> Host:
    widget = Host()
    qtbot.addWidget(widget)
    return widget


def refuse(*_args: object, **_kwargs: object) -> object:
    raise ApiError("CON-099: service unavailable", status=503)


def test_activity_shows_the_latest_line_while_any_runs(host: Host) -> None:
    activity = host.activity
    host.show()
    activity.set_activity("a", "Loading contracts…")
    activity.set_activity("b", "Loading cards…")
    assert activity.label.text() == "Loading cards…"
    assert activity.busy_bar.isVisible()
    activity.set_activity("b", None)
    assert activity.label.text() == "Loading contracts…"
    activity.set_activity("a", None)
    assert activity.label.text() == ""
    assert not activity.busy_bar.isVisible()
    assert activity.texts() == []


def test_only_an_active_card_of_an_active_contract_quotes() -> None:
    assert quotable(CONTRACT, CARD)
    assert not quotable(None, CARD)
    assert not quotable(CONTRACT, None)
    assert not quotable(CONTRACT.model_copy(update={"status": "SUSPENSO"}), CARD)
    assert not quotable(CONTRACT, CARD.model_copy(update={"status": "IRREGULAR"}))


def test_a_failed_list_says_so_in_the_summary_and_the_message_area(
    context: AppContext, runner: TaskRunner, host: Host, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(use_cases, "list_contracts", refuse)
    page = ContractListPage(context, runner, host.messages, host.activity, host)
    page.refresh()
    assert page.loading
    assert host.activity.label.text() == "Loading contracts…"
    qtbot.waitUntil(lambda: not page.loading, timeout=WAIT_MS)
    message = host.messages.message("contracts.list")
    assert message is not None
    assert message.text().startswith("The contracts could not be loaded: ")
    assert "CON-099" in message.text()
    assert page.contracts_summary.text() == "The contracts could not be loaded."
    assert host.activity.texts() == []


def test_a_card_switch_that_cannot_save_changes_nothing(
    context: AppContext, runner: TaskRunner, host: Host, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    def cannot_save(*_args: object) -> None:
        raise OSError("read-only file system")

    monkeypatch.setattr(use_cases, "quoting_products", lambda *_args: [Service(codigo="03298")])
    monkeypatch.setattr(context.contracts, "use_card", cannot_save)
    quoting = CardQuoting(context, runner, host.messages, host.activity, host)
    applied: list[bool] = []
    quoting.cardApplied.connect(lambda: applied.append(True))
    with qtbot.waitSignal(quoting.busyChanged, timeout=WAIT_MS, check_params_cb=lambda busy: not busy):
        assert quoting.use(CONTRACT, CARD) is not None
        assert quoting.use(CONTRACT, CARD) is None  # one switch at a time
    message = host.messages.message("contracts.quoting")
    assert message is not None
    assert message.kind is MessageKind.ERROR
    assert message.text().startswith("The settings could not be saved: ")
    assert applied == []
    assert not quoting.renewing


def test_a_card_switch_without_a_token_warns_and_says_so(
    context: AppContext, runner: TaskRunner, host: Host, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(use_cases, "quoting_products", lambda *_args: [Service(codigo="03298")])
    monkeypatch.setattr(context.contracts, "use_card", lambda *_args: None)
    monkeypatch.setattr(connection, "renew_token", refuse)
    quoting = CardQuoting(context, runner, host.messages, host.activity, host)
    with qtbot.waitSignals([quoting.cardApplied, quoting.tokenFailed], timeout=WAIT_MS):
        quoting.use(CONTRACT, CARD)
    message = host.messages.message("contracts.quoting")
    assert message is not None
    assert message.kind is MessageKind.WARNING
    assert message.text().startswith("The card is set for quoting, but a token for it could not be obtained:")
    qtbot.waitUntil(lambda: not quoting.renewing, timeout=WAIT_MS)


def test_the_renewed_token_is_reported_with_the_switch(
    context: AppContext, runner: TaskRunner, host: Host, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    expires = datetime(2030, 1, 2, 3, 4, tzinfo=UTC)
    report = ConnectionReport("http://x", TokenScope(Scope.LOGIN), expires, apis=[34])
    card = CARD.model_copy(update={"nuCartaoPostagem": context.profile.card})
    monkeypatch.setattr(use_cases, "quoting_products", lambda *_args: [Service(codigo="03298")])
    monkeypatch.setattr(context.contracts, "use_card", lambda *_args: None)
    monkeypatch.setattr(connection, "renew_token", lambda *_args: report)
    quoting = CardQuoting(context, runner, host.messages, host.activity, host)
    with qtbot.waitSignal(quoting.tokenRenewed, timeout=WAIT_MS) as renewed:
        quoting.use(CONTRACT, card)
    assert renewed.args == [report]
    message = host.messages.message("contracts.quoting")
    assert message is not None
    assert f"Card {card.nuCartaoPostagem} of contract {CONTRACT.nuContrato} is now used for quoting" in (
        message.text()
    )
    assert "1 product(s)" in message.text()
    assert "Token renewed for the card (valid until " in message.text()


class FakeContractClient:
    """The two contracts a fake company has; records the filters it was asked for."""

    def __init__(self) -> None:
        self.asked: list[tuple[str | None, bool | None]] = []

    def contracts(self, status: str | None = None, vigente: bool | None = None) -> list[Contract]:
        self.asked.append((status, vigente))
        both = [CONTRACT, Contract(nuContrato="9912345679", nuSe=72, status="SUSPENSO")]
        return [c for c in both if status is None or c.status == status]


class FakeContractService:
    """A per-feature service without HTTP: what `AppContext.contracts` hands the page."""

    def __init__(self) -> None:
        self.fake_client = FakeContractClient()

    def client(self) -> FakeContractClient:
        return self.fake_client


def test_the_list_page_alone_over_a_fake_service(
    host: Host, context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    """The page asks its feature service, never HTTP: a fake one is all it needs."""
    service = FakeContractService()
    context.__dict__["contracts"] = service  # the context's facade is a cached property
    page = ContractListPage(context, runner, host.messages, host.activity, host)
    with qtbot.waitSignal(page.contractsLoaded, timeout=WAIT_MS) as loaded:
        page.refresh()
    assert loaded.args == [2]
    assert [c.nuContrato for c in page.contract_model.contracts()] == ["9912345678", "9912345679"]
    page.status_combo.setCurrentIndex(page.status_combo.findData("SUSPENSO"))
    qtbot.waitUntil(lambda: [c.nuContrato for c in page.contract_model.contracts()] == ["9912345679"])
    assert service.fake_client.asked[-1] == ("SUSPENSO", None)
