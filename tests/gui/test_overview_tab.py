"""The Overview tab over hand-made records (`overview_support`): it reads after its first
paint, draws every section, follows the filters (period, service, the state clicked on
the map) with one live read at a time, follows the office feed, shows the numbers behind
each chart (copy, export) and hands the money left on the table to the Claims tab."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PySide6.QtCharts import QBarCategoryAxis, QChartView
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from postalgui.gui.tabs.contract import Handoffs
from postalgui.gui.tabs.overview import ManagerOverviewTab
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.overview.records import Filter, Period, PeriodKind
from postalgui.services.spreadsheet import CellKind, SheetColumn
from tests.gui.overview_support import TODAY, WAIT_MS, FakeOverviewService, empty_overview


@pytest.fixture(autouse=True)
def english(qapp: QApplication) -> Iterator[None]:
    """The window in English (the words catalogue's too: without a language it says Portuguese)."""
    from postalgui.gui import i18n

    installed = i18n.install_translators(qapp, "en")
    yield
    i18n.remove_translators(qapp, installed)


@pytest.fixture
def tasks(qapp: QApplication) -> Iterator[TaskRunner]:
    del qapp
    runner = TaskRunner()
    yield runner
    assert runner.shutdown(15000), "background tasks did not end"


@pytest.fixture
def service() -> FakeOverviewService:
    return FakeOverviewService()


@pytest.fixture
def handoffs(qapp: QApplication) -> Handoffs:
    del qapp
    return Handoffs()


@pytest.fixture
def tab(
    service: FakeOverviewService, tasks: TaskRunner, handoffs: Handoffs, qtbot: QtBot
) -> Iterator[ManagerOverviewTab]:
    """The page, not reading ahead: each read here is one the page asked for."""
    yield from _shown(
        ManagerOverviewTab(service, tasks, MessageArea(), handoffs=handoffs, read_ahead_ms=None), qtbot
    )
    if service.gate is not None:
        service.gate.set()


@dataclass
class ReadingAhead:
    tab: ManagerOverviewTab
    kept: list[int] = field(default_factory=list)
    """What each read ahead kept, from the first."""


@pytest.fixture
def reading_ahead(service: FakeOverviewService, tasks: TaskRunner, qtbot: QtBot) -> Iterator[ReadingAhead]:
    """The page reading the other periods ahead as soon as the money is drawn."""
    page = ReadingAhead(ManagerOverviewTab(service, tasks, MessageArea(), read_ahead_ms=0))
    page.tab.reads.readAhead.connect(page.kept.append)
    for _shown_tab in _shown(page.tab, qtbot):
        yield page
    if service.gate is not None:
        service.gate.set()


def _shown(built: ManagerOverviewTab, qtbot: QtBot) -> Iterator[ManagerOverviewTab]:
    box = QWidget()
    qtbot.addWidget(box)
    box.resize(1366, 768)
    QVBoxLayout(box).addWidget(built)
    with qtbot.waitSignal(built.moneyShown, timeout=WAIT_MS):
        box.show()
    yield built
    box.close()


def categories(view: QChartView) -> list[str]:
    axis = next(axis for axis in view.chart().axes() if isinstance(axis, QBarCategoryAxis))
    return list(axis.categories())


def test_the_page_reads_this_month_after_its_first_paint_and_draws_every_section(
    tab: ManagerOverviewTab, service: FakeOverviewService
) -> None:
    assert service.filters[0] == Filter(Period.of(PeriodKind.THIS_MONTH, TODAY))
    assert service.money_reads == 1
    assert tab.spending.headline.text().startswith("Invoiced in the period: R$ 7.975,75 \N{EM DASH} +5%")
    assert categories(tab.spending.months_view) == [
        "Aug 2026<br>R$ 8.430",
        "Sep 2026<br>R$ 7.620",
        "Oct 2026<br>R$ 7.976",
    ]
    legend = [bars.label() for bars in tab.spending.months_view.chart().series()[0].barSets()]
    assert legend == ["PAC", "SEDEX", "Mini Envios", "Other charges", "Not itemized"]
    assert tab.spending.legend.names == legend  # in full, in the stacks' order
    assert tab.on_time.legend.names[:3] == ["On time", "On its way", "Late"]
    assert "524 parcels to 5 states" in tab.where.headline.text()
    assert tab.where.map.value("SP") == 260
    assert (
        categories(tab.on_time.routes_view)[-1] == "SP \N{RIGHTWARDS ARROW} RJ  20 (14%)"
    )  # the most late on top
    assert tab.on_time.headline.text() == "84% of the delivered parcels arrived on time; 72 late, 3 lost"
    assert tab.quotes.headline.text() == "47 quotes; 36% became pre-postings."
    assert tab.money.candidates_button.text() == "Left on the table: R$ 312,40 \N{EM DASH} Show candidates"
    assert tab.read_at_label.text().startswith("Read at ")


def test_late_is_drawn_with_a_pattern_over_its_colour(tab: ManagerOverviewTab) -> None:
    late = next(
        bars for bars in tab.on_time.service_view.chart().series()[0].barSets() if bars.label() == "Late"
    )
    assert late.brush().style() == Qt.BrushStyle.TexturePattern
    tile = late.brush().texture().toImage()
    colours = {
        tile.pixelColor(x, y).name().upper() for x in range(tile.width()) for y in range(tile.height())
    }
    assert {"#D55E00", "#FFFFFF"} <= colours  # vermillion with white stripes


def test_a_new_period_cancels_the_read_under_way_and_shows_the_last_asked(
    tab: ManagerOverviewTab, service: FakeOverviewService, qtbot: QtBot
) -> None:
    service.gate = threading.Event()
    tab.filters.set_kind(PeriodKind.QUARTER)
    tab.filters.set_kind(PeriodKind.LAST_MONTH)
    shown: list[Filter] = []
    tab.overviewShown.connect(lambda overview: shown.append(overview.filter))
    with qtbot.waitSignal(tab.moneyShown, timeout=WAIT_MS):
        service.gate.set()
    assert shown == [Filter(Period.of(PeriodKind.LAST_MONTH, TODAY))]


def test_a_custom_period_reads_its_days_in_order(
    tab: ManagerOverviewTab, service: FakeOverviewService, qtbot: QtBot
) -> None:
    tab.filters.set_kind(PeriodKind.CUSTOM)
    assert tab.filters.from_edit.isVisibleTo(tab)
    with qtbot.waitSignal(tab.overviewShown, timeout=WAIT_MS):
        tab.filters.from_edit.setDate(tab.filters.from_edit.date().addMonths(1))  # after "to": swapped
    period = service.filters[-1].period
    assert period is not None
    assert period.start < period.end


def test_a_service_picked_filters_the_page(
    tab: ManagerOverviewTab, service: FakeOverviewService, qtbot: QtBot
) -> None:
    combo = tab.filters.service_combo
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "All services",
        "SEDEX (03220)",
        "PAC (03298)",
        "Mini Envios (04227)",
    ]
    with qtbot.waitSignal(tab.overviewShown, timeout=WAIT_MS):
        tab.filters.set_service("03298")
    assert service.filters[-1].services == frozenset({"03298"})


def test_a_state_clicked_on_the_map_filters_the_page_and_its_chip_clears_it(
    tab: ManagerOverviewTab, service: FakeOverviewService, qtbot: QtBot
) -> None:
    centre = tab.where.map.centre("SP")
    assert tab.where.map.state_at(centre) == "SP"
    assert tab.where.map.tip("SP") == "São Paulo (SP): 260 parcels"
    with qtbot.waitSignal(tab.overviewShown, timeout=WAIT_MS):
        qtbot.mouseClick(
            tab.where.map, Qt.MouseButton.LeftButton, pos=QPoint(round(centre.x()), round(centre.y()))
        )
    assert service.filters[-1].state == "SP"
    assert tab.filters.state_chip.isVisible()
    assert tab.filters.state_chip.text() == "State: SP \N{MULTIPLICATION X}"
    assert tab.where.map.picked() == "SP"
    assert categories(tab.on_time.routes_view) == ["RJ \N{RIGHTWARDS ARROW} SP  5 (12%)"]  # to SP only
    with qtbot.waitSignal(tab.overviewShown, timeout=WAIT_MS) as cleared:
        qtbot.mouseClick(tab.filters.state_chip, Qt.MouseButton.LeftButton)
    assert cleared.args[0].filter.state is None
    assert not tab.filters.state_chip.isVisible()


def test_the_map_is_used_with_the_keyboard(tab: ManagerOverviewTab, qtbot: QtBot) -> None:
    states = tab.where.map.states()
    assert len(states) == 27
    tab.where.map.setFocus()
    qtbot.keyClick(tab.where.map, Qt.Key.Key_Right)
    with qtbot.waitSignal(tab.where.statePicked, timeout=WAIT_MS) as picked:
        qtbot.keyClick(tab.where.map, Qt.Key.Key_Return)
    assert picked.args == [states[1]]


def test_the_map_shades_more_darker_and_the_days_on_request(tab: ManagerOverviewTab) -> None:
    shade = tab.where.map.fill
    assert shade("SP").lightness() < shade("RJ").lightness() < shade("AM").lightness()
    tab.where.days_radio.setChecked(True)
    assert tab.where.map.value("AM") == 11.5
    assert shade("AM").lightness() < shade("SP").lightness()
    assert tab.where.map.tip("AM") == "Amazonas (AM): 11.5 days"


def test_another_desk_s_change_is_read_again(
    tab: ManagerOverviewTab, service: FakeOverviewService, qtbot: QtBot
) -> None:
    reads = len(service.filters)
    with qtbot.waitSignal(tab.overviewShown, timeout=WAIT_MS):
        service.tell("claim")
    assert len(service.filters) == reads + 1


def test_the_other_periods_are_read_ahead_and_a_picked_one_draws_without_a_read(
    reading_ahead: ReadingAhead, service: FakeOverviewService, qtbot: QtBot
) -> None:
    tab = reading_ahead.tab
    qtbot.waitUntil(lambda: reading_ahead.kept == [3], timeout=WAIT_MS)
    kinds = [flt.period.kind for flt in service.filters if flt.period is not None]
    assert kinds[-3:] == [PeriodKind.LAST_MONTH, PeriodKind.QUARTER, PeriodKind.YEAR]
    reads = len(service.filters)
    with qtbot.waitSignal(tab.overviewShown, timeout=WAIT_MS) as shown:
        tab.filters.set_kind(PeriodKind.YEAR)
    assert shown.args[0].filter == Filter(Period.of(PeriodKind.YEAR, TODAY))
    assert len(service.filters) == reads  # drawn from what was read ahead


def test_another_desk_s_change_forgets_what_was_read_ahead(
    reading_ahead: ReadingAhead, service: FakeOverviewService, qtbot: QtBot
) -> None:
    qtbot.waitUntil(lambda: reading_ahead.kept == [3], timeout=WAIT_MS)
    reads = len(service.filters)
    service.tell("claim")
    qtbot.waitUntil(lambda: reading_ahead.kept == [3, 3], timeout=WAIT_MS)
    kinds = [flt.period.kind for flt in service.filters[reads:] if flt.period is not None]
    assert kinds == [PeriodKind.THIS_MONTH, PeriodKind.LAST_MONTH, PeriodKind.QUARTER, PeriodKind.YEAR]


def test_the_numbers_behind_a_chart_are_copied_and_exported(
    tab: ManagerOverviewTab, qtbot: QtBot, tmp_path: Path, qtmodeltester: ModelTester
) -> None:
    section = tab.spending
    section.numbers_button.click()
    assert section.numbers_shown()
    panel = section.numbers
    assert panel.choice.count() == 2  # per month, and the average price
    qtmodeltester.check(panel.model)
    assert panel.model.rowCount() > 0
    text = panel.copy()
    assert text.splitlines()[0].split("\t") == [str(c.title) for c in panel.current().columns]  # type: ignore[union-attr]
    assert QGuiApplication.clipboard().text() == text
    assert "R$ " in text
    for name in ("spending.csv", "spending.xlsx"):
        panel.ask_save = lambda _table, path=tmp_path / name: path
        with qtbot.waitSignal(panel.saved.exported, timeout=WAIT_MS):
            panel.export()
        assert (tmp_path / name).stat().st_size > 0
    section.numbers_button.click()
    assert not section.numbers_shown()


def test_the_money_left_on_the_table_opens_the_claims_candidates(
    tab: ManagerOverviewTab, handoffs: Handoffs, qtbot: QtBot
) -> None:
    assert tab.money.candidates_button.isEnabled()
    with qtbot.waitSignal(handoffs.candidatesRequested, timeout=WAIT_MS) as asked:
        tab.money.candidates_button.click()
    assert asked.args == [True]


def test_the_month_report_is_of_the_period_s_last_month(tab: ManagerOverviewTab, qtbot: QtBot) -> None:
    assert tab.report.month() == "2026-10"
    with qtbot.waitSignal(tab.overviewShown, timeout=WAIT_MS):
        tab.filters.set_kind(PeriodKind.YEAR)
    assert tab.report.month() == "2026-10"  # not December, still to come
    with qtbot.waitSignal(tab.overviewShown, timeout=WAIT_MS):
        tab.filters.set_kind(PeriodKind.LAST_MONTH)
    assert tab.report.month() == "2026-09"


def test_a_year_of_weeks_is_drawn_per_month(qapp: QApplication) -> None:
    from postalgui.gui.tabs.overview.on_time_section import fold_weeks
    from postalgui.services.overview.records import Arrival, TimingCounts

    del qapp
    weeks = [
        TimingCounts(f"2026-{month:02}-{day:02}", {Arrival.LATE: 1})
        for month in (1, 2, 3, 4, 5)
        for day in (5, 12, 19, 26)
    ]
    months = fold_weeks(weeks)
    assert [(row.key, row.total) for row in months] == [(f"2026-0{m}", 4) for m in (1, 2, 3, 4, 5)]
    assert fold_weeks(weeks[:16]) == weeks[:16]


def test_a_share_is_a_percentage_and_money_reais_in_the_numbers(qapp: QApplication) -> None:
    from decimal import Decimal

    from postalgui.gui.tabs.overview.numbers_model import cell_text

    del qapp
    assert cell_text(Decimal("1234.5"), SheetColumn("x", CellKind.MONEY)) == "R$ 1.234,50"
    assert cell_text(Decimal("0.125"), SheetColumn("x", CellKind.DECIMAL, number_format="0.0%")) == "12.5%"
    assert cell_text(12500, SheetColumn("x", CellKind.INT)) == "12,500"
    assert cell_text(None, SheetColumn("x")) == ""


def test_a_new_office_s_charts_say_what_is_missing(tasks: TaskRunner, qtbot: QtBot) -> None:
    service = FakeOverviewService(empty_overview)
    box = QWidget()
    qtbot.addWidget(box)
    built = ManagerOverviewTab(service, tasks, MessageArea(), box)
    QVBoxLayout(box).addWidget(built)
    with qtbot.waitSignal(built.overviewShown, timeout=WAIT_MS):
        box.show()
    months = built.spending.months_view.chart()
    assert months.series() == []
    assert months.axes() == []
    assert "No invoice listed for these months: the Invoices tab lists them." in months.title()
    assert "No parcel posted in the period." in built.on_time.service_view.chart().title()
    assert built.on_time.headline.text() == "No parcel posted in the period."
    assert "No quote in the period." in built.quotes.clerks_view.chart().title()
    assert "No claim filed in the period." in built.money.claims_view.chart().title()


def test_the_page_speaks_portuguese(tasks: TaskRunner, qtbot: QtBot, qapp: QApplication) -> None:
    from postalgui.gui import i18n

    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        box = QWidget()
        qtbot.addWidget(box)
        built = ManagerOverviewTab(FakeOverviewService(), tasks, MessageArea(), box)
        QVBoxLayout(box).addWidget(built)
        with qtbot.waitSignal(built.moneyShown, timeout=WAIT_MS):
            box.show()
        assert built.spending.title() == "Gastos"
        assert built.spending.headline.text().startswith("Faturado no período: R$ 7.975,75")
        assert categories(built.spending.months_view)[-1] == "out/2026<br>R$ 7.976"
        assert built.spending.legend.names[-2:] == ["Outras cobranças", "Não detalhado"]
        assert (
            built.on_time.headline.text()
            == "84% dos objetos entregues chegaram no prazo; 72 atrasados, 3 extraviados"
        )
        assert built.money.candidates_button.text() == "Deixado na mesa: R$ 312,40 — Ver candidatos"
        assert built.where.map.tip("SP") == "São Paulo (SP): 260 objetos"
        assert built.filters.period_combo.currentText() == "Este mês"
    finally:
        i18n.remove_translators(qapp, installed)
