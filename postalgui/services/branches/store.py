"""`BranchCache`: the units already fetched, per query, in the data folder (``branches.sqlite3``).

The Branches tab answers from here first (instantly, and offline), then refreshes
incrementally: only units created or changed since the newest ``dhAlteracao`` the query
has seen. A unit is stored once (its record as the operator sent it), whatever number
of queries it belongs to; a query keeps its members, when it was last synced (UTC) and
that newest change time (the operator's own clock, as sent, so it goes back verbatim
as ``dhAlteracaoInicial``). The whole country is the query with no filter (key ``""``).

Types, statuses and localities, which rarely change, are kept as the JSON they came in.
Every write is one transaction, so a cancelled or failed sync leaves the cache as it was.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from postalgui.api.errors import RoutineError
from postalgui.api.models.branches import Unit
from postalgui.store.sqlite_file import SqliteStore

__all__ = ["FILENAME", "SCHEMA_VERSION", "BranchCache", "BranchCacheError", "CachedQuery", "QueryInfo"]

FILENAME = "branches.sqlite3"
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE unit (
    id TEXT PRIMARY KEY,
    changed TEXT,
    record TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE query (
    key TEXT PRIMARY KEY,
    synced_at TEXT NOT NULL,
    newest TEXT
) WITHOUT ROWID;
CREATE TABLE member (
    query TEXT NOT NULL REFERENCES query(key) ON DELETE CASCADE,
    unit TEXT NOT NULL,
    PRIMARY KEY (query, unit)
) WITHOUT ROWID;
CREATE TABLE meta (
    name TEXT PRIMARY KEY,
    saved_at TEXT NOT NULL,
    value TEXT NOT NULL
) WITHOUT ROWID;
"""


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


def _moment(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


class BranchCache(SqliteStore):
    """The branch cache file; thread-safe, opened on first use."""

    FILENAME = FILENAME
    SCHEMA = _SCHEMA
    VERSION = SCHEMA_VERSION
    PROBE = "query"
    LABEL = "branch cache"
    NEWER_ERROR = BranchCacheError

    # --- reading -------------------------------------------------------------------------

    def info(self, key: str) -> QueryInfo | None:
        """When ``key`` was synced, without loading its units (None: never)."""
        return self._file.run(lambda conn: _info(conn, key))

    def load(self, key: str) -> CachedQuery | None:
        """The units of ``key`` as last synced, by MCU (None: never synced)."""

        def read(conn: sqlite3.Connection) -> tuple[QueryInfo, list[str]] | None:
            info = _info(conn, key)
            if info is None:
                return None
            rows = conn.execute(
                "SELECT unit.record FROM member JOIN unit ON unit.id = member.unit "
                "WHERE member.query = ? ORDER BY unit.id",
                (key,),
            ).fetchall()
            return info, [row[0] for row in rows]

        found = self._file.run(read)
        if found is None:
            return None
        info, records = found
        return CachedQuery(info, [Unit.model_validate_json(record) for record in records])

    def queries(self) -> list[QueryInfo]:
        """Every synced query, the most recent first."""

        def read(conn: sqlite3.Connection) -> list[QueryInfo]:
            keys = [row[0] for row in conn.execute("SELECT key FROM query ORDER BY synced_at DESC")]
            return [info for key in keys if (info := _info(conn, key)) is not None]

        return self._file.run(read)

    def meta(self, name: str) -> tuple[datetime, Any] | None:
        """A saved list (types, statuses, localities of a state) and when it was saved."""
        row = self._file.run(
            lambda conn: conn.execute("SELECT saved_at, value FROM meta WHERE name = ?", (name,)).fetchone()
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
        stamp = _text(saved_at or datetime.now(UTC))
        data = json.dumps(value, ensure_ascii=False)
        self._file.run(
            lambda conn: conn.execute(
                "INSERT INTO meta (name, saved_at, value) VALUES (?, ?, ?) "
                "ON CONFLICT(name) DO UPDATE SET saved_at = excluded.saved_at, value = excluded.value",
                (name, stamp, data),
            )
        )

    def forget(self) -> None:
        """Empty the cache (Settings changed environment: another operator's units)."""

        def clear(conn: sqlite3.Connection) -> None:
            conn.execute("BEGIN IMMEDIATE")
            try:
                for table in ("member", "query", "unit", "meta"):
                    conn.execute(f"DELETE FROM {table}")  # noqa: S608 -- fixed names
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

        self._file.run(clear)

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
        rows = [(unit.id, _text(unit.dhAlteracao), unit.model_dump_json(exclude_none=True)) for unit in units]
        newest = max((unit.dhAlteracao for unit in units if unit.dhAlteracao), default=None)
        gone = [(key, mcu) for mcu in removed]

        def write(conn: sqlite3.Connection) -> QueryInfo:
            conn.execute("BEGIN IMMEDIATE")
            try:
                before = _info(conn, key)
                seen = newest
                if before is not None and before.newest is not None and not full:
                    seen = max(before.newest, newest) if newest else before.newest
                conn.executemany(
                    "INSERT INTO unit (id, changed, record) VALUES (?, ?, ?) "
                    "ON CONFLICT(id) DO UPDATE SET changed = excluded.changed, record = excluded.record",
                    rows,
                )
                conn.execute(
                    "INSERT INTO query (key, synced_at, newest) VALUES (?, ?, ?) "
                    "ON CONFLICT(key) DO UPDATE SET synced_at = excluded.synced_at, newest = excluded.newest",
                    (key, _text(stamp), _text(seen)),
                )
                if full:
                    conn.execute("DELETE FROM member WHERE query = ?", (key,))
                conn.executemany(
                    "INSERT OR IGNORE INTO member (query, unit) VALUES (?, ?)", [(key, r[0]) for r in rows]
                )
                conn.executemany("DELETE FROM member WHERE query = ? AND unit = ?", gone)
                conn.execute("DELETE FROM unit WHERE id NOT IN (SELECT unit FROM member)")
                count = conn.execute("SELECT count(*) FROM member WHERE query = ?", (key,)).fetchone()[0]
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return QueryInfo(key, stamp, seen, int(count))

        return self._file.run(write)


def _info(conn: sqlite3.Connection, key: str) -> QueryInfo | None:
    row = conn.execute("SELECT synced_at, newest FROM query WHERE key = ?", (key,)).fetchone()
    if row is None:
        return None
    count = conn.execute("SELECT count(*) FROM member WHERE query = ?", (key,)).fetchone()[0]
    synced = datetime.fromisoformat(row[0])
    return QueryInfo(key, synced, _moment(row[1]), int(count))
