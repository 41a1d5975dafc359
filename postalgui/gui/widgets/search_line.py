"""`search_line`: the box a list is searched with, made the same way on every list."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QWidget

__all__ = ["search_line"]


def search_line(owner: QWidget, name: str, hint: str, accessible_name: str = "") -> QLineEdit:
    """A line named ``name`` showing ``hint`` while empty, with a clear button; a screen
    reader reads ``accessible_name`` (else the hint)."""
    line = QLineEdit(owner)
    line.setObjectName(name)
    line.setPlaceholderText(hint)
    line.setAccessibleName(accessible_name or hint)
    line.setClearButtonEnabled(True)
    return line
