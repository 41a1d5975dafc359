"""The Overview's SQL over the followed parcels and the claims: each section one read, summed
by the database (``GROUP BY``), on SQLite and PostgreSQL alike.

A parcel counts in the period it was posted in (``posted_on``, the local day); one never
seen posted counts in "all time" only. A claim counts on the UTC day it was filed, as
Claims' `money_by_month` buckets it. Money in text columns (a claim's ``estimate``) is
summed as whole cents, exact on both engines.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, ColumnElement, Connection, Numeric, and_, case, cast, func, select

from postalgui.services.claims.records import ClaimState, Outcome
from postalgui.services.overview.arrival import arrival_case
from postalgui.services.overview.records import (
    Arrival,
    ClaimFigures,
    Filter,
    LateRoute,
    Punctuality,
    StateFigures,
    TimingCounts,
    Whereabouts,
)
from postalgui.services.tracking.status import Status
from postalgui.store.sqlfn import days_between
from postalgui.store.tables import claim, tracked_object

__all__ = [
    "Ask",
    "Place",
    "Places",
    "arrivals",
    "cents_of",
    "claim_figures",
    "late_routes",
    "money",
    "places",
    "punctuality",
    "ranked_routes",
    "whereabouts",
]

ROUTES = 10
"""The late routes the chart names."""
_CENT = Decimal("0.01")
_row = tracked_object.c


@dataclass(frozen=True)
class Ask:
    """One read's question: the filter, the office's environment and day, the desk's offset
    from UTC, and the products' names."""

    flt: Filter
    environment: str
    today: date
    offset_minutes: int = 0
    names: Mapping[str, str] = field(default_factory=dict)

    def name(self, code: str) -> str:
        return self.names.get(code, "")


def money(cents: object) -> Decimal:
    """Integer cents (or ``None``) as reais."""
    return (Decimal(int(cents)) * _CENT) if cents is not None else Decimal(0)  # type: ignore[call-overload]


def cents_of(text_money: Any) -> ColumnElement[int]:
    """A Decimal-text money column as whole cents (``"12.34"`` is 1234) on both engines."""
    return func.round(cast(text_money, Numeric) * 100)


def _day_after(day: date) -> str:
    return (day + timedelta(days=1)).isoformat()


def parcel_scope(ask: Ask, *, state: bool = True, period: bool = True) -> list[ColumnElement[bool]]:
    """The followed parcels the filter takes: the environment, the period's posting days,
    the services, the destination state (``state=False``: every state, the map's own)."""
    flt = ask.flt
    found: list[ColumnElement[bool]] = [_row.environment == ask.environment]
    if not flt.include_archived:
        found.append(_row.archived_at.is_(None))
    if period and flt.period is not None:
        found.append(_row.posted_on.between(flt.period.start.isoformat(), flt.period.end.isoformat()))
    if flt.services:
        found.append(_row.co_produto.in_(sorted(flt.services)))
    if state and flt.state:
        found.append(_row.destination_uf == flt.state)
    return found


@dataclass
class Place:
    """A route's sums: its parcels, the delivered ones and their days posting to delivery."""

    parcels: int = 0
    delivered: int = 0
    days: int = 0
    late: int = 0


Places = dict[tuple[str | None, str | None], Place]
"""Per (origin state, destination state)."""


def places(connection: Connection, ask: Ask) -> Places:
    """The parcels per origin and destination state, every destination whatever state is
    picked (the map shows them all), with the delivered ones, their days and the late ones:
    the map's figures and the late routes in one pass over the parcels (on SQLite the
    grouping's sort costs more than the sums)."""
    delivered = and_(_row.status == Status.DELIVERED.value, _row.arrived_on.is_not(None))
    days = case((delivered, days_between(_row.posted_on, _row.arrived_on)), else_=0)
    late = case((arrival_case(ask.today) == Arrival.LATE.value, 1), else_=0)
    query = (
        select(
            _row.origin_uf,
            _row.destination_uf,
            func.count(),
            func.sum(case((delivered, 1), else_=0)),
            func.sum(days),
            func.sum(late),
        )
        .where(*parcel_scope(ask, state=False))
        .group_by(_row.origin_uf, _row.destination_uf)
    )
    return {
        (origin, destination): Place(int(count), int(arrived or 0), int(total or 0), int(behind or 0))
        for origin, destination, count, arrived, total, behind in connection.execute(query)
    }


def whereabouts(connection: Connection, ask: Ask, found: Places | None = None) -> Whereabouts:
    """Parcels per destination state, delivered and the average days posting to delivery
    (``found``: `places` already read)."""
    found = places(connection, ask) if found is None else found
    states: dict[str, Place] = defaultdict(Place)
    no_state = 0
    for (_origin, destination), place in found.items():
        if not destination:
            no_state += place.parcels
            continue
        summed = states[destination]
        summed.parcels += place.parcels
        summed.delivered += place.delivered
        summed.days += place.days
    unposted = select(func.count()).where(
        *parcel_scope(ask, state=False, period=False), _row.posted_on.is_(None)
    )
    no_posting_day = int(connection.execute(unposted).scalar_one())
    figures = [
        StateFigures(
            uf,
            place.parcels,
            place.delivered,
            round(place.days / place.delivered, 1) if place.delivered else None,
        )
        for uf, place in states.items()
    ]
    figures.sort(key=lambda row: (-row.parcels, row.uf))
    return Whereabouts(tuple(figures), no_state, no_posting_day)


def late_routes(connection: Connection, ask: Ask, found: Places | None = None) -> tuple[LateRoute, ...]:
    """The `ROUTES` routes with the most late parcels (`ranked_routes`) of `places`, read
    now unless ``found`` already was."""
    return ranked_routes(ask, places(connection, ask) if found is None else found)


def ranked_routes(ask: Ask, found: Places) -> tuple[LateRoute, ...]:
    """The `ROUTES` routes (origin state, destination state) with the most late parcels, with
    the parcels each carried: ending in the picked state, if one is."""
    state = ask.flt.state
    ranked = [
        LateRoute(origin, destination, place.late, place.parcels)
        for (origin, destination), place in found.items()
        if origin and destination and place.late and (not state or destination == state)
    ]
    ranked.sort(key=lambda route: (-route.late, route.origin, route.destination))
    return tuple(ranked[:ROUTES])


def arrivals(connection: Connection, ask: Ask) -> Punctuality:
    """Arrivals per service and per week of posting, without the routes: one ``GROUP BY``
    by posting day, service and arrival (the index's order: little to sort), folded to ISO
    weeks here (no engine's week function)."""
    arrival = arrival_case(ask.today).label("arrival")
    query = (
        select(_row.posted_on, _row.co_produto, arrival, func.count())
        .where(*parcel_scope(ask))
        .group_by(_row.posted_on, _row.co_produto, arrival)
    )
    services: dict[str, dict[Arrival, int]] = defaultdict(dict)
    weeks: dict[str, dict[Arrival, int]] = defaultdict(dict)
    total: dict[Arrival, int] = {}
    for posted_on, service, value, count in connection.execute(query):
        kind = Arrival(value)
        _add(services[service or ""], kind, count)
        if posted_on:
            _add(weeks[_monday(posted_on)], kind, count)
        _add(total, kind, count)
    return Punctuality(
        by_service=_counted(services, ask.name),
        by_week=_counted(weeks, lambda _key: ""),
        routes=(),
        total=TimingCounts("", total),
    )


def punctuality(connection: Connection, ask: Ask) -> Punctuality:
    """`arrivals`, and the ten routes with the most late parcels (`late_routes`)."""
    return replace(arrivals(connection, ask), routes=late_routes(connection, ask))


def _add(counts: dict[Arrival, int], kind: Arrival, count: int) -> None:
    counts[kind] = counts.get(kind, 0) + int(count)


def _monday(day: str) -> str:
    posted = date.fromisoformat(day)
    return (posted - timedelta(days=posted.weekday())).isoformat()


def _counted(
    groups: Mapping[str, dict[Arrival, int]], name: Callable[[str], str]
) -> tuple[TimingCounts, ...]:
    return tuple(TimingCounts(key, counts, name(key)) for key, counts in sorted(groups.items()))


_ACCEPTED = [Outcome.ACCEPTED.value, Outcome.PAID.value]


def claim_figures(connection: Connection, ask: Ask) -> ClaimFigures:
    """Claims filed in the period (their UTC day, as `money_by_month`), accepted (paid
    included), refused and paid, with their estimates; a service or state filter reads the
    claimed parcel's."""
    estimate = cents_of(claim.c.estimate)
    outcomes = {
        "accepted": claim.c.outcome.in_(_ACCEPTED),
        "refused": claim.c.outcome == Outcome.REFUSED.value,
        "paid": claim.c.outcome == Outcome.PAID.value,
    }
    columns: list[ColumnElement[Any]] = [func.count(), _sum_cents(estimate)]
    for test in outcomes.values():
        columns += [func.sum(case((test, 1), else_=0)), _sum_cents(case((test, estimate)))]
    query = select(*columns).where(*_claim_scope(ask))
    if ask.flt.services or ask.flt.state:
        on = and_(_row.environment == claim.c.environment, _row.code == claim.c.code)
        query = query.select_from(claim.join(tracked_object, on)).where(*_claimed_parcel(ask))
    row = connection.execute(query).one()
    return ClaimFigures(
        filed=int(row[0]),
        accepted=int(row[2] or 0),
        refused=int(row[4] or 0),
        paid=int(row[6] or 0),
        filed_estimate=money(row[1]),
        accepted_estimate=money(row[3]),
        refused_estimate=money(row[5]),
        paid_estimate=money(row[7]),
    )


def _sum_cents(cents: ColumnElement[Any]) -> ColumnElement[int]:
    return cast(func.sum(cents), BigInteger)


def _claim_scope(ask: Ask) -> Iterable[ColumnElement[bool]]:
    yield claim.c.environment == ask.environment
    yield claim.c.state == ClaimState.FILED.value
    period = ask.flt.period
    if period is not None:  # filed_at is UTC ISO text: its day is its first ten characters
        yield claim.c.filed_at >= period.start.isoformat()
        yield claim.c.filed_at < _day_after(period.end)


def _claimed_parcel(ask: Ask) -> Iterable[ColumnElement[bool]]:
    if ask.flt.services:
        yield _row.co_produto.in_(sorted(ask.flt.services))
    if ask.flt.state:
        yield _row.destination_uf == ask.flt.state
