"""Opening a READY job whose file is not on this desk (another desk of a shared office
database downloaded it): fetched again from the operator while it keeps it, else said."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from pytestqt.qtbot import QtBot

from postalgui.api.models.invoices import PreviewKind
from postalgui.gui.tabs.invoices import InvoicesTab
from postalgui.gui.tabs.invoices.job_opening import OPEN_KEY
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.context import AppContext
from postalgui.services.invoices.jobs import Job, JobState
from tests.gui.test_invoices_tab import WAIT_MS, tab, wait_job_settled

__all__ = ["tab"]  # the Invoices tab against the embedded sandbox (its fixture)


def _ready_preview(tab: InvoicesTab, qtbot: QtBot) -> Job:
    with qtbot.waitSignal(tab.jobRequested, timeout=WAIT_MS) as blocker:
        assert tab.request_preview(PreviewKind.SINTETICO) is not None
    done = wait_job_settled(tab, qtbot, blocker.args[0].id)
    assert done.state is JobState.READY, done.error
    assert done.path is not None
    return done


def test_a_ready_job_whose_file_is_not_here_is_fetched_again_and_opened(
    tab: InvoicesTab, qtbot: QtBot
) -> None:
    done = _ready_preview(tab, qtbot)
    assert done.path is not None
    done.path.unlink()  # downloaded by another desk: not on this one
    with qtbot.waitSignal(tab.documentOpened, timeout=WAIT_MS) as opened:
        assert tab.jobs.open_job(done)
    assert opened.args[0].viewer.page_count >= 1
    opened.args[0].close()
    assert done.path.is_file()  # in this desk's cache, under the same name
    assert tab.messages.message(OPEN_KEY) is None


def test_a_file_past_the_operators_seven_days_is_said_gone(
    tab: InvoicesTab, qtbot: QtBot, context: AppContext
) -> None:
    done = _ready_preview(tab, qtbot)
    assert done.path is not None
    done.path.unlink()
    old = context.job_store().update(done.id, finished_at=datetime.now(UTC) - timedelta(days=8))
    assert tab.jobs.open_job(old)

    def said() -> None:
        bar = tab.messages.message(OPEN_KEY)
        assert bar is not None
        assert bar.kind is MessageKind.WARNING
        assert "is no longer on this computer; request it again" in bar.text()

    qtbot.waitUntil(said, timeout=WAIT_MS)
