"""`Refresher`: asks the operator about the watched objects, one refresh at a time.

Every ``settings.refresh_minutes`` (a `QTimer`) the objects due are asked (the use case's
``codes=None``: not final, not asked within the interval); F5 asks for chosen codes. A
refresh asked while one runs is not started (the running one answers soon; the timer
comes again). Progress reads "Asking the operator: 150 of 10,000" with Cancel; what was
saved before a cancel stays saved. Operator errors go to the tab's message area with the
operator's code and words (the runner's default `ErrorSink`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal, Slot
from PySide6.QtWidgets import QWidget

from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.task_progress import task_progress
from postalgui.services.tracking.use_cases import Refreshed, refresh

if TYPE_CHECKING:
    from postalgui.api.cancel import Progress
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.tracking.service import TrackingService

__all__ = ["REFRESH_KEY", "Refresher"]

REFRESH_KEY = "tracking.refresh"


class Refresher(QWidget):
    """The refresh's progress bar and Cancel button (hidden while none runs), and its timer.

    Signals: ``started()`` when a refresh starts; ``finished(bool)`` when it ended (True:
    cancelled); ``refreshed(object)`` with the use case's `Refreshed`.
    """

    started = Signal()
    finished = Signal(bool)
    refreshed = Signal(object)

    def __init__(self, desk: Desk[TrackingService], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.desk = desk
        self._handle: TaskHandle | None = None
        self._queued: list[str] = []
        self.progress_bar, self.cancel_button = task_progress(
            self,
            "tracking",
            self.tr("Cancel"),
            self.tr("Stop asking the operator; the answers saved so far stay"),
            self._on_cancel_button_clicked,
        )
        self.progress_bar.setMinimumWidth(260)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._on_timer_timeout)
        self.follow_settings()

    @property
    def running(self) -> bool:
        return self._handle is not None

    def follow_settings(self) -> None:
        """The interval from the settings (restarted: the next one is a full interval away)."""
        self.timer.start(self.desk.service.settings.refresh_minutes * 60_000)

    def start(self, codes: Sequence[str] | None = None, *, queue: bool = False) -> TaskHandle | None:
        """Ask about ``codes`` (``None``: every object due); ``None`` when one already runs
        (with ``queue``, ``codes`` are asked right after it: objects just added)."""
        if self._handle is not None:
            if queue and codes is not None:
                self._queued.extend(codes)
            return None
        self.desk.messages.clear(REFRESH_KEY)
        wanted = list(codes) if codes is not None else None
        failure = Failure(self.tr("The objects could not be refreshed: %1"), REFRESH_KEY)
        self._handle = self.desk.run(
            refresh,
            wanted,
            name="tracking refresh",
            key=REFRESH_KEY,
            owner=self,
            on_result=self._on_refresh_task_result,
            on_progress=self._on_refresh_task_progress,
            on_finished=self._on_refresh_task_finished,
            failure=failure,
        )
        self._show_progress(0, 0, self.tr("Asking the operator…"))
        self.started.emit()
        return self._handle

    @Slot()
    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()

    @Slot()
    def _on_timer_timeout(self) -> None:
        self.start(None)

    @Slot(object)
    def _on_refresh_task_progress(self, progress: Progress) -> None:
        if not progress.total:
            return
        locale = app_locale()
        done, total = locale.toString(progress.done), locale.toString(progress.total)
        text = arg(self.tr("Asking the operator: %1 of %2"), done, total)
        self._show_progress(progress.done, progress.total, text)

    def _show_progress(self, done: int, total: int, text: str) -> None:
        """The bar (busy while ``total`` is 0) and Cancel, shown while a refresh runs."""
        self.progress_bar.setRange(0, total)
        self.progress_bar.setValue(done)
        self.progress_bar.setFormat(text)
        self.progress_bar.setVisible(True)
        self.cancel_button.setVisible(True)

    @Slot(object)
    def _on_refresh_task_result(self, refreshed: Refreshed) -> None:
        self.refreshed.emit(refreshed)
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
        if refreshed.archived:
            said.append(
                arg(
                    self.tr("Archived, delivered more than %1 days ago: %2 (Show archived lists them)."),
                    locale.toString(self.desk.service.settings.archive_after_days),
                    locale.toString(refreshed.archived),
                )
            )
        if said:
            self.desk.messages.show_message(" ".join(said), MessageKind.INFO, key=REFRESH_KEY)

    @Slot(bool)
    def _on_refresh_task_finished(self, cancelled: bool) -> None:
        self._handle = None
        self.progress_bar.hide()
        self.cancel_button.hide()
        self.finished.emit(cancelled)
        queued, self._queued = self._queued, []
        if queued:
            self.start(list(dict.fromkeys(queued)))

    @Slot()
    def _on_cancel_button_clicked(self) -> None:
        self.cancel()
