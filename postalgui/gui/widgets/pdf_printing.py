"""Printing a PDF document's pages: which pages the printer's range asks for, and each page
drawn into the printable area, scaled to fit and kept in proportion.

Plain functions of a `QPdfDocument`: the viewer asks for the printer and reports failures.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtPdf import QPdfDocument, QPdfDocumentRenderOptions
from PySide6.QtPrintSupport import QPrinter

__all__ = ["PRINT_DPI_LIMIT", "pages_to_print", "paint_page"]

# Pages are rendered for the printer at this resolution at most: a 1200 dpi A4 page
# would be a 550 MB image, and 300 dpi is already sharper than any payment-slip barcode needs.
PRINT_DPI_LIMIT = 300


def pages_to_print(printer: QPrinter, page_count: int, current_page: int) -> list[int]:
    """The pages (0-based) the printer's range asks for, in the printer's order."""
    pages = list(range(page_count))
    if printer.printRange() == QPrinter.PrintRange.CurrentPage:
        pages = [current_page]
    elif printer.printRange() == QPrinter.PrintRange.PageRange and not printer.pageRanges().isEmpty():
        ranges = printer.pageRanges()
        pages = [page for page in pages if ranges.contains(page + 1)]
    if printer.pageOrder() == QPrinter.PageOrder.LastPageFirst:
        pages.reverse()
    return pages


def paint_page(document: QPdfDocument, painter: QPainter, dpi: int, page: int) -> None:
    """Draw ``page`` at the top of the painter's area, centred, as large as it fits."""
    area = QSizeF(painter.viewport().size())
    size = document.pagePointSize(page) * (dpi / 72.0)
    size = size.scaled(area, Qt.AspectRatioMode.KeepAspectRatio) if not area.isEmpty() else size
    target = QRectF(QPointF((area.width() - size.width()) / 2, 0), size)
    scale = min(1.0, PRINT_DPI_LIMIT / dpi) if dpi > 0 else 1.0
    options = QPdfDocumentRenderOptions()
    options.setRenderFlags(QPdfDocumentRenderOptions.RenderFlag.Annotations)
    image = document.render(page, (size * scale).toSize(), options)
    painter.drawImage(target, image)
