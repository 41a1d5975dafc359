"""The proof of delivery in the Tracking tab against the real sandbox: the app's own
`TrackingService` (``context.tracking``) and office database, the operator's API over HTTP.

A clerk opens a delivered parcel, clicks Get proof, and sees who received it, when and
where, the digital delivery receipt and the delivery pictures; opened again, the proof
comes from the office database and nothing is sent. From the list, the proofs of the
selected delivered objects are asked at once; the object still waiting at a branch is
left out before anything is sent.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from pytestqt.qtbot import QtBot

from postalgui.api.cancel import PlainTask
from postalgui.gui.desk import Desk
from postalgui.gui.tabs.tracking import TrackingTab
from postalgui.gui.tabs.tracking.detail_panel import DetailPanel
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.sandbox.invoice_data import object_label
from postalgui.sandbox.tracking.receivers import has_ar, receiver_of
from postalgui.services.context import AppContext
from postalgui.services.ports import NewObject
from postalgui.services.tracking import use_cases
from postalgui.services.tracking.proof_records import ProofReport
from tests.e2e.conftest import SandboxControl

WAIT_MS = 30_000


def delivered_code(start: int, *, ar: bool) -> str:
    """The first code from ``start`` on whose object had the AR service (or had not)."""
    serial = start
    while has_ar(object_label("DG", serial)) != ar:
        serial += 1
    return object_label("DG", serial)


WITH_AR = delivered_code(64000000, ar=True)
WITHOUT_AR = delivered_code(64000100, ar=False)
WAITING = object_label("QB", 64000200)


def follow(context: AppContext, sandbox: SandboxControl, codes: dict[str, str]) -> None:
    """``codes`` (code -> fate) known to the sandbox since 20 days ago, followed and asked about."""
    for code, fate in codes.items():
        sandbox.register_object(code, sandbox.now() - timedelta(days=20), fate)
    service = context.tracking
    added = use_cases.add_objects(PlainTask(), service, [NewObject(code) for code in codes], source="paste")
    use_cases.refresh(PlainTask(), service, added.codes)
    sandbox._call("PUT", "/tracking/proof-config", {"imagens_delay_s": 0.3})


def proof_calls(sandbox: SandboxControl) -> int:
    requests = sandbox.stats()["requests"]
    return sum(n for key, n in requests.items() if "ar-digital" in key or "imagens" in key or "recibo" in key)


@pytest.fixture
def panel(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> DetailPanel:
    messages = MessageArea()
    qtbot.addWidget(messages)
    widget = DetailPanel(Desk(context.tracking, runner, messages))
    qtbot.addWidget(widget)
    widget.resize(1300, 420)
    widget.show()
    return widget


def test_get_proof_shows_the_receiver_the_receipt_and_the_pictures_and_asks_once(
    context: AppContext, panel: DetailPanel, qtbot: QtBot, shared_sandbox: str
) -> None:
    sandbox = SandboxControl(shared_sandbox)
    follow(context, sandbox, {WITH_AR: "on_time"})
    box = panel.proof_box
    panel.show_proof_page()
    with qtbot.waitSignal(box.proofMissing, timeout=WAIT_MS):
        panel.show_object(WITH_AR)
    assert box.get_button.isVisible()
    with qtbot.waitSignal(box.proofShown, timeout=WAIT_MS) as shown:
        qtbot.mouseClick(box.get_button, Qt.MouseButton.LeftButton)
    name, document = receiver_of(WITH_AR)
    assert shown.args[0].receiver == name
    assert (box.receiver_value.text(), box.document_value.text()) == (name, document)
    assert box.when_value.text().count("/") == 2
    assert box.place_value.text().endswith("/RJ")
    captions = [button.accessibleName() for button in box.strip.buttons]
    assert captions == ["Digital delivery receipt (AR)", "Fachada", "Assinatura"]
    assert all(not button.icon().isNull() for button in box.strip.buttons)
    assert box.get_button.isHidden()
    assert box.print_button.isVisible()

    before = proof_calls(sandbox)
    panel.show_object(None)
    assert box.isHidden()
    with qtbot.waitSignal(box.proofShown, timeout=WAIT_MS):
        panel.show_object(WITH_AR)
    assert proof_calls(sandbox) == before  # read from the office database: nothing sent


@pytest.fixture
def tab(context: AppContext, runner: TaskRunner, qtbot: QtBot, shared_sandbox: str) -> Iterator[TrackingTab]:
    follow(
        context,
        SandboxControl(shared_sandbox),
        {WITH_AR: "on_time", WITHOUT_AR: "late", WAITING: "awaiting_pickup"},
    )
    built = TrackingTab(context.tracking, runner, MessageArea())
    qtbot.addWidget(built)
    built.resize(1300, 720)
    with qtbot.waitSignal(built.objectsLoaded, timeout=WAIT_MS):
        built.show()
    yield built
    built.close()


def select(tab: TrackingTab, codes: list[str]) -> None:
    tab.table.clearSelection()
    selection = tab.table.selectionModel()
    for code in codes:
        row = tab.model.row_of_code(code)
        assert row is not None
        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        selection.select(tab.model.index(row, 0), flags)


def test_the_lists_get_proof_asks_the_delivered_selection_at_once(tab: TrackingTab, qtbot: QtBot) -> None:
    action = tab.proofs.action
    select(tab, [WAITING])
    assert not action.isEnabled()  # nothing delivered selected
    assert action in tab.toolbar.actions()
    assert action in tab.context_menu().actions()
    select(tab, [WITH_AR, WITHOUT_AR, WAITING])
    assert action.isEnabled()
    with qtbot.waitSignal(tab.proofs.fetched, timeout=WAIT_MS) as fetched:
        action.trigger()
    report: ProofReport = fetched.args[0]
    assert sorted(report.proofs) == sorted([WITH_AR, WITHOUT_AR])
    assert report.fetched == 2
    assert report.proofs[WITHOUT_AR].ar is None
    said = [bar.text() for bar in tab.messages.messages()]
    assert (
        "Proof of delivery: 2 proof(s) of delivery fetched; 1 selected object(s) not delivered, left out"
        in said
    )
    # the task's end comes after its result
    qtbot.waitUntil(tab.proofs.progress_bar.isHidden, timeout=WAIT_MS)
    assert action.isEnabled()
    with qtbot.waitSignal(tab.detail.proof_box.proofShown, timeout=WAIT_MS):  # the detail shows what came
        select(tab, [WITHOUT_AR])
    assert tab.detail.proof_box.strip.buttons[0].accessibleName() == "Fachada"


def test_a_fetch_waiting_for_pictures_stops_at_cancel_and_asks_again_later(
    context: AppContext, panel: DetailPanel, qtbot: QtBot, shared_sandbox: str
) -> None:
    sandbox = SandboxControl(shared_sandbox)
    follow(context, sandbox, {WITHOUT_AR: "on_time"})
    sandbox._call("PUT", "/tracking/proof-config", {"imagens_delay_s": 3600})
    box = panel.proof_box
    panel.show_proof_page()
    with qtbot.waitSignal(box.proofMissing, timeout=WAIT_MS):
        panel.show_object(WITHOUT_AR)
    box.fetch()
    assert box.progress_bar.isVisible()
    assert not box.get_button.isEnabled()
    qtbot.waitUntil(lambda: "recibo" in str(sandbox.stats()["requests"]), timeout=WAIT_MS)  # polling
    qtbot.mouseClick(box.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(box.progress_bar.isHidden, timeout=WAIT_MS)
    assert box.get_button.isVisible()
    assert box.get_button.isEnabled()
    assert box.proof() is None

    sandbox.advance_clock(3601)  # the pictures are ready now: asked again, the same receipt polled
    with qtbot.waitSignal(box.proofShown, timeout=WAIT_MS):
        box.fetch()
    assert [button.accessibleName() for button in box.strip.buttons] == ["Fachada", "Assinatura"]
