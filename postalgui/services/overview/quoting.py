"""The Overview's quotes, in SQL: the successful quotes per clerk and local day, and how many
became pre-postings per service and route.

A quote counts on the desk's local day of its UTC ``at`` (`local_day`, the offset bound);
the period's days are turned into UTC bounds, so the ``quote_at`` index finds them. It
"became" a pre-posting when the office registered one of the same service to the same
destination CEP, not cancelled, within seven days after it (``shipment_route`` index): a
heuristic, the tooltip says so. A route is the states of the quote's CEPs.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, time, timedelta

from sqlalchemy import ColumnElement, Connection, case, func, literal, select

from postalgui.services.overview.cep_states import cep_in_state, state_of_cep
from postalgui.services.overview.queries import Ask
from postalgui.services.overview.records import ClerkDay, Conversion, QuoteFigures
from postalgui.store.sqlfn import day_plus, local_day
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


def _converted() -> ColumnElement[int]:
    """1 when a pre-posting followed the quote (same service and destination CEP, not
    cancelled, registered within `CONVERSION_DAYS` UTC days after it)."""
    found = (
        select(literal(1))
        .where(
            shipment.c.environment == quote.c.environment,
            shipment.c.service_code == quote.c.co_produto,
            shipment.c.recipient_cep == quote.c.cep_destino,
            shipment.c.created_at >= quote.c.at,
            shipment.c.created_at < day_plus(func.substr(quote.c.at, 1, 10), CONVERSION_DAYS + 1),
            shipment.c.status != CANCELLED,
        )
        .exists()
    )
    return case((found, 1), else_=0)


def quote_figures(connection: Connection, ask: Ask) -> QuoteFigures:
    """Successful quotes per clerk and day, and per service and route how many converted."""
    scope = list(_scope(ask))
    day = local_day(quote.c.at, ask.offset_minutes).label("day")
    per_day = select(quote.c.created_by, day, func.count()).where(*scope).group_by(quote.c.created_by, day)
    clerks = tuple(
        sorted(
            (
                ClerkDay(clerk or "", date.fromisoformat(on), int(count))
                for clerk, on, count in connection.execute(per_day)
            ),
            key=lambda row: (row.day, row.clerk),
        )
    )
    origin = state_of_cep(quote.c.cep_origem).label("origin")
    destination = state_of_cep(quote.c.cep_destino).label("destination")
    converted = func.sum(_converted())
    routes = (
        select(quote.c.co_produto, origin, destination, func.count(), converted)
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
