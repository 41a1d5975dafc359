"""The PDF viewer's page thumbnails: a column of small pages beside the view, the current
page selected, a click going to that page.

A thumbnail is drawn only when the list first shows it (the list asks for the icons of
the rows in sight, all rows being one size) and kept until the document changes, so a
50-page statement opens as fast as a one-page slip.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QCoreApplication,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QImage
from PySide6.QtPdf import QPdfDocument
from PySide6.QtWidgets import QAbstractItemView, QListView, QStyle, QWidget

from postalgui.gui.messages import arg

__all__ = ["THUMBNAIL_WIDTH", "PdfThumbnailModel", "PdfThumbnails"]

THUMBNAIL_WIDTH = 96
"""Pixels; an A4 page is 136 px tall at this width."""

_Index = QModelIndex | QPersistentModelIndex


class PdfThumbnailModel(QAbstractListModel):
    """One row per page of ``document``: its number, its thumbnail (drawn when first asked
    for) and "Page n" for tooltips and screen readers; reset when the document changes."""

    def __init__(self, document: QPdfDocument, parent: QWidget) -> None:
        super().__init__(parent)
        self.document = document
        self._count = 0
        self._images: dict[int, QImage] = {}
        document.statusChanged.connect(self._on_document_status_changed)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008  # Qt's signature
        return 0 if parent.isValid() else self._count

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < self._count:
            return None
        page = index.row()
        if role == Qt.ItemDataRole.DisplayRole:
            return str(page + 1)
        if role == Qt.ItemDataRole.DecorationRole:
            return self.thumbnail(page)
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
            return arg(QCoreApplication.translate("PdfViewer", "Page %1"), page + 1)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return Qt.AlignmentFlag.AlignCenter
        return None

    def thumbnail(self, page: int) -> QImage:
        """The page drawn `THUMBNAIL_WIDTH` wide (cached)."""
        image = self._images.get(page)
        if image is None:
            size = self.document.pagePointSize(page)
            height = round(THUMBNAIL_WIDTH * size.height() / size.width()) if size.width() > 0 else 0
            image = self.document.render(page, QSize(THUMBNAIL_WIDTH, max(height, 1)))
            self._images[page] = image
        return image

    @Slot(QPdfDocument.Status)
    def _on_document_status_changed(self, status: QPdfDocument.Status) -> None:
        self.beginResetModel()
        self._count = self.document.pageCount() if status == QPdfDocument.Status.Ready else 0
        self._images.clear()
        self.endResetModel()


class PdfThumbnails(QListView):
    """The thumbnails in one column; `follow` selects the viewer's current page.

    Signals: ``pageActivated(int)`` when the reader picked a page (0-based) here.
    """

    pageActivated = Signal(int)

    def __init__(self, document: QPdfDocument, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("pdfThumbnails")
        self.setAccessibleName(self.tr("Page thumbnails"))
        self._following = False
        self.thumbnail_model = PdfThumbnailModel(document, self)
        self.setModel(self.thumbnail_model)
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setFlow(QListView.Flow.TopToBottom)
        self.setWrapping(False)
        self.setMovement(QListView.Movement.Static)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setUniformItemSizes(True)  # the list asks only for the icons in sight
        self.setSpacing(4)
        self.setIconSize(QSize(THUMBNAIL_WIDTH, round(THUMBNAIL_WIDTH * 297 / 210)))
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll_bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        self.setFixedWidth(THUMBNAIL_WIDTH + 4 * self.spacing() + scroll_bar + 2 * self.frameWidth())
        selection = self.selectionModel()
        selection.currentRowChanged.connect(self._on_selection_current_row_changed)

    @property
    def current_page(self) -> int:
        """The selected page (0-based), -1 when none is."""
        return self.currentIndex().row()

    def follow(self, page: int) -> None:
        """Select ``page`` and bring it into sight, without asking the viewer to go there."""
        index = self.thumbnail_model.index(page, 0)
        if not index.isValid() or index == self.currentIndex():
            return
        self._following = True
        try:
            flags = QItemSelectionModel.SelectionFlag.ClearAndSelect
            self.selectionModel().setCurrentIndex(index, flags)
            self.scrollTo(index)
        finally:
            self._following = False

    @Slot(QModelIndex, QModelIndex)
    def _on_selection_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not self._following and current.isValid():
            self.pageActivated.emit(current.row())
