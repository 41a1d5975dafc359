"""What the office can claim: the objects it paid for that arrived late, were lost, stolen
or damaged, or are past their expected date and not delivered (REFERENCE.md, Claims).

Lateness is tracking's (`WatchedObject.lateness`: the delivery, or today, against the
expected date). A claim must be filed within 90 days of the delivery or the expected date,
whichever is earlier (the operator answers 510 after); an object not delivered and not
past its expected date is not a candidate yet (the operator would answer 544). The postage
is what the statement billed, else what the quote history priced, else unknown; what it
is likely to return comes from the compensation table, an estimate.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from enum import StrEnum
from functools import lru_cache
from typing import Literal

from postalgui.services.claims.compensation import CompensationTable, Family, family_of
from postalgui.services.price.products import product_name
from postalgui.services.tracking.lateness import Timing
from postalgui.services.tracking.records import WatchedObject
from postalgui.services.tracking.status import Problem, Status

__all__ = ["CLAIM_DAYS", "Candidate", "CandidateList", "Kind", "find_candidates"]

CLAIM_DAYS = 90
_CLAIM_SPAN = timedelta(days=CLAIM_DAYS)
"""Built once: the deadline is read three times a candidate (sorts, the 90-day test)."""
PostageSource = Literal["invoice", "quote"]


class Kind(StrEnum):
    LATE = "late"
    """Delivered after its expected date."""
    LOST = "lost"
    STOLEN = "stolen"
    DAMAGED = "damaged"
    OVERDUE = "overdue"
    """Not delivered and past its expected date."""


REASON_OF: Mapping[Kind, int] = {
    Kind.LATE: 135,
    Kind.LOST: 211,
    Kind.STOLEN: 211,
    Kind.DAMAGED: 134,
    Kind.OVERDUE: 211,
}
"""The operator's reason code each kind is filed with by default."""

_PROBLEM_KIND = {Problem.LOST: Kind.LOST, Problem.STOLEN: Kind.STOLEN, Problem.DAMAGED: Kind.DAMAGED}
_COMING = frozenset({Status.POSTED, Status.IN_TRANSIT, Status.OUT_FOR_DELIVERY, Status.NOT_FOUND})


@dataclass(frozen=True)
class Candidate:
    code: str
    kind: Kind
    reason: int
    days_late: int
    expected_on: date | None
    arrived_on: date | None
    claim_from: date
    """The earlier of the delivery and the expected date: the 90 days count from it."""
    postage: Decimal | None = None
    postage_source: PostageSource | None = None
    declared: Decimal | None = None
    estimate: Decimal | None = None
    family: Family = Family.OTHER
    product: str = ""
    invoice: str | None = None
    tag: str = ""
    status: Status | None = None
    problem: Problem | None = None

    @property
    def deadline(self) -> date:
        """The last day to file."""
        return self.claim_from + _CLAIM_SPAN

    def days_left(self, today: date) -> int:
        return (self.deadline - today).days


@dataclass(frozen=True)
class CandidateList:
    candidates: list[Candidate]
    """Within the 90 days, soonest deadline first."""
    waiting: int = 0
    """Not delivered, not past the expected date: not claimable yet (544)."""
    expired: list[Candidate] = field(default_factory=list)
    """Past the 90 days (510): never filed, shown on request."""
    filed: int = 0
    """Candidates already claimed."""
    untracked: list[str] = field(default_factory=list)
    """Objects of a statement the watchlist does not know (or never asked): no tracking, no verdict."""
    names: Mapping[str, str] = field(default_factory=dict)
    """The recipients' names known for the candidates (their pre-postings'), by code: what a
    claim's ``nomeDestinatario`` is filled with before anyone is asked."""

    @property
    def total_estimate(self) -> Decimal:
        return sum((c.estimate for c in self.candidates if c.estimate is not None), Decimal(0))


def _kind(obj: WatchedObject, today: date) -> Kind | Literal["waiting"] | None:
    """What the object can be claimed for, ``"waiting"`` when not yet, ``None`` never."""
    if obj.status is Status.PROBLEM:
        kind = _PROBLEM_KIND.get(obj.problem) if obj.problem is not None else None
        if kind is not None and obj.expected_on is not None and today <= obj.expected_on:
            return "waiting"
        return kind
    timing = obj.lateness(today).timing
    if obj.status is Status.DELIVERED:
        return Kind.LATE if timing is Timing.LATE else None
    if obj.status in _COMING:
        if timing is Timing.OVERDUE:
            return Kind.OVERDUE
        return "waiting" if timing in (Timing.ON_TIME, Timing.DUE_TODAY) else None
    return None


def _days_late(obj: WatchedObject, kind: Kind, today: date) -> int:
    if obj.expected_on is None:
        return 0
    until = obj.arrived_on if kind is Kind.LATE and obj.arrived_on is not None else today
    if kind in (Kind.LOST, Kind.STOLEN, Kind.DAMAGED) and obj.last_at is not None:
        until = obj.last_at.date()
    return max(0, (until - obj.expected_on).days)


def _claim_from(obj: WatchedObject) -> date | None:
    days = [day for day in (obj.arrived_on, obj.expected_on) if day is not None]
    if days:
        return min(days)
    if obj.last_at is not None:
        return obj.last_at.date()
    return obj.posted_on


def candidate_of(
    obj: WatchedObject,
    kind: Kind,
    today: date,
    table: CompensationTable,
    *,
    quote: Decimal | None = None,
    declared: Decimal | None = None,
) -> Candidate | None:
    """``obj`` as a candidate of ``kind`` (``None``: no date to count the 90 days from)."""
    claim_from = _claim_from(obj)
    if claim_from is None:
        return None
    postage, source = (obj.invoice_amount, "invoice") if obj.invoice_amount is not None else (quote, "quote")
    family, product = _family_and_name(obj.co_produto, obj.product)
    days = _days_late(obj, kind, today)
    if kind in (Kind.LATE, Kind.OVERDUE):
        estimate = table.late(family, days, postage)
    else:
        estimate = table.lost(postage, declared)
    return Candidate(
        code=obj.code,
        kind=kind,
        reason=REASON_OF[kind],
        days_late=days,
        expected_on=obj.expected_on,
        arrived_on=obj.arrived_on if kind is Kind.LATE else None,
        claim_from=claim_from,
        postage=postage,
        postage_source=source if postage is not None else None,  # type: ignore[arg-type]
        declared=declared,
        estimate=estimate,
        family=family,
        product=product,
        invoice=obj.invoice,
        tag=obj.tag,
        status=obj.status,
        problem=obj.problem,
    )


@lru_cache(maxsize=256)
def _family_and_name(co_produto: str | None, product: str) -> tuple[Family, str]:
    """The product's family and name ("SEDEX 10", not the tracking label's "ETIQUETA LOGICA
    SEDEX 10"), worked out once per product: a statement's 10,000 candidates have a few."""
    name = product_name(co_produto or "") or product.removeprefix("ETIQUETA LOGICA ").strip()
    return family_of(co_produto, product), name


def find_candidates(
    objects: Iterable[WatchedObject],
    today: date,
    table: CompensationTable,
    *,
    filed: Collection[str] = (),
    quotes: Mapping[str, Decimal] | None = None,
    declared: Mapping[str, Decimal] | None = None,
    untracked: list[str] | None = None,
) -> CandidateList:
    """The claimable objects among ``objects`` on ``today``; ``filed`` are the codes already
    claimed, ``quotes`` the quote history's postage and ``declared`` the declared values by code."""
    found: list[Candidate] = []
    expired: list[Candidate] = []
    waiting = already = 0
    for obj in objects:
        kind = _kind(obj, today)
        if kind is None:
            continue
        if kind == "waiting":
            waiting += 1
            continue
        if obj.code in filed:
            already += 1
            continue
        candidate = candidate_of(
            obj,
            Kind(kind),
            today,
            table,
            quote=(quotes or {}).get(obj.code),
            declared=(declared or {}).get(obj.code),
        )
        if candidate is None:
            continue
        (expired if candidate.days_left(today) < 0 else found).append(candidate)
    found.sort(key=lambda c: (c.deadline, c.code))
    expired.sort(key=lambda c: (c.deadline, c.code), reverse=True)
    return CandidateList(found, waiting, expired, already, untracked or [])


def needs_declared(obj: WatchedObject) -> bool:
    """A loss returns the declared value too: read it from the object's answer."""
    return obj.status is Status.PROBLEM and obj.problem in _PROBLEM_KIND
