"""Claims against a stub answering the operator's manual bytes (tests/contract/fixtures):
a claim filed shows its protocol; four desks filing one object at once send one
``cadastra``; a rerun after an unreadable answer sends nothing and says what to do, and
following the object settles it; a reopening shows the operator's result from ``pi``."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

import pytest

from postalgui.api.cancel import PlainTask
from postalgui.api.claims import ClaimsClient
from postalgui.api.client import OperatorClient
from postalgui.api.transport import Transport
from postalgui.sandbox import DEMO
from postalgui.services.claims import use_cases
from postalgui.services.claims.filing import FilingItem, FilingOrder, FilingReport, Result
from postalgui.services.claims.records import ClaimState
from postalgui.services.claims.service import ClaimsService
from postalgui.services.claims.words import result_text
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.office.outgoing import AlreadySentError, Outgoing
from postalgui.services.settings import Profile, Settings
from tests.contract.shapes import raw
from tests.e2e.conftest import CARD
from tests.manual_stub import ManualStub, manual_stub
from tests.office_fixtures import postgres_or_skip
from tests.ports_support import claims_ports

BASE = "/pedido-informacao/v1/externo/pedidos"
CODE = "AA123456785BR"
NOW = datetime(2023, 4, 20, 19, 0, tzinfo=UTC)
SETTINGS = Settings.model_validate({"claims": {"reply_email": "sac@loja.com.br", "phone": "(11) 3003-0100"}})


class StubClaims(ClaimsService):
    """The claims feature of one desk: its own office database connection, the stub as the operator."""

    def __init__(self, operator: OperatorClient, office: OfficeDatabase) -> None:
        profile = Profile(contract=DEMO.contract, card=DEMO.card)
        untracked = SimpleNamespace(statuses=lambda codes: {})  # no object is followed
        super().__init__(claims_ports(office, untracked, SETTINGS, profile=profile, recipients=self._shipped))
        self.operator = operator

    def client(self) -> ClaimsClient:
        return ClaimsClient(self.operator)

    def now(self) -> datetime:
        return NOW

    @staticmethod
    def _shipped(codes: Sequence[str]) -> Mapping[str, str]:
        return dict.fromkeys(codes, "Maria da Silva")


ORDER = FilingOrder([FilingItem(CODE, 132)], "mariasilva@hotmail.com", "11930030100")


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest) -> str:
    return "" if request.param == "sqlite" else postgres_or_skip()


@pytest.fixture
def stub(client: OperatorClient) -> Iterator[tuple[ManualStub, OperatorClient]]:
    with manual_stub() as server:
        operator = OperatorClient(Transport(server.url), client.tokens, CARD)
        yield server, operator
        operator.close()


def desk(tmp_path: Path, url: str, login: str) -> OfficeDatabase:
    return OfficeDatabase(tmp_path, "sandbox", url, author=lambda: login, allow_password_in_url=True)


def test_four_desks_filing_one_object_at_once_send_one_cadastra(
    stub: tuple[ManualStub, OperatorClient], tmp_path: Path, url: str
) -> None:
    server, operator = stub
    others_done = threading.Event()

    def answer(body: bytes) -> tuple[int, bytes]:
        others_done.wait(timeout=30)  # the sender is mid-call while the other desks try
        return 200, raw("claims-cadastra-answer")

    server.answer("POST", f"{BASE}/cadastra", answer)
    offices = [desk(tmp_path, url, f"desk-{n}") for n in range(4)]
    reports: dict[int, FilingReport] = {}
    start = threading.Barrier(4)

    def run(n: int) -> None:
        start.wait(timeout=30)
        reports[n] = use_cases.file_claims(PlainTask(), StubClaims(operator, offices[n]), ORDER)
        if sum(report.results[0].result is Result.BEING_SENT for report in reports.values()) == 3:
            others_done.set()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    for office in offices:
        office.close()
    assert server.count("POST", f"{BASE}/cadastra") == 1
    results = sorted((report.results[0] for report in reports.values()), key=lambda r: r.result.value)
    assert [r.result for r in results] == [Result.BEING_SENT] * 3 + [Result.FILED]
    assert results[-1].protocol == "123456789"
    sender = next(r for r in results if r.result is Result.FILED)
    assert sender.protocol == "123456789"
    assert all(result_text(r, "en").startswith("Being sent by desk-") for r in results[:3])


def test_an_unreadable_answer_is_kept_and_a_rerun_sends_nothing_until_following_settles_it(
    stub: tuple[ManualStub, OperatorClient], tmp_path: Path
) -> None:
    server, operator = stub
    server.answer("POST", f"{BASE}/cadastra", b"<html>Gateway says hello</html>")
    server.answer("GET", f"{BASE}/acompanha", raw("claims-acompanha-answer"))
    office = desk(tmp_path, "", "ana")
    service = StubClaims(operator, office)
    (first,) = use_cases.file_claims(PlainTask(), service, ORDER).results
    assert first.result is Result.UNREADABLE
    kept = service.book().get(CODE)
    assert kept is not None
    assert (kept.state, kept.answer) == (ClaimState.UNREADABLE, "<html>Gateway says hello</html>")

    (rerun,) = use_cases.file_claims(
        PlainTask(), StubClaims(operator, desk(tmp_path, "", "bia")), ORDER
    ).results
    assert rerun.result is Result.HELD
    assert "follow it" in result_text(rerun, "en")
    assert server.count("POST", f"{BASE}/cadastra") == 1  # nothing sent again

    use_cases.follow_claims(PlainTask(), service, [CODE])
    settled = service.book().get(CODE)
    assert settled is not None
    assert (settled.state, settled.protocol) == (ClaimState.FILED, "123456789")
    assert settled.last_event == "BDE/00 Entregue 30/01/2023"
    (after,) = use_cases.file_claims(PlainTask(), service, ORDER).results
    assert after.result is Result.BLOCKED
    again = use_cases.file_claims(PlainTask(), service, ORDER, again=True)
    assert again.results[0].result is Result.BLOCKED  # filed: not even on purpose
    assert server.count("POST", f"{BASE}/cadastra") == 1
    office.close()


def test_a_reopening_shows_the_operators_result_and_is_written_down_once(
    stub: tuple[ManualStub, OperatorClient], tmp_path: Path
) -> None:
    server, operator = stub
    server.answer("POST", f"{BASE}/cadastra", raw("claims-cadastra-answer"))
    server.answer("POST", f"{BASE}/reativa", raw("claims-reativa-answer"))
    office = desk(tmp_path, "", "ana")
    service = StubClaims(operator, office)
    use_cases.file_claims(PlainTask(), service, ORDER)
    result = use_cases.reopen_claim(PlainTask(), service, CODE, "Atraso de 4 dias", "ver rastreio")
    assert (result.protocol, result.reopened, result.return_code) == ("123456789", True, 0)
    assert result.message == "Olá, sua manifestação foi reativada com sucesso."
    (line,) = Outgoing(office).lines(unsettled_only=False)
    assert (line.kind, line.key, line.result) == ("claim-reopen", "123456789", "0")
    server.answer("POST", f"{BASE}/reativa", b"not json")
    with pytest.raises(Exception, match="could not be read"):
        use_cases.reopen_claim(PlainTask(), service, CODE, "De novo")
    with pytest.raises(AlreadySentError):
        use_cases.reopen_claim(PlainTask(), service, CODE, "E de novo")
    assert server.count("POST", f"{BASE}/reativa") == 2
    office.close()
