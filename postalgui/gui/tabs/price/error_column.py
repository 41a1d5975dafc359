"""`ErrorColumn`: the quote tables' Error column wide enough to read the operator's message.

The comparison sized it to its longest message, so a long one ran past the table's right
edge, cut with no "…" (the clerk had to scroll sideways to read why a product had no
price); the batch left it as narrow as its title, five characters of a message of 60 to
90 ("PRC-021: Peso de 35000 g excede o limite de 30000 g do produto 03298"). Here the
column is as wide as its longest message, up to the table's right edge but never
narrower than `READABLE_CHARS` digits; a longer message ends in "…" and every cell
of a failed row holds the whole message in its tooltip (`QuoteResultsModel`). Only the
rows in view are measured (`sizeHintForColumn`), so a batch of 1,000 rows costs nothing;
once the clerk drags the column, its width is theirs.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, QTimer, Slot
from PySide6.QtWidgets import QApplication, QHeaderView, QTableView

__all__ = ["READABLE_CHARS", "ErrorColumn"]

READABLE_CHARS = 40
"""The narrowest Error column that has a longer message, in digits: the half of a typical
message that says what went wrong (the comparison wraps the rest on a second line; the
tooltip holds it all)."""


class ErrorColumn(QObject):
    """Keeps column ``column`` of ``table`` (the Error column) readable as rows come,
    the other columns resize and the table is resized."""

    def __init__(self, table: QTableView, column: int) -> None:
        super().__init__(table)
        self._table = table
        self._column = column
        self._fitting = False
        self._dragged = False  # the clerk set the width: keep it
        self._soon = False  # a fit waits for Qt to finish resizing the columns before it
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = table.horizontalHeader()
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        header.sectionResized.connect(self._on_header_section_resized)
        model = table.model()
        model.modelReset.connect(self._on_model_changed)
        model.rowsInserted.connect(self._on_model_changed)
        model.layoutChanged.connect(self._on_model_changed)
        self._viewport = table.viewport()  # kept: asking a table being deleted for it crashes
        self._viewport.installEventFilter(self)
        self.fit()

    def readable_width(self) -> int:
        """`READABLE_CHARS` digits of the table's font, with the cell's margins (a digit is
        about as wide as the letters of a message; Qt's "average" is narrower)."""
        return self._table.fontMetrics().horizontalAdvance("0") * READABLE_CHARS + self._margin()

    def fit(self) -> None:
        """As wide as the longest message in view, up to the right edge or the readable width."""
        if self._dragged:
            return
        table = self._table
        header = table.horizontalHeader()
        title = header.sectionSizeFromContents(self._column).width()
        wanted = max(title, table.sizeHintForColumn(self._column))
        room = table.viewport().width() - self._start()
        width = max(title, min(wanted, max(room, self.readable_width())))
        if header.sectionSize(self._column) != width:
            self._fitting = True
            try:
                header.resizeSection(self._column, width)
            finally:
                self._fitting = False

    def _start(self) -> int:
        """Where the column starts in the table: the widths of the shown columns before it."""
        header = self._table.horizontalHeader()
        before = (header.logicalIndex(visual) for visual in range(header.visualIndex(self._column)))
        return sum(header.sectionSize(logical) for logical in before if not header.isSectionHidden(logical))

    def _margin(self) -> int:
        """What a cell adds to its text: the style's margins on both sides."""
        style = self._table.style()
        return 2 * (style.pixelMetric(style.PixelMetric.PM_FocusFrameHMargin, None, self._table) + 1)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self._viewport:
            self.fit()
        return super().eventFilter(watched, event)

    @Slot()
    @Slot(QModelIndex, int, int)
    def _on_model_changed(self, *_where: object) -> None:
        self.fit()

    @Slot(int, int, int)
    def _on_header_section_resized(self, index: int, _old: int, _new: int) -> None:
        header = self._table.horizontalHeader()
        if index == self._column:
            # Qt sizes the section itself too (new model, first show): only a drag is the clerk's.
            held = QApplication.mouseButtons() != Qt.MouseButton.NoButton
            self._dragged = self._dragged or (held and not self._fitting)
        elif header.visualIndex(index) < header.visualIndex(self._column) and not self._soon:
            # A column before it changed, so its start moved; Qt stores the new width only
            # after this signal (it still says the old one here): fit once the pass is done.
            self._soon = True
            QTimer.singleShot(0, self, self._on_resized_soon)

    @Slot()
    def _on_resized_soon(self) -> None:
        self._soon = False
        self.fit()
