"""`MunicipalityLoader`: the municipalities of the state picked, for the municipality filter.

Asked in the background (task key ``branches.localities``, the latest state wins); a
failure is a warning, not an error: the municipality can still be typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot

from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind

if TYPE_CHECKING:
    from postalgui.api.models.branches import Locality
    from postalgui.gui.tasks import TaskRunner
    from postalgui.services.branches.service import BranchService
from postalgui.services.branches.use_cases import localities

__all__ = ["LOCALITIES_KEY", "MunicipalityLoader"]

LOCALITIES_KEY = "branches.localities"


class MunicipalityLoader(QObject):
    """Loads a state's municipalities (those with units).

    Signals: ``found(list)`` with the state's `Locality` records (empty: no state).
    """

    found = Signal(list)

    def __init__(self, service: BranchService, runner: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self.runner = runner

    @Slot(str)
    def load(self, uf: str) -> None:
        """The municipalities of ``uf`` (empty: none)."""

        if not uf:
            self.found.emit([])
            return
        self.runner.run(
            localities,
            self.service,
            uf,
            name="branch localities",
            key=LOCALITIES_KEY,
            on_result=self._on_localities_task_result,
            failure=Failure(
                self.tr("The list of municipalities could not be loaded: %1"),
                LOCALITIES_KEY,
                MessageKind.WARNING,
            ),
        )

    @Slot(object)
    def _on_localities_task_result(self, localities: list[Locality]) -> None:
        self.found.emit(localities)
