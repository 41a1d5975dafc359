"""`LiveReading`: a list read after its view's first paint, and again whenever another desk
changes what it shows.

A page of an office list does not read before the window shows (the first paint comes
first), then subscribes to the office database's topics (`OfficeChanges`) and reads
again on each change and once the subscription is in place (a change made between the
first read and the subscription is not missed). The Claims tab's two pages read so; a
page that must not read at some moment (its follow-up is saving answers one by one)
says so with ``may_read``.

A change that arrives while the view is hidden (its tab is not the one shown) is read
once when the view is shown again, not at once: a tracking refresh saving thousands of
answers on another desk said "changed" every 300 ms, and each hidden page read its whole
list each time (issue 40: an idle window sleeps).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer, Slot
from PySide6.QtWidgets import QWidget

from postalgui.gui.models.office_changes import OfficeChanges

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskRunner
    from postalgui.services.office.changes import Watchable

__all__ = ["LiveReading"]


class LiveReading(QObject):
    """Calls ``read()`` after ``view``'s first paint and on each change of ``topics``."""

    def __init__(
        self,
        view: QWidget,
        service: Watchable,
        topics: Iterable[str],
        runner: TaskRunner,
        read: Callable[[], object],
        may_read: Callable[[], bool] = lambda: True,
    ) -> None:
        super().__init__(view)
        self.view = view
        self.service = service
        self.topics = tuple(topics)
        self.runner = runner
        self._read = read
        self._may_read = may_read
        self.changes: OfficeChanges | None = None
        self.missed = False
        """A change arrived while the view was hidden: read when it is shown."""
        view.installEventFilter(self)

    @property
    def started(self) -> bool:
        """Whether the first read was asked (the view was painted)."""
        return self.changes is not None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self.view:
            return False
        if event.type() == QEvent.Type.Paint and self.changes is None:
            self.view.removeEventFilter(self)
            QTimer.singleShot(0, self, self._start)
        elif event.type() == QEvent.Type.Show and self.missed:
            self.view.removeEventFilter(self)
            self.missed = False
            self._on_changes_changed()
        return False

    def watch_again(self) -> None:
        """The office database may have changed (settings): subscribe again and read."""
        if self.changes is not None:
            self.changes.watch()
            self._read()

    def _start(self) -> None:
        self.changes = OfficeChanges(self.service, self.topics, self.runner, self)
        self.changes.changed.connect(self._on_changes_changed)
        self.changes.subscribed.connect(self._on_changes_changed)
        self._read()

    @Slot()
    def _on_changes_changed(self) -> None:
        if not self.view.isVisible():
            if not self.missed:
                self.missed = True
                self.view.installEventFilter(self)  # until it is shown
            return
        if self._may_read():
            self._read()
