"""`Refresher`: asks the operator about the watched objects, one refresh at a time.

Every ``settings.refresh_minutes`` (a `QTimer`) the objects due are asked (the use case's
``codes=None``: not final, not asked within the interval); F5 asks for chosen codes. A
refresh asked while one runs is not started (the running one answers soon; the timer
comes again). Progress reads "Asking the operator: 150 of 10,000" with Cancel; what was
saved before a cancel stays saved. Operator errors go to the tab's message area with the
operator's code and words (the runner's default `ErrorSink`). Objects just followed
(`ask_added`) that went straight to the archive (delivered on time long ago) are said
so, with "Show archived": otherwise they would vanish from the list without a word.

A tick is one task (`refresh_tick`): the refresh, then the list read and indexed with its
new alerts, handed back together in `refreshed(Tick)`; the tab shows them without reading
again (one hop back, where a refresh, a read and the alerts were three tasks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QWidget

from postalgui.api.cancel import TaskControl
from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.tabs.tracking.object_index import Indexed, indexed
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.periodic_run import PeriodicRun
from postalgui.services.tracking.use_cases import Refreshed, refresh_listed

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.tracking.service import TrackingService

__all__ = ["REFRESH_KEY", "Refresher", "Tick", "refresh_tick"]

REFRESH_KEY = "tracking.refresh"


@dataclass(frozen=True)
class Tick:
    """A refresh's whole answer: what it did, and the list read after it."""

    refreshed: Refreshed
    indexed: Indexed


def refresh_tick(
    task: TaskControl, service: TrackingService, codes: Sequence[str] | None, archived: bool, today: date
) -> Tick:
    """Ask the operator (`refresh`), then read the list shown (``archived`` or not) with its new
    alerts and index it for ``today``: one task."""
    done = refresh_listed(task, service, codes, archived=archived)
    return Tick(done.refreshed, indexed(done.listed, today, service.login))


class Refresher(PeriodicRun):
    """The refresh's progress bar and Cancel button (hidden while none runs), and its timer.

    Signals: ``started()`` when a refresh starts; ``finished(bool)`` when it ended (True:
    cancelled); ``refreshed(Tick)`` with what it did and the list read after it (before
    ``finished``; none when it failed or was cancelled); ``archivedRequested()`` when its
    message's "Show archived" was clicked.
    """

    refreshed = Signal(Tick)
    archivedRequested = Signal()

    def __init__(
        self,
        desk: Desk[TrackingService],
        parent: QWidget | None = None,
        *,
        showing_archived: Callable[[], bool] = lambda: False,
    ) -> None:
        """``showing_archived``: whether the list a tick reads is the archived one."""
        super().__init__(parent, "tracking")
        self.showing_archived = showing_archived
        self.cancel_button.setText(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop asking the operator; the answers saved so far stay"))
        self.desk = desk
        self._queued: list[str] = []
        self._added: set[str] = set()
        """Codes just followed, until a run has asked them (none queued)."""
        self.follow_settings()

    def interval_minutes(self) -> int:
        return self.desk.service.settings.refresh_minutes

    def timer_run(self) -> None:
        self.start(None)

    def progress_text(self, done: str, total: str) -> str:
        return arg(self.tr("Asking the operator: %1 of %2"), done, total)

    def start(self, codes: Sequence[str] | None = None, *, queue: bool = False) -> TaskHandle | None:
        """Ask about ``codes`` (``None``: every object due); ``None`` when one already runs
        (with ``queue``, ``codes`` are asked right after it: objects just added)."""
        if self.running:
            if queue and codes is not None:
                self._queued.extend(codes)
            return None
        self.desk.messages.clear(REFRESH_KEY)
        wanted = list(codes) if codes is not None else None
        failure = Failure(self.tr("The objects could not be refreshed: %1"), REFRESH_KEY)
        handle = self.desk.run(
            refresh_tick,
            wanted,
            self.showing_archived(),
            self.desk.service.today(),
            name="tracking refresh",
            key=REFRESH_KEY,
            owner=self,
            on_result=self._on_refresh_task_result,
            on_progress=self.on_task_progress,
            on_finished=self.on_task_finished,
            failure=failure,
        )
        return self.begin(handle, self.tr("Asking the operator…"))

    def ask_added(self, codes: Sequence[str]) -> TaskHandle | None:
        """Objects just followed: asked now, or right after the run on; those archived at
        once are said apart from the others, with "Show archived"."""
        fresh = [code for code in codes if code not in self._added]  # not asked twice
        if not fresh:
            return None
        self._added.update(fresh)
        return self.start(fresh, queue=True)

    def _archived_sentences(self, refreshed: Refreshed) -> tuple[list[str], bool]:
        """What to say of the objects archived after ``refreshed``; whether any was just added."""
        locale = app_locale()
        days = locale.toString(self.desk.service.settings.archive_after_days)
        added = sum(code in self._added for code in refreshed.archived_codes)
        said: list[str] = []
        if added:
            text = self.tr(
                "%n object(s) added and archived at once: delivered on time more than %1 days ago.", "", added
            )
            said.append(arg(text, days))
        if refreshed.archived > added:
            said.append(
                arg(
                    self.tr("Archived, delivered more than %1 days ago: %2 (Show archived lists them)."),
                    days,
                    locale.toString(refreshed.archived - added),
                )
            )
        return said, bool(added)

    @Slot(object)
    def _on_refresh_task_result(self, tick: Tick) -> None:
        self.refreshed.emit(tick)
        refreshed = tick.refreshed
        locale = app_locale()
        said: list[str] = []
        if refreshed.problems:
            said.append(
                arg(
                    self.tr(
                        "The operator has no events for %1 of the objects asked (not posted yet, or unknown)."
                    ),
                    locale.toString(len(refreshed.problems)),
                )
            )
        archived, added = self._archived_sentences(refreshed)
        said += archived
        if said:
            self.desk.messages.show_message(
                " ".join(said),
                MessageKind.INFO,
                key=REFRESH_KEY,
                action_text=self.tr("Show archived") if added else None,
                on_action=self._on_message_show_archived if added else None,
            )

    @Slot()
    def _on_message_show_archived(self) -> None:
        self.archivedRequested.emit()

    @Slot(bool)
    def on_task_finished(self, cancelled: bool) -> None:
        if not self._queued:  # every object just followed was asked (or the run failed)
            self._added.clear()
        super().on_task_finished(cancelled)
        queued, self._queued = self._queued, []
        if queued:
            self.start(list(dict.fromkeys(queued)))
