"""The Branches tab against the shared sandbox: a state's units over real HTTP, its cache
refreshed with only what changed, the whole country downloaded once and filtered locally."""

from __future__ import annotations

import requests
from pytestqt.qtbot import QtBot

from postalgui.gui.tabs.branches import BranchesTab
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.context import AppContext

WAIT_MS = 60_000


def unit_requests(context: AppContext) -> int:
    stats = requests.get(f"{context.sandbox_url()}/_sandbox/stats", timeout=5).json()["requests"]
    return sum(count for key, count in stats.items() if key.startswith("GET ") and key.endswith("/unidades"))


def build(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> BranchesTab:
    tab = BranchesTab(context.branches, runner, MessageArea())
    qtbot.addWidget(tab)
    tab.resize(1300, 800)
    tab.show()
    qtbot.waitUntil(lambda: not tab.loading, timeout=WAIT_MS)
    return tab


def test_a_state_is_loaded_then_refreshed_with_what_changed(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    tab = build(context, runner, qtbot)
    with qtbot.waitSignal(tab.unitsLoaded, timeout=WAIT_MS):
        tab.filters.set_state("AC")
    qtbot.waitUntil(lambda: not tab.loading, timeout=WAIT_MS)
    units = tab.model.shown_units()
    assert units
    assert {unit.endereco.uf for unit in units} == {"AC"}
    assert "Acre · last synced " in tab.summary_label.text()
    qtbot.waitUntil(lambda: tab.filters.municipality_combo.count() > 0, timeout=WAIT_MS)
    assert tab.filters.municipality_combo.findText("Rio Branco") >= 0

    target = units[0]
    answer = requests.post(
        f"{context.sandbox_url()}/_sandbox/branches/{target.id}",
        json={"fields": {"nome": "AC NOVA ACRE"}},
        timeout=10,
    )
    answer.raise_for_status()
    before = unit_requests(context)
    loads: list[int] = []
    tab.unitsLoaded.connect(loads.append)
    tab.search()
    qtbot.waitUntil(lambda: not tab.loading, timeout=WAIT_MS)
    assert len(loads) == 2  # the cached copy at once, then the refresh
    assert unit_requests(context) - before == 2  # what changed in the query, what changed anywhere
    assert tab.select_unit(target.id)
    assert tab.detail.title_label.text() == "AC NOVA ACRE"


def test_all_of_brazil_then_typing_filters_locally(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    tab = build(context, runner, qtbot)
    with qtbot.waitSignal(tab.countryFinished, timeout=WAIT_MS) as finished:
        tab.filters.country_button.click()
    assert finished.args == [False]
    assert tab.everything
    total = tab.model.rowCount()
    assert 11_500 <= total <= 12_500
    before = unit_requests(context)
    tab.filters.search_edit.setText("sao paulo")
    narrowed = tab.model.rowCount()
    assert 0 < narrowed < total
    tab.filters.lockers_check.setChecked(True)
    assert {unit.type_code for unit in tab.model.shown_units()} <= {"46"}
    tab.filters.set_state("AM")
    assert unit_requests(context) == before  # never the network again


def test_no_street_tiles_in_the_sandbox(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    """The sandbox uses no network: its branch service keeps no tile folder, so the map offers no streets."""
    assert context.branches.tiles_dir() is None
    tab = build(context, runner, qtbot)
    assert not tab.map_pane.streets_check.isEnabled()
