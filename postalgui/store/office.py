"""`OfficeStore`: the office database of one environment, opened on first use.

A SQLite file in the data folder by default, a PostgreSQL database when the office
shares one. Opening migrates it (`migrate.upgrade`, under a lock); a SQLite file that
turns out damaged is set aside (``<name>.bad-<time>``, with its WAL files) and a fresh
one started, as the files before it did. Work runs through `run`, which maps a server
that went away to `StoreUnavailableError` and tells the change feed what was written.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar, TypeVar

from sqlalchemy import Connection, Engine, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

from postalgui.store.aside import aside_path
from postalgui.store.engine import READ, create_store_engine
from postalgui.store.errors import StoreError, StoreOpenError, StoreUnavailableError
from postalgui.store.feed import ChangeFeed, Subscriber
from postalgui.store.migrate import current_revision, first_line, is_damaged_file, refusal, upgrade
from postalgui.store.urls import describe

__all__ = ["LOCK_KEY", "MIGRATIONS", "VERSION_TABLE", "OfficeStore"]

log = logging.getLogger(__name__)

T = TypeVar("T")

MIGRATIONS = Path(__file__).with_name("migrations")
VERSION_TABLE = "postalgui_office_version"
LOCK_KEY = 7_455_310_025  # any constant: "the office database's migration"
LABEL = "office database"
HEAD = "0010_overview"

_SCHEMA_WORDS = (
    "no such table",
    "no such column",
    "has no column named",
    "undefinedtable",
    "undefinedcolumn",
)


class OfficeStore:
    """The database at ``url``; ``author`` is who the rows written here say made them.

    Thread-safe: the engine's pool hands each thread its own connection. Opened on the
    first `run` (or `open`), from any thread; `close` disposes the engine and stops the feed.
    Another set of tables (a per-user cache, the partner's ledger) subclasses it with its
    own `MIGRATIONS`, `VERSION_TABLE`, `LOCK_KEY` and `LABEL`.
    """

    MIGRATIONS: ClassVar[Path] = MIGRATIONS
    VERSION_TABLE: ClassVar[str] = VERSION_TABLE
    LOCK_KEY: ClassVar[int] = LOCK_KEY
    LABEL: ClassVar[str] = LABEL
    HEAD: ClassVar[str | None] = HEAD
    """The newest revision of `MIGRATIONS` (a test keeps it so): a database already there
    opens without loading Alembic; None always runs the upgrade."""

    def __init__(self, url: URL, *, author: str = "", pool_size: int = 2) -> None:
        self.url = url
        self.author = author
        self._pool_size = pool_size
        self._lock = threading.Lock()
        self._engine: Engine | None = None
        self._reachable_listeners: list[Callable[[bool, str], None]] = []
        self.feed = ChangeFeed(url, on_reachable=self._tell_reachable)
        self.set_aside_path: Path | None = None

    @property
    def shared(self) -> bool:
        """A server every desk of the office reaches (PostgreSQL), not this machine's file."""
        return self.url.get_backend_name() == "postgresql"

    @property
    def where(self) -> str:
        return describe(self.url)

    @property
    def path(self) -> Path | None:
        """The SQLite file (None for a server)."""
        return None if self.shared or not self.url.database else Path(self.url.database)

    # --- opening -----------------------------------------------------------------------

    def open(self) -> Engine:
        """The engine, the database migrated to this version's schema (once per store)."""
        try:
            with self._lock:
                if self._engine is None:
                    self._engine = self._opened()
                return self._engine
        except StoreError as exc:  # away, refusing the login, a newer PostalGUI's: said why
            self._tell_reachable(False, str(exc))
            raise

    def _opened(self) -> Engine:
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        engine = create_store_engine(self.url, pool_size=self._pool_size)
        try:
            self._upgrade(engine)
        except StoreOpenError as exc:
            engine.dispose()
            if self.path is None or "is damaged" not in str(exc):
                raise
            self._set_aside(exc)
            engine = create_store_engine(self.url, pool_size=self._pool_size)
            self._upgrade(engine)
        except BaseException:
            engine.dispose()
            raise
        return engine

    def _upgrade(self, engine: Engine) -> None:
        if self.HEAD is not None and current_revision(engine, self.VERSION_TABLE) == self.HEAD:
            return
        upgrade(
            engine,
            self.MIGRATIONS,
            lock_key=self.LOCK_KEY,
            version_table=self.VERSION_TABLE,
            label=self.LABEL,
        )

    def _set_aside(self, exc: BaseException) -> None:
        """Rename the unreadable file (and its WAL files) out of the way."""
        path = self.path
        if path is None or not path.exists():
            return
        target = aside_path(path)
        path.replace(target)
        for suffix in ("-wal", "-shm"):
            side = path.with_name(path.name + suffix)
            if side.exists():
                side.replace(target.with_name(target.name + suffix))
        log.warning(
            "The %s %s is unreadable (%s); kept as %s, starting a new one", self.LABEL, path, exc, target
        )
        self.set_aside_path = target

    # --- work ------------------------------------------------------------------------

    def run(self, work: Callable[[Connection], T], *, topics: tuple[str, ...] = (), read: bool = False) -> T:
        """``work`` in one transaction (``read``: no write lock on SQLite); ``topics`` are
        published to every desk when it commits. A damaged SQLite file found on the way is
        set aside and ``work`` retried once on a fresh one."""
        try:
            return self._transaction(work, topics, read)
        except DBAPIError as exc:
            if self.path is not None and is_damaged_file(exc):
                self._reset(exc)
                return self._transaction(work, topics, read)
            raise self._translated(exc) from None

    def _transaction(self, work: Callable[[Connection], T], topics: tuple[str, ...], read: bool) -> T:
        engine = self.open()
        with engine.connect() as connection:
            self._tell_reachable(True)  # before the work: what waited for the database goes first
            if read:
                connection = connection.execution_options(**READ)
            with connection.begin():
                result = work(connection)
                if topics:
                    self.feed.publish(connection, topics)
        if topics:
            self.feed.committed(topics)
        return result

    def _reset(self, exc: BaseException) -> None:
        with self._lock:
            if self._engine is not None:
                self._engine.dispose()
                self._engine = None
            self._set_aside(exc)

    def _translated(self, exc: DBAPIError) -> Exception:
        words = str(exc.orig or exc).lower().replace(" ", "")
        if any(word.replace(" ", "") in words for word in _SCHEMA_WORDS):
            reason = first_line(exc.orig or exc)
            return StoreOpenError(
                f"The {self.LABEL} {self.where} does not have the tables of its schema ({reason}): "
                "it was changed by hand or by another program; move it away or restore a backup"
            )
        if self.shared and isinstance(exc, OperationalError | InterfaceError):
            engine = self._engine
            error = (
                refusal(engine, exc, self.LABEL) if engine is not None else StoreUnavailableError(str(exc))
            )
            self._tell_reachable(False, str(error))
            return error
        return exc

    def check(self) -> str:
        """Connect, migrate and read the server's version: what `database check` prints."""

        def version(connection: Connection) -> str:
            if connection.dialect.name == "postgresql":
                return str(connection.execute(text("SHOW server_version")).scalar_one())
            return str(connection.execute(text("SELECT sqlite_version()")).scalar_one())

        found = self.run(version, read=True)
        name = "PostgreSQL" if self.shared else "SQLite"
        return f"{name} {found}"

    # --- changes and reachability ------------------------------------------------------

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """``callback(topic)`` after every change any desk commits (see `feed.ChangeFeed`)."""
        return self.feed.subscribe(callback)

    def on_reachable(self, callback: Callable[[bool, str], None]) -> None:
        """``callback(reachable, problem)`` each time the database gives a connection (True,
        before the work runs on it, on the thread that asked) or cannot be used (False, with
        its refusal in one line when known: a server away or refusing, a newer PostalGUI's)."""
        self._reachable_listeners.append(callback)

    def _tell_reachable(self, reachable: bool, problem: str = "") -> None:
        for callback in list(self._reachable_listeners):
            try:
                callback(reachable, problem)
            except Exception:
                log.exception("A listener of the office database's reachability failed")

    def close(self) -> None:
        """Stop the feed and close every connection; a later `run` opens it again."""
        self.feed.close()
        with self._lock:
            engine, self._engine = self._engine, None
        if engine is not None:
            engine.dispose()
