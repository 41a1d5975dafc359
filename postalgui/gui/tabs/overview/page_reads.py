"""`PageReads`: the Overview page's reads, each a task, one live request per kind: a new
filter cancels the read under way (its answer, if it comes, is dropped: the runner's
latest-wins keys), the SQL sections first, then Claims' candidates (the money left on
the table: Python over Claims' own list, slower) once the charts are painted, and the
services the office has used, for the filter."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot

from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.overview.records import Filter, MoneyLeft, Overview

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.services.overview.service import OverviewService

__all__ = ["MONEY_KEY", "READ_KEY", "SERVICES_KEY", "PageReads"]

READ_KEY = "overview.read"
MONEY_KEY = "overview.money"
SERVICES_KEY = "overview.services"


def read_overview(task: TaskControl, service: OverviewService, flt: Filter) -> Overview:
    return service.read(task, flt)


def read_money(task: TaskControl, service: OverviewService, flt: Filter) -> MoneyLeft:
    return service.money_left(task, flt)


def read_services(task: TaskControl, service: OverviewService) -> list[tuple[str, str]]:
    task.raise_if_cancelled()
    return service.service_choices()


class PageReads(QObject):
    """Signals: ``overviewRead(Overview)``, ``moneyRead(MoneyLeft)``, ``servicesRead(list)``
    with the (code, name) pairs; each for the latest request only."""

    overviewRead = Signal(Overview)
    moneyRead = Signal(MoneyLeft)
    servicesRead = Signal(list)

    def __init__(self, service: OverviewService, runner: TaskRunner, parent: QObject) -> None:
        super().__init__(parent)
        self.service = service
        self.runner = runner
        self.filter: Filter | None = None
        self._money: TaskHandle | None = None

    def read(self, flt: Filter) -> TaskHandle:
        """Read the page for ``flt`` (the money after it); an earlier read is cancelled."""
        self.filter = flt
        if self._money is not None:
            self._money.cancel()  # it was for the filter before
        return self.runner.run(
            read_overview,
            self.service,
            flt,
            name="overview",
            key=READ_KEY,
            owner=self.parent(),
            on_result=self._on_read_task_result,
            failure=Failure(self.tr("The overview could not be read: %1"), READ_KEY),
        )

    def read_services(self) -> TaskHandle:
        return self.runner.run(
            read_services,
            self.service,
            name="overview services",
            key=SERVICES_KEY,
            owner=self.parent(),
            on_result=self._on_services_task_result,
            failure=Failure(self.tr("The services could not be read: %1"), SERVICES_KEY, MessageKind.WARNING),
        )

    @Slot(object)
    def _on_read_task_result(self, overview: Overview) -> None:
        self.overviewRead.emit(overview)
        self._money = self.runner.run(
            read_money,
            self.service,
            overview.filter,
            name="overview money left",
            key=MONEY_KEY,
            owner=self.parent(),
            on_result=self._on_money_task_result,
            failure=Failure(
                self.tr("The claims candidates could not be read: %1"), MONEY_KEY, MessageKind.WARNING
            ),
        )

    @Slot(object)
    def _on_money_task_result(self, money: MoneyLeft) -> None:
        self.moneyRead.emit(money)

    @Slot(object)
    def _on_services_task_result(self, choices: list[tuple[str, str]]) -> None:
        self.servicesRead.emit(choices)
