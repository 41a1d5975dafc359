"""`ProofBox`: a delivered object's proof of delivery, as a clerk shows it to a customer who
says the parcel never came.

Who received it and their document, when (local ``DD/MM/AAAA HH:MM``) and where, and the
pictures (`PictureStrip`: the digital delivery receipt, the delivery photos; a click shows
one large). The proof is read from the office database in a task (`stored_proof`: the
database may be a server away; the newest object asked wins, as the detail's own read);
nothing stored yet offers "Get proof", which asks the operator (`fetch_proofs`: receipts
in calls of ten, the pictures asked once and polled) with progress and Cancel, and
stores what came so nobody asks twice. Pictures the operator is still preparing are said
so, and "Get proof" asks again. "Print proof…" and "Save proof as PDF…" make the
"Comprovante de entrega" (`proof_pdf`, in the language the window speaks) in a task; it
is printed from the app's PDF viewer, as other PDFs are.

A fetch belongs to the box, not to the object shown: a clerk who clicks another row
while it runs finds its result in the tab's messages, and the proof when back on the row.
"""

from __future__ import annotations

import shutil
import tempfile
import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QFormLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from postalgui.api.cancel import Progress
from postalgui.gui.i18n import ui_language
from postalgui.gui.messages import arg, describe_error, local_datetime, or_dash
from postalgui.gui.models.proof_words import captions, pictures, receiver_name
from postalgui.gui.tabs.tracking.proof_words import report_text
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.pdf_viewer import PdfViewerWindow
from postalgui.gui.widgets.picture_strip import PictureStrip
from postalgui.gui.widgets.saved_file import SavedFileReporter, ask_save_path, pdf_type
from postalgui.gui.widgets.selectable_label import selectable_label
from postalgui.gui.widgets.task_progress import show_progress, task_progress
from postalgui.services.tracking.proof_records import DeliveryProof, ProofReport
from postalgui.services.tracking.proofs import fetch_proofs, proof_pdf, stored_proof
from postalgui.services.tracking.status import Status
from postalgui.store.atomic import write_atomically

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.tracking.records import WatchedObject
    from postalgui.services.tracking.service import TrackingService

__all__ = ["FETCH_KEY", "FILE_KEY", "READ_KEY", "ProofBox", "write_proof_pdf"]

READ_KEY = "tracking.detail.proof"
FETCH_KEY = "tracking.proof.fetch"
FILE_KEY = "tracking.proof.file"


def write_proof_pdf(
    task: TaskControl, service: TrackingService, proofs: Sequence[DeliveryProof], path: Path, language: str
) -> Path:
    """The "Comprovante de entrega" of ``proofs`` at ``path``, whole or not at all."""
    del task, service
    return write_atomically(path, proof_pdf(proofs, language))


def _language() -> str:
    """The PDF's language: Portuguese unless the window speaks English."""
    return "en" if ui_language() == "en" else "pt"


class ProofBox(QGroupBox):
    """The proof's facts and pictures, Get proof, Print proof…, Save proof as PDF….

    Signals: ``proofShown(DeliveryProof)`` when a proof is on screen (read or fetched);
    ``proofMissing(str)`` with the code of a delivered object no proof is stored for;
    ``fetched(ProofReport)`` after a "Get proof" ended with its `ProofReport`;
    ``printed(int)`` with the pages printed.
    """

    proofShown = Signal(DeliveryProof)
    proofMissing = Signal(str)
    fetched = Signal(ProofReport)
    printed = Signal(int)

    def __init__(self, desk: Desk[TrackingService], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trackingProofBox")
        self.setTitle(self.tr("Proof of delivery"))
        self.desk = desk
        self._code = ""
        self._proof: DeliveryProof | None = None
        self._fetching = ""
        self._read: TaskHandle | None = None
        self._fetch: TaskHandle | None = None
        self._windows: list[PdfViewerWindow] = []
        self._folder: Path | None = None
        self.ask_save: Callable[[str], Path | None] = self._ask_save_path
        self.ask_print: Callable[[PdfViewerWindow], int] = lambda window: window.viewer.print_with_dialog()
        self.saved = SavedFileReporter(desk.messages, FILE_KEY, self)
        self._build()
        self.hide()

    def _build(self) -> None:
        self.state_label = selectable_label(self, "proofState")
        self.receiver_value = selectable_label(self, "proofReceiver")
        self.document_value = selectable_label(self, "proofDocument")
        self.when_value = selectable_label(self, "proofDeliveredAt")
        self.place_value = selectable_label(self, "proofPlace")
        self.facts = QWidget(self)
        form = QFormLayout(self.facts)
        form.setContentsMargins(0, 0, 0, 0)
        for text, value in (
            (self.tr("Received by:"), self.receiver_value),
            (self.tr("Document:"), self.document_value),
            (self.tr("Delivered at:"), self.when_value),
            (self.tr("Place:"), self.place_value),
        ):
            form.addRow(QLabel(text, self.facts), value)
        self.strip = PictureStrip("proofPictures", self)
        self.get_button = QPushButton(self.tr("G&et proof"), self)
        self.get_button.setObjectName("proofGetButton")
        self.get_button.setToolTip(
            self.tr("Ask the operator for the receiver, the receipt and the delivery pictures")
        )
        self.print_button = QPushButton(self.tr("Pri&nt proof…"), self)
        self.print_button.setObjectName("proofPrintButton")
        self.save_button = QPushButton(self.tr("Save proof as P&DF…"), self)
        self.save_button.setObjectName("proofSaveButton")
        busy = QWidget(self)
        self.progress_bar, self.cancel_button = task_progress(
            busy, "proof", self.tr("Cancel"), self.tr("Stop asking; what came so far is kept"), self.cancel
        )
        buttons = QHBoxLayout()
        for button in (self.get_button, self.print_button, self.save_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        column = QVBoxLayout(self)
        column.addWidget(self.facts)
        column.addWidget(self.strip)
        column.addWidget(self.state_label)
        column.addLayout(buttons)
        column.addWidget(busy)
        self.get_button.clicked.connect(self._on_get_button_clicked)
        self.print_button.clicked.connect(self._on_print_button_clicked)
        self.save_button.clicked.connect(self._on_save_button_clicked)

    # --- what the detail asks ---------------------------------------------------------------

    def code(self) -> str:
        """The delivered object whose proof the box shows ("" when hidden)."""
        return self._code

    def proof(self) -> DeliveryProof | None:
        return self._proof

    def show_object(self, found: WatchedObject | None) -> TaskHandle | None:
        """The proof of ``found`` when it is delivered (read in the background); hidden otherwise."""
        delivered = found is not None and found.status is Status.DELIVERED
        self._code = found.code if found is not None and delivered else ""
        self._show(None)
        self.setVisible(delivered)
        if self._read is not None:  # the newest object asked wins
            self._read.cancel()
            self._read = None
        return self.reload() if self._code else None

    def reload(self) -> TaskHandle | None:
        """Read the shown object's proof again (another part of the tab fetched it)."""
        if not self._code:
            return None
        self.state_label.setText(self.tr("Reading the proof of delivery…"))
        self.state_label.show()
        self._read = self.desk.run(
            stored_proof,
            self._code,
            name="stored proof",
            key=READ_KEY,
            owner=self,
            on_result=self._on_read_task_result,
            on_error=self._on_read_task_error,
        )
        return self._read

    def fetch(self) -> TaskHandle | None:
        """ "Get proof": ask the operator for the shown object's proof (one fetch at a time)."""
        if not self._code or self._fetching:
            return None
        self._fetching = self._code
        self.desk.messages.clear(FETCH_KEY)
        self._fetch = self.desk.run(
            fetch_proofs,
            [self._code],
            name="fetch proof",
            key=FETCH_KEY,
            owner=self,
            on_result=self._on_fetch_task_result,
            on_error=self._on_fetch_task_error,
            on_progress=self._on_fetch_task_progress,
            on_finished=self._on_fetch_task_finished,
        )
        self._progress(Progress(0, None, self.tr("Asking the operator…")))  # the code is the detail's heading
        self._update_buttons()
        return self._fetch

    @Slot()
    def cancel(self) -> None:
        """Stop a "Get proof" (what was stored so far stays); its end hides the progress."""
        if self._fetch is not None:
            self._fetch.cancel()

    def print_proof(self) -> TaskHandle | None:
        """ "Print proof…": the PDF made, shown in the viewer, and its print dialog."""
        if self._proof is None:
            return None
        if self._folder is None:
            self._folder = Path(tempfile.mkdtemp(prefix="postalgui-proofs-"))
            weakref.finalize(self, shutil.rmtree, self._folder, True)
        path = self._folder / f"{self._proof.code}.pdf"
        return self._write(path, self._on_print_task_result)

    def save_proof(self) -> TaskHandle | None:
        """ "Save proof as PDF…": where the clerk says (the save dialog, the last folder)."""
        path = self.ask_save(self._proof.code) if self._proof is not None else None
        return self._write(path, self.saved.saved) if path is not None else None

    def windows(self) -> list[PdfViewerWindow]:
        """The proofs open in the viewer now (printed from there)."""
        return list(self._windows)

    # --- showing ------------------------------------------------------------------------------

    def _show(self, proof: DeliveryProof | None, waiting: bool = False) -> None:
        self._proof = proof
        self.facts.setVisible(proof is not None)
        if proof is None:
            for label in (self.receiver_value, self.document_value, self.when_value, self.place_value):
                label.clear()
            self.strip.set_pictures((), ())
            self.state_label.clear()
        else:
            self.receiver_value.setText(receiver_name(proof))
            self.document_value.setText(or_dash(proof.document.strip()))
            when = proof.delivered_at
            self.when_value.setText(local_datetime(when) if when is not None else "\N{EM DASH}")
            self.place_value.setText(or_dash(proof.place))
            self.strip.set_pictures(pictures(proof), captions(proof))
            self.state_label.setText(self._state_of(proof, waiting))
        self.strip.setVisible(bool(self.strip.buttons))
        self.state_label.setVisible(bool(self.state_label.text()))
        self._update_buttons(waiting or proof is None or not proof.has_pictures)

    def _state_of(self, proof: DeliveryProof, waiting: bool) -> str:
        if waiting:
            return self.tr(
                "The operator is still preparing the delivery pictures: ask again in a while (Get proof)."
            )
        if not proof.has_pictures:
            return self.tr("The operator sent no pictures for this delivery.")
        note = proof.note.strip()
        return arg(self.tr("The operator's note: %1"), note) if note else ""

    def _update_buttons(self, may_ask: bool | None = None) -> None:
        if may_ask is not None:
            self.get_button.setVisible(may_ask)
        if self._proof is not None and self._proof.has_pictures and not self.get_button.isVisible():
            self.get_button.setText(self.tr("G&et proof"))
        elif self._proof is not None:
            self.get_button.setText(self.tr("As&k again"))
        else:
            self.get_button.setText(self.tr("G&et proof"))
        self.get_button.setEnabled(not self._fetching)
        for button in (self.print_button, self.save_button):
            button.setVisible(self._proof is not None)

    def _progress(self, progress: Progress) -> None:
        show_progress(self.progress_bar, self.cancel_button, progress)

    def _fetch_ended(self) -> None:
        self._fetching = ""
        self._fetch = None
        self.progress_bar.hide()
        self.cancel_button.hide()
        self._update_buttons()

    def _write(self, path: Path, on_result: Callable[[Path], None]) -> TaskHandle | None:
        if self._proof is None:
            return None
        return self.desk.run(
            write_proof_pdf,
            [self._proof],
            path,
            _language(),
            name="proof PDF",
            key=FILE_KEY,
            owner=self,
            on_result=on_result,
            on_error=self.saved.failed,
        )

    # --- tasks --------------------------------------------------------------------------------

    @Slot(object)
    def _on_read_task_result(self, proof: DeliveryProof | None) -> None:
        self._read = None
        self._show(proof)
        if proof is None:
            self.state_label.setText(self.tr("No proof stored yet: Get proof asks the operator for it."))
            self.state_label.show()
            self.proofMissing.emit(self._code)
        else:
            self.proofShown.emit(proof)

    @Slot(object)
    def _on_read_task_error(self, error: BaseException) -> None:
        self._read = None
        self.state_label.setText("")
        text = arg(
            self.tr("The proof of delivery of %1 could not be read: %2"), self._code, describe_error(error)
        )
        self.desk.messages.show_message(text, MessageKind.ERROR, key=READ_KEY)

    @Slot(object)
    def _on_fetch_task_progress(self, progress: Progress) -> None:
        self._progress(progress)

    @Slot(object)
    def _on_fetch_task_result(self, report: ProofReport) -> None:
        code = self._fetching
        problem = report.problems.get(code)
        if problem:
            text = arg(self.tr("The operator refused the proof of delivery of %1: %2"), code, problem)
            self.desk.messages.show_message(text, MessageKind.ERROR, key=FETCH_KEY)
        elif code != self._code:  # the clerk moved on: said where they are now
            said = arg(self.tr("Proof of delivery of %1: %2"), code, report_text(report))
            self.desk.messages.show_message(said, MessageKind.INFO, key=FETCH_KEY)
        if code == self._code:
            self._show_fetched(report)
        self.fetched.emit(report)

    def _show_fetched(self, report: ProofReport) -> None:
        code = self._code
        proof = report.proofs.get(code)
        self._show(proof, waiting=code in report.waiting)
        if proof is not None:
            self.proofShown.emit(proof)
        elif code in report.not_delivered:
            self.state_label.setText(self.tr("The operator does not report this object as delivered yet."))
        elif code in report.waiting:
            self.state_label.setText(
                self.tr("The operator is still preparing the proof: ask again in a while (Get proof).")
            )
        elif not report.problems:
            self.state_label.setText(self.tr("The operator has no proof of delivery for this object."))
        self.state_label.setVisible(bool(self.state_label.text()))

    @Slot(object)
    def _on_fetch_task_error(self, error: BaseException) -> None:
        text = arg(
            self.tr("The proof of delivery of %1 could not be fetched: %2"),
            self._fetching,
            describe_error(error),
        )
        self.desk.messages.show_message(text, MessageKind.ERROR, key=FETCH_KEY)

    @Slot(bool)
    def _on_fetch_task_finished(self, _cancelled: bool) -> None:
        self._fetch_ended()

    @Slot(object)
    def _on_print_task_result(self, path: Path) -> None:
        window = PdfViewerWindow(path, self)
        window.setWindowTitle(arg(self.tr("Proof of delivery %1"), path.stem))
        window.closed.connect(self._on_window_closed)
        self._windows.append(window)
        window.show()
        pages = self.ask_print(window)
        if pages:
            self.printed.emit(pages)

    @Slot()
    def _on_window_closed(self) -> None:
        sender = self.sender()
        if sender in self._windows:
            self._windows.remove(sender)

    @Slot()
    def _on_get_button_clicked(self) -> None:
        self.fetch()

    @Slot()
    def _on_print_button_clicked(self) -> None:
        self.print_proof()

    @Slot()
    def _on_save_button_clicked(self) -> None:
        self.save_proof()

    def _ask_save_path(self, code: str) -> Path | None:
        name = arg(self.tr("proof-%1"), code)
        return ask_save_path(self, self.tr("Save the proof of delivery"), name, [pdf_type()])
