"""An object's status and timing in the clerk's words (Portuguese by default, English on request).

The watchlist keeps codes (``awaiting_pickup``, ``late``); the table, the counters and the
notifications say "Aguardando retirada até 03/12" / "Waiting at a branch until 03/12",
never a bare code. A status, a problem and a timing alone are the catalogue's words
(`postalgui.services.words.tracking`), the ones the exports and the CLI say; the
sentences around them are ``tr()``'s, context ``TrackingWords``.
"""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import QCoreApplication

from postalgui.api.values.dates import operator_utc
from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg, local_datetime
from postalgui.gui.models.words import said, shown, words_language
from postalgui.services.tracking.lateness import Lateness, Timing
from postalgui.services.tracking.status import Problem, Status
from postalgui.services.tracking.watchlist import LATE
from postalgui.services.tracking.words import status_words
from postalgui.services.words.tracking import NOT_ASKED

__all__ = [
    "alert_word",
    "day_text",
    "days_late_text",
    "moment_text",
    "problem_word",
    "return_mark",
    "status_text",
    "status_word",
    "timing_word",
]


def status_word(status: Status | None) -> str:
    """The status alone: "Waiting at a branch", "Delivered" (the catalogue's words)."""
    return shown(status) if status is not None else said(NOT_ASKED)


def problem_word(problem: Problem | None) -> str:
    return shown(problem or Problem.OTHER)


def timing_word(timing: Timing) -> str:
    return shown(timing)


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
    return status_words(status, problem, words_language())


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


def return_mark() -> str:
    """What the Tag column shows before the tag of an object coming back to the office (a
    return authorized in the Shipping tab): "↩ Return" / "↩ Devolução"."""
    return QCoreApplication.translate("TrackingWords", "↩ Return")
