"""Settings name another office database: the Prices tab's history and the Invoices tab's
jobs show that database's rows at once, without a restart (issue 25)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from pytestqt.qtbot import QtBot

from postalgui.gui.tabs.invoices.tab import InvoicesTab
from postalgui.gui.tabs.price.tab import PriceTab
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.context import AppContext
from postalgui.store.office import OfficeStore
from postalgui.store.urls import sqlite_url
from tests.gui.test_invoices_tab import build_tab
from tests.gui.test_live_views import OfficeJobs, OfficeQuotes

WAIT_MS = 20_000


def _point_at(context: AppContext, path: Path) -> None:
    """Save Settings with the office database at ``path`` (a file standing in for a server)."""
    settings = context.saved_settings
    profile = settings.profile().model_copy(update={"database_url": f"sqlite:///{path}"})
    context.apply(settings.with_profile(settings.environment, profile))


def test_the_history_shows_the_new_office_databases_quotes(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, tmp_path: Path
) -> None:
    tab = PriceTab(context.price, runner, MessageArea())
    qtbot.addWidget(tab)
    tab.show()
    history = tab.history
    history.refresh()
    qtbot.waitUntil(lambda: not history.searching, timeout=WAIT_MS)
    assert history.entries() == []
    office = tmp_path / "office-server.sqlite3"
    other = OfficeStore(sqlite_url(office), author="clerk.b")
    OfficeQuotes(other).add("04510", datetime(2026, 11, 20, 9, 0, tzinfo=UTC))
    other.close()

    _point_at(context, office)
    tab.settings_changed()

    qtbot.waitUntil(lambda: [e.query.coProduto for e in history.entries()] == ["04510"], timeout=WAIT_MS)


def test_the_jobs_panel_shows_the_new_office_databases_jobs(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, tmp_path: Path
) -> None:
    tab: InvoicesTab = build_tab(context, runner, qtbot)
    assert tab.jobs.model.jobs() == []
    office = tmp_path / "office-server.sqlite3"
    other = OfficeStore(sqlite_url(office), author="clerk.b")
    OfficeJobs(other).add("40032115")
    other.close()

    _point_at(context, office)
    tab.settings_changed()

    qtbot.waitUntil(lambda: [job.fatura for job in tab.jobs.model.jobs()] == ["40032115"], timeout=WAIT_MS)
