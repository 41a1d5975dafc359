"""A hand-made office for the Overview tab's tests: records as the overview service answers
them (a busy October 2026), and a fake service that answers them without a database."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, date, datetime
from decimal import Decimal

from postalgui.api.cancel import TaskControl
from postalgui.services.overview.records import (
    NOT_ITEMIZED,
    OTHER_CHARGES,
    Arrival,
    ClaimFigures,
    ClerkDay,
    Conversion,
    Filter,
    LateRoute,
    MoneyLeft,
    MonthSpending,
    Overview,
    Punctuality,
    QuoteFigures,
    ServiceAmount,
    Spending,
    StateFigures,
    TimingCounts,
    Whereabouts,
)

TODAY = date(2026, 10, 20)
SERVICES = {"03220": "SEDEX", "03298": "PAC", "04227": "Mini Envios"}
WAIT_MS = 10_000


def _amounts(sedex: str, pac: str, mini: str, other: str, rest: str) -> tuple[ServiceAmount, ...]:
    return (
        ServiceAmount("03220", "SEDEX", Decimal(sedex), 120),
        ServiceAmount("03298", "PAC", Decimal(pac), 300),
        ServiceAmount("04227", "Mini Envios", Decimal(mini), 80),
        ServiceAmount(OTHER_CHARGES, "", Decimal(other)),
        ServiceAmount(NOT_ITEMIZED, "", Decimal(rest)),
    )


def _month(month: str, *amounts: str, in_period: bool = False) -> MonthSpending:
    by_service = _amounts(*amounts)
    return MonthSpending(month, sum((s.amount for s in by_service), Decimal(0)), by_service, in_period)


def spending() -> Spending:
    october = _month("2026-10", "3210.40", "4100.00", "620.35", "45.00", "0", in_period=True)
    return Spending(
        months=(
            _month("2026-08", "2800.00", "3900.10", "500.00", "30.00", "1200.00"),
            _month("2026-09", "3000.00", "4000.00", "580.00", "40.00", "0"),
            october,
        ),
        total=october.total,
        previous_total=Decimal("7620.00"),
        by_service=october.by_service,
        invoices=3,
        itemized=2,
    )


def _counts(on_time: int, late: int, waiting: int, lost: int = 0, other: int = 0) -> dict[Arrival, int]:
    return {
        Arrival.ON_TIME: on_time,
        Arrival.LATE: late,
        Arrival.WAITING: waiting,
        Arrival.LOST: lost,
        Arrival.OTHER: other,
    }


def punctuality() -> Punctuality:
    return Punctuality(
        by_service=(
            TimingCounts("03220", _counts(100, 12, 8, 1), "SEDEX"),
            TimingCounts("03298", _counts(220, 50, 28, 2, 3), "PAC"),
            TimingCounts("04227", _counts(60, 10, 10), "Mini Envios"),
        ),
        by_week=(
            TimingCounts("2026-09-28", _counts(80, 20, 0, 1)),
            TimingCounts("2026-10-05", _counts(120, 25, 5, 1)),
            TimingCounts("2026-10-12", _counts(150, 20, 21, 1, 3)),
            TimingCounts("2026-10-19", _counts(30, 7, 20)),
        ),
        routes=(
            LateRoute("SP", "RJ", 20, 140),
            LateRoute("SP", "MG", 14, 90),
            LateRoute("SP", "BA", 9, 30),
            LateRoute("RJ", "SP", 5, 40),
        ),
        total=TimingCounts("", _counts(380, 72, 46, 3, 3)),
    )


def whereabouts() -> Whereabouts:
    return Whereabouts(
        states=(
            StateFigures("SP", 260, 230, 1.8),
            StateFigures("RJ", 140, 120, 3.1),
            StateFigures("MG", 90, 80, 3.6),
            StateFigures("BA", 30, 25, 6.2),
            StateFigures("AM", 4, 2, 11.5),
        ),
        no_state=3,
        no_posting_day=2,
    )


def quotes() -> QuoteFigures:
    return QuoteFigures(
        by_clerk_day=(
            ClerkDay("ana", date(2026, 10, 1), 12),
            ClerkDay("bruno", date(2026, 10, 1), 7),
            ClerkDay("ana", date(2026, 10, 2), 9),
            ClerkDay("carla", date(2026, 10, 5), 15),
            ClerkDay("bruno", date(2026, 10, 6), 4),
        ),
        conversions=(
            Conversion("03220", "SP", "RJ", 20, 8, "SEDEX"),
            Conversion("03298", "SP", "MG", 15, 3, "PAC"),
            Conversion("04227", "SP", "BA", 12, 6, "Mini Envios"),
        ),
        quotes=47,
        converted=17,
    )


def sample_overview(flt: Filter, today: date = TODAY) -> Overview:
    """A busy October; a state filter keeps that state's figures only (as the service does)."""
    where = whereabouts()
    on_time = punctuality()
    if flt.state is not None:
        where = Whereabouts(tuple(s for s in where.states if s.uf == flt.state))
        on_time = Punctuality(
            on_time.by_service,
            on_time.by_week,
            tuple(r for r in on_time.routes if r.destination == flt.state),
            on_time.total,
        )
    claims = ClaimFigures(
        filed=9,
        accepted=5,
        refused=2,
        paid=3,
        filed_estimate=Decimal("450.00"),
        accepted_estimate=Decimal("260.00"),
        refused_estimate=Decimal("90.00"),
        paid_estimate=Decimal("150.00"),
    )
    return Overview(
        flt, today, spending(), where, on_time, claims, quotes(), datetime(2026, 10, 20, 15, 0, tzinfo=UTC)
    )


MONEY = MoneyLeft(
    open_count=4, open_estimate=Decimal("210.00"), left_count=6, left_estimate=Decimal("312.40")
)


class FakeOverviewService:
    """Answers `OverviewService`'s calls with `sample_overview` and counts the reads; a test
    that wants a read to hang sets ``gate`` (the task waits for it)."""

    def __init__(self, make: Callable[[Filter], Overview] = sample_overview) -> None:
        self.make = make
        self.filters: list[Filter] = []
        self.money_reads = 0
        self.gate: threading.Event | None = None
        self.watchers: list[Callable[[str], None]] = []

    def today(self) -> date:
        return TODAY

    def read(self, task: TaskControl, flt: Filter) -> Overview:
        self.filters.append(flt)
        if self.gate is not None:
            while not self.gate.wait(0.05):
                task.raise_if_cancelled()
        return self.make(flt)

    def money_left(self, task: TaskControl, flt: Filter) -> MoneyLeft:
        del task, flt
        self.money_reads += 1
        return MONEY

    def service_choices(self) -> list[tuple[str, str]]:
        return list(SERVICES.items())

    def watch(self, callback: Callable[[str], None]) -> Callable[[], None]:
        self.watchers.append(callback)
        return lambda: self.watchers.remove(callback)

    def tell(self, topic: str) -> None:
        """Another desk changed ``topic``: what the office database's feed would say."""
        for callback in list(self.watchers):
            callback(topic)


def empty_overview(flt: Filter, today: date = TODAY) -> Overview:
    """A new office: nothing listed, followed, claimed or quoted yet."""
    nothing = TimingCounts("", {})
    return Overview(
        flt,
        today,
        Spending((MonthSpending("2026-10", Decimal(0), ()),), Decimal(0), Decimal(0), ()),
        Whereabouts(()),
        Punctuality((), (), (), nothing),
        ClaimFigures(),
        QuoteFigures((), ()),
        datetime(2026, 10, 20, 15, 0, tzinfo=UTC),
    )
