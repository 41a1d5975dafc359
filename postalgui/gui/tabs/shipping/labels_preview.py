"""`DocumentPreview`: a PDF the office makes (labels, content declaration, posting list),
shown in the built-in viewer as soon as it is made, with Print… and Save….

The PDF is made by a use case run as this dialog's task (never on the GUI thread); big
batches show their progress and a Cancel button. The bytes go to a file in a folder of
the dialog's own (the viewer reads files, and Save… copies it), removed when the dialog
closes. Printing goes through the system's print dialog with the page size of the
document, and through the viewer's `pdf_printing`; `remember_printer`/`printer_name`
are for the labels, whose printer is remembered.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar, TypeVarTuple

from PySide6.QtCore import QSizeF, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QCloseEvent, QPageLayout, QPageSize
from PySide6.QtPrintSupport import QAbstractPrintDialog, QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.messages import arg
from postalgui.gui.tasks import Failure, Progress
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.pdf_viewer import PdfViewer
from postalgui.gui.widgets.saved_file import ask_save_path, pdf_type
from postalgui.gui.widgets.task_progress import task_progress

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.shipping.service import ShippingService

__all__ = ["DocumentPreview"]

log = logging.getLogger(__name__)

Ts = TypeVarTuple("Ts")
R = TypeVar("R")

# The progress bar comes only when making takes longer than this (a busy cursor at once).
PROGRESS_DELAY_MS = 500
MESSAGE_KEY = "shipping.document"


class DocumentPreview(QDialog):
    """The viewer, a line of what happened, the progress of the making, Print…, Save…, Close.

    Signals: ``documentShown(Path)`` when a made document is open in the viewer (its first
    page on its way to the screen); ``finishedMaking(bool)`` when a making ended (True:
    cancelled); ``printed(int)`` with the pages printed; ``saved(Path)``.
    """

    documentShown = Signal(Path)
    finishedMaking = Signal(bool)
    printed = Signal(int)
    saved = Signal(Path)

    def __init__(
        self, desk: Desk[ShippingService], title: str, stem: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.desk = desk
        self.stem = stem
        self._folder = Path(tempfile.mkdtemp(prefix="postalgui-documents-"))
        # Removed on close, or with the dialog when it goes without one (a parent's end).
        self._remove_folder = weakref.finalize(self, shutil.rmtree, self._folder, True)
        self._made = 0
        self._handle: TaskHandle | None = None
        self._busy_cursor = False
        self.messages = MessageArea(self)
        self.controls = QHBoxLayout()
        self.viewer = PdfViewer(self)
        # The viewer's own Print and Save (toolbar, Ctrl+P, Ctrl+Shift+S) do what the buttons do.
        for action, slot in (
            (self.viewer.print_action, self._on_print_button_clicked),
            (self.viewer.save_as_action, self._on_save_button_clicked),
        ):
            action.triggered.disconnect()
            action.triggered.connect(slot)
        self.viewer.failed.connect(self._on_viewer_failed)
        holder = QWidget(self)
        self.progress_bar, self.cancel_button = task_progress(
            holder,
            "shippingDocument",
            self.tr("Cancel"),
            self.tr("Stop making the document; nothing is printed"),
            self._on_cancel_clicked,
        )
        self._progress_timer = QTimer(self, singleShot=True, interval=PROGRESS_DELAY_MS)
        self._progress_timer.timeout.connect(self._on_progress_timer_timeout)
        self.status_label = QLabel(self)
        self.status_label.setObjectName("shippingDocumentStatus")
        self.status_label.setWordWrap(True)
        self.print_button = QPushButton(self.tr("&Print…"), self)
        self.print_button.setObjectName("shippingPrintButton")
        self.save_button = QPushButton(self.tr("&Save…"), self)
        self.save_button.setObjectName("shippingSaveButton")
        self.close_button = QPushButton(self.tr("Close"), self)
        self.print_button.clicked.connect(self._on_print_button_clicked)
        self.save_button.clicked.connect(self._on_save_button_clicked)
        self.close_button.clicked.connect(self.reject)
        self._lay_out(holder)
        self._set_document_ready(False)

    def _lay_out(self, holder: QWidget) -> None:
        buttons = QHBoxLayout()
        buttons.addWidget(self.status_label, 1)
        for button in (self.print_button, self.save_button, self.close_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.messages)
        layout.addLayout(self.controls)
        layout.addWidget(self.viewer, 1)
        layout.addWidget(holder)
        layout.addLayout(buttons)
        available = self.screen().availableGeometry().size() if self.screen() is not None else None
        width, height = 900, 680
        if available is not None:
            width, height = min(width, available.width() - 40), min(height, available.height() - 60)
        self.resize(width, height)

    # --- making ----------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self._handle is not None

    def make(
        self, fn: Callable[[TaskHandle, ShippingService, *Ts], bytes | None], *args: *Ts, name: str
    ) -> TaskHandle:
        """Make the document with ``fn(task, service, *args)`` (its bytes, ``None`` when
        there is nothing to make); a document being made is dropped for the new one (the
        runner's latest-wins key: none of its callbacks run)."""
        return self.make_with(fn, *args, name=name, on_result=self._on_task_result)

    def make_with(
        self,
        fn: Callable[[TaskHandle, ShippingService, *Ts], R],
        *args: *Ts,
        name: str,
        on_result: Callable[[R], None],
    ) -> TaskHandle:
        """`make` for a use case that answers more than the PDF: ``on_result`` takes the
        answer and hands the PDF to `show_pdf`."""
        self.messages.clear(MESSAGE_KEY)
        self.status_label.setText(self.tr("Making the document…"))
        self._progress_timer.start()
        if not self._busy_cursor:
            QApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
            self._busy_cursor = True
        self._set_document_ready(False)
        handle = self.desk.run(
            fn,
            *args,
            owner=self,
            name=name,
            key=f"shipping.document.{id(self)}",
            on_result=on_result,
            on_progress=self._on_task_progress,
            on_finished=self._on_task_finished,
            failure=Failure(self.tr("The document could not be made: %1"), MESSAGE_KEY),
        )
        self._handle = handle
        return handle

    def nothing_made(self) -> str:
        """What the status line says when the use case had nothing to make."""
        return self.tr("There is nothing to put in this document.")

    def made(self, path: Path) -> str:
        """What the status line says once a document is shown (subclasses say more)."""
        del path
        return self.tr("%Ln page(s) ready to print or save.", "", self.viewer.page_count)

    def show_pdf(self, data: bytes) -> bool:
        """Show ``data`` (a PDF) in the viewer; False, said in the message area, when it cannot."""
        self._made += 1
        path = self._folder / f"{self._made}" / f"{self.stem}.pdf"
        try:
            path.parent.mkdir()
            path.write_bytes(data)
        except OSError as error:
            self.messages.show_message(
                arg(self.tr("The document could not be kept for viewing: %1"), error.strerror or str(error)),
                MessageKind.ERROR,
                key=MESSAGE_KEY,
            )
            return False
        if not self.viewer.open(path):
            return False
        self._set_document_ready(True)
        self.status_label.setText(self.made(path))
        self.documentShown.emit(path)
        return True

    def _set_document_ready(self, ready: bool) -> None:
        self.print_button.setEnabled(ready)
        self.save_button.setEnabled(ready)

    def _stop_progress(self) -> None:
        self._progress_timer.stop()
        self.progress_bar.hide()
        self.cancel_button.hide()
        if self._busy_cursor:
            QApplication.restoreOverrideCursor()
            self._busy_cursor = False

    @Slot(object)
    def _on_task_result(self, data: bytes | None) -> None:
        if data is None:
            self.viewer.close_document()
            self.status_label.setText(self.nothing_made())
            return
        self.show_pdf(data)

    @Slot(object)
    def _on_task_progress(self, progress: Progress) -> None:
        bar = self.progress_bar
        bar.setRange(0, progress.total or 0)
        bar.setValue(progress.done)
        bar.setFormat(progress.text or "%v / %m")

    @Slot(bool)
    def _on_task_finished(self, cancelled: bool) -> None:
        self._handle = None
        self._stop_progress()
        if cancelled:
            self.status_label.setText(self.tr("Stopped: nothing was made."))
        elif self.messages.message(MESSAGE_KEY) is not None:
            self.status_label.setText("")
        self.finishedMaking.emit(cancelled)

    @Slot()
    def _on_progress_timer_timeout(self) -> None:
        if self._handle is not None:
            self.progress_bar.show()
            self.cancel_button.show()

    @Slot()
    def _on_cancel_clicked(self) -> None:
        if self._handle is not None:
            self._handle.cancel()

    # --- print and save --------------------------------------------------------------------------

    def printer_name(self) -> str:
        """The printer to offer first; ``""`` is the system's default."""
        return ""

    def remember_printer(self, printer: QPrinter) -> None:
        """Called after a print went to ``printer``; the labels keep its name."""

    def print_document(self) -> int:
        """The system's print dialog (the remembered printer, the document's page size),
        then every page asked for; the pages printed (0 when cancelled)."""
        if self.viewer.page_count == 0:
            return 0
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        if self.printer_name():
            printer.setPrinterName(self.printer_name())  # Qt keeps the default when it is gone
        size = self.viewer.document.pagePointSize(0)
        portrait = size.height() >= size.width()
        printer.setPageSize(QPageSize(QSizeF(size.width(), size.height()), QPageSize.Unit.Point))
        printer.setPageOrientation(
            QPageLayout.Orientation.Portrait if portrait else QPageLayout.Orientation.Landscape
        )
        printer.setDocName(self.stem)
        dialog = QPrintDialog(printer, self)
        dialog.setWindowTitle(self.windowTitle())
        dialog.setMinMax(1, self.viewer.page_count)
        dialog.setOption(QAbstractPrintDialog.PrintDialogOption.PrintPageRange, True)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return 0
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            pages = self.viewer.print_to(printer)
        finally:
            QApplication.restoreOverrideCursor()
        if pages:
            self.remember_printer(printer)
            self.status_label.setText(self.tr("%Ln page(s) sent to the printer.", "", pages))
            self.printed.emit(pages)
        return pages

    def save_document(self, target: Path | None = None) -> Path | None:
        """Save a copy where the clerk says (the save dialog, in the last folder) or at
        ``target``; the path saved to, or ``None``."""
        if self.viewer.path is None:
            return None
        if target is None:
            target = ask_save_path(self, self.tr("Save PDF as"), self.stem, [pdf_type()])
            if target is None:
                return None
        if not self.viewer.save_as(target):
            return None
        self.status_label.setText(arg(self.tr("Saved to %1"), str(target)))
        self.saved.emit(target)
        return target

    @Slot()
    def _on_print_button_clicked(self) -> None:
        self.print_document()

    @Slot()
    def _on_save_button_clicked(self) -> None:
        self.save_document()

    @Slot(str)
    def _on_viewer_failed(self, message: str) -> None:
        self.messages.show_message(message, MessageKind.ERROR, key=MESSAGE_KEY)

    # --- closing ---------------------------------------------------------------------------------

    def done(self, result: int) -> None:
        self._release()
        super().done(result)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._release()
        super().closeEvent(event)

    def _release(self) -> None:
        """Stop the making, close the document and remove the dialog's folder."""
        if self._handle is not None:
            self._handle.cancel()
        self._stop_progress()
        self.viewer.close_document()
        self._remove_folder()
