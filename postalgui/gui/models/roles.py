"""Item data roles every model of the app agrees on."""

from __future__ import annotations

from PySide6.QtCore import Qt

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
"""Sort value of a cell, of a type Qt compares itself (number, `QDate`, folded text)."""

FILTER_ROLE = Qt.ItemDataRole.UserRole + 2
"""On a row's first cell: `filter_key` of its status and search text."""

_FIELD = "\x1f"


def filter_key(status: str, search: str) -> str:
    """What a row offers the filter: its status, a separator, its search text."""
    return f"{status}{_FIELD}{search}"


DESCENDING_ROLE = Qt.ItemDataRole.UserRole + 3
"""Negated sort value of a number, so a descending sort still puts absent values last."""
