"""Proofs of delivery in the Claims tab, over the real context, its office database and the
shared sandbox: the proofs Tracking fetched answer a "not delivered" claim before it is sent,
and go with the claims when they are exported.

A parcel the sandbox delivered late is followed, and its proof fetched as the Tracking tab
does (`fetch_proofs`); the filing dialog shows it when the clerk picks reason 211 (and not
for 135, delivered late, which the proof does not answer), and Send reads "File anyway".
The Filed claims page's export writes the proof beside the spreadsheet and names it there.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from postalgui.api.cancel import PlainTask
from postalgui.gui.tabs.claims import ClaimsTab
from postalgui.gui.tabs.claims.file_dialog import FileDialog
from postalgui.gui.tabs.claims.filed_page import FiledPage
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.sandbox.tracking.receivers import receiver_of
from postalgui.services.context import AppContext
from postalgui.services.ports import NewObject
from postalgui.services.tracking.proofs import fetch_proofs
from postalgui.services.tracking.use_cases import refresh
from tests.e2e.conftest import SandboxControl
from tests.gui.claims_support import OPEN, WAIT_MS, code, holder, write_claims
from tests.gui.test_claims_candidates import LATER, SOON, give_names, register_late, sandbox_now


def fetch(context: AppContext, url: str, codes: list[str]) -> None:
    """The proofs of ``codes``, fetched and kept as the Tracking tab's Get proof does."""
    SandboxControl(url)._call("PUT", "/tracking/proof-config", {"imagens_delay_s": 0})
    report = fetch_proofs(PlainTask(), context.tracking, codes)
    assert sorted(report.proofs) == sorted(codes)


@pytest.fixture
def tab(context: AppContext, runner: TaskRunner, shared_sandbox: str, qtbot: QtBot) -> Iterator[ClaimsTab]:
    now = sandbox_now(shared_sandbox)
    register_late(shared_sandbox, SOON, now - timedelta(days=60))
    register_late(shared_sandbox, LATER, now - timedelta(days=25))
    context.tracking.watchlist().add([NewObject(SOON), NewObject(LATER)], source="cli")
    refresh(PlainTask(), context.tracking, [SOON, LATER])
    fetch(context, shared_sandbox, [SOON])
    built = ClaimsTab(context.claims, runner, MessageArea())
    qtbot.addWidget(built)
    built.resize(1200, 720)
    with qtbot.waitSignal(built.candidates.proofs.proofsRead, timeout=WAIT_MS) as read:
        built.show()  # the candidates come after the first paint, their proofs after them
    assert read.args == [1]
    yield built
    built.close()


def reviewed(
    reason: int, seen: list[FileDialog], then: Callable[[FileDialog], None] = lambda dialog: None
) -> object:
    def answer(dialog: QDialog) -> bool:
        assert isinstance(dialog, FileDialog)
        form = dialog.form
        form.reason_combo.setCurrentIndex(form.reason_combo.findData(reason))
        form.email_edit.setText("expedicao@example.com.br")
        form.phone_edit.setText("11987654321")
        give_names(dialog, "Ana Souza")
        assert dialog.review()
        seen.append(dialog)
        then(dialog)
        return False  # looked, then cancelled: nothing is sent

    return answer


def test_a_not_delivered_claim_for_an_object_with_proof_shows_the_proof_first(
    tab: ClaimsTab, context: AppContext, qtbot: QtBot
) -> None:
    page = tab.candidates
    page.select_codes([SOON, LATER])
    seen: list[FileDialog] = []
    name, document = receiver_of(SOON)

    def look_then_get_the_other(dialog: FileDialog) -> None:
        warning = dialog.warning
        assert not warning.isHidden()
        assert warning.heading.text() == (
            "The operator has proof of delivery for this object: "
            "a claim for it is likely refused (code 530/546)."
        )
        (line,) = warning.lines
        assert line.text().startswith(f"{SOON}: Received by {name} (document {document}) on ")
        assert [b.accessibleName() for b in warning.strips[0].buttons][-2:] == ["Fachada", "Assinatura"]
        assert dialog.send_button.text() == "&File anyway"
        assert dialog.missing() == [LATER]  # delivered, its proof never fetched: offered
        assert LATER in warning.missing_label.text()
        with qtbot.waitSignal(page.proofs.fetched, timeout=WAIT_MS):
            qtbot.mouseClick(warning.get_button, Qt.MouseButton.LeftButton)
        assert [line.text()[:13] for line in dialog.warning.lines] == [SOON, LATER]
        assert dialog.warning.heading.text().startswith(
            "The operator has proof of delivery for these objects"
        )
        assert dialog.warning.get_button.isHidden()

    page.open_dialog = reviewed(211, seen, look_then_get_the_other)  # type: ignore[assignment]
    assert page.file_selected() is None
    assert len(seen) == 1
    assert context.claims.book().claims() == []
    assert sorted(page.proofs.found) == sorted([SOON, LATER])  # kept: the next filing knows both

    page.open_dialog = reviewed(135, seen)  # type: ignore[assignment]
    page.file_selected()
    late = seen[-1]
    assert late.warning.isHidden()  # delivered late: the proof does not answer it
    assert late.send_button.text() == "&Send"


def test_exported_claims_carry_their_proofs_beside_the_spreadsheet(
    context: AppContext, runner: TaskRunner, shared_sandbox: str, qtbot: QtBot, tmp_path: Path
) -> None:
    sandbox = SandboxControl(shared_sandbox)
    for serial in (1, 2):
        sandbox.register_object(code(serial), sandbox.now() - timedelta(days=20), "on_time")
    context.tracking.watchlist().add([NewObject(code(1)), NewObject(code(2))], source="cli")
    refresh(PlainTask(), context.tracking, [code(1), code(2)])
    fetch(context, shared_sandbox, [code(1)])
    write_claims(context.claims, [(1, OPEN), (2, OPEN)])
    box, desk = holder(context, runner, qtbot)
    page = FiledPage(desk, box)
    box.layout().addWidget(page)
    with qtbot.waitSignal(page.claimsLoaded, timeout=WAIT_MS):
        box.show()
    qtbot.waitUntil(lambda: not page.follower.running, timeout=WAIT_MS)
    sheet = tmp_path / "pedidos.csv"
    page.ask_save = lambda: sheet
    with qtbot.waitSignal(page.saved.exported, timeout=WAIT_MS):
        page.export_action.trigger()
    folder = tmp_path / "pedidos-comprovantes"
    assert [path.name for path in folder.iterdir()] == [f"{code(1)}.pdf"]
    assert (folder / f"{code(1)}.pdf").read_bytes().startswith(b"%PDF-")
    rows = list(csv.DictReader(sheet.read_text(encoding="utf-8-sig").splitlines(), delimiter=";"))
    named = {row["Objeto"]: row["Comprovante de entrega"] for row in rows}  # the sheet speaks Portuguese
    assert named == {code(1): f"pedidos-comprovantes/{code(1)}.pdf", code(2): ""}
    said = [bar.text() for bar in desk.messages.messages()]
    assert said == [f"Saved to {sheet}. 1 proof(s) of delivery attached in the folder pedidos-comprovantes."]
