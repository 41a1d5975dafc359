"""`Outbox`: history writes that waited on this desk while the office database could not take them.

When the office database is a server and a write finds it unreachable (or refusing), or
this desk's own file was written by a newer PostalGUI (this version can never write it),
the rows go to this desk's queue file ``outbox-<env>.sqlite3`` (an `OfficeStore` with the
office's tables, apart from ``office-<env>.sqlite3``, which holds the desk's own data an
upload copies) and the quote goes on as if nothing happened. The queue is sent with
`copy_office(..., move=True)`: rows carry a ``uid`` the office keeps unique, so a send
interrupted half-way, or a row the server committed before the line dropped, is never
doubled. It is sent on every successful contact with the office database, a read
included, before the work that made it (`OfficeDatabase` calls `deliver`: the history a
read shows has the queued quotes in it), and by a retry every `RETRY_S` seconds
while rows wait (one daemon thread, ended when the queue is empty or the outbox closed):
a command line run ends long before a retry: the next command that meets it sends. The rows
of a newer PostalGUI's file wait until a PostalGUI that can open it runs here.
`OfficeStatus` says ``reachable=False`` and how many quotes wait; `report` what a run
sent and what waits, and why.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TypeVar

from sqlalchemy import Connection, func, select

from postalgui.services.office.errors import routine_store_errors
from postalgui.services.office.status import OfficeStatus
from postalgui.store.copy import COPIED_TABLES, copy_office
from postalgui.store.errors import StoreError
from postalgui.store.office import OfficeStore
from postalgui.store.urls import sqlite_url

__all__ = ["RETRY_S", "Outbox", "Queued", "outbox_file"]

log = logging.getLogger(__name__)

T = TypeVar("T")

RETRY_S = 30.0
"""How often the queue is offered to the server while rows wait: often enough that a
desk back online empties it within a minute, rarely enough that a server down for hours
costs one refused connection (milliseconds) twice a minute."""


def outbox_file(data_dir: Path, env_key: str) -> Path:
    """This desk's queue file for ``env_key``."""
    return data_dir / f"outbox-{env_key}.sqlite3"


@dataclass(frozen=True)
class Queued:
    """This desk's queue as a run ends: ``quotes`` (and every row, deadlines too) waiting in
    ``path``, ``problem`` the office database's last refusal (``""``: not known), ``sent``
    the quotes this run delivered to it."""

    quotes: int
    rows: int
    path: Path
    problem: str = ""
    sent: int = 0


def _tally(moved: dict[str, int], table: str, done: int, _total: int) -> None:
    """`copy_office`'s progress: the rows of ``table`` moved so far (each batch has left the queue)."""
    moved[table] = done


def _waiting(connection: Connection) -> tuple[int, int]:
    """The quotes waiting (what the status bar counts) and every row waiting (deadlines too)."""
    counts = {
        table.name: int(connection.execute(select(func.count()).select_from(table)).scalar_one())
        for table, _key in COPIED_TABLES
    }
    return counts["quote"], sum(counts.values())


class Outbox:
    """The queue in ``path`` of the office database ``target()`` (`OfficeDatabase.store`),
    whose ``status`` it keeps; rows it writes say ``author()`` made them.

    Thread-safe. `keep` runs a write on the queue file; `deliver` sends the queue when
    rows wait, `send` offers it in any case (one send at a time); `close` stops the retry
    thread (a later `keep` starts it).
    """

    def __init__(
        self,
        path: Path,
        target: Callable[[], OfficeStore],
        status: OfficeStatus,
        author: Callable[[], str] = lambda: "",
        *,
        retry_s: float | None = None,
    ) -> None:
        self.path = path
        self._target = target
        self._status = status
        self._author = author
        self._retry_s = RETRY_S if retry_s is None else retry_s
        self._lock = threading.Lock()
        self._sending = threading.Lock()
        self._store: OfficeStore | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._dirty = False
        self._pending = self.path.exists()  # rows an earlier session could not send, maybe
        self._kept = 0  # writes kept so far: `_settle` sees one come in while it counts
        self._sent = 0
        if self._pending:
            self._start()

    def store(self) -> OfficeStore:
        """The queue file, opened on first use."""
        with self._lock:
            if self._store is None:
                self._store = OfficeStore(sqlite_url(self.path), author=self._author())
            return self._store

    def keep(self, work: Callable[[Connection], T], *, problem: str = "") -> T:
        """Run the write ``work`` on the queue instead of the office database (raises what
        the local file raises: a full disk is not hidden); ``problem`` is why the office
        database did not take it (the status bar's tooltip, the command line's last line)."""
        result = self.store().run(work)
        with self._lock:
            self._dirty = self._pending = True
            self._kept += 1
        self._count(reachable=False, problem=problem)
        self._start()
        return result

    def deliver(self) -> None:
        """Send the queue if rows may wait: the office database just gave a connection
        (cheap when none do, as it is called before every transaction)."""
        if self._pending:
            self.send()

    def send(self) -> bool:
        """Offer the queue to the office database; whether it is empty now (False while it
        stays away, or another send is under way)."""
        if not self._sending.acquire(blocking=False):
            return False
        moved: dict[str, int] = {}
        try:
            if self.path.exists():
                copy_office(self.store(), self._target(), move=True, progress=partial(_tally, moved))
        except StoreError as exc:  # still away, or refusing the login: the rows wait
            log.info("The office database still cannot take the queue; %d rows wait: %s", self._count(), exc)
            self._status.update(reachable=False, problem=str(exc))
            return False
        finally:
            with self._lock:
                self._sent += moved.get("quote", 0)
            self._sending.release()
        return self._settle() == 0

    def _settle(self) -> int:
        """Count what is left; nothing is: no row waits, unless a `keep` came in while
        counting (a `keep` before it had its row counted)."""
        with self._lock:
            kept = self._kept
        rows = self._count()
        with self._lock:
            if rows == 0 and self._kept == kept:
                self._pending = False
        return rows

    def waiting(self) -> int:
        """Rows in the queue now (reads the queue file)."""
        return self._count()

    def report(self) -> Queued:
        """What waits now (reads the queue file), why, and what this session sent; a queue
        file that cannot be read is an `OfficeDatabaseError`."""
        with routine_store_errors():
            quotes, rows = self._counts()
        with self._lock:
            sent = self._sent
        problem = self._status.state.problem if rows else ""
        return Queued(quotes=quotes, rows=rows, path=self.path, problem=problem, sent=sent)

    def _counts(self) -> tuple[int, int]:
        """The quotes waiting and every row waiting (none without a queue file)."""
        return self.store().run(_waiting, read=True) if self.path.exists() else (0, 0)

    def _count(self, **state: object) -> int:
        """Every row waiting; the status gets the quotes among them."""
        quotes, rows = self._counts()
        self._status.update(waiting=quotes, **state)
        return rows

    # --- the retry thread ------------------------------------------------------------

    def _start(self) -> None:
        with self._lock:
            if self._thread is not None:
                return
            self._stop.clear()
            self._thread = threading.Thread(target=self._loop, name="postalgui-office-outbox", daemon=True)
            self._thread.start()

    def _loop(self) -> None:
        """Until the queue is empty (and nothing came in meanwhile) or the outbox closes."""
        try:
            empty = self._count() == 0
        except Exception:
            log.exception("The offline queue %s could not be read", self.path)
            empty = False
        while True:
            with self._lock:
                if empty and not self._dirty:
                    self._thread = None
                    return
                self._dirty = False
            if self._stop.wait(self._retry_s):
                return
            try:
                empty = self.send()
            except Exception:  # a bug or a full disk: keep the rows, try again later
                log.exception("The offline queue %s could not be sent", self.path)
                empty = False

    def close(self) -> None:
        """Stop the retry thread and close the queue file (rows stay in it for next time)."""
        with self._lock:
            thread = self._thread
            self._stop.set()
        if thread is not None:
            thread.join(timeout=10)
        with self._lock:
            self._thread = None
            store, self._store = self._store, None
        if store is not None:
            store.close()
