"""The jobs panel says when the office file holding the jobs was damaged and set aside,
with where it went (issue 10)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from postalgui.gui.desk import Desk
from postalgui.gui.tabs.invoices.jobs_panel import JobsPanel
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.context import AppContext
from postalgui.services.office.database import local_file

WAIT_MS = 20_000


def _panel(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> tuple[JobsPanel, MessageArea]:
    messages = MessageArea()
    qtbot.addWidget(messages)
    panel = JobsPanel(Desk(context.invoices, runner, messages))
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.jobsLoaded, timeout=WAIT_MS):
        panel.start()
    return panel, messages


def test_a_damaged_jobs_file_is_set_aside_and_said_with_its_path(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    data = context.paths.data_dir
    data.mkdir(parents=True, exist_ok=True)
    office = local_file(data, context.env_key)
    office.write_bytes(b"no database here, a stray copy of something else " * 100)
    panel, messages = _panel(context, runner, qtbot)
    [aside] = list(data.glob(f"{office.name}.bad-*"))
    assert aside.read_bytes().startswith(b"no database here")
    assert messages.message("invoices.jobs.set-aside") is None  # said in the panel, not twice
    assert not panel.set_aside_label.isHidden()
    assert str(aside) in panel.set_aside_label.text()
    assert panel.model.rowCount() == 0


def test_a_sound_jobs_file_says_nothing(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    panel, messages = _panel(context, runner, qtbot)
    assert messages.message("invoices.jobs.set-aside") is None
    assert panel.set_aside_label.isHidden()
    assert not list(Path(context.paths.data_dir).glob("*.bad-*"))
