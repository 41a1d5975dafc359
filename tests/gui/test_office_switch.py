"""Settings name another office database: the Prices tab's history and the Invoices tab's
jobs show that database's rows at once, without a restart (issue 25).

The other database is the PostgreSQL test server, named as an office names it in Settings:
the URL without its password, the password in the keyring (a SQLite URL is no office
database: only PostgreSQL is taken)."""

from __future__ import annotations

from datetime import UTC, datetime

from pytestqt.qtbot import QtBot
from sqlalchemy.engine import URL

from postalgui.api.scopes import DATABASE_PASSWORD_KEY
from postalgui.gui.tabs.invoices.tab import InvoicesTab
from postalgui.gui.tabs.price.tab import PriceTab
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.context import AppContext
from postalgui.store.office import OfficeStore
from postalgui.store.urls import describe, office_url
from tests.gui.test_invoices_tab import build_tab
from tests.gui.test_live_views import OfficeJobs, OfficeQuotes
from tests.office_fixtures import postgres_or_skip

WAIT_MS = 20_000


def _server() -> URL:
    """The emptied PostgreSQL test server, password included (it stands for another desk's)."""
    return office_url(postgres_or_skip(), allow_password=True)


def _point_at(context: AppContext, server: URL) -> None:
    """Save Settings with the office database at ``server``, as Settings keep it."""
    settings = context.saved_settings
    typed = describe(server)  # the URL without its password, as Settings take it
    context.credentials.set(context.env_key, DATABASE_PASSWORD_KEY, server.password or None)
    profile = settings.profile().model_copy(update={"database_url": typed})
    context.apply(settings.with_profile(settings.environment, profile))


def test_the_history_shows_the_new_office_databases_quotes(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    tab = PriceTab(context.price, runner, MessageArea())
    qtbot.addWidget(tab)
    tab.show()
    history = tab.history
    history.refresh()
    qtbot.waitUntil(lambda: not history.searching, timeout=WAIT_MS)
    assert history.entries() == []
    office = _server()
    other = OfficeStore(office, author="clerk.b")
    OfficeQuotes(other).add("04510", datetime(2026, 11, 20, 9, 0, tzinfo=UTC))
    other.close()

    _point_at(context, office)
    tab.settings_changed()

    qtbot.waitUntil(lambda: [e.query.coProduto for e in history.entries()] == ["04510"], timeout=WAIT_MS)


def test_the_jobs_panel_shows_the_new_office_databases_jobs(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    tab: InvoicesTab = build_tab(context, runner, qtbot)
    assert tab.jobs.model.jobs() == []
    office = _server()
    other = OfficeStore(office, author="clerk.b")
    OfficeJobs(other).add("40032115")
    other.close()

    _point_at(context, office)
    tab.settings_changed()

    qtbot.waitUntil(lambda: [job.fatura for job in tab.jobs.model.jobs()] == ["40032115"], timeout=WAIT_MS)
