"""`sortable_table`: a read-only table of many rows sorted by clicking a header, in the
order the rows came until one is clicked (an analytic statement's items, the divergences).

Unlike `tables.record_table` (one record picked at a time, columns fitted to their
contents), columns here keep widths the user can drag: fitting 100,000 rows to their
contents would read every cell.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

__all__ = ["sortable_table"]


def sortable_table(
    parent: QWidget, model: QAbstractItemModel, object_name: str, accessible_name: str
) -> QTableView:
    """Whole rows selected, nothing edited, alternating rows without wrapping or row numbers,
    interactive column widths with the last one taking the rest, unsorted until a header is clicked."""
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
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # the order rows came in, until a click
    table.setSortingEnabled(True)
    return table
