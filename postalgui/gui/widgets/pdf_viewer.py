"""A built-in PDF viewer (QtPdf) for invoices' synthetic statements and payment slips.

The clerk reads, searches, prints and saves the operator's PDFs without leaving the app
and without depending on whatever PDF reader the workstation has (or lacks).

The viewer composes and holds the document, the pages and the zoom; its parts are the
page view with the pages' geometry and the fit zoom (`pdf_page_view`), the toolbar and
its keys (`pdf_toolbar`), the page thumbnails (`pdf_thumbnails`), the search
(`pdf_search`) and the printing (`pdf_printing`).

One current page: the one at the top of the view, which the page box shows, PgDn/PgUp
step from and the thumbnails select, on every open and after every resize or zoom.

Pages are numbered from 0 in the API (as in QtPdf) and from 1 on screen.
"""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

from PySide6.QtCore import QPointF, QSignalBlocker, QSize, Qt, Signal, Slot
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QPainter
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QAbstractPrintDialog, QPrintDialog, QPrinter
from PySide6.QtWidgets import QApplication, QDialog, QHBoxLayout, QMainWindow, QVBoxLayout, QWidget

from postalgui.gui.messages import arg
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.pdf_page_view import MAX_ZOOM, MIN_ZOOM, PdfPageView, ZoomMode, qround
from postalgui.gui.widgets.pdf_printing import pages_to_print, paint_page
from postalgui.gui.widgets.pdf_search import PdfSearch
from postalgui.gui.widgets.pdf_thumbnails import PdfThumbnails
from postalgui.gui.widgets.pdf_toolbar import PdfToolbar
from postalgui.gui.widgets.saved_file import ask_save_path, pdf_type

__all__ = ["PdfViewer", "PdfViewerWindow"]

log = logging.getLogger(__name__)

ZOOM_STEP = 1.25


class PdfViewer(QWidget):
    """A toolbar (pages, zoom, search, print, save) over a multi-page `QPdfView`.

    Signals: ``opened(Path)`` once a document is loaded and ready; ``failed(str)`` with a
    translated sentence when a file cannot be opened, printed or saved;
    ``currentPageChanged(int)`` when another page (0-based) became the current one;
    ``zoomChanged(float)`` when the zoom factor changed.
    """

    opened = Signal(Path)
    failed = Signal(str)
    currentPageChanged = Signal(int)
    zoomChanged = Signal(float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pdfViewer")
        self._path: Path | None = None
        self._zoom_mode = ZoomMode.FitToWidth
        self._zoom = 1.0
        self.document = QPdfDocument(self)
        self.view = PdfPageView(self.document, self)
        self.view.setAccessibleName(self.tr("Document pages"))
        self.thumbnails = PdfThumbnails(self.document, self)
        self.toolbar = PdfToolbar(self)
        self._expose_toolbar()
        self.finder = PdfSearch(self.view, self.toolbar, self)
        self.search_model = self.finder.model
        self._connect()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.toolbar)
        pages = QHBoxLayout()
        pages.setContentsMargins(0, 0, 0, 0)
        pages.setSpacing(0)
        pages.addWidget(self.thumbnails)
        pages.addWidget(self.view, 1)
        layout.addLayout(pages, 1)
        self.setFocusProxy(self.view)
        self._update_state()

    def _expose_toolbar(self) -> None:
        """The toolbar's actions and boxes under the names the viewer has always given them."""
        bar = self.toolbar
        self.previous_page_action, self.next_page_action = bar.previous_page_action, bar.next_page_action
        self.first_page_action, self.last_page_action = bar.first_page_action, bar.last_page_action
        self.zoom_in_action, self.zoom_out_action = bar.zoom_in_action, bar.zoom_out_action
        self.fit_width_action, self.fit_page_action = bar.fit_width_action, bar.fit_page_action
        self.actual_size_action, self.zoom_group = bar.actual_size_action, bar.zoom_group
        self.find_action, self.find_next_action = bar.find_action, bar.find_next_action
        self.find_previous_action = bar.find_previous_action
        self.print_action, self.save_as_action = bar.print_action, bar.save_as_action
        self.thumbnails_action = bar.thumbnails_action
        self.page_spin, self.zoom_label = bar.page_spin, bar.zoom_label
        self.search_edit, self.search_label = bar.search_edit, bar.search_label

    def _connect(self) -> None:
        self.view.resized.connect(self._on_view_resized)
        self.view.pageStepRequested.connect(self._on_view_page_step_requested)
        self.view.pageNavigator().currentPageChanged.connect(self._on_navigator_current_page_changed)
        # After the view's own connection, so its layout is up to date when this runs.
        self.document.statusChanged.connect(self._on_document_status_changed)
        self.page_spin.valueChanged.connect(self._on_page_spin_value_changed)
        self.previous_page_action.triggered.connect(self._on_previous_page_action_triggered)
        self.next_page_action.triggered.connect(self._on_next_page_action_triggered)
        self.first_page_action.triggered.connect(self._on_first_page_action_triggered)
        self.last_page_action.triggered.connect(self._on_last_page_action_triggered)
        self.zoom_in_action.triggered.connect(self._on_zoom_in_action_triggered)
        self.zoom_out_action.triggered.connect(self._on_zoom_out_action_triggered)
        self.fit_width_action.triggered.connect(self._on_fit_width_action_triggered)
        self.fit_page_action.triggered.connect(self._on_fit_page_action_triggered)
        self.actual_size_action.triggered.connect(self._on_actual_size_action_triggered)
        self.print_action.triggered.connect(self._on_print_action_triggered)
        self.save_as_action.triggered.connect(self._on_save_as_action_triggered)
        self.thumbnails_action.toggled.connect(self._on_thumbnails_action_toggled)
        self.thumbnails.pageActivated.connect(self._on_thumbnails_page_activated)

    # --- document --------------------------------------------------------------------

    @property
    def path(self) -> Path | None:
        """The open file, or ``None``."""
        return self._path

    @property
    def page_count(self) -> int:
        return self.view.page_count()

    @property
    def current_page(self) -> int:
        """The page (0-based) across the upper part of the view; 0 with no document."""
        return self.view.pageNavigator().currentPage() if self._ready() else 0

    def open(self, path: Path) -> bool:
        """Show ``path``; on failure emit ``failed`` with the reason and return False.

        Loading a file is synchronous in QtPdf, but it only reads the cross-reference
        table (about 1 ms for a 50-page statement); pages are rendered on the view's
        own render thread as they come into sight.
        """
        path = Path(path)
        self.close_document()
        self._path = path  # before load(): the status slot emits opened(path) from inside it
        error = self.document.load(str(path))
        if error == QPdfDocument.Error.None_ and self.document.status() == QPdfDocument.Status.Ready:
            return True
        self._path = None
        self.document.close()
        message = self._load_error_message(error, path)
        log.info("cannot open %s: %s", path, error)
        self._update_state()
        self.failed.emit(message)
        return False

    def close_document(self) -> None:
        """Close the document (the file itself is left alone)."""
        self.finder.reset()
        self._path = None
        if self.document.status() != QPdfDocument.Status.Null:
            self.document.close()
        self._update_state()

    def text_of_page(self, index: int) -> str:
        """The text of one page, lines separated by ``\\n`` ("" outside the document)."""
        if not 0 <= index < self.page_count:
            return ""
        return self.document.getAllText(index).text().replace("\r\n", "\n")

    def all_text(self) -> str:
        """The text of every page; pages are separated by a form feed (``\\f``)."""
        return "\f".join(self.text_of_page(page) for page in range(self.page_count))

    def _ready(self) -> bool:
        return self.document.status() == QPdfDocument.Status.Ready

    def _load_error_message(self, error: QPdfDocument.Error, path: Path) -> str:
        name = path.name
        if error == QPdfDocument.Error.FileNotFound:
            return arg(self.tr("%1 was not found."), name)
        if error == QPdfDocument.Error.InvalidFileFormat:
            return arg(self.tr("%1 is not a PDF file or is damaged."), name)
        if error in (QPdfDocument.Error.IncorrectPassword, QPdfDocument.Error.UnsupportedSecurityScheme):
            return arg(self.tr("%1 is protected by a password and cannot be shown."), name)
        return arg(self.tr("%1 could not be opened."), name)

    @Slot(QPdfDocument.Status)
    def _on_document_status_changed(self, status: QPdfDocument.Status) -> None:
        if status != QPdfDocument.Status.Ready or self._path is None:
            return
        self.page_spin.setMaximum(self.document.pageCount())
        self._apply_zoom(keep_position=False)
        self.view.pageNavigator().clear()  # back to page 0 and an empty history
        self.go_to_page(0)
        self._update_state()
        self.opened.emit(self._path)

    # --- pages -----------------------------------------------------------------------

    def go_to_page(self, index: int) -> None:
        """Scroll so that page ``index`` (0-based, clamped) starts at the top of the view."""
        if not self._ready():
            return
        index = max(0, min(index, self.page_count - 1))
        self.view.scroll_to(index, QPointF(0, 0))
        # The view may have picked the page before (the last page can be shorter than the
        # view); the page asked for is the current one all the same.
        self.view.pageNavigator().jump(index, QPointF(0, 0), self._zoom)

    def next_page(self) -> None:
        self.go_to_page(self.current_page + 1)

    def previous_page(self) -> None:
        self.go_to_page(self.current_page - 1)

    def _page_size(self, page: int) -> QSize:
        """Page size in view pixels, rounded as QPdfView rounds it."""
        return self.view.page_size(page)

    def _page_top(self, page: int) -> int:
        """Where QPdfView (multi-page mode) puts the top of ``page``."""
        return self.view.page_top(page)

    @Slot(int)
    def _on_navigator_current_page_changed(self, page: int) -> None:
        self._update_state()
        self.currentPageChanged.emit(page)

    @Slot(int)
    def _on_view_page_step_requested(self, step: int) -> None:
        self.go_to_page(self.current_page + step)

    @Slot(int)
    def _on_thumbnails_page_activated(self, page: int) -> None:
        if page != self.current_page:
            self.go_to_page(page)

    @Slot(bool)
    def _on_thumbnails_action_toggled(self, shown: bool) -> None:
        self.thumbnails.setVisible(shown)

    @Slot(int)
    def _on_page_spin_value_changed(self, value: int) -> None:
        if value - 1 != self.current_page:
            self.go_to_page(value - 1)

    @Slot()
    def _on_previous_page_action_triggered(self) -> None:
        self.previous_page()

    @Slot()
    def _on_next_page_action_triggered(self) -> None:
        self.next_page()

    @Slot()
    def _on_first_page_action_triggered(self) -> None:
        self.go_to_page(0)

    @Slot()
    def _on_last_page_action_triggered(self) -> None:
        self.go_to_page(self.page_count - 1)

    # --- zoom ------------------------------------------------------------------------

    @property
    def zoom_mode(self) -> QPdfView.ZoomMode:
        """``FitToWidth`` (the default), ``FitInView`` (whole page) or ``Custom``."""
        return self._zoom_mode

    @property
    def zoom_factor(self) -> float:
        """Magnification; 1.0 is the printed size (100%)."""
        return self._zoom

    def set_zoom_mode(self, mode: QPdfView.ZoomMode) -> None:
        self._zoom_mode = mode
        self._apply_zoom()

    def set_zoom_factor(self, factor: float) -> None:
        """A fixed magnification (mode ``Custom``), clamped to 10%-800%."""
        self._zoom_mode = ZoomMode.Custom
        self._apply_zoom(max(MIN_ZOOM, min(MAX_ZOOM, factor)))

    def zoom_in(self) -> None:
        self.set_zoom_factor(self._zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom_factor(self._zoom / ZOOM_STEP)

    def _apply_zoom(
        self,
        factor: float | None = None,
        *,
        keep_position: bool = True,
        anchor: tuple[int, float] | None = None,
    ) -> None:
        """Zoom to the fit of the mode (or ``factor``); the page and place at the top of the
        view stay there (``anchor``, by default the one now) unless ``keep_position`` is False."""
        ready = self._ready()
        fitted = self.view.fit_factor(self._zoom_mode) if ready else None
        target = fitted if fitted is not None else (factor if factor is not None else self._zoom)
        if anchor is None and keep_position and ready:
            anchor = self.view.anchor()
        changed = target != self._zoom
        if changed:
            self._zoom = target
            self.view.setZoomFactor(target)
        if anchor is not None and keep_position and ready:
            self._show_anchor(anchor)
        if changed:
            self.zoomChanged.emit(target)
        self._update_zoom_state()

    def _show_anchor(self, anchor: tuple[int, float]) -> None:
        """Put ``anchor`` (a page and points down it) at the top; that page is the current one."""
        page, offset = anchor
        page = max(0, min(page, self.page_count - 1))
        self.view.scroll_to(page, QPointF(0, offset))
        self.view.pageNavigator().update(page, QPointF(0, max(offset, 0.0)), self._zoom)

    @Slot()
    def _on_view_resized(self) -> None:
        # The view has already picked a page under its own rule; put back the one that was at the top.
        self._apply_zoom(anchor=self.view.resize_anchor)

    @Slot()
    def _on_zoom_in_action_triggered(self) -> None:
        self.zoom_in()

    @Slot()
    def _on_zoom_out_action_triggered(self) -> None:
        self.zoom_out()

    @Slot()
    def _on_fit_width_action_triggered(self) -> None:
        self.set_zoom_mode(ZoomMode.FitToWidth)

    @Slot()
    def _on_fit_page_action_triggered(self) -> None:
        self.set_zoom_mode(ZoomMode.FitInView)

    @Slot()
    def _on_actual_size_action_triggered(self) -> None:
        self.set_zoom_factor(1.0)

    # --- search ----------------------------------------------------------------------

    @property
    def search_result_count(self) -> int:
        return self.finder.result_count

    @property
    def current_search_result(self) -> int:
        """Index of the framed result, -1 when none is."""
        return self.view.currentSearchResultIndex()

    def search(self, text: str) -> int:
        """Find ``text`` (case-insensitive) everywhere and show the first result from the
        current page on; returns how many there are (`PdfSearch`)."""
        return self.finder.search(text)

    def find_next(self) -> None:
        """The next result, after the last one the first (a search first if the text changed)."""
        self.finder.step(+1)

    def find_previous(self) -> None:
        self.finder.step(-1)

    # --- print -----------------------------------------------------------------------

    def print_to(self, printer: QPrinter) -> int:
        """Print the pages the printer's range asks for (all by default); returns how many.

        Each page is scaled to fit the printable area, keeping its proportions.
        """
        pages = pages_to_print(printer, self.page_count, self.current_page) if self._ready() else []
        if not pages:
            return 0
        painter = QPainter()
        if not painter.begin(printer):
            self.failed.emit(self.tr("The printer could not be started."))
            return 0
        printed = 0
        try:
            for page in pages:
                if printed and not printer.newPage():
                    self.failed.emit(self.tr("The printer stopped before the last page."))
                    break
                paint_page(self.document, painter, printer.resolution(), page)
                printed += 1
        finally:
            painter.end()
        return printed

    def print_with_dialog(self) -> int:
        """Ask for a printer and print; returns the pages printed (0 when cancelled)."""
        if not self._ready():
            return 0
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(self._path.name if self._path else "")
        dialog = QPrintDialog(printer, self)
        dialog.setWindowTitle(self.tr("Print document"))
        dialog.setMinMax(1, self.page_count)
        option = QAbstractPrintDialog.PrintDialogOption
        dialog.setOption(option.PrintPageRange, True)
        dialog.setOption(option.PrintCurrentPage, True)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return 0
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            return self.print_to(printer)
        finally:
            QApplication.restoreOverrideCursor()

    @Slot()
    def _on_print_action_triggered(self) -> None:
        self.print_with_dialog()

    # --- save ------------------------------------------------------------------------

    def save_as(self, target: Path) -> bool:
        """Copy the open file to ``target``; on failure emit ``failed`` and return False."""
        if self._path is None:
            return False
        target = Path(target)
        try:
            if target.resolve() != self._path.resolve():
                shutil.copyfile(self._path, target)
        except OSError as error:
            log.warning("cannot save %s as %s: %s", self._path, target, error)
            self.failed.emit(arg(self.tr("Could not save %1: %2"), target, error.strerror or str(error)))
            return False
        return True

    def save_with_dialog(self) -> Path | None:
        """Ask where to save a copy and save it there; the path saved to, or ``None``."""
        if self._path is None:
            return None
        target = ask_save_path(self, self.tr("Save PDF as"), self._path.stem, [pdf_type()])
        if target is None:
            return None
        return target if self.save_as(target) else None

    @Slot()
    def _on_save_as_action_triggered(self) -> None:
        self.save_with_dialog()

    # --- state -----------------------------------------------------------------------

    def _update_state(self) -> None:
        ready = self._ready()
        count = self.page_count
        page = self.current_page
        with QSignalBlocker(self.page_spin):
            self.page_spin.setRange(1 if ready else 0, max(count, 1) if ready else 0)
            self.page_spin.setValue(page + 1 if ready else 0)
        self.page_spin.setPrefix(self.tr("Page") + " ")
        self.page_spin.setSuffix(" " + arg(self.tr("of %1"), count) if ready else "")
        self.page_spin.setEnabled(ready)
        self.previous_page_action.setEnabled(ready and page > 0)
        self.first_page_action.setEnabled(ready and page > 0)
        self.next_page_action.setEnabled(ready and page < count - 1)
        self.last_page_action.setEnabled(ready and page < count - 1)
        if ready:
            self.thumbnails.follow(page)
        for action in (
            self.zoom_in_action,
            self.zoom_out_action,
            self.fit_width_action,
            self.fit_page_action,
            self.actual_size_action,
            self.find_action,
            self.print_action,
            self.save_as_action,
        ):
            action.setEnabled(ready)
        self.search_edit.setEnabled(ready)
        self._update_zoom_state()
        self.finder.update_state()

    def _update_zoom_state(self) -> None:
        self.zoom_label.setText(f"{qround(self._zoom * 100)}%")
        self.fit_width_action.setChecked(self._zoom_mode == ZoomMode.FitToWidth)
        self.fit_page_action.setChecked(self._zoom_mode == ZoomMode.FitInView)
        self.actual_size_action.setChecked(self._zoom_mode == ZoomMode.Custom and self._zoom == 1.0)


class PdfViewerWindow(QMainWindow):
    """A non-modal top-level window with one `PdfViewer`, titled with the file's name.

    Deleted when closed (``WA_DeleteOnClose``); the caller keeps a reference while it is
    open and drops it on ``closed``. A file that cannot be opened is reported in a message
    strip inside the window rather than in a dialog.

    Signals: ``closed()`` when the window was closed.
    """

    closed = Signal()

    def __init__(self, path: Path | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # A parent only ties the lifetime; the window stays a window of its own.
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.setObjectName("pdfViewerWindow")
        self.viewer = PdfViewer(self)
        self.messages = MessageArea(self)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.messages)
        layout.addWidget(self.viewer, 1)
        self.setCentralWidget(central)
        self.viewer.failed.connect(self._on_viewer_failed)
        self.viewer.opened.connect(self._on_viewer_opened)

        close = QAction(self.tr("Close"), self)
        close.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Close))
        close.triggered.connect(self._on_close_action_triggered)
        self.addAction(close)

        self.setWindowTitle(self.tr("PDF viewer"))
        screen = self.screen().availableGeometry().size()
        self.resize(QSize(960, 1000).boundedTo(screen * 0.9))
        if path is not None:
            self.open(path)

    def open(self, path: Path) -> bool:
        path = Path(path)
        self.setWindowTitle(path.name)
        self.setWindowFilePath(str(path))
        return self.viewer.open(path)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.viewer.close_document()
        super().closeEvent(event)
        if event.isAccepted():
            self.closed.emit()

    @Slot()
    def _on_close_action_triggered(self) -> None:
        self.close()

    @Slot(Path)
    def _on_viewer_opened(self, _path: Path) -> None:
        self.messages.clear("pdf")
        self.viewer.setFocus(Qt.FocusReason.OtherFocusReason)

    @Slot(str)
    def _on_viewer_failed(self, message: str) -> None:
        self.messages.show_message(message, MessageKind.ERROR, key="pdf")
