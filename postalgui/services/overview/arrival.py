"""Where a followed parcel stands against its expected day, as one SQL ``CASE``: tracking's
`lateness.assess` (and `WatchedObject.lateness`: no status is "not found") in the database,
so a year of parcels is counted by ``GROUP BY`` and never read row by row.

The order is `assess`'s: lost or stolen first, then no expected day, then the day it
arrived against the expected one, then today against it for what is still coming. What
`assess` calls on time without a verdict (returned, compensated, invalid, damaged) is
`Arrival.OTHER` here: a chart of punctuality must not count a return as on time. ISO days
compare as text on both engines (`tracking.claimable` does the same).
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import ColumnElement, and_, case, literal

from postalgui.services.overview.records import Arrival
from postalgui.services.tracking.lateness import ARRIVED
from postalgui.services.tracking.status import Problem, Status
from postalgui.store.tables import tracked_object

__all__ = ["arrival_case"]

_LOST = [Problem.LOST.value, Problem.STOLEN.value]
_ARRIVED = sorted(status.value for status in ARRIVED)
_COMING = [
    Status.POSTED.value,
    Status.IN_TRANSIT.value,
    Status.OUT_FOR_DELIVERY.value,
    Status.NOT_FOUND.value,
    "",
]
_row = tracked_object.c


def _is_lost() -> ColumnElement[bool]:
    return and_(_row.status == Status.PROBLEM.value, _row.problem.in_(_LOST))


def _arrived() -> ColumnElement[bool]:
    return and_(_row.status.in_(_ARRIVED), _row.arrived_on.is_not(None))


def _coming() -> ColumnElement[bool]:
    return _row.status.in_(_COMING)


def arrival_case(today: date) -> ColumnElement[str]:
    """The row's `Arrival` value on ``today`` (the office's day)."""
    day = literal(today.isoformat())
    return case(
        (_is_lost(), Arrival.LOST.value),
        (_row.expected_on.is_(None), Arrival.UNKNOWN.value),
        (
            _arrived(),
            case((_row.arrived_on > _row.expected_on, Arrival.LATE.value), else_=Arrival.ON_TIME.value),
        ),
        (_coming(), case((day > _row.expected_on, Arrival.LATE.value), else_=Arrival.WAITING.value)),
        else_=Arrival.OTHER.value,
    )
