"""A main tab picked from the keyboard takes the keyboard: Ctrl+digit, Ctrl+PgUp/PgDn
put the focus inside the tab picked (its first field), so the tab's own keys (Ctrl+N in
Tracking, Ctrl+F...) work at once, also the first time, when the tab is built then."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui.main_window import MainWindow, mnemonic_letter
from postalgui.gui.tab_factories import TAB_FACTORIES, tracking_tab
from postalgui.gui.tabs.tracking import TrackingTab
from postalgui.gui.tabs.tracking.add_dialog import AddDialog
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext

CTRL = Qt.KeyboardModifier.ControlModifier
WAIT_MS = 30_000


@pytest.fixture
def main(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[MainWindow]:
    """The real window, shown and active; only its first tab built (as the app starts)."""
    window = MainWindow(context, runner)
    qtbot.addWidget(window)
    window.resize(1300, 850)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    yield window
    window.close()


def focused(window: QWidget) -> QWidget:
    return QApplication.focusWidget() or window


def assert_ctrl_n_adds(main: MainWindow, index: int, qtbot: QtBot) -> None:
    """The Tracking tab at ``index`` has the keyboard: Ctrl+N opens its Add dialog."""
    tab = main.tabs.widget(index)
    assert isinstance(tab, TrackingTab)
    focus = QApplication.focusWidget()
    assert focus is not None
    assert tab.isAncestorOf(focus)
    opened: list[AddDialog] = []
    tab.actions_.open_dialog = lambda dialog: opened.append(dialog) or False  # type: ignore[func-returns-value]
    qtbot.keyClick(focused(main), Qt.Key.Key_N, CTRL)
    assert len(opened) == 1


def test_ctrl_n_works_right_after_ctrl_6(main: MainWindow, qtbot: QtBot) -> None:
    """Issue 37: after Ctrl+6 the focus stayed outside the Tracking tab (built then), so
    its Ctrl+N, a key of the tab's widgets, reached nothing."""
    index = TAB_FACTORIES.index(tracking_tab)
    qtbot.keyClick(focused(main), Qt.Key(Qt.Key.Key_1.value + index), CTRL)
    assert_ctrl_n_adds(main, index, qtbot)


def test_every_tab_picked_by_keys_takes_the_focus(main: MainWindow, qtbot: QtBot) -> None:
    tabs = main.tabs
    for index in [*range(tabs.count()), 0]:
        qtbot.keyClick(focused(main), Qt.Key(Qt.Key.Key_1.value + index), CTRL)
        page = tabs.currentWidget()
        focus = QApplication.focusWidget()
        assert focus is not None
        assert page.isAncestorOf(focus), (tabs.tabText(index), type(focus).__name__)
    for key in (Qt.Key.Key_PageDown, Qt.Key.Key_PageUp, Qt.Key.Key_PageUp):
        qtbot.keyClick(focused(main), key, CTRL)
        focus = QApplication.focusWidget()
        assert focus is not None
        assert tabs.currentWidget().isAncestorOf(focus)


def test_a_tab_picked_by_its_alt_letter_takes_the_focus_too(main: MainWindow, qtbot: QtBot) -> None:
    index = TAB_FACTORIES.index(tracking_tab)
    letter = mnemonic_letter(main.tabs.tabText(index))
    assert letter
    qtbot.keyClick(focused(main), Qt.Key(ord(letter)), Qt.KeyboardModifier.AltModifier)
    assert main.tabs.currentIndex() == index
    tab = main.tabs.widget(index)
    focus = QApplication.focusWidget()
    assert isinstance(tab, TrackingTab)
    assert focus is tab.table  # the tab names its first field (its focus proxy)


def test_a_tab_clicked_with_the_mouse_takes_the_focus_too(main: MainWindow, qtbot: QtBot) -> None:
    """Clicking the Tracking tab then pressing Ctrl+N opens its dialog: the tab bar takes
    no focus from a click, so the keyboard stayed in the tab left behind."""
    index = TAB_FACTORIES.index(tracking_tab)
    bar = main.tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert main.tabs.currentIndex() == index
    assert_ctrl_n_adds(main, index, qtbot)
