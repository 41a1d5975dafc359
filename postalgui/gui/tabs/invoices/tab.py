"""The Invoices and slips tab: the contract's invoices, their documents, statements and jobs.

The tab only composes and wires: the invoice list page (`invoice_list_page`), the
document actions (`document_actions`: PDFs, typed line), the job requests
(`job_requests`), the jobs panel, the analytic statement and the divergences pages.
The tab is built with what it uses: the `InvoiceService` facade, the task runner and its
message area. The work runs in the background as `postalgui.services.invoices` use cases
over that facade. One list at a time (task key ``invoices.list``): a new search
cancels the one still running.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QDialog, QWidget

from postalgui.api.models.invoices import Invoice, PreviewKind
from postalgui.gui.desk import Desk
from postalgui.gui.messages import arg
from postalgui.gui.tabs.invoices.analytic_view import AnalyticView
from postalgui.gui.tabs.invoices.divergences_view import DivergencesView
from postalgui.gui.tabs.invoices.document_actions import DocumentActions, pdf_text, typed_line_of
from postalgui.gui.tabs.invoices.invoice_actions import InvoiceActions
from postalgui.gui.tabs.invoices.invoice_list_page import InvoiceListPage, InvoiceQuery
from postalgui.gui.tabs.invoices.invoice_model import InvoiceTotals, slip_available
from postalgui.gui.tabs.invoices.job_requests import JobRequests, PreviewDialog
from postalgui.gui.tabs.invoices.jobs_model import job_file_kind, job_title, statement_name
from postalgui.gui.tabs.invoices.jobs_panel import JobsPanel
from postalgui.gui.widgets.failure import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.pdf_viewer import PdfViewerWindow
from postalgui.gui.widgets.saved_file import SavedFileReporter, ask_save_path, table_types
from postalgui.gui.widgets.tab_pages import tab_pages
from postalgui.services.invoices.documents import DocumentKind, last_twelve_months, list_invoices
from postalgui.services.invoices.invoice_table import export_invoices
from postalgui.services.invoices.jobs import Job

if TYPE_CHECKING:
    from postalgui.api.models.invoices import Invoice
    from postalgui.gui.tabs.contract import Handoffs
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.invoices.service import InvoiceService

__all__ = ["InvoicesTab", "PreviewDialog", "pdf_text", "typed_line_of"]

_LIST_KEY = "invoices.list"
_EXPORT_KEY = "invoices.list.export"


class InvoicesTab(QWidget):
    """Invoices, Analytic statement and Divergences pages over one message area.

    Signals: ``invoicesLoaded(int)`` with the number of invoices, once a list is shown;
    ``documentOpened(PdfViewerWindow)`` with the `PdfViewerWindow` showing a statement, slip or
    preview; ``typedLineCopied(str)`` with the formatted typed line put on the clipboard;
    ``typedLineMissing(int)`` with the invoice number whose slip had no valid typed line;
    ``jobRequested(Job)`` with a `Job` the operator accepted.

    "Track these objects" follows an analytic statement's lines through the service's
    `Follow` port; given the window's ``handoffs``, the Tracking tab is then shown.
    """

    invoicesLoaded = Signal(int)
    documentOpened = Signal(PdfViewerWindow)
    typedLineCopied = Signal(str)
    typedLineMissing = Signal(int)
    jobRequested = Signal(Job)

    def __init__(
        self,
        service: InvoiceService,
        runner: TaskRunner,
        messages: MessageArea,
        parent: QWidget | None = None,
        *,
        handoffs: Handoffs | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("invoicesTab")
        self.setWindowTitle(self.tr("Invoices and slips"))
        self.service = service
        self.runner = runner
        self._list_handle: TaskHandle | None = None
        self._query: InvoiceQuery | None = None
        self._divergences_query: InvoiceQuery | None = None

        self.messages = messages
        self.pages = tab_pages(self, messages, "invoicePages")
        self.saved = SavedFileReporter(self.messages, _EXPORT_KEY, self)
        self.desk = Desk(service, runner, messages)
        self.jobs = JobsPanel(self.desk, self)
        self.jobs.openRequested.connect(self._on_jobs_open_requested)
        self.analytic = AnalyticView(runner, self, follow=service.follow, handoffs=handoffs)
        self.divergences = DivergencesView(service, runner, self)
        self.invoice_actions = InvoiceActions(self)
        self.list_page = InvoiceListPage(
            (service.contract, service.dr),
            last_twelve_months(date.today()),
            self.invoice_actions,
            self.jobs,
            self,
        )
        self._expose_list_page()
        activity = self.list_page.activity
        self.documents = DocumentActions(self.desk, activity, self)
        self.requests = JobRequests(self.desk, activity, self.jobs, self)
        self._connect()

        self.pages.addTab(self.list_page, self.tr("&Invoices"))
        self.pages.addTab(self.analytic, self.tr("&Analytic statement"))
        self.pages.addTab(self.divergences, self.tr("&Divergences"))
        self.pages.currentChanged.connect(self._on_pages_current_changed)
        self._update_actions()
        self._update_summary()
        # Both need the network or the disk: start them once the event loop runs.
        QTimer.singleShot(0, self, self._on_start_timer_timeout)

    def _expose_list_page(self) -> None:
        """The list page's parts under the names the tab has always given them."""
        page = self.list_page
        self.model, self.proxy, self.table = page.model, page.proxy, page.table
        self.contract_edit, self.dr_spin = page.contract_edit, page.dr_spin
        self.from_edit, self.to_edit, self.refresh_button = page.from_edit, page.to_edit, page.refresh_button
        self.filter_edit, self.status_combo = page.filter_edit, page.status_combo
        self.summary, self.busy_bar = page.summary, page.activity.busy_bar
        self.activity_label = page.activity.label
        self.synthetic_action, self.slip_action = self.invoice_actions.synthetic, self.invoice_actions.slip
        self.copy_line_action, self.analytic_action = (
            self.invoice_actions.copy_line,
            self.invoice_actions.analytic,
        )
        self.preview_action = self.invoice_actions.preview

    def _connect(self) -> None:
        page = self.list_page
        page.refreshRequested.connect(self._on_list_page_refresh_requested)
        page.cancelRequested.connect(self._on_list_page_cancel_requested)
        page.invoiceActivated.connect(self._on_list_page_invoice_activated)
        page.exportRequested.connect(self._on_list_page_export_requested)
        page.rowsChanged.connect(self._on_list_page_rows_changed)
        page.stateChanged.connect(self._on_list_page_state_changed)
        self.invoice_actions.synthetic.triggered.connect(self._on_synthetic_action_triggered)
        self.invoice_actions.slip.triggered.connect(self._on_slip_action_triggered)
        self.invoice_actions.copy_line.triggered.connect(self._on_copy_line_action_triggered)
        self.invoice_actions.analytic.triggered.connect(self._on_analytic_action_triggered)
        self.invoice_actions.preview.triggered.connect(self._on_preview_action_triggered)
        self.documents.documentOpened.connect(self.documentOpened)
        self.documents.typedLineCopied.connect(self.typedLineCopied)
        self.documents.typedLineMissing.connect(self.typedLineMissing)
        self.requests.jobRequested.connect(self.jobRequested)

    # --- the list ----------------------------------------------------------------------

    def query(self) -> InvoiceQuery | None:
        """Contract, DR and period from the query bar; ``None`` (and a message) when incomplete."""
        query, problems = self.list_page.query()
        if query is None:
            self.messages.show_message(" ".join(problems), MessageKind.ERROR, key=_LIST_KEY)
        return query

    def settings_changed(self) -> None:
        """Settings changed: the office database, and so the jobs, may be another one now."""
        self.jobs.live.office_changed()

    def refresh(self) -> TaskHandle | None:
        """Load the invoices of the query bar's contract, DR and period; ``None`` when incomplete."""
        query = self.query()
        if query is None:
            return None
        self.messages.clear(_LIST_KEY)
        self._query = query
        contract, dr, start, end = query
        # The divergences ask the operator when their page is shown, not with every list.
        self.divergences.set_query(contract, dr, start, end, run=False)
        if self.pages.currentWidget() is self.divergences:
            self._refresh_divergences()
        self._list_handle = self.runner.run(
            list_invoices,
            self.service,
            contract,
            dr,
            start,
            end,
            name="invoice list",
            key=_LIST_KEY,
            on_result=self._on_list_task_result,
            on_error=self._on_list_task_error,
            on_finished=self._on_list_task_finished,
        )
        self.list_page.activity.set(_LIST_KEY, self.tr("Loading invoices…"))
        self.table.viewport().setCursor(Qt.CursorShape.BusyCursor)
        return self._list_handle

    def cancel_loading(self) -> None:
        if self._list_handle is not None:
            self._list_handle.cancel()
            self._list_handle = None
            self.list_page.activity.set(_LIST_KEY, None)
            self.table.viewport().unsetCursor()
            self._update_summary()

    @property
    def loading(self) -> bool:
        return self._list_handle is not None

    def totals(self) -> InvoiceTotals:
        """Open and paid sums of the invoices the filter shows."""
        return self.list_page.totals()

    def current_invoice(self) -> Invoice | None:
        return self.list_page.current_invoice()

    def select_invoice(self, number: int, item: str | None = None) -> bool:
        """Select the row of invoice ``number`` (and ``item``, for instalments); False when not shown."""
        return self.list_page.select_invoice(number, item)

    def export_invoices(self, path: Path) -> TaskHandle:
        """Save the invoices shown (filters applied, in the table's order): an Excel workbook
        when ``path`` ends in ``.xlsx``, else CSV. ``self.saved.exported`` says where."""
        return self.runner.run(
            export_invoices,
            Path(path),
            self.proxy.invoices(),
            name="export invoices",
            key=_EXPORT_KEY,
            on_result=self.saved.saved,
            on_error=self.saved.failed,
        )

    def ask_export(self) -> TaskHandle | None:
        """Ask where to save the invoices shown, then save them."""
        if self.proxy.rowCount() == 0:
            return None
        name = arg(self.tr("invoices-%1"), self._query[0]) if self._query is not None else self.tr("invoices")
        path = ask_save_path(self, self.tr("Export invoices"), name, table_types())
        return None if path is None else self.export_invoices(path)

    def _update_summary(self) -> None:
        self.list_page.show_summary(loading=self.loading, queried=self._query is not None)

    # --- documents and jobs ------------------------------------------------------------

    def open_document(self, kind: DocumentKind, invoice: Invoice | None = None) -> TaskHandle | None:
        """Download the synthetic statement or the payment slip and show it in a viewer window."""
        invoice = invoice or self.current_invoice()
        return None if invoice is None else self.documents.open_document(kind, invoice)

    def copy_typed_line(self, invoice: Invoice | None = None) -> TaskHandle | None:
        """Download the slip, read its typed line, check it and put it on the clipboard."""
        invoice = invoice or self.current_invoice()
        return None if invoice is None else self.documents.copy_typed_line(invoice)

    def show_pdf(self, path: Path, title: str) -> PdfViewerWindow | None:
        """A viewer window on ``path``, kept until it is closed; ``None`` when it cannot be read."""
        return self.documents.show_pdf(path, title)

    def windows(self) -> list[PdfViewerWindow]:
        """The viewer windows open now."""
        return self.documents.windows()

    def request_analytic(self, invoice: Invoice | None = None) -> TaskHandle | None:
        """Ask for the invoice's analytic statement; the job appears in the jobs panel."""
        invoice = invoice or self.current_invoice()
        return None if invoice is None else self.requests.request_analytic(invoice)

    def request_preview(self, kind: PreviewKind, cost_centre: str | None = None) -> TaskHandle | None:
        """Ask for a preview of the query bar's contract; the job appears in the jobs panel."""
        query = self.query()
        if query is None:
            return None
        contract, dr, _start, _end = query
        return self.requests.request_preview(kind, contract, dr, cost_centre)

    def open_job(self, job: Job) -> bool:
        """Show a READY job's file: a CSV in the Analytic statement page, a PDF in a window."""
        path = job.path
        if path is None:
            return False
        if job_file_kind(job) == "csv":
            keep = self.service.statement_keeper(job.fatura, job.params.get("tipoDocumento"))
            self.analytic.load(path, job_title(job), statement_name(job), keep)
            self.pages.setCurrentWidget(self.analytic)
            return True
        return self.show_pdf(path, job_title(job)) is not None

    # --- state -------------------------------------------------------------------------

    def _update_actions(self) -> None:
        invoice = self.current_invoice()
        slip = invoice is not None and slip_available(invoice)
        self.invoice_actions.synthetic.setEnabled(invoice is not None)
        self.invoice_actions.analytic.setEnabled(invoice is not None)
        self.invoice_actions.slip.setEnabled(slip)
        self.invoice_actions.copy_line.setEnabled(slip)
        self.invoice_actions.preview.setEnabled(self.list_page.has_contract())

    def _refresh_divergences(self) -> None:
        if self._query is not None and self._divergences_query != self._query:
            self._divergences_query = self._query
            self.divergences.refresh()

    # --- slots: start, list ------------------------------------------------------------

    @Slot()
    def _on_start_timer_timeout(self) -> None:
        self.jobs.start()
        if not self.list_page.has_contract():
            # No contract or DR in Settings: ask, rather than greet with an error.
            self.summary.setText(self.tr("Enter the contract and the DR, then Refresh."))
            return
        self.refresh()

    @Slot()
    def _on_list_page_refresh_requested(self) -> None:
        self.refresh()

    @Slot()
    def _on_list_page_cancel_requested(self) -> None:
        self.cancel_loading()

    @Slot()
    def _on_list_page_rows_changed(self) -> None:
        self._update_summary()
        self._update_actions()

    @Slot()
    def _on_list_page_state_changed(self) -> None:
        self._update_actions()

    @Slot()
    def _on_list_page_export_requested(self) -> None:
        self.ask_export()

    @Slot(Invoice)
    def _on_list_page_invoice_activated(self, invoice: Invoice) -> None:
        self.open_document("synthetic", invoice)

    @Slot(object)
    def _on_list_task_result(self, found: list[Invoice]) -> None:
        self.model.set_invoices(found)
        self.messages.clear(_LIST_KEY)
        # The list is here: its busy bar goes now, not on the later `finished`, so a
        # listener of `invoicesLoaded` never sees the list shown beside a busy bar.
        self.list_page.activity.set(_LIST_KEY, None)
        if self.proxy.rowCount():
            self.table.selectRow(0)
        self._update_summary()
        self._update_actions()
        self.invoicesLoaded.emit(len(found))

    @Slot(object)
    def _on_list_task_error(self, error: BaseException) -> None:
        """Not only the message: the old list goes and the summary says why it is empty."""
        self.model.clear()
        self.summary.setText(self.tr("The invoices could not be loaded."))
        self.messages.show_routine_error(error, Failure(key=_LIST_KEY))
        self._update_actions()

    @Slot(bool)
    def _on_list_task_finished(self, cancelled: bool) -> None:
        self._list_handle = None
        self.list_page.activity.set(_LIST_KEY, None)
        self.table.viewport().unsetCursor()
        if self.summary.text() == self.tr("Loading invoices…"):
            self._update_summary()

    # --- slots: actions, pages ----------------------------------------------------------

    @Slot()
    def _on_synthetic_action_triggered(self) -> None:
        self.open_document("synthetic")

    @Slot()
    def _on_slip_action_triggered(self) -> None:
        self.open_document("slip")

    @Slot()
    def _on_copy_line_action_triggered(self) -> None:
        self.copy_typed_line()

    @Slot()
    def _on_analytic_action_triggered(self) -> None:
        self.request_analytic()

    @Slot()
    def _on_preview_action_triggered(self) -> None:
        query = self.query()
        if query is None:
            return
        invoice = self.current_invoice()
        dialog = PreviewDialog(query[0], query[1], (invoice.centroCusto or "") if invoice else "", self)
        try:
            if dialog.exec() == QDialog.DialogCode.Accepted:
                self.request_preview(dialog.kind(), dialog.cost_centre())
        finally:
            dialog.deleteLater()

    @Slot(Job)
    def _on_jobs_open_requested(self, job: Job) -> None:
        self.open_job(job)

    @Slot(int)
    def _on_pages_current_changed(self, index: int) -> None:
        if self.pages.widget(index) is self.divergences:
            self._refresh_divergences()
