"""The window's navigation between tabs, through its `Handoffs`: tabs never import each
other and hand each other nothing; they ask the window to show a tab, open a draft or
Settings. A tab built lazily is built for it; the tabs that follow the operator in the
background are built unseen.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar, Literal

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui.main_window import MainWindow, TabPlaceholder
from postalgui.gui.tab_factories import TAB_FACTORIES, invoices_tab, price_tab, tracking_tab
from postalgui.gui.tabs.contract import Handoffs
from postalgui.gui.tabs.tracking import TrackingTab
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext

WAIT_MS = 20_000


class BackgroundTab(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.started = 0

    def start_following(self) -> None:
        self.started += 1


class BackgroundFactory:
    RUNS_UNSEEN: ClassVar[Literal[True]] = True
    MODULE: ClassVar[str] = "tests.gui.test_tracking_link"
    built = 0

    def label(self) -> str:
        return "Claims"

    def build(self, context: AppContext, runner: TaskRunner, handoffs: Handoffs) -> QWidget:
        BackgroundFactory.built += 1
        return BackgroundTab()


class OtherFactory:
    def label(self) -> str:
        return "Other"

    def build(self, context: AppContext, runner: TaskRunner, handoffs: Handoffs) -> QWidget:
        raise AssertionError("a tab that follows nothing is not built unseen")


@pytest.fixture
def window(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[MainWindow]:
    BackgroundFactory.built = 0
    main = MainWindow(context, runner, tab_factories=[price_tab, OtherFactory(), BackgroundFactory()])
    qtbot.addWidget(main)
    main.show()
    yield main
    main.close()
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=WAIT_MS)


def test_following_starts_in_the_background_without_showing_the_tab(window: MainWindow, qtbot: QtBot) -> None:
    current = window.tabs.currentIndex()
    window.start_following()
    assert BackgroundFactory.built == 0  # its modules load in a background task first
    qtbot.waitUntil(lambda: BackgroundFactory.built == 1, timeout=WAIT_MS)
    assert isinstance(window.tabs.widget(1), TabPlaceholder)  # the others wait to be opened
    assert window.tabs.currentIndex() == current
    window.start_following()
    qtbot.wait(50)
    assert BackgroundFactory.built == 1
    background = window.tabs.widget(2)
    assert isinstance(background, BackgroundTab)  # built unseen and started, once
    assert background.started == 1


def test_show_tracking_builds_the_tracking_tab_once_and_shows_it(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    window = MainWindow(context, runner, tab_factories=TAB_FACTORIES)
    qtbot.addWidget(window)
    window.show()
    where = TAB_FACTORIES.index(tracking_tab)
    assert isinstance(window.tabs.widget(where), TabPlaceholder)
    window.handoffs.show_tracking()
    assert window.tabs.currentIndex() == where
    tracking = window.tabs.currentWidget()
    assert isinstance(tracking, TrackingTab)
    window.tabs.setCurrentIndex(0)
    window.handoffs.show_tracking()
    assert window.tabs.currentWidget() is tracking
    assert isinstance(window.tabs.widget(TAB_FACTORIES.index(invoices_tab)), TabPlaceholder)  # never built
    window.close()
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=WAIT_MS)


def test_a_window_without_the_tab_asked_for_stays_where_it_is(window: MainWindow) -> None:
    current = window.tabs.currentIndex()
    window.handoffs.show_tracking()  # no Tracking tab in this window
    assert window.tabs.currentIndex() == current
