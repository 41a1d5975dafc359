"""Fixtures for every test: no real keychain, no real config, no leaked threads.

- ``POSTALGUI_CONFIG_DIR`` points at a fresh temporary folder and every other
  ``POSTALGUI_*`` variable is cleared, so settings, data and logs stay in the test.
- keyring's backend is an in-memory one (`MemoryKeyring`) for the whole test.
- Qt runs offscreen; pytest-qt fails a test on Qt warnings (``qt_log_level_fail``).
- A test that leaves a Python thread or a Qt pool thread running fails.
- A Qt test that leaves a top-level widget alive or a QTimer it started still active
  fails (``tests/qt_leaks.py``), after pytest-qt has closed its registered widgets.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import keyring
import keyring.backend
import keyring.errors
import pytest

os.environ["QT_QPA_PLATFORM"] = "offscreen"

pytest_plugins = ["tests.office_fixtures"]


class MemoryKeyring(keyring.backend.KeyringBackend):
    """A keyring that lives in a dict: what tests use instead of the OS keychain."""

    priority = 1  # type: ignore[assignment]  # keyring declares priority as a classproperty

    def __init__(self) -> None:
        super().__init__()
        self.passwords: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.passwords.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.passwords[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if self.passwords.pop((service, username), None) is None:
            raise keyring.errors.PasswordDeleteError(username)


# Threads that session-scoped fixtures own; the leak check leaves them alone.
SESSION_THREADS: set[threading.Thread] = set()


@pytest.fixture(autouse=True)
def memory_keyring() -> Iterator[MemoryKeyring]:
    previous = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


@pytest.fixture(autouse=True)
def known_secrets() -> Iterator[None]:
    """Secrets a test made known to the log scrubber are forgotten after it: one test's
    password (the test server's is "postalgui") must not mask the next test's paths."""
    from postalgui.api import masking

    with masking._lock:
        before = set(masking._secrets)
    yield
    with masking._lock:
        masking._secrets.clear()
        masking._secrets.update(before)


@pytest.fixture(autouse=True)
def cli_speaks_its_source_language() -> Iterator[None]:
    """A command run by one test (``--lang pt``) leaves the command line's language behind:
    the next test starts in English again, as `cli.language` does in a new process."""
    yield
    # lazy: this conftest sets the environment (QT_QPA_PLATFORM) before anything of postalgui loads
    from postalgui.cli.language import ENGLISH, speak

    speak(ENGLISH)


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in list(os.environ):
        if name.startswith("POSTALGUI_"):
            monkeypatch.delenv(name)
    folder = tmp_path / "postalgui-config"
    monkeypatch.setenv("POSTALGUI_CONFIG_DIR", str(folder))
    return folder


@pytest.fixture
def desk_zone() -> Iterator[Callable[[str], None]]:
    """Put this desk's clock in a zone (``TZ``) for one test; the machine's comes back after.

    Times are shown on the user's clock, so a test that reads one names the desk's zone
    instead of depending on the machine's."""
    before = os.environ.get("TZ")

    def put(zone: str) -> None:
        os.environ["TZ"] = zone
        time.tzset()

    yield put
    if before is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = before
    time.tzset()


# AnyIO's idle worker threads belong to a running sandbox's event loop (its sync
# routes run there); they end with that loop, not with the request that used them.
SERVER_POOL_THREAD_NAMES = frozenset({"AnyIO worker thread"})


def _live_threads() -> set[threading.Thread]:
    return {
        t
        for t in threading.enumerate()
        if t.is_alive()
        and not isinstance(t, threading._DummyThread)
        and t not in SESSION_THREADS
        and t.name not in SERVER_POOL_THREAD_NAMES
    }


@pytest.fixture(autouse=True)
def no_leaked_threads() -> Iterator[None]:
    before = _live_threads()
    yield
    leaked = _live_threads() - before - SESSION_THREADS
    for thread in leaked:
        thread.join(timeout=2.0)  # a thread that is already ending gets a moment to finish
    leaked = {t for t in leaked if t.is_alive()}
    assert not leaked, f"test leaked threads: {sorted(t.name for t in leaked)}"
    try:
        from PySide6.QtCore import QThreadPool
    except ImportError:  # pragma: no cover - PySide6 is a dependency
        return
    pool = QThreadPool.globalInstance()
    assert pool.waitForDone(5000), f"{pool.activeThreadCount()} Qt pool thread(s) still running"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    """Remember whether the test itself failed (its traceback then keeps its widgets alive)."""
    report = yield
    if report.when == "call" and report.failed:
        item.stash[CALL_FAILED] = True
    return report


CALL_FAILED = pytest.StashKey[bool]()


@pytest.fixture(autouse=True)
def no_leaked_qt_objects(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a test that leaves a top-level widget alive or a QTimer it started running.

    Widgets given to ``qtbot.addWidget`` are closed and deleted by pytest-qt before this
    runs; a failed test's leaks are cleaned up without a second failure.
    """
    if "PySide6.QtWidgets" not in sys.modules:  # a test module without Qt: nothing to watch
        yield
        return
    from tests.qt_leaks import QtLeakWatch, watching_timers

    watch = QtLeakWatch()
    with watching_timers(watch):
        yield
    widgets, timers = watch.leaks()
    if not widgets and not timers:
        return
    message = watch.message(widgets, timers)
    watch.clean_up(widgets, timers)
    if not request.node.stash.get(CALL_FAILED, False):
        pytest.fail(message, pytrace=False)
