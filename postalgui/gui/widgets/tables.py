"""`record_table`: the table every list of records in the app starts from."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget


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
