"""A stub of the operator on loopback that answers a path with exact bytes (the manual's
examples, verbatim) and counts what it was sent: for tests of what a client does with
the operator's own answers, where the sandbox would be a second opinion.

One `ThreadingHTTPServer` in one thread; `close` stops it and joins every request
thread, so the leak check finds none.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

__all__ = ["Answer", "ManualStub", "manual_stub"]

Answer = Callable[[bytes], tuple[int, bytes]]
"""The request body to (status, answer bytes)."""


class ManualStub:
    """``answer(method, path, bytes_or_function)``; ``seen[(method, path)]`` counts calls
    and ``bodies`` keeps what was sent. Unknown paths are 404."""

    def __init__(self) -> None:
        self.routes: dict[tuple[str, str], Answer] = {}
        self.seen: Counter[tuple[str, str]] = Counter()
        self.bodies: list[bytes] = []
        self._lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def _serve(self) -> None:
                path = urlsplit(self.path).path
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                with stub._lock:
                    stub.seen[(self.command, path)] += 1
                    stub.bodies.append(body)
                route = stub.routes.get((self.command, path))
                status, answer = route(body) if route else (404, b'{"msgs": ["not stubbed"]}')
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            do_GET = do_POST = _serve

            def log_message(self, format: str, *args: object) -> None:
                del format, args

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = False
        self.server.block_on_close = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, name="manual-stub", daemon=True)
        self._thread.start()

    def answer(self, method: str, path: str, answer: bytes | Answer, status: int = 200) -> None:
        self.routes[(method, path)] = answer if callable(answer) else (lambda _: (status, answer))

    def count(self, method: str, path: str) -> int:
        with self._lock:
            return self.seen[(method, path)]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self._thread.join()


@contextmanager
def manual_stub() -> Iterator[ManualStub]:
    stub = ManualStub()
    try:
        yield stub
    finally:
        stub.close()
