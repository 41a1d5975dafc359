"""`fit_columns`: the unit list's starting widths, readable in either language.

Widths the user then sets, starting from these: fitting 12,000 rows' contents on every
keystroke would ask each row's every cell (its opening state included) each time. So a
column is as wide as its header (with the sort arrow) and the longest of the few words it
can hold ("Temporarily closed", "No hours"), measured once in the font and language in
use; free-text columns (name, place) get a number of average characters. In average
characters alone, "Distance" and "Open now" were cut to "istance" and "Open nov", and
"Hours not given" to "Hours n…", at 1366x768 and at the default window size.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QTableView

from postalgui.api.models.branches import UnitStatusCode
from postalgui.gui.models.branch_words import status_word, type_word
from postalgui.gui.tabs.branches.unit_model import UnitColumn, open_now_words

__all__ = ["fit_columns"]

COMMON_TYPES = ("09", "15", "24", "46")
"""Branch, franchised branch, sales point, locker: most of the units listed."""

_CHARACTERS = {UnitColumn.NAME: 22, UnitColumn.PLACE: 15, UnitColumn.DISTANCE: 8}
"""Free-text columns, in average characters."""

_WORDS_AT_MOST = 14
"""Word columns grow to their longest word up to this many average characters: beyond,
a rare "Fechada provisoriamente" ends in "…" (its tooltip says it whole) rather than every
row giving the list's last columns away at the default window size."""

_CELL_PADDING = 12
_HEADER_PADDING = 28
"""The header's margins and its sort arrow."""


def fit_columns(table: QTableView) -> None:
    """Starting widths: each column its header and its longest word; the last one stretches."""
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    cells = table.fontMetrics()
    titles = header.fontMetrics()
    model = table.model()
    words = {
        UnitColumn.TYPE: [type_word(code) for code in COMMON_TYPES],
        UnitColumn.STATUS: [status_word(code.value) for code in UnitStatusCode],
        UnitColumn.OPEN_NOW: open_now_words(),
    }
    most = cells.averageCharWidth() * _WORDS_AT_MOST
    for column in UnitColumn:
        if column == UnitColumn.CLOSES_AT:
            continue
        title = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
        width = titles.horizontalAdvance(title) + _HEADER_PADDING
        width = max(width, cells.averageCharWidth() * _CHARACTERS.get(column, 0))
        for word in words.get(column, ()):
            width = max(width, min(cells.horizontalAdvance(word) + _CELL_PADDING, most))
        header.resizeSection(column, width)
    header.setStretchLastSection(True)
