"""Requests for asynchronous files from the Invoices tab: an invoice's analytic statement, a
preview of the contract's next invoice (asked for in `PreviewDialog`).

A controller of the tab: it runs `following.request_analytic`/`request_preview` as its
own tasks; an accepted request goes to the `JobsPanel`, which follows it. A request an
earlier run sent without keeping the answer (`UnansweredRequestError`) is sent again
only once the user says so in a question (the operator may be preparing it already).
Texts keep the translation contexts (`InvoicesTab`, `PreviewDialog`) where the catalog has them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QWidget,
)

from postalgui.api.errors import RoutineError
from postalgui.api.models.invoices import PreviewKind
from postalgui.gui.messages import arg, local_datetime
from postalgui.gui.tabs.invoices.controller import InvoicesController
from postalgui.gui.tabs.invoices.jobs_model import job_title
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.invoices.following import Asked, UnansweredRequestError, analytic_once, preview_once
from postalgui.services.invoices.jobs import Job

if TYPE_CHECKING:
    from postalgui.api.models.invoices import Invoice
    from postalgui.gui.desk import Desk
    from postalgui.gui.tabs.invoices.activity import ActivityIndicator
    from postalgui.gui.tabs.invoices.jobs_panel import JobsPanel
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.invoices.service import InvoiceService

__all__ = ["JobRequests", "PreviewDialog"]

_KEY = "invoices.request"


class PreviewDialog(QDialog):
    """Asks which preview of the contract's next invoice to request."""

    def __init__(self, contract: str, dr: int, cost_centre: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Preview of the next invoice"))
        self.kind_combo = QComboBox(self)
        self.kind_combo.addItem(self.tr("Synthetic (PDF)"), PreviewKind.SINTETICO.value)
        self.kind_combo.addItem(self.tr("Analytic (CSV)"), PreviewKind.ANALITICO.value)
        self.centre_edit = QLineEdit(cost_centre, self)
        self.centre_edit.setPlaceholderText(self.tr("Optional"))
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("Request"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(
            QLabel(arg(self.tr("Contract %1, DR %2: postings not yet invoiced."), contract, dr), self)
        )
        form.addRow(self.tr("&Kind:"), self.kind_combo)
        form.addRow(self.tr("&Cost centre:"), self.centre_edit)
        form.addRow(buttons)

    def kind(self) -> PreviewKind:
        return PreviewKind(str(self.kind_combo.currentData()))

    def cost_centre(self) -> str | None:
        return self.centre_edit.text().strip() or None


class JobRequests(InvoicesController):
    """Asks the operator for analytic statements and previews; hands accepted jobs to the panel.

    Signals: ``jobRequested(Job)`` with a `Job` the operator accepted.
    """

    jobRequested = Signal(Job)

    def __init__(
        self, desk: Desk[InvoiceService], activity: ActivityIndicator, jobs: JobsPanel, parent: QObject
    ) -> None:
        super().__init__(desk, parent)
        self.activity = activity
        self.jobs = jobs

    def request_analytic(self, invoice: Invoice, again: bool = False) -> TaskHandle:
        """Ask for the invoice's analytic statement; the job appears in the jobs panel.

        ``again``: send it even though an earlier run sent it and lost the answer.
        """
        handle = self.desk.run(
            analytic_once,
            invoice,
            again,
            name="invoice analytic request",
            key=f"invoices.request.analytic.{invoice.id}.{invoice.itemFatura or ''}",
            on_result=self._on_request_task_result,
            on_error=partial(self._on_request_task_error, partial(self.request_analytic, invoice, True)),
            on_finished=self._on_request_task_finished,
        )
        text = QCoreApplication.translate("InvoicesTab", "Requesting the analytic statement of invoice %1…")
        self.activity.set(_KEY, arg(text, invoice.id))
        return handle

    def request_preview(
        self,
        kind: PreviewKind,
        contract: str,
        dr: int,
        cost_centre: str | None = None,
        again: bool = False,
    ) -> TaskHandle:
        """Ask for a preview of a contract's next invoice; the job appears in the jobs panel.

        ``again``: send it even though an earlier run sent it and lost the answer.
        """
        retry = partial(self.request_preview, kind, contract, dr, cost_centre, True)
        handle = self.desk.run(
            preview_once,
            PreviewKind(kind),
            contract,
            dr,
            cost_centre or None,
            again,
            name="invoice preview request",
            key=f"invoices.request.preview.{PreviewKind(kind).value}",
            on_result=self._on_request_task_result,
            on_error=partial(self._on_request_task_error, retry),
            on_finished=self._on_request_task_finished,
        )
        self.activity.set(_KEY, QCoreApplication.translate("InvoicesTab", "Requesting the preview…"))
        return handle

    @Slot(object)
    def _on_request_task_result(self, asked: Asked) -> None:
        job = asked.job
        self.jobs.add_job(job)
        if asked.continued:  # the same request is still being prepared: no second processing
            text = QCoreApplication.translate(
                "InvoicesTab",
                "%1 was already requested and is still being prepared; it opens from Jobs when ready.",
            )
        else:
            text = QCoreApplication.translate("InvoicesTab", "%1 requested; it opens from Jobs when ready.")
        self.desk.messages.show_message(arg(text, job_title(job)), MessageKind.INFO, key=_KEY)
        self.jobRequested.emit(job)

    def _on_request_task_error(self, retry: Callable[[], TaskHandle], error: BaseException) -> None:
        """A request an earlier run sent and lost the answer of: asked (No is the default);
        any other routine failure goes to the message area."""
        if not isinstance(error, UnansweredRequestError):
            if isinstance(error, RoutineError):
                self.desk.messages.show_routine_error(error, _request_failure())
            return
        text = QCoreApplication.translate(
            "InvoicesTab",
            "This request was sent on %1, but PostalGUI stopped before keeping the operator's answer: "
            "the operator may be preparing the file already.\n\n"
            "Send it again? If it was received, the operator prepares the file twice.",
        )
        if error.unreadable:
            text = QCoreApplication.translate(
                "InvoicesTab",
                "This request was sent on %1 and the operator took it, but its answer could not be read: "
                "the operator is preparing the file already.\n\n"
                "Send it again? The operator will prepare the file twice.",
            )
        when = local_datetime(error.sent.sent_at)
        answer = QMessageBox.question(
            self.jobs,
            QCoreApplication.translate("InvoicesTab", "Request sent without an answer"),
            arg(text, when),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        if answer == QMessageBox.StandardButton.Yes:
            retry()
        else:
            text = QCoreApplication.translate("InvoicesTab", "The request was not sent again.")
            self.desk.messages.show_message(text, MessageKind.WARNING, key=_KEY)

    @Slot(bool)
    def _on_request_task_finished(self, cancelled: bool) -> None:
        self.activity.set(_KEY, None)


def _request_failure() -> Failure:
    return Failure(QCoreApplication.translate("InvoicesTab", "The request failed: %1"), _KEY)
