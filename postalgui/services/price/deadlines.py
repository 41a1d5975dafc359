"""Delivery time beside every price: the deadline of each quoted product, or why there is none.

A plain function (no Qt) that `priced.prices_with_deadlines` runs beside the prices,
never before them: prices never wait for deadlines. A token whose ``api`` list lacks 35
gets no call at all (the operator would refuse each one); international products get
none either (v2 export deadlines are a range, not the national record). The office's handling days (business
days between quote and posting) move ``dtEvento`` forward, so the date shown is the
date the parcel arrives if it is posted then.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from postalgui.api.cancel import TaskControl, cancel_scope
from postalgui.services.price.deadline_outcome import (
    DeadlineOutcome,
    Reason,
    add_business_days,
    outcome_from_json,
    outcome_json,
)

if TYPE_CHECKING:
    from postalgui.api.models.price import PriceQuery
    from postalgui.services.price.service import PriceService
from postalgui.api.deadline import DEADLINE_API
from postalgui.api.errors import ApiError, PermissionDeniedError
from postalgui.api.models.deadline import DeadlineQuery
from postalgui.api.price import item_error

__all__ = [
    "DeadlineOutcome",
    "Reason",
    "add_business_days",
    "deadlines_for",
    "outcome_from_json",
    "outcome_json",
]


def deadlines_for(
    task: TaskControl,
    service: PriceService,
    queries: Sequence[PriceQuery],
    run: str | None = None,
    *,
    today: date | None = None,
) -> list[DeadlineOutcome]:
    """One outcome per query, at its position; a failure of the whole call fails every
    national outcome with its reason (the prices are unaffected).

    A route asked twice (the same product, CEPs and posting date, as a batch repeats
    it with other weights) costs one call. With ``run`` (the key the prices went into
    the history with) the outcomes are kept in the history beside those prices.
    """
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
    asked = list(dict.fromkeys(_deadline_query(queries[index], posted[index]) for index in national))
    if asked:
        found = _ask(task, service, asked, handling)
        for index in national:
            outcome = found[_deadline_query(queries[index], posted[index])]
            outcomes[index] = replace(outcome, index=index)
    result = [outcomes[index] for index in range(len(queries))]
    if run is not None:
        service.record_deadlines(run, queries, result)
    return result


def _ask(
    task: TaskControl, service: PriceService, asked: Sequence[DeadlineQuery], handling: int
) -> dict[DeadlineQuery, DeadlineOutcome]:
    """The outcome of each distinct route (index 0: the caller numbers them)."""

    try:
        with cancel_scope(task.token):
            apis = service.enabled_apis()
            if apis is not None and DEADLINE_API not in apis:
                return {query: DeadlineOutcome(0, "not_enabled", handling_days=handling) for query in asked}
            found = service.deadlines().batch(asked)
    except ApiError as exc:
        if isinstance(exc, PermissionDeniedError):  # the operator says what the token's list did not
            return {query: DeadlineOutcome(0, "not_enabled", handling_days=handling) for query in asked}
        error = item_error(exc)
        return {query: DeadlineOutcome(0, "failed", error=error, handling_days=handling) for query in asked}
    outcomes: dict[DeadlineQuery, DeadlineOutcome] = {}
    for result in found:
        query = asked[result.index]
        reason: Reason = "ok" if result.deadline is not None else "item_error"
        outcomes[query] = DeadlineOutcome(0, reason, result.deadline, result.error, query.dtEvento, handling)
    return outcomes


def _deadline_query(query: PriceQuery, posted: date) -> DeadlineQuery:

    return DeadlineQuery(
        coProduto=query.coProduto,
        cepOrigem=query.cepOrigem or "",
        cepDestino=query.cepDestino or "",
        dtEvento=posted,
    )
