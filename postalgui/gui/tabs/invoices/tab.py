"""The Invoices and slips tab: the contract's invoices, their documents, statements and jobs.

The tab only wires: `postalgui.services.invoices.use_cases` does the work in the background,
the invoice model shows the list, PDFs open in `PdfViewerWindow`s, analytic
statements and previews are jobs followed by the `JobsPanel`. One list at a time
(task key ``invoices.list``): a new search cancels the one still running.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Literal, cast

from PySide6.QtCore import QDate, QItemSelection, QModelIndex, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtPdf import QPdfDocument
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.models.invoices import PreviewKind
from postalgui.api.values import InvalidValue, format_brl, pad_contract_number
from postalgui.gui.messages import arg, describe_error, rule_message
from postalgui.gui.tabs.invoices.analytic_view import AnalyticView
from postalgui.gui.tabs.invoices.divergences_view import DivergencesView
from postalgui.gui.tabs.invoices.invoice_model import (
    InvoiceColumn,
    InvoiceFilterProxy,
    InvoiceModel,
    InvoiceTotals,
    invoice_totals,
    slip_available,
)
from postalgui.gui.tabs.invoices.jobs_panel import JobsPanel, job_file_kind, job_title
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.pdf_viewer import PdfViewerWindow
from postalgui.gui.widgets.tables import record_table

if TYPE_CHECKING:
    from postalgui.api.models.invoices import Invoice
    from postalgui.services.context import AppContext
    from postalgui.services.invoices.jobs import Job
    from postalgui.services.tasks import TaskHandle, TaskRunner

__all__ = ["InvoicesTab", "PreviewDialog", "pdf_text", "typed_line_of"]

DocumentKind = Literal["synthetic", "slip"]


def pdf_text(path: Path, parent: QObject) -> str | None:
    """Every page's text of a PDF (pages separated by a form feed); ``None`` if unreadable.

    Runs on the GUI thread: QtPdf only reads the cross-reference table to open a file,
    and a payment slip is one or two pages.
    """
    document = QPdfDocument(parent)
    try:
        if document.load(str(path)) != QPdfDocument.Error.None_:
            return None
        return "\f".join(document.getAllText(page).text() for page in range(document.pageCount()))
    finally:
        document.close()
        document.deleteLater()


def typed_line_of(text: str) -> str | None:
    """The first typed line in ``text`` whose check digits match, as 47 digits."""
    from postalgui.api.values.boleto import find_typed_lines, verify_typed_line

    for candidate in find_typed_lines(text):
        try:
            return verify_typed_line(candidate)
        except InvalidValue:
            continue
    return None


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


class InvoicesTab(QWidget):
    """Invoices, Analytic statement and Divergences pages over one message area.

    Signals: ``invoicesLoaded(int)`` with the number of invoices, once a list is shown;
    ``documentOpened(object)`` with the `PdfViewerWindow` showing a statement, slip or
    preview; ``typedLineCopied(str)`` with the formatted typed line put on the clipboard;
    ``typedLineMissing(int)`` with the invoice number whose slip had no valid typed line;
    ``jobRequested(object)`` with a `Job` the operator accepted.
    """

    invoicesLoaded = Signal(int)
    documentOpened = Signal(object)
    typedLineCopied = Signal(str)
    typedLineMissing = Signal(int)
    jobRequested = Signal(object)

    def __init__(self, context: AppContext, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("invoicesTab")
        self.setWindowTitle(self.tr("Invoices and slips"))
        self.context = context
        self.runner = runner
        self._list_handle: TaskHandle | None = None
        self._activity: dict[str, str] = {}
        self._documents: dict[str, Invoice] = {}
        self._windows: list[PdfViewerWindow] = []
        self._query: tuple[str, int, date, date] | None = None
        self._divergences_query: tuple[str, int, date, date] | None = None

        self.messages = MessageArea(self)
        self.pages = QTabWidget(self)
        self.pages.setObjectName("invoicePages")

        self.model = InvoiceModel(self)
        self.proxy = InvoiceFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.jobs = JobsPanel(context, runner, self.messages, self)
        self.jobs.openRequested.connect(self._on_jobs_open_requested)
        self.analytic = AnalyticView(context, runner, self)
        self.divergences = DivergencesView(context, runner, self)

        self.list_page = self._list_page()
        self.pages.addTab(self.list_page, self.tr("&Invoices"))
        self.pages.addTab(self.analytic, self.tr("&Analytic statement"))
        self.pages.addTab(self.divergences, self.tr("&Divergences"))
        self.pages.currentChanged.connect(self._on_pages_current_changed)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.messages)
        layout.addWidget(self.pages, 1)

        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self.list_page)
        escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        escape.activated.connect(self._on_escape_activated)
        self._update_actions()
        self._update_summary()
        # Both need the network or the disk: start them once the event loop runs.
        QTimer.singleShot(0, self._on_start_timer_timeout)

    # --- construction ----------------------------------------------------------------

    def _list_page(self) -> QWidget:
        page = QWidget(self)
        page.setObjectName("invoiceListPage")
        profile = self.context.profile

        self.contract_edit = QLineEdit(profile.contract, page)
        self.contract_edit.setObjectName("contractEdit")
        self.contract_edit.setPlaceholderText(self.tr("Contract number"))
        self.contract_edit.setMaxLength(10)
        self.contract_edit.returnPressed.connect(self._on_refresh_button_clicked)
        self.contract_edit.textChanged.connect(self._on_query_edited)
        self.dr_spin = QSpinBox(page)
        self.dr_spin.setObjectName("drSpin")
        self.dr_spin.setRange(0, 99)
        self.dr_spin.setSpecialValueText("\N{EM DASH}")
        self.dr_spin.setValue(profile.dr or 0)
        self.dr_spin.setToolTip(self.tr("State office (DR) number"))
        self.dr_spin.valueChanged.connect(self._on_query_edited)
        start, end = _default_period()
        self.from_edit = _date_edit(start, page)
        self.from_edit.setObjectName("fromDate")
        self.to_edit = _date_edit(end, page)
        self.to_edit.setObjectName("toDate")
        self.refresh_button = QPushButton(self.tr("&Refresh"), page)
        self.refresh_button.setObjectName("refreshButton")
        self.refresh_button.setToolTip(self.tr("Load the invoices of the period (F5)"))
        self.refresh_button.clicked.connect(self._on_refresh_button_clicked)
        refresh = QShortcut(QKeySequence(QKeySequence.StandardKey.Refresh), page)
        refresh.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        refresh.activated.connect(self._on_refresh_button_clicked)
        if QKeySequence(Qt.Key.Key_F5) not in QKeySequence.keyBindings(QKeySequence.StandardKey.Refresh):
            f5 = QShortcut(QKeySequence(Qt.Key.Key_F5), page)
            f5.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            f5.activated.connect(self._on_refresh_button_clicked)

        query = QHBoxLayout()
        for text, widget in (
            (self.tr("&Contract:"), self.contract_edit),
            (self.tr("D&R:"), self.dr_spin),
            (self.tr("&From:"), self.from_edit),
            (self.tr("&To:"), self.to_edit),
        ):
            label = QLabel(text, page)
            label.setBuddy(widget)
            query.addWidget(label)
            query.addWidget(widget)
        query.addWidget(self.refresh_button)
        query.addStretch(1)

        # --- actions
        self.synthetic_action = self._action(
            self.tr("&Synthetic statement"),
            self.tr("Open the invoice's synthetic statement (PDF) (Enter)"),
            None,
            self._on_synthetic_action_triggered,
        )
        self.slip_action = self._action(
            self.tr("Payment &slip"),
            self.tr("Open the invoice's payment slip (PDF)"),
            QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_B),
            self._on_slip_action_triggered,
        )
        self.copy_line_action = self._action(
            self.tr("&Copy typed line"),
            self.tr("Copy the payment slip's typed line, checked against its check digits"),
            QKeySequence(Qt.Modifier.CTRL | Qt.Modifier.SHIFT | Qt.Key.Key_C),
            self._on_copy_line_action_triggered,
        )
        self.analytic_action = self._action(
            self.tr("&Analytic statement"),
            self.tr("Request the invoice's analytic statement (CSV); it appears in Jobs when ready"),
            QKeySequence(Qt.Modifier.CTRL | Qt.Modifier.SHIFT | Qt.Key.Key_A),
            self._on_analytic_action_triggered,
        )
        self.preview_action = self._action(
            self.tr("&Preview…"),
            self.tr("Request a preview of the contract's next invoice"),
            None,
            self._on_preview_action_triggered,
        )
        invoice_actions = (
            self.synthetic_action,
            self.slip_action,
            self.copy_line_action,
            self.analytic_action,
        )
        toolbar = QToolBar(self.tr("Invoice actions"), page)
        toolbar.setObjectName("invoiceToolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for action in (*invoice_actions, self.preview_action):
            toolbar.addAction(action)

        self.filter_edit = QLineEdit(page)
        self.filter_edit.setObjectName("invoiceFilter")
        self.filter_edit.setPlaceholderText(self.tr("Filter: number, date, amount, document…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setMinimumWidth(240)
        self.filter_edit.textChanged.connect(self._on_filter_edit_text_changed)
        self.status_combo = QComboBox(page)
        self.status_combo.setObjectName("statusFilter")
        for text, status in (
            (self.tr("All statuses"), "all"),
            (self.tr("Open"), "open"),
            (self.tr("Paid"), "paid"),
            (self.tr("Reversed"), "reversed"),
            (self.tr("Other"), "other"),
        ):
            self.status_combo.addItem(text, status)
        self.status_combo.setAccessibleName(self.tr("Status filter"))
        self.status_combo.currentIndexChanged.connect(self._on_status_combo_current_index_changed)
        tools = QHBoxLayout()
        tools.addWidget(toolbar, 1)
        tools.addWidget(self.filter_edit)
        tools.addWidget(self.status_combo)

        # --- table
        self.table = record_table(page, self.proxy, "invoiceTable", self.tr("Invoices"))
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(InvoiceColumn.DUE, Qt.SortOrder.DescendingOrder)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for action in invoice_actions:
            self.table.addAction(action)
        separator = QAction(page)
        separator.setSeparator(True)
        self.table.addAction(separator)
        self.table.addAction(self.preview_action)
        self.table.activated.connect(self._on_table_activated)
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.proxy.modelReset.connect(self._on_proxy_rows_changed)
        self.proxy.rowsInserted.connect(self._on_proxy_rows_inserted_or_removed)
        self.proxy.rowsRemoved.connect(self._on_proxy_rows_inserted_or_removed)

        self.summary = QLabel(page)
        self.summary.setObjectName("invoiceSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.busy_bar = QProgressBar(page)
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setTextVisible(False)
        self.busy_bar.setMaximumWidth(120)
        self.busy_bar.hide()
        self.activity_label = QLabel(page)
        self.activity_label.setObjectName("invoiceActivity")
        footer = QHBoxLayout()
        footer.addWidget(self.summary, 1)
        footer.addWidget(self.activity_label)
        footer.addWidget(self.busy_bar)

        upper = QWidget(page)
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addLayout(tools)
        upper_layout.addWidget(self.table, 1)
        upper_layout.addLayout(footer)
        splitter = QSplitter(Qt.Orientation.Vertical, page)
        splitter.setObjectName("invoiceSplitter")
        splitter.addWidget(upper)
        splitter.addWidget(self.jobs)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)

        layout = QVBoxLayout(page)
        layout.addLayout(query)
        layout.addWidget(splitter, 1)
        return page

    def _action(
        self, text: str, tip: str, shortcut: QKeySequence | None, slot: Callable[[], None]
    ) -> QAction:
        action = QAction(text, self)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        if shortcut is not None:
            action.setShortcut(shortcut)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.setToolTip(
                arg(self.tr("%1 (%2)"), tip, shortcut.toString(QKeySequence.SequenceFormat.NativeText))
            )
        action.triggered.connect(slot)
        self.addAction(action)  # the shortcut works anywhere in the tab
        return action

    # --- the list ----------------------------------------------------------------------

    def query(self) -> tuple[str, int, date, date] | None:
        """Contract, DR and period from the filter bar; ``None`` (and a message) when incomplete."""
        problems: list[str] = []
        contract = self.contract_edit.text().strip()
        if not contract:
            problems.append(self.tr("Enter the contract number."))
        else:
            try:
                contract = pad_contract_number(contract)
            except InvalidValue as exc:
                problems.append(rule_message(exc))
        dr = self.dr_spin.value()
        if dr <= 0:
            problems.append(self.tr("Enter the DR (state office number)."))
        start = cast("date", self.from_edit.date().toPython())
        end = cast("date", self.to_edit.date().toPython())
        if start > end:
            problems.append(self.tr("The period starts after it ends."))
        if problems:
            self.messages.show_message(" ".join(problems), MessageKind.ERROR, key="invoices.list")
            return None
        return contract, dr, start, end

    def refresh(self) -> TaskHandle | None:
        """Load the invoices of the filter bar's contract, DR and period; ``None`` when incomplete."""
        from postalgui.services.invoices.documents import list_invoices

        query = self.query()
        if query is None:
            return None
        self.messages.clear("invoices.list")
        self._query = query
        contract, dr, start, end = query
        # The divergences ask the operator when their page is shown, not with every list.
        self.divergences.set_query(contract, dr, start, end, run=False)
        if self.pages.currentWidget() is self.divergences:
            self._refresh_divergences()
        self._list_handle = self.runner.run(
            list_invoices,
            self.context.invoices,
            contract,
            dr,
            start,
            end,
            name="invoice list",
            key="invoices.list",
            on_result=self._on_list_task_result,
            on_error=self._on_list_task_error,
            on_finished=self._on_list_task_finished,
        )

        self._set_activity("invoices.list", self.tr("Loading invoices…"))
        self.table.viewport().setCursor(Qt.CursorShape.BusyCursor)
        return self._list_handle

    def cancel_loading(self) -> None:
        if self._list_handle is not None:
            self._list_handle.cancel()
            self._list_handle = None
            self._set_activity("invoices.list", None)
            self.table.viewport().unsetCursor()
            self._update_summary()

    @property
    def loading(self) -> bool:
        return self._list_handle is not None

    def totals(self) -> InvoiceTotals:
        """Open and paid sums of the invoices the filter shows."""
        return invoice_totals(self.proxy.invoices())

    def current_invoice(self) -> Invoice | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.invoice(self.proxy.mapToSource(rows[0]).row())

    def select_invoice(self, number: int, item: str | None = None) -> bool:
        """Select the row of invoice ``number`` (and ``item``, for instalments); False when not shown."""
        for row in range(self.proxy.rowCount()):
            invoice = self.proxy.invoice(row)
            if invoice.id == number and (item is None or invoice.itemFatura == item):
                self.table.selectRow(row)
                self.table.scrollTo(self.proxy.index(row, 0))
                return True
        return False

    def _update_summary(self) -> None:
        if self.loading and not self.model.rowCount():
            self.summary.setText(self.tr("Loading invoices…"))
            return
        if self._query is None and not self.model.rowCount():
            self.summary.setText("")
            return
        total = self.model.rowCount()
        if not total:
            self.summary.setText(self.tr("No invoices in this period."))
            return
        totals = self.totals()
        if totals.count == total:
            count = self.tr("%n invoice(s)", "", total)
        else:
            count = arg(self.tr("Showing %1 of %2 invoices"), totals.count, total)
        self.summary.setText(
            arg(
                self.tr("%1 · Open: %2 (%3) · Paid: %4 (%5)"),
                count,
                format_brl(totals.open_total),
                totals.open_count,
                format_brl(totals.paid_total),
                totals.paid_count,
            )
        )

    def _set_activity(self, key: str, text: str | None) -> None:
        if text is None:
            self._activity.pop(key, None)
        else:
            self._activity[key] = text
        texts = list(self._activity.values())
        self.activity_label.setText(texts[-1] if texts else "")
        self.busy_bar.setVisible(bool(texts))

    # --- documents ---------------------------------------------------------------------

    def open_document(self, kind: DocumentKind, invoice: Invoice | None = None) -> TaskHandle | None:
        """Download the synthetic statement or the payment slip and show it in a viewer window."""
        from postalgui.services.invoices.documents import fetch_document

        invoice = invoice or self.current_invoice()
        if invoice is None:
            return None
        if kind == "slip" and not slip_available(invoice):
            self._no_slip(invoice)
            return None
        self._documents[kind] = invoice
        synthetic = kind == "synthetic"
        on_result = self._on_synthetic_task_result if synthetic else self._on_slip_task_result
        on_finished = self._on_synthetic_task_finished if synthetic else self._on_slip_task_finished
        key = f"invoices.document.{kind}"
        handle = self.runner.run(
            fetch_document,
            self.context.invoices,
            invoice,
            kind,
            name=f"invoice {kind}",
            key=key,
            on_result=on_result,
            on_error=self._on_document_task_error,
            on_finished=on_finished,
        )
        text = (
            arg(self.tr("Downloading the synthetic statement of invoice %1…"), invoice.id)
            if kind == "synthetic"
            else arg(self.tr("Downloading the payment slip of invoice %1…"), invoice.id)
        )
        self._set_activity(key, text)
        return handle

    def copy_typed_line(self, invoice: Invoice | None = None) -> TaskHandle | None:
        """Download the slip, read its typed line, check it and put it on the clipboard."""
        from postalgui.services.invoices.documents import fetch_document

        invoice = invoice or self.current_invoice()
        if invoice is None:
            return None
        if not slip_available(invoice):
            self._no_slip(invoice)
            return None
        self._documents["typed_line"] = invoice
        handle = self.runner.run(
            fetch_document,
            self.context.invoices,
            invoice,
            "slip",
            name="invoice typed line",
            key="invoices.typed_line",
            on_result=self._on_typed_line_task_result,
            on_error=self._on_document_task_error,
            on_finished=self._on_typed_line_task_finished,
        )
        self._set_activity(
            "invoices.typed_line", arg(self.tr("Reading the typed line of invoice %1…"), invoice.id)
        )
        return handle

    def show_pdf(self, path: Path, title: str) -> PdfViewerWindow | None:
        """A viewer window on ``path``, kept until it is closed; ``None`` when it cannot be read."""
        window = PdfViewerWindow(None, self)
        if not window.open(path):
            self.messages.show_message(
                arg(self.tr("%1 could not be shown: the file is not a readable PDF."), title),
                MessageKind.ERROR,
                key="invoices.document",
            )
            window.close()
            return None
        window.setWindowTitle(title)
        window.closed.connect(self._on_window_closed)
        self._windows.append(window)
        window.show()
        self.documentOpened.emit(window)
        return window

    def windows(self) -> list[PdfViewerWindow]:
        """The viewer windows open now."""
        return list(self._windows)

    def _no_slip(self, invoice: Invoice) -> None:
        if invoice.paid:
            text = arg(self.tr("Invoice %1 is paid: there is no payment slip to open."), invoice.id)
        elif (invoice.tipoDocumento or "").strip().upper() == "RZ":
            text = arg(self.tr("Invoice %1 is a zeroed invoice (RZ): it has no payment slip."), invoice.id)
        else:
            text = arg(self.tr("Invoice %1 has nothing to pay: it has no payment slip."), invoice.id)
        self.messages.show_message(text, MessageKind.INFO, key="invoices.document")

    # --- jobs --------------------------------------------------------------------------

    def request_analytic(self, invoice: Invoice | None = None) -> TaskHandle | None:
        """Ask for the invoice's analytic statement; the job appears in the jobs panel."""
        from postalgui.services.invoices.following import request_analytic

        invoice = invoice or self.current_invoice()
        if invoice is None:
            return None
        key = f"invoices.request.analytic.{invoice.id}.{invoice.itemFatura or ''}"
        handle = self.runner.run(
            request_analytic,
            self.context.invoices,
            invoice,
            name="invoice analytic request",
            key=key,
            on_result=self._on_request_task_result,
            on_error=self._on_request_task_error,
            on_finished=self._on_request_task_finished,
        )
        self._set_activity(
            "invoices.request", arg(self.tr("Requesting the analytic statement of invoice %1…"), invoice.id)
        )
        return handle

    def request_preview(self, kind: PreviewKind, cost_centre: str | None = None) -> TaskHandle | None:
        """Ask for a preview of the filter bar's contract; the job appears in the jobs panel."""
        from postalgui.services.invoices.following import request_preview

        query = self.query()
        if query is None:
            return None
        contract, dr, _start, _end = query
        handle = self.runner.run(
            request_preview,
            self.context.invoices,
            PreviewKind(kind),
            contract,
            dr,
            cost_centre or None,
            name="invoice preview request",
            key=f"invoices.request.preview.{PreviewKind(kind).value}",
            on_result=self._on_request_task_result,
            on_error=self._on_request_task_error,
            on_finished=self._on_request_task_finished,
        )
        self._set_activity("invoices.request", self.tr("Requesting the preview…"))
        return handle

    def open_job(self, job: Job) -> bool:
        """Show a READY job's file: a CSV in the Analytic statement page, a PDF in a window."""
        path = job.path
        if path is None:
            return False
        if job_file_kind(job) == "csv":
            self.analytic.load(path, job_title(job))
            self.pages.setCurrentWidget(self.analytic)
            return True
        return self.show_pdf(path, job_title(job)) is not None

    # --- state -------------------------------------------------------------------------

    def _update_actions(self) -> None:
        invoice = self.current_invoice()
        selected = invoice is not None
        slip = invoice is not None and slip_available(invoice)
        self.synthetic_action.setEnabled(selected)
        self.analytic_action.setEnabled(selected)
        self.slip_action.setEnabled(slip)
        self.copy_line_action.setEnabled(slip)
        self.preview_action.setEnabled(bool(self.contract_edit.text().strip()) and self.dr_spin.value() > 0)

    def _refresh_divergences(self) -> None:
        if self._query is not None and self._divergences_query != self._query:
            self._divergences_query = self._query
            self.divergences.refresh()

    # --- slots: start, list ------------------------------------------------------------

    @Slot()
    def _on_start_timer_timeout(self) -> None:
        self.jobs.start()
        if not self.contract_edit.text().strip() or self.dr_spin.value() <= 0:
            # No contract or DR in Settings: ask, rather than greet with an error.
            self.summary.setText(self.tr("Enter the contract and the DR, then Refresh."))
            return
        self.refresh()

    @Slot()
    def _on_query_edited(self) -> None:
        self._update_actions()

    @Slot()
    def _on_refresh_button_clicked(self) -> None:
        self.refresh()

    @Slot()
    def _on_escape_activated(self) -> None:
        self.cancel_loading()

    @Slot(object)
    def _on_list_task_result(self, invoices: object) -> None:
        found = cast("list[Invoice]", invoices)
        self.model.set_invoices(found)
        self.messages.clear("invoices.list")
        if self.proxy.rowCount():
            self.table.selectRow(0)
        self._update_summary()
        self._update_actions()
        self.invoicesLoaded.emit(len(found))

    @Slot(object)
    def _on_list_task_error(self, error: BaseException) -> None:
        self.model.clear()
        self.summary.setText(self.tr("The invoices could not be loaded."))
        self.messages.show_message(describe_error(error), MessageKind.ERROR, key="invoices.list")
        self._update_actions()

    @Slot(bool)
    def _on_list_task_finished(self, cancelled: bool) -> None:
        self._list_handle = None
        self._set_activity("invoices.list", None)
        self.table.viewport().unsetCursor()
        if self.summary.text() == self.tr("Loading invoices…"):
            self._update_summary()

    @Slot(str)
    def _on_filter_edit_text_changed(self, text: str) -> None:
        self.proxy.set_text(text)
        self._update_summary()

    @Slot(int)
    def _on_status_combo_current_index_changed(self, index: int) -> None:
        self.proxy.set_status(str(self.status_combo.itemData(index)))
        self._update_summary()

    @Slot()
    def _on_proxy_rows_changed(self) -> None:
        self._update_summary()
        self._update_actions()

    @Slot(QModelIndex, int, int)
    def _on_proxy_rows_inserted_or_removed(self, _parent: QModelIndex, _first: int, _last: int) -> None:
        self._update_summary()
        self._update_actions()

    @Slot(QItemSelection, QItemSelection)
    def _on_table_selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self._update_actions()

    @Slot(QModelIndex)
    def _on_table_activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.open_document("synthetic", self.model.invoice(self.proxy.mapToSource(index).row()))

    # --- slots: actions -----------------------------------------------------------------

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

    # --- slots: documents ---------------------------------------------------------------

    @Slot(object)
    def _on_synthetic_task_result(self, path: object) -> None:
        invoice = self._documents.get("synthetic")
        number = invoice.id if invoice is not None else ""
        self.messages.clear("invoices.document")
        self.show_pdf(Path(cast("Path", path)), arg(self.tr("Synthetic statement — invoice %1"), number))

    @Slot(object)
    def _on_slip_task_result(self, path: object) -> None:
        invoice = self._documents.get("slip")
        number = invoice.id if invoice is not None else ""
        self.messages.clear("invoices.document")
        self.show_pdf(Path(cast("Path", path)), arg(self.tr("Payment slip — invoice %1"), number))

    @Slot(object)
    def _on_document_task_error(self, error: BaseException) -> None:
        self.messages.show_message(
            arg(self.tr("The document could not be downloaded: %1"), describe_error(error)),
            MessageKind.ERROR,
            key="invoices.document",
        )

    @Slot(bool)
    def _on_synthetic_task_finished(self, cancelled: bool) -> None:
        self._set_activity("invoices.document.synthetic", None)

    @Slot(bool)
    def _on_slip_task_finished(self, cancelled: bool) -> None:
        self._set_activity("invoices.document.slip", None)

    @Slot(object)
    def _on_typed_line_task_result(self, path: object) -> None:
        from postalgui.api.values.boleto import format_typed_line

        invoice = self._documents.get("typed_line")
        number = invoice.id if invoice is not None else 0
        text = pdf_text(Path(cast("Path", path)), self)
        digits = typed_line_of(text) if text is not None else None
        if digits is None:
            self.messages.show_message(
                arg(
                    self.tr(
                        "No typed line with matching check digits was found in the payment slip of "
                        "invoice %1; nothing was copied. Open the slip and check it by eye."
                    ),
                    number,
                ),
                MessageKind.WARNING,
                key="invoices.typed_line",
            )
            self.typedLineMissing.emit(number)
            return
        line = format_typed_line(digits)
        QApplication.clipboard().setText(line)
        self.messages.show_message(
            arg(self.tr("Typed line copied: %1"), line), MessageKind.INFO, key="invoices.typed_line"
        )
        self.typedLineCopied.emit(line)

    @Slot(bool)
    def _on_typed_line_task_finished(self, cancelled: bool) -> None:
        self._set_activity("invoices.typed_line", None)

    @Slot()
    def _on_window_closed(self) -> None:
        sender = self.sender()
        self._windows = [window for window in self._windows if window is not sender]

    # --- slots: jobs ------------------------------------------------------------------

    @Slot(object)
    def _on_request_task_result(self, job: object) -> None:
        from postalgui.services.invoices.jobs import Job

        if not isinstance(job, Job):
            return
        self.jobs.add_job(job)
        self.messages.show_message(
            arg(self.tr("%1 requested; it opens from Jobs when ready."), job_title(job)),
            MessageKind.INFO,
            key="invoices.request",
        )
        self.jobRequested.emit(job)

    @Slot(object)
    def _on_request_task_error(self, error: BaseException) -> None:
        self.messages.show_message(
            arg(self.tr("The request failed: %1"), describe_error(error)),
            MessageKind.ERROR,
            key="invoices.request",
        )

    @Slot(bool)
    def _on_request_task_finished(self, cancelled: bool) -> None:
        self._set_activity("invoices.request", None)

    @Slot(object)
    def _on_jobs_open_requested(self, job: object) -> None:
        from postalgui.services.invoices.jobs import Job

        if isinstance(job, Job):
            self.open_job(job)

    @Slot(int)
    def _on_pages_current_changed(self, index: int) -> None:
        if self.pages.widget(index) is self.divergences:
            self._refresh_divergences()


def _default_period() -> tuple[date, date]:
    from postalgui.services.invoices.documents import last_twelve_months

    return last_twelve_months(date.today())


def _date_edit(value: date, parent: QWidget) -> QDateEdit:
    edit = QDateEdit(QDate(value.year, value.month, value.day), parent)
    edit.setDisplayFormat("dd/MM/yyyy")
    edit.setCalendarPopup(True)
    return edit
