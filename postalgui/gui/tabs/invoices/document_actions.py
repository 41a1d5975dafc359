"""An invoice's PDFs: the synthetic statement and the payment slip opened in viewer windows,
and the slip's typed line read, checked and copied (with a warning when the invoice is
overdue: banks may refuse a slip past its due date or charge interest).

A controller of the Invoices tab: it runs `documents.fetch_document` as its own tasks
and reports in the tab's message area. Texts keep the `InvoicesTab` translation context,
where the catalog has them.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot
from PySide6.QtPdf import QPdfDocument
from PySide6.QtWidgets import QApplication, QWidget

from postalgui.api.values import InvalidValue
from postalgui.gui.messages import arg
from postalgui.gui.tabs.invoices.controller import InvoicesController
from postalgui.gui.tabs.invoices.invoice_model import days_overdue, slip_available
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.pdf_viewer import PdfViewerWindow
from postalgui.services.invoices.documents import DocumentKind, fetch_document

if TYPE_CHECKING:
    from postalgui.api.models.invoices import Invoice
    from postalgui.gui.desk import Desk
    from postalgui.gui.tabs.invoices.activity import ActivityIndicator
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.invoices.service import InvoiceService
from postalgui.api.values.boleto import find_typed_lines, format_typed_line, verify_typed_line

__all__ = ["DocumentActions", "pdf_text", "typed_line_of"]


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

    for candidate in find_typed_lines(text):
        try:
            return verify_typed_line(candidate)
        except InvalidValue:
            continue
    return None


class DocumentActions(InvoicesController):
    """Opens an invoice's PDFs and copies its slip's typed line; keeps the viewer windows.

    Signals: ``documentOpened(PdfViewerWindow)`` with the `PdfViewerWindow` showing a document;
    ``typedLineCopied(str)`` with the formatted line put on the clipboard;
    ``typedLineMissing(int)`` with the invoice number whose slip had no valid typed line.
    """

    documentOpened = Signal(PdfViewerWindow)
    typedLineCopied = Signal(str)
    typedLineMissing = Signal(int)

    def __init__(self, desk: Desk[InvoiceService], activity: ActivityIndicator, parent: QWidget) -> None:
        super().__init__(desk, parent)
        self.activity = activity
        self._widget = parent
        self._documents: dict[str, Invoice] = {}
        self._windows: list[PdfViewerWindow] = []

    def open_document(self, kind: DocumentKind, invoice: Invoice) -> TaskHandle | None:
        """Download the synthetic statement or the payment slip and show it in a viewer window."""
        if kind == "slip" and not slip_available(invoice):
            self._no_slip(invoice)
            return None
        self._documents[kind] = invoice
        synthetic = kind == "synthetic"
        key = f"invoices.document.{kind}"
        handle = self.desk.run(
            fetch_document,
            invoice,
            kind,
            name=f"invoice {kind}",
            key=key,
            on_result=self._on_synthetic_task_result if synthetic else self._on_slip_task_result,
            failure=_document_failure(),
            on_finished=self._on_synthetic_task_finished if synthetic else self._on_slip_task_finished,
        )
        text = (
            arg(
                QCoreApplication.translate(
                    "InvoicesTab", "Downloading the synthetic statement of invoice %1…"
                ),
                invoice.id,
            )
            if synthetic
            else arg(
                QCoreApplication.translate("InvoicesTab", "Downloading the payment slip of invoice %1…"),
                invoice.id,
            )
        )
        self.activity.set(key, text)
        return handle

    def copy_typed_line(self, invoice: Invoice) -> TaskHandle | None:
        """Download the slip, read its typed line, check it and put it on the clipboard."""
        if not slip_available(invoice):
            self._no_slip(invoice)
            return None
        self._documents["typed_line"] = invoice
        handle = self.desk.run(
            fetch_document,
            invoice,
            "slip",
            name="invoice typed line",
            key="invoices.typed_line",
            on_result=self._on_typed_line_task_result,
            failure=_document_failure(),
            on_finished=self._on_typed_line_task_finished,
        )
        self.activity.set(
            "invoices.typed_line",
            arg(
                QCoreApplication.translate("InvoicesTab", "Reading the typed line of invoice %1…"), invoice.id
            ),
        )
        return handle

    def show_pdf(self, path: Path, title: str) -> PdfViewerWindow | None:
        """A viewer window on ``path``, kept until it is closed; ``None`` when it cannot be read."""
        window = PdfViewerWindow(None, self._widget)
        if not window.open(path):
            self.desk.messages.show_message(
                arg(
                    QCoreApplication.translate(
                        "InvoicesTab", "%1 could not be shown: the file is not a readable PDF."
                    ),
                    title,
                ),
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
            text = arg(
                QCoreApplication.translate(
                    "InvoicesTab", "Invoice %1 is paid: there is no payment slip to open."
                ),
                invoice.id,
            )
        elif (invoice.tipoDocumento or "").strip().upper() == "RZ":
            text = arg(
                QCoreApplication.translate(
                    "InvoicesTab", "Invoice %1 is a zeroed invoice (RZ): it has no payment slip."
                ),
                invoice.id,
            )
        else:
            text = arg(
                QCoreApplication.translate(
                    "InvoicesTab", "Invoice %1 has nothing to pay: it has no payment slip."
                ),
                invoice.id,
            )
        self.desk.messages.show_message(text, MessageKind.INFO, key="invoices.document")

    # --- slots -----------------------------------------------------------------------

    def _show_document(self, kind: DocumentKind, path: Path, title: str) -> None:
        """Show a downloaded document; ``title`` has the invoice's number as ``%1``."""
        invoice = self._documents.get(kind)
        number = invoice.id if invoice is not None else ""
        self.desk.messages.clear("invoices.document")
        self.show_pdf(path, arg(title, number))

    @Slot(object)
    def _on_synthetic_task_result(self, path: Path) -> None:
        title = QCoreApplication.translate("InvoicesTab", "Synthetic statement — invoice %1")
        self._show_document("synthetic", path, title)

    @Slot(object)
    def _on_slip_task_result(self, path: Path) -> None:
        self._show_document(
            "slip", path, QCoreApplication.translate("InvoicesTab", "Payment slip — invoice %1")
        )

    @Slot(bool)
    def _on_synthetic_task_finished(self, cancelled: bool) -> None:
        self.activity.set("invoices.document.synthetic", None)

    @Slot(bool)
    def _on_slip_task_finished(self, cancelled: bool) -> None:
        self.activity.set("invoices.document.slip", None)

    @Slot(object)
    def _on_typed_line_task_result(self, path: Path) -> None:

        invoice = self._documents.get("typed_line")
        number = invoice.id if invoice is not None else 0
        text = pdf_text(path, self)
        digits = typed_line_of(text) if text is not None else None
        if digits is None:
            self.desk.messages.show_message(
                arg(
                    QCoreApplication.translate(
                        "InvoicesTab",
                        "No typed line with matching check digits was found in the payment slip of "
                        "invoice %1; nothing was copied. Open the slip and check it by eye.",
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
        overdue = days_overdue(invoice, date.today()) if invoice is not None else None
        if overdue is None:
            text = arg(QCoreApplication.translate("InvoicesTab", "Typed line copied: %1"), line)
        else:
            text = arg(
                QCoreApplication.translate(
                    "InvoicesTab",
                    "Typed line copied: %1. Invoice %2 is overdue (%Ln day(s) past its due date): "
                    "banks may refuse this slip or charge interest.",
                    "",
                    overdue,
                ),
                line,
                number,
            )
        kind = MessageKind.INFO if overdue is None else MessageKind.WARNING
        self.desk.messages.show_message(text, kind, key="invoices.typed_line")
        self.typedLineCopied.emit(line)

    @Slot(bool)
    def _on_typed_line_task_finished(self, cancelled: bool) -> None:
        self.activity.set("invoices.typed_line", None)

    @Slot()
    def _on_window_closed(self) -> None:
        sender = self.sender()
        self._windows = [window for window in self._windows if window is not sender]


def _document_failure() -> Failure:
    text = QCoreApplication.translate("InvoicesTab", "The document could not be downloaded: %1")
    return Failure(text, "invoices.document")
