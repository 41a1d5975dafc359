"""`tab_pages`: a tab of pages framed the same way everywhere: its message area on top and
the pages below, taking the height."""

from __future__ import annotations

from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from postalgui.gui.widgets.message_bar import MessageArea

__all__ = ["tab_pages"]


def tab_pages(tab: QWidget, messages: MessageArea, name: str) -> QTabWidget:
    """The pages of ``tab`` (object name ``name``) below ``messages``. The message area is
    the tab's child from here on: the runner's default error sink is found among the tab's
    children."""
    messages.setParent(tab)
    pages = QTabWidget(tab)
    pages.setObjectName(name)
    layout = QVBoxLayout(tab)
    layout.setContentsMargins(0, 4, 0, 0)
    layout.addWidget(messages)
    layout.addWidget(pages, 1)
    return pages
