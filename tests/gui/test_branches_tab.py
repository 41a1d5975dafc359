"""The Branches tab over a fake branch service (no network, no context): filters, the cache
first then its refresh, All of Brazil with progress and cancel, local filtering per keystroke,
list and detail, keys, CSV export."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from postalgui.api import cancel
from postalgui.api.branches import UnitQuery
from postalgui.api.errors import TransportError
from postalgui.api.models.branches import Locality, Unit
from postalgui.api.values.text import strip_accents
from postalgui.gui.tab_factories import TAB_FACTORIES, branches_tab, contracts_tab
from postalgui.gui.tabs.branches import BranchesTab
from postalgui.gui.tabs.branches.unit_model import UnitColumn
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.branches.service import BranchService
from postalgui.services.branches.store import CachedQuery, QueryInfo
from postalgui.services.geo.mercator import project
from tests.gui.test_branches_model import make_unit

WAIT_MS = 5_000
SYNCED = datetime(2025, 11, 20, 12, 0, tzinfo=UTC)
ALWAYS = {
    "iniExpediente": "00:00",
    "fimExpediente": "23:59",
    "iniSabado": "00:00",
    "fimSabado": "23:59",
    "iniDomingo": "00:00",
    "fimDomingo": "23:59",
}
NEVER: dict[str, str] = {}


def country() -> list[Unit]:
    """24 units in three states: branches, lockers (open all week) and sales points (no hours)."""
    units: list[Unit] = []
    places = [
        ("SP", "São Paulo", "01001000"),
        ("SP", "Campinas", "13010000"),
        ("RJ", "Niterói", "24020000"),
        ("AM", "Manaus", "69005000"),
    ]
    for n in range(24):
        uf, city, cep = places[n % 4]
        kind = ("09", "46", "24")[n % 3]
        units.append(
            make_unit(
                f"{n + 1:08d}",
                f"Unidade {city} {n + 1:02d}",
                type_code=kind,
                uf=uf,
                municipio=city,
                cep=cep,
                bairro="Centro" if n % 2 else "Vila Nova",
                hours=ALWAYS if kind == "46" else (NEVER if kind == "24" else None),
                clique="S" if n % 5 == 0 else "N",
                lon=-46.6 - n / 10,
                lat=-23.5 + n / 10,
            )
        )
    return units


def _matches(unit: Unit, query: UnitQuery) -> bool:
    address = unit.endereco

    def same(a: str | None, b: str | None) -> bool:
        return strip_accents(a or "").casefold() == strip_accents(b or "").casefold()

    return (
        (not query.uf or address.uf == query.uf)
        and (not query.municipio or same(address.municipio, query.municipio))
        and (not query.bairro or same(address.bairro, query.bairro))
        and (not query.type_codes or unit.type_code in query.type_codes)
        and (not query.statuses or unit.status in query.statuses)
        and (not query.ceps or address.cep in query.ceps)
        and (not query.nome or strip_accents(query.nome).casefold() in strip_accents(unit.nome).casefold())
    )


class FakeOperator(BranchService):
    """The branch service the tab is built with, its cache and client in one, without HTTP.

    Its cache is a dictionary that never knows when a query last changed (so every
    search walks the query's pages); its client notes the searches, serves the country
    by pages, and keeps that download waiting after its first page while ``hold`` is
    unset (or until cancelled); ``fail`` makes a search fail as an unreachable server
    would; ``clock`` stops the feature's clock. No street tiles, as in the sandbox.
    """

    PAGES = 5

    def __init__(self, units: list[Unit]) -> None:  # no session: every member the tab uses is here
        self.units = units
        self.saved: dict[str, CachedQuery] = {}
        self.searches: list[UnitQuery] = []
        self.hold: threading.Event | None = None
        self.fail = False
        self.clock: datetime | None = None

    # --- the service -------------------------------------------------------------------------

    def cache(self) -> Any:
        return self

    def client(self) -> Any:
        return self

    def tiles_dir(self) -> Path | None:
        return None

    def now(self) -> datetime:
        return self.clock or datetime.now(UTC)

    # --- the cache ---------------------------------------------------------------------------

    def load(self, key: str) -> CachedQuery | None:
        return self.saved.get(key)

    def info(self, key: str) -> QueryInfo | None:
        del key  # no change times known: a search walks every page
        return None

    def replace(self, key: str, units: list[Unit], *, synced_at: datetime | None = None) -> QueryInfo:
        info = QueryInfo(key, synced_at or datetime.now(UTC), None, len(units))
        self.saved[key] = CachedQuery(info, list(units))
        return info

    def meta(self, name: str) -> None:
        del name

    def put_meta(self, name: str, value: object) -> None:
        del name, value

    # --- the client --------------------------------------------------------------------------

    def all_units(
        self, query: UnitQuery, *, concurrency: int = 1, progress: Callable[[int, int], None] | None = None
    ) -> list[Unit]:
        del concurrency
        self.searches.append(query)
        if self.fail:
            raise TransportError("Connection refused")
        if query.is_everything:
            for page in range(1, self.PAGES + 1):
                if progress is not None:
                    progress(page, self.PAGES)
                if self.hold is not None and page == 1:
                    while not self.hold.wait(0.01):
                        cancel.current().raise_if_cancelled()
                cancel.current().raise_if_cancelled()
        return [unit for unit in self.units if _matches(unit, query)]

    def localities(self, uf: str) -> list[Locality]:
        cities = sorted({u.endereco.municipio or "" for u in self.units if u.endereco.uf == uf})
        return [Locality(uf=uf, municipio=city) for city in cities]

    def remember(self, query: UnitQuery, synced_at: datetime = SYNCED) -> None:
        """The cache knows ``query`` as synced at ``synced_at``."""
        self.replace(query.key(), [unit for unit in self.units if _matches(unit, query)], synced_at=synced_at)


@pytest.fixture
def operator() -> FakeOperator:
    return FakeOperator(country())


@pytest.fixture
def offline_runner(qapp: QApplication) -> Iterator[TaskRunner]:
    del qapp
    task_runner = TaskRunner()
    yield task_runner
    assert task_runner.shutdown(15000), "background tasks did not end"


def build_tab(service: BranchService, runner: TaskRunner, qtbot: QtBot) -> BranchesTab:
    widget = BranchesTab(service, runner, MessageArea())
    qtbot.addWidget(widget)
    widget.resize(1300, 800)
    widget.show()
    qtbot.waitUntil(lambda: not widget.loading, timeout=WAIT_MS)
    return widget


@pytest.fixture
def tab(offline_runner: TaskRunner, operator: FakeOperator, qtbot: QtBot) -> BranchesTab:
    return build_tab(operator, offline_runner, qtbot)


def shown(tab: BranchesTab) -> list[Unit]:
    return tab.model.shown_units()


def pick_state(tab: BranchesTab, qtbot: QtBot, uf: str) -> None:
    with qtbot.waitSignal(tab.unitsLoaded, timeout=WAIT_MS):
        tab.filters.set_state(uf)
    qtbot.waitUntil(lambda: not tab.loading, timeout=WAIT_MS)


def sync_country(tab: BranchesTab, qtbot: QtBot) -> None:
    with qtbot.waitSignal(tab.countryFinished, timeout=WAIT_MS):
        tab.filters.country_button.click()


# --- registration -------------------------------------------------------------------------------


def test_the_tab_is_registered_after_contracts() -> None:
    assert TAB_FACTORIES.index(branches_tab) == TAB_FACTORIES.index(contracts_tab) + 1
    assert branches_tab.label() == "Branches"


# --- the operator's filters ---------------------------------------------------------------------


def test_nothing_is_asked_at_start_without_a_cache(tab: BranchesTab, operator: FakeOperator) -> None:
    assert tab.windowTitle() == "Branches"
    assert operator.searches == []
    assert tab.model.rowCount() == 0
    assert "press Search" in tab.summary_label.text()
    assert not tab.export_button.isEnabled()


def test_a_state_is_asked_of_the_operator_and_its_municipalities_listed(
    tab: BranchesTab, operator: FakeOperator, qtbot: QtBot
) -> None:
    pick_state(tab, qtbot, "SP")
    assert operator.searches == [UnitQuery(uf="SP")]
    assert {unit.endereco.uf for unit in shown(tab)} == {"SP"}
    assert tab.model.rowCount() == 12
    summary = tab.summary_label.text()
    assert summary.startswith("12 of 12 units shown · São Paulo · last synced ")
    combo = tab.filters.municipality_combo
    qtbot.waitUntil(lambda: combo.count() == 2, timeout=WAIT_MS)
    assert [combo.itemText(i) for i in range(combo.count())] == ["Campinas", "São Paulo"]

    with qtbot.waitSignal(tab.unitsLoaded, timeout=WAIT_MS):
        combo.setCurrentIndex(0)
        combo.activated.emit(0)
    qtbot.waitUntil(lambda: not tab.loading, timeout=WAIT_MS)
    assert operator.searches[-1] == UnitQuery(uf="SP", municipio="Campinas")
    assert {unit.endereco.municipio for unit in shown(tab)} == {"Campinas"}
    assert "Campinas/SP" in tab.summary_label.text()


def test_a_query_synced_before_shows_its_cached_copy_then_the_refresh(
    tab: BranchesTab, operator: FakeOperator, qtbot: QtBot
) -> None:
    operator.remember(UnitQuery(uf="RJ"))
    loads: list[int] = []
    tab.unitsLoaded.connect(loads.append)
    pick_state(tab, qtbot, "RJ")
    assert loads == [6, 6]  # the cached copy at once, then the operator's answer
    assert "last synced 20/11/2025" not in tab.summary_label.text()  # the fresh time replaced it
    assert tab.synced_at is not None
    assert tab.synced_at > SYNCED


def test_a_failed_refresh_keeps_the_cached_copy_and_says_when_it_was_synced(
    tab: BranchesTab, operator: FakeOperator, qtbot: QtBot
) -> None:
    operator.remember(UnitQuery(uf="AM"))
    operator.fail = True
    pick_state(tab, qtbot, "AM")
    assert tab.model.rowCount() == 6
    message = tab.messages.message("branches.load")
    assert message is not None
    assert message.kind is MessageKind.WARNING
    assert message.text().startswith("Could not check for changes: Could not reach the server.")
    assert message.text().endswith(
        f"Showing the copy synced {SYNCED.astimezone().strftime('%d/%m/%Y %H:%M')}."
    )


def test_a_bad_cep_is_said_and_nothing_is_sent(tab: BranchesTab, operator: FakeOperator) -> None:
    tab.filters.cep_edit.setText("0100")
    assert tab.search() is None
    message = tab.messages.message("branches.filters")
    assert message is not None
    assert message.text() == "CEP: CEP must have 8 digits (got 4)"
    assert operator.searches == []


def test_types_statuses_and_ceps_travel_as_a_query(
    tab: BranchesTab, operator: FakeOperator, qtbot: QtBot
) -> None:
    tab.filters.cep_edit.setText("01001-000, 24020000")
    assert tab.filters.types_button.text() == "Types: all"
    tab.filters.types_button.set_chosen({"09", "46"})
    assert tab.filters.types_button.text() == "Types: 2 chosen"
    with qtbot.waitSignal(tab.unitsLoaded, timeout=WAIT_MS):
        tab.filters.search_button.click()
    assert operator.searches[-1] == UnitQuery(ceps=("01001000", "24020000"), type_codes=("09", "46"))
    assert {unit.type_code for unit in shown(tab)} == {"09", "46"}
    assert {unit.endereco.uf for unit in shown(tab)} == {"SP", "RJ"}


# --- the loaded set, filtered locally -----------------------------------------------------------


def test_local_filters_never_ask_the_operator(tab: BranchesTab, operator: FakeOperator, qtbot: QtBot) -> None:
    pick_state(tab, qtbot, "SP")
    asked = len(operator.searches)
    filters = tab.filters
    filters.search_edit.setText("campinas")
    assert {unit.endereco.municipio for unit in shown(tab)} == {"Campinas"}
    filters.search_edit.setText("vila nova campinas")
    assert all(unit.endereco.bairro == "Vila Nova" for unit in shown(tab))
    filters.search_edit.clear()
    filters.lockers_check.setChecked(True)
    assert {unit.type_code for unit in shown(tab)} == {"46"}
    assert tab.summary_label.text().startswith("4 of 12 units shown")
    filters.lockers_check.setChecked(False)
    filters.clique_check.setChecked(True)
    assert shown(tab)
    assert all(unit.clique_retire for unit in shown(tab))
    filters.clique_check.setChecked(False)
    filters.open_now_check.setChecked(True)  # lockers are open all week; sales points give no hours
    assert "46" in {unit.type_code for unit in shown(tab)}
    assert "24" not in {unit.type_code for unit in shown(tab)}
    filters.open_now_check.setChecked(False)
    filters.set_open_at(datetime(2026, 11, 29, 10, 0))  # Sunday at 10:00: only the lockers
    assert filters.open_at_check.isChecked()
    assert filters.when_edit.isEnabled()
    assert filters.when_edit.text() == "Sun 29/11/2026 10:00"
    assert {unit.type_code for unit in shown(tab)} == {"46"}
    filters.set_open_at(datetime(2026, 11, 28, 10, 0))  # Saturday: branches too
    assert {unit.type_code for unit in shown(tab)} == {"09", "46"}
    assert len(operator.searches) == asked


def test_all_of_brazil_with_progress_then_every_filter_is_local(
    tab: BranchesTab, operator: FakeOperator, qtbot: QtBot
) -> None:
    operator.hold = threading.Event()
    tab.filters.country_button.click()
    assert tab.syncing_country
    assert not tab.filters.country_button.isEnabled()
    qtbot.waitUntil(lambda: tab.progress_bar.format() == "Page 1 of 5", timeout=WAIT_MS)
    assert tab.progress_bar.isVisible()
    assert tab.cancel_button.isVisible()
    with qtbot.waitSignal(tab.countryFinished, timeout=WAIT_MS) as finished:
        operator.hold.set()
    assert finished.args == [False]
    assert not tab.progress_bar.isVisible()
    assert tab.everything
    assert tab.model.rowCount() == 24
    assert "All of Brazil" in tab.summary_label.text()
    message = tab.messages.message("branches.country")
    assert message is not None
    assert message.text() == "All of Brazil is synced: 24 units (24 new or changed)."

    asked = len(operator.searches)
    tab.filters.set_state("RJ")  # local now: no request, at once
    assert {unit.endereco.uf for unit in shown(tab)} == {"RJ"}
    tab.filters.name_edit.setText("niter")
    tab.filters.name_edit.textEdited.emit("niter")
    assert len(shown(tab)) == 6
    tab.filters.set_state("")
    tab.filters.search_edit.setText("manaus")
    assert {unit.endereco.municipio for unit in shown(tab)} == set()  # name "niter" still applies
    tab.filters.name_edit.clear()
    tab.filters.name_edit.textEdited.emit("")
    assert {unit.endereco.municipio for unit in shown(tab)} == {"Manaus"}
    tab.filters.search_button.click()
    assert len(operator.searches) == asked


def test_cancelling_all_of_brazil_keeps_what_was_there(
    tab: BranchesTab, operator: FakeOperator, qtbot: QtBot
) -> None:
    pick_state(tab, qtbot, "SP")
    operator.hold = threading.Event()
    tab.filters.country_button.click()
    qtbot.waitUntil(lambda: tab.progress_bar.format() == "Page 1 of 5", timeout=WAIT_MS)
    with qtbot.waitSignal(tab.countryFinished, timeout=WAIT_MS) as finished:
        qtbot.keyClick(tab.table, Qt.Key.Key_Escape)
    assert finished.args == [True]
    assert not tab.everything
    assert tab.model.rowCount() == 12
    assert UnitQuery().key() not in operator.saved
    message = tab.messages.message("branches.country")
    assert message is not None
    assert message.text() == "Download cancelled; the units synced before are kept."


def test_a_cached_country_shows_at_start_and_is_refreshed(
    offline_runner: TaskRunner, operator: FakeOperator, qtbot: QtBot
) -> None:
    operator.remember(UnitQuery())
    widget = BranchesTab(operator, offline_runner, MessageArea())
    qtbot.addWidget(widget)
    loads: list[int] = []
    widget.unitsLoaded.connect(loads.append)
    widget.show()
    qtbot.waitUntil(lambda: len(loads) == 2 and not widget.loading, timeout=WAIT_MS)
    assert widget.everything
    assert operator.searches == [UnitQuery()]
    assert widget.model.rowCount() == 24


# --- list, detail and keys ----------------------------------------------------------------------


def test_selecting_shows_the_detail_and_enter_opens_it(tab: BranchesTab, qtbot: QtBot) -> None:
    pick_state(tab, qtbot, "AM")
    tab.table.sortByColumn(UnitColumn.NAME, Qt.SortOrder.DescendingOrder)
    with qtbot.waitSignal(tab.unitSelected, timeout=WAIT_MS) as selected:
        tab.table.selectRow(0)
    first = shown(tab)[0]
    assert selected.args == [first.id]
    assert tab.detail.title_label.text() == first.nome
    tab.table.setFocus()
    with qtbot.waitSignal(tab.detailOpened, timeout=WAIT_MS) as opened:
        qtbot.keyClick(tab.table, Qt.Key.Key_Return)
    assert opened.args == [first.id]

    tab.filters.search_edit.setText(first.nome)  # still shown: still selected
    assert tab.current_unit() is first
    tab.filters.search_edit.setText("nothing like this")
    assert tab.current_unit() is None
    assert tab.detail.title_label.text() == "Pick a unit in the list or on the map to see its details."


def test_ctrl_f_focuses_the_search_box(tab: BranchesTab, qtbot: QtBot) -> None:
    tab.activateWindow()
    tab.table.setFocus()
    qtbot.waitUntil(tab.table.hasFocus, timeout=WAIT_MS)
    qtbot.keyClick(tab.table, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert tab.filters.search_edit.hasFocus()


def test_export_saves_the_units_shown_in_the_lists_order(
    tab: BranchesTab, qtbot: QtBot, tmp_path: Path
) -> None:
    pick_state(tab, qtbot, "RJ")
    tab.table.sortByColumn(UnitColumn.NAME, Qt.SortOrder.DescendingOrder)
    tab.filters.lockers_check.setChecked(True)
    with qtbot.waitSignal(tab.exported, timeout=WAIT_MS) as saved:
        tab.export_csv(tmp_path / "agencias.csv")
    path = saved.args[0]
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    assert lines[0].split(";")[0] == "id"
    assert [line.split(";")[0] for line in lines[1:]] == [unit.id for unit in shown(tab)]
    assert len(lines) == 3
    assert all(";24020-000;" in line for line in lines[1:])


def test_the_clock_moves_open_now(tab: BranchesTab, operator: FakeOperator, qtbot: QtBot) -> None:
    pick_state(tab, qtbot, "SP")
    tab.filters.open_now_check.setChecked(True)
    sunday_night = datetime(2025, 11, 30, 23, 0, tzinfo=UTC)
    operator.clock = sunday_night
    with qtbot.waitSignal(tab.rowsChanged, timeout=WAIT_MS):
        tab._clock_timer.timeout.emit()
    assert {unit.type_code for unit in shown(tab)} == {"46"}
    assert tab.model.now == sunday_night


def test_the_unit_shown_stays_selected_after_a_new_load(tab: BranchesTab, qtbot: QtBot) -> None:
    pick_state(tab, qtbot, "SP")
    target = shown(tab)[3]
    assert tab.select_unit(target.id)
    with qtbot.waitSignal(tab.unitsLoaded, timeout=WAIT_MS):
        tab.search()
    qtbot.waitUntil(lambda: not tab.loading, timeout=WAIT_MS)
    current = tab.current_unit()
    assert current is not None
    assert current.id == target.id
    assert tab.table.selectionModel().selectedRows()[0].row() == tab.model.row_of_position(
        tab.model.positions()[tab.table.selectionModel().selectedRows()[0].row()]
    )


# --- the map ------------------------------------------------------------------------------------


def test_list_and_map_select_each_other(tab: BranchesTab, qtbot: QtBot) -> None:
    pick_state(tab, qtbot, "SP")
    view = tab.map_pane.map_view
    assert view.point_count() == 12
    tab.table.selectRow(2)
    unit = shown(tab)[2]
    index = tab.index
    assert index is not None
    assert view.selected() == index.position(unit.id)

    other = shown(tab)[5]
    position = index.position(other.id)
    assert position is not None
    with qtbot.waitSignal(tab.unitSelected, timeout=WAIT_MS) as selected:
        view.select(position)  # as a click on its point does
    assert selected.args == [other.id]
    assert tab.table.selectionModel().selectedRows()[0].row() == 5
    with qtbot.waitSignal(tab.detailOpened, timeout=WAIT_MS) as opened:
        view.pointActivated.emit(position)
    assert opened.args == [other.id]


def test_the_map_shows_what_the_filters_keep(tab: BranchesTab, qtbot: QtBot) -> None:
    pick_state(tab, qtbot, "SP")
    tab.filters.lockers_check.setChecked(True)
    index = tab.index
    assert index is not None
    visible = tab.map_pane.map_view._visible
    assert visible is not None
    assert sorted(visible) == sorted(index.position(unit.id) for unit in shown(tab))


def test_a_place_picked_on_the_map_sorts_by_distance(tab: BranchesTab, qtbot: QtBot) -> None:
    pick_state(tab, qtbot, "SP")
    far = shown(tab)[-1]
    assert far.endereco.lon is not None
    assert far.endereco.lat is not None
    tab.map_pane.place_button.click()
    with qtbot.waitSignal(tab.map_pane.placePicked, timeout=WAIT_MS):
        tab.map_pane.map_view.placePicked.emit(far.endereco.lon, far.endereco.lat)
    assert not tab.map_pane.place_button.isChecked()
    assert not tab.table.isColumnHidden(UnitColumn.DISTANCE)
    assert shown(tab)[0].id == far.id  # nearest first
    distances = [tab.model.index(row, UnitColumn.DISTANCE).data() for row in range(tab.model.rowCount())]
    assert distances[0] == "0 m"
    assert all(text.endswith((" km", " m")) for text in distances)
    tab.map_pane.clear_place_button.click()
    assert tab.model.index(0, UnitColumn.DISTANCE).data() == ""
    assert tab.table.isColumnHidden(UnitColumn.DISTANCE)


def test_no_street_tiles_in_the_sandbox(tab: BranchesTab) -> None:
    assert not tab.map_pane.streets_check.isEnabled()
    assert not tab.map_pane.streets_check.isChecked()
    assert tab.map_pane.streets_check.toolTip() == "Streets are off in the sandbox: it uses no network"


def test_the_map_fits_what_the_list_lists_after_a_local_filter(tab: BranchesTab, qtbot: QtBot) -> None:
    pick_state(tab, qtbot, "SP")
    view = tab.map_pane.map_view
    before = view.fitted_area()
    assert before is not None
    tab.filters.search_edit.setText("Campinas 06")  # one unit of twelve
    [unit] = shown(tab)
    assert unit.endereco.lon is not None
    assert unit.endereco.lat is not None
    area = view.fitted_area()
    assert area is not None
    assert area.width() < before.width() / 10
    point = view.mapFromScene(area.center())
    spot = view.mapFromScene(*project(unit.endereco.lon, unit.endereco.lat))
    assert abs(point.x() - spot.x()) <= 1
    assert abs(point.y() - spot.y()) <= 1
    zoom = view.zoom()
    tab.apply_filters()  # the same rows again (the clock's minute): the map stays put
    assert view.zoom() == zoom
    tab.filters.search_edit.clear()
    area = view.fitted_area()
    assert area is not None
    assert area.width() == pytest.approx(before.width())


@pytest.mark.parametrize("size", [(1346, 640), (1080, 592)], ids=["1366x768", "default window"])
def test_the_list_and_the_hours_are_readable_without_scrolling(
    offline_runner: TaskRunner, operator: FakeOperator, qtbot: QtBot, size: tuple[int, int]
) -> None:
    # The tab's share of a 1366x768 screen and of the default 1100x720 window.
    tab = build_tab(operator, offline_runner, qtbot)
    tab.resize(*size)
    pick_state(tab, qtbot, "SP")
    tab.table.selectRow(0)
    qtbot.waitUntil(lambda: tab.detail.unit() is not None, timeout=WAIT_MS)
    header = tab.table.horizontalHeader()
    titles = header.fontMetrics()
    cells = tab.table.fontMetrics()
    visible = [column for column in UnitColumn if not tab.table.isColumnHidden(column)]
    assert UnitColumn.DISTANCE not in visible  # until a place is picked
    for column in visible:
        title = tab.model.headerData(column, Qt.Orientation.Horizontal)
        assert header.sectionSize(column) >= titles.horizontalAdvance(title) + 16, title
    for word in ("Open", "Closed", "Lunch break", "No hours"):
        assert header.sectionSize(UnitColumn.OPEN_NOW) >= cells.horizontalAdvance(word) + 8
    used = sum(header.sectionSize(column) for column in visible[:-1])
    assert used + 60 <= tab.table.viewport().width(), "every column starts in view"
    detail = tab.detail
    hours = detail.hours_group
    bottom = hours.mapTo(detail.viewport(), hours.rect().bottomLeft()).y()
    assert detail.verticalScrollBar().value() == 0
    assert bottom <= detail.viewport().height(), "the hours are in view without scrolling"


def test_the_clock_sleeps_while_the_tab_is_hidden_and_catches_up_when_shown(
    tab: BranchesTab, operator: FakeOperator, qtbot: QtBot
) -> None:
    """An idle window sleeps (issue 40): no "open now" work for a tab nobody sees."""
    pick_state(tab, qtbot, "SP")
    tab.filters.open_now_check.setChecked(True)
    tab.hide()
    assert not tab._clock_timer.isActive()
    sunday_night = datetime(2025, 11, 30, 23, 0, tzinfo=UTC)
    operator.clock = sunday_night
    with qtbot.waitSignal(tab.rowsChanged, timeout=WAIT_MS):
        tab.show()
    assert tab._clock_timer.isActive()
    assert tab.model.now == sunday_night
    assert {unit.type_code for unit in shown(tab)} == {"46"}
