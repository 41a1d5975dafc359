"""The Overview tab on a year of a busy office (issue 42): the page opening and each period change, on screen.

bench_overview measures the service's reads; this measures what the manager waits on in
the window: the real `ManagerOverviewTab` over the real `OverviewService` (Claims'
candidates through Tracking's), on the same seeded year (`office_year.seed_office_year`)
in this desk's SQLite file, then in PostgreSQL (``POSTALGUI_TEST_POSTGRES_URL``; skipped
without it, the database is emptied first). The tab sits in a 1366x768 window, offscreen,
with the app's `IdleCollector` (no collection mid-task, as in the app's session).

Measured, per engine:

- the opening: from the tab first shown to every SQL section drawn (the tab's
  ``overviewShown``, then the paint pass that follows it), and to the money at stake
  drawn (``moneyShown``, Claims' candidates read after the sections); the tab reads
  after its first paint, and again once its subscription to the office feed is in place;
- each period change (last month, the quarter, the year, a click on SP on the map for
  the year, this month), from the change made in the filters to the sections drawn and
  to the money drawn; a few rounds, median and worst.

Targets (issue 42): the page open within 1 s and a period change redrawn within 200 ms
(the sections: the money comes after them and is printed beside); exits non-zero when
one misses.

The page reads the picker's other periods ahead once it has settled (`READ_AHEAD_MS`
after the money is drawn): between changes the manager looks at the page that long
(``Drawn.settle``), so a period change draws what was read; a state's first click reads
cold (printed apart, not held to the target).

Measured on the shared 2-core box (29/11/2026, the full test suite running on the other
core): the page drawn 220 ms after it is shown on SQLite and on PostgreSQL, the money at
stake at 770 and 580 ms; every period change redrawn in 52-71 ms median, worst 89 ms
(SQLite) and 101 ms (PostgreSQL); the first click on SP for the year 490 ms on SQLite,
325 ms on PostgreSQL (a cold read), 62-69 ms once read ahead. Without the read ahead the
year took 400-720 ms (SQLite) and 310-340 ms (PostgreSQL), almost all of it the service's
read (`bench_overview`); the window adds 50-110 ms: 15-45 ms from the read's end to the
sections set, then 35-65 ms painting them.

    uv run python -m tests.benchmarks.bench_overview_tab
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from postalgui.gui.collector import IdleCollector
from postalgui.gui.tabs.overview import ManagerOverviewTab
from postalgui.gui.tabs.overview.page_reads import READ_AHEAD_MS
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.overview.records import PeriodKind
from postalgui.services.overview.service import OverviewService
from tests.benchmarks.bench_overview import (
    CHANGE_MS,
    OPEN_MS,
    ROUNDS,
    STATE,
    open_office,
    overview_service,
    seed_office,
)
from tests.office_fixtures import empty_postgres

WAIT_MS = 60_000
PAINT_PASSES = 3
"""Event passes after a signal: layouts, then the paint, then what a chart's scene posted."""


class Timing(NamedTuple):
    """Milliseconds of one change: to the sections drawn, to the money drawn, the process's CPU
    meanwhile (every thread's), the service's read of the sections within it, and to the
    sections applied (``overviewShown``: read, handed to the GUI thread and set, not painted)."""

    sections: float
    money: float
    cpu: float
    read: float
    applied: float


class Drawn:
    """When the tab last drew a read: each signal noted, then the paint that follows it."""

    def __init__(self, app: QApplication, tab: ManagerOverviewTab, service: OverviewService) -> None:
        self.app = app
        self.reads: list[float] = []
        """Milliseconds of each `OverviewService.read` (the worker's SQL), in the order they ended."""
        read = service.read

        def timed_read(*args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter()
            try:
                return read(*args, **kwargs)
            finally:
                self.reads.append((time.perf_counter() - began) * 1000)

        service.read = timed_read  # type: ignore[method-assign]
        self.overviews = 0
        self.shown_at = 0.0
        self.moneys = 0
        self.loop = QEventLoop()
        tab.overviewShown.connect(self._on_tab_overview_shown)
        tab.moneyShown.connect(self._on_tab_money_shown)

    def _on_tab_overview_shown(self, _overview: object) -> None:
        self.overviews += 1
        self.shown_at = time.perf_counter()
        self.loop.quit()

    def _on_tab_money_shown(self, _money: object) -> None:
        self.moneys += 1
        self.loop.quit()

    def wait(self, count: Callable[[], int], seen: int) -> None:
        """Until ``count()`` passes ``seen``, then until it is painted."""
        timer = QTimer()
        timer.setSingleShot(True)
        timer.timeout.connect(self.loop.quit)
        timer.start(WAIT_MS)
        while count() <= seen and timer.isActive():
            self.loop.exec()
        if count() <= seen:
            raise TimeoutError(f"the Overview tab drew nothing in {WAIT_MS} ms")
        for _pass in range(PAINT_PASSES):
            self.app.processEvents()

    def timed(self, change: Callable[[], object]) -> Timing:
        """From ``change()`` to the sections drawn, to the money drawn."""
        overviews, moneys, reads = self.overviews, self.moneys, len(self.reads)
        began, cpu = time.perf_counter(), time.process_time()
        change()
        self.wait(lambda: self.overviews, overviews)
        sections = (time.perf_counter() - began) * 1000
        self.wait(lambda: self.moneys, moneys)
        return Timing(
            sections,
            (time.perf_counter() - began) * 1000,
            (time.process_time() - cpu) * 1000,
            self.reads[-1] if len(self.reads) > reads else 0.0,
            (self.shown_at - began) * 1000,
        )

    def settle(self, runner: TaskRunner) -> None:
        """As a manager looks at the page before the next change: `READ_AHEAD_MS` and more
        (the page reads the picker's other periods ahead then), until no read is under way."""
        dwell = time.perf_counter() + (READ_AHEAD_MS + 100) / 1000
        while time.perf_counter() < dwell or runner.active_count:
            self.app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 50)
        for _pass in range(PAINT_PASSES):
            self.app.processEvents()


def click_state(tab: ManagerOverviewTab, uf: str) -> None:
    """A click on ``uf`` on the map, as the manager makes it."""
    centre = tab.where.map.centre(uf)
    QTest.mouseClick(
        tab.where.map,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        QPoint(round(centre.x()), round(centre.y())),
    )


STATE_CHANGE = f"year, {STATE} clicked"
"""Not a period change: the first click on a state reads it cold (its periods are read
ahead after it); printed, not held to the period changes' target."""


def _changes(tab: ManagerOverviewTab) -> dict[str, Callable[[], object]]:
    """The period changes of a round, in order (each from the one before)."""
    return {
        "last month": lambda: tab.filters.set_kind(PeriodKind.LAST_MONTH),
        "quarter": lambda: tab.filters.set_kind(PeriodKind.QUARTER),
        "year": lambda: tab.filters.set_kind(PeriodKind.YEAR),
        STATE_CHANGE: lambda: click_state(tab, STATE),
        "year again (the state chip clicked)": tab.filters.state_chip.click,
        "this month": lambda: tab.filters.set_kind(PeriodKind.THIS_MONTH),
    }


def _report(label: str, rounds: dict[str, list[Timing]]) -> float:
    """Prints each change's median and worst (and the first's); the worst period change,
    sections drawn."""
    for name, times in rounds.items():
        walls = [timing.sections for timing in times]
        moneys = [timing.money for timing in times]
        print(
            f"{label}: period {name}: sections drawn median {statistics.median(walls):.0f} ms, "
            f"worst {max(walls):.0f} ms (median: the service's read "
            f"{statistics.median(t.read for t in times):.0f}, "
            f"applied {statistics.median(t.applied for t in times):.0f}); money drawn median "
            f"{statistics.median(moneys):.0f} ms, worst {max(moneys):.0f} ms "
            f"(CPU median {statistics.median(t.cpu for t in times):.0f} ms); the first {walls[0]:.0f} ms"
        )
    return max(timing.sections for name, times in rounds.items() if name != STATE_CHANGE for timing in times)


def _measure(app: QApplication, folder: Path, url: str, label: str) -> bool:
    seed_office(folder, url, label)
    office = open_office(folder, url)
    service = overview_service(office)
    runner = TaskRunner()
    collector = IdleCollector(runner)  # as the app's session does once the window is built
    collector.start()
    box = QWidget()
    box.resize(1366, 768)
    tab = ManagerOverviewTab(service, runner, MessageArea(), box)
    QVBoxLayout(box).addWidget(tab)
    drawn = Drawn(app, tab, service)
    try:
        opening = drawn.timed(box.show)
        print(
            f"{label}: opening (this month, a fresh office database): "
            f"sections drawn {opening.sections:.0f} ms "
            f"(the service's read {opening.read:.0f}, applied {opening.applied:.0f}), "
            f"money at stake drawn {opening.money:.0f} ms "
            f"(CPU {opening.cpu:.0f} ms)"
        )
        drawn.settle(runner)
        rounds: dict[str, list[Timing]] = {name: [] for name in _changes(tab)}
        for _round in range(ROUNDS):
            for name, change in _changes(tab).items():
                rounds[name].append(drawn.timed(change))
                drawn.settle(runner)
        worst_all = _report(label, rounds)
        met = opening.sections < OPEN_MS and worst_all < CHANGE_MS
        print(
            f"{label}: opening {opening.sections:.0f} ms (target {OPEN_MS:.0f}), worst period change "
            f"{worst_all:.0f} ms (target {CHANGE_MS:.0f}): {'met' if met else 'NOT met'}"
        )
        return met
    finally:
        collector.stop()
        box.close()
        runner.shutdown(WAIT_MS)
        box.deleteLater()
        app.processEvents()
        service.close()
        office.close()


def main() -> int:
    app: Any = QApplication.instance() or QApplication([])
    met = []
    with tempfile.TemporaryDirectory() as folder:
        met.append(_measure(app, Path(folder) / "sqlite", "", "SQLite"))
        url = os.environ.get("POSTALGUI_TEST_POSTGRES_URL", "").strip()
        if url:
            empty_postgres(url)
            met.append(_measure(app, Path(folder) / "postgresql", url, "PostgreSQL"))
        else:
            print("PostgreSQL skipped: set POSTALGUI_TEST_POSTGRES_URL (.ci/postgres.sh starts one)")
    print(
        f"target: the page open under {OPEN_MS:.0f} ms, every period change redrawn under "
        f"{CHANGE_MS:.0f} ms: {'met' if all(met) else 'NOT met'}"
    )
    return 0 if all(met) else 1


if __name__ == "__main__":
    sys.exit(main())
