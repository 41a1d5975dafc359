"""`ObjectIndex`: the loaded watchlist made ready for per-keystroke filtering and counting.

Filtering 10,000 objects per keystroke must stay well under a frame (16 ms,
tests/benchmarks/bench_tracking_filter.py): each object's searchable text (code, tag,
last event, where) is folded once when the list is loaded (accents off, case-folded, as
the branch search compares), its status and lateness worked out once for the day, and a
keystroke is then one pass of plain ``in`` tests over those strings. The kept positions go
to `ObjectModel.set_rows`, which keeps them in the sort order without sorting again (the
branch list's reason: a Python filter in a ``QSortFilterProxyModel`` is called back from
C++ once per row).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import TYPE_CHECKING

from postalgui.api.values.text import fold
from postalgui.services.tracking import use_cases
from postalgui.services.tracking.lateness import Lateness, Timing
from postalgui.services.tracking.records import WatchedObject
from postalgui.services.tracking.status import Status

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.tracking.service import TrackingService
    from postalgui.services.tracking.use_cases import Listed

__all__ = ["RETURN_SOURCE", "Counter", "Criteria", "Indexed", "ObjectIndex", "indexed", "load_index"]

RETURN_SOURCE = "return"
"""The watchlist source of a return's object (the Shipping tab's returns follow them so): marked."""


class Counter(StrEnum):
    """The counters above the table; clicking one shows only its objects."""

    AWAITING_PICKUP = "awaiting_pickup"
    RETURNED = "returned"
    PROBLEM = "problem"
    LATE = "late"
    DUE_TODAY = "due_today"
    TOTAL = "total"


@dataclass(frozen=True)
class Criteria:
    """What the table is narrowed to; empty fields filter nothing."""

    text: str = ""
    status: Status | None = None
    late_only: bool = False
    tag: str | None = None
    """``None``: any tag; ``""``: objects without one."""
    counter: Counter | None = None
    returns_only: bool = False
    """Only the objects coming back (returns authorized by the office)."""


class ObjectIndex:
    """``objects`` as of ``today``: folded texts, statuses, lateness and tags by position."""

    def __init__(self, objects: Sequence[WatchedObject], today: date, *, desk: str = "") -> None:
        self.objects = list(objects)
        self.today = today
        self.desk = desk
        """Who read it (this desk's login): what it followed elsewhere is asked at once."""
        self.lateness: list[Lateness] = [watched.lateness(today) for watched in self.objects]
        self.texts = [
            fold(f"{watched.code} {watched.tag} {watched.last_event} {watched.last_place}")
            for watched in self.objects
        ]
        self.statuses = [watched.status for watched in self.objects]
        self.tags = [watched.tag for watched in self.objects]
        self.returns = [watched.source == RETURN_SOURCE for watched in self.objects]
        self.late = [lateness.late for lateness in self.lateness]
        self.due_today = [lateness.timing is Timing.DUE_TODAY for lateness in self.lateness]
        self._positions = {watched.code: position for position, watched in enumerate(self.objects)}

    def __len__(self) -> int:
        return len(self.objects)

    def position(self, code: str) -> int | None:
        return self._positions.get(code)

    def tag_names(self) -> list[str]:
        """The tags present, sorted as a person reads them (no empty one)."""
        return sorted({tag for tag in self.tags if tag}, key=fold)

    def matches(self, position: int, counter: Counter) -> bool:
        if counter is Counter.LATE:
            return self.late[position]
        if counter is Counter.DUE_TODAY:
            return self.due_today[position]
        if counter is Counter.TOTAL:
            return True
        return self.statuses[position] == Status(counter.value)

    def count(self, counter: Counter) -> int:
        if counter is Counter.TOTAL:
            return len(self.objects)
        if counter is Counter.LATE:
            return sum(self.late)
        if counter is Counter.DUE_TODAY:
            return sum(self.due_today)
        status = Status(counter.value)
        return sum(1 for found in self.statuses if found == status)

    def select(self, criteria: Criteria) -> list[int]:
        """Positions of the objects that meet ``criteria``, in load order."""
        kept: Sequence[int] = range(len(self.objects))
        if criteria.status is not None:
            statuses, status = self.statuses, criteria.status
            kept = [position for position in kept if statuses[position] == status]
        if criteria.late_only:
            late = self.late
            kept = [position for position in kept if late[position]]
        if criteria.tag is not None:
            tags, tag = self.tags, criteria.tag
            kept = [position for position in kept if tags[position] == tag]
        if criteria.returns_only:
            returns = self.returns
            kept = [position for position in kept if returns[position]]
        if criteria.counter is not None and criteria.counter is not Counter.TOTAL:
            counter = criteria.counter
            kept = [position for position in kept if self.matches(position, counter)]
        words = fold(criteria.text).split()
        if words:
            texts = self.texts
            for word in words:
                kept = [position for position in kept if word in texts[position]]
        return list(kept)


@dataclass(frozen=True)
class Indexed:
    """A read of the list as the tab shows it: indexed, with what was read with it (its
    new alerts; the archived list or not)."""

    index: ObjectIndex
    listed: Listed


def indexed(listed: Listed, today: date, desk: str = "") -> Indexed:
    """``listed`` indexed for ``today`` as ``desk`` (this desk's login) reads it (on the
    task's thread: folding 10,000 objects' texts takes a fifth of a second, not for the GUI
    thread at each read)."""
    return Indexed(ObjectIndex(listed.objects, today, desk=desk), listed)


def load_index(task: TaskControl, service: TrackingService, archived: bool, today: date) -> Indexed:
    """The watchlist read, with its new alerts, and indexed in the background (one task)."""
    return indexed(use_cases.listed(task, service, archived=archived), today, service.login)
