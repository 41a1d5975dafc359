"""The frames every tab and list share: a tab's message area above its pages, a list's search line."""

from __future__ import annotations

from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.search_line import search_line
from postalgui.gui.widgets.tab_pages import tab_pages


def test_a_tab_holds_its_messages_above_its_pages(qtbot: QtBot) -> None:
    tab = QWidget()
    qtbot.addWidget(tab)
    messages = MessageArea()
    pages = tab_pages(tab, messages, "somePages")
    assert messages.parent() is tab  # the runner's default error sink is among the tab's children
    assert isinstance(pages, QTabWidget)
    assert pages.objectName() == "somePages"
    layout = tab.layout()
    assert isinstance(layout, QVBoxLayout)
    assert [layout.itemAt(i).widget() for i in range(layout.count())] == [messages, pages]
    assert layout.stretch(1) == 1


def test_a_search_line_is_named_hinted_and_clears(qtbot: QtBot) -> None:
    owner = QWidget()
    qtbot.addWidget(owner)
    line = search_line(owner, "someSearch", "Search: code…", "Search the list")
    assert (line.objectName(), line.placeholderText(), line.accessibleName()) == (
        "someSearch",
        "Search: code…",
        "Search the list",
    )
    assert line.isClearButtonEnabled()
    assert search_line(owner, "other", "Search: code…").accessibleName() == "Search: code…"
