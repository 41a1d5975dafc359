"""The Alt letters a user sees at once: the window's menus and tabs and a tab's own."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtWidgets import QAbstractButton, QLabel, QTabBar, QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui import i18n
from postalgui.gui.main_window import MainWindow, mnemonic_letter
from postalgui.gui.tab_factories import TAB_FACTORIES
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext


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
    """The menus' and the main tabs' letters (a tab with none, Claims' or Shipping's, adds none)."""
    menus = [mnemonic_letter(action.text()) for action in window.menuBar().actions()]
    letters = menus + [mnemonic_letter(window.tabs.tabText(i)) for i in range(window.tabs.count())]
    return [letter for letter in letters if letter]


@contextmanager
def window_speaking(
    language: str, context: AppContext, runner: TaskRunner, qtbot: QtBot, qapp: QCoreApplication
) -> Iterator[MainWindow]:
    """The whole window, shown, in ``language``; closed after, its tasks done."""
    default = QLocale()
    installed = i18n.install_translators(qapp, language)
    try:
        window = MainWindow(context, runner, tab_factories=TAB_FACTORIES)
        qtbot.addWidget(window)
        window.show()
        yield window
        window.close()
        qtbot.waitUntil(lambda: runner.active_count == 0, timeout=30_000)
    finally:
        i18n.remove_translators(qapp, installed)
        QLocale.setDefault(default)
