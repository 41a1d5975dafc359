"""The delivery time beside the CLI's prices: its ``--json`` fields and its text (the
deadlines themselves come with the prices, from `services.price.priced`).

Prices never wait for deadlines and never fail because of them: a missing deadline
is an ``erroPrazo`` saying why (the operator's ``PRZ-`` error, or API 35 missing from
the card's token).
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

from postalgui.api.values.errors import cut
from postalgui.cli.language import count, say

if TYPE_CHECKING:
    from postalgui.services.price.deadlines import DeadlineOutcome
from postalgui.cli.deadline_cmd import until_text

__all__ = [
    "deadline_json",
    "deadline_line",
    "no_date",
    "no_date_line",
    "not_enabled_note",
    "why_none",
]

_FIELDS = ("prazoEntrega", "dataMaxima", "entregaDomiciliar", "entregaSabado", "entregaDomingo", "msgPrazo")


def _not_enabled(*, neutral: bool = False) -> str:
    # lazy: the command line starts without it
    from postalgui.api.deadline import DEADLINE_API

    return say("delivery time (API {api}) is not enabled for this card", neutral=neutral, api=DEADLINE_API)


def why_none(outcome: DeadlineOutcome, *, neutral: bool = False) -> str:
    """Why an outcome has no deadline: in the spoken language, or in the English ``erroPrazo``
    carries when ``neutral`` (JSON); the operator's own error as it sent it."""
    if outcome.reason == "not_enabled":
        return _not_enabled(neutral=neutral)
    if outcome.reason == "international":
        return say("international: no national delivery time", neutral=neutral)
    return say("no delivery time", neutral=neutral) if outcome.error is None else str(outcome.error)


_SHORT = 40
"""Characters of a reason without a code that a table's row keeps."""


def no_date(outcome: DeadlineOutcome) -> str | None:
    """``no date: PRZ-008`` for a deadline asked and not given (the operator refused
    it, or no answer came); ``None`` when there is a date or none was to be had (an
    international price, a card without API 35: said once apart)."""
    if outcome.deadline is not None or outcome.reason not in ("item_error", "failed"):
        return None
    error = outcome.error
    if error is None:
        return say("no date: no answer")
    return say("no date: {reason}", reason=cut(error.code or error.text, _SHORT))


def no_date_line(row: int, outcome: DeadlineOutcome) -> str:
    """The stderr line of a row without a date: its number and the whole reason."""
    return say("row {row}: no date: {reason}", row=row, reason=why_none(outcome))


def not_enabled_note() -> str:
    """Said once on stderr when the card's token lacks the delivery-time API."""
    return say("note: {reason}: prices come without deadlines", reason=_not_enabled())


def deadline_json(outcome: DeadlineOutcome, must_arrive: date | None = None) -> dict[str, Any]:
    """The operator's deadline fields (``chegaAte`` with a must-arrive day), or ``erroPrazo``."""
    deadline = outcome.deadline
    if deadline is None:
        return {"erroPrazo": why_none(outcome, neutral=True)}
    record = deadline.wire()
    found = {key: record[key] for key in _FIELDS if key in record}
    if must_arrive is not None and deadline.by is not None:
        found["chegaAte"] = deadline.by <= must_arrive
    return found


def deadline_line(outcome: DeadlineOutcome, must_arrive: date | None = None) -> dict[str, str]:
    """The ``delivery`` lines of `price national`'s table."""

    deadline = outcome.deadline
    if deadline is None:
        return {say("delivery"): say("unknown ({reason})", reason=why_none(outcome))}
    day = deadline.by
    days = ""
    if deadline.prazoEntrega is not None:
        days = count(deadline.prazoEntrega, "business day", "business days") + ", "
    line = {say("delivery"): f"{days}{until_text(day)}" if day else days.rstrip(", ")}
    if deadline.entregaDomiciliar is False:
        line[say("home delivery")] = say("no: pick up at a branch")
    if must_arrive is not None and day is not None:
        arrives = say("arrives by {day}", day=must_arrive.strftime("%d/%m"))
        line[arrives] = say("yes") if day <= must_arrive else say("NO")
    return line
