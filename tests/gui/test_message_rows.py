"""A message never covers a control: every tab's messages take a row of their own (issue 37).

While a warning showed, the area lay over the tab's toolbar and Add, Import, Refresh and
Export were gone until it was closed. Each tab kind with sub-pages is shown at the
smallest window size with a long warning in every message area it has (the tab's, and a
sub-view's own), and every button on every page must be whole, outside the messages, and
the widget a click at its centre reaches.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractButton, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui.tab_factories import TabFactory, claims_tab, invoices_tab, shipping_tab, tracking_tab
from postalgui.gui.tabs.contract import Handoffs
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.context import AppContext

WAIT_MS = 30_000
WARNING = "The operator did not answer; what is shown was read before. " * 3


def _global_rect(widget: QWidget) -> QRect:
    return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


def _inside(widget: QWidget, ancestor: QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None:
        if parent is ancestor:
            return True
        parent = parent.parentWidget()
    return False


def _pages(tab: QWidget) -> Iterator[None]:
    """Each page of the tab's sub-tabs in turn (the tab itself when it has none)."""
    pages = tab.findChild(QTabWidget)
    if pages is None:
        yield
        return
    for index in range(pages.count()):
        pages.setCurrentIndex(index)
        yield


def _controls(tab: QWidget, areas: list[MessageArea]) -> list[QAbstractButton]:
    """The buttons on screen that are the tab's own, not a message's."""
    return [
        button
        for button in tab.findChildren(QAbstractButton)
        if button.isVisible()
        and not button.visibleRegion().isEmpty()
        and not any(_inside(button, area) for area in areas)
    ]


TABS = [tracking_tab, claims_tab, shipping_tab, invoices_tab]


@pytest.mark.parametrize("factory", TABS, ids=lambda factory: type(factory).__name__)
def test_a_warning_leaves_every_button_of_the_tab_in_reach(
    factory: TabFactory, context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    tab = factory.build(context, runner, Handoffs())
    qtbot.addWidget(tab)
    tab.resize(1100, 680)  # the smallest window, less its tab bar and status bar
    tab.show()
    qtbot.waitExposed(tab)
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=WAIT_MS)
    areas = tab.findChildren(MessageArea)
    bars = [area.show_message(WARNING, MessageKind.WARNING, key="test.warning") for area in areas]
    checked = 0
    for _ in _pages(tab):
        qtbot.waitUntil(
            lambda: all(bar.isVisible() for bar, area in zip(bars, areas, strict=True) if area.isVisible())
        )
        covering = [_global_rect(area) for area in areas if area.isVisible() and area.height() > 0]
        assert covering, "no warning is on screen"
        for button in _controls(tab, areas):
            rect = _global_rect(button)
            assert not any(rect.intersects(area) for area in covering), button.text()
            # What a click there reaches (the window's own hit test: the offscreen screen is small).
            reached = tab.childAt(tab.mapFromGlobal(rect.center()))
            assert reached is not None
            assert reached is button or _inside(reached, button), (button.text(), reached)
            checked += 1
    assert checked > 0
