"""What became of one price's delivery time: the record the table, the exports and the
history share, and its JSON as the history keeps it (apart from the task that fetches
it, so the history and the facade need not import the task)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, Literal, get_args

from postalgui.api.models.deadline import Deadline
from postalgui.api.models.price import ItemError

__all__ = ["DeadlineOutcome", "Reason", "add_business_days", "outcome_from_json", "outcome_json"]

Reason = Literal["ok", "item_error", "not_enabled", "international", "failed"]
"""Why an outcome has (``ok``) or lacks a deadline; the GUI turns it into a sentence."""


@dataclass(frozen=True)
class DeadlineOutcome:
    """The deadline of the price query at ``index``, or why it has none.

    ``posted`` is the posting date asked for (the quote's date moved by
    ``handling_days`` business days).
    """

    index: int
    reason: Reason
    deadline: Deadline | None = None
    error: ItemError | None = None
    posted: date | None = None
    handling_days: int = 0

    @property
    def by(self) -> date | None:
        """The last day of delivery, when known."""
        return None if self.deadline is None else self.deadline.by


def add_business_days(day: date, days: int) -> date:
    """``day`` moved ``days`` business days forward, Saturdays and Sundays skipped.

    Holidays are the operator's business: its deadline counts from the posting date.
    """
    while days > 0:
        day += timedelta(days=1)
        if day.weekday() < 5:
            days -= 1
    return day


def outcome_json(outcome: DeadlineOutcome) -> str:
    """An outcome as the history keeps it (without its index, which is the table's business)."""
    data: dict[str, Any] = {"reason": outcome.reason, "handlingDays": outcome.handling_days}
    if outcome.deadline is not None:
        data["deadline"] = outcome.deadline.wire()
    if outcome.error is not None:
        data["error"] = {"code": outcome.error.code, "text": outcome.error.text}
    if outcome.posted is not None:
        data["posted"] = outcome.posted.isoformat()
    return json.dumps(data, ensure_ascii=False)


def outcome_from_json(text: str, index: int = 0) -> DeadlineOutcome:
    """`outcome_json` read back; ValueError (or pydantic's) for a record it did not write."""

    data = json.loads(text)
    reason = data.get("reason")
    if reason not in get_args(Reason):
        raise ValueError(f"unknown deadline reason {reason!r}")
    deadline = data.get("deadline")
    error = data.get("error")
    posted = data.get("posted")
    return DeadlineOutcome(
        index,
        reason,
        None if deadline is None else Deadline.model_validate(deadline),
        None if error is None else ItemError.model_validate(error),
        None if posted is None else date.fromisoformat(posted),
        int(data.get("handlingDays", 0)),
    )
