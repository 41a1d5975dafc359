"""The Tracking detail's proof of delivery: who received it, when and where, the pictures, and
Get proof, Print proof…, Save proof as PDF… (the office database is real, the operator a stand-in).

The end-to-end run against the sandbox is `test_tracking_proof_sandbox`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtPrintSupport import QPrinter
from pytestqt.qtbot import QtBot

from postalgui.gui import i18n
from postalgui.gui.desk import Desk
from postalgui.gui.tabs.tracking import proof_box
from postalgui.gui.tabs.tracking.detail_panel import PROOF_PAGE, DetailPanel
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.pdf_viewer import PdfViewerWindow
from postalgui.gui.widgets.picture_strip import PictureDialog
from postalgui.services.ports import NewObject
from postalgui.services.tracking.proof_book import ProofBook
from postalgui.services.tracking.proof_pdf import proof_pdf
from postalgui.services.tracking.proof_records import DeliveryProof, ProofImage, ProofReport
from postalgui.services.tracking.service import TrackingService
from tests.gui.test_tracking_detail import DELIVERED_LATE, WAITING, FakeTracking

CODE = "DG049186226BR"
DELIVERED = datetime(2026, 11, 23, 13, 15, tzinfo=UTC)  # 10:15 in São Paulo
WAIT_MS = 10_000


def png(width: int, height: int, color: str) -> bytes:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor(color))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def proof(*, ar: ProofImage | None = None, images: tuple[ProofImage, ...] = ()) -> DeliveryProof:
    return DeliveryProof(
        code=CODE,
        receiver="Maria da Silva",
        document="12345678",
        delivered_at=DELIVERED,
        place="CDD CAMPINAS, Campinas/SP",
        ar=ar,
        images=images,
        fetched_at=DELIVERED,
        fetched_by="clerk.a",
        note="",
    )


FACADE = ProofImage("image/png", png(640, 480, "steelblue"), "Fachada")
SIGNATURE = ProofImage("image/png", png(400, 120, "white"), "")


class ProofTracking(FakeTracking):
    """The detail's stand-in service with the office's proof book."""

    def proofs(self) -> ProofBook:
        return ProofBook(self.office)

    def keep(self, kept: DeliveryProof) -> None:
        book = self.proofs()
        book.start([kept])
        book.complete({kept.code: (list(kept.images), kept.note)}, kept.fetched_at)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[ProofTracking]:
    fake = ProofTracking(tmp_path)
    fake.follow(NewObject(CODE), DELIVERED_LATE)
    fake.follow(NewObject("AA123456785BR"), WAITING)
    yield fake
    fake.office.close()


@pytest.fixture
def panel(qtbot: QtBot, qapp: object, service: ProofTracking) -> Iterator[DetailPanel]:
    del qapp
    runner = TaskRunner()
    messages = MessageArea()
    qtbot.addWidget(messages)
    widget = DetailPanel(Desk(cast(TrackingService, service), runner, messages))
    qtbot.addWidget(widget)
    widget.resize(1300, 400)
    widget.show()
    yield widget
    assert runner.shutdown(15000), "background tasks did not end"


def shown(qtbot: QtBot, panel: DetailPanel, code: str = CODE) -> proof_box.ProofBox:
    box = panel.proof_box
    panel.show_proof_page()  # the clerk turns to the proof's page (it stays forward)
    with qtbot.waitSignals([box.proofShown], timeout=WAIT_MS, raising=False):
        panel.show_object(code)
    return box


def messages_of(panel: DetailPanel) -> list[str]:
    return [bar.text() for bar in panel.desk.messages.messages()]


def test_a_delivered_objects_proof_shows_who_when_where_and_its_pictures(
    qtbot: QtBot, panel: DetailPanel, service: ProofTracking, desk_zone: Callable[[str], None]
) -> None:
    desk_zone("America/Sao_Paulo")
    service.keep(proof(ar=FACADE, images=(FACADE, SIGNATURE)))
    box = shown(qtbot, panel)
    qtbot.waitUntil(lambda: box.proof() is not None, timeout=WAIT_MS)
    assert box.isVisible()
    assert panel.sides.isTabVisible(PROOF_PAGE)
    assert panel.sides.tabText(PROOF_PAGE) == "Proof of delivery"
    assert box.receiver_value.text() == "Maria da Silva"
    assert box.document_value.text() == "12345678"
    assert box.when_value.text() == "23/11/2026 10:15"
    assert box.place_value.text() == "CDD CAMPINAS, Campinas/SP"
    buttons = box.strip.buttons
    assert [button.accessibleName() for button in buttons] == [
        "Digital delivery receipt (AR)",
        "Fachada",
        "Delivery picture 2",
    ]
    assert all(not button.icon().isNull() for button in buttons)
    assert box.get_button.isHidden()  # stored: nothing to ask
    assert box.print_button.isVisible()
    assert box.save_button.isVisible()
    qtbot.mouseClick(buttons[1], Qt.MouseButton.LeftButton)
    (large,) = box.strip.windows
    assert isinstance(large, PictureDialog)
    assert large.windowTitle() == "Fachada"
    pixmap = large.image_label.pixmap()
    assert (pixmap.width(), pixmap.height()) == (640, 480)  # at its own size: it fits the screen
    large.close()


def test_an_ar_sent_as_a_pdf_opens_in_the_apps_pdf_viewer(
    qtbot: QtBot, panel: DetailPanel, service: ProofTracking
) -> None:
    receipt = proof(images=(FACADE,))
    service.keep(proof(ar=ProofImage("application/pdf", proof_pdf([receipt], "pt")), images=(FACADE,)))
    box = shown(qtbot, panel)
    qtbot.waitUntil(lambda: box.proof() is not None, timeout=WAIT_MS)
    button = box.strip.buttons[0]
    assert button.text() == "Digital delivery receipt (AR) (PDF)"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    (window,) = box.strip.windows
    assert isinstance(window, PdfViewerWindow)
    assert window.viewer.page_count == 1
    assert "Maria da Silva" in window.viewer.all_text()
    window.close()


def test_an_object_not_delivered_has_no_proof_page(
    qtbot: QtBot, panel: DetailPanel, service: ProofTracking
) -> None:
    panel.show_proof_page()
    with qtbot.waitSignal(panel.objectShown, timeout=WAIT_MS):
        panel.show_object("AA123456785BR")
    assert not panel.sides.isTabVisible(PROOF_PAGE)
    assert panel.sides.currentWidget() is panel.timeline_table  # the timeline comes forward
    assert panel.proof_box.isHidden()
    assert panel.proof_box.code() == ""
    with qtbot.waitSignal(panel.objectShown, timeout=WAIT_MS):
        panel.show_object(CODE)  # delivered: the page the clerk turned to comes back
    assert panel.sides.isTabVisible(PROOF_PAGE)
    assert panel.sides.currentIndex() == PROOF_PAGE


def report(**values: Any) -> ProofReport:
    given: dict[str, Any] = {"proofs": {}, "fetched": 0, "not_delivered": (), "waiting": (), "problems": {}}
    return ProofReport(**(given | values))


def answering(monkeypatch: pytest.MonkeyPatch, answer: ProofReport, asked: list[list[str]]) -> None:
    """The operator's stand-in: `fetch_proofs` answers ``answer`` and notes the codes asked."""

    def fetch(task: object, service: object, codes: list[str]) -> ProofReport:
        del task, service
        asked.append(list(codes))
        return answer

    monkeypatch.setattr(proof_box, "fetch_proofs", fetch)


def test_nothing_stored_offers_get_proof_and_pictures_not_ready_are_said_so(
    qtbot: QtBot, panel: DetailPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    box = panel.proof_box
    panel.show_proof_page()
    with qtbot.waitSignal(box.proofMissing, timeout=WAIT_MS) as missing:
        panel.show_object(CODE)
    assert missing.args == [CODE]
    assert box.state_label.text() == "No proof stored yet: Get proof asks the operator for it."
    assert box.get_button.isVisible()
    assert box.get_button.isEnabled()
    assert box.print_button.isHidden()
    asked: list[list[str]] = []
    answering(monkeypatch, report(waiting=(CODE,)), asked)
    with qtbot.waitSignal(box.fetched, timeout=WAIT_MS):
        qtbot.mouseClick(box.get_button, Qt.MouseButton.LeftButton)
    assert asked == [[CODE]]
    assert "still preparing" in box.state_label.text()
    assert box.get_button.isVisible()
    assert box.get_button.isEnabled()
    assert box.progress_bar.isHidden()


def test_got_proof_is_shown_at_once_and_a_refusal_names_the_operators_code(
    qtbot: QtBot, panel: DetailPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    box = panel.proof_box
    panel.show_proof_page()
    with qtbot.waitSignal(box.proofMissing, timeout=WAIT_MS):
        panel.show_object(CODE)
    asked: list[list[str]] = []
    refusal = "SRO-020: Objeto não encontrado na base de dados"
    answering(monkeypatch, report(problems={CODE: refusal}), asked)
    with qtbot.waitSignal(box.fetched, timeout=WAIT_MS):
        box.fetch()
    (said,) = messages_of(panel)
    assert said == f"The operator refused the proof of delivery of {CODE}: {refusal}"
    answering(monkeypatch, report(proofs={CODE: proof(images=(FACADE,))}, fetched=1), asked)
    with qtbot.waitSignal(box.proofShown, timeout=WAIT_MS):
        box.fetch()
    assert box.receiver_value.text() == "Maria da Silva"
    assert len(box.strip.buttons) == 1
    assert box.get_button.isHidden()


def test_save_and_print_make_the_comprovante(
    qtbot: QtBot, panel: DetailPanel, service: ProofTracking, tmp_path: Path
) -> None:
    service.keep(proof(images=(FACADE, SIGNATURE)))
    box = shown(qtbot, panel)
    qtbot.waitUntil(lambda: box.proof() is not None, timeout=WAIT_MS)
    target = tmp_path / "saved" / "comprovante.pdf"
    box.ask_save = lambda code: target if code == CODE else None
    with qtbot.waitSignal(box.saved.exported, timeout=WAIT_MS):
        qtbot.mouseClick(box.save_button, Qt.MouseButton.LeftButton)
    assert target.read_bytes().startswith(b"%PDF-")
    assert messages_of(panel) == [f"Saved to {target}"]
    printed_to = tmp_path / "printed.pdf"

    def print_to_file(window: PdfViewerWindow) -> int:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(printed_to))
        return window.viewer.print_to(printer)

    box.ask_print = print_to_file
    with qtbot.waitSignal(box.printed, timeout=WAIT_MS) as printed:
        qtbot.mouseClick(box.print_button, Qt.MouseButton.LeftButton)
    assert printed.args == [1]
    assert printed_to.stat().st_size > 0
    (window,) = box.windows()
    assert "Maria da Silva" in window.viewer.all_text()
    window.close()


def test_in_portuguese_the_proof_reads_as_the_office_says_it(
    qtbot: QtBot, panel: DetailPanel, service: ProofTracking, qapp: QCoreApplication
) -> None:
    service.keep(replace(proof(ar=FACADE), receiver=""))
    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        box = shown(qtbot, panel)
        qtbot.waitUntil(lambda: box.proof() is not None, timeout=WAIT_MS)
        assert box.receiver_value.text() == "não informado pelo operador"
        assert box.document_value.text() == "12345678"
        assert box.strip.buttons[0].accessibleName() == "Aviso de recebimento digital (AR)"
    finally:
        i18n.remove_translators(qapp, installed)


def test_the_newest_object_asked_wins(qtbot: QtBot, panel: DetailPanel, service: ProofTracking) -> None:
    service.keep(proof(images=(FACADE,)))
    box = panel.proof_box
    panel.show_proof_page()
    with qtbot.waitSignal(panel.objectShown, timeout=WAIT_MS):
        panel.show_object(CODE)
        panel.show_object("AA123456785BR")  # asked before the first one's proof was read
    qtbot.waitUntil(lambda: panel.desk.runner.active_count == 0, timeout=WAIT_MS)  # every read ended
    assert box.isHidden()
    assert box.proof() is None
