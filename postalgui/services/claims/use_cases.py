"""Claims use cases, each ``fn(task, service, ...)``: what can be claimed (from the
watchlist or a statement), file, follow, reopen, list, and the money back per month.
Shared by the Claims tab (run by the task runner) and the CLI."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from postalgui.api.analytic import gc_paused
from postalgui.api.values.states import uf_of_cep
from postalgui.services.claims.candidates import Candidate, CandidateList, find_candidates, needs_declared
from postalgui.services.claims.filing import FilingOrder, FilingReport, FilingResult, Result, file_claims
from postalgui.services.claims.following import Followed, follow_claims, reopen_claim
from postalgui.services.claims.money import MonthSummary, money_by_month
from postalgui.services.claims.quoted import quoted_postage
from postalgui.services.claims.records import Claim
from postalgui.services.ports import Claimable, NewObject, NewObjects
from postalgui.services.tracking.records import WatchedObject

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.claims.service import ClaimsService

__all__ = [
    "FilingOrder",
    "FilingReport",
    "FilingResult",
    "Followed",
    "Result",
    "at_stake",
    "candidates",
    "file_claims",
    "follow_claims",
    "invoice_candidates",
    "list_claims",
    "money_back",
    "reopen_claim",
    "statement_candidates",
]


def candidates(task: TaskControl, service: ClaimsService) -> CandidateList:
    """What the watchlist's objects can be claimed for today."""
    objects = service.tracked.claimable()
    task.raise_if_cancelled()
    return _candidates(service, objects)


def at_stake(task: TaskControl, service: ClaimsService) -> list[Claimable]:
    """Every candidate of today, open and expired (never filed), as another feature counts
    the money at stake (the `ClaimsMoney` port), with the parcel's product and state."""
    objects = service.tracked.claimable()
    task.raise_if_cancelled()
    found = _candidates(service, objects)
    watched = {obj.code: obj for obj in objects}
    return [
        _claimable(candidate, watched[candidate.code], expired)
        for expired, listed in ((False, found.candidates), (True, found.expired))
        for candidate in listed
    ]


def _claimable(candidate: Candidate, obj: WatchedObject, expired: bool) -> Claimable:
    return Claimable(
        code=candidate.code,
        claim_from=candidate.claim_from,
        estimate=candidate.estimate,
        expired=expired,
        service=obj.co_produto,
        destination_uf=uf_of_cep(obj.cep_destino),
    )


def statement_candidates(
    task: TaskControl, service: ClaimsService, objects: Sequence[NewObject]
) -> CandidateList:
    """What a statement's objects can be claimed for, from what the watchlist knows of
    them (the statement's net value is the postage); the others are listed untracked.
    Only the few that may be claimed are read whole (`TrackedObjects.statement_objects`),
    and of a statement's lines (`NewObjects`) only the codes and the objects the watchlist
    knows no postage of.

    The collector is paused (`gc_paused`): what is made here lives until the answer, and
    its passes over the statement's 100,000 objects cost 0.2 s of CPU."""
    lines = NewObjects.of(objects)
    with gc_paused():
        maybe, untracked = service.tracked.statement_objects(lines.codes)
        task.raise_if_cancelled()
        claimable = [_billed(watched, lines) for watched in maybe]
        return _candidates(service, claimable, untracked)


def _billed(watched: WatchedObject, lines: NewObjects) -> WatchedObject:
    """The statement's net value is the postage of an object the watchlist has none for."""
    if watched.invoice_amount is not None:
        return watched
    line = lines.by_code(watched.code)
    if line.invoice_amount is None:
        return watched
    return replace(watched, invoice=line.invoice, invoice_amount=line.invoice_amount)


def invoice_candidates(
    task: TaskControl,
    service: ClaimsService,
    number: str,
    document_type: str,
    *,
    interval_s: float | None = None,
) -> CandidateList:
    """`statement_candidates` of invoice ``number``'s analytic statement (downloaded before,
    or requested and followed now). A bad number or type raises `InvalidValue` first."""
    objects = service.invoice_objects()(task, number, document_type, interval_s=interval_s)
    return statement_candidates(task, service, objects)


def _candidates(
    service: ClaimsService, objects: Sequence[WatchedObject], untracked: list[str] | None = None
) -> CandidateList:
    """Two passes: the rules over every object (cheap), then the postage the quote history
    knows and the declared values for the few that are claimable."""
    today, table = service.today(), service.settings.compensation
    filed = service.book().blocked_codes(service.now())
    first = find_candidates(objects, today, table, filed=filed)
    claimable = {c.code for c in [*first.candidates, *first.expired]}
    picked = [obj for obj in objects if obj.code in claimable]
    unpriced = [obj for obj in picked if obj.invoice_amount is None]
    lost = [obj for obj in picked if needs_declared(obj)]
    if not unpriced and not lost:
        return _named(service, replace(first, untracked=untracked or []))
    office = service.office()
    quotes = quoted_postage(office.store(), office.env_key, unpriced) if unpriced else {}
    declared = service.tracked.declared_values([obj.code for obj in lost])
    again = {obj.code for obj in [*unpriced, *lost]}
    second = find_candidates(
        [obj for obj in picked if obj.code in again], today, table, quotes=quotes, declared=declared
    )
    found = replace(
        first,
        candidates=_merged(first.candidates, second.candidates, again),
        expired=_merged(first.expired, second.expired, again, newest=True),
        untracked=untracked or [],
    )
    return _named(service, found)


def _named(service: ClaimsService, found: CandidateList) -> CandidateList:
    """``found`` with the recipients' names its pre-postings know (one query for all)."""
    codes = [c.code for c in [*found.candidates, *found.expired]]
    return replace(found, names=dict(service.recipients(codes)) if codes else {})


def _merged(
    kept: list[Candidate], redone: list[Candidate], again: set[str], *, newest: bool = False
) -> list[Candidate]:
    """``kept`` with the candidates worked out again in their place, in deadline order."""
    merged = [c for c in kept if c.code not in again] + redone
    return sorted(merged, key=lambda c: (c.deadline, c.code), reverse=newest)


def list_claims(task: TaskControl, service: ClaimsService) -> list[Claim]:
    """Every claim of the office, newest first."""
    del task
    return service.book().claims()


def money_back(task: TaskControl, service: ClaimsService) -> list[MonthSummary]:
    """Per month, newest first: candidates, filed, accepted, paid, refused, with amounts."""
    found = candidates(task, service)
    return money_by_month(service.book().claims(), found.candidates)
