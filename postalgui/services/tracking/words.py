"""An object's status and lateness in words: the status from the one catalogue
(`postalgui.services.words.tracking`), which the Tracking tab reads too, so the table,
the exports, the PDF report and the command line say the same.

Brazilian Portuguese (``"pt"``) by default, English with ``"en"`` (the CLI speaks either,
`cli.language`; the window its own language). Qt-free.
"""

from __future__ import annotations

from collections.abc import Mapping

from postalgui.api.values import format_number
from postalgui.services.tracking.lateness import Lateness, Timing
from postalgui.services.tracking.status import Problem, Status
from postalgui.services.words import language_of, word
from postalgui.services.words.tracking import NOT_ASKED, PROBLEM_OF

__all__ = ["lateness_words", "status_words"]

_LATENESS: Mapping[Timing, tuple[str, str, str, str]] = {
    Timing.LATE: ("{n} dia de atraso", "{n} dias de atraso", "{n} day late", "{n} days late"),
    Timing.OVERDUE: ("{n} dia vencido", "{n} dias vencido", "{n} day overdue", "{n} days overdue"),
    Timing.DUE_TODAY: ("previsto para hoje", "previsto para hoje", "due today", "due today"),
    Timing.ON_TIME: ("no prazo", "no prazo", "on time", "on time"),
    Timing.UNKNOWN: ("", "", "", ""),
}
"""Per timing: Portuguese one and many, English one and many."""


def status_words(status: Status | None, problem: Problem | None = None, language: str = "pt") -> str:
    """``Entregue`` / ``Delivered``; a problem by its kind (``Problema: extraviado`` /
    ``Problem: lost``) when known; ``Ainda não consultado`` / ``Not asked yet`` before any answer."""
    if status is None:
        return NOT_ASKED.said(language)
    if status is Status.PROBLEM and problem is not None and problem is not Problem.OTHER:
        return PROBLEM_OF.said(language).format(problem=word(problem, language).lower())
    return word(status, language)


def lateness_words(lateness: Lateness, language: str = "pt") -> str:
    """``3 dias de atraso`` / ``3 days late``, ``previsto para hoje`` / ``due today``; ``""`` unknown."""
    language = language_of(language)
    words = _LATENESS[lateness.timing]
    one, many = words[2:] if language == "en" else words[:2]
    return (one if lateness.days == 1 else many).format(n=format_number(lateness.days, language))
