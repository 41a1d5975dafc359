"""The window hands the objects a tab asks to track to the tab that follows them.

Tabs never import each other: the Invoices tab says ``trackRequested`` (`HandsObjects`),
the Tracking tab has ``follow`` (`FollowsObjects`), and the window passes one to the
other, building the Tracking tab first when it was never shown.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar, Literal

import pytest
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui.main_window import MainWindow, TabPlaceholder
from postalgui.gui.tabs.contract import FollowsObjects, HandsObjects
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext
from postalgui.services.ports import NewObject


class HandingTab(QWidget):
    trackRequested = Signal(object)


class FollowingTab(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.followed: list[list[NewObject]] = []

    def follow(self, objects: list[NewObject]) -> None:
        self.followed.append(objects)


class HandingFactory:
    def label(self) -> str:
        return "Invoices"

    def build(self, context: AppContext, runner: TaskRunner) -> QWidget:
        return HandingTab()


class FollowingFactory:
    FOLLOWS_OBJECTS: ClassVar[Literal[True]] = True
    built = 0

    def label(self) -> str:
        return "Tracking"

    def build(self, context: AppContext, runner: TaskRunner) -> QWidget:
        FollowingFactory.built += 1
        return FollowingTab()


class BackgroundTab(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.started = 0

    def start_following(self) -> None:
        self.started += 1


class BackgroundFactory:
    RUNS_UNSEEN: ClassVar[Literal[True]] = True

    def label(self) -> str:
        return "Claims"

    def build(self, context: AppContext, runner: TaskRunner) -> QWidget:
        return BackgroundTab()


class OtherFactory:
    def label(self) -> str:
        return "Other"

    def build(self, context: AppContext, runner: TaskRunner) -> QWidget:
        raise AssertionError("a tab that follows nothing is not built for the hand-over")


@pytest.fixture
def window(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[MainWindow]:
    FollowingFactory.built = 0
    factories = [HandingFactory(), OtherFactory(), FollowingFactory(), BackgroundFactory()]
    main = MainWindow(context, runner, tab_factories=factories)
    qtbot.addWidget(main)
    main.show()
    yield main
    main.close()


def test_the_protocols_tell_the_tabs_apart(qapp: object) -> None:
    assert isinstance(HandingTab(), HandsObjects)
    assert not isinstance(HandingTab(), FollowsObjects)
    assert isinstance(FollowingTab(), FollowsObjects)


def test_objects_a_tab_hands_over_reach_the_following_tab_built_on_demand(window: MainWindow) -> None:
    handing = window.built_tab(0)
    assert isinstance(handing, HandingTab)
    assert isinstance(window.tabs.widget(2), TabPlaceholder)
    objects = [NewObject("DG049186226BR", invoice="RE 40032119")]
    handing.trackRequested.emit(objects)
    following = window.tabs.widget(2)
    assert isinstance(following, FollowingTab)
    assert following.followed == [objects]
    handing.trackRequested.emit(objects)
    assert following.followed == [objects, objects]
    assert FollowingFactory.built == 1
    assert isinstance(window.tabs.widget(1), TabPlaceholder)  # never built


def test_following_starts_in_the_background_without_showing_the_tab(window: MainWindow) -> None:
    window.tabs.setCurrentIndex(0)
    current = window.tabs.currentIndex()
    window.start_following()
    assert isinstance(window.tabs.widget(2), FollowingTab)  # built: its refresh and alerts run
    assert isinstance(window.tabs.widget(1), TabPlaceholder)  # the others wait to be opened
    assert window.tabs.currentIndex() == current
    window.start_following()
    assert FollowingFactory.built == 1
    background = window.tabs.widget(3)
    assert isinstance(background, BackgroundTab)  # built unseen and started, once
    assert background.started == 1
