"""One SQLAlchemy engine per database, set up the way a desktop app needs it.

SQLite: WAL (a reader never waits for a writer), a busy timeout, foreign keys, and
writes that take the file's write lock when they begin (``BEGIN IMMEDIATE``), so two
processes never both read-then-write and deadlock. PostgreSQL through psycopg 3: a
small pool (a desk has a few threads, an office a few desks), connections checked
before use, a short connect timeout so a server that went away is said within seconds.
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL

__all__ = ["CONNECT_TIMEOUT_S", "READ", "create_store_engine"]

CONNECT_TIMEOUT_S = 5
"""How long a desk waits for the office server before saying it cannot be reached."""

BUSY_TIMEOUT_MS = 10_000
"""How long a SQLite write waits for another process's lock."""

READ = {"postalgui_read": True}
"""Execution options of a read-only connection: on SQLite it begins DEFERRED (no write lock)."""


def create_store_engine(url: URL, *, pool_size: int = 2, max_overflow: int = 3) -> Engine:
    """The engine for ``url`` (a `urls.office_url` or `urls.sqlite_url`); connects lazily."""
    if url.get_backend_name() == "sqlite":
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    return create_engine(
        url,
        pool_size=pool_size,
        max_overflow=max_overflow,
        pool_pre_ping=True,
        pool_timeout=CONNECT_TIMEOUT_S * 2,
        pool_recycle=1800,
        connect_args={"connect_timeout": CONNECT_TIMEOUT_S, "application_name": "postalgui"},
    )


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # we say BEGIN ourselves (`_sqlite_begin`)
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    _wal(cursor)
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_begin(connection: Any) -> None:
    if connection.get_execution_options().get("postalgui_read"):
        connection.exec_driver_sql("BEGIN")
    else:
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def _wal(cursor: Any) -> None:
    """Switch to WAL; retried while another process holds the lock the switch needs.

    Changing the journal mode of a new file needs an exclusive lock, and SQLite may answer
    "database is locked" at once, without its busy handler, while another process is
    creating the same file: such an answer is retried for up to the busy timeout.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    pause = 0.005
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL").fetchone()
            return
        except sqlite3.OperationalError as exc:
            words = str(exc).lower()
            if ("locked" not in words and "busy" not in words) or time.monotonic() >= deadline:
                raise
            time.sleep(pause)  # another process is setting the file up; it takes milliseconds
            pause = min(pause * 2, 0.1)
