"""Changes across desks: a topic ("quote", "job", "preset") said when a write commits.

On PostgreSQL the write sends ``NOTIFY postalgui_changes`` in its own transaction (so it
is delivered on commit, never for a rolled-back write) and every desk's `ChangeFeed`
listens on one connection of its own, in a thread. On SQLite only this process writes to
its file while it is open, so the feed calls its subscribers itself after the commit.
Subscribers are called on the feed's thread (or the writer's): a GUI hands the call over
to its own thread.
"""

from __future__ import annotations

import logging
import select
import socket
import threading
import weakref
from collections.abc import Callable
from typing import Any, ClassVar

from sqlalchemy import Connection, text
from sqlalchemy.engine import URL

from postalgui.store.engine import CONNECT_TIMEOUT_S

__all__ = ["CHANNEL", "ChangeFeed", "Subscriber", "wait_readable"]

log = logging.getLogger(__name__)

CHANNEL = "postalgui_changes"
RETRY_S = 5.0
"""How long the listener waits before connecting again to a server that went away."""

Subscriber = Callable[[str], None]


class ChangeFeed:
    """Subscribers of one database's changes; `publish` inside the writing transaction."""

    _files: ClassVar[weakref.WeakValueDictionary[int, ChangeFeed]] = weakref.WeakValueDictionary()
    """Every SQLite file's feeds in this process: a commit through one store of a file is
    told to the subscribers of every store open on it."""
    _files_lock: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self, url: URL, on_reachable: Callable[[bool], None] | None = None) -> None:
        self._url = url
        self._shared = url.get_backend_name() == "postgresql"
        if not self._shared:
            with ChangeFeed._files_lock:
                ChangeFeed._files[id(self)] = self
        self._subscribers: list[Subscriber] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._wake: tuple[socket.socket, socket.socket] | None = None
        """The listener's wake-up pair (`close` writes to it), made with its thread."""
        self._thread: threading.Thread | None = None
        self._on_reachable = on_reachable

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(topic)`` after every committed change; the returned function stops it."""
        with self._lock:
            self._subscribers.append(callback)
            if self._shared and self._thread is None and not self._stop.is_set():
                self._wake = socket.socketpair()
                self._thread = threading.Thread(
                    target=self._listen, args=(self._wake[0],), name="postalgui-store-feed", daemon=True
                )
                self._thread.start()

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._subscribers:
                    self._subscribers.remove(callback)

        return unsubscribe

    def publish(self, connection: Connection, topics: tuple[str, ...]) -> None:
        """Say ``topics`` changed, from inside the transaction that changed them (PostgreSQL)."""
        if self._shared:
            for topic in topics:
                connection.execute(
                    text("SELECT pg_notify(:channel, :topic)"), {"channel": CHANNEL, "topic": topic}
                )

    def committed(self, topics: tuple[str, ...]) -> None:
        """After the commit: on SQLite, tell this process's subscribers (of any store on the file)."""
        if not self._shared:
            with ChangeFeed._files_lock:
                feeds = [feed for feed in ChangeFeed._files.values() if feed._url == self._url]
            for topic in topics:
                for feed in feeds:
                    feed._deliver(topic)

    def _deliver(self, topic: str) -> None:
        with self._lock:
            subscribers = list(self._subscribers)
        for callback in subscribers:
            try:
                callback(topic)
            except Exception:  # one broken view must not stop the others' updates
                log.exception("A subscriber of the office database's changes failed")

    # --- PostgreSQL ------------------------------------------------------------------

    def _conninfo(self) -> str:
        return self._url.set(drivername="postgresql").render_as_string(hide_password=False)

    def _listen(self, wake: socket.socket) -> None:
        # lazy: not needed for the first paint
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(
                    self._conninfo(), autocommit=True, connect_timeout=CONNECT_TIMEOUT_S
                ) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self._reachable(True)
                    self._hear(connection, wake)
            except psycopg.Error as exc:
                log.info("Office database feed lost (%s); trying again in %.0f s", _first(exc), RETRY_S)
                self._reachable(False)
                self._stop.wait(RETRY_S)

    def _hear(self, connection: Any, wake: socket.socket) -> None:
        """Deliver ``connection``'s notices until closed.

        Between notices the thread sleeps in `wait_readable` on the connection's socket and
        the wake-up pair `close` writes to, with no timeout: polling ``notifies`` every
        0.2 s (to hear `close`) cost an idle desk 0.3-0.45 % of a core (issue 40). A server
        gone away makes the socket readable too, and ``notifies`` then raises.
        """
        while not self._stop.is_set():
            for notice in connection.notifies(timeout=0):  # what has arrived; never waits
                self._deliver(notice.payload)
            wait_readable(connection.fileno(), wake)

    def _reachable(self, reachable: bool) -> None:
        if self._on_reachable is not None:
            self._on_reachable(reachable)

    def close(self) -> None:
        """Stop listening (waits for the listener thread, at most a second or so)."""
        self._stop.set()
        with self._lock:
            thread, self._thread = self._thread, None
            wake, self._wake = self._wake, None
        if wake is not None:
            wake[1].send(b"x")  # the listener's `wait_readable` returns
        if thread is not None:
            thread.join(timeout=CONNECT_TIMEOUT_S + 2)
        if wake is not None and (thread is None or not thread.is_alive()):
            for end in wake:
                end.close()


def wait_readable(*sources: Any) -> None:
    """Sleep until one of ``sources`` (sockets or descriptors) has something to read."""
    select.select(sources, [], [])


def _first(exc: Any) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__
