"""The money at stake on the Overview: Claims' own candidates through its `ClaimsMoney` port
(open ones, and the ones left unclaimed past 90 days), asked once a day and after a change,
and counted for any period, service and state."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from postalgui.api.cancel import PlainTask
from postalgui.api.values.object_codes import check_digit
from postalgui.services.claims.offers import ClaimsOffer
from postalgui.services.claims.service import ClaimsService
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.office.topics import CLAIMS, SHIPMENTS
from postalgui.services.overview.money import MoneyCache, money_left
from postalgui.services.overview.records import Filter, MoneyLeft, Period
from postalgui.services.overview.service import OverviewService
from postalgui.services.ports import Claimable, NewObject
from postalgui.services.tracking.offers import TrackingOffer
from postalgui.services.tracking.service import TrackingService
from tests.ports_support import claims_ports, overview_ports, tracking_ports

NOW = datetime(2026, 11, 20, 15, 0, tzinfo=UTC)
TODAY = NOW.astimezone().date()
OCTOBER = Period.month("2026-10")

FOUND = [
    Claimable("A", date(2026, 10, 3), Decimal("10.00"), expired=False, service="03220", destination_uf="RJ"),
    Claimable("B", date(2026, 10, 9), None, expired=False, service="03298", destination_uf="SP"),
    Claimable("C", date(2026, 10, 30), Decimal("7.50"), expired=True, service="03220", destination_uf="SP"),
    Claimable("D", date(2026, 9, 30), Decimal("99.00"), expired=True, service="03220", destination_uf="RJ"),
]


class Port:
    """Claims' answer, counting how often it was asked."""

    def __init__(self, found: list[Claimable]) -> None:
        self.found = found
        self.asked = 0

    def claimable(self) -> list[Claimable]:
        self.asked += 1
        return self.found


def test_money_left_counts_the_candidates_whose_90_days_started_in_the_period() -> None:
    assert money_left(FOUND, Filter(OCTOBER)) == MoneyLeft(2, Decimal("10.00"), 1, Decimal("7.50"))
    assert money_left(FOUND, Filter(None)) == MoneyLeft(2, Decimal("10.00"), 2, Decimal("106.50"))
    assert money_left(FOUND, Filter(OCTOBER, frozenset({"03220"}), "SP")) == MoneyLeft(
        0, Decimal(0), 1, Decimal("7.50")
    )
    assert money_left(FOUND, Filter(None)).at_stake == Decimal("116.50")


def test_claims_are_asked_once_a_day_and_again_after_a_change_of_what_they_are_made_of() -> None:
    port, cache = Port(FOUND), MoneyCache((CLAIMS,))
    day = date(2026, 11, 20)
    assert cache.claimable(port, day) is cache.claimable(port, day)
    cache.changed(SHIPMENTS)
    cache.claimable(port, day)
    assert port.asked == 1
    cache.changed(CLAIMS)
    cache.claimable(port, day)
    cache.claimable(port, day + timedelta(days=1))
    assert port.asked == 3


def test_the_overview_follows_the_office_s_changes_for_the_money(office: OfficeDatabase) -> None:
    port = Port(FOUND)
    service = OverviewService(overview_ports(office, TODAY, claims_money=port))
    try:
        assert service.money_left(PlainTask(), Filter(OCTOBER)).left_estimate == Decimal("7.50")
        service.money_left(PlainTask(), Filter(None))
        assert port.asked == 1
        assert service.money_left(PlainTask(), Filter(None)).open_count == 2
    finally:
        service.close()
    assert OverviewService(overview_ports(office, TODAY)).money_left(PlainTask(), Filter(None)) == MoneyLeft()


def code(serial: int) -> str:
    digits = f"{serial:08d}"
    return f"QM{digits}{check_digit(digits)}BR"


def test_claims_offer_their_candidates_open_and_expired_with_product_and_state(
    office: OfficeDatabase,
) -> None:
    tracking = TrackingService(tracking_ports(office))
    watchlist = tracking.watchlist()
    watchlist.add(
        [
            NewObject(code(1), co_produto="03220", cep_destino="20040002", invoice_amount=Decimal("40.00")),
            NewObject(code(2), co_produto="03298", cep_destino="01310100", invoice_amount=Decimal("30.00")),
            NewObject(code(3), co_produto="03220", cep_destino="01310100", invoice_amount=Decimal("30.00")),
        ],
        source="manual",
    )

    def day(days: int) -> str:
        return (TODAY + timedelta(days=days)).isoformat()

    watchlist.record(
        {
            code(1): {"status": "delivered", "final": 1, "expected_on": day(-20), "arrived_on": day(-15)},
            code(2): {"status": "delivered", "final": 1, "expected_on": day(-200), "arrived_on": day(-190)},
            code(3): {"status": "delivered", "final": 1, "expected_on": day(-20), "arrived_on": day(-20)},
        }
    )
    claims = ClaimsService(claims_ports(office, TrackingOffer(lambda: tracking), clock=lambda: NOW))
    found = {item.code: item for item in ClaimsOffer(lambda: claims).claimable()}
    assert sorted(found) == [code(1), code(2)]
    late, gone = found[code(1)], found[code(2)]
    assert (late.expired, late.service, late.destination_uf, late.claim_from) == (
        False,
        "03220",
        "RJ",
        TODAY - timedelta(days=20),
    )
    assert (gone.expired, gone.service, gone.destination_uf) == (True, "03298", "SP")
    assert late.estimate is not None
    assert late.estimate > 0


def test_nothing_is_left_on_the_table_of_a_new_office(tmp_path: Path) -> None:
    office = OfficeDatabase(tmp_path, "sandbox")
    try:
        tracking = TrackingService(tracking_ports(office))
        claims = ClaimsService(claims_ports(office, TrackingOffer(lambda: tracking), clock=lambda: NOW))
        assert ClaimsOffer(lambda: claims).claimable() == []
    finally:
        office.close()
