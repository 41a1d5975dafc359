"""A built-in PDF viewer (QtPdf) for invoices' synthetic statements and payment slips.

The clerk reads, searches, prints and saves the operator's PDFs without leaving the app
and without depending on whatever PDF reader the workstation has (or lacks).

Zoom is always a plain zoom factor on the `QPdfView`: "fit width" and "fit page" are
computed here from the viewport size. QPdfView's own ``FitToWidth``/``FitInView`` modes
leave ``zoomFactor()`` at 1, and the view draws search highlights with ``zoomFactor()``,
so in those modes the highlights land beside the words they mark.

Pages are numbered from 0 in the API (as in QtPdf) and from 1 on screen.
"""

from __future__ import annotations

import logging
import math
import shutil
from pathlib import Path

from PySide6.QtCore import (
    QPointF,
    QRectF,
    QSignalBlocker,
    QSize,
    QSizeF,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QGuiApplication,
    QIcon,
    QKeySequence,
    QPainter,
    QResizeEvent,
)
from PySide6.QtPdf import QPdfDocument, QPdfDocumentRenderOptions, QPdfSearchModel
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QAbstractPrintDialog, QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QSpinBox,
    QStyle,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.messages import arg
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.saved_file import ask_save_path, pdf_type

log = logging.getLogger(__name__)

ZoomMode = QPdfView.ZoomMode
ZOOM_STEP = 1.25
MIN_ZOOM = 0.1
MAX_ZOOM = 8.0
SEARCH_DELAY_MS = 300
# Pages are rendered for the printer at this resolution at most: a 1200 dpi A4 page
# would be a 550 MB image, and 300 dpi is already sharper than any payment-slip barcode needs.
PRINT_DPI_LIMIT = 300


def _qround(value: float) -> int:
    """``qRound`` for the non-negative sizes QPdfView rounds (Python's round is banker's)."""
    return math.floor(value + 0.5)


class _PageView(QPdfView):
    """QPdfView that says when its viewport was resized, after it has laid itself out.

    Signals: ``resized()``.
    """

    resized = Signal()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resized.emit()


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
        self._searched = ""
        # What QPdfView multiplies points by at zoom 1 (it reads the same screen once).
        screen = QGuiApplication.primaryScreen()
        self._resolution = (screen.logicalDotsPerInch() if screen is not None else 72.0) / 72.0

        self.document = QPdfDocument(self)
        self.search_model = QPdfSearchModel(self)
        self.search_model.setDocument(self.document)

        self.view = _PageView(self)
        self.view.setObjectName("pdfView")
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setZoomMode(ZoomMode.Custom)
        self.view.setDocument(self.document)
        self.view.setSearchModel(self.search_model)
        self.view.setAccessibleName(self.tr("Document pages"))
        self.view.resized.connect(self._on_view_resized)
        self.view.pageNavigator().currentPageChanged.connect(self._on_navigator_current_page_changed)
        # After the view's own connection, so its layout is up to date when this runs.
        self.document.statusChanged.connect(self._on_document_status_changed)

        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(self._on_search_timer_timeout)

        self.toolbar = QToolBar(self.tr("PDF tools"), self)
        self.toolbar.setObjectName("pdfToolbar")
        self._build_actions()
        self._build_toolbar()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.view, 1)
        self.setFocusProxy(self.view)
        self._update_state()

    # --- construction ----------------------------------------------------------------

    def _action(
        self,
        text: str,
        icon: QIcon.ThemeIcon | None,
        shortcuts: list[QKeySequence],
        fallback: QStyle.StandardPixmap | None = None,
    ) -> QAction:
        action = QAction(text, self)
        themed = QIcon.fromTheme(icon) if icon is not None else QIcon()
        if themed.isNull() and fallback is not None:
            themed = self.style().standardIcon(fallback)
        action.setIcon(themed)
        action.setShortcuts(shortcuts)
        # Each viewer (one per open statement) answers its keys only while it has focus.
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        if shortcuts:
            native = shortcuts[0].toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{text} ({native})")
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        keys = QKeySequence.keyBindings
        standard = QKeySequence.StandardKey
        pixmap = QStyle.StandardPixmap
        self.previous_page_action = self._action(
            self.tr("Previous page"),
            QIcon.ThemeIcon.GoUp,
            [QKeySequence(Qt.Key.Key_PageUp)],
            pixmap.SP_ArrowUp,
        )
        self.previous_page_action.triggered.connect(self._on_previous_page_action_triggered)
        self.next_page_action = self._action(
            self.tr("Next page"),
            QIcon.ThemeIcon.GoDown,
            [QKeySequence(Qt.Key.Key_PageDown)],
            pixmap.SP_ArrowDown,
        )
        self.next_page_action.triggered.connect(self._on_next_page_action_triggered)
        self.first_page_action = self._action(
            self.tr("First page"), None, keys(standard.MoveToStartOfDocument)
        )
        self.first_page_action.triggered.connect(self._on_first_page_action_triggered)
        self.last_page_action = self._action(self.tr("Last page"), None, keys(standard.MoveToEndOfDocument))
        self.last_page_action.triggered.connect(self._on_last_page_action_triggered)

        self.zoom_in_action = self._action(
            self.tr("Zoom in"), QIcon.ThemeIcon.ZoomIn, [*keys(standard.ZoomIn), QKeySequence("Ctrl+=")]
        )
        self.zoom_in_action.triggered.connect(self._on_zoom_in_action_triggered)
        self.zoom_out_action = self._action(
            self.tr("Zoom out"), QIcon.ThemeIcon.ZoomOut, keys(standard.ZoomOut)
        )
        self.zoom_out_action.triggered.connect(self._on_zoom_out_action_triggered)
        # Without an icon theme the buttons show their text: signs keep the toolbar in one
        # line in Portuguese too ("Diminuir zoom" stays in the tooltip).
        self.zoom_in_action.setIconText("+")
        self.zoom_out_action.setIconText("\N{MINUS SIGN}")
        # Acrobat's keys, which the clerks already know: Ctrl+0 page, Ctrl+1 actual size, Ctrl+2 width.
        self.fit_width_action = self._action(self.tr("Fit width"), None, [QKeySequence("Ctrl+2")])
        self.fit_page_action = self._action(
            self.tr("Fit page"), QIcon.ThemeIcon.ZoomFitBest, [QKeySequence("Ctrl+0")]
        )
        self.actual_size_action = self._action(self.tr("100%"), None, [QKeySequence("Ctrl+1")])
        self.zoom_group = QActionGroup(self)
        self.zoom_group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
        for action in (self.fit_width_action, self.fit_page_action, self.actual_size_action):
            action.setCheckable(True)
            self.zoom_group.addAction(action)
        self.fit_width_action.triggered.connect(self._on_fit_width_action_triggered)
        self.fit_page_action.triggered.connect(self._on_fit_page_action_triggered)
        self.actual_size_action.triggered.connect(self._on_actual_size_action_triggered)

        self.find_action = self._action(self.tr("Find"), QIcon.ThemeIcon.EditFind, keys(standard.Find))
        self.find_action.triggered.connect(self._on_find_action_triggered)
        self.find_next_action = self._action(
            self.tr("Next result"), QIcon.ThemeIcon.GoNext, keys(standard.FindNext), pixmap.SP_ArrowForward
        )
        self.find_next_action.triggered.connect(self._on_find_next_action_triggered)
        self.find_previous_action = self._action(
            self.tr("Previous result"),
            QIcon.ThemeIcon.GoPrevious,
            keys(standard.FindPrevious),
            pixmap.SP_ArrowBack,
        )
        self.find_previous_action.triggered.connect(self._on_find_previous_action_triggered)

        self.print_action = self._action(
            self.tr("Print…"), QIcon.ThemeIcon.DocumentPrint, keys(standard.Print)
        )
        self.print_action.triggered.connect(self._on_print_action_triggered)
        # Not StandardKey.SaveAs: it has no binding on Windows.
        self.save_as_action = self._action(
            self.tr("Save as…"),
            QIcon.ThemeIcon.DocumentSaveAs,
            [QKeySequence("Ctrl+Shift+S")],
            pixmap.SP_DialogSaveButton,
        )
        self.save_as_action.triggered.connect(self._on_save_as_action_triggered)

    def _build_toolbar(self) -> None:
        bar = self.toolbar
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonFollowStyle)
        bar.addAction(self.previous_page_action)
        bar.addAction(self.next_page_action)
        self.page_spin = QSpinBox(bar)
        self.page_spin.setObjectName("pdfPage")
        self.page_spin.setKeyboardTracking(False)  # typing "12" must not visit page 1 first
        self.page_spin.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.NoButtons)
        self.page_spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.page_spin.setAccessibleName(self.tr("Page"))
        self.page_spin.valueChanged.connect(self._on_page_spin_value_changed)
        bar.addWidget(self.page_spin)
        bar.addSeparator()

        bar.addAction(self.zoom_out_action)
        self.zoom_label = QLabel(bar)
        self.zoom_label.setObjectName("pdfZoom")
        self.zoom_label.setMinimumWidth(self.zoom_label.fontMetrics().horizontalAdvance("8888%"))
        self.zoom_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        bar.addWidget(self.zoom_label)
        bar.addAction(self.zoom_in_action)
        bar.addAction(self.fit_width_action)
        bar.addAction(self.fit_page_action)
        bar.addAction(self.actual_size_action)
        bar.addSeparator()

        self.search_edit = QLineEdit(bar)
        self.search_edit.setObjectName("pdfSearch")
        self.search_edit.setPlaceholderText(self.tr("Find in document"))
        self.search_edit.setAccessibleName(self.tr("Find in document"))
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.setMaximumWidth(self.search_edit.fontMetrics().horizontalAdvance("M" * 18))
        self.search_edit.textEdited.connect(self._on_search_edit_text_edited)
        self.search_edit.returnPressed.connect(self._on_search_edit_return_pressed)
        bar.addWidget(self.search_edit)
        self.search_label = QLabel(bar)
        self.search_label.setObjectName("pdfSearchResults")
        bar.addWidget(self.search_label)
        bar.addAction(self.find_previous_action)
        bar.addAction(self.find_next_action)
        bar.addSeparator()
        bar.addAction(self.print_action)
        bar.addAction(self.save_as_action)

    # --- document --------------------------------------------------------------------

    @property
    def path(self) -> Path | None:
        """The open file, or ``None``."""
        return self._path

    @property
    def page_count(self) -> int:
        return self.document.pageCount() if self._ready() else 0

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
        self._search_timer.stop()
        self._path = None
        self._searched = ""
        self.search_edit.clear()
        self.search_model.setSearchString("")
        self.view.setCurrentSearchResultIndex(-1)
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
        self._scroll_to(index, QPointF(0, 0))
        # The view may have picked the page before (the last page can be shorter than the
        # view); the page asked for is the current one all the same.
        self.view.pageNavigator().jump(index, QPointF(0, 0), self._zoom)

    def next_page(self) -> None:
        self.go_to_page(self.current_page + 1)

    def previous_page(self) -> None:
        self.go_to_page(self.current_page - 1)

    def _page_size(self, page: int) -> QSize:
        """Page size in view pixels, rounded as QPdfView rounds it."""
        size = self.document.pagePointSize(page) * (self._resolution * self._zoom)
        return QSize(_qround(size.width()), _qround(size.height()))

    def _page_top(self, page: int) -> int:
        """Where QPdfView (multi-page mode) puts the top of ``page``."""
        spacing = self.view.pageSpacing()
        return self.view.documentMargins().top() + sum(
            self._page_size(before).height() + spacing for before in range(page)
        )

    def _scroll_to(self, page: int, location: QPointF, *, centred: bool = False) -> None:
        """Scroll to ``location`` (points) on ``page``; centred puts it a third down the view."""
        scale = self._resolution * self._zoom
        viewport = self.view.viewport().size()
        y = self._page_top(page) + _qround(location.y() * scale)
        if centred:
            y -= viewport.height() // 3
        self.view.verticalScrollBar().setValue(y)
        if centred:
            margins = self.view.documentMargins()
            widest = max(self._page_size(p).width() for p in range(self.page_count))
            total = widest + margins.left() + margins.right()
            left = (max(total, viewport.width()) - self._page_size(page).width()) // 2
            self.view.horizontalScrollBar().setValue(
                left + _qround(location.x() * scale) - viewport.width() // 3
            )

    def _anchor(self) -> tuple[int, float]:
        """The page at the top of the view and how far down it the view starts, in points."""
        page = self.current_page
        scale = self._resolution * self._zoom
        offset = (self.view.verticalScrollBar().value() - self._page_top(page)) / scale if scale else 0.0
        return page, offset

    @Slot(int)
    def _on_navigator_current_page_changed(self, page: int) -> None:
        self._update_state()
        self.currentPageChanged.emit(page)

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

    def _fit_factor(self) -> float | None:
        """The zoom for the fit modes from the viewport size; ``None`` for ``Custom``."""
        if self._zoom_mode == ZoomMode.Custom or not self._ready() or self.page_count == 0:
            return None
        margins = self.view.documentMargins()
        viewport = self.view.viewport().size()
        width = viewport.width()
        if not self.view.verticalScrollBar().isVisible():
            # Leave room for the scroll bar fitting may bring, or the fit would flip-flop.
            width -= self.view.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self.view)
        # One pixel to spare: the page size is rounded, and a pixel too wide brings a scroll bar.
        width -= margins.left() + margins.right() + 1
        height = viewport.height() - margins.top() - margins.bottom() - 1
        sizes = [self.document.pagePointSize(page) for page in range(self.page_count)]
        widest = max(size.width() for size in sizes) * self._resolution
        tallest = max(size.height() for size in sizes) * self._resolution
        if widest <= 0 or tallest <= 0 or width <= 0 or height <= 0:
            return None
        factor = width / widest
        if self._zoom_mode == ZoomMode.FitInView:
            factor = min(factor, height / tallest)
        return max(MIN_ZOOM, min(MAX_ZOOM, factor))

    def _apply_zoom(self, factor: float | None = None, *, keep_position: bool = True) -> None:
        fitted = self._fit_factor()
        target = fitted if fitted is not None else (factor if factor is not None else self._zoom)
        if target != self._zoom:
            anchor = self._anchor() if keep_position and self._ready() else None
            self._zoom = target
            self.view.setZoomFactor(target)
            if anchor is not None:
                self._scroll_to(anchor[0], QPointF(0, anchor[1]))
            self.zoomChanged.emit(target)
        self._update_zoom_state()

    @Slot()
    def _on_view_resized(self) -> None:
        if self._zoom_mode != ZoomMode.Custom:
            self._apply_zoom()

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
        return self.search_model.count() if self._searched else 0

    @property
    def current_search_result(self) -> int:
        """Index of the framed result, -1 when none is."""
        return self.view.currentSearchResultIndex()

    def search(self, text: str) -> int:
        """Find ``text`` (case-insensitive) everywhere and show the first result from the
        current page on; returns how many there are.

        QPdfSearchModel searches one page per 100 ms timer tick on its own, so a 50-page
        statement would take five seconds to count; asking for each page's results
        searches them now instead (about 60 ms for 1,500 hits in 50 pages).
        """
        self._search_timer.stop()
        text = text.strip()
        if self.search_edit.text().strip() != text:
            self.search_edit.setText(text)
        self._searched = text if self._ready() else ""
        self.search_model.setSearchString(self._searched)
        self.view.setCurrentSearchResultIndex(-1)
        if self._searched:
            for page in range(self.page_count):
                self.search_model.resultsOnPage(page)
            count = self.search_model.count()
            start = self.current_page
            first = next(
                (i for i in range(count) if self.search_model.resultAtIndex(i).page() >= start),
                0,
            )
            if count:
                self._show_search_result(first)
        self._update_search_state()
        return self.search_result_count

    def find_next(self) -> None:
        """The next result, after the last one the first (a search first if the text changed)."""
        self._step_search(+1)

    def find_previous(self) -> None:
        self._step_search(-1)

    def _step_search(self, step: int) -> None:
        typed = self.search_edit.text().strip()
        if typed != self._searched:
            self.search(typed)
            return
        count = self.search_result_count
        if count:
            current = self.view.currentSearchResultIndex()
            self._show_search_result((current + step) % count if current >= 0 else 0)

    def _show_search_result(self, index: int) -> None:
        self.view.setCurrentSearchResultIndex(index)
        result = self.search_model.resultAtIndex(index)
        self._scroll_to(result.page(), result.location(), centred=True)
        self._update_search_state()

    @Slot(str)
    def _on_search_edit_text_edited(self, _text: str) -> None:
        self._search_timer.start()

    @Slot()
    def _on_search_edit_return_pressed(self) -> None:
        self.find_next()

    @Slot()
    def _on_search_timer_timeout(self) -> None:
        typed = self.search_edit.text().strip()
        if typed != self._searched:
            self.search(typed)

    @Slot()
    def _on_find_action_triggered(self) -> None:
        self.search_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_edit.selectAll()

    @Slot()
    def _on_find_next_action_triggered(self) -> None:
        self.find_next()

    @Slot()
    def _on_find_previous_action_triggered(self) -> None:
        self.find_previous()

    # --- print -----------------------------------------------------------------------

    def print_to(self, printer: QPrinter) -> int:
        """Print the pages the printer's range asks for (all by default); returns how many.

        Each page is scaled to fit the printable area, keeping its proportions.
        """
        pages = self._pages_to_print(printer)
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
                self._paint_page(painter, printer.resolution(), page)
                printed += 1
        finally:
            painter.end()
        return printed

    def _pages_to_print(self, printer: QPrinter) -> list[int]:
        if not self._ready():
            return []
        pages = list(range(self.page_count))
        if printer.printRange() == QPrinter.PrintRange.CurrentPage:
            pages = [self.current_page]
        elif printer.printRange() == QPrinter.PrintRange.PageRange and not printer.pageRanges().isEmpty():
            ranges = printer.pageRanges()
            pages = [page for page in pages if ranges.contains(page + 1)]
        if printer.pageOrder() == QPrinter.PageOrder.LastPageFirst:
            pages.reverse()
        return pages

    def _paint_page(self, painter: QPainter, dpi: int, page: int) -> None:
        area = QSizeF(painter.viewport().size())
        size = self.document.pagePointSize(page) * (dpi / 72.0)
        size = size.scaled(area, Qt.AspectRatioMode.KeepAspectRatio) if not area.isEmpty() else size
        target = QRectF(QPointF((area.width() - size.width()) / 2, 0), size)
        scale = min(1.0, PRINT_DPI_LIMIT / dpi) if dpi > 0 else 1.0
        options = QPdfDocumentRenderOptions()
        options.setRenderFlags(QPdfDocumentRenderOptions.RenderFlag.Annotations)
        image = self.document.render(page, (size * scale).toSize(), options)
        painter.drawImage(target, image)

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
        self._update_search_state()

    def _update_zoom_state(self) -> None:
        self.zoom_label.setText(f"{_qround(self._zoom * 100)}%")
        self.fit_width_action.setChecked(self._zoom_mode == ZoomMode.FitToWidth)
        self.fit_page_action.setChecked(self._zoom_mode == ZoomMode.FitInView)
        self.actual_size_action.setChecked(self._zoom_mode == ZoomMode.Custom and self._zoom == 1.0)

    def _update_search_state(self) -> None:
        count = self.search_result_count
        current = self.view.currentSearchResultIndex()
        if not self._searched:
            self.search_label.clear()
        elif count == 0:
            self.search_label.setText(self.tr("No results"))
        else:
            self.search_label.setText(arg(self.tr("%1 of %2"), max(current, 0) + 1, count))
        self.find_next_action.setEnabled(count > 0)
        self.find_previous_action.setEnabled(count > 0)


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
