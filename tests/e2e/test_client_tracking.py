"""The real tracking client and use cases against the real sandbox over HTTP: statement
labels, a registered parcel followed from posted to delivered as the sandbox clock moves,
per-object SRO messages, and the card without API 87."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from postalgui.api.cancel import PlainTask
from postalgui.api.client import OperatorClient
from postalgui.api.deadline import DeadlineClient
from postalgui.api.scopes import Scope, TokenScope
from postalgui.api.tracking import TrackingClient, TrackingNotEnabledError
from postalgui.sandbox import DEMO
from postalgui.sandbox.demo import NO_TRACKING_CARD
from postalgui.sandbox.invoice_data import object_label
from postalgui.sandbox.tracking.labels import label_index
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.ports import NewObject
from postalgui.services.tracking import use_cases
from postalgui.services.tracking.lateness import Timing
from postalgui.services.tracking.service import TrackingService
from postalgui.services.tracking.status import Status
from tests.e2e.conftest import JUST_POSTED, SandboxControl
from tests.ports_support import tracking_ports

PARCEL = object_label("QB", 31415926)
LATE = object_label("QB", 27182818)
UNKNOWN = object_label("QB", 11235813)
DAY = 86_400.0


class SandboxTracking(TrackingService):
    """The feature over a client built by hand on the session's sandbox, and a desk's file."""

    def __init__(self, operator: OperatorClient, office: OfficeDatabase) -> None:
        super().__init__(tracking_ports(office))
        self.operator = operator

    def client(self) -> TrackingClient:
        return TrackingClient(self.operator)

    def deadlines(self) -> DeadlineClient:
        return DeadlineClient(self.operator)


@pytest.fixture
def service(client: OperatorClient, tmp_path: Path, sandbox: SandboxControl) -> Any:
    office = OfficeDatabase(tmp_path, "sandbox", author=lambda: "clerk.a")
    yield SandboxTracking(client, office)
    office.close()


def test_a_parcel_is_followed_from_posted_to_delivered_as_the_sandbox_clock_moves(
    service: SandboxTracking, sandbox: SandboxControl
) -> None:
    now = sandbox.now()
    sandbox.register_object(PARCEL, now - JUST_POSTED, "on_time")
    sandbox.register_object(LATE, now - timedelta(days=20), "late")
    added = use_cases.add_objects(
        PlainTask(), service, [NewObject(c) for c in (PARCEL, LATE, UNKNOWN)], source="paste"
    )
    assert added.added == 3
    use_cases.refresh(PlainTask(), service, added.codes)
    listed = {w.code: w for w in service.watchlist().objects()}
    assert listed[PARCEL].status is Status.POSTED
    assert listed[PARCEL].expected_source == "operator"
    assert listed[LATE].status is Status.DELIVERED
    assert listed[LATE].lateness(listed[LATE].arrived_on or now.date()).timing is Timing.LATE
    assert listed[UNKNOWN].status is Status.NOT_FOUND
    assert listed[UNKNOWN].message.startswith("SRO-020")

    sandbox.advance_clock(15 * DAY)
    use_cases.refresh(PlainTask(), service, [PARCEL])
    (parcel,) = [w for w in service.watchlist().objects() if w.code == PARCEL]
    assert parcel.status is Status.DELIVERED
    assert parcel.final
    detail = service.watchlist().detail(PARCEL)
    assert detail is not None
    assert [event.key[0] for event in detail.events][-1] == "PO"
    assert detail.events[0].unidade is not None
    assert detail.events[0].unidade.codSro is not None
    assert len(detail.events[0].unidade.codSro) == 8


def test_a_statement_label_has_a_history(client: OperatorClient, sandbox: SandboxControl) -> None:
    now = sandbox.now()
    known = label_index(now.date()).objects
    label = next(code for code, parcel in known.items() if parcel.posted < now - timedelta(days=1))
    (found,) = TrackingClient(client).track([label])
    assert found.codObjeto == label
    assert found.eventos, found.mensagem
    assert found.dtPrevista is not None


def test_the_card_without_api_87_is_told_so(client: OperatorClient, sandbox: SandboxControl) -> None:
    scope = TokenScope(Scope.CARD, contract=DEMO.contract, card=NO_TRACKING_CARD, dr=DEMO.dr)
    with pytest.raises(TrackingNotEnabledError) as caught:
        TrackingClient(client, scope=scope).track([PARCEL])
    assert "GTW-011" in str(caught.value)
    assert "87" in str(caught.value)
