"""`PageReads`: the Overview page's reads, each a task, one live request per kind: a new
filter cancels the read under way (its answer, if it comes, is dropped: the runner's
latest-wins keys), the SQL sections first, then Claims' candidates (the money left on
the table: Python over Claims' own list, slower) once the charts are painted, and the
services the office has used, for the filter.

Reading ahead: a year of a busy office is a few hundred milliseconds of SQL, more than a
period change may take to redraw. Once the page has settled (`READ_AHEAD_MS` after the
money is drawn, the page shown), the periods of the picker not read yet are read in the
background with the same services and state, and kept until the office changes (`forget`,
called with each change another desk makes): picking one of them then draws at once. A
read asked before a change never fills the memory after it (its generation is older)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal, Slot
from PySide6.QtWidgets import QWidget

from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.overview.records import Filter, MoneyLeft, Overview, Period, PeriodKind

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.services.overview.service import OverviewService

__all__ = ["AHEAD_KEY", "MONEY_KEY", "READ_AHEAD_MS", "READ_KEY", "SERVICES_KEY", "PageReads"]

log = logging.getLogger(__name__)

READ_KEY = "overview.read"
MONEY_KEY = "overview.money"
SERVICES_KEY = "overview.services"
AHEAD_KEY = "overview.ahead"
READ_AHEAD_MS = 1500
"""How long the page stays as drawn before the other periods are read ahead."""
AHEAD_KINDS = (PeriodKind.THIS_MONTH, PeriodKind.LAST_MONTH, PeriodKind.QUARTER, PeriodKind.YEAR)


@dataclass(frozen=True)
class Kept:
    """Overviews read for the memory of ``generation`` (a read the office changed after
    is not kept); ``asked`` the filter the page asked for, ``None`` for a read ahead."""

    generation: int
    overviews: tuple[Overview, ...]
    asked: Filter | None = None


def read_overview(task: TaskControl, service: OverviewService, flt: Filter, generation: int) -> Kept:
    return Kept(generation, (service.read(task, flt),), flt)


def kept_overview(task: TaskControl, overview: Overview, generation: int) -> Kept:
    """A read answered from the memory (a task all the same: one path, one latest-wins key)."""
    task.raise_if_cancelled()
    return Kept(generation, (overview,), overview.filter)


def read_ahead(
    task: TaskControl, service: OverviewService, filters: tuple[Filter, ...], generation: int
) -> Kept:
    return Kept(generation, tuple(service.read(task, flt) for flt in filters))


def read_money(task: TaskControl, service: OverviewService, flt: Filter) -> MoneyLeft:
    return service.money_left(task, flt)


def read_services(task: TaskControl, service: OverviewService) -> list[tuple[str, str]]:
    task.raise_if_cancelled()
    return service.service_choices()


class PageReads(QObject):
    """Signals: ``overviewRead(Overview)``, ``moneyRead(MoneyLeft)``, ``servicesRead(list)``
    with the (code, name) pairs, each for the latest request only; ``readAhead(int)`` the
    periods a read ahead kept. ``read_ahead_ms`` ``None``: never read ahead."""

    overviewRead = Signal(Overview)
    moneyRead = Signal(MoneyLeft)
    servicesRead = Signal(list)
    readAhead = Signal(int)

    def __init__(
        self, service: OverviewService, runner: TaskRunner, parent: QWidget, read_ahead_ms: int | None
    ) -> None:
        super().__init__(parent)
        self.service = service
        self.runner = runner
        self.view = parent
        self.filter: Filter | None = None
        self._money: TaskHandle | None = None
        self._ahead: TaskHandle | None = None
        self._kept: dict[Filter, Overview] = {}
        self._generation = 0
        self._settled = QTimer(self)
        self._settled.setSingleShot(True)
        self._settled.setInterval(read_ahead_ms or 0)
        self._settled.timeout.connect(self._on_settled_timeout)
        self._reads_ahead = read_ahead_ms is not None

    def forget(self) -> None:
        """The office changed: nothing read before is kept, nor will be."""
        self._generation += 1
        self._kept.clear()
        self._settled.stop()
        if self._ahead is not None:
            self._ahead.cancel()
            self._ahead = None

    def read(self, flt: Filter) -> TaskHandle:
        """Read the page for ``flt`` (the money after it); an earlier read is cancelled."""
        self.filter = flt
        self._settled.stop()
        if self._money is not None:
            self._money.cancel()  # it was for the filter before
        kept = self._kept.get(flt)
        if kept is not None and kept.today == self.service.today():
            return self.runner.run(
                kept_overview,
                kept,
                self._generation,
                name="overview kept",
                key=READ_KEY,
                owner=self.view,
                on_result=self._on_read_task_result,
            )
        return self.runner.run(
            read_overview,
            self.service,
            flt,
            self._generation,
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
    def _on_read_task_result(self, kept: Kept) -> None:
        (overview,) = kept.overviews
        if kept.generation == self._generation:
            self._kept[overview.filter] = overview
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
        if self._reads_ahead and (self._ahead is None or self._ahead.finished_event.is_set()):
            self._settled.start()

    def _unread(self) -> tuple[Filter, ...]:
        """The picker's periods, with the page's services and state, not kept yet."""
        if self.filter is None:
            return ()
        today = self.service.today()
        flt = self.filter
        wanted = (
            Filter(Period.of(kind, today), flt.services, flt.state, flt.include_archived)
            for kind in AHEAD_KINDS
        )
        return tuple(each for each in wanted if each not in self._kept)

    @Slot()
    def _on_settled_timeout(self) -> None:
        unread = self._unread()
        if not unread or not self.view.isVisible():
            return
        self._ahead = self.runner.run(
            read_ahead,
            self.service,
            unread,
            self._generation,
            name="overview read ahead",
            key=AHEAD_KEY,
            owner=self.view,
            on_result=self._on_ahead_task_result,
            on_error=self._on_ahead_task_error,
        )

    @Slot(object)
    def _on_ahead_task_result(self, kept: Kept) -> None:
        if kept.generation != self._generation:
            return
        for overview in kept.overviews:
            self._kept[overview.filter] = overview
        self.readAhead.emit(len(kept.overviews))

    @Slot(object)
    def _on_ahead_task_error(self, error: BaseException) -> None:
        """Nobody asked for it: a period picked later is read then, and says its failure."""
        log.info("The overview's read ahead failed: %s", error)

    @Slot(object)
    def _on_services_task_result(self, choices: list[tuple[str, str]]) -> None:
        self.servicesRead.emit(choices)
