"""`value_label`: the read-only, selectable text of a field (a contract's DR, a card's status)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

__all__ = ["value_label"]


def value_label(parent: QWidget, name: str = "") -> QLabel:
    """Plain text that wraps, can be selected and copied (the office quotes it on the phone)."""
    label = QLabel(parent)
    if name:
        label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(
        Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
    )
    policy = label.sizePolicy()
    policy.setHorizontalPolicy(QSizePolicy.Policy.Expanding)
    label.setSizePolicy(policy)
    return label
