"""The app's life outside its window: signals from the system, and one instance per user.

A logout, ``kill`` or Ctrl+C in the terminal must close the app the way File > Quit
does (tasks cancelled, the sandbox child stopped, stores closed, the window's state
saved), not kill it half-way. Python runs a signal handler only when the interpreter
gets control, and Qt's event loop, waiting in C++, does not give it: so the C-level
handler writes the signal's number to a socket (`signal.set_wakeup_fd`) that a
`QSocketNotifier` watches, and the event loop wakes up at once even when idle (the
self-pipe pattern). On Windows, where ``kill`` does not deliver SIGTERM, this is
harmless; Ctrl+C still comes as SIGINT.

A second launch (the icon clicked again) must not open a second window with a second
sandbox: the first instance listens on a `QLocalServer` named after the user and the
config folder, and a later one asks it to come forward and exits. A portable config
folder, or a test's temporary one, runs its own instance.
"""

from __future__ import annotations

import contextlib
import enum
import getpass
import hashlib
import logging
import signal
import socket
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType

from PySide6.QtCore import QEventLoop, QObject, QSocketNotifier, QTimer, Signal, Slot
from PySide6.QtNetwork import QLocalServer, QLocalSocket
from PySide6.QtWidgets import QWidget

log = logging.getLogger(__name__)

QUIT_SIGNALS: tuple[signal.Signals, ...] = (signal.SIGTERM, signal.SIGINT)

_SignalHandler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None


def _note_signal(signum: int, frame: FrameType | None) -> None:
    """The Python-level handler: nothing to do here, the wakeup socket carries the signal.

    It must exist all the same: without it SIGTERM's default action ends the process
    at once and SIGINT's raises KeyboardInterrupt in whatever code runs next.
    """
    del signum, frame


class SignalQuitter(QObject):
    """Turns SIGTERM and SIGINT into one call of ``on_quit``, from the event loop.

    ``on_quit`` runs once, however many signals come (a second Ctrl+C while the app
    closes changes nothing). `uninstall` puts back the handlers and the wakeup fd
    that were there before. Signals: ``received(int)`` with each signal's number.
    """

    received = Signal(int)

    def __init__(
        self,
        on_quit: Callable[[], None],
        signals: Sequence[signal.Signals] = QUIT_SIGNALS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._on_quit = on_quit
        self._signals = tuple(signals)
        self._previous: dict[signal.Signals, _SignalHandler] = {}
        self._previous_fd: int | None = None
        self._sockets: tuple[socket.socket, socket.socket] | None = None
        self._notifier: QSocketNotifier | None = None
        self.quit_called = False

    @property
    def installed(self) -> bool:
        return self._sockets is not None

    def install(self) -> bool:
        """Watch the signals; False where that cannot be done (not the main thread)."""
        if self._sockets is not None:
            return True
        reader, writer = socket.socketpair()
        reader.setblocking(False)
        writer.setblocking(False)
        try:
            self._previous_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
        except ValueError:  # not the main thread, or a handle this platform refuses
            reader.close()
            writer.close()
            log.warning("Signals cannot be watched here; the app closes only from its window")
            return False
        self._sockets = (reader, writer)
        self._notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._on_notifier_activated)
        for signum in self._signals:
            with contextlib.suppress(OSError, ValueError):  # a signal this platform lacks
                self._previous[signum] = signal.signal(signum, _note_signal)
        return True

    def uninstall(self) -> None:
        """Back to the handlers and wakeup fd from before `install`; safe to call twice."""
        if self._sockets is None:
            return
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)
        self._previous.clear()
        signal.set_wakeup_fd(-1 if self._previous_fd is None else self._previous_fd)
        if self._notifier is not None:
            self._notifier.setEnabled(False)
            self._notifier.deleteLater()
            self._notifier = None
        for end in self._sockets:
            end.close()
        self._sockets = None

    @Slot()
    def _on_notifier_activated(self) -> None:
        if self._sockets is None:
            return
        try:
            data = self._sockets[0].recv(64)
        except (BlockingIOError, InterruptedError):
            return
        numbers = [number for number in data if number in self._signals]
        for number in numbers:
            log.info("Received %s: quitting", signal.Signals(number).name)
            self.received.emit(number)
        if numbers and not self.quit_called:
            self.quit_called = True
            self._on_quit()


# --- one instance -----------------------------------------------------------------------------

ACTIVATE = b"activate\n"
ACKNOWLEDGED = b"ok\n"
CONNECT_TIMEOUT_MS = 1000
ANSWER_TIMEOUT_MS = 3000


class Launch(enum.Enum):
    """What `SingleInstance.claim` found."""

    FIRST = "first"  # this process listens now: build the window
    FORWARDED = "forwarded"  # the running instance came forward: exit
    UNANSWERED = "unanswered"  # one runs but did not answer in time: exit all the same


def instance_name(config_dir: Path, user: str | None = None) -> str:
    """The local server's name: one per user and config folder.

    Hashed, so the name is short and safe as a file name under the temporary folder
    (where Qt puts it on POSIX) whatever characters the path has.
    """
    if user is None:
        try:
            user = getpass.getuser()
        except (OSError, KeyError):  # no login name in this environment
            user = ""
    folder = str(config_dir.expanduser().resolve())
    digest = hashlib.sha256(f"{user}\0{folder}".encode()).hexdigest()[:24]
    return f"postalgui-{digest}"


def bring_to_front(window: QWidget) -> None:
    """Show, un-minimise, raise and activate ``window`` (a second launch asked for it)."""
    # lazy: Qt's namespace makes its enums (about 20 ms), not needed before the frame shows (start-up)
    from PySide6.QtCore import Qt

    state = window.windowState() & ~Qt.WindowState.WindowMinimized
    window.setWindowState(state | Qt.WindowState.WindowActive)
    window.show()
    window.raise_()
    window.activateWindow()


def request_activation(name: str, timeout_ms: int = ANSWER_TIMEOUT_MS) -> Launch | None:
    """Ask the instance listening on ``name`` to come forward; None when none listens.

    The answer is awaited in a local event loop rather than a blocking wait, so the
    listener may live in this very process (the tests).
    """
    client = QLocalSocket()
    client.connectToServer(name)
    if not client.waitForConnected(CONNECT_TIMEOUT_MS):
        client.abort()
        return None
    client.write(ACTIVATE)
    client.flush()
    answer = bytes(client.readAll().data())
    if not answer:
        loop = QEventLoop()
        timer = QTimer()
        timer.setSingleShot(True)
        timer.timeout.connect(loop.quit)
        client.readyRead.connect(loop.quit)
        client.disconnected.connect(loop.quit)
        timer.start(timeout_ms)
        loop.exec()
        timer.stop()
        answer = bytes(client.readAll().data())
    client.abort()
    return Launch.FORWARDED if answer.startswith(ACKNOWLEDGED.strip()) else Launch.UNANSWERED


class SingleInstance(QObject):
    """The first instance's listener; a later launch's request to come forward.

    Once `claim` returned `Launch.FIRST`, an activation request brings ``window`` (when
    set) to the front and is acknowledged. Signals: ``activated()`` after each request.
    """

    activated = Signal()

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.window: QWidget | None = None
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._on_server_new_connection)

    @property
    def listening(self) -> bool:
        return self._server.isListening()

    def claim(self) -> Launch:
        """Forward to a running instance, else listen (over a crashed one's stale socket)."""
        launch = request_activation(self.name)
        if launch is not None:
            return launch
        if self._server.listen(self.name):
            return Launch.FIRST
        launch = request_activation(self.name)  # another one started in between?
        if launch is not None:
            return launch
        # Nobody answers on the name but it is taken: a crashed instance's socket file.
        QLocalServer.removeServer(self.name)
        if not self._server.listen(self.name):
            log.warning(
                "Cannot listen as %s (%s): a second launch will open a second window",
                self.name,
                self._server.errorString(),
            )
        return Launch.FIRST

    def close(self) -> None:
        """Stop listening (the socket file goes with it); safe to call twice."""
        self._server.close()

    @Slot()
    def _on_server_new_connection(self) -> None:
        while self._server.hasPendingConnections():
            connection = self._server.nextPendingConnection()
            connection.setParent(self)
            connection.readyRead.connect(self._on_connection_ready_read)
            connection.disconnected.connect(connection.deleteLater)

    @Slot()
    def _on_connection_ready_read(self) -> None:
        connection = self.sender()
        if not isinstance(connection, QLocalSocket) or not connection.canReadLine():
            return
        message = bytes(connection.readLine().data())
        if message != ACTIVATE:
            connection.disconnectFromServer()
            return
        connection.write(ACKNOWLEDGED)
        connection.flush()
        connection.disconnectFromServer()
        if self.window is not None:
            bring_to_front(self.window)
        self.activated.emit()
