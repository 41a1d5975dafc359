"""Late and at risk: no event says so; the delivery (or today) against the expected date.

The expected date is the operator's ``dtPrevista``, else the delivery-time service's date
for the object's product, origin, destination and posting day (REFERENCE.md). Days are
calendar days, as a customer counts them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from postalgui.services.tracking.status import Status

__all__ = ["ARRIVED", "Lateness", "Timing", "assess"]


class Timing(StrEnum):
    ON_TIME = "on_time"
    DUE_TODAY = "due_today"
    OVERDUE = "overdue"
    """Not delivered and past its expected date."""
    LATE = "late"
    """Delivered (or first at a branch, or first tried) after its expected date."""
    UNKNOWN = "unknown"
    """No expected date known."""


@dataclass(frozen=True)
class Lateness:
    timing: Timing
    days: int = 0
    """Days late (delivered) or overdue (not yet); 0 otherwise."""

    @property
    def late(self) -> bool:
        return self.timing in (Timing.LATE, Timing.OVERDUE)


ARRIVED = frozenset({Status.DELIVERED, Status.AWAITING_PICKUP, Status.ATTEMPT_FAILED})
"""The operator's part is done (or was tried) on the day it happened: what counts against
the expected date is that day, not today (a parcel waiting at a branch since before its
date is not late)."""
_STILL_COMING = frozenset({Status.POSTED, Status.IN_TRANSIT, Status.OUT_FOR_DELIVERY, Status.NOT_FOUND})


def assess(status: Status, expected: date | None, arrived: date | None, today: date) -> Lateness:
    """How ``status`` stands against ``expected`` on ``today``; ``arrived`` is the day of
    the first event that delivered, left at a branch or tried to deliver it."""
    if expected is None:
        return Lateness(Timing.UNKNOWN)
    if status in ARRIVED and arrived is not None:
        days = (arrived - expected).days
        return Lateness(Timing.LATE, days) if days > 0 else Lateness(Timing.ON_TIME)
    if status in _STILL_COMING:
        if today > expected:
            return Lateness(Timing.OVERDUE, (today - expected).days)
        if today == expected:
            return Lateness(Timing.DUE_TODAY)
    return Lateness(Timing.ON_TIME)
