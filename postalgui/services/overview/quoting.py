"""The Overview's quotes, in SQL: the successful quotes per clerk and local day, and how many
became pre-postings per service and route.

A quote counts on the desk's local day of its UTC ``at``; the period's days are turned into
UTC bounds, so the ``quote_at`` index finds them. It "became" a pre-posting when the office
registered one of the same service to the same destination CEP, not cancelled, within seven
days after it (found from the pre-postings, on the ``quote_route`` index): a heuristic, the
tooltip says so. A route is the states of the quote's CEPs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date, datetime, time, timedelta

from sqlalchemy import ColumnElement, Connection, Subquery, and_, func, select

from postalgui.services.overview.cep_states import cep_in_state, state_of_cep
from postalgui.services.overview.queries import Ask
from postalgui.services.overview.records import ClerkDay, Conversion, QuoteFigures
from postalgui.store.sqlfn import day_plus
from postalgui.store.tables import quote, shipment

__all__ = ["CANCELLED", "CONVERSION_DAYS", "quote_figures"]

CONVERSION_DAYS = 7
CANCELLED = "5"
"""A shipment's ``status`` once cancelled (``Cancelado``)."""


def _utc_bound(day: date, offset_minutes: int) -> str:
    """The UTC ISO moment the local ``day`` starts at."""
    return (datetime.combine(day, time()) - timedelta(minutes=offset_minutes)).isoformat()


def _scope(ask: Ask) -> Iterable[ColumnElement[bool]]:
    yield quote.c.environment == ask.environment
    yield quote.c.failure_code.is_(None)
    yield quote.c.pc_final.is_not(None)
    period = ask.flt.period
    if period is not None:
        yield quote.c.at >= _utc_bound(period.start, ask.offset_minutes)
        yield quote.c.at < _utc_bound(period.end + timedelta(days=1), ask.offset_minutes)
    if ask.flt.services:
        yield quote.c.co_produto.in_(sorted(ask.flt.services))
    if ask.flt.state:
        yield cep_in_state(quote.c.cep_destino, ask.flt.state)


def _converted(ask: Ask) -> Subquery:
    """The quotes a pre-posting followed (same service and destination CEP, not cancelled,
    registered within `CONVERSION_DAYS` UTC days after the quote), found from the
    pre-postings' side: fewer than the quotes, each finds its quotes on ``quote_route``."""
    scope = [shipment.c.environment == ask.environment, shipment.c.status != CANCELLED]
    period = ask.flt.period
    if period is not None:  # a quote of the period, and the week after it
        scope.append(shipment.c.created_at >= _utc_bound(period.start, ask.offset_minutes))
        scope.append(shipment.c.created_at < _utc_bound(period.end + timedelta(days=CONVERSION_DAYS + 2), 0))
    followed = and_(
        quote.c.environment == shipment.c.environment,
        quote.c.co_produto == shipment.c.service_code,
        quote.c.cep_destino == shipment.c.recipient_cep,
        quote.c.at <= shipment.c.created_at,
        quote.c.at >= day_plus(func.substr(shipment.c.created_at, 1, 10), -CONVERSION_DAYS),
    )
    return (
        select(quote.c.id)
        .select_from(shipment.join(quote, followed))
        .where(*scope)
        .distinct()
        .subquery("converted")
    )


def _per_clerk_day(
    connection: Connection, ask: Ask, scope: list[ColumnElement[bool]]
) -> tuple[ClerkDay, ...]:
    """Quotes per clerk and local day: per UTC day and whether before the UTC time the
    desk's day starts at (text, no timestamp parsed per row), moved to the local day here."""
    starts = -ask.offset_minutes % (24 * 60)
    early = (func.substr(quote.c.at, 12, 5) < f"{starts // 60:02d}:{starts % 60:02d}").label("early")
    utc_day = func.substr(quote.c.at, 1, 10).label("utc_day")
    query = (
        select(quote.c.created_by, utc_day, early, func.count())
        .where(*scope)
        .group_by(quote.c.created_by, utc_day, early)
    )
    counted: dict[tuple[str, date], int] = defaultdict(int)
    for clerk, day, before, count in connection.execute(query):
        local = date.fromisoformat(day)
        if ask.offset_minutes < 0 and before:
            local -= timedelta(days=1)
        elif ask.offset_minutes > 0 and not before:
            local += timedelta(days=1)
        counted[clerk or "", local] += int(count)
    return tuple(
        ClerkDay(clerk, day, count)
        for (clerk, day), count in sorted(counted.items(), key=lambda item: (item[0][1], item[0][0]))
    )


def quote_figures(connection: Connection, ask: Ask) -> QuoteFigures:
    """Successful quotes per clerk and day, and per service and route how many converted."""
    scope = list(_scope(ask))
    clerks = _per_clerk_day(connection, ask, scope)
    origin = state_of_cep(quote.c.cep_origem).label("origin")
    destination = state_of_cep(quote.c.cep_destino).label("destination")
    converted = _converted(ask)
    routes = (
        select(quote.c.co_produto, origin, destination, func.count(), func.count(converted.c.id))
        .select_from(quote.outerjoin(converted, converted.c.id == quote.c.id))
        .where(*scope)
        .group_by(quote.c.co_produto, origin, destination)
    )
    conversions = [
        Conversion(
            service, origin_uf or "", destination_uf or "", int(count), int(done or 0), ask.name(service)
        )
        for service, origin_uf, destination_uf, count, done in connection.execute(routes)
    ]
    conversions.sort(key=lambda row: (-row.quotes, row.service, row.origin, row.destination))
    return QuoteFigures(
        by_clerk_day=clerks,
        conversions=tuple(conversions),
        quotes=sum(row.quotes for row in conversions),
        converted=sum(row.converted for row in conversions),
    )
