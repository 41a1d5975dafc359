"""`CountryDownload`: "All of Brazil", every unit downloaded (or refreshed) once, with progress and Cancel.

Its own component (task key ``branches.country``): a page count while the operator's
pages arrive, Cancel (or Esc in the tab) that keeps what was synced before, and a line
in the tab's message area when it ends. The cached country shows first (a `Loaded` from
the use case's progress), then the fresh one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QWidget

from postalgui.api.cancel import Progress
from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.task_progress import task_progress
from postalgui.services.branches.use_cases import Loaded, UnitQuery

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.branches.service import BranchService
from postalgui.services.branches.use_cases import SYNC_CONCURRENCY, load_units

__all__ = ["COUNTRY_KEY", "CountryDownload"]

COUNTRY_KEY = "branches.country"


class CountryDownload(QWidget):
    """The download's progress bar and Cancel button (hidden while none runs).

    Signals: ``unitsArrived(Loaded)`` with the cached country (a `Loaded`) while the
    download checks for changes; ``synced(Loaded)`` with the fresh country; ``finished(bool)``
    when the download ended (True: cancelled).
    """

    unitsArrived = Signal(Loaded)
    synced = Signal(Loaded)
    finished = Signal(bool)

    def __init__(self, desk: Desk[BranchService], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.desk = desk
        self._handle: TaskHandle[Loaded] | None = None
        self.progress_bar, self.cancel_button = task_progress(
            self,
            "branch",
            self.tr("Cancel"),
            self.tr("Stop the download (Esc); what was synced before stays"),
            self._on_cancel_button_clicked,
        )
        self.progress_bar.setMaximumWidth(220)

    @property
    def running(self) -> bool:
        return self._handle is not None

    def start(self) -> TaskHandle[Loaded]:
        """Download (or refresh) every unit in Brazil; the running download when one is under way."""

        if self._handle is not None:
            return self._handle
        self.desk.messages.clear(COUNTRY_KEY)
        self._handle = self.desk.run(
            load_units,
            UnitQuery(),
            SYNC_CONCURRENCY,
            False,
            name="branch sync of Brazil",
            key=COUNTRY_KEY,
            on_result=self._on_country_task_result,
            on_progress=self._on_country_task_progress,
            on_finished=self._on_country_task_finished,
            failure=Failure(self.tr("All of Brazil could not be synced: %1"), COUNTRY_KEY),
        )
        self.progress_bar.setRange(0, 0)
        self.progress_bar.setFormat(self.tr("Connecting…"))
        self.progress_bar.show()
        self.cancel_button.show()
        return self._handle

    @Slot()
    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()

    @Slot(Progress)
    def _on_country_task_progress(self, progress: Progress[Loaded]) -> None:
        if progress.payload is not None:
            self.unitsArrived.emit(progress.payload)
            self.progress_bar.setFormat(self.tr("Checking for changes…"))
            return
        if progress.total:
            locale = app_locale()
            self.progress_bar.setRange(0, progress.total)
            self.progress_bar.setValue(progress.done)
            self.progress_bar.setFormat(
                arg(self.tr("Page %1 of %2"), locale.toString(progress.done), locale.toString(progress.total))
            )

    @Slot(object)
    def _on_country_task_result(self, loaded: Loaded | None) -> None:
        if loaded is None:  # only a cached-only load answers nothing; this one always asks
            return
        self.synced.emit(loaded)
        locale = app_locale()
        self.desk.messages.show_message(
            arg(
                self.tr("All of Brazil is synced: %1 units (%2 new or changed)."),
                locale.toString(len(loaded.index)),
                locale.toString(loaded.result.changed),
            ),
            MessageKind.INFO,
            key=COUNTRY_KEY,
        )

    @Slot(bool)
    def _on_country_task_finished(self, cancelled: bool) -> None:
        self._handle = None
        self.progress_bar.hide()
        self.cancel_button.hide()
        if cancelled:
            self.desk.messages.show_message(
                self.tr("Download cancelled; the units synced before are kept."),
                MessageKind.INFO,
                key=COUNTRY_KEY,
            )
        self.finished.emit(cancelled)

    @Slot()
    def _on_cancel_button_clicked(self) -> None:
        self.cancel()
