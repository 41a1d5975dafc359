"""A TCP proxy a test can cut and restore: the server "goes away" and comes back.

One thread forwards every connection between the client and the target (``select``
over all sockets, so the leak check sees one thread). `cut` closes the listener and
every forwarded connection (a new connection is refused, as from a stopped server);
`restore` listens again on the same port.
"""

from __future__ import annotations

import select
import socket
import threading

__all__ = ["TcpProxy"]


class TcpProxy:
    """Forwards ``127.0.0.1:port`` to ``target``; a context manager that stops on exit."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self._lock = threading.Lock()
        self._listener: socket.socket | None = self._listen(0)
        self.port = self._listener.getsockname()[1]
        self._peers: dict[socket.socket, socket.socket] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="tcp-proxy", daemon=True)
        self._thread.start()

    @staticmethod
    def _listen(port: int) -> socket.socket:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", port))
        listener.listen(16)
        return listener

    def cut(self) -> None:
        """Drop every connection and refuse new ones."""
        with self._lock:
            listener, self._listener = self._listener, None
            peers, self._peers = self._peers, {}
        for sock in [*peers, *([listener] if listener else [])]:
            sock.close()

    def restore(self) -> None:
        """Accept connections again, on the same port."""
        with self._lock:
            if self._listener is None:
                self._listener = self._listen(self.port)

    def _serve(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                listener = self._listener
                sockets = [*self._peers, *([listener] if listener else [])]
            try:
                ready, _, _ = select.select(sockets, [], [], 0.05) if sockets else ([], [], [])
            except (OSError, ValueError):  # a socket cut meanwhile
                continue
            if not sockets:
                self._stop.wait(0.05)
            for sock in ready:
                if sock is listener:
                    self._accept(listener)
                else:
                    self._forward(sock)

    def _accept(self, listener: socket.socket) -> None:
        try:
            client, _ = listener.accept()
            upstream = socket.create_connection(self.target, timeout=5)
        except OSError:
            return
        with self._lock:
            if self._listener is listener:
                self._peers[client] = upstream
                self._peers[upstream] = client
                return
        client.close()  # cut while it was being connected
        upstream.close()

    def _forward(self, sock: socket.socket) -> None:
        with self._lock:
            peer = self._peers.get(sock)
        if peer is None:
            return
        try:
            data = sock.recv(65536)
            if data:
                peer.sendall(data)
                return
        except OSError:
            pass
        with self._lock:
            self._peers.pop(sock, None)
            self._peers.pop(peer, None)
        sock.close()
        peer.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self.cut()

    def __enter__(self) -> TcpProxy:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()
