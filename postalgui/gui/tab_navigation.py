"""The main tabs from the keyboard: Alt+letter titles, Ctrl+1..9, Ctrl+PgUp/PgDn.

Apart from the window, which only builds and wires the tabs: the keys are the same for
every tab added later, and the letters are chosen here, not in the translations, so
they stay unique in every language.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QTabWidget, QWidget


def mnemonic_letter(text: str) -> str:
    """The letter after the ``&`` of ``text``, upper case; empty without one."""
    at = text.replace("&&", "").find("&")
    return text.replace("&&", "")[at + 1 : at + 2].upper() if at >= 0 else ""


def with_mnemonic(label: str, taken: set[str]) -> str:
    """``label`` with an ``&`` before a letter not in ``taken``, which then holds it too.

    Word-initial letters first, then any other; plain ASCII letters only, so Alt+letter
    can be typed on any layout. A label that has its ``&`` already keeps it, and one
    without a free letter stays as it is. Placed here, not in the translations, so the
    letters stay unique in every language and for every tab added later; the menu
    bar's letters are ``taken`` from the start.
    """
    if mnemonic_letter(label):
        taken.add(mnemonic_letter(label))
        return label
    starts = [i for i, char in enumerate(label) if i == 0 or not label[i - 1].isalnum()]
    rest = [i for i in range(len(label)) if i not in starts]
    for i in starts + rest:
        char = label[i]
        if char.isascii() and char.isalpha() and char.upper() not in taken:
            taken.add(char.upper())
            return f"{label[:i]}&{label[i:]}"
    return label


class TabNavigation(QObject):
    """Ctrl+1..9 pick a tab, Ctrl+PgUp/PgDn step through them. Signals: none.

    Window-wide actions (added to ``window``), so they work wherever the focus is, also
    inside a tab's own pages (which step with Ctrl+Tab, Qt's own key for a tab widget);
    no page claims these keys, so none is ambiguous.
    """

    def __init__(self, window: QWidget, tabs: QTabWidget) -> None:
        super().__init__(window)
        self.tabs = tabs
        self.tab_actions: list[QAction] = []  # Ctrl+1 is the first tab
        for index in range(min(tabs.count(), 9)):
            action = QAction(window)
            action.setShortcut(QKeySequence(Qt.Modifier.CTRL | Qt.Key(Qt.Key.Key_1 + index)))
            action.triggered.connect(self._on_tab_action_triggered)
            action.setData(index)
            window.addAction(action)
            self.tab_actions.append(action)
        self.next_tab_action = QAction(window)
        self.next_tab_action.setShortcut(QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_PageDown))
        self.next_tab_action.triggered.connect(self._on_next_tab_action_triggered)
        self.previous_tab_action = QAction(window)
        self.previous_tab_action.setShortcut(QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_PageUp))
        self.previous_tab_action.triggered.connect(self._on_previous_tab_action_triggered)
        window.addActions([self.next_tab_action, self.previous_tab_action])

    @Slot()
    def _on_tab_action_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            self.tabs.setCurrentIndex(int(action.data()))

    @Slot()
    def _on_next_tab_action_triggered(self) -> None:
        self.tabs.setCurrentIndex((self.tabs.currentIndex() + 1) % self.tabs.count())

    @Slot()
    def _on_previous_tab_action_triggered(self) -> None:
        self.tabs.setCurrentIndex((self.tabs.currentIndex() - 1) % self.tabs.count())
