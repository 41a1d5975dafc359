"""The watchlist's objects as claims read them: only the rows that can be claimed or may
become claimable, and the declared values of the lost ones. Tracking's own queries over its
table, offered to claims through `offers.TrackingOffer` (claims' `TrackedObjects` port).

A statement of 100,000 objects is mostly parcels delivered on time: turning every row
into a `WatchedObject` cost 2 s (bench_claims_candidates.py). The database leaves those
rows out (`_MAYBE`, a coarse test on the stored status and dates; the rules in
claims' `candidates` decide). A statement's objects are read a part at a time
(`statement_objects`): only its untracked codes and the few that may be claimed are kept,
as objects a part at a time. A set of every code asked and the maybe-claimable rows of the
whole watchlist as dicts made the candidates of 100,000 lines allocate 58 MB on top of the
statement's objects; now 24 MB (tracemalloc).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from sqlalchemy import Connection, and_, case, or_, select

from postalgui.services.tracking.records import WatchedObject, object_from_row
from postalgui.services.tracking.status import Status
from postalgui.services.tracking.watchlist import Watchlist
from postalgui.store.tables import tracked_object

__all__ = ["declared_values", "maybe_claimable", "statement_objects"]

_CHUNK = 500
_PART = 1_000
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


def statement_objects(
    watchlist: Watchlist, codes: Sequence[str], *, part: int = _PART
) -> tuple[list[WatchedObject], list[str]]:
    """Of a statement's ``codes``, the followed objects that may be claimed, and the codes
    never asked about (no status: untracked), in their order.

    The asked codes are read ``part`` rows at a time with whether each may be claimed, and
    only the rows of the statement's few that may are read whole, ``part`` codes an ``IN``
    list. The codes of every part in ``IN`` lists took 0.8 s of CPU for 100,000 (two
    queries a part; SQLAlchemy renders each code's parameter), this 0.3 s."""
    mine = tracked_object.c.environment == watchlist.environment
    asked = select(tracked_object.c.code, case((_MAYBE, 1), else_=0)).where(
        mine, tracked_object.c.status != ""
    )

    def work(connection: Connection) -> tuple[list[WatchedObject], set[str]]:
        unasked, maybe = set(codes), []
        for rows in connection.execute(asked.execution_options(yield_per=part)).partitions():
            for code, flag in rows:
                if code in unasked:
                    unasked.discard(code)
                    if flag:
                        maybe.append(code)
        found: list[WatchedObject] = []
        for start in range(0, len(maybe), part):  # a part's rows as dicts at a time, not all
            query = select(*_LISTED).where(mine, tracked_object.c.code.in_(maybe[start : start + part]))
            found += [object_from_row(dict(row)) for row in connection.execute(query).mappings().all()]
        return found, unasked

    if not codes:
        return [], []
    found, unasked = watchlist.store.run(work, read=True)
    return found, [code for code in codes if code in unasked]


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
