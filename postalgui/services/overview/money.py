"""Money back still to claim, and money left on the table: Claims' own candidates (the
`ClaimsMoney` port), worked out once per day and per change of the office, then counted for
any period, services and state without asking Claims again.

Claims' rules (the compensation bands, the postage from the statement or the quote history,
the declared value of a loss) read every maybe-claimable parcel: seconds on a busy year.
A period change must redraw in a blink, so the list is kept until the day turns or a desk
changes the claims, the parcels, the quotes or the invoices it was made from.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from datetime import date
from decimal import Decimal

from postalgui.services.overview.records import Filter, MoneyLeft
from postalgui.services.ports import Claimable, ClaimsMoney

__all__ = ["MoneyCache", "money_left"]

ZERO = Decimal(0)


def money_left(found: Sequence[Claimable], flt: Filter) -> MoneyLeft:
    """``found`` counted for ``flt``: a candidate is in the period its 90 days started in."""
    open_count = left_count = 0
    open_estimate = left_estimate = ZERO
    for item in found:
        if not _taken(item, flt):
            continue
        if item.expired:
            left_count += 1
            left_estimate += item.estimate or ZERO
        else:
            open_count += 1
            open_estimate += item.estimate or ZERO
    return MoneyLeft(open_count, open_estimate, left_count, left_estimate)


def _taken(item: Claimable, flt: Filter) -> bool:
    if flt.period is not None and item.claim_from not in flt.period:
        return False
    if flt.services and item.service not in flt.services:
        return False
    return not flt.state or item.destination_uf == flt.state


class MoneyCache:
    """The port's last answer, kept for a day and until a change of ``topics`` (any thread)."""

    def __init__(self, topics: Sequence[str]) -> None:
        self._topics = frozenset(topics)
        self._lock = threading.Lock()
        self._generation = 0
        self._kept: tuple[tuple[date, int], list[Claimable]] | None = None
        self._watched: object | None = None
        self._stop: Callable[[], None] | None = None

    def changed(self, topic: str) -> None:
        """A desk committed a change of ``topic``: the next read asks Claims again."""
        if topic in self._topics:
            with self._lock:
                self._generation += 1

    def watch(self, source: object, subscribe: Callable[[Callable[[str], None]], Callable[[], None]]) -> None:
        """Follow ``source``'s changes (the office's store), once per store: a new
        environment's store forgets the old answer."""
        with self._lock:
            if self._watched is source:
                return
            stop, self._stop = self._stop, None
            self._watched = source
            self._generation += 1
        if stop is not None:
            stop()
        stopper = subscribe(self.changed)
        with self._lock:
            self._stop = stopper

    def claimable(self, port: ClaimsMoney, today: date) -> list[Claimable]:
        """The port's answer of ``today``, asked again only after a change or a new day."""
        with self._lock:
            key = (today, self._generation)
            if self._kept is not None and self._kept[0] == key:
                return self._kept[1]
        found = port.claimable()
        with self._lock:
            if self._generation == key[1]:  # no change arrived while Claims worked
                self._kept = (key, found)
        return found

    def close(self) -> None:
        with self._lock:
            stop, self._stop, self._watched, self._kept = self._stop, None, None, None
        if stop is not None:
            stop()
