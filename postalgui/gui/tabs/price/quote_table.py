"""`quote_table`: the table a long list of quotes is shown in (the Batch page's results,
the History page's entries).

A `widgets.tables.read_only_table` rather than a plain `record_table`
(short lists, columns fitted to their contents) because a thousand rows cannot be
measured: rows of one fixed height, columns of fixed starting widths in digits, several
rows selectable for an export.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from postalgui.gui.widgets.tables import read_only_table

__all__ = ["quote_table"]


def quote_table(
    parent: QWidget,
    model: QAbstractItemModel,
    object_name: str,
    accessible_name: str,
    sorted_by: tuple[int, Qt.SortOrder],
    widths: Mapping[int, int],
) -> QTableView:
    """A sortable, read-only table sorted by ``sorted_by`` (column, order) whose columns
    start ``widths`` digits wide (by column position)."""
    table = read_only_table(parent, model, object_name, accessible_name, QHeaderView.ResizeMode.Interactive)
    table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
    table.setSortingEnabled(True)
    table.sortByColumn(*sorted_by)
    vertical = table.verticalHeader()
    vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # no per-row measuring
    vertical.setDefaultSectionSize(parent.fontMetrics().height() + 8)
    char = parent.fontMetrics().horizontalAdvance("0")
    for position, chars in widths.items():
        table.setColumnWidth(position, chars * char + 16)
    return table
