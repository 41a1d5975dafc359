"""`ProofAction`: "Get proof of delivery" for the objects selected in the Tracking list.

A clerk preparing for a dispute, or for a month's claims, asks the proofs of many
delivered parcels at once (`fetch_proofs`: receipts in calls of ten, the pictures asked
once and polled, each proof stored so nobody asks twice), with progress and Cancel under
the list. Objects not delivered are left out before anything is asked; the result is one
line in the tab's messages (fetched, stored before, waiting for pictures, refused with
the operator's words).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QWidget

from postalgui.api.cancel import Progress
from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.tabs.tracking.proof_words import report_text
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.page_action import page_action
from postalgui.gui.widgets.task_progress import show_progress, task_progress
from postalgui.services.tracking.proof_records import ProofReport
from postalgui.services.tracking.proofs import fetch_proofs
from postalgui.services.tracking.status import Status

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.tracking.records import WatchedObject
    from postalgui.services.tracking.service import TrackingService

__all__ = ["PROOFS_KEY", "ProofAction"]

PROOFS_KEY = "tracking.proofs"


class ProofAction(QObject):
    """The action, its progress bar and Cancel button (``busy``, placed under the list by the tab).

    Signals: ``fetched(ProofReport)`` with the `ProofReport` of a request that ended.
    """

    fetched = Signal(ProofReport)

    def __init__(
        self, desk: Desk[TrackingService], tab: QWidget, selected: Callable[[], list[WatchedObject]]
    ) -> None:
        super().__init__(tab)
        self.desk = desk
        self._selected = selected
        self._handle: TaskHandle | None = None
        self._left_out = 0
        """Selected objects not delivered, left out of the request."""
        self.action = page_action(
            tab,
            self.tr("Get pro&of"),
            self.tr("Ask the operator for the proof of delivery of the selected delivered objects"),
        )
        self.action.setObjectName("trackingProofAction")
        self.action.triggered.connect(self._on_action_triggered)
        self.busy = QWidget(tab)
        self.progress_bar, self.cancel_button = task_progress(
            self.busy,
            "trackingProofs",
            self.tr("Cancel"),
            self.tr("Stop asking; the proofs that came so far are kept"),
            self.cancel,
        )
        self.follow_selection()

    @property
    def running(self) -> bool:
        return self._handle is not None

    def follow_selection(self) -> None:
        """Enabled while a delivered object is selected and no request runs."""
        delivered = any(watched.status is Status.DELIVERED for watched in self._selected())
        self.action.setEnabled(delivered and not self.running)

    def start(self) -> TaskHandle | None:
        """Ask the proofs of the selected delivered objects; the others are said to be left out."""
        if self.running:
            return None
        chosen = self._selected()
        codes = [watched.code for watched in chosen if watched.status is Status.DELIVERED]
        if not codes:
            self.desk.messages.show_message(
                self.tr("None of the selected objects is delivered: only a delivered object has a proof."),
                MessageKind.INFO,
                key=PROOFS_KEY,
            )
            return None
        self.desk.messages.clear(PROOFS_KEY)
        self._left_out = len(chosen) - len(codes)
        self._handle = self.desk.run(
            fetch_proofs,
            codes,
            name="fetch proofs",
            key=PROOFS_KEY,
            owner=self,
            on_result=self._on_task_result,
            on_progress=self._on_task_progress,
            on_finished=self._on_task_finished,
            failure=Failure(self.tr("The proofs of delivery could not be fetched: %1"), PROOFS_KEY),
        )
        total = app_locale().toString(len(codes))
        self._show_progress(Progress(0, len(codes), arg(self.tr("Asking the proofs of %1 objects…"), total)))
        self.follow_selection()
        return self._handle

    @Slot()
    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()

    def _show_progress(self, progress: Progress) -> None:
        show_progress(self.progress_bar, self.cancel_button, progress)

    # --- slots -----------------------------------------------------------------------------

    @Slot()
    def _on_action_triggered(self) -> None:
        self.start()

    @Slot(object)
    def _on_task_progress(self, progress: Progress) -> None:
        self._show_progress(progress)

    @Slot(object)
    def _on_task_result(self, report: ProofReport) -> None:
        kind = MessageKind.WARNING if report.problems or report.waiting else MessageKind.INFO
        said = arg(self.tr("Proof of delivery: %1"), report_text(report))
        if self._left_out:
            said += "; " + self.tr("%n selected object(s) not delivered, left out", "", self._left_out)
        self.desk.messages.show_message(said, kind, key=PROOFS_KEY)
        self.fetched.emit(report)

    @Slot(bool)
    def _on_task_finished(self, _cancelled: bool) -> None:
        self._handle = None
        self.progress_bar.hide()
        self.cancel_button.hide()
        self.follow_selection()
