"""`OfficeChanges`: the office database's change feed as a Qt signal on the GUI thread.

A view of office data (the history, the jobs) refreshes when any desk commits to it. The
store tells its subscribers on a background thread (PostgreSQL's listener, or the writer
on SQLite), sometimes many times a second (a batch, a job followed); this bridge hands
the news over to the GUI thread (a queued signal) and coalesces them: ``changed`` at
most once per `COALESCE_MS`, the first at once and the last one always followed by one.

The subscription is made in a task (it builds the office's store: keyring, URL) and is
stopped when the bridge is destroyed, whichever comes first: the `SignalRelay` handed to
the store is muted under a lock, so the feed never calls into a deleted object.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal, SignalInstance, Slot

from postalgui.services.office.changes import Watchable, watch_changes

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskRunner

__all__ = ["COALESCE_MS", "OfficeChanges", "SignalRelay"]

log = logging.getLogger(__name__)

COALESCE_MS = 300
"""At most one ``changed`` in this time; the last change in it leads to one at its end."""


class SignalRelay:
    """A listener called on any thread that emits ``arrived`` (connected queued) until
    closed: thread-safe, and silent after `close` returns, so a store or a status never
    calls into a deleted object. Its owner connects its ``destroyed`` to `close`."""

    def __init__(self, arrived: SignalInstance) -> None:
        self._arrived: SignalInstance | None = arrived
        self._stop: Callable[[], None] | None = None
        self._lock = threading.Lock()

    @property
    def attached(self) -> bool:
        with self._lock:
            return self._stop is not None

    def __call__(self, value: object) -> None:
        with self._lock:  # `close` waits for a call under way: none after it returns
            if self._arrived is not None:
                self._arrived.emit(value)

    def attach(self, stop: Callable[[], None]) -> None:
        """Keep the subscription's stop (any thread); stop it at once when closed meanwhile."""
        with self._lock:
            if self._arrived is not None:
                self._stop = stop
                return
        stop()

    def close(self) -> None:
        with self._lock:
            self._arrived = None
            stop, self._stop = self._stop, None
        if stop is not None:
            stop()


class OfficeChanges(QObject):
    """Watches ``topics`` of ``service``'s office database for its parent.

    Signals: ``changed()`` on the GUI thread, coalesced (see the module); ``subscribed()``
    once a (new) subscription is in place: what was read before it may have missed a
    change made meanwhile, so a view that must not miss one reads again then.
    """

    changed = Signal()
    subscribed = Signal()
    _arrived = Signal(str)  # from any thread; queued to this object's thread

    TASK_KEY = "office.changes"

    def __init__(
        self,
        service: Watchable,
        topics: Iterable[str],
        runner: TaskRunner,
        parent: QObject,
        *,
        interval_ms: int = COALESCE_MS,
    ) -> None:
        super().__init__(parent)
        self.service = service
        self.runner = runner
        self.topics = frozenset(topics)
        self._pending = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._arrived.connect(self._on_arrived, Qt.ConnectionType.QueuedConnection)
        self._relay = SignalRelay(self._arrived)
        self.watch()

    @property
    def watching(self) -> bool:
        """Whether the subscription is in place (its task has run)."""
        return self._relay.attached

    def watch(self) -> None:
        """Subscribe (again: the office database changed with the settings)."""
        self._relay.close()
        self._relay = relay = SignalRelay(self._arrived)
        self.destroyed.connect(relay.close)
        self.runner.run(
            watch_changes,
            self.service,
            relay,
            relay.attach,
            owner=self,
            name="watch the office database",
            key=f"{self.TASK_KEY}.{id(self)}",
            on_result=self._on_watch_task_result,
            on_error=self._on_watch_task_error,
        )

    def covered(self) -> None:
        """A read made since covers the changes said so far: the one held back is dropped (a
        refresh that hands back the list read after its writes need not read it again)."""
        self._pending = False

    def close(self) -> None:
        """Stop watching (the bridge's destruction does it too)."""
        self._relay.close()
        self._timer.stop()

    # --- slots ---------------------------------------------------------------------

    @Slot(str)
    def _on_arrived(self, topic: str) -> None:
        if topic not in self.topics:
            return
        if self._timer.isActive():
            self._pending = True
            return
        self.changed.emit()
        self._timer.start()

    @Slot()
    def _on_timer_timeout(self) -> None:
        if self._pending:
            self._pending = False
            self.changed.emit()
            self._timer.start()

    @Slot(object)
    def _on_watch_task_result(self, _none: object) -> None:
        if self._relay.attached:
            self.subscribed.emit()

    @Slot(object)
    def _on_watch_task_error(self, error: BaseException) -> None:
        # The view still works; it refreshes on its own actions, not on other desks'.
        log.warning("Not watching the office database's changes: %s", error)
