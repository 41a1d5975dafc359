"""The Tracking detail against the real sandbox: a parcel waiting at a branch shows that branch.

The app's own `TrackingService` (``context.tracking``) follows a parcel the sandbox was
told will wait for pickup; the detail reads it from the office database and finds the
branch of its last event in the Branches data over HTTP.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from pytestqt.qtbot import QtBot

from postalgui.api.cancel import PlainTask
from postalgui.gui.desk import Desk
from postalgui.gui.tabs.tracking.detail_panel import DetailPanel
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.sandbox.invoice_data import object_label
from postalgui.services.context import AppContext
from postalgui.services.ports import NewObject
from postalgui.services.tracking import use_cases
from postalgui.services.tracking.status import Status
from tests.e2e.conftest import SandboxControl

WAITING = object_label("QB", 16180339)


@pytest.fixture
def panel(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> DetailPanel:
    messages = MessageArea()
    qtbot.addWidget(messages)
    widget = DetailPanel(Desk(context.tracking, runner, messages))
    qtbot.addWidget(widget)
    widget.show()
    return widget


def test_a_parcel_waiting_at_a_branch_shows_that_branch_from_the_branch_data(
    context: AppContext, panel: DetailPanel, qtbot: QtBot, shared_sandbox: str
) -> None:
    sandbox = SandboxControl(shared_sandbox)
    sandbox.register_object(WAITING, sandbox.now() - timedelta(days=6), "awaiting_pickup")
    service = context.tracking
    added = use_cases.add_objects(PlainTask(), service, [NewObject(WAITING, tag="Pedido 9")], source="paste")
    use_cases.refresh(PlainTask(), service, added.codes)

    with qtbot.waitSignal(panel.branchShown, timeout=20_000) as shown:
        panel.show_object(WAITING)
    watched = panel.shown()
    assert watched is not None
    assert watched.status is Status.AWAITING_PICKUP
    assert panel.status_label.text() == "Waiting at a branch"
    unit = watched.events[0].unidade
    assert unit is not None
    branch = shown.args[0]
    assert branch is not None, f"unit {unit.codSro} is not in the sandbox's branch data"
    assert branch.id == unit.codSro
    box = panel.branch_box
    assert box.name_label.text() == f"{branch.nome} (unit {branch.id})"
    assert box.opening_label.text()
    assert box.deadline_label.text().startswith("Pick up by ")
    assert panel.timeline.rowCount() == len(watched.events)
