"""The tables lists of records start from: `record_table` (one record picked at a time,
columns fitted to their contents), `read_only_table` (many rows: several selectable, no
editing, no wrapping, columns sized as asked) and `sortable_table` (those, sorted by
clicking a header, in the order the rows came until one is clicked: an analytic
statement's items, the divergences).

A table of many rows keeps column widths the user can drag: fitting 100,000 rows to
their contents would read every cell.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

__all__ = ["read_only_table", "record_table", "sortable_table"]


def record_table(
    parent: QWidget, model: QAbstractItemModel, object_name: str, accessible_name: str
) -> QTableView:
    """Whole-row single selection, alternating rows, no row numbers, columns fitting their
    contents and the last one taking the rest; a view adds sorting and actions itself."""
    table = QTableView(parent)
    table.setObjectName(object_name)
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setAlternatingRowColors(True)
    table.verticalHeader().hide()
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
    table.setAccessibleName(accessible_name)
    return table


def read_only_table(
    parent: QWidget,
    model: QAbstractItemModel,
    object_name: str,
    accessible_name: str,
    columns: QHeaderView.ResizeMode = QHeaderView.ResizeMode.ResizeToContents,
) -> QTableView:
    """A `record_table` of many rows: several rows selectable, nothing edited, no
    wrapping, columns sized by ``columns`` with the last one taking the rest."""
    table = record_table(parent, model, object_name, accessible_name)
    table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setWordWrap(False)
    table.horizontalHeader().setSectionResizeMode(columns)
    return table


def sortable_table(
    parent: QWidget, model: QAbstractItemModel, object_name: str, accessible_name: str
) -> QTableView:
    """A `read_only_table` with widths the user drags, unsorted until a header is clicked."""
    table = read_only_table(parent, model, object_name, accessible_name, QHeaderView.ResizeMode.Interactive)
    table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # as the rows came
    table.setSortingEnabled(True)
    return table
