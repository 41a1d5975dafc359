"""The Contracts tab's pages and controllers on their own, over a fake contract service (no network)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from postalgui.api.errors import ApiError
from postalgui.api.models.contracts import Contract, PostingCard, Service
from postalgui.api.models.token import CardGrant, TokenResponse
from postalgui.api.scopes import TokenScope
from postalgui.api.tokens import Token
from postalgui.gui.tabs.contracts.activity import ActivityIndicator
from postalgui.gui.tabs.contracts.desk import Desk
from postalgui.gui.tabs.contracts.list_page import ContractListPage
from postalgui.gui.tabs.contracts.quoting import CardQuoting, quotable
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.contracts.service import ContractService
from postalgui.services.contracts.use_cases import TokenSummary
from postalgui.services.settings import Profile

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


class FakeContractClient:
    """The two contracts a fake company has and one service per card; records the filters it was asked for."""

    def __init__(self) -> None:
        self.asked: list[tuple[str | None, bool | None]] = []
        self.fail = False

    def contracts(self, status: str | None = None, vigente: bool | None = None) -> list[Contract]:
        if self.fail:
            refuse()
        self.asked.append((status, vigente))
        both = [CONTRACT, Contract(nuContrato="9912345679", nuSe=72, status="SUSPENSO")]
        return [c for c in both if status is None or c.status == status]

    def all_card_services(self, nu: str, card: str) -> list[Service]:
        del nu, card
        return [Service(codigo="03298")]


class FakeContractService(ContractService):
    """What the pages ask of `ContractService`, without HTTP or settings: a profile, a client,
    a token and the card switch's save (``save_error`` makes it fail; ``token_error`` the token)."""

    def __init__(self) -> None:  # no session: every member the pages call is here
        self.fake_profile = Profile(contract="9912345678", card="0074512345", dr=72)
        self.fake_client = FakeContractClient()
        self.save_error: OSError | None = None
        self.token_error: ApiError | None = None
        self.expires = datetime(2030, 1, 2, 3, 4, tzinfo=UTC)
        self.used: list[str] = []

    @property
    def profile(self) -> Profile:
        return self.fake_profile

    @property
    def env_key(self) -> str:
        return "sandbox"

    def client(self) -> FakeContractClient:  # type: ignore[override]  # the calls the pages make
        return self.fake_client

    def token(self, scope: TokenScope | None = None, *, fresh: bool = False) -> Token:
        del scope, fresh
        if self.token_error is not None:
            raise self.token_error
        info = TokenResponse(
            expiraEm="2030-01-02T00:04:00",
            token="t",
            cartaoPostagem=CardGrant(numero=self.profile.card, api=[34]),
        )
        return Token("t", self.expires, info)

    def use_card(self, contract: Contract, card: PostingCard, services: list[Service]) -> None:
        del contract, services
        if self.save_error is not None:
            raise self.save_error
        self.used.append(card.nuCartaoPostagem)


@pytest.fixture
def service() -> FakeContractService:
    return FakeContractService()


def desk(service: FakeContractService, runner: TaskRunner, host: Host) -> Desk:
    """The pages' tools, with the fake standing in for `ContractService`."""
    return Desk(service, runner, host.messages, host.activity)


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
    service: FakeContractService, runner: TaskRunner, host: Host, qtbot: QtBot
) -> None:
    service.fake_client.fail = True
    page = ContractListPage(desk(service, runner, host), host)
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
    service: FakeContractService, runner: TaskRunner, host: Host, qtbot: QtBot
) -> None:
    service.save_error = OSError("read-only file system")
    quoting = CardQuoting(desk(service, runner, host), host)
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
    service: FakeContractService, runner: TaskRunner, host: Host, qtbot: QtBot
) -> None:
    service.token_error = ApiError("CON-099: service unavailable", status=503)
    quoting = CardQuoting(desk(service, runner, host), host)
    with qtbot.waitSignals([quoting.cardApplied, quoting.tokenFailed], timeout=WAIT_MS):
        quoting.use(CONTRACT, CARD)
    message = host.messages.message("contracts.quoting")
    assert message is not None
    assert message.kind is MessageKind.WARNING
    assert message.text().startswith("The card is set for quoting, but a token for it could not be obtained:")
    qtbot.waitUntil(lambda: not quoting.renewing, timeout=WAIT_MS)


def test_the_renewed_token_is_reported_with_the_switch(
    service: FakeContractService, runner: TaskRunner, host: Host, qtbot: QtBot
) -> None:
    expires = datetime(2030, 1, 2, 3, 4, tzinfo=UTC)
    service.expires = expires
    report = TokenSummary([34], expires)
    card = CARD.model_copy(update={"nuCartaoPostagem": service.profile.card})
    quoting = CardQuoting(desk(service, runner, host), host)
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


def test_the_list_page_alone_over_a_fake_service(
    host: Host, service: FakeContractService, runner: TaskRunner, qtbot: QtBot
) -> None:
    """The page asks its feature service, never HTTP: a fake one is all it needs."""
    page = ContractListPage(desk(service, runner, host), host)
    with qtbot.waitSignal(page.contractsLoaded, timeout=WAIT_MS) as loaded:
        page.refresh()
    assert loaded.args == [2]
    assert [c.nuContrato for c in page.contract_model.contracts()] == ["9912345678", "9912345679"]
    page.status_combo.setCurrentIndex(page.status_combo.findData("SUSPENSO"))
    qtbot.waitUntil(lambda: [c.nuContrato for c in page.contract_model.contracts()] == ["9912345679"])
    assert service.fake_client.asked[-1] == ("SUSPENSO", None)
