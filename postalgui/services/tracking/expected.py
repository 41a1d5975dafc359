"""The expected date of objects the operator gives none for: the delivery-time service's
date for the object's product, origin and destination, from its posting day
(REFERENCE.md: "without it, with the delivery-time service's date ...").

Asked once per object: the date is kept with the row (``expected_source`` "deadline")
and asked again only when the posting day it was worked out from changes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from datetime import date
from typing import TYPE_CHECKING, Any

from postalgui.api.errors import ApiError
from postalgui.api.models.deadline import DeadlineQuery
from postalgui.services.tracking.records import WatchedObject

if TYPE_CHECKING:
    from postalgui.api.deadline import DeadlineClient

__all__ = ["fill_expected"]

log = logging.getLogger(__name__)


def _query(watched: WatchedObject | None, values: Mapping[str, Any]) -> DeadlineQuery | None:
    """What to ask for an object without ``dtPrevista`` (``None``: nothing to ask, or known)."""
    if watched is None or "expected_on" in values:
        return None
    posted_text = values.get("posted_on") or (watched.posted_on.isoformat() if watched.posted_on else None)
    if not (watched.co_produto and watched.cep_origem and watched.cep_destino and posted_text):
        return None
    posted = date.fromisoformat(posted_text)
    if watched.expected_source == "deadline" and watched.posted_on == posted and watched.expected_on:
        return None  # worked out before from this posting day
    try:
        return DeadlineQuery(
            coProduto=watched.co_produto,
            cepOrigem=watched.cep_origem,
            cepDestino=watched.cep_destino,
            dtEvento=posted,
        )
    except ValueError:
        return None


def fill_expected(
    client: Callable[[], DeadlineClient],
    known: Mapping[str, WatchedObject],
    answers: dict[str, dict[str, Any]],
) -> None:
    """Add the delivery-time service's date to the answers that carry no expected date
    (``client`` is asked for only when one needs it)."""
    asked: list[tuple[str, DeadlineQuery]] = []
    for code, values in answers.items():
        query = _query(known.get(code), values)
        if query is not None:
            asked.append((code, query))
    if not asked:
        return
    try:
        results = client().batch([query for _, query in asked])
    except ApiError as exc:  # the date is a help, not the answer: the statuses are kept
        log.warning("The delivery-time service gave no expected dates: %s", exc)
        return
    for (code, _), result in zip(asked, results, strict=True):
        if result.deadline is not None and result.deadline.by is not None:
            answers[code]["expected_on"] = result.deadline.by.isoformat()
            answers[code]["expected_source"] = "deadline"
