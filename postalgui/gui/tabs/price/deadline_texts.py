"""A `DeadlineOutcome` as the results table shows it, in the UI language.

The date is what counts (the operator's documents disagree on business vs calendar
days): "by Fri 27/11" in English, "até sex 27/11" in Portuguese. A missing deadline
says why in the delivery-time column.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from postalgui.services.price.deadlines import DeadlineOutcome

__all__ = ["DeadlineCells", "deadline_cells", "handling_text", "until_text"]

DeadlineCells = tuple[tuple[str, str, str, str, str], tuple[object, object, object, object, object]]
"""Texts and sort keys of the days, arrives, home, Saturday and note columns."""


def _weekday(day: date) -> str:
    names = (
        QCoreApplication.translate("DeadlineText", "Mon"),
        QCoreApplication.translate("DeadlineText", "Tue"),
        QCoreApplication.translate("DeadlineText", "Wed"),
        QCoreApplication.translate("DeadlineText", "Thu"),
        QCoreApplication.translate("DeadlineText", "Fri"),
        QCoreApplication.translate("DeadlineText", "Sat"),
        QCoreApplication.translate("DeadlineText", "Sun"),
    )
    return names[day.weekday()]


def until_text(day: date) -> str:
    """``by Fri 27/11`` (``até sex 27/11``): the weekday and date a clerk reads out."""
    text = QCoreApplication.translate("DeadlineText", "by %1 %2")
    return text.replace("%1", _weekday(day)).replace("%2", f"{day:%d/%m}")


def handling_text(days: int) -> str:
    """``(+2 handling days)``: the office's days before posting, counted in the date."""
    if days == 1:
        return QCoreApplication.translate("DeadlineText", "(+1 handling day)")
    return QCoreApplication.translate("DeadlineText", "(+%1 handling days)").replace("%1", str(days))


def _yes_no(value: bool | None, no: str) -> str:
    if value is None:
        return ""
    return QCoreApplication.translate("DeadlineText", "Yes") if value else no


def _why_not(outcome: DeadlineOutcome) -> str:
    if outcome.reason == "not_enabled":
        return QCoreApplication.translate("DeadlineText", "Not enabled for this card")
    if outcome.reason == "international":
        return QCoreApplication.translate("DeadlineText", "International: not available")
    if outcome.error is not None:
        return str(outcome.error)
    return QCoreApplication.translate("DeadlineText", "No delivery time")


def deadline_cells(outcome: DeadlineOutcome) -> DeadlineCells:
    """The five deadline cells of a row; an outcome without a deadline fills only the note."""
    deadline = outcome.deadline
    if deadline is None:
        why = _why_not(outcome)
        return ("", "", "", "", why), (None, None, None, None, why.casefold())
    days = "" if deadline.prazoEntrega is None else str(deadline.prazoEntrega)
    by = deadline.by
    arrives = "" if by is None else until_text(by)
    if arrives and outcome.handling_days:
        arrives += " " + handling_text(outcome.handling_days)
    home = _yes_no(
        deadline.entregaDomiciliar, QCoreApplication.translate("DeadlineText", "Pick up at a branch")
    )
    saturday = _yes_no(deadline.entregaSabado, QCoreApplication.translate("DeadlineText", "No"))
    note = deadline.msgPrazo or ""
    keys = (
        deadline.prazoEntrega,
        None if by is None else by.toordinal(),
        home.casefold() or None,
        saturday.casefold() or None,
        note.casefold() or None,
    )
    return (days, arrives, home, saturday, note), keys
