"""The Overview tab: the manager's view of the office on one page of charts.

The tab composes and wires: its message area, the filters (`FiltersBar`) with "Export
month PDF…", and five sections in a scroll area (Spending, Where it goes, Money back,
On time, Quotes: `SectionBox`es) that draw what `PageReads` reads. The page reads after
its first paint and again whenever another desk changes invoices, parcels, claims,
quotes or pre-postings (`LiveReading` over `OVERVIEW_TOPICS`); a filter change reads at
once and cancels the read under way. A state clicked on the map filters every section;
"Show candidates" asks the window for the Claims tab's candidates (`Handoffs`).
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from postalgui.gui.messages import arg
from postalgui.gui.tabs.overview.filters_bar import FiltersBar
from postalgui.gui.tabs.overview.money_section import MoneySection
from postalgui.gui.tabs.overview.month_report import MonthReportAction
from postalgui.gui.tabs.overview.on_time_section import OnTimeSection
from postalgui.gui.tabs.overview.page_reads import READ_AHEAD_MS, PageReads
from postalgui.gui.tabs.overview.quotes_section import QuotesSection
from postalgui.gui.tabs.overview.section_box import SectionBox
from postalgui.gui.tabs.overview.spending_section import SpendingSection
from postalgui.gui.tabs.overview.where_section import WhereSection
from postalgui.gui.widgets.live_reading import LiveReading
from postalgui.services.overview import OVERVIEW_TOPICS
from postalgui.services.overview.records import MoneyLeft, Overview

if TYPE_CHECKING:
    from postalgui.gui.tabs.contract import Handoffs
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.overview.service import OverviewService

__all__ = ["ManagerOverviewTab"]


class ManagerOverviewTab(QWidget):
    """The message area, the filters and the sections.

    Signals: ``overviewShown(Overview)`` once every section drew a read;
    ``moneyShown(MoneyLeft)`` once the money left on the table is drawn.
    """

    overviewShown = Signal(Overview)
    moneyShown = Signal(MoneyLeft)

    def __init__(
        self,
        service: OverviewService,
        runner: TaskRunner,
        messages: MessageArea,
        parent: QWidget | None = None,
        *,
        handoffs: Handoffs | None = None,
        read_ahead_ms: int | None = READ_AHEAD_MS,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("overviewTab")
        self.setWindowTitle(self.tr("Overview"))
        self.service, self.runner, self.messages, self.handoffs = service, runner, messages, handoffs
        self.filters = FiltersBar(service.today(), self)
        self.read_at_label = QLabel(self)
        self.read_at_label.setObjectName("overviewReadAt")
        self.report = MonthReportAction(service, runner, messages, self)
        self.page = QWidget(self)
        self.page.setObjectName("overviewPage")
        self.spending = SpendingSection(runner, messages, self.page)
        self.where = WhereSection(runner, messages, self.page)
        self.money = MoneySection(runner, messages, self.page)
        self.on_time = OnTimeSection(runner, messages, self.page)
        self.quotes = QuotesSection(runner, messages, self.page)
        self._lay_out()
        self.reads = PageReads(service, runner, self, read_ahead_ms)
        self.reads.overviewRead.connect(self._on_reads_overview_read)
        self.reads.moneyRead.connect(self._on_reads_money_read)
        self.reads.servicesRead.connect(self._on_reads_services_read)
        self.filters.filterChanged.connect(self._on_filters_filter_changed)
        self.where.statePicked.connect(self._on_where_state_picked)
        self.where.stateCleared.connect(self._on_where_state_cleared)
        self.money.candidatesRequested.connect(self._on_money_candidates_requested)
        self.reading = LiveReading(self.page, service, OVERVIEW_TOPICS, runner, self.reload)

    def sections(self) -> tuple[SectionBox, ...]:
        return (self.spending, self.where, self.money, self.on_time, self.quotes)

    def _lay_out(self) -> None:
        grid = QGridLayout(self.page)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.spending, 0, 0, 1, 2)
        grid.addWidget(self.where, 1, 0)
        grid.addWidget(self.money, 1, 1)
        grid.addWidget(self.on_time, 2, 0, 1, 2)
        grid.addWidget(self.quotes, 3, 0, 1, 2)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(1, 3)
        for row in range(4):
            grid.setRowMinimumHeight(row, 330)
        scroll = QScrollArea(self)
        scroll.setObjectName("overviewScroll")
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.page)
        self.scroll_area = scroll
        bar = QHBoxLayout()
        bar.addWidget(self.filters, 1)
        bar.addWidget(self.read_at_label)
        bar.addWidget(self.report.button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.messages)
        layout.addLayout(bar)
        layout.addWidget(scroll, 1)

    def settings_changed(self) -> None:
        """Settings changed (perhaps the office database): subscribe again and read."""
        self.reading.watch_again()

    def today(self) -> date:
        return self.service.today()

    def reload(self) -> TaskHandle:
        """Read the page again as the filters say (and the services for the filter): the
        first time, or the office changed (what was read ahead is forgotten)."""
        self.reads.forget()
        self.reads.read_services()
        return self.reads.read(self.filters.current_filter(self.today()))

    @Slot(Overview)
    def _on_reads_overview_read(self, overview: Overview) -> None:
        for section in self.sections():
            section.show_overview(overview)
        self.report.follow(overview.filter)
        read_at = overview.read_at.astimezone()
        self.read_at_label.setText(arg(self.tr("Read at %1"), read_at.strftime("%H:%M")))
        self.overviewShown.emit(overview)

    @Slot(MoneyLeft)
    def _on_reads_money_read(self, money: MoneyLeft) -> None:
        for section in self.sections():
            section.show_money(money)
        self.moneyShown.emit(money)

    @Slot(list)
    def _on_reads_services_read(self, choices: list[tuple[str, str]]) -> None:
        self.filters.set_services(choices)

    @Slot()
    def _on_filters_filter_changed(self) -> None:
        if self.reading.started:
            self.reads.read(self.filters.current_filter(self.today()))

    @Slot(str)
    def _on_where_state_picked(self, uf: str) -> None:
        self.filters.set_state(None if uf == self.filters.state() else uf)

    @Slot()
    def _on_where_state_cleared(self) -> None:
        self.filters.set_state(None)

    @Slot()
    def _on_money_candidates_requested(self) -> None:
        if self.handoffs is not None:
            self.handoffs.show_candidates(expired=True)
