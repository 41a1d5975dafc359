"""The main tabs from the keyboard: Alt+letter titles, Ctrl+1..9 and 0, Ctrl+PgUp/PgDn.

Apart from the window, which only builds and wires the tabs: the keys are the same for
every tab added later, and the letters are chosen in code (`postalgui.gui.mnemonics`),
not in the translations, so they stay unique in every language. A tab picked by its keys or
a click takes the keyboard (`focus_into`): a tab's own keys (Ctrl+N in Tracking) reach only
the widgets inside it, and a tab built when first picked left the focus on the tab bar.
"""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtCore import QEvent, QObject, Qt, Slot
from PySide6.QtGui import QAction, QKeySequence, QMouseEvent
from PySide6.QtWidgets import QApplication, QTabBar, QTabWidget, QWidget


def _takes_tab_focus(widget: QWidget) -> bool:
    policy = widget.focusPolicy().value
    tab = Qt.FocusPolicy.TabFocus.value
    return widget.isVisible() and widget.isEnabled() and policy & tab == tab and widget.focusProxy() is None


def focus_into(page: QWidget) -> None:
    """Give ``page`` the keyboard unless it has it: the widget that had it there last, else
    the page's focus proxy (a tab may name its first field), else the first field Tab
    reaches in it (a page's own tab bar only when nothing else takes the focus), else
    the page itself."""
    focus = QApplication.focusWidget()
    if focus is not None and (focus is page or page.isAncestorOf(focus)):
        return
    last = page.focusWidget()
    if last is not None and last is not page and page.isAncestorOf(last) and _takes_tab_focus(last):
        last.setFocus(Qt.FocusReason.ShortcutFocusReason)
        return
    if page.focusProxy() is not None:
        page.setFocus(Qt.FocusReason.ShortcutFocusReason)
        return
    fields = list(_tab_order(page))
    first = next((widget for widget in fields if not isinstance(widget, QTabBar)), None)
    (first or (fields[0] if fields else page)).setFocus(Qt.FocusReason.ShortcutFocusReason)


def _tab_order(page: QWidget) -> Iterator[QWidget]:
    """The widgets of ``page`` that Tab reaches, in its order."""
    widget = page.nextInFocusChain()
    while widget is not None and widget is not page:  # a ring through every widget of the window
        if page.isAncestorOf(widget) and _takes_tab_focus(widget):
            yield widget
        widget = widget.nextInFocusChain()


class TabNavigation(QObject):
    """Ctrl+1..9 pick a tab (Ctrl+0 the tenth, as the digits lie on the keyboard),
    Ctrl+PgUp/PgDn step through them. Signals: none.

    Window-wide actions (added to ``window``), so they work wherever the focus is, also
    inside a tab's own pages (which step with Ctrl+Tab, Qt's own key for a tab widget);
    no page claims these keys, so none is ambiguous. The tab picked takes the keyboard,
    also by its Alt+letter (the tab bar's own mnemonic, seen through an event filter).
    """

    def __init__(self, window: QWidget, tabs: QTabWidget) -> None:
        super().__init__(window)
        self.tabs = tabs
        self.tab_actions: list[QAction] = []  # Ctrl+1 is the first tab
        for index in range(min(tabs.count(), 10)):
            action = QAction(window)
            digit = Qt.Key(Qt.Key.Key_1 + index) if index < 9 else Qt.Key.Key_0
            action.setShortcut(QKeySequence(Qt.Modifier.CTRL | digit))
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
        tabs.tabBar().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """An Alt+letter of the tab bar: the bar picks the tab now, and the tab takes the keyboard.
        A click on the bar: the tab clicked takes the keyboard too (a click focused the bar,
        so Ctrl+N after clicking Tracking reached nothing)."""
        if not isinstance(watched, QTabBar):
            return False
        if event.type() == QEvent.Type.MouseButtonRelease:
            page = self.tabs.currentWidget()
            if (
                page is not None
                and isinstance(event, QMouseEvent)
                and event.button() == Qt.MouseButton.LeftButton
            ):
                focus_into(page)
            return False
        if event.type() != QEvent.Type.Shortcut:
            return False
        watched.event(event)  # handled here, once: True keeps Qt from handing it over again
        page = self.tabs.currentWidget()
        if page is not None:
            focus_into(page)
        return True

    @Slot()
    def _on_tab_action_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            self.pick(int(action.data()))

    @Slot()
    def _on_next_tab_action_triggered(self) -> None:
        self.pick((self.tabs.currentIndex() + 1) % self.tabs.count())

    @Slot()
    def _on_previous_tab_action_triggered(self) -> None:
        self.pick((self.tabs.currentIndex() - 1) % self.tabs.count())

    def pick(self, index: int) -> None:
        """Show tab ``index`` (the window builds it the first time) and give it the keyboard."""
        self.tabs.setCurrentIndex(index)
        page = self.tabs.currentWidget()
        if page is not None:
            focus_into(page)
