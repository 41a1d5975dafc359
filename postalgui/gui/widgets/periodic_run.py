"""`PeriodicRun`: a background task run by a timer and on request, one at a time, with its
progress bar and Cancel button.

The Tracking tab's refresh and the Claims tab's follow-up both ask the operator about many
things every N minutes (a setting) and on F5: neither starts a second run while one runs,
both show "Asking the operator: 150 of 10,000" with Cancel, and both hide them when the
task ends, cancelled or not. A subclass says the interval, what the timer starts and the
progress words; it starts its task with `begin`, handing the task's progress and end to
`on_task_progress` / `on_task_finished`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal, Slot
from PySide6.QtWidgets import QWidget

from postalgui.gui.i18n import app_locale
from postalgui.gui.widgets.task_progress import task_progress

if TYPE_CHECKING:
    from postalgui.api.cancel import Progress
    from postalgui.gui.tasks import TaskHandle

__all__ = ["PeriodicRun"]


class PeriodicRun(QWidget):
    """The bar and Cancel (hidden while no run is on) and the timer.

    Signals: ``started()`` when a run starts; ``finished(bool)`` when it ended (True: cancelled).
    """

    started = Signal()
    finished = Signal(bool)

    def __init__(self, parent: QWidget | None, name: str) -> None:
        super().__init__(parent)
        self._handle: TaskHandle | None = None
        self.progress_bar, self.cancel_button = task_progress(
            self, name, "", "", self._on_cancel_button_clicked
        )  # the subclass words the button (its own translation context)
        self.progress_bar.setMinimumWidth(260)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._on_timer_timeout)

    # --- what a subclass says ------------------------------------------------------------

    def interval_minutes(self) -> int:
        raise NotImplementedError

    def timer_run(self) -> None:
        """The timer's run (the things due)."""
        raise NotImplementedError

    def progress_text(self, done: str, total: str) -> str:
        """The bar's words once the task counts: "Asking the operator: 150 of 10,000"."""
        raise NotImplementedError

    # --- the run -------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._handle is not None

    def follow_settings(self) -> None:
        """The interval from the settings (restarted: the next one is a full interval away)."""
        self.timer.start(self.interval_minutes() * 60_000)

    def begin(self, handle: TaskHandle, text: str) -> TaskHandle:
        """``handle``'s task started: the bar says ``text`` (busy) until it counts."""
        self._handle = handle
        self.show_progress(0, 0, text)
        self.started.emit()
        return handle

    @Slot()
    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()

    def show_progress(self, done: int, total: int, text: str) -> None:
        """The bar (busy while ``total`` is 0) and Cancel, shown while a run is on."""
        self.progress_bar.setRange(0, total)
        self.progress_bar.setValue(done)
        self.progress_bar.setFormat(text)
        self.progress_bar.setVisible(True)
        self.cancel_button.setVisible(True)

    @Slot(object)
    def on_task_progress(self, progress: Progress) -> None:
        if not progress.total:
            return
        locale = app_locale()
        text = self.progress_text(locale.toString(progress.done), locale.toString(progress.total))
        self.show_progress(progress.done, progress.total, text)

    @Slot(bool)
    def on_task_finished(self, cancelled: bool) -> None:
        self._handle = None
        self.progress_bar.hide()
        self.cancel_button.hide()
        self.finished.emit(cancelled)

    @Slot()
    def _on_timer_timeout(self) -> None:
        self.timer_run()

    @Slot()
    def _on_cancel_button_clicked(self) -> None:
        self.cancel()
