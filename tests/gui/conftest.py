"""GUI fixtures: a real context (temporary folder, in-memory keyring) and a task runner.

The autouse fixtures of ``tests/conftest.py`` already give the temporary
``POSTALGUI_CONFIG_DIR``, the in-memory keyring, offscreen Qt and the thread-leak
check; these build the app's own objects on top of them.

One sandbox child process serves every GUI test of the session (starting one per
test cost about a second each): the `context` reaches it as a base URL override in
the Sandbox environment, and ``POST /_sandbox/reset`` puts it back as started before
each test. A test marked ``embedded_sandbox`` gets the app's own embedded sandbox
instead, started (and stopped) through `AppContext` as the app does.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator
from pytestqt.qtbot import QtBot

from postalgui.gui.main_window import MainWindow
from postalgui.gui.tasks import TaskRunner
from postalgui.sandbox.process import SandboxProcess
from postalgui.services.context import AppContext, build_context
from tests.conftest import MemoryKeyring

# The offscreen platform plugin says this whenever a top-level window is shown; it is
# about the plugin, not about our code, so it must not fail the test.
OFFSCREEN_NOISE = "This plugin does not support propagateSizeHints"


@pytest.fixture(autouse=True)
def default_locale_restored() -> Iterator[None]:
    """Installing a language sets the default locale (numbers follow it): no test leaves
    its language's numbers to the next one."""
    from PySide6.QtCore import QLocale

    before = QLocale()
    yield
    QLocale.setDefault(before)


# Tests that check the embedded sandbox's own life (started by the context, stopped with
# the session) and so need it rather than the shared one. The marker belongs in the test
# file; it is added here until that file's owner moves it there.
EMBEDDED_SANDBOX_TESTS = frozenset({"test_main_window.py::test_session_quits_cleanly"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE))
            if f"{item.path.name}::{item.name}" in EMBEDDED_SANDBOX_TESTS:
                item.add_marker(pytest.mark.embedded_sandbox)


@pytest.fixture(scope="session")
def shared_sandbox() -> Iterator[str]:
    """One sandbox child process for the session's GUI tests; its URL."""
    environ = {name: value for name, value in os.environ.items() if not name.startswith("POSTALGUI_")}
    sandbox = SandboxProcess(environ=environ)
    sandbox.start()
    try:
        assert sandbox.wait_ready(20.0), "the shared sandbox did not start"
        yield sandbox.url
    finally:
        sandbox.stop()


def reset_sandbox(url: str) -> None:
    """Faults, script, stats, tokens, config, clock and processings back as started."""
    requests.post(f"{url}/_sandbox/reset", timeout=5).raise_for_status()


@pytest.fixture
def context(
    request: pytest.FixtureRequest, config_dir: Path, memory_keyring: MemoryKeyring
) -> Iterator[AppContext]:
    """The app's context on the test's folder, talking to the shared sandbox (reset first).

    Marked ``embedded_sandbox``: the context starts its own, stopped afterwards.
    """
    environ = {"POSTALGUI_CONFIG_DIR": str(config_dir)}
    if request.node.get_closest_marker("embedded_sandbox") is None:
        url: str = request.getfixturevalue("shared_sandbox")
        reset_sandbox(url)
        environ["POSTALGUI_BASE_URL"] = url
    built = build_context(environ=environ, keyring_backend=memory_keyring)
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


def _speaking(qapp: QCoreApplication, language: str) -> Iterator[list[QTranslator]]:
    """The UI in ``language``, installed as the app installs it (translators and default
    locale), removed after the test; the translators installed are yielded."""
    from postalgui.gui import i18n

    default = QLocale()
    installed = i18n.install_translators(qapp, language)
    yield installed
    i18n.remove_translators(qapp, installed)
    QLocale.setDefault(default)


@pytest.fixture(params=["en", "pt_BR"])
def each_language(request: pytest.FixtureRequest, qapp: QCoreApplication) -> Iterator[str]:
    """The UI once in English and once in Portuguese (see `_speaking`)."""
    for _ in _speaking(qapp, request.param):
        yield request.param


@pytest.fixture
def portuguese(qapp: QCoreApplication) -> Iterator[list[QTranslator]]:
    """The UI in Brazilian Portuguese (see `_speaking`): Qt's catalogue and ours."""
    yield from _speaking(qapp, "pt_BR")
