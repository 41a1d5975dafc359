"""The watchlist's objects as claims read them: only the rows that can be claimed or may
become claimable, and the declared values of the lost ones. Tracking's own queries over its
table, offered to claims through `offers.TrackingOffer` (claims' `TrackedObjects` port).

A statement of 100,000 objects is mostly parcels delivered on time: turning every row
into a `WatchedObject` cost 2 s (bench_claims_candidates.py). The database leaves those
rows out (`_MAYBE`, a coarse test on the stored status and dates; the rules in
claims' `candidates` decide). A statement is read a part at a time (`statement_objects`, the
codes of one part in an ``IN`` list): of a part's rows only its untracked codes and the few
that may be claimed are kept, where reading the whole watchlist's codes and the matching rows
of every object held 28 MB at once for 100,000 lines (tracemalloc) and took 1.2 s of CPU.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from sqlalchemy import Connection, and_, or_, select

from postalgui.services.tracking.records import WatchedObject, object_from_row
from postalgui.services.tracking.status import Status
from postalgui.services.tracking.watchlist import Watchlist
from postalgui.store.tables import tracked_object

__all__ = ["declared_values", "maybe_claimable", "statement_objects"]

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


def maybe_claimable(watchlist: Watchlist) -> list[WatchedObject]:
    """The followed objects not archived that may be claimed."""
    mine = tracked_object.c.environment == watchlist.environment
    query = select(*_LISTED).where(mine, tracked_object.c.archived_at.is_(None), _MAYBE)
    rows = watchlist.store.run(lambda c: c.execute(query).mappings().all(), read=True)
    return [object_from_row(dict(row)) for row in rows]


def statement_objects(watchlist: Watchlist, codes: Sequence[str]) -> tuple[list[WatchedObject], list[str]]:
    """Of a statement's ``codes`` (a part of it: one ``IN`` list), the followed objects that
    may be claimed, and the codes never asked about (no status: untracked), in their order."""
    mine = tracked_object.c.environment == watchlist.environment
    part = tracked_object.c.code.in_(codes)
    known = select(tracked_object.c.code).where(mine, part, tracked_object.c.status != "")
    maybe = select(*_LISTED).where(mine, part, _MAYBE)

    def work(connection: Connection) -> tuple[list[dict[str, object]], set[str]]:
        found = set(connection.execute(known).scalars().all())
        return [dict(row) for row in connection.execute(maybe).mappings().all()], found

    if not codes:
        return [], []
    rows, known_codes = watchlist.store.run(work, read=True)
    return [object_from_row(row) for row in rows], [code for code in codes if code not in known_codes]


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
