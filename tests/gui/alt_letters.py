"""The Alt letters a user sees at once: the window's menus and tabs and a tab's own."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton, QLabel, QTabBar, QWidget

from postalgui.gui.main_window import MainWindow, mnemonic_letter


def shown_letters(root: QWidget) -> list[str]:
    """The Alt letters of the buttons, buddied labels and tab titles on screen under ``root``."""
    letters: list[str] = []
    for widget in root.findChildren(QWidget):
        if not widget.isVisible():
            continue
        if isinstance(widget, QAbstractButton) or (isinstance(widget, QLabel) and widget.buddy() is not None):
            letters.append(mnemonic_letter(widget.text()))
        elif isinstance(widget, QTabBar):
            letters.extend(mnemonic_letter(widget.tabText(i)) for i in range(widget.count()))
    return [letter for letter in letters if letter]


def window_letters(window: MainWindow) -> list[str]:
    """The menus' and the main tabs' letters."""
    menus = [mnemonic_letter(action.text()) for action in window.menuBar().actions()]
    return menus + [mnemonic_letter(window.tabs.tabText(i)) for i in range(window.tabs.count())]
