"""GUI fixtures: a real context (temporary folder, in-memory keyring) and a task runner.

The autouse fixtures of ``tests/conftest.py`` already give the temporary
``POSTALGUI_CONFIG_DIR``, the in-memory keyring, offscreen Qt and the thread-leak
check; these build the app's own objects on top of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from postalgui.gui.main_window import MainWindow
from postalgui.services.context import AppContext, build_context
from postalgui.services.tasks import TaskRunner
from tests.conftest import MemoryKeyring

# The offscreen platform plugin says this whenever a top-level window is shown; it is
# about the plugin, not about our code, so it must not fail the test.
OFFSCREEN_NOISE = "This plugin does not support propagateSizeHints"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE))


@pytest.fixture
def context(config_dir: Path, memory_keyring: MemoryKeyring) -> Iterator[AppContext]:
    """The app's context on the test's folder; its sandbox is stopped afterwards."""
    built = build_context(environ={"POSTALGUI_CONFIG_DIR": str(config_dir)}, keyring_backend=memory_keyring)
    yield built
    built.close()


@pytest.fixture
def runner(context: AppContext, qapp: object) -> Iterator[TaskRunner]:
    """A task runner that is shut down (tasks cancelled and joined) before the context closes."""
    del context, qapp
    task_runner = TaskRunner()
    yield task_runner
    assert task_runner.shutdown(15000), "background tasks did not end"


@pytest.fixture
def window(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[MainWindow]:
    """The main window with no feature tabs, shown offscreen."""
    main = MainWindow(context, runner, tab_factories=[])
    qtbot.addWidget(main)
    main.show()
    yield main
    main.close()
