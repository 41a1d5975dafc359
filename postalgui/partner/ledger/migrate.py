"""Bring a ledger database to the newest schema with Alembic, from the migrations shipped here.

Several workers may start at once against one PostgreSQL: a transaction-scoped advisory
lock lets one migrate while the others wait, then find nothing left to do.

Opening is where a ledger that cannot be used shows itself (a damaged file, a ledger of
a newer PostalGUI, a server that refuses the password): `LedgerOpenError` says which, in
one line naming the file or the server (never the password) and what to do.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.util.exc import CommandError
from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError

from postalgui.api.errors import RoutineError
from postalgui.api.values.errors import cut

__all__ = ["LedgerOpenError", "migrate"]

MIGRATIONS = Path(__file__).with_name("migrations")
_LOCK_KEY = 7_455_310_013  # any constant: "the PostalGUI ledger's migration"


class LedgerOpenError(RoutineError):
    """The ledger cannot be opened; the message names it and says what to do."""


def migrate(engine: Engine) -> None:
    """Upgrade the database of `engine` to ``head``; `LedgerOpenError` when it cannot be used
    (the engine is then disposed: nothing stays connected to a ledger that was refused)."""
    try:
        _upgrade(engine)
    except CommandError as exc:  # a revision this PostalGUI does not ship: a newer one wrote it
        engine.dispose()
        raise LedgerOpenError(
            f"The ledger {where(engine)} was written by a newer PostalGUI ({_first_line(exc)}): "
            "open it with that version, or give another ledger"
        ) from None
    except DBAPIError as exc:
        engine.dispose()
        raise LedgerOpenError(_refusal(engine, exc)) from None


def _upgrade(engine: Engine) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def where(engine: Engine) -> str:
    """The ledger as a person names it: its file, or its server and database (no password)."""
    url = engine.url
    if url.get_backend_name() == "sqlite":
        return f"file {url.database or '(in memory)'}"
    return (
        f"at {url.host or 'localhost'}:{url.port or 5432}/{url.database or ''} (user {url.username or '?'})"
    )


def _refusal(engine: Engine, exc: DBAPIError) -> str:
    reason = _first_line(exc.orig if exc.orig is not None else exc)
    if engine.url.get_backend_name() == "sqlite":
        if "not a database" in reason or "malformed" in reason:
            return (
                f"The ledger {where(engine)} is damaged ({reason}): restore it from a backup, "
                "or move it away and an empty ledger is started"
            )
        return f"The ledger {where(engine)} cannot be opened ({reason}): check that the folder can be written"
    return (
        f"The ledger {where(engine)} cannot be opened ({reason}): check the server, the database URL "
        "and the password"
    )


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    line = lines[0].strip() if lines else type(exc).__name__
    return cut(line, 200)
