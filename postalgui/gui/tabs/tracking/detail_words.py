"""What the Tracking detail says of an object: its status, lateness and expected date in words.

The core keeps statuses and timings as codes (`Status`, `Timing`); a clerk reads
"Waiting at a branch" and "Delivered 3 days late". Counts of days are plural forms
(``%n``), so Portuguese says "1 dia" and "3 dias". Dates are ``dd/mm/yyyy`` in both
languages, as the operator and the office write them.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from postalgui.gui.messages import arg
from postalgui.gui.models.words import words_language
from postalgui.gui.tabs.tracking.words import day_text, moment_text
from postalgui.services.tracking.lateness import Lateness, Timing
from postalgui.services.tracking.records import WatchedObject
from postalgui.services.tracking.status import Status
from postalgui.services.tracking.words import status_words

__all__ = ["day_text", "expected_text", "lateness_text", "moment_text", "status_text"]

_CONTEXT = "TrackingDetailWords"


def _tr(text: str, n: int = -1) -> str:
    return QCoreApplication.translate(_CONTEXT, text, None, n)


def status_text(found: WatchedObject) -> str:
    """``Waiting at a branch``, ``Problem: lost``; an object never asked says so (the
    catalogue's words, as the table and the exports say them)."""
    return status_words(found.status, found.problem, words_language())


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
