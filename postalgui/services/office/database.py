"""`OfficeDatabase`: the office database of one environment, and this desk's own file.

With no URL set the office database *is* this desk's file (``office-<env>.sqlite3`` in
the data folder), so a newcomer has nothing to set up. With a PostgreSQL URL (Settings
or ``POSTALGUI_DATABASE_URL``) the shared server is the office database, and the desk's
file stays as what an upload copies from. Opening the desk's file the first time imports
the files kept before the office database (`legacy`).

Writes the office database cannot take (`waits`: its server away or refusing, or a file
of a newer PostalGUI) wait in this desk's `Outbox`, built with the first store; each
time the office database gives a connection, to a read too, the queue goes first (`deliver`).

Building one is cheap and loads no database library: the window builds it while it
opens (its status bar follows `status`); SQLAlchemy loads with the first store, in a task.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.services.office.status import OfficeState, OfficeStatus
from postalgui.store.errors import StoreError, StoreNewerError

if TYPE_CHECKING:
    from postalgui.services.office.outbox import Outbox
    from postalgui.store.office import OfficeStore

__all__ = ["OfficeDatabase", "local_file"]


def local_file(data_dir: Path, env_key: str) -> Path:
    """This desk's office file for ``env_key``."""
    return data_dir / f"office-{env_key}.sqlite3"


class OfficeDatabase:
    """The stores of one environment, opened on first use (any thread).

    ``url`` is the configured server (``""``: none); ``password`` reads its password from
    the keyring when the server is first opened; ``author`` names who the rows written
    now say made them (the identity-portal login), asked at each write's start;
    ``queue``: whether writes wait in and answers send this desk's queue (not for a
    database Settings only tests: the queue is the configured office's).
    """

    def __init__(
        self,
        data_dir: Path,
        env_key: str,
        url: str = "",
        *,
        password: Callable[[], str | None] = lambda: None,
        author: Callable[[], str] = lambda: "",
        allow_password_in_url: bool = False,
        queue: bool = True,
    ) -> None:
        self.data_dir = data_dir
        self.env_key = env_key
        self.url = url.strip()
        self._password = password
        self._author = author
        self._allow_password = allow_password_in_url
        self._queue = queue
        self._lock = threading.Lock()
        self._shared: OfficeStore | None = None
        self._local: OfficeStore | None = None
        self._outbox: Outbox | None = None
        self.status = OfficeStatus(OfficeState(shared=self.shared))
        """Reachability of the server and the writes waiting for it (the status bar's)."""

    @property
    def shared(self) -> bool:
        """Whether a server every desk reaches is configured (else the office is this desk)."""
        return bool(self.url)

    @property
    def author(self) -> str:
        return self._author()

    def local(self) -> OfficeStore:
        """This desk's file: the office database when none is configured, else the upload's
        source and the queue of writes waiting for the server."""
        with self._lock:
            if self._local is None:
                # The files before the office database, imported once (all environments).
                from postalgui.services.office.legacy import import_legacy
                from postalgui.store.office import OfficeStore
                from postalgui.store.urls import sqlite_url

                import_legacy(self.data_dir, self.author, office_file=partial(local_file, self.data_dir))
                self._local = OfficeStore(
                    sqlite_url(local_file(self.data_dir, self.env_key)), author=self.author
                )
                if not self.shared:  # the office database: its answers hand over the queue
                    self._local.on_reachable(self._reachable)
            self._local.author = self.author
            return self._local

    def store(self) -> OfficeStore:
        """The office database: the configured server, else `local`."""
        store = self.local() if not self.shared else self._server()
        if self._queue:
            self.outbox()  # rows an earlier session left go with the first answer
        return store

    def _server(self) -> OfficeStore:
        with self._lock:
            if self._shared is None:
                from postalgui.store.office import OfficeStore
                from postalgui.store.urls import office_url

                url = office_url(self.url, password=self._password(), allow_password=self._allow_password)
                self._shared = OfficeStore(url, author=self.author)
                self._shared.on_reachable(self._reachable)
                self.status.update(where=self._shared.where)
            self._shared.author = self.author
            return self._shared

    def outbox(self) -> Outbox:
        """This desk's queue of the writes the office database could not take (built on first use)."""
        with self._lock:
            if self._outbox is None:
                from postalgui.services.office.outbox import Outbox, outbox_file

                path = outbox_file(self.data_dir, self.env_key)
                self._outbox = Outbox(path, self.store, self.status, lambda: self.author)
            return self._outbox

    def opened_outbox(self) -> Outbox | None:
        """The queue if a store was asked for (None: this run never met the office database)."""
        with self._lock:
            return self._outbox

    def waits(self, error: StoreError) -> bool:
        """Whether a write the office database refused with ``error`` waits in the queue:
        any refusal of a server (away, a password changed), and a file of a newer PostalGUI,
        which this version can never write (its queue file, it can)."""
        return self._queue and (self.shared or isinstance(error, StoreNewerError))

    def _reachable(self, reachable: bool, problem: str) -> None:
        """The office database gave a connection (before the work on it), or a server did
        not (why, when known)."""
        if not reachable:
            self.status.update(reachable=False, **({"problem": problem} if problem else {}))
            return
        self.status.update(reachable=True, problem="")
        outbox = self.opened_outbox()
        if outbox is not None:
            outbox.deliver()

    def close(self) -> None:
        """Close the queue and both stores; a later call opens them again."""
        outbox = self.opened_outbox()
        if outbox is not None:  # first, outside the lock: a send under way asks for `store`
            outbox.close()
        with self._lock:
            if self._outbox is outbox:
                self._outbox = None
            stores = [store for store in (self._shared, self._local) if store is not None]
            self._shared = self._local = None
        for store in stores:
            store.close()
