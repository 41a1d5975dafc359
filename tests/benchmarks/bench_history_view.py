"""The Prices tab's history with 100,000 quotes: opening it and filtering per keystroke (issues 25, 40).

The history panel on a `QuoteHistory` of 100,000 quotes, first on this desk's SQLite file,
then on PostgreSQL (``POSTALGUI_TEST_POSTGRES_URL``; skipped without it, the database is
emptied first). Measured: the panel's first search (the tab opened), then each keystroke
of a few searches typed letter by letter, from the search's start (after the typing
pause, which is the panel's choice, not the store's cost) to its rows shown and painted.
Target (issue 40): the worst keystroke, and the opening, within 100 ms on both engines;
prints median and worst per engine and exits non-zero when one misses it. Issue 40 found
130 ms worst (median 51) on PostgreSQL: a word matching few quotes read the whole table
(now a trigram index, migration 0007, when the server has ``pg_trgm``), and every keystroke
validated and worded its 500 quotes again (now made once, `history_cache.ReadBack`, and a
row shown again keeps its cells). Then 103 ms worst for "no": a word too short for the
trigram index that matches nothing walked the table, 18,099 pages of quotes carrying their
JSON; it now walks a narrow index of the search text (1,930 pages, migration 0008).
Then the opening missed on PostgreSQL (204-231 ms, SQLite 92-100) though its query takes
1-5 ms on the server (EXPLAIN ANALYZE: the newest 500 read backwards along ``quote_time``,
no sort, no count, below the JIT's cost): a full pass of Python's own garbage collector,
85-90 ms of CPU at this process's heap, fell in or just after it (176 and 193 ms in
PostgreSQL's first keystrokes in two runs; it runs second, on the heap the first run
grew). The app never lets one run mid-task (`IdleCollector`: start-up frozen, passes
between tasks on the GUI thread), so the panel is measured under it here, as in
bench_price_gui. The opening is then about 55 ms of the process's CPU on either engine
(printed beside the wall time, which follows the machine's load): 500 rows read 4-8 ms,
their JSON validated into entries 22, worded 9, painted 8.

    uv run python -m tests.benchmarks.bench_history_view
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop
from PySide6.QtWidgets import QApplication
from sqlalchemy import text

from postalgui.api.models.price import PriceQuery, PriceResponse, QuoteResult
from postalgui.gui.collector import IdleCollector
from postalgui.gui.tabs.price.history_panel import HistoryPanel
from postalgui.gui.tasks import TaskRunner
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.price.history import QuoteHistory
from tests.feature_ports import price_service
from tests.office_fixtures import empty_postgres
from tests.price_samples import OFFICIAL

QUOTES = 100_000
TARGET_MS = 100.0
SEARCHES = ("sedex 2004", "01310", "q-9999", "nothing-like-this")
PRODUCTS = ("03220", "03298", "04014", "04510", "03158")


def _fill(history: QuoteHistory) -> None:
    response = PriceResponse.model_validate(OFFICIAL)
    block = 5_000
    for start in range(0, QUOTES, block):
        results = [
            QuoteResult(
                0,
                PriceQuery(
                    coProduto=PRODUCTS[number % len(PRODUCTS)],
                    cepOrigem="01310100",
                    cepDestino=f"{20040020 + number % 7919:08d}",
                    psObjeto=300 + number % 700,
                    nuRequisicao=f"q-{number}",
                ),
                response,
            )
            for number in range(start, start + block)
        ]
        history.add(results, environment="sandbox", source="batch")


def _measure(app: QApplication, office: OfficeDatabase, history: QuoteHistory, label: str) -> bool:
    price = price_service(office=lambda: office, history=lambda: history)
    runner = TaskRunner()
    panel = HistoryPanel(price, runner)
    panel.resize(1100, 500)
    panel.show()
    collector = IdleCollector(runner)  # as the app's session does once the window is built
    collector.start()
    searching: list[float] = []
    search_store = history.search

    def timed_search(*args: Any, **kwargs: Any) -> Any:
        began = time.perf_counter()
        try:
            return search_store(*args, **kwargs)
        finally:
            searching.append((time.perf_counter() - began) * 1000)

    history.search = timed_search  # type: ignore[method-assign]
    searched = QEventLoop()
    panel.search.searched.connect(searched.quit)

    spent: list[float] = []

    def search(text_typed: str) -> float:
        panel.search_edit.blockSignals(True)  # the typing pause is the panel's; the search is measured
        panel.search_edit.setText(text_typed)
        panel.search_edit.blockSignals(False)
        began, cpu = time.perf_counter(), time.process_time()
        panel.refresh()
        searched.exec()  # until the panel shows what the search found
        app.processEvents()  # the rows painted
        spent.append((time.process_time() - cpu) * 1000)  # every thread's: the worker's and this one's
        return (time.perf_counter() - began) * 1000

    first = search("")
    shown = len(panel.entries())
    typed = [words[:end] for words in SEARCHES for end in range(1, len(words) + 1)]
    times = [search(text_typed) for text_typed in typed]
    worst = max(times)
    print(
        f"{label}: of which the store's search: median {statistics.median(searching):.0f} ms, "
        f"worst {max(searching):.0f} ms (the rest: rows into the table and painted)"
    )
    print(
        f"{label}: opening {first:.0f} ms ({spent[0]:.0f} ms of CPU, {shown:,} rows shown); "
        f"{len(times)} keystrokes: "
        f"median {statistics.median(times):.0f} ms, worst {worst:.0f} ms "
        f"(“{typed[times.index(worst)]}”); target {TARGET_MS:.0f} ms: "
        f"{'met' if max(first, worst) < TARGET_MS else 'NOT met'}"
    )
    collector.stop()
    panel.close()
    panel.deleteLater()
    runner.deleteLater()
    app.processEvents()
    return max(first, worst) < TARGET_MS


def _run(app: QApplication, folder: Path, url: str, label: str) -> bool:
    office = OfficeDatabase(folder, "sandbox", url, author=lambda: "clerk.a", allow_password_in_url=True)
    history = QuoteHistory(office)
    began = time.perf_counter()
    _fill(history)
    print(f"{label}: {QUOTES:,} quotes written in {time.perf_counter() - began:.1f} s")
    if url:  # what autovacuum does soon after a bulk load (13+ vacuums after inserts too)
        vacuum = history.store.open().connect().execution_options(isolation_level="AUTOCOMMIT")
        with vacuum:
            vacuum.execute(text("VACUUM ANALYZE quote"))
    try:
        return _measure(app, office, history, label)
    finally:
        history.close()
        office.close()


def main() -> int:
    app: Any = QApplication.instance() or QApplication([])
    met = []
    with tempfile.TemporaryDirectory() as folder:
        met.append(_run(app, Path(folder) / "sqlite", "", "SQLite"))
        url = os.environ.get("POSTALGUI_TEST_POSTGRES_URL", "").strip()
        if url:
            empty_postgres(url)
            met.append(_run(app, Path(folder) / "postgresql", url, "PostgreSQL"))
        else:
            print("PostgreSQL skipped: set POSTALGUI_TEST_POSTGRES_URL (.ci/postgres.sh starts one)")
    print(f"target: opening and every keystroke under {TARGET_MS:.0f} ms: {'met' if all(met) else 'NOT met'}")
    return 0 if all(met) else 1


if __name__ == "__main__":
    sys.exit(main())
