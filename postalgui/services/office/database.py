"""`OfficeDatabase`: the office database of one environment, and this desk's own file.

With no URL set the office database *is* this desk's file (``office-<env>.sqlite3`` in
the data folder), so a newcomer has nothing to set up. With a PostgreSQL URL (Settings
or ``POSTALGUI_DATABASE_URL``) the shared server is the office database, and the desk's
file stays as what an upload copies from and where writes wait while the server cannot
be reached. Opening the desk's file the first time imports the files kept before the
office database (`legacy`).

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

if TYPE_CHECKING:
    from postalgui.store.office import OfficeStore

__all__ = ["OfficeDatabase", "local_file"]


def local_file(data_dir: Path, env_key: str) -> Path:
    """This desk's office file for ``env_key``."""
    return data_dir / f"office-{env_key}.sqlite3"


class OfficeDatabase:
    """The stores of one environment, opened on first use (any thread).

    ``url`` is the configured server (``""``: none); ``password`` reads its password from
    the keyring when the server is first opened; ``author`` names who the rows written
    now say made them (the identity-portal login), asked at each write's start.
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
    ) -> None:
        self.data_dir = data_dir
        self.env_key = env_key
        self.url = url.strip()
        self._password = password
        self._author = author
        self._allow_password = allow_password_in_url
        self._lock = threading.Lock()
        self._shared: OfficeStore | None = None
        self._local: OfficeStore | None = None
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
            self._local.author = self.author
            return self._local

    def store(self) -> OfficeStore:
        """The office database: the configured server, else `local`."""
        if not self.shared:
            return self.local()
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

    def _reachable(self, reachable: bool) -> None:
        if reachable:
            self.status.update(reachable=True, problem="")
        else:
            self.status.update(reachable=False)

    def close(self) -> None:
        """Close both stores; a later call opens them again."""
        with self._lock:
            stores = [store for store in (self._shared, self._local) if store is not None]
            self._shared = self._local = None
        for store in stores:
            store.close()
