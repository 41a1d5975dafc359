"""The claims core against the real sandbox over HTTP: candidates from the tracked
parcels, filing with per-object answers, a second filing stopped here, following as the
sandbox clock moves until the compensation shows in tracking, and reopening a refusal."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from postalgui.api.cancel import PlainTask
from postalgui.api.claims import ClaimsClient
from postalgui.api.client import OperatorClient
from postalgui.api.deadline import DeadlineClient
from postalgui.api.tracking import TrackingClient
from postalgui.api.values.claims import Manifestation
from postalgui.sandbox import DEMO
from postalgui.sandbox.invoice_data import object_label
from postalgui.services.claims import use_cases
from postalgui.services.claims.candidates import Kind
from postalgui.services.claims.filing import FilingItem, FilingOrder, Result
from postalgui.services.claims.records import ClaimState, Outcome
from postalgui.services.claims.service import ClaimsService
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.ports import NewObject
from postalgui.services.settings import Profile, Settings
from postalgui.services.tracking import use_cases as tracking
from postalgui.services.tracking.offers import TrackingOffer
from postalgui.services.tracking.service import TrackingService
from postalgui.services.tracking.status import Status
from tests.e2e.conftest import SandboxControl
from tests.ports_support import claims_ports, tracking_ports

DAY = 86_400.0
SETTINGS = Settings.model_validate({"claims": {"reply_email": "sac@loja.com.br", "phone": "(11) 3003-0100"}})


def merit_drawn(serial: int, rejected: bool) -> str:
    """A label whose late claim the sandbox judges with merit (or without, ``rejected``)."""
    while True:
        label = object_label("QC", serial)
        if (random.Random(f"claim-merit/{label}").random() < 0.15) == rejected:
            return label
        serial += 1


LATE = merit_drawn(4_000_001, rejected=False)
LATE_REFUSED = merit_drawn(4_100_001, rejected=True)
ON_TIME = object_label("QC", 4_200_001)
COMING = object_label("QC", 4_300_001)


class SandboxTracking(TrackingService):
    def __init__(self, operator: OperatorClient, office: OfficeDatabase, sandbox: SandboxControl) -> None:
        super().__init__(tracking_ports(office, SETTINGS))
        self.operator, self.sandbox = operator, sandbox

    def client(self) -> TrackingClient:
        return TrackingClient(self.operator)

    def deadlines(self) -> DeadlineClient:
        return DeadlineClient(self.operator)

    def now(self) -> datetime:
        return self.sandbox.now().astimezone(UTC)


class SandboxClaims(ClaimsService):
    """The feature over clients built by hand on the session's sandbox, lots of two."""

    def __init__(self, operator: OperatorClient, office: OfficeDatabase, sandbox: SandboxControl) -> None:
        self.tracking = SandboxTracking(operator, office, sandbox)
        profile = Profile(contract=DEMO.contract, card=DEMO.card)
        ports = claims_ports(
            office,
            TrackingOffer(lambda: self.tracking),
            SETTINGS,
            profile=profile,
            clock=self.tracking.now,
            recipients=self._shipped,
        )
        super().__init__(ports)
        self.operator = operator

    def client(self) -> ClaimsClient:
        return ClaimsClient(self.operator, lot=2)

    @staticmethod
    def _shipped(codes: Sequence[str]) -> Mapping[str, str]:
        """Every object came from a pre-posting to Maria da Silva (the recipients' port)."""
        return dict.fromkeys(codes, "Maria da Silva")


@pytest.fixture
def service(client: OperatorClient, tmp_path: Path, sandbox: SandboxControl) -> Iterator[SandboxClaims]:
    office = OfficeDatabase(tmp_path, "sandbox", author=lambda: "clerk.a")
    now = sandbox.now()
    sandbox.register_object(LATE, now - timedelta(days=20), "late")
    sandbox.register_object(LATE_REFUSED, now - timedelta(days=20), "late")
    sandbox.register_object(ON_TIME, now - timedelta(days=20), "on_time")
    sandbox.register_object(COMING, now - timedelta(hours=2), "on_time")
    codes = [LATE, LATE_REFUSED, ON_TIME, COMING]
    following = SandboxClaims(client, office, sandbox)
    tracking.add_objects(PlainTask(), following.tracking, [NewObject(c) for c in codes], source="paste")
    tracking.refresh(PlainTask(), following.tracking, codes)
    yield following
    office.close()


def filings(sandbox: SandboxControl) -> int:
    """Filing calls the sandbox received."""
    return sum(n for key, n in sandbox.stats()["requests"].items() if "pedidos/cadastra" in key)


def test_the_late_parcels_are_candidates_filed_once_followed_until_paid(
    service: SandboxClaims, sandbox: SandboxControl
) -> None:
    found = use_cases.candidates(PlainTask(), service)
    assert [c.code for c in found.candidates] == sorted([LATE, LATE_REFUSED])
    assert {c.kind for c in found.candidates} == {Kind.LATE}
    assert found.waiting == 1  # COMING: not late yet, the operator would answer 544
    order = FilingOrder.of(found.candidates, email=SETTINGS.claims.reply_email, phone=SETTINGS.claims.phone)
    order = FilingOrder([*order.items, FilingItem(ON_TIME, 135)], order.email, order.phone)
    report = use_cases.file_claims(PlainTask(), service, order)
    by_code = {result.code: result for result in report.results}
    assert by_code[LATE].result is Result.FILED
    assert by_code[LATE].protocol is not None
    assert len(by_code[LATE].protocol or "") == 10
    assert (by_code[ON_TIME].result, by_code[ON_TIME].return_code) == (Result.REFUSED, 530)
    assert (report.filed, report.refused) == (2, 1)

    sent = filings(sandbox)
    again = use_cases.file_claims(
        PlainTask(), service, FilingOrder([FilingItem(LATE, 135)], order.email, order.phone)
    )
    assert [result.result for result in again.results] == [Result.BLOCKED]
    assert filings(sandbox) == sent  # stopped here: nothing sent
    assert use_cases.candidates(PlainTask(), service).filed == 2

    sandbox.advance_clock(6 * DAY)  # 3 business days: closed
    followed = use_cases.follow_claims(PlainTask(), service)
    assert followed.asked == 2
    book = service.book()
    late, refused = book.get(LATE), book.get(LATE_REFUSED)
    assert late is not None
    assert late.outcome is Outcome.ACCEPTED
    assert late.max_delivery is not None
    assert refused is not None
    assert refused.outcome is Outcome.REFUSED
    assert refused.reply

    sandbox.advance_clock(9 * DAY)  # 5 more business days: paid, an IDC event in tracking
    assert use_cases.follow_claims(PlainTask(), service).paid == 1
    paid = book.get(LATE)
    assert paid is not None
    assert paid.outcome is Outcome.PAID
    (watched,) = [w for w in service.tracking.watchlist().objects() if w.code == LATE]
    assert watched.status is Status.COMPENSATED

    months = use_cases.money_back(PlainTask(), service)
    assert sum(month.paid for month in months) == 1
    assert sum(month.refused for month in months) == 1


def test_a_refused_claim_is_reopened_and_an_unknown_one_is_said(
    service: SandboxClaims, sandbox: SandboxControl
) -> None:
    order = FilingOrder(
        [FilingItem(LATE_REFUSED, 135)], "sac@loja.com.br", "11930030100", Manifestation.COMPENSATION
    )
    use_cases.file_claims(PlainTask(), service, order)
    sandbox.advance_clock(6 * DAY)
    use_cases.follow_claims(PlainTask(), service)
    result = use_cases.reopen_claim(
        PlainTask(), service, LATE_REFUSED, "O atraso foi de 4 dias úteis", "ver rastreio"
    )
    assert (result.reopened, result.return_code) == (True, 512)
    reopened = service.book().get(LATE_REFUSED)
    assert reopened is not None
    assert reopened.outcome is Outcome.REOPENED
    again = use_cases.reopen_claim(PlainTask(), service, LATE_REFUSED, "de novo")
    assert (again.reopened, again.return_code) == (False, 590)
    with pytest.raises(ValueError, match="no filed claim"):
        use_cases.reopen_claim(PlainTask(), service, ON_TIME, "sem reclamação")


def test_a_lost_answer_leaves_the_claim_unconfirmed_and_following_finds_it_filed(
    service: SandboxClaims, sandbox: SandboxControl
) -> None:
    book = service.book()
    book.reserve([{"code": LATE, "reason": 135, "manifestation": "I", "package": "C"}], service.now())
    book.unconfirmed([LATE])  # as a call whose answer never came leaves it
    sandbox_filed = ClaimsClient(service.operator).file(
        DEMO.contract, DEMO.card, "11930030100",
        [FilingOrder([FilingItem(LATE, 135, "Maria")], "sac@loja.com.br", "11930030100").requests()[0]],
    )  # fmt: skip
    assert sandbox_filed[0].protocol is not None  # the call that "got lost" reached the operator
    assert book.get(LATE) is not None
    use_cases.follow_claims(PlainTask(), service, [LATE])
    found = book.get(LATE)
    assert found is not None
    assert (found.state, found.protocol) == (ClaimState.FILED, sandbox_filed[0].protocol)
    retry = use_cases.file_claims(
        PlainTask(), service, FilingOrder([FilingItem(LATE, 135)], "sac@loja.com.br", "11930030100")
    )
    assert [r.result for r in retry.results] == [Result.BLOCKED]


def test_a_lot_that_fails_leaves_the_earlier_lots_filed_and_its_own_unconfirmed(
    service: SandboxClaims, sandbox: SandboxControl
) -> None:
    path = "/pedido-informacao/v1/externo/pedidos/cadastra"
    sandbox.script(
        {"kind": "delay", "latency_ms": 1, "path_prefix": path, "count": 1},  # the first lot passes
        {"status": 503, "path_prefix": path, "count": 1},  # the second lot's answer is an error
    )
    items = [FilingItem(code, 135) for code in (LATE, LATE_REFUSED, ON_TIME)]
    report = use_cases.file_claims(PlainTask(), service, FilingOrder(items, "sac@loja.com.br", "11930030100"))
    assert [r.result for r in report.results] == [Result.FILED, Result.FILED, Result.UNCONFIRMED]
    assert report.results[2].return_code == 503
    unconfirmed = service.book().get(ON_TIME)
    assert unconfirmed is not None
    assert not unconfirmed.can_file  # it may be at the operator: never sent again by itself
    sent = filings(sandbox)
    held = use_cases.file_claims(
        PlainTask(), service, FilingOrder(items[2:], "sac@loja.com.br", "11930030100")
    )
    assert [r.result for r in held.results] == [Result.HELD]
    assert filings(sandbox) == sent

    use_cases.follow_claims(PlainTask(), service, [ON_TIME])  # the operator never saw it: 990
    never = service.book().get(ON_TIME)
    assert never is not None
    assert (never.state, never.return_code) == (ClaimState.REFUSED, 990)
    again = use_cases.file_claims(
        PlainTask(), service, FilingOrder(items[2:], "sac@loja.com.br", "11930030100")
    )
    assert [(r.result, r.return_code) for r in again.results] == [(Result.REFUSED, 530)]
