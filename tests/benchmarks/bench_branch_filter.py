"""Local filtering of every unit in Brazil, per keystroke, on the GUI thread.

What the Branches tab does for each letter typed in its search box with the whole
country loaded (`BranchesTab.apply_filters`): `BranchIndex.select` over 12,000 units,
the list model showing the kept rows in their sort order (the tab's table on it, sorted
by name), and the map regrouping the shown points; then both paint (the event loop's
turn, offscreen, as the app does on screen). Typing is replayed
letter by letter for a few searches, also with "open now" on. Target: under 16 ms per
keystroke. Prints the median and the worst keystroke.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from datetime import UTC, datetime

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from postalgui.api.models.branches import Unit
from postalgui.gui.tabs.branches.tab import fit_columns
from postalgui.gui.tabs.branches.unit_model import UnitModel
from postalgui.gui.widgets.map_view import MapView
from postalgui.gui.widgets.tables import record_table
from postalgui.sandbox.branch_data import all_units
from postalgui.services.branches.index import BranchIndex, LocalCriteria

TARGET_MS = 16.0
SEARCHES = ("sao jose dos campos", "rua tiradentes", "agf vila", "locker shopping", "69900")


def main() -> int:
    app = QApplication.instance() or QApplication([])
    started = time.perf_counter()
    units = [Unit.model_validate(record) for record in all_units()]
    index = BranchIndex(units)
    elapsed = time.perf_counter() - started
    print(f"{len(units)} units parsed and indexed in {elapsed:.2f} s (on a worker in the app)")
    model = UnitModel(now=datetime.now(UTC))
    table = record_table(None, model, "unitTable", "Units")  # type: ignore[arg-type]  # as the tab builds it
    fit_columns(table)
    table.setSortingEnabled(True)
    table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    model.set_units(units, index=index)  # as a sync's answer arrives: sorted by name, all shown
    table.resize(600, 500)
    table.show()
    view = MapView()
    view.resize(600, 400)
    view.set_points(list(index.lons), list(index.lats))
    view.show()
    app.processEvents()
    now = datetime.now(UTC)
    times: list[float] = []
    parts: list[tuple[int, float, float, float, float]] = []
    for open_now in (False, True):
        for search in SEARCHES:
            for end in range(1, len(search) + 1):
                begun = time.perf_counter()
                rows = index.select(LocalCriteria(text=search[:end], open_now=open_now), now)
                t1 = time.perf_counter()
                model.set_rows(rows)
                t2 = time.perf_counter()
                view.set_visible_indices(rows)
                t3 = time.perf_counter()
                app.processEvents()  # the list and the map paint what they show, as in the app
                times.append((time.perf_counter() - begun) * 1000)
                parts.append(
                    (
                        len(rows),
                        (t1 - begun) * 1000,
                        (t2 - t1) * 1000,
                        (t3 - t2) * 1000,
                        (time.perf_counter() - t3) * 1000,
                    )
                )
    print(
        f"{len(times)} keystrokes: median {statistics.median(times):.1f} ms, "
        f"90th percentile {sorted(times)[int(len(times) * 0.9)]:.1f} ms, worst {max(times):.1f} ms"
    )
    if "-v" in sys.argv:
        for rows, *costs in sorted(parts, key=lambda part: -sum(part[1:]))[:8]:
            print(
                f"  {rows:>6} rows: select {costs[0]:.1f}, list {costs[1]:.1f}, map {costs[2]:.1f}, "
                f"painting {costs[3]:.1f} ms"
            )
    met = statistics.median(times) < TARGET_MS and max(times) < TARGET_MS
    print(f"target: every keystroke under {TARGET_MS:.0f} ms: {'met' if met else 'NOT met'}")
    table.close()
    view.close()
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
