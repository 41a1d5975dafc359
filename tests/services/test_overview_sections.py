"""The Overview's sections, summed by the office database (SQLite, then PostgreSQL): what the
manager reads per period, service and state, and that it says what the other tabs say."""

from __future__ import annotations

import itertools
from datetime import date
from decimal import Decimal

import pytest

from postalgui.api.cancel import PlainTask
from postalgui.api.values.object_codes import check_digit
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.overview.records import (
    NOT_ITEMIZED,
    OTHER_CHARGES,
    Arrival,
    Filter,
    LateRoute,
    Period,
    PeriodKind,
    ServiceAmount,
)
from postalgui.services.overview.service import OverviewService
from postalgui.services.ports import NewObject
from postalgui.services.tracking.status import Problem, Status
from postalgui.services.tracking.watchlist import Watchlist
from tests.ports_support import overview_ports
from tests.services.overview_rows import (
    a_claim,
    a_quote,
    a_shipment,
    a_statement,
    an_invoice,
    parcel,
    put,
)

TODAY = date(2026, 11, 20)
TASK = PlainTask()
OCTOBER = Filter(Period.month("2026-10"))
ALL_TIME = Filter(None)


def code(serial: int) -> str:
    digits = f"{serial:08d}"
    return f"QO{digits}{check_digit(digits)}BR"


def overview(office: OfficeDatabase, today: date = TODAY) -> OverviewService:
    return OverviewService(overview_ports(office, today))


# --- punctuality: tracking's lateness, in SQL -----------------------------------------------

_DAYS = (None, "2026-11-10", "2026-11-20", "2026-11-25")


def test_late_is_what_tracking_calls_late_for_every_status_and_day(office: OfficeDatabase) -> None:
    """Every status, problem, expected day and arrival day against today: the SQL's late
    parcels are exactly those `WatchedObject.lateness` calls late (the Tracking tab's counter)."""
    combos = list(itertools.product([*Status, None], [None, *Problem], _DAYS, _DAYS))
    watchlist = Watchlist(office)
    watchlist.add([NewObject(code(n), co_produto="03220") for n in range(len(combos))], source="manual")
    answers = {}
    for serial, (status, problem, expected, arrived) in enumerate(combos):
        if status is not None:
            answers[code(serial)] = {
                "status": status.value,
                "problem": problem.value if problem else None,
                "expected_on": expected,
                "arrived_on": arrived,
                "final": 0,
            }
    watchlist.record(answers)
    watched = watchlist.objects()
    late = sum(1 for obj in watched if obj.lateness(TODAY).late)
    lost = sum(
        1 for obj in watched if obj.status is Status.PROBLEM and obj.problem in (Problem.LOST, Problem.STOLEN)
    )
    counts = overview(office).punctuality(TASK, ALL_TIME).total.counts
    assert counts[Arrival.LATE] == late > 0
    assert counts[Arrival.LOST] == lost
    assert sum(counts.values()) == len(combos)


def test_punctuality_counts_per_service_week_and_route_in_the_period(office: OfficeDatabase) -> None:
    put(
        office,
        tracked_object=[
            parcel(code(1)),  # on time, Monday 2026-10-05
            parcel(code(2), arrived_on="2026-10-10"),  # late
            parcel(code(3), co_produto="03298", posted_on="2026-10-14", status="in_transit", arrived_on=None),
            parcel(code(4), co_produto="03298", posted_on="2026-10-14", status="in_transit",
                   arrived_on=None, expected_on="2026-11-30"),  # waiting
            parcel(code(5), status="problem", problem="lost", arrived_on=None, destination_uf="MG"),
            parcel(code(6), posted_on="2026-09-30", arrived_on="2026-10-20"),  # late, September
            parcel(code(7), status="returned", arrived_on=None),
        ],
    )  # fmt: skip
    found = overview(office).punctuality(TASK, OCTOBER)
    by_service = {row.key: dict(row.counts) for row in found.by_service}
    assert by_service == {
        "03220": {Arrival.ON_TIME: 1, Arrival.LATE: 1, Arrival.LOST: 1, Arrival.OTHER: 1},
        "03298": {Arrival.LATE: 1, Arrival.WAITING: 1},
    }
    assert [row.name for row in found.by_service] == ["SEDEX", "PAC"]
    assert [(row.key, row.total) for row in found.by_week] == [("2026-10-05", 4), ("2026-10-12", 2)]
    assert found.routes == (LateRoute("SP", "RJ", 2, 5),)
    assert found.total.total == 6
    one_service = overview(office).punctuality(TASK, Filter(OCTOBER.period, frozenset({"03298"})))
    assert one_service.total.counts == {Arrival.LATE: 1, Arrival.WAITING: 1}


def test_archived_parcels_are_left_out_when_asked(office: OfficeDatabase) -> None:
    put(office, tracked_object=[parcel(code(1)), parcel(code(2), archived_at="2026-11-01T00:00:00+00:00")])
    service = overview(office)
    assert service.punctuality(TASK, ALL_TIME).total.total == 2
    assert service.punctuality(TASK, Filter(None, include_archived=False)).total.total == 1


# --- where parcels go ----------------------------------------------------------------------------


def test_whereabouts_counts_parcels_and_days_to_deliver_per_state(office: OfficeDatabase) -> None:
    put(
        office,
        tracked_object=[
            parcel(code(1), arrived_on="2026-10-07"),  # 2 days
            parcel(code(2), arrived_on="2026-10-09"),  # 4 days
            parcel(code(3), status="in_transit", arrived_on=None),
            parcel(code(4), destination_uf="BA", arrived_on="2026-10-12"),
            parcel(code(5), destination_uf=None),
            parcel(code(6), posted_on=None, status=""),
        ],
    )
    where = overview(office).whereabouts(TASK, Filter(OCTOBER.period, state="BA"))
    states = {row.uf: (row.parcels, row.delivered, row.average_days) for row in where.states}
    assert states == {"RJ": (3, 2, 3.0), "BA": (1, 1, 7.0)}  # the map shows every state
    assert (where.no_state, where.no_posting_day) == (1, 1)
    assert [row.uf for row in where.states] == ["RJ", "BA"]


# --- spending ----------------------------------------------------------------------------------


def _invoices(office: OfficeDatabase) -> None:
    itemized = a_statement(
        "100",
        [("03220", 10, 30_000), ("03298", 5, 8_000)],
        [("03220", "SP", 20_000), ("03220", "RJ", 10_000)],
    )
    put(
        office,
        invoice=[
            an_invoice("100", "2026-10", 40_000),  # itemized: 300 + 80 + 20 other charges
            an_invoice("101", "2026-10", 12_345, status=" em aberto "),  # not itemized
            an_invoice("102", "2026-10", 99_999, status="Estornada"),  # reversed: not spending
            an_invoice("90", "2026-09", 50_000),
            an_invoice("50", "2025-09", 70_000),  # more than a year before: not on the chart
        ],
        **itemized,
    )


def test_a_month_s_stack_sums_to_its_paid_and_open_invoices(office: OfficeDatabase) -> None:
    _invoices(office)
    spending = overview(office).spending(TASK, OCTOBER)
    assert spending.total == Decimal("523.45")
    assert spending.previous_total == Decimal("500.00")
    assert spending.change == Decimal("0.0469")
    assert (spending.invoices, spending.itemized) == (2, 1)
    assert [(row.month, row.total, row.in_period) for row in spending.months] == [
        ("2026-09", Decimal("500.00"), False),
        ("2026-10", Decimal("523.45"), True),
    ]
    assert spending.by_service == (
        ServiceAmount("03220", "SEDEX", Decimal("300.00"), 10),
        ServiceAmount("03298", "PAC", Decimal("80.00"), 5),
        ServiceAmount(OTHER_CHARGES, "", Decimal("20.00")),
        ServiceAmount(NOT_ITEMIZED, "", Decimal("123.45")),
    )
    assert spending.by_service[0].average == Decimal("30.00")


def test_spending_of_a_service_or_a_state_reads_the_statements(office: OfficeDatabase) -> None:
    _invoices(office)
    service = overview(office)
    pac = service.spending(TASK, Filter(OCTOBER.period, frozenset({"03298"})))
    assert (pac.total, [row.service for row in pac.by_service]) == (Decimal("80.00"), ["03298"])
    to_rio = service.spending(TASK, OCTOBER.with_state("RJ"))
    assert to_rio.by_service == (ServiceAmount("03220", "SEDEX", Decimal("100.00"), 1),)
    every_month = service.spending(TASK, ALL_TIME)
    assert every_month.total == Decimal("1723.45")
    assert [row.month for row in every_month.months] == ["2025-09", "2026-09", "2026-10"]


# --- claims ------------------------------------------------------------------------------------


def test_claims_count_on_the_utc_day_they_were_filed(office: OfficeDatabase) -> None:
    put(
        office,
        tracked_object=[parcel(code(1)), parcel(code(2), co_produto="03298")],
        claim=[
            a_claim(code(1), "2026-10-01T00:10:00+00:00", "10.50", "accepted"),
            a_claim(code(2), "2026-10-31T23:59:00+00:00", "20.25", "paid"),
            a_claim(code(3), "2026-10-15T12:00:00+00:00", "5.00", "refused"),
            a_claim(code(4), "2026-10-15T12:00:00+00:00", None),
            a_claim(code(5), "2026-11-01T00:00:00+00:00", "99.00"),  # November
            a_claim(code(6), "2026-10-15T12:00:00+00:00", "7.00", state="refused", outcome=""),  # not filed
        ],
    )
    service = overview(office)
    figures = service.claim_figures(TASK, OCTOBER)
    assert (figures.filed, figures.accepted, figures.paid, figures.refused) == (4, 2, 1, 1)
    assert figures.filed_estimate == Decimal("35.75")
    assert figures.accepted_estimate == Decimal("30.75")
    assert (figures.paid_estimate, figures.refused_estimate) == (Decimal("20.25"), Decimal("5.00"))
    pac = service.claim_figures(TASK, Filter(OCTOBER.period, frozenset({"03298"})))
    assert (pac.filed, pac.paid_estimate) == (1, Decimal("20.25"))


# --- quotes ------------------------------------------------------------------------------------


def test_quotes_count_on_the_desk_s_local_day_and_convert_within_seven_days(office: OfficeDatabase) -> None:
    put(
        office,
        quote=[
            a_quote("2026-10-01T02:59:00.000000+00:00", "ana"),  # 30/09 in Brasília
            a_quote("2026-10-01T03:00:00.000000+00:00", "ana"),
            a_quote("2026-10-02T15:00:00.000000+00:00", "ana", cep_destino="30130010"),
            a_quote("2026-10-02T15:00:00.000000+00:00", "bia", co_produto="03298"),
            a_quote("2026-10-03T15:00:00.000000+00:00", "bia", failure_code="008", pc_final=None),
            a_quote("2026-11-01T03:00:00.000000+00:00", "bia"),  # November
        ],
        shipment=[
            a_shipment("2026-10-05T10:00:00+00:00"),  # SEDEX to 20040-002, within the week
            a_shipment("2026-10-03T10:00:00+00:00", service_code="03298", status="5"),  # cancelled
            a_shipment("2026-10-20T10:00:00+00:00", recipient_cep="30130010"),  # too late
        ],
    )
    figures = overview(office).quote_figures(TASK, OCTOBER)
    assert [(row.clerk, row.day.isoformat(), row.quotes) for row in figures.by_clerk_day] == [
        ("ana", "2026-10-01", 1),
        ("ana", "2026-10-02", 1),
        ("bia", "2026-10-02", 1),
    ]
    routes = {
        (row.service, row.origin, row.destination): (row.quotes, row.converted) for row in figures.conversions
    }
    assert routes == {
        ("03220", "SP", "RJ"): (1, 1),
        ("03220", "SP", "MG"): (1, 0),
        ("03298", "SP", "RJ"): (1, 0),
    }
    assert (figures.quotes, figures.converted) == (3, 1)
    to_minas = overview(office).quote_figures(TASK, OCTOBER.with_state("MG"))
    assert to_minas.quotes == 1


# --- the whole read, and the filter's services ---------------------------------------------------


def test_an_empty_office_reads_nothing_in_every_section(office: OfficeDatabase) -> None:
    found = overview(office).read(TASK, Filter(Period.of(PeriodKind.THIS_MONTH, TODAY)))
    assert (found.spending.total, found.spending.months) == (Decimal(0), ())
    assert (found.where.states, found.on_time.total.total, found.claims.filed, found.quotes.quotes) == (
        (),
        0,
        0,
        0,
    )
    assert found.today == TODAY


def test_the_service_choices_are_the_ones_followed_or_billed(office: OfficeDatabase) -> None:
    put(
        office,
        tracked_object=[parcel(code(1)), parcel(code(2), co_produto="04227")],
        **a_statement("7", [("03298", 1, 100)]),
    )
    assert overview(office).service_choices() == [
        ("03220", "SEDEX"),
        ("03298", "PAC"),
        ("04227", "Mini Envios"),
    ]


@pytest.mark.parametrize("kind", list(PeriodKind)[:-1])
def test_every_period_reads(office: OfficeDatabase, kind: PeriodKind) -> None:
    put(office, tracked_object=[parcel(code(1), posted_on=TODAY.isoformat())])
    found = overview(office).read(TASK, Filter(Period.of(kind, TODAY)))
    assert found.on_time.total.total == (0 if kind is PeriodKind.LAST_MONTH else 1)
