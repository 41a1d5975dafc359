"""`page_action`: an action of a page or a tab, whose key works anywhere inside it and
nowhere else (another page's same key is its own)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

__all__ = ["page_action"]


def page_action(owner: QWidget, text: str, tip: str, keys: QKeySequence | None = None) -> QAction:
    """An action added to ``owner`` (its toolbar or menu shows it); ``keys`` reach it while
    the focus is in ``owner`` or its children."""
    action = QAction(text, owner)
    action.setToolTip(tip)
    if keys is not None:
        action.setShortcut(keys)
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    owner.addAction(action)
    return action
