"""The Overview in the window: Settings puts it first (a manager's window opens on it, read
from the office database through the real service, in both languages), and its "Show
candidates" brings the Claims tab forward at its candidates, the expired listed too."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from postalgui.gui.dialogs.settings_dialog import SettingsDialog
from postalgui.gui.main_window import MainWindow
from postalgui.gui.tab_factories import (
    TAB_FACTORIES,
    claims_tab,
    first_tab_first,
    overview_tab,
    price_tab,
    tab_key,
)
from postalgui.gui.tabs.claims import ClaimsTab
from postalgui.gui.tabs.overview import ManagerOverviewTab
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.context import AppContext
from postalgui.services.overview.records import PeriodKind
from tests.gui.overview_support import WAIT_MS


def test_the_first_tab_named_goes_first_and_any_other_name_changes_nothing() -> None:
    assert tab_key(overview_tab) == "overview"
    assert len({tab_key(factory) for factory in TAB_FACTORIES}) == len(TAB_FACTORIES)
    assert first_tab_first(TAB_FACTORIES, "overview")[0] is overview_tab
    assert first_tab_first(TAB_FACTORIES, "overview")[1:] == [
        f for f in TAB_FACTORIES if f is not overview_tab
    ]
    assert first_tab_first(TAB_FACTORIES, "") == TAB_FACTORIES
    assert first_tab_first(TAB_FACTORIES, "no such tab") == TAB_FACTORIES
    assert TAB_FACTORIES[0] is price_tab  # as before, for everyone else


@pytest.fixture
def manager_window(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, each_language: str
) -> Iterator[MainWindow]:
    del each_language  # the window is built speaking it
    context.apply(context.saved_settings.updated(first_tab="overview"))
    main = MainWindow(context, runner)
    qtbot.addWidget(main)
    yield main
    main.close()


def test_a_manager_s_window_opens_on_the_overview_of_the_office_database(
    manager_window: MainWindow, qtbot: QtBot, each_language: str
) -> None:
    tab = manager_window.tabs.widget(0)
    assert isinstance(tab, ManagerOverviewTab)
    assert manager_window.tabs.currentIndex() == 0
    with qtbot.waitSignal(tab.moneyShown, timeout=WAIT_MS):
        manager_window.show()
    labels = [tab.filters.period_combo.itemText(i) for i in range(tab.filters.period_combo.count())]
    expected = {
        "en": (["This month", "Last month", "This quarter", "This year", "Custom"], "Overview"),
        "pt_BR": (["Este mês", "Mês passado", "Este trimestre", "Este ano", "Personalizado"], "Visão geral"),
    }[each_language]
    assert manager_window.tabs.tabText(0).replace("&", "") == expected[1]
    assert labels == expected[0]
    assert tab.filters.kind() is PeriodKind.THIS_MONTH
    assert tab.spending.headline.text()  # worded, even for an empty office
    assert tab.money.candidates_button.text()


def test_the_month_s_pdf_is_exported_from_the_page(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, tmp_path: Path
) -> None:
    tab = ManagerOverviewTab(context.overview, runner, MessageArea())
    qtbot.addWidget(tab)
    with qtbot.waitSignal(tab.overviewShown, timeout=WAIT_MS):
        tab.show()
    asked: list[str] = []
    tab.report.ask_save = lambda month: asked.append(month) or tmp_path / "month.pdf"
    with qtbot.waitSignal(tab.report.saved.exported, timeout=WAIT_MS * 3) as saved:
        tab.report.export()
    assert asked == [context.overview.today().strftime("%Y-%m")]
    assert saved.args[0].read_bytes().startswith(b"%PDF")


def test_show_candidates_brings_the_claims_tab_at_its_candidates(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    main = MainWindow(context, runner)
    qtbot.addWidget(main)
    main.show()
    main.handoffs.show_candidates(expired=True)
    tab = main.tabs.currentWidget()
    assert isinstance(tab, ClaimsTab)
    assert main.tabs.currentIndex() == TAB_FACTORIES.index(claims_tab)
    assert tab.pages.currentWidget() is tab.candidates
    assert tab.candidates.expired_check.isChecked()
    main.close()


def test_settings_choose_the_first_tab(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, config_dir: Path
) -> None:
    dialog = SettingsDialog(context, runner)
    qtbot.addWidget(dialog)
    dialog.show()
    combo = dialog.interface_page.first_tab_combo
    assert combo.itemData(0) == ""
    assert combo.count() == len(TAB_FACTORIES) + 1
    combo.setCurrentIndex(combo.findData("overview"))
    with qtbot.waitSignal(dialog.settingsSaved):
        dialog.ok_button.click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert json.loads((config_dir / "settings.json").read_text(encoding="utf-8"))["first_tab"] == "overview"
    again = SettingsDialog(context, runner)
    qtbot.addWidget(again)
    assert again.interface_page.first_tab() == "overview"
