"""The manager's Overview on a year of a busy office (issue 42): opening it and changing the period.

`office_year.seed_office_year` writes one year (100,000 followed parcels, 24 invoices with
300,000 statement lines, 5,000 claims, 20,000 quotes, 8,000 pre-postings) to this desk's
SQLite file, then to PostgreSQL (``POSTALGUI_TEST_POSTGRES_URL``; skipped without it, the
database is emptied first). Measured, per engine, as the window asks (`OverviewService`):

- the opening: this month's SQL sections on a freshly opened office database (the engine,
  the schema check and the first connections included);
- each period change (this month, last month, the quarter, the year, the year to one
  state): every SQL section again, plus the money at stake counted from Claims' cached
  candidates; a few rounds, median and worst;
- Claims' candidates themselves, once (they come after the sections have painted, and
  again only after a change of the office).

These are cold reads: the window reads the picker's periods ahead once the page has
settled, so a period change there draws what was read (`bench_overview_tab` measures what
the manager waits on, against issue 42's 200 ms); a custom period, or a state's first
click, waits for a read as measured here. Target: every read, the opening included,
within 1 s on both engines (issue 42's opening); prints the figures with the process's CPU
beside the wall time (which follows the machine's load) and exits non-zero when one misses.

Measured on the shared 2-core box (load 2 to 4, 29/11/2026): opening 60-110 ms; a month
40-90 ms; the year 225 ms median on SQLite (370 ms of CPU on two connections: then three passes
over 100,000 index entries, 20,000 quotes), 180 ms on PostgreSQL; the year to SP 260 and
215 ms (spending then sums the statements' 150,000 lines). Sequential, the year took 390 ms
on SQLite; PostgreSQL's JIT added 30 ms a query until the sections turned it off. The
late routes now come from the map's pass (two passes over the parcels, not three).

    uv run python -m tests.benchmarks.bench_overview
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path

from sqlalchemy import text

from postalgui.api.cancel import PlainTask
from postalgui.services.claims.offers import ClaimsOffer
from postalgui.services.claims.service import ClaimsService
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.overview.records import Filter, Period, PeriodKind
from postalgui.services.overview.service import OverviewService
from postalgui.services.tracking.offers import TrackingOffer
from postalgui.services.tracking.service import TrackingService
from tests.benchmarks.office_year import seed_office_year
from tests.office_fixtures import empty_postgres
from tests.ports_support import claims_ports, overview_ports, tracking_ports

OPEN_MS = 1_000.0
CHANGE_MS = 200.0
"""The window's period change (`bench_overview_tab`)."""
READ_MS = 1_000.0
"""A cold read of any period here."""
ROUNDS = 5
TODAY = date(2026, 11, 28)
NOW = datetime(2026, 11, 28, 15, 0, tzinfo=UTC)
STATE = "SP"
"""The busiest state: the heaviest of the state filters."""


def _filters() -> dict[str, Filter]:
    periods = {kind.value: Filter(Period.of(kind, TODAY)) for kind in list(PeriodKind)[:-1]}
    return {**periods, f"year, {STATE}": periods["year"].with_state(STATE)}


def _timed(work: Callable[[], object]) -> tuple[float, float]:
    """Wall and process CPU milliseconds of ``work``."""
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def overview_service(office: OfficeDatabase) -> OverviewService:
    """The service as the window builds it: Claims' candidates through Tracking's, at `NOW`."""
    tracking = TrackingService(tracking_ports(office))
    claims = ClaimsService(claims_ports(office, TrackingOffer(lambda: tracking), clock=lambda: NOW))
    return OverviewService(overview_ports(office, TODAY, claims_money=ClaimsOffer(lambda: claims)))


def open_office(folder: Path, url: str) -> OfficeDatabase:
    return OfficeDatabase(folder, "sandbox", url, author=lambda: "ana.souza", allow_password_in_url=True)


def seed_office(folder: Path, url: str, label: str) -> None:
    """A year of a busy office written and settled (PostgreSQL analyzed), then closed."""
    opened = open_office(folder, url)
    began = time.perf_counter()
    seed_office_year(opened, today=TODAY)
    print(f"{label}: a year of a busy office written in {time.perf_counter() - began:.1f} s")
    if url:  # what autovacuum does soon after a bulk load (13+ vacuums after inserts too)
        vacuum = opened.store().open().connect().execution_options(isolation_level="AUTOCOMMIT")
        with vacuum:
            vacuum.execute(text("VACUUM ANALYZE"))
    opened.close()


def _measure(folder: Path, url: str, label: str) -> bool:
    task = PlainTask()
    seed_office(folder, url, label)
    office = open_office(folder, url)
    service = overview_service(office)
    try:
        filters = _filters()
        first, first_cpu = _timed(lambda: service.read(task, filters["this_month"]))
        print(
            f"{label}: opening (this month, a fresh office database) {first:.0f} ms (CPU {first_cpu:.0f} ms)"
        )
        money, money_cpu = _timed(lambda: service.money_left(task, filters["this_month"]))
        print(
            f"{label}: Claims' candidates, once after the sections: {money:.0f} ms (CPU {money_cpu:.0f} ms)"
        )
        worst_all = 0.0
        for name, flt in filters.items():
            times, cpus = [], []
            for _round in range(ROUNDS):
                wall, cpu = _timed(lambda flt=flt: (service.read(task, flt), service.money_left(task, flt)))
                times.append(wall)
                cpus.append(cpu)
            worst, median = max(times), statistics.median(times)
            worst_all = max(worst_all, worst)
            print(
                f"{label}: period {name}: median {median:.0f} ms, worst {worst:.0f} ms "
                f"(CPU median {statistics.median(cpus):.0f} ms)"
            )
        met = first < OPEN_MS and worst_all < READ_MS
        print(
            f"{label}: opening {first:.0f} ms (target {OPEN_MS:.0f}), worst cold read {worst_all:.0f} ms "
            f"(target {READ_MS:.0f}): {'met' if met else 'NOT met'}"
        )
        return met
    finally:
        service.close()
        office.close()


def main() -> int:
    met = []
    with tempfile.TemporaryDirectory() as folder:
        met.append(_measure(Path(folder) / "sqlite", "", "SQLite"))
        url = os.environ.get("POSTALGUI_TEST_POSTGRES_URL", "").strip()
        if url:
            empty_postgres(url)
            met.append(_measure(Path(folder) / "postgresql", url, "PostgreSQL"))
        else:
            print("PostgreSQL skipped: set POSTALGUI_TEST_POSTGRES_URL (.ci/postgres.sh starts one)")
    print(
        f"target: opening under {OPEN_MS:.0f} ms, every cold read under {READ_MS:.0f} ms: "
        f"{'met' if all(met) else 'NOT met'}"
    )
    return 0 if all(met) else 1


if __name__ == "__main__":
    sys.exit(main())
