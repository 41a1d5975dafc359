"""`BranchCache`: the units already fetched, per query, in the data folder (``branches.sqlite3``).

The Branches tab answers from here first (instantly, and offline), then refreshes
incrementally: only units created or changed since the newest ``dhAlteracao`` the query
has seen. A unit is stored once (its record as the operator sent it), whatever number
of queries it belongs to; a query keeps its members, when it was last synced (UTC) and
that newest change time (the operator's own clock, as sent, so it goes back verbatim
as ``dhAlteracaoInicial``). The whole country is the query with no filter (key ``""``).

Types, statuses and localities, which rarely change, are kept as the JSON they came in.
Every write is one transaction, so a cancelled or failed sync leaves the cache as it was.

The file is a store of its own on the store layer (`store.office.OfficeStore`: its own
Alembic migrations beside this module, a damaged file set aside and started afresh), kept
per user on this desk, never in the office database.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Connection, text

from postalgui.api.errors import RoutineError
from postalgui.api.models.branches import Unit
from postalgui.store.errors import StoreError
from postalgui.store.office import OfficeStore
from postalgui.store.urls import sqlite_url

__all__ = ["FILENAME", "BranchCache", "BranchCacheError", "CachedQuery", "QueryInfo"]

T = TypeVar("T")

FILENAME = "branches.sqlite3"

_PUT_UNIT = text(
    "INSERT INTO unit (id, changed, record) VALUES (:id, :changed, :record) "
    "ON CONFLICT(id) DO UPDATE SET changed = excluded.changed, record = excluded.record"
)
_PUT_QUERY = text(
    "INSERT INTO query (key, synced_at, newest) VALUES (:key, :synced_at, :newest) "
    "ON CONFLICT(key) DO UPDATE SET synced_at = excluded.synced_at, newest = excluded.newest"
)
_PUT_META = text(
    "INSERT INTO meta (name, saved_at, value) VALUES (:name, :saved_at, :value) "
    "ON CONFLICT(name) DO UPDATE SET saved_at = excluded.saved_at, value = excluded.value"
)


class BranchCacheError(RoutineError, RuntimeError):
    """The branch cache is damaged or belongs to a newer PostalGUI: routine (the message
    names the file and what to do), like the jobs file's `JobStoreError`."""


@dataclass(frozen=True)
class QueryInfo:
    """When a query was last synced (UTC) and the newest change time it has seen."""

    key: str
    synced_at: datetime
    newest: datetime | None
    count: int


@dataclass(frozen=True)
class CachedQuery:
    """A query's units as last synced."""

    info: QueryInfo
    units: list[Unit]


def _text(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat(timespec="milliseconds")


def _moment(stamp: str | None) -> datetime | None:
    return None if stamp is None else datetime.fromisoformat(stamp)


class BranchCache(OfficeStore):
    """The branch cache file at ``path`` (a folder takes `FILENAME`); thread-safe, opened on first use."""

    MIGRATIONS = Path(__file__).with_name("migrations")
    VERSION_TABLE = "postalgui_branch_cache_version"
    LOCK_KEY = 7_455_310_031  # any constant: "the branch cache's migration" (a file: never used)
    LABEL = "branch cache"
    HEAD = "0001_branch_cache"

    def __init__(self, path: Path) -> None:
        path = Path(path)
        self._file = path / FILENAME if path.is_dir() else path
        super().__init__(sqlite_url(self._file), pool_size=1)

    @property
    def path(self) -> Path:
        """The cache file (a cache is always a file on this desk)."""
        return self._file

    def _run(self, work: Callable[[Connection], T], *, read: bool = False) -> T:
        """``work`` in one transaction; a cache that cannot be used is a `BranchCacheError`."""
        try:
            return self.run(work, read=read)
        except StoreError as exc:
            raise BranchCacheError(str(exc)) from None

    # --- reading -------------------------------------------------------------------------

    def info(self, key: str) -> QueryInfo | None:
        """When ``key`` was synced, without loading its units (None: never)."""
        return self._run(lambda conn: _info(conn, key), read=True)

    def load(self, key: str) -> CachedQuery | None:
        """The units of ``key`` as last synced, by MCU (None: never synced)."""

        def read(conn: Connection) -> tuple[QueryInfo, list[str]] | None:
            info = _info(conn, key)
            if info is None:
                return None
            records = conn.execute(
                text(
                    "SELECT unit.record FROM member JOIN unit ON unit.id = member.unit "
                    "WHERE member.query = :key ORDER BY unit.id"
                ),
                {"key": key},
            ).scalars()
            return info, list(records)

        found = self._run(read, read=True)
        if found is None:
            return None
        info, records = found
        return CachedQuery(info, [Unit.model_validate_json(record) for record in records])

    def queries(self) -> list[QueryInfo]:
        """Every synced query, the most recent first."""

        def read(conn: Connection) -> list[QueryInfo]:
            keys = conn.execute(text("SELECT key FROM query ORDER BY synced_at DESC")).scalars().all()
            return [info for key in keys if (info := _info(conn, key)) is not None]

        return self._run(read, read=True)

    def meta(self, name: str) -> tuple[datetime, Any] | None:
        """A saved list (types, statuses, localities of a state) and when it was saved."""
        row = self._run(
            lambda conn: conn.execute(
                text("SELECT saved_at, value FROM meta WHERE name = :name"), {"name": name}
            ).first(),
            read=True,
        )
        if row is None:
            return None
        return datetime.fromisoformat(row[0]), json.loads(row[1])

    # --- writing -------------------------------------------------------------------------

    def replace(self, key: str, units: Sequence[Unit], *, synced_at: datetime | None = None) -> QueryInfo:
        """``key``'s members become exactly ``units`` (a full walk), in one transaction."""
        return self._write(key, units, removed=(), full=True, synced_at=synced_at)

    def merge(
        self,
        key: str,
        changed: Sequence[Unit],
        *,
        removed: Iterable[str] = (),
        synced_at: datetime | None = None,
    ) -> QueryInfo:
        """An incremental refresh: ``changed`` units join ``key`` (or are updated), the MCUs
        in ``removed`` (changed, and no longer matching its filters) leave it."""
        return self._write(key, changed, removed=removed, full=False, synced_at=synced_at)

    def put_meta(self, name: str, value: Any, *, saved_at: datetime | None = None) -> None:
        saved = {
            "name": name,
            "saved_at": _text(saved_at or datetime.now(UTC)),
            "value": json.dumps(value, ensure_ascii=False),
        }
        self._run(lambda conn: conn.execute(_PUT_META, saved))

    def forget(self) -> None:
        """Empty the cache (Settings changed environment: another operator's units)."""

        def clear(conn: Connection) -> None:
            for table in ("member", "query", "unit", "meta"):
                conn.execute(text(f"DELETE FROM {table}"))  # noqa: S608 -- fixed names

        self._run(clear)

    def _write(
        self,
        key: str,
        units: Sequence[Unit],
        *,
        removed: Iterable[str],
        full: bool,
        synced_at: datetime | None,
    ) -> QueryInfo:
        stamp = synced_at or datetime.now(UTC)
        rows = [
            {"id": u.id, "changed": _text(u.dhAlteracao), "record": u.model_dump_json(exclude_none=True)}
            for u in units
        ]
        newest = max((unit.dhAlteracao for unit in units if unit.dhAlteracao), default=None)
        gone = [{"key": key, "unit": mcu} for mcu in removed]

        def write(conn: Connection) -> QueryInfo:
            before = _info(conn, key)
            seen = newest
            if before is not None and before.newest is not None and not full:
                seen = max(before.newest, newest) if newest else before.newest
            if rows:
                conn.execute(_PUT_UNIT, rows)
            conn.execute(_PUT_QUERY, {"key": key, "synced_at": _text(stamp), "newest": _text(seen)})
            if full:
                conn.execute(text("DELETE FROM member WHERE query = :key"), {"key": key})
            if rows:
                members = [{"key": key, "unit": row["id"]} for row in rows]
                conn.execute(text("INSERT OR IGNORE INTO member (query, unit) VALUES (:key, :unit)"), members)
            if gone:
                conn.execute(text("DELETE FROM member WHERE query = :key AND unit = :unit"), gone)
            conn.execute(text("DELETE FROM unit WHERE id NOT IN (SELECT unit FROM member)"))
            return QueryInfo(key, stamp, seen, _count(conn, key))

        return self._run(write)


def _count(conn: Connection, key: str) -> int:
    found = conn.execute(text("SELECT count(*) FROM member WHERE query = :key"), {"key": key}).scalar_one()
    return int(found)


def _info(conn: Connection, key: str) -> QueryInfo | None:
    row = conn.execute(text("SELECT synced_at, newest FROM query WHERE key = :key"), {"key": key}).first()
    if row is None:
        return None
    return QueryInfo(key, datetime.fromisoformat(row[0]), _moment(row[1]), _count(conn, key))
