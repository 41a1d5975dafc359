"""`UnitLoader`: one query's units, its cached copy at once and then what changed (one live load).

The work is `postalgui.services.branches.use_cases.load_units` (task key ``branches.load``):
the cached copy arrives as a progress payload, the fresh set as the result, both as a
`Loaded` the tab shows. A failed refresh over a cached copy is a warning that says how old
the copy is; without one, the units could not be loaded at all (an error).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot

from postalgui.api.cancel import Progress
from postalgui.gui.messages import arg, describe_error, local_datetime
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.branches.use_cases import Loaded

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.branches.service import BranchService
    from postalgui.services.branches.use_cases import UnitQuery
from postalgui.services.branches.use_cases import load_units

__all__ = ["LOAD_KEY", "UnitLoader"]

LOAD_KEY = "branches.load"


class UnitLoader(QObject):
    """Loads a query's units in the background, the latest request winning.

    ``shown`` answers what the tab shows now (the failure's wording depends on it).

    Signals: ``unitsArrived(Loaded)`` with a `Loaded` (the cached copy, then the fresh
    set); ``loadingChanged(bool)`` when a load starts or ends.
    """

    unitsArrived = Signal(Loaded)
    loadingChanged = Signal(bool)

    def __init__(
        self, desk: Desk[BranchService], shown: Callable[[], Loaded | None], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.desk = desk
        self._shown = shown
        self._handle: TaskHandle[Loaded] | None = None

    @property
    def loading(self) -> bool:
        return self._handle is not None

    def load(self, query: UnitQuery, *, only_if_cached: bool = False) -> TaskHandle[Loaded]:
        """Load ``query``'s units: its cached copy at once, then what changed."""

        self.desk.messages.clear(LOAD_KEY)
        self._handle = self.desk.run(
            load_units,
            query,
            1,
            only_if_cached,
            name="branch search",
            key=LOAD_KEY,
            on_result=self._on_load_task_result,
            on_error=self._on_load_task_error,
            on_progress=self._on_load_task_progress,
            on_finished=self._on_load_task_finished,
        )
        self.loadingChanged.emit(True)
        return self._handle

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()

    @Slot(Progress)
    def _on_load_task_progress(self, progress: Progress[Loaded]) -> None:
        if progress.payload is not None:
            self.unitsArrived.emit(progress.payload)

    @Slot(object)
    def _on_load_task_result(self, loaded: Loaded | None) -> None:
        if loaded is not None:
            self.unitsArrived.emit(loaded)

    @Slot(object)
    def _on_load_task_error(self, error: BaseException) -> None:
        shown = self._shown()
        if shown is not None and shown.result.from_cache:
            text = arg(
                self.tr("Could not check for changes: %1. Showing the copy synced %2."),
                describe_error(error),
                local_datetime(shown.result.synced_at),
            )
            self.desk.messages.show_message(text, MessageKind.WARNING, key=LOAD_KEY)
            return
        self.desk.messages.show_message(
            arg(self.tr("The units could not be loaded: %1"), describe_error(error)),
            MessageKind.ERROR,
            key=LOAD_KEY,
        )

    @Slot(bool)
    def _on_load_task_finished(self, _cancelled: bool) -> None:
        self._handle = None
        self.loadingChanged.emit(False)
