"""One SQLite file the app keeps its own records in (quote history, pending jobs).

What every such store needs and should not write twice: one connection shared by
worker threads under a lock, WAL, a schema created in one transaction and versioned
with ``PRAGMA user_version``, a refusal to touch a file from a newer PostalGUI, and a
corrupt file set aside (``<name>.bad-<time>``, with its WAL files) so the user starts
over instead of being stuck.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import ClassVar, TypeVar

from postalgui.store.aside import aside_path

log = logging.getLogger(__name__)

T = TypeVar("T")

BUSY_TIMEOUT_S = 10.0
"""How long a connection waits for another process's lock before saying the file is locked."""

_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26


def is_corruption(exc: sqlite3.DatabaseError) -> bool:
    """Whether an error says the file itself is damaged (not locked, full or read-only)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    message = str(exc).lower()
    return "malformed" in message or "not a database" in message


_SCHEMA_WORDS = (
    "no such table",
    "no such column",
    "has no column named",
    "duplicate column",
    "already exists",
)


def is_schema_mismatch(exc: sqlite3.DatabaseError) -> bool:
    """Whether an error says the tables are not the ones the version promises (a table or a
    column missing or already there): a file changed by hand or by another program."""
    message = str(exc).lower()
    return isinstance(exc, sqlite3.OperationalError) and any(word in message for word in _SCHEMA_WORDS)


def _statements(script: str) -> list[str]:
    """The complete SQL statements of ``script``, in order."""
    found: list[str] = []
    current = ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            found.append(current.strip())
            current = ""
    if current.strip():
        found.append(current.strip())
    return found


def _wal(conn: sqlite3.Connection, clock: Callable[[], float] = time.monotonic) -> None:
    """Switch to WAL; retried while another process holds the lock the switch needs.

    Changing the journal mode of a new file needs an exclusive lock, and SQLite may
    answer "database is locked" at once instead of calling the busy handler while
    another process is creating the same file; such an answer is retried until
    `BUSY_TIMEOUT_S` has passed.
    """
    deadline = clock() + BUSY_TIMEOUT_S
    pause = 0.005
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL").fetchone()
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc).lower() and "busy" not in str(exc).lower():
                raise
            if clock() >= deadline:
                raise
            time.sleep(pause)  # another process is setting the file up; it takes milliseconds
            pause = min(pause * 2, 0.1)
        else:
            return


class SqliteFile:
    """The connection to ``path``, opened on first use; `run` does work under the lock.

    ``schema`` is the SQL that creates the tables of ``version`` (run once, on a new
    file); ``migrations`` the SQL that takes a file of version ``n - 1`` to ``n``, by
    ``n``, run in order in one transaction on a file of an older version;
    ``probe`` a table read on opening, so a damaged file shows itself at once;
    ``newer_error`` is raised, with a sentence naming ``label``, the file and what to do,
    for a file whose schema is newer than ``version`` or whose tables do not match it.

    ``set_aside_path`` is where the last unreadable file was moved (None while none
    was), so the store's owner can tell the user what was put away and where; the
    optional ``on_set_aside`` callback is called with it, under the lock.
    """

    def __init__(
        self,
        path: Path,
        *,
        schema: str,
        version: int,
        probe: str,
        label: str,
        newer_error: type[Exception],
        migrations: Mapping[int, str] | None = None,
    ) -> None:
        self.path = path
        self._schema = schema
        self._migrations = dict(migrations or {})
        self._version = version
        self._probe = probe
        self._label = label
        self._newer_error = newer_error
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self.set_aside_path: Path | None = None
        self.on_set_aside: Callable[[Path], None] | None = None

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(
            self.path, check_same_thread=False, isolation_level=None, timeout=BUSY_TIMEOUT_S
        )
        try:
            _wal(conn)
            conn.execute("PRAGMA synchronous=NORMAL")
            self._set_up(conn)
            conn.execute(f"SELECT count(*) FROM {self._probe} LIMIT 1").fetchone()  # noqa: S608  # our own name
        except BaseException:
            conn.close()
            raise
        return conn

    def _set_up(self, conn: sqlite3.Connection) -> None:
        """Check the schema version and create the tables, all under the write lock.

        Another process may be creating the same new file at this very moment: the
        version read before taking the lock could be stale (two processes both saw 0,
        the second one's CREATE TABLE failed). ``BEGIN IMMEDIATE`` takes the write lock
        first (waiting up to the busy timeout), then the version is read again inside
        the transaction, so exactly one process creates the schema.
        """
        found = conn.execute("PRAGMA user_version").fetchone()[0]
        if found >= self._version:  # the usual case, a file made before: no write lock needed
            self._refuse_newer(found)
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            found = conn.execute("PRAGMA user_version").fetchone()[0]
            self._refuse_newer(found)
            if found < self._version:
                # executescript would commit first; statement by statement stays in this transaction.
                for statement in self._steps(found):
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {int(self._version)}")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def _steps(self, found: int) -> list[str]:
        """The statements that bring a file of version ``found`` (0: new) to this version."""
        if found == 0:
            return _statements(self._schema)
        steps: list[str] = []
        for version in range(found + 1, self._version + 1):
            if version not in self._migrations:
                raise RuntimeError(f"The {self._label} has no migration to schema {version}")
            steps += _statements(self._migrations[version])
        return steps

    def _refuse_newer(self, found: int) -> None:
        if found > self._version:
            raise self._newer_error(
                f"The {self._label} {self.path} was written by a newer PostalGUI "
                f"(schema {found}, this one knows {self._version}): open it with that version, "
                "or move it away and a new one is started"
            )

    def _mismatch(self, reason: str) -> Exception:
        """The error for a file whose tables are not its version's (``reason``: SQLite's words)."""
        return self._newer_error(
            f"The {self._label} {self.path} does not have the tables of its schema ({reason}): "
            "move it away and a new one is started, or open it with the PostalGUI that made it"
        )

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            try:
                self._conn = self._open()
            except sqlite3.DatabaseError as exc:
                if is_schema_mismatch(exc):
                    raise self._mismatch(str(exc)) from None
                if isinstance(exc, sqlite3.OperationalError) and not is_corruption(exc):
                    raise  # locked, read-only, disk full: not a reason to set the file aside
                self._set_aside(exc)
                self._conn = self._open()
        return self._conn

    def _set_aside(self, exc: BaseException) -> None:
        """Rename the unreadable file (and its WAL files) out of the way."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        target = aside_path(self.path)
        if not self.path.exists():
            return  # nothing on disk to keep (it went away meanwhile)
        self.path.replace(target)
        for suffix in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                side.replace(target.with_name(target.name + suffix))
        log.warning(
            "The %s %s is unreadable (%s); kept as %s, starting a new one",
            self._label,
            self.path,
            exc,
            target,
        )
        self.set_aside_path = target
        if self.on_set_aside is not None:
            self.on_set_aside(target)

    def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` under the lock; a file found corrupt on the way is set aside and ``work`` retried."""
        with self._lock:
            try:
                return work(self._connection())
            except sqlite3.DatabaseError as exc:
                if is_schema_mismatch(exc):
                    raise self._mismatch(str(exc)) from None
                if not is_corruption(exc):
                    raise
                self._set_aside(exc)
                return work(self._connection())

    def close(self) -> None:
        """Close the connection; a later `run` opens the file again."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None


class SqliteStore:
    """What every store kept in one `SqliteFile` starts with: its path (a folder takes the
    store's `FILENAME`), the file opened on first use, `close`, and `set_aside_path`.

    Subclasses name their file, schema and version, the table read on opening, the label
    sentences use and the error for a newer file, as class attributes; `MIGRATIONS`
    (SQL by the version it reaches) bring an older file up to date when it is opened.
    """

    FILENAME: ClassVar[str]
    SCHEMA: ClassVar[str]
    VERSION: ClassVar[int]
    PROBE: ClassVar[str]
    LABEL: ClassVar[str]
    NEWER_ERROR: ClassVar[type[Exception]]
    MIGRATIONS: ClassVar[Mapping[int, str]] = {}

    def __init__(self, path: Path) -> None:
        path = Path(path)
        self.path = path / self.FILENAME if path.is_dir() else path
        self._file = SqliteFile(
            self.path,
            schema=self.SCHEMA,
            version=self.VERSION,
            probe=self.PROBE,
            label=self.LABEL,
            newer_error=self.NEWER_ERROR,
            migrations=self.MIGRATIONS,
        )

    def close(self) -> None:
        """Close the file; a later call opens it again."""
        self._file.close()

    @property
    def set_aside_path(self) -> Path | None:
        """Where an unreadable file was moved in this process (None while none was)."""
        return self._file.set_aside_path
