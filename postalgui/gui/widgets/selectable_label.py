"""`selectable_label`: a word-wrapped label whose text the mouse can select.

For values a clerk reads aloud or copies (an address, a decoded attendant, a server's
answer); the panels that show such values build them through this one helper, so they
behave alike.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

__all__ = ["selectable_label"]


def selectable_label(parent: QWidget, name: str = "", text: str = "") -> QLabel:
    """A wrapping, mouse-selectable label named ``name`` (its object name, for tests and styles)."""
    label = QLabel(text, parent)
    if name:
        label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label
