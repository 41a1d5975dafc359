"""Tracking, claims and shipping built from their ports alone (House III): shipping follows and
unfollows through a `Follow` it is given, claims reads the followed objects and an invoice's
through the ports it is given, tracking's `TrackingOffer` keeps both promises, and the
composition root hands each feature those ports, never another feature's service."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from postalgui.api.cancel import PlainTask, TaskControl
from postalgui.api.models.prepostings import Order, Person, Preposting, PrepostingStatus
from postalgui.api.values.object_codes import check_digit
from postalgui.services.claims import use_cases as claims
from postalgui.services.claims.service import ClaimsService
from postalgui.services.context import AppContext, build_context
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.ports import Follow, NewObject
from postalgui.services.settings import Settings
from postalgui.services.shipping import use_cases as shipping
from postalgui.services.shipping.book import ShipmentBook
from postalgui.services.shipping.service import ShippingService
from postalgui.services.shipping.settings import ShippingSettings
from postalgui.services.tracking.offers import TrackingOffer
from postalgui.services.tracking.records import WatchedObject
from postalgui.services.tracking.service import TrackingService
from postalgui.services.tracking.status import Status
from tests.ports_support import claims_ports, shipping_ports, tracking_ports

NOW = datetime(2026, 11, 25, 15, 0, tzinfo=UTC)
SENDER = Person(
    "Loja Exemplo Ltda", "01310100", "Avenida Paulista", "1000", "", "Bela Vista", "São Paulo", "SP"
)
MARIA = Person("Maria da Silva", "20040020", "Rua da Assembleia", "10", "", "Centro", "Rio de Janeiro", "RJ")
ORDER = Order(SENDER, MARIA, "03298", 1500, length_cm=20, width_cm=15, height_cm=10, invoice_number="123")


def code(serial: int) -> str:
    digits = f"{serial:08d}"
    return f"QB{digits}{check_digit(digits)}BR"


@dataclass
class FakeFollow:
    """`Follow` that keeps what it was asked."""

    followed: list[tuple[list[NewObject], str]] = field(default_factory=list)
    unfollowed: list[tuple[list[str], str]] = field(default_factory=list)

    def follow(self, objects: Sequence[NewObject], *, source: str) -> int:
        self.followed.append((list(objects), source))
        return len(objects)

    def unfollow(self, codes: Sequence[str], *, source: str) -> int:
        self.unfollowed.append((list(codes), source))
        return len(codes)


@dataclass
class FakePrepostings:
    """The operator's pre-postings: PR1 now has object code ``code``; a cancel is taken."""

    code: str
    status: PrepostingStatus = PrepostingStatus.PREPOSTED
    cancelled_by: list[str] = field(default_factory=list)

    def list(self, **query: Any) -> tuple[list[Preposting], int]:
        assert query == {"id": "PR1"}
        return [Preposting("PR1", self.code, self.status, None, None, None)], 1

    def cancel(self, prepost_id: str, requester: str) -> Preposting:
        self.cancelled_by.append(requester)
        return Preposting(prepost_id, self.code, PrepostingStatus.CANCELLED, None, None, None)


class Desk(ShippingService):
    """Shipping from its ports, the operator's pre-postings faked."""

    def __init__(self, operator: FakePrepostings, **ports: Any) -> None:
        super().__init__(shipping_ports(**ports))
        self.operator = operator

    def client(self) -> Any:
        return self.operator

    def now(self) -> datetime:
        return NOW


def test_shipping_follows_a_labelled_object_and_unfollows_it_when_cancelled_through_its_port(
    office: OfficeDatabase,
) -> None:
    follow = FakeFollow()
    operator = FakePrepostings(code(1))
    desk = Desk(operator, office=office, follow=follow, login=" clerk.a ")
    ShipmentBook(office).record(
        Preposting("PR1", None, PrepostingStatus.PREPOSTED, NOW, None, None), ORDER, NOW
    )

    shipping.refresh_shipments(PlainTask(), desk)  # the operator gave PR1 its code
    assert follow.followed == [
        (
            [
                NewObject(
                    code(1),
                    tag="Maria da Silva",
                    co_produto="03298",
                    cep_origem="01310100",
                    cep_destino="20040020",
                )
            ],
            "shipping",
        )
    ]
    assert shipping.cancel_shipments(PlainTask(), desk, ["PR1"]) == []
    assert operator.cancelled_by == ["clerk.a"]  # the login port names who asks
    assert follow.unfollowed == [([code(1)], "shipping")]


def test_shipping_without_a_port_it_needs_is_a_wiring_bug_not_a_routine_error(tmp_path: Path) -> None:
    desk = ShippingService(shipping_ports(data_dir=tmp_path))
    with pytest.raises(RuntimeError, match="follows no objects"):
        _ = desk.follow
    with pytest.raises(RuntimeError, match="no office database"):
        desk.book()
    assert desk.cep_cache().path == tmp_path / "cep-sandbox.json"  # its data folder and environment


def test_shipping_remembers_the_label_settings_through_its_writer() -> None:
    desk = ShippingService(shipping_ports())
    desk.remember(ShippingSettings(layout="a4", printer="Zebra"))
    assert (desk.settings.layout, desk.settings.printer) == ("a4", "Zebra")


@dataclass
class FakeTracked:
    """Claims' `TrackedObjects`: the followed objects given, refreshes kept."""

    objects: list[WatchedObject] = field(default_factory=list)
    refreshed: list[list[str]] = field(default_factory=list)

    def claimable(self) -> list[WatchedObject]:
        return list(self.objects)

    def statement_objects(self, codes: Sequence[str]) -> tuple[list[WatchedObject], list[str]]:
        known = {obj.code: obj for obj in self.objects if obj.status is not None}
        return [known[code] for code in codes if code in known], [c for c in codes if c not in known]

    def declared_values(self, codes: Sequence[str]) -> dict[str, Decimal]:
        del codes
        return {}

    def statuses(self, codes: Sequence[str]) -> dict[str, Status | None]:
        return {obj.code: obj.status for obj in self.objects if obj.code in codes}

    def refresh(self, task: TaskControl, codes: Sequence[str]) -> None:
        self.refreshed.append(list(codes))


LATE = WatchedObject(
    code(7),
    status=Status.DELIVERED,
    expected_on=date(2026, 11, 10),
    arrived_on=date(2026, 11, 16),
    co_produto="03220",
    invoice_amount=Decimal("40.00"),
)


def test_claims_finds_candidates_from_its_tracking_port_alone(office: OfficeDatabase) -> None:
    tracked = FakeTracked([LATE])
    service = ClaimsService(claims_ports(office, tracked, clock=lambda: NOW))
    found = claims.candidates(PlainTask(), service)
    assert [candidate.code for candidate in found.candidates] == [LATE.code]
    assert service.today() == NOW.astimezone().date()  # the clock it was given


def test_claims_reads_an_invoice_through_its_port_and_lists_the_untracked(office: OfficeDatabase) -> None:
    asked: list[tuple[str, str]] = []

    def invoice_objects(
        task: TaskControl, number: str, document_type: str, *, interval_s: float | None = None
    ) -> list[NewObject]:
        asked.append((number, document_type))
        return [NewObject(LATE.code, invoice_amount=Decimal("40.00")), NewObject(code(8))]

    service = ClaimsService(
        claims_ports(office, FakeTracked([LATE]), clock=lambda: NOW, invoice_objects=invoice_objects)
    )
    found = claims.invoice_candidates(PlainTask(), service, "1234567", "RE")
    assert asked == [("1234567", "RE")]
    assert [candidate.code for candidate in found.candidates] == [LATE.code]
    assert found.untracked == [code(8)]


def test_claims_without_invoices_is_a_wiring_bug(office: OfficeDatabase) -> None:
    service = ClaimsService(claims_ports(office, FakeTracked()))
    with pytest.raises(RuntimeError, match="reads no invoices"):
        claims.invoice_candidates(PlainTask(), service, "1234567", "RE")


def test_tracking_offer_keeps_follow_and_what_claims_reads(office: OfficeDatabase) -> None:
    tracking = TrackingService(tracking_ports(office))
    offer: Follow = TrackingOffer(lambda: tracking)
    assert offer.follow([NewObject(code(1)), NewObject(code(2))], source="shipping") == 2
    assert TrackingOffer(lambda: tracking).statuses([code(1), code(3)]) == {code(1): None}  # never asked yet
    assert offer.unfollow([code(1)], source="shipping") == 1
    assert [watched.code for watched in tracking.watchlist().objects()] == [code(2)]


@pytest.fixture
def context(config_dir: Path) -> Any:
    context = build_context()
    yield context
    context.close()


def test_the_composition_root_hands_claims_and_shipping_tracking_s_offer(context: AppContext) -> None:
    assert context.shipping.follow is context.tracking_offer
    assert context.claims.tracked is context.tracking_offer
    assert not hasattr(context.shipping, "context")
    assert not hasattr(context.claims, "context")
    assert not hasattr(context.tracking, "context")
    assert context.claims.settings == Settings().claims


def test_the_composition_root_s_writers_keep_each_feature_s_section_in_the_settings_file(
    context: AppContext,
) -> None:
    context.claims.keep_reply_address(" sac@loja.com.br ", "(11) 3003-0100")
    context.shipping.remember(ShippingSettings(layout="a4", printer="Zebra"))
    again = build_context()
    try:
        kept = again.saved_settings
        assert (kept.claims.reply_email, kept.claims.phone) == ("sac@loja.com.br", "1130030100")
        assert (kept.shipping.layout, kept.shipping.printer) == ("a4", "Zebra")
        assert again.claims.settings.reply_email == "sac@loja.com.br"
    finally:
        again.close()
