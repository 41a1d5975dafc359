"""`selectable_label`: plain text that wraps and can be selected and copied.

For values a clerk reads aloud or copies (an address, a contract's validity, a decoded
attendant, a server's answer); every panel that shows such values builds them through
this one helper, so they behave alike: plain text (an operator's value is never read as
markup), selectable by mouse and keyboard, as wide as the form lets it be.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

__all__ = ["selectable_label"]


def selectable_label(parent: QWidget, name: str = "", text: str = "") -> QLabel:
    """A wrapping, selectable plain-text label named ``name`` (its object name, for tests and styles)."""
    label = QLabel(text, parent)
    if name:
        label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(
        Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
    )
    policy = label.sizePolicy()  # keeps the height-for-width flag word wrap set
    policy.setHorizontalPolicy(QSizePolicy.Policy.Expanding)
    label.setSizePolicy(policy)
    return label
