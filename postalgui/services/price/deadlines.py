"""Delivery time beside every price: the deadline of each quoted product, or why there is none.

A plain task function (no Qt) run beside the price task, never before it: prices never
wait for deadlines. A token whose ``api`` list lacks 35 gets no call at all (the
operator would refuse each one); international products get none either (v2 export
deadlines are a range, not the national record). The office's handling days (business
days between quote and posting) move ``dtEvento`` forward, so the date shown is the
date the parcel arrives if it is posted then.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import TYPE_CHECKING, Literal

from postalgui.api.cancel import TaskControl, cancel_scope

if TYPE_CHECKING:
    from postalgui.api.models.deadline import Deadline, DeadlineQuery
    from postalgui.api.models.price import ItemError, PriceQuery
    from postalgui.services.price.service import PriceService

__all__ = [
    "DEADLINE_WINDOW",
    "DeadlineOutcome",
    "Reason",
    "add_business_days",
    "deadlines_for",
    "deadlines_in_windows",
]

DEADLINE_WINDOW = 200
"""Queries `deadlines_in_windows` asks for at a time (a batch's deadlines fill in windows)."""

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


def deadlines_for(
    task: TaskControl,
    service: PriceService,
    queries: Sequence[PriceQuery],
    today: date | None = None,
) -> list[DeadlineOutcome]:
    """One outcome per query, at its position; a failure of the whole call fails every
    national outcome with its reason (the prices are unaffected)."""
    from postalgui.api.deadline import DEADLINE_API
    from postalgui.api.errors import ApiError, PermissionDeniedError
    from postalgui.api.price import item_error

    task.raise_if_cancelled()
    handling = service.handling_days()
    start = today or date.today()
    national = [
        index
        for index, query in enumerate(queries)
        if not query.sgPaisDestino and query.cepOrigem and query.cepDestino
    ]
    abroad = set(range(len(queries))) - set(national)
    outcomes = {index: DeadlineOutcome(index, "international") for index in abroad}
    posted = {index: add_business_days(queries[index].dtEvento or start, handling) for index in national}
    if national:
        try:
            with cancel_scope(task.token):
                apis = service.enabled_apis()
                if apis is not None and DEADLINE_API not in apis:
                    raise PermissionDeniedError(["delivery time is not enabled for this card"], status=403)
                found = service.deadlines().batch([_deadline_query(queries[i], posted[i]) for i in national])
        except PermissionDeniedError:
            found = None
            outcomes.update({i: DeadlineOutcome(i, "not_enabled", handling_days=handling) for i in national})
        except ApiError as exc:
            found = None
            error = item_error(exc)
            outcomes.update(
                {i: DeadlineOutcome(i, "failed", error=error, handling_days=handling) for i in national}
            )
        for result in found or []:
            index = national[result.index]
            reason: Reason = "ok" if result.deadline is not None else "item_error"
            outcomes[index] = DeadlineOutcome(
                index, reason, result.deadline, result.error, posted[index], handling
            )
    return [outcomes[index] for index in range(len(queries))]


def deadlines_in_windows(
    task: TaskControl,
    service: PriceService,
    queries: Sequence[PriceQuery],
    indices: Sequence[int],
    window: int = DEADLINE_WINDOW,
) -> int:
    """`deadlines_for` a window of ``queries`` at a time, for a batch that may be large.

    Each window's outcomes, numbered with ``indices`` (the results' indices), go out as
    the progress payload as soon as they are known; the result is how many were asked.
    """
    total = len(queries)
    for start in range(0, total, window):
        task.raise_if_cancelled()
        found = deadlines_for(task, service, queries[start : start + window])
        outcomes = [replace(outcome, index=indices[start + outcome.index]) for outcome in found]
        task.progress(start + len(found), total, payload=outcomes)
    return total


def _deadline_query(query: PriceQuery, posted: date) -> DeadlineQuery:
    from postalgui.api.models.deadline import DeadlineQuery

    return DeadlineQuery(
        coProduto=query.coProduto,
        cepOrigem=query.cepOrigem or "",
        cepDestino=query.cepDestino or "",
        dtEvento=posted,
    )
