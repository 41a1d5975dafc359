"""A claim as the office database keeps it (table ``claim``), as the tab, the CLI and the
exports read it.

``state`` says where the last attempt to file stands on this side; ``outcome`` where the
operator says a filed claim stands. Row times are UTC; operator dates are its calendar.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from enum import StrEnum
from typing import Any

__all__ = ["REOPEN_DAYS", "STALE", "Claim", "ClaimState", "Outcome", "ReopenBar", "claim_from_row"]

STALE = timedelta(minutes=10)
"""A reservation no answer followed for this long: its desk died mid-call."""
REOPEN_DAYS = 30
"""A refused claim may be reopened this long after it closed (the operator answers 587 after)."""


class ClaimState(StrEnum):
    SENDING = "sending"
    """A desk reserved it and sent it; its answer is not read yet."""
    FILED = "filed"
    """The operator registered it (a protocol), or already had one (900)."""
    REFUSED = "refused"
    """The operator answered why not (544 within the deadline, 510 too late...): it may be
    filed again when that changes."""
    UNCONFIRMED = "unconfirmed"
    """The call failed after it may have reached the operator (no answer): following it by
    its object code says whether it was filed. Never filed again by itself: only when a
    person asks (DESIGN.md, "Writes happen once")."""
    UNREADABLE = "unreadable"
    """Sent, answer unreadable: the operator answered 2xx (it took the claim) and the
    answer could not be read; kept raw in ``answer``. Following it by its object code
    settles it; never filed again by itself."""


class Outcome(StrEnum):
    NONE = ""
    """Not filed."""
    OPEN = "open"
    REOPENED = "reopened"
    ACCEPTED = "accepted"
    """Closed with merit (``Procedente``): the compensation is on its way."""
    REFUSED = "refused"
    """Closed without merit (``Improcedente``): it may be reopened."""
    PAID = "paid"
    """Tracking shows the compensation paid (event IDC)."""


CLOSED = frozenset({Outcome.ACCEPTED, Outcome.REFUSED, Outcome.PAID})


class ReopenBar(StrEnum):
    """Why a claim cannot be reopened, said before anything is sent (the window and the CLI word it)."""

    NOT_FILED = "not_filed"
    """No protocol: the operator never registered it."""
    NOT_CLOSED = "not_closed"
    """Still open (or reopened and open again): only a claim closed without merit is reopened."""
    ACCEPTED = "accepted"
    """Closed with merit (or paid): nothing to reopen."""
    REOPENED = "reopened"
    """Reopened once already: the operator takes one reopening."""
    TOO_LATE = "too_late"
    """Closed more than `REOPEN_DAYS` ago (the operator answers 587)."""


@dataclass(frozen=True)
class Claim:
    code: str
    state: ClaimState
    outcome: Outcome = Outcome.NONE
    protocol: str | None = None
    lot: str | None = None
    reason: int = 0
    manifestation: str = "I"
    package: str = "C"
    email: str = ""
    phone: str = ""
    recipient: str = ""
    return_code: int | None = None
    return_message: str = ""
    filed_at: datetime | None = None
    filed_by: str = ""
    kind: str | None = None
    """The candidate's kind (late, lost, ...) when it was filed."""
    days_late: int | None = None
    postage: Decimal | None = None
    estimate: Decimal | None = None
    invoice: str | None = None
    situation: str = ""
    merit: str = ""
    max_delivery: date | None = None
    last_event: str = ""
    reply: str = ""
    followed_at: datetime | None = None
    follow_code: int | None = None
    """The last ``acompanha`` answer's code when it was not 0 (990 not found...)."""
    reopened_at: datetime | None = None
    closed_at: datetime | None = None
    paid_at: datetime | None = None
    answer: str | None = None
    """The raw answer of a filing the client could not read (``UNREADABLE``)."""

    @property
    def filed(self) -> bool:
        return self.state is ClaimState.FILED

    @property
    def can_file(self) -> bool:
        """May be filed by itself: the operator said why not before (refused)."""
        return self.state is ClaimState.REFUSED

    def stale(self, now: datetime) -> bool:
        """Left ``sending`` longer than `STALE`: its desk died mid-call."""
        return self.state is ClaimState.SENDING and (self.filed_at is None or now - self.filed_at >= STALE)

    def being_sent(self, now: datetime) -> bool:
        """A desk is sending it now (``created_by`` at ``filed_at``)."""
        return self.state is ClaimState.SENDING and not self.stale(now)

    def needs_person(self, now: datetime) -> bool:
        """Sent, and no answer read (none came, it was unreadable, or its desk died): it
        may be at the operator. Follow it, or file it again on purpose."""
        return self.state in (ClaimState.UNCONFIRMED, ClaimState.UNREADABLE) or self.stale(now)

    @property
    def closed(self) -> bool:
        return self.outcome in CLOSED

    def can_reopen(self, today: date) -> bool:
        """Refused on its merit, within `REOPEN_DAYS` of closing, not reopened before."""
        return self.reopen_bar(today) is None

    def reopen_bar(self, today: date) -> ReopenBar | None:
        """Why it cannot be reopened ``today``; None when it can (`can_reopen`)."""
        if self.protocol is None:
            return ReopenBar.NOT_FILED
        if self.reopened_at is not None:
            return ReopenBar.REOPENED
        if self.outcome in (Outcome.ACCEPTED, Outcome.PAID):
            return ReopenBar.ACCEPTED
        if self.outcome is not Outcome.REFUSED:
            return ReopenBar.NOT_CLOSED
        closed = self.closed_at or self.followed_at or self.filed_at
        if closed is not None and today > closed.date() + timedelta(days=REOPEN_DAYS):
            return ReopenBar.TOO_LATE
        return None


def _moment(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def _decimal(text: str | None) -> Decimal | None:
    return Decimal(text) if text else None


def claim_from_row(row: dict[str, Any]) -> Claim:
    max_delivery = row.get("max_delivery")
    return Claim(
        code=row["code"],
        state=ClaimState(row["state"]),
        outcome=Outcome(row.get("outcome") or ""),
        protocol=row.get("protocol"),
        lot=row.get("lot"),
        reason=row.get("reason") or 0,
        manifestation=row.get("manifestation") or "I",
        package=row.get("package") or "C",
        email=row.get("email") or "",
        phone=row.get("phone") or "",
        recipient=row.get("recipient") or "",
        return_code=row.get("return_code"),
        return_message=row.get("return_message") or "",
        filed_at=_moment(row.get("filed_at")),
        filed_by=row.get("created_by") or "",
        kind=row.get("kind"),
        days_late=row.get("days_late"),
        postage=_decimal(row.get("postage")),
        estimate=_decimal(row.get("estimate")),
        invoice=row.get("invoice"),
        situation=row.get("situation") or "",
        merit=row.get("merit") or "",
        max_delivery=date.fromisoformat(max_delivery) if max_delivery else None,
        last_event=row.get("last_event") or "",
        reply=row.get("reply") or "",
        followed_at=_moment(row.get("followed_at")),
        follow_code=row.get("follow_code"),
        reopened_at=_moment(row.get("reopened_at")),
        closed_at=_moment(row.get("closed_at")),
        paid_at=_moment(row.get("paid_at")),
        answer=row.get("answer"),
    )
