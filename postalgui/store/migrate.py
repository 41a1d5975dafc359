"""Bring a database to the newest schema with Alembic, under a lock, or say why not.

Several desks (or server workers) may open one database at once: on PostgreSQL a
transaction-scoped advisory lock lets one migrate while the others wait, then find
nothing left to do; on SQLite the migration's transaction begins IMMEDIATE (the engine
says so), which is the file's write lock. Each set of tables (the office's, the
partner's ledger) has its own migrations folder, version table and lock key.
"""

from __future__ import annotations

import threading
from pathlib import Path

from sqlalchemy import Engine, MetaData, text
from sqlalchemy.exc import DBAPIError, OperationalError

from postalgui.store.errors import StoreNewerError, StoreOpenError, StoreUnavailableError
from postalgui.store.urls import describe

__all__ = [
    "current_revision",
    "first_line",
    "is_damaged_file",
    "refusal",
    "run_on_handed_connection",
    "upgrade",
]


_ALEMBIC = threading.Lock()
"""One migration at a time in this process: Alembic's ``context`` (what every ``env.py``
reads its connection and settings from) is a module-wide proxy, so two threads migrating
at once (the history's store, the branch cache and the ledger on their first use) read
each other's and fail, migrate the wrong file, or crash the interpreter."""


def upgrade(engine: Engine, migrations: Path, *, lock_key: int, version_table: str, label: str) -> None:
    """Upgrade ``engine``'s database to ``head`` of ``migrations``.

    `StoreOpenError` when it cannot be used (damaged, refused; `StoreNewerError`: a newer
    PostalGUI's), `StoreUnavailableError` when its server cannot be reached; ``label``
    ("office database", "ledger") starts the message.
    """
    # lazy: not needed for the first paint
    from alembic import command  # loaded only when a schema may need changing (`current_revision`)
    from alembic.config import Config
    from alembic.util.exc import CommandError

    config = Config()
    config.set_main_option("script_location", str(migrations))
    config.attributes["version_table"] = version_table
    try:
        with _ALEMBIC, engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": lock_key})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    except CommandError as exc:  # a revision this PostalGUI does not ship: a newer one wrote it
        raise StoreNewerError(
            f"The {label} {describe(engine.url)} was written by a newer PostalGUI ({first_line(exc)}): "
            "open it with that version, or give another database"
        ) from None
    except DBAPIError as exc:
        raise refusal(engine, exc, label) from None


def current_revision(engine: Engine, version_table: str) -> str | None:
    """The revision the database says it is at (None: a new database, or no such table yet):
    read without Alembic, so a database already at this version opens without loading it."""
    try:
        with engine.connect() as connection:
            found = connection.execute(text(f"SELECT version_num FROM {version_table}")).scalars().all()  # noqa: S608 -- our own name
    except DBAPIError:
        return None  # no table yet (or unreadable: the upgrade says what is wrong)
    return found[0] if len(found) == 1 else None


def run_on_handed_connection(metadata: MetaData | None = None) -> None:
    """The body of every migrations folder's ``env.py``: run the revisions on the connection
    `upgrade` handed over (online only), in its version table (Alembic's default,
    ``alembic_version``, for a script that upgrades by hand)."""
    # lazy: not needed for the first paint
    from alembic import context

    config = context.config
    context.configure(
        connection=config.attributes["connection"],
        target_metadata=metadata,
        version_table=config.attributes.get("version_table", "alembic_version"),
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def is_damaged_file(exc: BaseException) -> bool:
    """Whether a SQLite error says the file itself is damaged (not locked, full or read-only)."""
    words = str(getattr(exc, "orig", None) or exc).lower()
    return "not a database" in words or "malformed" in words


def refusal(engine: Engine, exc: DBAPIError, label: str) -> StoreOpenError | StoreUnavailableError:
    """The error to raise for a database that refused to open, in one line."""
    reason = first_line(exc.orig if exc.orig is not None else exc)
    where = describe(engine.url)
    if engine.url.get_backend_name() == "sqlite":
        if is_damaged_file(exc):
            return StoreOpenError(
                f"The {label} {where} is damaged ({reason}): restore it from a backup, "
                "or move it away and an empty one is started"
            )
        return StoreOpenError(
            f"The {label} {where} cannot be opened ({reason}): check that the folder can be written"
        )
    words = reason.lower()
    if "password" in words or "authentication" in words or "role" in words:
        return StoreOpenError(
            f"The {label} {where} refused the login ({reason}): check the user name and the password"
        )
    if "does not exist" in words:
        return StoreOpenError(
            f"The {label} {where} does not exist on that server ({reason}): create it, or check the URL"
        )
    if isinstance(exc, OperationalError):
        return StoreUnavailableError(
            f"The {label} {where} cannot be reached ({reason}): check that the server is running "
            "and the network, then try again"
        )
    return StoreOpenError(f"The {label} {where} cannot be opened ({reason}): check the server and the URL")


def first_line(exc: BaseException) -> str:
    """The first line of an error's text, at most 200 characters."""
    lines = str(exc).strip().splitlines()
    line = lines[0].strip() if lines else type(exc).__name__
    return line if len(line) <= 200 else line[:199] + "\N{HORIZONTAL ELLIPSIS}"
