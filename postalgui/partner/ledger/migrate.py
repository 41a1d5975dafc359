"""Open a ledger database on the store layer, or say in the ledger's words why it cannot be used.

The engine is the store's (`store.engine`: WAL and ``BEGIN IMMEDIATE`` on SQLite, psycopg
3 on PostgreSQL) and the migrations run through `store.migrate.upgrade` under the ledger's
own advisory lock, with Alembic's default version table (``alembic_version``), so a ledger
made by an earlier PostalGUI opens unchanged. The ledger is the partner's record of money
moved: a damaged file is never set aside, and a server that cannot be reached is said
without the office database's "work goes on" (nothing here is queued).

`LedgerOpenError` names the file, or the server and database (never the password), and what to do.
"""

from __future__ import annotations

from pathlib import Path

from alembic.util.exc import CommandError
from sqlalchemy import Engine
from sqlalchemy.engine import URL

from postalgui.api.errors import RoutineError
from postalgui.store.engine import create_store_engine
from postalgui.store.errors import StoreError
from postalgui.store.migrate import first_line, is_damaged_file, upgrade

__all__ = ["LOCK_KEY", "MIGRATIONS", "VERSION_TABLE", "LedgerOpenError", "open_engine", "where"]

MIGRATIONS = Path(__file__).with_name("migrations")
VERSION_TABLE = "alembic_version"
"""Alembic's default: the table every ledger made before the store layer already has."""
LOCK_KEY = 7_455_310_013  # any constant: "the PostalGUI ledger's migration"
POOL_SIZE, MAX_OVERFLOW = 5, 10
"""A server's pool (the partner's workers answer many calls at once), not a desk's."""


class LedgerOpenError(RoutineError):
    """The ledger cannot be opened; the message names it and says what to do."""


def open_engine(url: URL) -> Engine:
    """The store engine of the ledger at ``url``, migrated to ``head``; `LedgerOpenError` when
    it cannot be used (the engine is then disposed: nothing stays connected to a refused ledger)."""
    engine = create_store_engine(url, pool_size=POOL_SIZE, max_overflow=MAX_OVERFLOW)
    try:
        upgrade(engine, MIGRATIONS, lock_key=LOCK_KEY, version_table=VERSION_TABLE, label="ledger")
    except StoreError as exc:
        engine.dispose()
        raise LedgerOpenError(_refusal(engine.url, exc)) from None
    except BaseException:
        engine.dispose()
        raise
    return engine


def where(url: URL) -> str:
    """The ledger as a person names it: its file, or its server and database (no password)."""
    if url.get_backend_name() == "sqlite":
        return f"file {url.database or '(in memory)'}"
    return (
        f"at {url.host or 'localhost'}:{url.port or 5432}/{url.database or ''} (user {url.username or '?'})"
    )


def _refusal(url: URL, exc: StoreError) -> str:
    """The ledger's sentence for what the store refused: the store raises its own error
    ``from None``, which keeps what it caught (Alembic's or the driver's) as the context."""
    cause = exc.__context__ or exc
    if isinstance(cause, CommandError):  # a revision this PostalGUI does not ship: a newer one wrote it
        return (
            f"The ledger {where(url)} was written by a newer PostalGUI ({first_line(cause)}): "
            "open it with that version, or give another ledger"
        )
    reason = first_line(getattr(cause, "orig", None) or cause)
    if url.get_backend_name() == "sqlite":
        if is_damaged_file(cause):
            return (
                f"The ledger {where(url)} is damaged ({reason}): restore it from a backup, "
                "or move it away and an empty ledger is started"
            )
        return f"The ledger {where(url)} cannot be opened ({reason}): check that the folder can be written"
    return (
        f"The ledger {where(url)} cannot be opened ({reason}): check the server, the database URL "
        "and the password"
    )
