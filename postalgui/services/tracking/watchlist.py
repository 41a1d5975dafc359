"""The watchlist: every object the office follows, in the office database, so every desk
sees the same list (table ``tracked_object``; who was told what: ``tracking_alert``).

Rows are keyed by environment and code: adding a code already followed keeps its row
(a tag given is set; an archived one comes back). Each write tells every desk topic
``tracked_object``. Reading the list leaves the operator's answers (the timelines)
behind; `detail` reads one.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy import Connection, and_, bindparam, delete, func, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite

from postalgui.api.values.states import uf_of_cep
from postalgui.services.office import topics
from postalgui.services.office.errors import OfficeDatabaseError
from postalgui.services.office.rows import update_by_code
from postalgui.services.office.scoped import EnvironmentRows
from postalgui.services.ports import NewObject
from postalgui.services.tracking.records import Kept, WatchedObject, object_from_row
from postalgui.services.tracking.status import Status
from postalgui.store.tables import tracked_object, tracking_alert

__all__ = ["LATE", "TOPIC", "Alert", "Watchlist", "WatchlistError"]

T = TypeVar("T")

TOPIC = topics.TRACKING
LATE = "late"
"""The alert key of an object found late (it has no status of its own)."""
_CHUNK = 500  # codes per IN (...): well under SQLite's bound-parameter limit
_LISTED = [column for column in tracked_object.c if column.name not in ("answer", "id")]
_BRIEF = [
    tracked_object.c[name]
    for name in (
        "code", "status", "event_code", "last_at", "expected_on", "expected_source",
        "co_produto", "cep_origem", "cep_destino", "posted_on",
    )
]  # fmt: skip
"""What a refresh compares an answer with and works an expected date out from (`Kept`)."""
_STREAMED = 100
"""Rows a streamed read hands on at a time: two calls' worth, so the first calls go out
after the first hundred rows, not after the whole list."""


_MARK_ASKED = (
    update(tracked_object)
    .where(
        tracked_object.c.environment == bindparam("b_environment"),
        tracked_object.c.code.in_(bindparam("b_codes", expanding=True)),
    )
    .values(checked_at=bindparam("b_at"))
)
"""Codes marked asked, their list bound at execution (a list given to ``in_`` is made into
one bound value per code, each time). Marking 10,000 codes so took 0.05 s of CPU; one
UPDATE per row (executemany, as answers are saved) took 0.17 s."""


class WatchlistError(OfficeDatabaseError):
    """The watchlist cannot be used (a newer schema, a damaged or refused database)."""


@dataclass(frozen=True)
class Alert:
    """An object that reached a status a person must act on (or was found late)."""

    code: str
    kind: str
    """A `Status` value, or `LATE`."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _chunks(codes: Sequence[str]) -> Iterable[list[str]]:
    for start in range(0, len(codes), _CHUNK):
        yield list(codes[start : start + _CHUNK])


def _insert_ignoring(connection: Connection, table: Any, rows: list[dict[str, Any]]) -> None:
    """Insert ``rows``; one another desk wrote meanwhile is left as that desk wrote it."""
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    connection.execute(dialect.insert(table).values(rows).on_conflict_do_nothing())


class Watchlist(EnvironmentRows):
    """The watchlist of ``office``'s environment (``environment`` overrides it: tests)."""

    TOPIC = TOPIC
    ERROR = WatchlistError

    def _mine(self) -> Any:
        return tracked_object.c.environment == self.environment

    # --- the list ------------------------------------------------------------------------

    def add(self, objects: Sequence[NewObject], *, source: str, replace_tags: bool = True) -> int:
        """Follow ``objects``; how many were new. A code already followed keeps its row,
        takes what a statement says of it when given, and leaves the archive; it takes the
        tag given too, unless ``replace_tags`` is False and it has one (a file of codes
        added again must not wipe the tags a clerk gave by hand)."""
        if not objects:
            return 0
        now, author = _now(), self.author
        unique: dict[str, NewObject] = {}
        for item in objects:  # a code given twice: what either says (the first wins a conflict)
            unique[item.code] = _merged(unique[item.code], item) if item.code in unique else item
        rows = [self._new_row(item, source=source, now=now, author=author) for item in unique.values()]

        def work(connection: Connection) -> int:
            existing: set[str] = set()
            for chunk in _chunks(list(unique)):
                query = select(tracked_object.c.code).where(self._mine(), tracked_object.c.code.in_(chunk))
                existing.update(row[0] for row in connection.execute(query))
            fresh = [row for row in rows if row["code"] not in existing]
            for start in range(0, len(fresh), _CHUNK):
                _insert_ignoring(connection, tracked_object, fresh[start : start + _CHUNK])
            tagged = set() if replace_tags else self._tagged(connection, existing)
            known = {
                code: {**_known_facts(unique[code], keep_tag=code in tagged), "archived_at": None}
                for code in existing
            }
            self._update_rows(connection, known)
            return len(fresh)

        return self._run(work)

    def _tagged(self, connection: Connection, codes: set[str]) -> set[str]:
        """Which of ``codes`` have a tag."""
        found: set[str] = set()
        for chunk in _chunks(sorted(codes)):
            query = select(tracked_object.c.code).where(
                self._mine(), tracked_object.c.code.in_(chunk), tracked_object.c.tag != ""
            )
            found.update(row[0] for row in connection.execute(query))
        return found

    def _new_row(self, item: NewObject, *, source: str, now: str, author: str) -> dict[str, Any]:
        return {
            "uid": uuid.uuid4().hex,
            "environment": self.environment,
            "code": item.code,
            "tag": item.tag,
            "source": source,
            "created_by": author,
            "added_at": now,
            "co_produto": item.co_produto,
            "cep_origem": item.cep_origem,
            "cep_destino": item.cep_destino,
            "origin_uf": uf_of_cep(item.cep_origem),
            "destination_uf": uf_of_cep(item.cep_destino),
            "posted_on": item.posted_on.isoformat() if item.posted_on else None,
            "invoice": item.invoice,
            "invoice_amount": str(item.invoice_amount) if item.invoice_amount is not None else None,
        }

    def remove(self, codes: Sequence[str], *, source: str | None = None) -> int:
        """Stop following ``codes`` (only those ``source`` put there, when given: a cancelled
        pre-posting's object leaves, a code a clerk also added by hand stays); how many."""

        def work(connection: Connection) -> int:
            removed = 0
            for chunk in _chunks(codes):
                gone = chunk if source is None else self._codes_from(connection, chunk, source)
                if not gone:
                    continue
                removed += connection.execute(
                    delete(tracked_object).where(self._mine(), tracked_object.c.code.in_(gone))
                ).rowcount
                connection.execute(
                    delete(tracking_alert).where(
                        tracking_alert.c.environment == self.environment, tracking_alert.c.code.in_(gone)
                    )
                )
            return removed

        return self._run(work)

    def _codes_from(self, connection: Connection, codes: list[str], source: str) -> list[str]:
        """Those of ``codes`` that ``source`` put in the list."""
        column = tracked_object.c
        query = select(column.code).where(self._mine(), column.code.in_(codes), column.source == source)
        return [row[0] for row in connection.execute(query)]

    def set_tag(self, codes: Sequence[str], tag: str) -> None:
        self._update(codes, tag=tag.strip()[:120])

    def archive(self, codes: Sequence[str]) -> None:
        self._update(codes, archived_at=_now())

    def unarchive(self, codes: Sequence[str]) -> None:
        self._update(codes, archived_at=None)

    def _update(self, codes: Sequence[str], *, tell: bool = True, **values: Any) -> None:
        def work(connection: Connection) -> None:
            for chunk in _chunks(codes):
                connection.execute(
                    update(tracked_object)
                    .where(self._mine(), tracked_object.c.code.in_(chunk))
                    .values(**values)
                )

        self._run(work, tell=tell)

    def archive_delivered(self, days: int, today: date) -> list[str]:
        """Archive what was delivered on time more than ``days`` days before ``today`` (0:
        none); the codes archived (the tab says which of those just added went straight to
        the archive). A late one stays in the list until a person archives it: it may be
        claimed."""
        if days <= 0:
            return []
        before = (today - timedelta(days=days)).isoformat()
        column = tracked_object.c
        due = and_(
            self._mine(),
            column.archived_at.is_(None),
            column.status == Status.DELIVERED.value,
            column.arrived_on < before,
            or_(column.expected_on.is_(None), column.arrived_on <= column.expected_on),
        )

        def work(connection: Connection) -> list[str]:
            codes = [row[0] for row in connection.execute(select(column.code).where(due))]
            for chunk in _chunks(codes):
                connection.execute(
                    update(tracked_object)
                    .where(self._mine(), column.code.in_(chunk))
                    .values(archived_at=_now())
                )
            return codes

        return self._run(work)

    # --- reading -------------------------------------------------------------------------

    def objects(self, *, archived: bool = False) -> list[WatchedObject]:
        """The followed objects (the archived ones instead, with ``archived``), oldest first."""
        kept = (
            tracked_object.c.archived_at.is_not(None) if archived else tracked_object.c.archived_at.is_(None)
        )
        query = select(*_LISTED).where(self._mine(), kept).order_by(tracked_object.c.id)
        rows = self._run(lambda c: [dict(row._mapping) for row in c.execute(query)], write=False)
        return [object_from_row(row) for row in rows]

    def detail(self, code: str) -> WatchedObject | None:
        """One object with its last answer (the timeline); ``None`` when not followed."""
        query = select(tracked_object).where(self._mine(), tracked_object.c.code == code)
        row = self._run(lambda c: c.execute(query).mappings().first(), write=False)
        return object_from_row(dict(row)) if row is not None else None

    def details(self, codes: Sequence[str]) -> dict[str, WatchedObject]:
        """`detail` of each of ``codes`` that is followed, by code (each with its timeline)."""
        wanted = list(dict.fromkeys(codes))

        def work(connection: Connection) -> dict[str, WatchedObject]:
            found: dict[str, WatchedObject] = {}
            for chunk in _chunks(wanted):
                query = select(tracked_object).where(self._mine(), tracked_object.c.code.in_(chunk))
                for row in connection.execute(query).mappings():
                    found[row["code"]] = object_from_row(dict(row))
            return found

        return self._run(work, write=False)

    def count(self) -> int:
        query = select(func.count()).select_from(tracked_object).where(self._mine())
        return int(self._run(lambda c: c.execute(query).scalar_one(), write=False))

    def due(
        self, every: timedelta, now: datetime | None = None, *, brief: bool = False
    ) -> list[WatchedObject]:
        """Objects not finished nor archived, not asked within ``every``: what a refresh asks
        (``brief``: only what it compares answers with)."""
        query = self._due_query(_BRIEF if brief else _LISTED, every, now)
        rows = self._run(lambda c: [dict(row._mapping) for row in c.execute(query)], write=False)
        return [object_from_row(row) for row in rows]

    def each_due(self, every: timedelta, now: datetime, take: Callable[[list[Kept]], None]) -> None:
        """`due` (brief) handed to ``take`` a hundred rows at a time as they are read, in one
        read: a refresh sends its first calls while the rest of the list is read."""
        query = self._due_query(_BRIEF, every, now)

        def work(connection: Connection) -> None:
            for rows in connection.execute(query).partitions(_STREAMED):
                take([Kept(*row) for row in rows])

        self._run(work, write=False)

    def _due_query(self, columns: list[Any], every: timedelta, now: datetime | None) -> Any:
        moment = (now or datetime.now(UTC)) - every
        return (
            select(*columns)
            .where(
                self._mine(),
                tracked_object.c.final == 0,
                tracked_object.c.archived_at.is_(None),
                or_(
                    tracked_object.c.checked_at.is_(None),
                    tracked_object.c.checked_at <= moment.astimezone(UTC).isoformat(timespec="seconds"),
                ),
            )
            .order_by(tracked_object.c.checked_at.is_not(None), tracked_object.c.checked_at)
        )

    def known(self, codes: Sequence[str], *, brief: bool = False) -> dict[str, WatchedObject]:
        """The rows of ``codes`` that are followed, by code (without their answers; ``brief``:
        only what a refresh compares answers with)."""
        columns = _BRIEF if brief else _LISTED
        wanted = set(codes)

        def work(connection: Connection) -> dict[str, WatchedObject]:
            if len(wanted) > 2 * _CHUNK:  # most of a list: one read of it beats many IN (...)
                rows = connection.execute(select(*columns).where(self._mine()))
                return {row.code: object_from_row(dict(row._mapping)) for row in rows if row.code in wanted}
            found: dict[str, WatchedObject] = {}
            for chunk in _chunks(list(wanted)):
                query = select(*columns).where(self._mine(), tracked_object.c.code.in_(chunk))
                for row in connection.execute(query):
                    found[row.code] = object_from_row(dict(row._mapping))
            return found

        return self._run(work, write=False)

    def each_known(self, codes: Sequence[str], take: Callable[[list[Kept]], None]) -> None:
        """`known` (brief) of ``codes`` handed to ``take`` as they are read (`each_due`)."""
        wanted = set(codes)

        def work(connection: Connection) -> None:
            if len(wanted) > 2 * _CHUNK:  # most of a list: one read of it beats many IN (...)
                for rows in connection.execute(select(*_BRIEF).where(self._mine())).partitions(_STREAMED):
                    take([Kept(*row) for row in rows if row.code in wanted])
                return
            for chunk in _chunks(list(wanted)):
                query = select(*_BRIEF).where(self._mine(), tracked_object.c.code.in_(chunk))
                take([Kept(*row) for row in connection.execute(query)])

        self._run(work, write=False)

    # --- answers and alerts --------------------------------------------------------------

    def record(self, answers: dict[str, dict[str, Any]]) -> None:
        """Save what the operator answered for each code (`records.answer_values`)."""
        self.save(answers)

    def asked(self, codes: Sequence[str], at: datetime) -> None:
        """Mark ``codes`` asked at ``at`` (the operator had nothing new for them: no desk is
        told, as none shows anything new)."""
        self.save({}, codes, at)

    def save(
        self, answers: dict[str, dict[str, Any]], asked: Sequence[str] = (), at: datetime | None = None
    ) -> None:
        """In one transaction: what the operator answered for each code of ``answers``, and
        ``asked`` marked asked at ``at`` (one UPDATE per 500 codes: a refresh marks most of a
        10,000-object list, as each call returns). Desks are told only of answers."""
        if not answers and not asked:
            return
        moment = (at or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")

        def work(connection: Connection) -> None:
            if answers:
                self._update_rows(connection, answers)
            for chunk in _chunks(asked):
                connection.execute(
                    _MARK_ASKED, {"b_environment": self.environment, "b_codes": chunk, "b_at": moment}
                )

        self._run(work, tell=bool(answers))

    def _update_rows(self, connection: Connection, values: dict[str, dict[str, Any]]) -> None:
        """Each code's row takes its values (a handful of statements for thousands of rows)."""
        update_by_code(connection, tracked_object, values, [self._mine()])

    def unannounced(self, alerts: Iterable[Alert], login: str) -> list[Alert]:
        """``alerts`` this login was not told yet; they are marked told (once per object and
        status, on any desk). The mark is told to no desk: no list shows it, and telling it
        made every reading list read again, whose reading marked again (a loop that cleared
        the Claims candidates' selection every half second and kept a core busy)."""
        wanted = list(dict.fromkeys(alerts))
        if not wanted:
            return []
        now = _now()

        def work(connection: Connection) -> list[Alert]:
            told: set[tuple[str, str]] = set()
            for chunk in _chunks([alert.code for alert in wanted]):
                query = select(tracking_alert.c.code, tracking_alert.c.status).where(
                    and_(
                        tracking_alert.c.environment == self.environment,
                        tracking_alert.c.login == login,
                        tracking_alert.c.code.in_(chunk),
                    )
                )
                told.update((row[0], row[1]) for row in connection.execute(query))
            new = [alert for alert in wanted if (alert.code, alert.kind) not in told]
            rows = [
                {"environment": self.environment, "code": a.code, "status": a.kind, "login": login, "at": now}
                for a in new
            ]
            for start in range(0, len(rows), _CHUNK):
                _insert_ignoring(connection, tracking_alert, rows[start : start + _CHUNK])
            return new

        return self._run(work, tell=False)


def _merged(first: NewObject, then: NewObject) -> NewObject:
    blanks = {name: value for name, value in then.__dict__.items() if value and not getattr(first, name)}
    return replace(first, **blanks)


def _known_facts(item: NewObject, *, keep_tag: bool = False) -> dict[str, Any]:
    """What ``item`` says that an existing row should take (nothing it leaves blank; not
    its tag when ``keep_tag``)."""
    facts: dict[str, Any] = {"tag": item.tag} if item.tag and not keep_tag else {}
    for name in ("co_produto", "cep_origem", "cep_destino", "invoice"):
        if getattr(item, name):
            facts[name] = getattr(item, name)
    for cep, state in (("cep_origem", "origin_uf"), ("cep_destino", "destination_uf")):
        uf = uf_of_cep(getattr(item, cep))
        if uf is not None:
            facts[state] = uf
    if item.posted_on is not None:
        facts["posted_on"] = item.posted_on.isoformat()
    if item.invoice_amount is not None:
        facts["invoice_amount"] = str(item.invoice_amount)
    return facts
