"""The app's life outside its window: SIGTERM and SIGINT quit as File > Quit does, and a
second launch brings the running window forward instead of opening another."""

from __future__ import annotations

import os
import signal
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QDir, Qt
from PySide6.QtNetwork import QLocalSocket
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui.app import GuiSession
from postalgui.gui.lifecycle import (
    ACKNOWLEDGED,
    ACTIVATE,
    Launch,
    SignalQuitter,
    SingleInstance,
    instance_name,
    request_activation,
)
from postalgui.services.context import AppContext
from tests.gui.conftest import OFFSCREEN_NOISE

POSIX_ONLY = pytest.mark.skipif(sys.platform == "win32", reason="kill delivers no SIGTERM on Windows")
# The offscreen platform cannot raise a window; it says so, and that is not our bug. (The
# marker replaces the folder's, so it repeats the folder's noise.)
RAISE_NOISE = pytest.mark.qt_log_ignore(OFFSCREEN_NOISE, "This plugin does not support raise")


class QuitCounter:
    """A stand-in for the session's quit: counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> None:
        self.calls += 1


@pytest.fixture
def quitter(qapp: object) -> Iterator[tuple[SignalQuitter, QuitCounter]]:
    del qapp
    counter = QuitCounter()
    watcher = SignalQuitter(counter)
    yield watcher, counter
    watcher.uninstall()
    watcher.deleteLater()


@POSIX_ONLY
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_quits_once_and_the_previous_handler_comes_back(
    signum: signal.Signals, quitter: tuple[SignalQuitter, QuitCounter], qtbot: QtBot
) -> None:
    watcher, counter = quitter
    before = signal.getsignal(signum)
    fd_before = signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(fd_before)
    assert watcher.install()
    with qtbot.waitSignal(watcher.received, timeout=5000) as received:
        os.kill(os.getpid(), signum)  # handled from the event loop, which is idle meanwhile
    assert received.args == [int(signum)]
    assert counter.calls == 1
    with qtbot.waitSignal(watcher.received, timeout=5000):
        os.kill(os.getpid(), signum)  # a second one while quitting changes nothing
    assert counter.calls == 1
    watcher.uninstall()
    assert signal.getsignal(signum) is before
    assert signal.set_wakeup_fd(fd_before) == fd_before  # the wakeup fd is the one from before


def test_installing_twice_and_uninstalling_twice_are_harmless(
    quitter: tuple[SignalQuitter, QuitCounter],
) -> None:
    watcher, _ = quitter
    before = signal.getsignal(signal.SIGTERM)
    assert watcher.install()
    assert watcher.install()
    watcher.uninstall()
    watcher.uninstall()
    assert not watcher.installed
    assert signal.getsignal(signal.SIGTERM) is before


@POSIX_ONLY
@RAISE_NOISE
def test_sigterm_closes_the_session_as_quit_does(
    context: AppContext, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The signal's path is the menu's: the window closes (its state saved), then the app quits."""
    from PySide6.QtCore import QCoreApplication

    quits = QuitCounter()
    monkeypatch.setattr(QCoreApplication, "quit", quits)  # no real exit of the test's app
    session = GuiSession(context, tab_factories=[])
    qtbot.addWidget(session.window)
    watcher = SignalQuitter(session.request_quit, parent=session)
    try:
        session.window.show()
        assert watcher.install()
        os.kill(os.getpid(), signal.SIGTERM)
        qtbot.waitUntil(lambda: quits.calls == 1, timeout=5000)
        assert not session.window.isVisible()
        assert (context.paths.config_dir / "window.ini").is_file()
    finally:
        watcher.uninstall()
        session.shutdown()


def test_the_instance_name_depends_on_the_user_and_the_folder(tmp_path: Path) -> None:
    name = instance_name(tmp_path / "a", user="ana")
    assert name == instance_name(tmp_path / "a", user="ana")
    assert name != instance_name(tmp_path / "b", user="ana")
    assert name != instance_name(tmp_path / "a", user="bia")
    assert name.startswith("postalgui-")
    assert name.replace("-", "").isalnum()


@pytest.fixture
def instance(config_dir: Path, qapp: object) -> Iterator[SingleInstance]:
    del qapp
    first = SingleInstance(instance_name(config_dir))
    yield first
    first.close()
    first.deleteLater()


@RAISE_NOISE
def test_a_second_launch_brings_the_window_forward(instance: SingleInstance, qtbot: QtBot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    window.show()
    window.showMinimized()
    instance.window = window
    assert instance.claim() is Launch.FIRST
    assert instance.listening
    with qtbot.waitSignal(instance.activated, timeout=5000):
        assert request_activation(instance.name) is Launch.FORWARDED
    assert window.isVisible()
    assert not window.isMinimized()
    assert not window.windowState() & Qt.WindowState.WindowMinimized


def test_a_later_claim_is_forwarded(instance: SingleInstance, qtbot: QtBot) -> None:
    """The second launch's own path: `claim` finds the first and does not listen."""
    assert instance.claim() is Launch.FIRST
    second = SingleInstance(instance.name)
    try:
        with qtbot.waitSignal(instance.activated, timeout=5000):
            assert second.claim() is Launch.FORWARDED
        assert not second.listening
    finally:
        second.close()
        second.deleteLater()


def test_the_server_answers_a_plain_client(instance: SingleInstance, qtbot: QtBot) -> None:
    assert instance.claim() is Launch.FIRST
    client = QLocalSocket()
    client.connectToServer(instance.name)
    try:
        with qtbot.waitSignal(instance.activated, timeout=5000):
            client.write(ACTIVATE)
        qtbot.waitUntil(
            lambda: client.bytesAvailable() > 0 or client.state() == client.LocalSocketState.UnconnectedState,
            timeout=5000,
        )
        assert bytes(client.readAll().data()) == ACKNOWLEDGED
    finally:
        client.abort()


def test_nothing_listening_means_nobody_to_activate(config_dir: Path, qapp: object) -> None:
    del qapp
    assert request_activation(instance_name(config_dir), timeout_ms=500) is None


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes leave no file behind")
def test_a_crashed_instances_socket_does_not_block_the_start(instance: SingleInstance) -> None:
    path = Path(QDir.tempPath()) / instance.name
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(path))  # bound, never listening, closed without unlinking: a crash's leftover
    stale.close()
    try:
        assert path.exists()
        assert instance.claim() is Launch.FIRST
        assert instance.listening
    finally:
        instance.close()
        path.unlink(missing_ok=True)
