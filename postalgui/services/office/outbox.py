"""`Outbox`: history writes that waited on this desk while the office server was away.

When the office database is a server and a write finds it unreachable, the rows go to
this desk's queue file ``outbox-<env>.sqlite3`` (an `OfficeStore` with the office's
tables, apart from ``office-<env>.sqlite3``, which holds the desk's own data an upload
copies) and the quote goes on as if nothing happened. The queue is sent with
`copy_office(..., move=True)`: rows carry a ``uid`` the server keeps unique, so a send
interrupted half-way, or a row the server committed before the line dropped, is never
doubled. It is sent after the next write that reaches the server, and by a retry every
`RETRY_S` seconds while rows wait (one daemon thread, ended when the queue is empty or
the outbox closed). `OfficeStatus` says ``reachable=False`` and how many rows wait.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from sqlalchemy import Connection, func, select

from postalgui.services.office.database import OfficeDatabase
from postalgui.store.copy import COPIED_TABLES, copy_office
from postalgui.store.errors import StoreError
from postalgui.store.office import OfficeStore
from postalgui.store.urls import sqlite_url

__all__ = ["RETRY_S", "Outbox", "outbox_file"]

log = logging.getLogger(__name__)

T = TypeVar("T")

RETRY_S = 30.0
"""How often the queue is offered to the server while rows wait: often enough that a
desk back online empties it within a minute, rarely enough that a server down for hours
costs one refused connection (milliseconds) twice a minute."""


def outbox_file(data_dir: Path, env_key: str) -> Path:
    """This desk's queue file for ``env_key``."""
    return data_dir / f"outbox-{env_key}.sqlite3"


def _waiting(connection: Connection) -> tuple[int, int]:
    """The quotes waiting (what the status bar counts) and every row waiting (deadlines too)."""
    counts = {
        table.name: int(connection.execute(select(func.count()).select_from(table)).scalar_one())
        for table, _key in COPIED_TABLES
    }
    return counts["quote"], sum(counts.values())


class Outbox:
    """The queue of ``office``'s environment (its server: ``office.store()``).

    Thread-safe. `keep` runs a write on the queue file; `send` offers the queue to the
    server (one send at a time); `close` stops the retry thread (a later `keep` starts it).
    """

    def __init__(self, office: OfficeDatabase, *, retry_s: float | None = None) -> None:
        self.office = office
        self.path = outbox_file(office.data_dir, office.env_key)
        self._retry_s = RETRY_S if retry_s is None else retry_s
        self._lock = threading.Lock()
        self._sending = threading.Lock()
        self._store: OfficeStore | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._dirty = False
        if self.path.exists():  # rows an earlier session could not send
            self._start()

    def store(self) -> OfficeStore:
        """The queue file, opened on first use."""
        with self._lock:
            if self._store is None:
                self._store = OfficeStore(sqlite_url(self.path), author=self.office.author)
            return self._store

    def keep(self, work: Callable[[Connection], T], *, problem: str = "") -> T:
        """Run the write ``work`` on the queue instead of the server (raises what the
        local file raises: a full disk is not hidden); ``problem`` is why the server did not
        take it (the status bar's tooltip)."""
        result = self.store().run(work)
        with self._lock:
            self._dirty = True
        self._count(reachable=False, problem=problem)
        self._start()
        return result

    def send(self) -> bool:
        """Offer the queue to the server; whether it is empty now (False while the server
        stays away, or another send is under way)."""
        if not self._sending.acquire(blocking=False):
            return False
        try:
            if not self.path.exists():
                return True
            copy_office(self.store(), self.office.store(), move=True)
        except StoreError as exc:  # still away, or refusing the login: the rows wait
            log.info("The office database still cannot take the queue; %d rows wait: %s", self._count(), exc)
            self.office.status.update(reachable=False, problem=str(exc))
            return False
        finally:
            self._sending.release()
        return self._count() == 0

    def waiting(self) -> int:
        """Rows in the queue now (reads the queue file)."""
        return self._count()

    def _count(self, **state: object) -> int:
        """Every row waiting; the status gets the quotes among them."""
        quotes, rows = self.store().run(_waiting, read=True) if self.path.exists() else (0, 0)
        self.office.status.update(waiting=quotes, **state)
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
