"""The one-time import of the files kept before the office database.

Until this version a desk kept its quote history in ``quotes.sqlite3`` (schema 1 or 2,
``PRAGMA user_version``) and its invoice jobs in ``jobs.sqlite3`` (schemas 1 to 3), one
file for every environment. The first time a desk's office file is opened
(`database.OfficeDatabase.local`), both are read (read-only) and each environment's
rows go into its own ``office-<env>.sqlite3``, all environments at once.

Nothing is lost on the way, and nothing is done twice:

- every imported row's ``uid`` is derived from the old file's name, the environment
  and the old row id (uuid5), so an import that stopped half-way, run again, skips
  what is there; rows without a uid (deadlines, unanswered sendings) are matched by
  their key;
- rows go in batches, one transaction per batch, each skipping what the file has;
- an environment is confirmed when every row of the old file is found in the new
  one (counted), and the confirmation written in ``store_meta``
  (``import:<file>:<env>``, with the rows and the time); only when every environment
  of a file is confirmed is the old file renamed aside as
  ``<name>.imported-<YYYYmmdd-HHMMSS>`` (with its ``-wal``/``-shm``), never deleted;
- a count that does not match, or an old file that cannot be read, leaves the file
  where it is, with a warning in the log, and the import is tried again at the next
  start; a file of a newer schema than these is left alone, said in the log.
"""

from __future__ import annotations

import json
import logging
import re
import sqlite3
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Table, insert, select, tuple_

from postalgui.store import tables
from postalgui.store.office import OfficeStore
from postalgui.store.urls import sqlite_url

__all__ = [
    "BATCH",
    "LEGACY_FILES",
    "LegacyFile",
    "LegacyTable",
    "Outcome",
    "import_legacy",
    "legacy_uid",
    "meta_key",
]

log = logging.getLogger(__name__)

BATCH = 1_000
"""Old rows per transaction on the new file."""

_NAMESPACE = uuid.UUID("6f1f0b5e-52c4-4d8e-9a55-0c6a3f3b2519")
"""The uuid5 namespace of imported rows (any constant: "PostalGUI's old files")."""

_ENV_KEY = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$")


@dataclass(frozen=True)
class LegacyTable:
    """One old table: its rows become ``target``'s, of the environment ``scope`` selects.

    ``scope`` is an SQL condition on the old table taking the environment as its only
    parameter; ``key`` the columns that say a row is there already (``uid``: derived).
    """

    name: str
    target: Table
    key: tuple[str, ...]
    scope: str = "environment = ?"

    @property
    def has_uid(self) -> bool:
        return self.key == ("uid",)


@dataclass(frozen=True)
class LegacyFile:
    """An old file: its name in the data folder, the newest schema known, its tables."""

    name: str
    newest: int
    tables: tuple[LegacyTable, ...]


_DEADLINE_SCOPE = (
    "(run IN (SELECT run FROM quote WHERE environment = ?)"
    " OR run NOT IN (SELECT run FROM quote WHERE run IS NOT NULL))"
)
"""A deadline goes with its run's quotes; one whose run has no quote with every environment."""

LEGACY_FILES = (
    LegacyFile(
        "quotes.sqlite3",
        2,
        (
            LegacyTable("quote", tables.quote, ("uid",)),
            LegacyTable(
                "quote_deadline",
                tables.quote_deadline,
                ("run", "co_produto", "cep_origem", "cep_destino", "dt_evento"),
                _DEADLINE_SCOPE,
            ),
        ),
    ),
    LegacyFile(
        "jobs.sqlite3",
        3,
        (
            LegacyTable("job", tables.job, ("uid",)),
            LegacyTable("sending", tables.sending, ("environment", "kind", "params", "sent_at")),
        ),
    ),
)


@dataclass(frozen=True)
class Outcome:
    """What became of one old file: ``imported`` rows by environment, or why it stays."""

    name: str
    imported: dict[str, int]
    kept_as: Path | None = None
    problem: str = ""


def legacy_uid(file_name: str, environment: str, old_id: int) -> str:
    """The uid of an old row in the new database: the same each time it is imported."""
    return uuid.uuid5(_NAMESPACE, f"{file_name}:{environment}:{old_id}").hex


def meta_key(file_name: str, environment: str) -> str:
    """The ``store_meta`` key confirming one environment's import of one old file."""
    return f"import:{file_name}:{environment}"


def import_legacy(
    data_dir: Path,
    author: str,
    *,
    office_file: Callable[[str], Path],
    batch: int = BATCH,
    clock: Callable[[], datetime] = lambda: datetime.now(UTC),
) -> list[Outcome]:
    """Import every old file found in ``data_dir`` (see the module's docstring); what
    became of each. ``office_file(env)`` is the environment's new file; ``author`` the
    ``created_by`` of the rows. Never raises for an old file: its problem is logged."""
    outcomes: list[Outcome] = []
    for legacy in LEGACY_FILES:
        path = data_dir / legacy.name
        if not path.exists():
            continue
        try:
            outcome = _LegacyImport(legacy, path, author, office_file, batch, clock).run()
        except (sqlite3.Error, OSError) as exc:
            outcome = Outcome(legacy.name, {}, problem=f"cannot be read ({exc})")
        except Exception as exc:  # a new file that cannot be written: tried again next start
            log.debug("Import of %s failed", path, exc_info=True)
            outcome = Outcome(legacy.name, {}, problem=f"could not be imported ({exc})")
        if outcome.problem:
            log.warning(
                "The old %s %s; it stays where it is, and its import is tried again at the next start",
                path,
                outcome.problem,
            )
        outcomes.append(outcome)
    return outcomes


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


@dataclass(frozen=True)
class _LegacyImport:
    """One old file's import into every environment's office file."""

    legacy: LegacyFile
    path: Path
    author: str
    office_file: Callable[[str], Path]
    batch: int
    clock: Callable[[], datetime]

    def run(self) -> Outcome:
        name = self.legacy.name
        with closing(_read_only(self.path)) as old:
            version = int(old.execute("PRAGMA user_version").fetchone()[0])
            if version > self.legacy.newest:
                log.warning(
                    "The old %s is of schema %d, newer than this PostalGUI imports (%d): left alone",
                    self.path,
                    version,
                    self.legacy.newest,
                )
                return Outcome(name, {})
            present = _tables(old)
            imported: dict[str, int] = {}
            for env in self._environments(old, present):
                if not _ENV_KEY.match(env):
                    return Outcome(
                        name, imported, problem=f"names an environment {env!r} no file can be named for"
                    )
                counted = self._environment(old, present, env)
                if counted is None:
                    return Outcome(name, imported, problem=f"has rows of {env} missing after the import")
                imported[env] = counted
        kept = self._set_aside()
        log.info("Imported the old %s (%s); kept as %s", self.path, imported or "no rows", kept)
        return Outcome(name, imported, kept_as=kept)

    def _environments(self, old: sqlite3.Connection, present: dict[str, set[str]]) -> list[str]:
        found: set[str] = set()
        for table in self.legacy.tables:
            if "environment" in present.get(table.name, set()):
                rows = old.execute(f"SELECT DISTINCT environment FROM {table.name}")  # noqa: S608 -- our names
                found.update(str(row[0]) for row in rows)
        return sorted(found)

    def _environment(self, old: sqlite3.Connection, present: dict[str, set[str]], env: str) -> int | None:
        """Import and count ``env``'s rows; their number, or None when some are missing."""
        store = OfficeStore(sqlite_url(self.office_file(env)), author=self.author)
        try:
            key = meta_key(self.legacy.name, env)
            done = store.run(
                lambda c: c.execute(
                    select(tables.store_meta.c.value).where(tables.store_meta.c.key == key)
                ).scalar_one_or_none(),
                read=True,
            )
            if done is not None:
                return int(json.loads(done).get("total", 0))
            counts: dict[str, int] = {}
            for table in self.legacy.tables:
                if table.name not in present:
                    continue
                wanted, found = self._table(old, present[table.name], table, env, store)
                if wanted != found:
                    log.warning(
                        "The old %s has %d %s rows of %s; %d are in %s",
                        self.path,
                        wanted,
                        table.name,
                        env,
                        found,
                        store.where,
                    )
                    return None
                counts[table.name] = wanted
            total = sum(counts.values())
            mark = json.dumps(
                {"rows": counts, "total": total, "at": self.clock().isoformat(timespec="seconds")}
            )
            store.run(partial(_mark, key=key, value=mark))
            return total
        finally:
            store.close()

    def _table(
        self, old: sqlite3.Connection, columns: set[str], table: LegacyTable, env: str, store: OfficeStore
    ) -> tuple[int, int]:
        """Import one table's rows of ``env`` in batches; (rows in the old file, of them in the new)."""
        found = 0
        for rows in self._batches(old, columns, table, env):
            keys = [tuple(row[name] for name in table.key) for row in rows]
            store.run(partial(_add_missing, table=table, rows=rows, keys=keys))
            found += len(store.run(partial(_present, table=table, keys=keys), read=True))
        counted = old.execute(f"SELECT count(*) FROM {table.name} WHERE {table.scope}", (env,))  # noqa: S608 -- our names
        return int(counted.fetchone()[0]), found

    def _batches(
        self, old: sqlite3.Connection, columns: set[str], table: LegacyTable, env: str
    ) -> Iterator[list[dict[str, Any]]]:
        """``env``'s rows of ``table`` as the new table's rows, ``batch`` at a time (by rowid)."""
        names = [c.name for c in table.target.columns if c.name in columns and c.name != "id"]
        query = (
            f"SELECT rowid, {', '.join(names)} FROM {table.name}"  # noqa: S608 -- our names
            f" WHERE {table.scope} AND rowid > ? ORDER BY rowid LIMIT ?"
        )
        last = 0
        while True:
            fetched = old.execute(query, (env, last, self.batch)).fetchall()
            if not fetched:
                return
            last = int(fetched[-1][0])
            yield [self._row(table, names, env, values) for values in fetched]

    def _row(
        self, table: LegacyTable, names: Sequence[str], env: str, values: Sequence[Any]
    ) -> dict[str, Any]:
        row: dict[str, Any] = dict(zip(names, values[1:], strict=True))
        target = table.target.c
        if "environment" in target:
            row["environment"] = env
        if "dt_evento" in target and row.get("dt_evento") is None:
            row["dt_evento"] = ""  # schema 1 of the history had no event date
        if "created_by" in target:
            row["created_by"] = self.author
        if table.has_uid:
            row["uid"] = legacy_uid(self.legacy.name, env, int(values[0]))
        return row

    def _set_aside(self) -> Path:
        """Rename the old file (and its WAL files) to ``<name>.imported-<time>``."""
        stem = f"{self.path.name}.imported-{self.clock().strftime('%Y%m%d-%H%M%S')}"
        target, n = self.path.with_name(stem), 1
        while target.exists():  # one set aside in the same second: never over it
            n += 1
            target = self.path.with_name(f"{stem}-{n}")
        self.path.replace(target)
        for suffix in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                side.replace(target.with_name(target.name + suffix))
        return target


def _tables(old: sqlite3.Connection) -> dict[str, set[str]]:
    """The old file's tables and their columns."""
    names = [row[0] for row in old.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {name: {row[1] for row in old.execute(f"PRAGMA table_info({name})")} for name in names}


def _present(
    connection: Connection, table: LegacyTable, keys: Sequence[tuple[Any, ...]]
) -> set[tuple[Any, ...]]:
    """Which of ``keys`` the new table has."""
    if not keys:
        return set()
    columns = [table.target.c[name] for name in table.key]
    column = columns[0] if len(columns) == 1 else tuple_(*columns)
    wanted = [key[0] for key in keys] if len(columns) == 1 else list(keys)
    return {tuple(row) for row in connection.execute(select(*columns).where(column.in_(wanted)))}


def _add_missing(
    connection: Connection,
    *,
    table: LegacyTable,
    rows: Sequence[dict[str, Any]],
    keys: Sequence[tuple[Any, ...]],
) -> int:
    """Insert the rows whose key the new table does not have (one batch); how many."""
    there = _present(connection, table=table, keys=keys)
    missing = [row for row, key in zip(rows, keys, strict=True) if key not in there]
    if missing:
        connection.execute(insert(table.target), missing)
    return len(missing)


def _mark(connection: Connection, *, key: str, value: str) -> None:
    """Write an import's confirmation, unless another run of it wrote one meanwhile."""
    meta = tables.store_meta
    if connection.execute(select(meta.c.key).where(meta.c.key == key)).first() is None:
        connection.execute(insert(meta).values(key=key, value=value))
