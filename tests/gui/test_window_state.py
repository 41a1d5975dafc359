"""The window comes back as it was left: size, position and the split of its panes."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from postalgui.gui.main_window import MainWindow
from postalgui.gui.tab_factories import TAB_FACTORIES
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.window_state import FILENAME, RememberedSplitter
from postalgui.services.context import AppContext


def _window(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> MainWindow:
    window = MainWindow(context, runner, tab_factories=TAB_FACTORIES)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _quote_splitter(window: MainWindow) -> RememberedSplitter:
    [splitter] = [s for s in window.findChildren(RememberedSplitter) if s.name == "price.quote"]
    return splitter


def test_size_and_splitters_are_back_next_session(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    first = _window(context, runner, qtbot)
    first.resize(700, 500)
    splitter = _quote_splitter(first)
    qtbot.waitUntil(lambda: splitter.shown)
    total = sum(splitter.sizes())
    splitter.setSizes([total - 250, 250])
    wanted = splitter.sizes()
    first.close()
    assert (context.paths.config_dir / FILENAME).exists()

    second = _window(context, runner, qtbot)
    assert (second.width(), second.height()) == (700, 500)
    again = _quote_splitter(second)
    qtbot.waitUntil(lambda: again.shown)
    assert again.sizes() == wanted
    second.close()


def test_a_first_start_has_the_default_size(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    window = _window(context, runner, qtbot)
    assert not (context.paths.config_dir / FILENAME).exists()
    assert (window.width(), window.height()) == (1100, 720)
    window.close()
