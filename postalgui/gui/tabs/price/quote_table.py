"""`quote_table` and `breakdown_splitter`: the table of quotes and the breakdown beside
it, as the history and the batch page both show them.

Rows have one fixed height and columns fixed starting widths (`set_widths`): measuring
every row on each insert would stall the GUI with 1,000 quotes. The table comes first in
the splitter, so its price and error columns stay in sight.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from postalgui.gui.widgets.window_state import RememberedSplitter

__all__ = ["breakdown_splitter", "quote_table", "set_widths"]


def quote_table(
    parent: QWidget, model: QAbstractItemModel, object_name: str, accessible_name: str
) -> QTableView:
    """Whole rows, several at once, read-only, sortable, rows of one height, columns the
    user resizes and the last one taking the rest."""
    table = QTableView(parent)
    table.setObjectName(object_name)
    table.setModel(model)
    table.setAccessibleName(accessible_name)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    table.setSortingEnabled(True)
    vertical = table.verticalHeader()
    vertical.hide()
    vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # no per-row measuring
    vertical.setDefaultSectionSize(parent.fontMetrics().height() + 8)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    return table


def set_widths(table: QTableView, widths: Iterable[tuple[int, int]]) -> None:
    """Each ``(column, digits)``'s starting width."""
    char = table.fontMetrics().horizontalAdvance("0")
    for column, chars in widths:
        table.setColumnWidth(column, chars * char + 16)


def breakdown_splitter(key: str, main: QWidget, breakdown: QWidget, parent: QWidget) -> RememberedSplitter:
    """``main`` beside the selected quote's ``breakdown``, sizes remembered under ``key``."""
    splitter = RememberedSplitter(key, Qt.Orientation.Horizontal, parent)
    splitter.addWidget(main)
    splitter.addWidget(breakdown)
    splitter.setStretchFactor(0, 2)  # the table first: its price and error columns in sight
    splitter.setStretchFactor(1, 1)
    splitter.setChildrenCollapsible(False)
    return splitter
