"""The watchlist's objects as claims read them: only the rows that can be claimed or may
become claimable, and the declared values of the lost ones. Tracking's own queries over its
table, offered to claims through `offers.TrackingOffer` (claims' `TrackedObjects` port).

A statement of 100,000 objects is mostly parcels delivered on time: turning every row
into a `WatchedObject` cost 2 s (bench_claims_candidates.py). The database leaves those
rows out (`_MAYBE`, a coarse test on the stored status and dates; the rules in
claims' `candidates` decide), and the statement's untracked objects come from its codes alone.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from decimal import Decimal, InvalidOperation

from sqlalchemy import Connection, and_, or_, select

from postalgui.services.tracking.records import WatchedObject, object_from_row
from postalgui.services.tracking.status import Status
from postalgui.services.tracking.watchlist import Watchlist
from postalgui.store.tables import tracked_object

__all__ = ["declared_values", "maybe_claimable", "tracked_codes"]

_CHUNK = 500
_COMING = [
    Status.POSTED.value,
    Status.IN_TRANSIT.value,
    Status.OUT_FOR_DELIVERY.value,
    Status.NOT_FOUND.value,
]
_LISTED = [column for column in tracked_object.c if column.name not in ("answer", "id")]
_MAYBE = or_(
    tracked_object.c.status.in_([*_COMING, Status.PROBLEM.value]),
    and_(
        tracked_object.c.status == Status.DELIVERED.value,
        tracked_object.c.arrived_on > tracked_object.c.expected_on,  # ISO dates compare as text
    ),
)
"""Late deliveries, problems, and what is still coming (overdue, or counted as waiting)."""


def maybe_claimable(watchlist: Watchlist, codes: Collection[str] | None = None) -> list[WatchedObject]:
    """The followed objects (of ``codes``, else all not archived) that may be claimed."""
    mine = tracked_object.c.environment == watchlist.environment
    if codes is None:
        query = select(*_LISTED).where(mine, tracked_object.c.archived_at.is_(None), _MAYBE)
        rows = watchlist.store.run(lambda c: [dict(row) for row in c.execute(query).mappings()], read=True)
        return [object_from_row(row) for row in rows]
    wanted = set(codes)

    def work(connection: Connection) -> list[dict[str, object]]:
        query = select(*_LISTED).where(mine, _MAYBE)
        return [dict(row) for row in connection.execute(query).mappings() if row["code"] in wanted]

    return [object_from_row(row) for row in watchlist.store.run(work, read=True)]


def tracked_codes(watchlist: Watchlist) -> set[str]:
    """Codes the operator was asked about at least once (a status is known)."""
    query = select(tracked_object.c.code).where(
        tracked_object.c.environment == watchlist.environment, tracked_object.c.status != ""
    )
    return watchlist.store.run(lambda c: {code for (code,) in c.execute(query)}, read=True)


def declared_values(watchlist: Watchlist, codes: Sequence[str]) -> dict[str, Decimal]:
    """The declared value (``valorDeclarado``) of each object's last answer, when it has one."""
    mine = tracked_object.c.environment == watchlist.environment

    def work(connection: Connection) -> dict[str, Decimal]:
        found: dict[str, Decimal] = {}
        for start in range(0, len(codes), _CHUNK):
            chunk = list(codes[start : start + _CHUNK])
            query = select(tracked_object.c.code, tracked_object.c.answer).where(
                mine, tracked_object.c.code.in_(chunk)
            )
            for code, answer in connection.execute(query):
                value = _declared(answer)
                if value:
                    found[code] = value
        return found

    return watchlist.store.run(work, read=True) if codes else {}


def _declared(answer: str | None) -> Decimal | None:
    if not answer:
        return None
    value = json.loads(answer).get("valorDeclarado")
    try:
        return Decimal(str(value)) if value not in (None, "") else None
    except InvalidOperation:
        return None
