"""The watchlist's objects as claims read them: only the rows that can be claimed or may
become claimable, and the declared values of the lost ones. Tracking's own queries over its
table, offered to claims through `offers.TrackingOffer` (claims' `TrackedObjects` port).

A statement of 100,000 objects is mostly parcels delivered on time: turning every row
into a `WatchedObject` cost 2 s (bench_claims_candidates.py). The database leaves those
rows out (`_MAYBE`, a coarse test on the stored status and dates; the rules in
claims' `candidates` decide). A statement's codes are looked up by the database itself
(`statement_objects`, one query): only its untracked codes and the few that may be claimed
come back. A set of every code asked and the maybe-claimable rows of the whole watchlist
as dicts made the candidates of 100,000 lines allocate 58 MB on top of the statement's
objects; reading every asked code back, 24 MB (tracemalloc).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from sqlalchemy import Connection, String, and_, bindparam, func, or_, select
from sqlalchemy.dialects import postgresql
from sqlalchemy.sql.expression import TableValuedAlias

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
_CODE = 1 + _LISTED.index(tracked_object.c.code)
"""Where a statement's row holds the watchlist's code (after the statement's own)."""
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
    """Of a statement's ``codes``, the followed objects that may be claimed, and the codes
    never asked about (no status: untracked), in their order.

    One query: the codes go to the database as one bound value (`_codes_table`), each is
    looked up there, and only the untracked and the maybe-claimable rows come back. Reading
    every asked code with a flag and then the few that may be claimed by ``IN`` lists took
    0.45 s of CPU for 100,000 codes; this 0.2 s (most of it SQLite's own lookups)."""
    if not codes:
        return [], []
    wanted = list(dict.fromkeys(codes))

    def work(connection: Connection) -> tuple[list[WatchedObject], set[str]]:
        statement = _codes_table(connection, wanted)
        joined = statement.outerjoin(
            tracked_object,
            and_(
                tracked_object.c.environment == watchlist.environment,
                tracked_object.c.code == statement.c.value,
                tracked_object.c.status != "",
            ),
        )
        query = select(statement.c.value.label("asked"), *_LISTED).select_from(joined)
        result = connection.execute(query.where(or_(tracked_object.c.code.is_(None), _MAYBE)))
        names = list(result.keys())
        found: list[WatchedObject] = []
        unasked: set[str] = set()
        for rows in result.partitions(_PART):  # a part's rows at a time, not all
            for row in rows:
                if row[_CODE] is None:
                    unasked.add(row[0])
                else:
                    found.append(object_from_row(dict(zip(names, row, strict=True))))
        return found, unasked

    found, unasked = watchlist.store.run(work, read=True)
    return found, [code for code in codes if code in unasked]


def _codes_table(connection: Connection, codes: list[str]) -> TableValuedAlias:
    """``codes`` as a one-column table (``value``) read from one bound value: a JSON array
    SQLite reads with ``json_each``, a text array PostgreSQL ``unnest``s. Bound one by one,
    a thousand codes an ``IN`` list, SQLAlchemy rendered each code's parameter."""
    if connection.dialect.name == "postgresql":
        array = bindparam("codes", codes, type_=postgresql.ARRAY(String))
        return func.unnest(array).table_valued("value").render_derived(name="statement")
    return func.json_each(bindparam("codes", json.dumps(codes))).table_valued("value").alias("statement")


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
