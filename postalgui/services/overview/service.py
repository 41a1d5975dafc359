"""`OverviewService`: the manager's Overview as the window, the CLI and the monthly report
reach it, from `AppContext.overview`, built from its `OverviewPorts` only.

Every section is one read of the office database, summed there (`queries`, `spending`,
`quoting`); the money at stake is Claims' word (`ClaimsMoney`), read once a day and after
each change (`money.MoneyCache`), after the SQL sections have painted.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, TypeVar

from sqlalchemy import Connection, select, union

from postalgui.services.office.topics import CLAIMS, INVOICES, QUOTES, TRACKING
from postalgui.services.overview import OVERVIEW_TOPICS, queries, quoting
from postalgui.services.overview import spending as spent
from postalgui.services.overview.money import MoneyCache, money_left
from postalgui.services.overview.queries import Ask
from postalgui.services.overview.records import (
    ClaimFigures,
    Filter,
    MoneyLeft,
    Overview,
    Punctuality,
    QuoteFigures,
    Spending,
    Whereabouts,
)
from postalgui.store.tables import statement_service, tracked_object

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.overview.ports import OverviewPorts

__all__ = ["OVERVIEW_TOPICS", "OverviewService"]

MONEY_TOPICS = (INVOICES, TRACKING, CLAIMS, QUOTES)
"""What Claims' candidates are made from (the statement's or the quote's postage)."""
SECTION_THREADS = 2
"""Connections a read works on at once (the office store's pool keeps two)."""
T = TypeVar("T")


def _planned(connection: Connection) -> Connection:
    """``connection``, told on PostgreSQL not to compile its plans (JIT): a section costs more
    than the JIT's threshold and runs in a few milliseconds, the compiling took 30 ms of them."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql("SET LOCAL jit = off")
    return connection


class OverviewService:
    """Reads the office database of the current environment; holds only the money cache.
    Every read opens the office database: tasks only."""

    def __init__(self, ports: OverviewPorts) -> None:
        self._ports = ports
        self._money = MoneyCache(MONEY_TOPICS)

    def today(self) -> date:
        """The office's day (tracking's): what "late" is counted against."""
        return self._ports.today()

    def office(self) -> OfficeDatabase:
        return self._ports.office()

    def watch(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """``callback(topic)`` after each change any desk commits to the office database
        (`OVERVIEW_TOPICS` are the Overview's); returns the function that stops it. Tasks only."""
        return self._ports.office().store().subscribe(callback)

    def ask(self, flt: Filter) -> Ask:
        """The question a read of ``flt`` asks the database now."""
        return Ask(
            flt,
            self._ports.environment(),
            self.today(),
            self._ports.utc_offset_minutes(),
            dict(self._ports.service_names()),
        )

    def _section(self, task: TaskControl, ask: Ask, read: Callable[[Connection, Ask], T]) -> T:
        task.raise_if_cancelled()
        return self._ports.office().store().run(lambda connection: read(_planned(connection), ask), read=True)

    # --- the sections, each one read ---------------------------------------------------

    def spending(self, task: TaskControl, flt: Filter) -> Spending:
        return self._section(task, self.ask(flt), spent.spending)

    def whereabouts(self, task: TaskControl, flt: Filter) -> Whereabouts:
        return self._section(task, self.ask(flt), queries.whereabouts)

    def punctuality(self, task: TaskControl, flt: Filter) -> Punctuality:
        return self._section(task, self.ask(flt), queries.punctuality)

    def claim_figures(self, task: TaskControl, flt: Filter) -> ClaimFigures:
        return self._section(task, self.ask(flt), queries.claim_figures)

    def quote_figures(self, task: TaskControl, flt: Filter) -> QuoteFigures:
        return self._section(task, self.ask(flt), quoting.quote_figures)

    def read(self, task: TaskControl, flt: Filter) -> Overview:
        """Every SQL section of ``flt`` (the money at stake is `money_left`'s, read after).

        The reads run on `SECTION_THREADS` connections at once: the database works on one
        while the other waits (a year of a busy office is two passes over its parcels, per route
        with the late ones and per day and service, and one over its quotes)."""
        ask = self.ask(flt)
        with ThreadPoolExecutor(SECTION_THREADS, thread_name_prefix="postalgui-overview") as pool:

            def section(read: Callable[[Connection, Ask], T]) -> Future[T]:
                return pool.submit(self._section, task, ask, read)

            found, timing, quotes = (
                section(queries.places),
                section(queries.arrivals),
                section(quoting.quote_figures),
            )
            spending, claims = section(spent.spending), section(queries.claim_figures)
            places = found.result()  # the longest first: the two passes over the parcels, the quotes
            where = section(lambda c, a: queries.whereabouts(c, a, places))
            return Overview(
                filter=flt,
                today=ask.today,
                spending=spending.result(),
                where=where.result(),
                on_time=replace(timing.result(), routes=queries.ranked_routes(ask, places)),
                claims=claims.result(),
                quotes=quotes.result(),
                read_at=datetime.now(UTC),
            )

    # --- Claims' money -----------------------------------------------------------------

    def money_left(self, task: TaskControl, flt: Filter) -> MoneyLeft:
        """Claims' candidates whose 90 days started in the period: open, and left unclaimed.
        Claims works them out once a day and after a change; a filter change only counts."""
        port = self._ports.claims_money()
        if port is None:
            return MoneyLeft()
        task.raise_if_cancelled()
        store = self._ports.office().store()
        self._money.watch(store, store.subscribe)
        found = self._money.claimable(port, self.today())
        task.raise_if_cancelled()
        return money_left(found, flt)

    def service_choices(self) -> list[tuple[str, str]]:
        """The services the office followed parcels of or was billed for, with their names,
        for the service filter (opens the office database: tasks only)."""
        environment = self._ports.environment()
        codes = union(
            select(tracked_object.c.co_produto.label("code")).where(
                tracked_object.c.environment == environment, tracked_object.c.co_produto.is_not(None)
            ),
            select(statement_service.c.codigo_servico.label("code")).where(
                statement_service.c.environment == environment
            ),
        )
        found = self._ports.office().store().run(lambda c: [row[0] for row in c.execute(codes)], read=True)
        names = self._ports.service_names()
        return sorted(((code, names.get(code, "")) for code in found if code), key=lambda item: item[0])

    def close(self) -> None:
        """Stop following the office's changes (the money cache's subscription)."""
        self._money.close()
