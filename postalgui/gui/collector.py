"""Python's cyclic garbage collection, run from the GUI thread and never mid-task.

Left automatic, the collector runs in whichever thread allocates when a threshold
trips: in a worker it may finalize Qt objects off the GUI thread, and its full
passes (40-90 ms once the app holds a few thousand quotes) land in the middle of a
batch, where they froze the window. `IdleCollector` switches the automatic collector
off, freezes what start-up made (modules, widgets: they live as long as the app),
and collects on a timer in the GUI thread, by generation as the usual thresholds
say, while no background task is running (or, at the latest, after
`MAX_DEFERRAL_S`). This is pyqtgraph's ``GarbageCollector`` idea.

While nothing allocates (an idle window: no task, fewer than `QUIET_ALLOCATIONS` new
objects since the last look) the timer backs off, doubling up to `IDLE_INTERVAL_MS`;
the first look that finds work brings it back to `INTERVAL_MS` (issue 40: an idle
window sleeps; two wake-ups a second were the last timer left running in it).
"""

from __future__ import annotations

import gc
import time

from PySide6.QtCore import QObject, QTimer, Slot

from postalgui.gui.tasks import TaskRunner

INTERVAL_MS = 500
IDLE_INTERVAL_MS = 8_000
QUIET_ALLOCATIONS = 100
"""Fewer new objects than this between two looks, and no task running: the window is idle."""
MAX_DEFERRAL_S = 30.0


class IdleCollector(QObject):
    """Owns garbage collection while started; `stop` gives it back to Python."""

    def __init__(self, runner: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._thresholds = gc.get_threshold()
        self._deferred_since: float | None = None
        self._young = 0
        self.full_collections = 0

    @property
    def interval_ms(self) -> int:
        """The timer's pace now (`INTERVAL_MS`, longer while the window is idle)."""
        return self._timer.interval()

    def start(self) -> None:
        gc.freeze()
        gc.disable()
        self._young = gc.get_count()[0]
        self._timer.start(INTERVAL_MS)

    def stop(self) -> None:
        self._timer.stop()
        gc.unfreeze()
        gc.enable()

    @Slot()
    def _on_timer_timeout(self) -> None:
        self.tick()

    def tick(self) -> None:
        """The timer's look: `collect`, then the pace of the next look (backing off while idle)."""
        before = self._young
        ran = self.collect()
        self._young = gc.get_count()[0]
        busy = ran is not None or self.runner.active_count or self._young - before >= QUIET_ALLOCATIONS
        pace = INTERVAL_MS if busy else min(self._timer.interval() * 2, IDLE_INTERVAL_MS)
        if pace != self._timer.interval():
            self._timer.setInterval(pace)

    def collect(self) -> int | None:
        """One step while no task runs (or after `MAX_DEFERRAL_S`): the generation due; which ran.

        Even a young pass can take 20-50 ms while a task builds 100,000 records, so
        nothing runs mid-task: reference counting frees most garbage anyway, and the
        cycles wait for the next quiet moment.
        """
        first, second, third = gc.get_count()
        limit0, limit1, limit2 = self._thresholds
        if not (first > limit0 or second > limit1 or third > limit2):
            return None
        if self.runner.active_count and not self._deferred_too_long():
            if self._deferred_since is None:
                self._deferred_since = time.monotonic()
            return None
        self._deferred_since = None
        if third > limit2:
            self.full_collections += 1
            gc.collect(2)
            return 2
        if second > limit1:
            gc.collect(1)
            return 1
        gc.collect(0)
        return 0

    def _deferred_too_long(self) -> bool:
        return self._deferred_since is not None and time.monotonic() - self._deferred_since > MAX_DEFERRAL_S
