"""The README's keyboard table names the keys the window has: one Ctrl+digit per tab."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui.tab_factories import TAB_FACTORIES
from postalgui.gui.tab_navigation import TabNavigation

README = Path(__file__).resolve().parents[2] / "README.md"


def _window_tabs() -> list[str]:
    """The window's tab labels in English, in order: each factory's, then Connection."""
    return [factory.label() for factory in TAB_FACTORIES] + [
        QCoreApplication.translate("MainWindow", "Connection")
    ]


def test_readme_names_one_ctrl_digit_per_tab(qtbot: QtBot) -> None:
    labels = _window_tabs()
    window = QWidget()
    qtbot.addWidget(window)
    tabs = QTabWidget(window)
    for label in labels:
        tabs.addTab(QWidget(tabs), label)
    navigation = TabNavigation(window, tabs)
    keys = [action.shortcut().toString() for action in navigation.tab_actions]
    assert keys == [f"Ctrl+{n % 10}" for n in range(1, len(labels) + 1)]  # the tenth is Ctrl+0

    text = " ".join(README.read_text(encoding="utf-8").split())
    found = re.search(r"The tabs: `Ctrl\+1` to `Ctrl\+(\d)` pick (.+?);", text)
    assert found is not None, "the README's Keyboard section lost its tab keys"
    assert keys[-1] == f"Ctrl+{found.group(1)}"
    assert found.group(2) == ", ".join(labels[:-1]) + " and " + labels[-1]
