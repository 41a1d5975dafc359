"""What the Tracking detail says of an object: its status, lateness and expected date in words.

The core keeps statuses and timings as codes (`Status`, `Timing`); a clerk reads
"Waiting at a branch" and "Delivered 3 days late". Counts of days are plural forms
(``%n``), so Portuguese says "1 dia" and "3 dias". Dates are ``dd/mm/yyyy`` in both
languages, as the operator and the office write them.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from postalgui.gui.messages import arg
from postalgui.gui.tabs.tracking.words import day_text, moment_text
from postalgui.services.tracking.lateness import Lateness, Timing
from postalgui.services.tracking.records import WatchedObject
from postalgui.services.tracking.status import Problem, Status

__all__ = ["day_text", "expected_text", "lateness_text", "moment_text", "status_text"]

_CONTEXT = "TrackingDetailWords"

_STATUS: dict[Status, object] = {  # QT_TRANSLATE_NOOP is typed as returning object
    Status.POSTED: QT_TRANSLATE_NOOP("TrackingDetailWords", "Posted"),
    Status.IN_TRANSIT: QT_TRANSLATE_NOOP("TrackingDetailWords", "In transit"),
    Status.OUT_FOR_DELIVERY: QT_TRANSLATE_NOOP("TrackingDetailWords", "Out for delivery"),
    Status.ATTEMPT_FAILED: QT_TRANSLATE_NOOP("TrackingDetailWords", "Delivery attempt failed"),
    Status.AWAITING_PICKUP: QT_TRANSLATE_NOOP("TrackingDetailWords", "Waiting at a branch"),
    Status.DELIVERED: QT_TRANSLATE_NOOP("TrackingDetailWords", "Delivered"),
    Status.RETURNED: QT_TRANSLATE_NOOP("TrackingDetailWords", "Returned to sender"),
    Status.PROBLEM: QT_TRANSLATE_NOOP("TrackingDetailWords", "Problem"),
    Status.COMPENSATED: QT_TRANSLATE_NOOP("TrackingDetailWords", "Compensation paid"),
    Status.NOT_FOUND: QT_TRANSLATE_NOOP("TrackingDetailWords", "Not found yet"),
    Status.INVALID: QT_TRANSLATE_NOOP("TrackingDetailWords", "Not one of the operator's objects"),
}

_PROBLEM: dict[Problem, object] = {
    Problem.LOST: QT_TRANSLATE_NOOP("TrackingDetailWords", "Problem: lost"),
    Problem.STOLEN: QT_TRANSLATE_NOOP("TrackingDetailWords", "Problem: stolen"),
    Problem.DAMAGED: QT_TRANSLATE_NOOP("TrackingDetailWords", "Problem: damaged"),
}


def _tr(text: str, n: int = -1) -> str:
    return QCoreApplication.translate(_CONTEXT, text, None, n)


def status_text(found: WatchedObject) -> str:
    """``Waiting at a branch``, ``Problem: lost``; an object never asked says so."""
    if found.status is None:
        return _tr("Not asked yet")
    if found.status is Status.PROBLEM and found.problem in _PROBLEM:
        return _tr(str(_PROBLEM[found.problem]))
    return _tr(str(_STATUS[found.status]))


def lateness_text(found: WatchedObject, lateness: Lateness) -> str:
    """``Delivered 3 days late``, ``Overdue by 2 days``, ``Expected today``, ``On time``."""
    timing = lateness.timing
    if timing is Timing.LATE:
        if found.status is Status.DELIVERED:
            return _tr("Delivered %n day(s) late", lateness.days)
        return _tr("Arrived %n day(s) late", lateness.days)
    if timing is Timing.OVERDUE:
        return _tr("Overdue by %n day(s)", lateness.days)
    if timing is Timing.DUE_TODAY:
        return _tr("Expected today")
    if timing is Timing.ON_TIME:
        return _tr("Delivered on time") if found.status is Status.DELIVERED else _tr("On time")
    return _tr("No expected date known")


def expected_text(found: WatchedObject) -> str:
    """``25/11/2026 (the operator's date)`` or ``(the delivery-time service's date)``; a dash without one."""
    if found.expected_on is None:
        return "\N{EM DASH}"
    if found.expected_source == "operator":
        return arg(_tr("%1 (the operator's date)"), day_text(found.expected_on))
    if found.expected_source == "deadline":
        return arg(_tr("%1 (the delivery-time service's date)"), day_text(found.expected_on))
    return day_text(found.expected_on)
