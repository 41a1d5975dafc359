"""The PDF viewer's page view: a multi-page `QPdfView` that knows where its pages are.

QPdfView lays pages out itself but does not say where a page starts or how big it is at
the zoom in force; scrolling to a page, to a search result or back to where the reader
was after a zoom needs both. They are worked out here the way QPdfView works them out
(points times the screen's resolution times the zoom, rounded as ``qRound`` rounds), so
the viewer's controllers (pages, zoom, search) share one geometry.

Zoom is always a plain zoom factor on the view: "fit width" and "fit page" are computed
here from the viewport size (`fit_factor`). QPdfView's own ``FitToWidth``/``FitInView``
modes leave ``zoomFactor()`` at 1, and the view draws search highlights with
``zoomFactor()``, so in those modes the highlights land beside the words they mark.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QSize, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent, QResizeEvent
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtWidgets import QStyle, QWidget

__all__ = ["MAX_ZOOM", "MIN_ZOOM", "PdfPageView", "ZoomMode", "qround"]

ZoomMode = QPdfView.ZoomMode
MIN_ZOOM = 0.1
MAX_ZOOM = 8.0


def qround(value: float) -> int:
    """``qRound`` for the non-negative sizes QPdfView rounds (Python's round is banker's)."""
    return math.floor(value + 0.5)


class PdfPageView(QPdfView):
    """The pages one under the other (multi-page mode), at a plain zoom factor.

    On a resize QPdfView picks its current page again itself: the page under a line 40%
    down the viewport, laid out at the zoom of before. A viewer opened while hidden (a
    98 x 28 viewport, so a 10% fit) and then shown 700 px tall finds page 3 under that
    line while page 1 is at the top. So ``resize_anchor`` keeps the page and place that
    were at the top before the resize, for the viewer to put back.

    PgDn and PgUp step one page, as the viewer's actions do; a scroll area's own step is a
    viewport's height, which skips a page whenever pages are shorter than the view (and
    lands mid-page when they are taller). The actions take the keys while the viewer's
    window is active; the keys reach the view when it is not.

    Signals: ``resized()`` when its viewport was resized, after it has laid itself out;
    ``pageStepRequested(int)`` with +1 (PgDn) or -1 (PgUp).
    """

    resized = Signal()
    pageStepRequested = Signal(int)

    def __init__(self, document: QPdfDocument, parent: QWidget) -> None:
        super().__init__(parent)
        # What QPdfView multiplies points by at zoom 1 (it reads the same screen once).
        screen = QGuiApplication.primaryScreen()
        self.resolution = (screen.logicalDotsPerInch() if screen is not None else 72.0) / 72.0
        self.setObjectName("pdfView")
        self.setPageMode(QPdfView.PageMode.MultiPage)
        self.setZoomMode(ZoomMode.Custom)
        self.setDocument(document)
        self.resize_anchor: tuple[int, float] | None = None

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.resize_anchor = self.anchor() if self.page_count() else None
        super().resizeEvent(event)
        self.resized.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        steps = {Qt.Key.Key_PageDown: 1, Qt.Key.Key_PageUp: -1}
        step = steps.get(Qt.Key(event.key())) if event.modifiers() == Qt.KeyboardModifier.NoModifier else None
        if step is None:
            super().keyPressEvent(event)
            return
        event.accept()
        self.pageStepRequested.emit(step)

    def page_count(self) -> int:
        document = self.document()
        return document.pageCount() if document.status() == QPdfDocument.Status.Ready else 0

    def page_size(self, page: int) -> QSize:
        """Page size in view pixels, rounded as QPdfView rounds it."""
        size = self.document().pagePointSize(page) * (self.resolution * self.zoomFactor())
        return QSize(qround(size.width()), qround(size.height()))

    def page_top(self, page: int) -> int:
        """Where QPdfView (multi-page mode) puts the top of ``page``."""
        spacing = self.pageSpacing()
        return self.documentMargins().top() + sum(
            self.page_size(before).height() + spacing for before in range(page)
        )

    def scroll_to(self, page: int, location: QPointF, *, centred: bool = False) -> None:
        """Scroll to ``location`` (points) on ``page``; centred puts it a third down the view."""
        scale = self.resolution * self.zoomFactor()
        viewport = self.viewport().size()
        y = self.page_top(page) + qround(location.y() * scale)
        if centred:
            y -= viewport.height() // 3
        self.verticalScrollBar().setValue(y)
        if centred:
            margins = self.documentMargins()
            widest = max(self.page_size(p).width() for p in range(self.page_count()))
            total = widest + margins.left() + margins.right()
            left = (max(total, viewport.width()) - self.page_size(page).width()) // 2
            self.horizontalScrollBar().setValue(left + qround(location.x() * scale) - viewport.width() // 3)

    def anchor(self) -> tuple[int, float]:
        """The page at the top of the view and how far down it the view starts, in points."""
        page = self.pageNavigator().currentPage()
        scale = self.resolution * self.zoomFactor()
        offset = (self.verticalScrollBar().value() - self.page_top(page)) / scale if scale else 0.0
        return page, offset

    def fit_factor(self, mode: QPdfView.ZoomMode) -> float | None:
        """The zoom that fits the widest page's width (``FitToWidth``) or the tallest page
        whole (``FitInView``) in the viewport; ``None`` for ``Custom`` or an empty view."""
        count = self.page_count()
        if mode == ZoomMode.Custom or count == 0:
            return None
        margins = self.documentMargins()
        viewport = self.viewport().size()
        width = viewport.width()
        if not self.verticalScrollBar().isVisible():
            # Leave room for the scroll bar fitting may bring, or the fit would flip-flop.
            width -= self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        # One pixel to spare: the page size is rounded, and a pixel too wide brings a scroll bar.
        width -= margins.left() + margins.right() + 1
        height = viewport.height() - margins.top() - margins.bottom() - 1
        sizes = [self.document().pagePointSize(page) for page in range(count)]
        widest = max(size.width() for size in sizes) * self.resolution
        tallest = max(size.height() for size in sizes) * self.resolution
        if widest <= 0 or tallest <= 0 or width <= 0 or height <= 0:
            return None
        factor = width / widest
        if mode == ZoomMode.FitInView:
            factor = min(factor, height / tallest)
        return max(MIN_ZOOM, min(MAX_ZOOM, factor))
