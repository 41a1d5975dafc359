"""The proof of delivery as the answer to a "not delivered" claim, before it is filed.

`StoredProofs` reads, after each list of candidates, the proofs Tracking stored for the
delivered ones (`stored_proofs`, through the Claims feature's `Proofs` port: the office
database, nothing sent). `ProofWarning` is what the filing dialog shows above its
confirmation when a claim's reason says the parcel did not arrive as it should (211,
132, 148, 240) and the operator holds proof that it did: who received it, when, where,
and the pictures, with the operator's likely answer (refused, 530/546). The clerk may
still file: the dialog's Send then reads "File anyway".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from postalgui.gui.models.proof_words import captions, pictures, summary_text
from postalgui.gui.widgets.picture_strip import PictureStrip
from postalgui.gui.widgets.selectable_label import selectable_label
from postalgui.services.claims.proofs import stored_proofs

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.claims.service import ClaimsService
    from postalgui.services.tracking.proof_records import DeliveryProof

__all__ = ["PROOFS_KEY", "ProofWarning", "StoredProofs"]

PROOFS_KEY = "claims.proofs"
ROOM = 200
"""The warning's height at most (it scrolls past it): the confirmation table stays in sight
at 1366 x 768."""


class StoredProofs(QObject):
    """The stored proofs of delivery of some candidates, by code (``found``), read in a task.

    Signals: ``proofsRead(int)`` with how many proofs a read found.
    """

    proofsRead = Signal(int)

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

    @Slot(object)
    def _on_task_result(self, found: dict[str, DeliveryProof]) -> None:
        self.found = found
        self.proofsRead.emit(len(found))

    @Slot(object)
    def _on_task_error(self, _error: BaseException) -> None:
        """No proofs known: the claim is filed as before (the operator answers it)."""
        self.found = {}


class ProofWarning(QWidget):
    """The proofs of the objects about to be claimed as not delivered. Signals: none."""

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
        scroll.setMaximumHeight(ROOM)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(scroll)

    def show_proofs(self, proofs: Sequence[DeliveryProof]) -> None:
        """One line per proof (none: the warning is hidden)."""
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
        self.setVisible(bool(proofs))

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
