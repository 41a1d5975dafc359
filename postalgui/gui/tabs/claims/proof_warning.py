"""The proof of delivery as the answer to a "not delivered" claim, before it is filed.

`StoredProofs` reads, after each list of candidates, the proofs Tracking stored for the
delivered ones (`stored_proofs`, through the Claims feature's `Proofs` port: the office
database, nothing sent). `ProofWarning` is what the filing dialog shows above its
confirmation when a claim's reason says the parcel did not arrive as it should (211,
132, 148, 240) and the operator holds proof that it did: who received it, when, where,
and the pictures, with the operator's likely answer (refused, 530/546). The clerk may
still file: the dialog's Send then reads "File anyway". A delivered object whose proof
was never fetched gets "Get proof" there (`get_proofs`: Tracking asks the operator and
keeps it), and the confirmation is drawn again with what came.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from postalgui.gui.messages import arg, describe_error
from postalgui.gui.models.proof_words import captions, pictures, summary_text
from postalgui.gui.widgets.picture_strip import PictureStrip
from postalgui.gui.widgets.selectable_label import selectable_label
from postalgui.services.claims.proofs import get_proofs, stored_proofs
from postalgui.services.tracking.proof_records import ProofReport

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.claims.service import ClaimsService
    from postalgui.services.tracking.proof_records import DeliveryProof

__all__ = ["FETCH_KEY", "PROOFS_KEY", "ProofWarning", "StoredProofs"]

PROOFS_KEY = "claims.proofs"
FETCH_KEY = "claims.proofs.fetch"
ROOM = 200
"""The proofs' height at most (they scroll past it): the confirmation table stays in sight
at 1366 x 768; fewer lines take their own height."""


class StoredProofs(QObject):
    """The stored proofs of delivery of some candidates, by code (``found``), read in a task;
    `fetch` asks the operator for more.

    Signals: ``proofsRead(int)`` with how many proofs a read found; ``fetched(ProofReport)``
    after a fetch ended with what it came to (the proofs are in ``found`` too);
    ``fetchFailed(str)`` with why a fetch failed, in words.
    """

    proofsRead = Signal(int)
    fetched = Signal(ProofReport)
    fetchFailed = Signal(str)

    def __init__(self, desk: Desk[ClaimsService], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.desk = desk
        self.found: dict[str, DeliveryProof] = {}

    def read(self, codes: Sequence[str]) -> TaskHandle | None:
        """Read the proofs of ``codes`` (the newest read wins); none: nothing is read."""
        if not codes:
            self.found = {}
            return None
        return self.desk.run(
            stored_proofs,
            list(codes),
            name="claims proofs",
            key=PROOFS_KEY,
            owner=self,
            on_result=self._on_task_result,
            on_error=self._on_task_error,
        )

    @property
    def can_fetch(self) -> bool:
        """Whether this service reaches Tracking's proofs (a port; none in some tests)."""
        return self.desk.service.proofs() is not None

    def fetch(self, codes: Sequence[str]) -> TaskHandle:
        """Ask the operator for the proofs of ``codes`` (Tracking fetches and keeps them)."""
        return self.desk.run(
            get_proofs,
            list(codes),
            name="claims fetch proofs",
            key=FETCH_KEY,
            owner=self,
            on_result=self._on_fetch_task_result,
            on_error=self._on_fetch_task_error,
        )

    @Slot(object)
    def _on_fetch_task_result(self, report: ProofReport | None) -> None:
        if report is None:
            return
        self.found.update(report.proofs)
        self.fetched.emit(report)

    @Slot(object)
    def _on_fetch_task_error(self, error: BaseException) -> None:
        self.fetchFailed.emit(describe_error(error))

    @Slot(object)
    def _on_task_result(self, found: dict[str, DeliveryProof]) -> None:
        self.found = found
        self.proofsRead.emit(len(found))

    @Slot(object)
    def _on_task_error(self, _error: BaseException) -> None:
        """No proofs known: the claim is filed as before (the operator answers it)."""
        self.found = {}


class ProofWarning(QWidget):
    """The proofs of the objects about to be claimed as not delivered, and "Get proof" for
    the delivered ones whose proof was never fetched.

    Signals: ``getRequested(list)`` with the codes whose proofs "Get proof" asks for.
    """

    getRequested = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("claimsProofWarning")
        self.heading = QLabel(self)
        self.heading.setObjectName("claimsProofHeading")
        self.heading.setWordWrap(True)
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.rows = QWidget(self)
        self._rows = QVBoxLayout(self.rows)
        self._rows.setContentsMargins(0, 0, 0, 0)
        self.lines: list[QLabel] = []
        self.strips: list[PictureStrip] = []
        scroll = QScrollArea(self)
        scroll.setWidget(self.rows)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.rows_area = scroll
        self.missing_label = selectable_label(self, "claimsProofMissing")
        self.get_button = QPushButton(self.tr("&Get proof"), self)
        self.get_button.setObjectName("claimsGetProofButton")
        self.get_button.setToolTip(self.tr("Ask the operator for the proof of delivery of these objects"))
        self.get_button.clicked.connect(self._on_get_button_clicked)
        self._missing: list[str] = []
        asking = QHBoxLayout()
        asking.addWidget(self.missing_label, 1)
        asking.addWidget(self.get_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(scroll)
        layout.addLayout(asking)

    def show_proofs(self, proofs: Sequence[DeliveryProof], missing: Sequence[str] = ()) -> None:
        """One line per proof, then the codes ``missing`` a proof with "Get proof" (neither:
        the warning is hidden)."""
        while self._rows.count():
            item = self._rows.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.lines, self.strips = [], []
        if len(proofs) == 1:
            heading = self.tr(
                "The operator has proof of delivery for this object: a claim for it is likely refused "
                "(code 530/546)."
            )
        else:
            heading = self.tr(
                "The operator has proof of delivery for these objects: claims for them are likely refused "
                "(code 530/546)."
            )
        self.heading.setText(heading)
        for proof in proofs:
            self._rows.addWidget(self._row(proof))
        self.heading.setVisible(bool(proofs))
        self.rows_area.setVisible(bool(proofs))
        self.rows_area.setFixedHeight(min(ROOM, self.rows.sizeHint().height() + 2))  # its lines, no more
        self._missing = list(missing)
        self.missing_label.setText(
            arg(
                self.tr(
                    "No proof of delivery is known for %1 (delivered): with one, a claim saying it did not "
                    "arrive is likely refused."
                ),
                ", ".join(self._missing),
            )
        )
        self.missing_label.setVisible(bool(missing))
        self.get_button.setVisible(bool(missing))
        self.get_button.setEnabled(True)
        self.setVisible(bool(proofs) or bool(missing))

    def asking(self) -> None:
        """A fetch runs: said, and not asked twice."""
        self.get_button.setEnabled(False)
        self.missing_label.setText(
            self.tr("Asking the operator for %n proof(s) of delivery…", "", len(self._missing))
        )

    def say(self, text: str) -> None:
        """How a fetch ended, when it brought nothing to show."""
        self.missing_label.setText(text)
        self.missing_label.show()

    @Slot()
    def _on_get_button_clicked(self) -> None:
        if self._missing:
            self.getRequested.emit(list(self._missing))

    def _row(self, proof: DeliveryProof) -> QWidget:
        row = QWidget(self.rows)
        strip = PictureStrip(f"claimsProof{proof.code}", row)
        strip.set_pictures(pictures(proof), captions(proof))
        line = selectable_label(row, "claimsProofLine", f"{proof.code}: {summary_text(proof)}")
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(line, 1)
        layout.addWidget(strip)
        self.lines.append(line)
        self.strips.append(strip)
        return row
