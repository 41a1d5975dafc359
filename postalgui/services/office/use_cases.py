"""The office database's two settings actions: check it, and copy this desk's data into it.

Plain ``fn(task, office)`` functions (the GUI runs them with `TaskRunner`, the CLI with
a `PlainTask`): `check` is what Settings > Office database > Test and ``postalgui
database check`` show, `upload` what "Copy my local data into it" and ``postalgui
database upload`` do. Store failures leave as routine errors carrying the store's one
line (no password: the store never puts one in a message).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Table, func, select, text

from postalgui.api.cancel import TaskControl
from postalgui.services.office.errors import routine_store_errors
from postalgui.services.office.problems import NoServerError
from postalgui.store import tables
from postalgui.store.copy import Copied, copy_office

if TYPE_CHECKING:
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.office.outbox import Queued
    from postalgui.services.office.service import OfficeService, TypedDatabase
from postalgui.store.office import MIGRATIONS, VERSION_TABLE

__all__ = [
    "DatabaseReport",
    "NoServerError",
    "check",
    "check_typed",
    "schema_heads",
    "upload",
    "upload_typed",
]


@dataclass(frozen=True)
class DatabaseReport:
    """What a check found: the engine and its version, where it is (no password), whether
    its schema is this version's, the counts of this environment's rows, and what waits in
    this desk's queue (None: a database Settings only tests)."""

    engine: str
    version: str
    where: str
    shared: bool
    schema: str
    schema_current: bool
    quotes: int
    jobs: int
    presets: int
    queued: Queued | None = None


def schema_heads() -> set[str]:
    """The newest schema revisions this PostalGUI ships (more than one only between merges)."""
    # lazy: the command line starts without it
    from alembic.script import ScriptDirectory

    return set(ScriptDirectory(str(MIGRATIONS)).get_heads())


def check(task: TaskControl, office: OfficeDatabase) -> DatabaseReport:
    """Connect to ``office``'s database, migrate it, read its version and this environment's
    counts, then count its queue (the answers just now sent what they could of it)."""
    with routine_store_errors():
        store = office.store()
        engine, _, version = store.check().partition(" ")
        task.raise_if_cancelled()
        found = store.run(lambda connection: _read(connection, office.env_key), read=True)
    schema, quotes, jobs, presets = found
    outbox = office.opened_outbox()
    return DatabaseReport(
        engine=engine,
        version=version.split(" ", 1)[0],  # "15.4 (Debian 15.4-1)": the number people compare
        where=store.where,
        shared=store.shared,
        schema=schema,
        schema_current=schema in schema_heads(),
        quotes=quotes,
        jobs=jobs,
        presets=presets,
        queued=outbox.report() if outbox is not None else None,
    )


def _read(connection: Connection, env_key: str) -> tuple[str, int, int, int]:

    schema = connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalar()  # noqa: S608  # a constant

    def count(table: Table, mine: bool = True) -> int:
        query = select(func.count()).select_from(table)
        if mine:
            query = query.where(table.c.environment == env_key)
        return int(connection.execute(query).scalar_one())

    return str(schema or ""), count(tables.quote), count(tables.job), count(tables.preset, mine=False)


def upload(task: TaskControl, office: OfficeDatabase) -> list[Copied]:
    """Copy this desk's file into the office server, skipping what it already has.

    Progress is ``(done, total, table)`` per batch; a cancel stops between batches (what
    was committed stays: the next upload skips it). `NoServerError` with no server set.
    """
    if not office.shared:
        raise NoServerError(
            "No office database server is configured: set one in Settings > Office database "
            "or POSTALGUI_DATABASE_URL"
        )
    with routine_store_errors():
        target = office.store()
        target.open()  # a server that refuses says so even when this desk has nothing to copy
        return copy_office(office.local(), target, progress=_progress(task))


def _progress(task: TaskControl) -> Callable[[str, int, int], None]:
    def told(table: str, done: int, total: int) -> None:
        task.progress(done, total, table)
        task.raise_if_cancelled()  # between batches: what was committed stays

    return told


def check_typed(task: TaskControl, service: OfficeService, typed: TypedDatabase) -> DatabaseReport:
    """`check` on the values typed in Settings, before they are saved (nothing is kept)."""
    with service.candidate(typed) as office:
        return check(task, office)


def upload_typed(task: TaskControl, service: OfficeService, typed: TypedDatabase) -> list[Copied]:
    """`upload` into the server typed in Settings (saved or not)."""
    with service.candidate(typed) as office:
        return upload(task, office)
