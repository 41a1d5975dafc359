"""Child servers for the tests of what starts one (the embedded sandbox, the partner
server): a bare app instead of theirs, and one whose start outlasts any test."""

from __future__ import annotations

import threading

from postalgui.serving import ChildServer

HELLO = "tests.e2e.test_serving:hello_app"
SLOW = "tests.e2e.test_serving:slow_app"  # its start takes 120 s


class LaunchedChild:
    """A service's own start, replaced: launches a `ChildServer` of ``factory`` when
    called and sets `launched` once it is launched (still starting, for `SLOW`)."""

    def __init__(self, factory: str, label: str) -> None:
        self.factory = factory
        self.label = label
        self.launched = threading.Event()

    def __call__(self) -> ChildServer:
        server = ChildServer(self.factory, name=f"test-{self.label.replace(' ', '-')}", label=self.label)
        server.start()
        self.launched.set()
        return server
