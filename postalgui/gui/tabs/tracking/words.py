"""An object's status and timing in the clerk's words (Portuguese by default, English on request).

The watchlist keeps codes (``awaiting_pickup``, ``late``); the table, the counters and the
notifications say "Aguardando retirada até 03/12" / "Waiting at a branch until 03/12",
never a bare code. Context ``TrackingWords`` for every string here.
"""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from postalgui.api.values.dates import operator_utc
from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg, local_datetime
from postalgui.services.tracking.lateness import Lateness, Timing
from postalgui.services.tracking.status import Problem, Status
from postalgui.services.tracking.watchlist import LATE

__all__ = [
    "alert_word",
    "day_text",
    "days_late_text",
    "moment_text",
    "problem_word",
    "status_text",
    "status_word",
    "timing_word",
]

_CONTEXT = "TrackingWords"

# QT_TRANSLATE_NOOP is typed as returning object.
_STATUS_WORDS: dict[Status | None, object] = {
    None: QT_TRANSLATE_NOOP("TrackingWords", "Not asked yet"),
    Status.POSTED: QT_TRANSLATE_NOOP("TrackingWords", "Posted"),
    Status.IN_TRANSIT: QT_TRANSLATE_NOOP("TrackingWords", "In transit"),
    Status.OUT_FOR_DELIVERY: QT_TRANSLATE_NOOP("TrackingWords", "Out for delivery"),
    Status.ATTEMPT_FAILED: QT_TRANSLATE_NOOP("TrackingWords", "Delivery attempt failed"),
    Status.AWAITING_PICKUP: QT_TRANSLATE_NOOP("TrackingWords", "Waiting at a branch"),
    Status.DELIVERED: QT_TRANSLATE_NOOP("TrackingWords", "Delivered"),
    Status.RETURNED: QT_TRANSLATE_NOOP("TrackingWords", "Returned to sender"),
    Status.PROBLEM: QT_TRANSLATE_NOOP("TrackingWords", "Problem"),
    Status.COMPENSATED: QT_TRANSLATE_NOOP("TrackingWords", "Compensation paid"),
    Status.NOT_FOUND: QT_TRANSLATE_NOOP("TrackingWords", "Not found yet"),
    Status.INVALID: QT_TRANSLATE_NOOP("TrackingWords", "Unknown to the operator"),
}
_PROBLEM_WORDS: dict[Problem, object] = {
    Problem.LOST: QT_TRANSLATE_NOOP("TrackingWords", "Lost"),
    Problem.STOLEN: QT_TRANSLATE_NOOP("TrackingWords", "Stolen"),
    Problem.DAMAGED: QT_TRANSLATE_NOOP("TrackingWords", "Damaged"),
    Problem.OTHER: QT_TRANSLATE_NOOP("TrackingWords", "Problem"),
}
_TIMING_WORDS: dict[Timing, object] = {
    Timing.ON_TIME: QT_TRANSLATE_NOOP("TrackingWords", "On time"),
    Timing.DUE_TODAY: QT_TRANSLATE_NOOP("TrackingWords", "Expected today"),
    Timing.OVERDUE: QT_TRANSLATE_NOOP("TrackingWords", "Overdue"),
    Timing.LATE: QT_TRANSLATE_NOOP("TrackingWords", "Delivered late"),
    Timing.UNKNOWN: QT_TRANSLATE_NOOP("TrackingWords", "No expected date"),
}


def _tr(text: object) -> str:
    return QCoreApplication.translate(_CONTEXT, str(text))


def status_word(status: Status | None) -> str:
    """The status alone: "Waiting at a branch", "Delivered"."""
    return _tr(_STATUS_WORDS[status])


def problem_word(problem: Problem | None) -> str:
    return _tr(_PROBLEM_WORDS[problem or Problem.OTHER])


def timing_word(timing: Timing) -> str:
    return _tr(_TIMING_WORDS[timing])


def day_text(day: date | None) -> str:
    """``DD/MM/AAAA`` in both languages (empty when unknown)."""
    return day.strftime("%d/%m/%Y") if day is not None else ""


def moment_text(moment: datetime | None) -> str:
    """``DD/MM/AAAA HH:MM`` on the user's clock: the operator writes Brasília's time without
    a zone, so 23:30 there is 22:30 in Manaus and 02:30 the next day in UTC."""
    return local_datetime(moment) if moment is not None else ""


def status_text(status: Status | None, problem: Problem | None, pickup_until: datetime | None) -> str:
    """The table's status: "Waiting at a branch until 03/12", "Problem: lost", "Delivered"."""
    if status is Status.AWAITING_PICKUP and pickup_until is not None:
        return arg(
            QCoreApplication.translate("TrackingWords", "Waiting at a branch until %1"),
            operator_utc(pickup_until).astimezone().strftime("%d/%m"),
        )
    if status is Status.PROBLEM:
        return arg(QCoreApplication.translate("TrackingWords", "Problem: %1"), problem_word(problem).lower())
    return status_word(status)


def days_late_text(lateness: Lateness) -> str:
    """``3`` (delivered 3 days late), ``3 (overdue)`` (not delivered, 3 days past its date)."""
    if lateness.timing is Timing.LATE:
        return app_locale().toString(lateness.days)
    if lateness.timing is Timing.OVERDUE:
        return arg(
            QCoreApplication.translate("TrackingWords", "%1 (overdue)"), app_locale().toString(lateness.days)
        )
    return ""


def alert_word(kind: str, count: int) -> str:
    """ "3 waiting at a branch", "4 late": one kind of alert in a notification's summary."""
    shown = app_locale().toString(count)
    if kind == LATE:
        return arg(QCoreApplication.translate("TrackingWords", "%1 late"), shown)
    words = {
        Status.AWAITING_PICKUP.value: QCoreApplication.translate("TrackingWords", "%1 waiting at a branch"),
        Status.RETURNED.value: QCoreApplication.translate("TrackingWords", "%1 returned to sender"),
        Status.PROBLEM.value: QCoreApplication.translate("TrackingWords", "%1 with a problem"),
        Status.ATTEMPT_FAILED.value: QCoreApplication.translate(
            "TrackingWords", "%1 with a failed delivery attempt"
        ),
    }
    template = words.get(kind)
    if template is None:
        return arg(QCoreApplication.translate("TrackingWords", "%1: %2"), shown, status_word(Status(kind)))
    return arg(template, shown)
