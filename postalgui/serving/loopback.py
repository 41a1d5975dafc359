"""`LoopbackServer`: an ASGI app served by uvicorn on loopback.

The app starts one inside itself and the tests start many, so `start()` binds the
socket in the caller's thread (the URL is known at once, port 0 gives an ephemeral
port) and leaves uvicorn's startup to a daemon thread. There uvicorn installs no
signal handlers and no logging configuration (``log_config=None``): the host
application owns both.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import ssl
import threading
import time
from collections.abc import Awaitable, Callable, Generator, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Generic, Self, TypeVar

import uvicorn

Message = MutableMapping[str, Any]
ASGIApp = Callable[
    [MutableMapping[str, Any], Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]],
    Awaitable[None],
]
"""An ASGI 3 application (what FastAPI and Starlette apps are), spelled without starlette."""

AppT = TypeVar("AppT", bound=ASGIApp)

_BACKLOG = 128
_GRACEFUL_SHUTDOWN_S = 1
"""Cap on waiting for in-flight requests (e.g. an injected delay) when stopping."""


class _Uvicorn(uvicorn.Server):
    """uvicorn's server, reporting readiness, optionally leaving signals alone, and asleep
    between requests: its loop ticks once every `TICK_S` instead of ten times a second
    (the sandbox child of an idle window spent 0.15-0.2 % of a core on those ticks; issue
    40), and `exit` (or a signal) wakes it at once."""

    TICK_S = 1.0
    """uvicorn's ticks refresh the Date header every second; nothing else of ours needs them."""

    def __init__(self, config: uvicorn.Config, *, handle_signals: bool) -> None:
        super().__init__(config)
        self.ready = threading.Event()
        self._handle_signals = handle_signals
        self._loop: asyncio.AbstractEventLoop | None = None
        self._woken: asyncio.Event | None = None

    def exit(self, *, force: bool = False) -> None:
        """Shut down (any thread): at once, not at the next tick."""
        self.force_exit = self.force_exit or force
        self.should_exit = True
        woken, loop = self._woken, self._loop
        if loop is not None and woken is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: it ended anyway
                loop.call_soon_threadsafe(woken.set)

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        self.exit()

    async def main_loop(self) -> None:
        """uvicorn's own loop, one tick a `TICK_S` (each tick does its once-a-second work)."""
        self._loop = asyncio.get_running_loop()
        self._woken = woken = asyncio.Event()  # after the loop: `exit` reads them in that order
        counter = 0
        should_exit = await self.on_tick(counter)
        while not should_exit:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(woken.wait(), self.TICK_S)
            counter = (counter + 10) % 864000  # a multiple of 10: uvicorn's per-second work
            should_exit = await self.on_tick(counter)

    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        if not self._handle_signals:
            yield
            return
        with super().capture_signals():
            yield

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if self.started:
            self.ready.set()


def _listening_socket(host: str, port: int) -> socket.socket:
    """A bound, listening TCP socket.

    Made with an explicit IPPROTO_TCP: asyncio only sets TCP_NODELAY on accepted
    sockets whose protocol says TCP, and without it every keep-alive request waits
    ~40 ms on Nagle's algorithm (``socket.create_server`` leaves the protocol 0).
    """
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    try:
        if os.name != "nt":  # on Windows SO_REUSEADDR would let others steal the port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(_BACKLOG)
    except OSError:
        sock.close()
        raise
    return sock


@dataclass(frozen=True)
class TlsFiles:
    """Certificate and key files (PEM) to serve HTTPS with; `client_ca` requires clients to
    present a certificate it signed (mutual TLS). TLS 1.2 is the oldest version accepted."""

    cert: Path
    key: Path
    client_ca: Path | None = None


def _refuse_old_tls(config: uvicorn.Config) -> None:
    """Load `config` (which builds uvicorn's SSL context), then refuse TLS older than 1.2."""
    config.load()
    if config.ssl is not None:
        config.ssl.minimum_version = ssl.TLSVersion.TLSv1_2


class LoopbackServer(Generic[AppT]):
    """The app `factory` builds, served on `host:port` in a background thread or the caller's.

    The factory runs at once (its errors reach the caller); `name` names the serving
    thread (``<name>-<port>``), `label` what the errors call it ("the sandbox is not
    started"). With `tls` it serves HTTPS; with `lifespan` the app's startup and
    shutdown events run (the partner server's reconciliation schedule lives there).
    """

    def __init__(
        self,
        factory: Callable[[], AppT],
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        name: str = "postalgui-server",
        label: str = "server",
        tls: TlsFiles | None = None,
        lifespan: bool = False,
    ) -> None:
        self.app: AppT = factory()
        self._tls = tls
        self._lifespan = lifespan
        self._name = name
        self._label = label
        self._host = host
        self._requested_port = port
        self._sock: socket.socket | None = None
        self._port = 0
        self._server: _Uvicorn | None = None
        self._thread: threading.Thread | None = None
        self._serving_thread: threading.Thread | None = None
        self._finished = threading.Event()

    # -- addresses ---------------------------------------------------------------

    @property
    def host(self) -> str:
        return self._host

    @property
    def port(self) -> int:
        """The bound port (the ephemeral one when asked for 0); 0 before binding."""
        return self._port

    @property
    def url(self) -> str:
        """Base URL such as ``http://127.0.0.1:54321``, without a trailing slash."""
        if self._sock is None:
            raise RuntimeError(f"the {self._label} is not started")
        host = f"[{self._host}]" if ":" in self._host else self._host
        scheme = "https" if self._tls is not None else "http"
        return f"{scheme}://{host}:{self.port}"

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    # -- lifecycle -----------------------------------------------------------------

    def _bind(self) -> socket.socket:
        if self._sock is not None:
            raise RuntimeError(f"a {type(self).__name__} can be started only once")
        self._sock = _listening_socket(self._host, self._requested_port)
        self._port = self._sock.getsockname()[1]
        return self._sock

    def _uvicorn(self, *, handle_signals: bool) -> _Uvicorn:
        config = uvicorn.Config(
            self.app,
            log_config=None,
            log_level="warning",
            access_log=False,
            http="h11",
            loop="asyncio",
            ws="none",
            lifespan="on" if self._lifespan else "off",
            timeout_graceful_shutdown=_GRACEFUL_SHUTDOWN_S,
            **self._ssl_options(),
        )
        if self._tls is not None:
            _refuse_old_tls(config)
        self._server = _Uvicorn(config, handle_signals=handle_signals)
        return self._server

    def _ssl_options(self) -> dict[str, Any]:
        tls = self._tls
        if tls is None:
            return {}
        options: dict[str, Any] = {"ssl_certfile": str(tls.cert), "ssl_keyfile": str(tls.key)}
        if tls.client_ca is not None:
            options |= {"ssl_ca_certs": str(tls.client_ca), "ssl_cert_reqs": ssl.CERT_REQUIRED}
        return options

    def start(self) -> None:
        """Bind now, serve from a daemon thread; returns without waiting for uvicorn."""
        sock = self._bind()
        server = self._uvicorn(handle_signals=False)
        self._thread = threading.Thread(
            target=self._serve,
            args=(server, sock),
            name=f"{self._name}-{self.port}",
            daemon=True,
        )
        self._serving_thread = self._thread
        self._thread.start()

    def _serve(self, server: _Uvicorn, sock: socket.socket) -> None:
        try:
            server.run(sockets=[sock])
        finally:
            sock.close()
            self._finished.set()

    def wait_ready(self, timeout: float = 10.0) -> bool:
        """Wait until uvicorn accepts requests; False on timeout or failed startup."""
        if self._server is None:
            return False
        deadline = time.monotonic() + timeout
        while not self._server.ready.wait(0.05):
            if self._finished.is_set() or time.monotonic() >= deadline:
                return bool(self._server.ready.is_set())
        return True

    def stop(self, timeout: float = 5.0) -> None:
        """Shut uvicorn down and wait for it; the serving side closes the socket.

        Safe to call twice, before readiness, or while `serve_forever` runs elsewhere.
        """
        server, serving = self._server, self._serving_thread
        if server is None or serving is None or serving is threading.current_thread():
            if server is not None:
                server.exit()
            return
        server.exit()
        if not self._finished.wait(timeout):
            server.exit(force=True)  # in-flight requests are abandoned
            self._finished.wait(timeout)
        if self._thread is not None:
            self._thread.join(timeout)

    def serve_forever(self, on_bound: Callable[[str], None] | None = None) -> None:
        """Serve in the calling thread until Ctrl+C or `stop()` (used by the CLI).

        `on_bound` gets the URL once the socket is bound, before serving starts.
        """
        sock = self._bind()
        server = self._uvicorn(handle_signals=threading.current_thread() is threading.main_thread())
        self._serving_thread = threading.current_thread()
        try:
            if on_bound is not None:
                on_bound(self.url)
            server.run(sockets=[sock])
        except KeyboardInterrupt:
            pass
        finally:
            sock.close()
            self._finished.set()

    def __enter__(self) -> Self:
        self.start()
        if not self.wait_ready():
            self.stop()
            raise RuntimeError(f"the {self._label} did not start")
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
