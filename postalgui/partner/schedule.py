"""The reconciliation schedule inside the server: every day after 22:00 Brasília time, and on
start for the days a stopped server missed.

One daemon thread sleeps until the next due moment (or a minute, whichever is sooner,
so a changed clock is noticed) and reconciles every due day; a failure is logged and
tried again on the next wake. With several workers each runs it: a reconciliation is
idempotent (the last report of a day wins).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import UTC, datetime

from postalgui.api.ster import SterClient, basic_auth
from postalgui.api.transport import Transport
from postalgui.partner.config import PartnerConfig, SterAccess
from postalgui.partner.ledger.store import Ledger, operator_day
from postalgui.partner.reconcile import AttendanceSource, reconcilable_days, reconcile

__all__ = ["ReconciliationSchedule", "scheduler_for", "ster_source"]

log = logging.getLogger(__name__)

_WAKE_S = 60.0


def ster_source(access: SterAccess) -> AttendanceSource:
    """A registration-system client for reconciliation, with HTTP Basic."""

    return SterClient(Transport(access.base_url), basic_auth(access.user, access.password), access.contract)


class ReconciliationSchedule:
    """Runs due reconciliations on a thread until `stop`."""

    def __init__(
        self,
        ledger: Ledger,
        source: AttendanceSource,
        *,
        clock: Callable[[], datetime] | None = None,
        wake_s: float = _WAKE_S,
    ) -> None:
        self._ledger = ledger
        self._source = source
        self._clock = clock or (lambda: datetime.now(UTC))
        self._wake_s = wake_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="partner-reconciliation", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(10.0)

    def run_due(self) -> list[str]:
        """Reconcile every due day now; the days done, as ISO dates."""
        done = []
        now = self._clock()
        for day in reconcilable_days(self._ledger, now, operator_day):
            if self._stop.is_set():
                break
            try:
                reconcile(self._ledger, self._source, day, now=now)
            except Exception:  # the next wake tries again; the server keeps serving
                log.exception("reconciliation of %s failed", day)
                break
            done.append(day.isoformat())
        return done

    def _run(self) -> None:
        while not self._stop.is_set():
            self.run_due()
            self._stop.wait(self._wake_s)


def scheduler_for(config: PartnerConfig) -> Callable[[Ledger], Callable[[], None] | None]:
    """The app's `on_start`: a schedule when the config can reach the registration system."""

    def start(ledger: Ledger) -> Callable[[], None] | None:
        if config.ster is None or not config.schedule_reconciliation:
            log.info("daily reconciliation is off: no registration-system access configured")
            return None
        schedule = ReconciliationSchedule(ledger, ster_source(config.ster))
        schedule.start()
        return schedule.stop

    return start
