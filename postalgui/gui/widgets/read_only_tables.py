"""Read-only tables of many rows: `read_only_table` (the looks: whole rows, alternating, no
wrapping, no row numbers) and `sortable_table` (those, sorted by clicking a header, in the
order the rows came until one is clicked: an analytic statement's items, the divergences).

Unlike `tables.record_table` (one record picked at a time, columns fitted to their
contents), a sortable table's columns keep widths the user can drag: fitting 100,000
rows to their contents would read every cell.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

__all__ = ["read_only_table", "sortable_table"]


def read_only_table(
    parent: QWidget,
    model: QAbstractItemModel,
    object_name: str,
    accessible_name: str,
    columns: QHeaderView.ResizeMode = QHeaderView.ResizeMode.ResizeToContents,
) -> QTableView:
    """Whole rows selected, nothing edited, alternating rows without wrapping or row numbers,
    columns sized by ``columns`` with the last one taking the rest."""
    table = QTableView(parent)
    table.setObjectName(object_name)
    table.setModel(model)
    table.setAccessibleName(accessible_name)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    table.verticalHeader().hide()
    header = table.horizontalHeader()
    header.setSectionResizeMode(columns)
    header.setStretchLastSection(True)
    return table


def sortable_table(
    parent: QWidget, model: QAbstractItemModel, object_name: str, accessible_name: str
) -> QTableView:
    """A `read_only_table` with widths the user drags, unsorted until a header is clicked."""
    table = read_only_table(parent, model, object_name, accessible_name, QHeaderView.ResizeMode.Interactive)
    table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # as the rows came
    table.setSortingEnabled(True)
    return table
