"""The loopback and child-process servers, with a bare ASGI app (no FastAPI, no sandbox)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import pytest
import requests

from postalgui.serving import ASGIApp, ChildServer, LoopbackServer
from postalgui.serving.child import load_factory
from postalgui.serving.loopback import _Uvicorn

Message = MutableMapping[str, Any]
HELLO = "tests.e2e.test_serving:hello_app"
SLOW = "tests.e2e.test_serving:slow_app"


def hello_app() -> ASGIApp:
    """An ASGI app that answers every request with its path, as JSON."""

    async def app(
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[Message]],
        send: Callable[[Message], Awaitable[None]],
    ) -> None:
        del receive
        body = json.dumps({"path": scope["path"]}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "http.response.body", "body": body})

    return app


def slow_app() -> ASGIApp:
    """A start that outlasts the test (the sandbox's imports on a loaded machine, stretched)."""
    time.sleep(120)
    return hello_app()


def broken_app() -> ASGIApp:
    raise ValueError("no app today")


def test_loopback_server_serves_the_factorys_app() -> None:
    with LoopbackServer(hello_app, name="test-serving") as server:
        assert server.url.startswith("http://127.0.0.1:")
        assert requests.get(f"{server.url}/hi", timeout=5).json() == {"path": "/hi"}
    assert not server.running


def test_loopback_url_before_start_names_the_label() -> None:
    with pytest.raises(RuntimeError, match="the thing is not started"):
        _ = LoopbackServer(hello_app, label="thing").url


def test_child_server_serves_an_importable_factory_and_stops() -> None:
    child = ChildServer(HELLO, name="test-serving")
    child.start()
    try:
        assert child.wait_ready(20)
        assert requests.get(f"{child.url}/x", timeout=5).json() == {"path": "/x"}
    finally:
        child.stop()
    assert not child.running


def test_child_server_whose_factory_fails_is_reported_not_hung() -> None:
    child = ChildServer("tests.e2e.test_serving:broken_app", name="test-serving")
    child.start()
    try:
        assert child.wait_ready(20) is False
    finally:
        child.stop()


@pytest.mark.parametrize("spec", ["tests.e2e.test_serving", ":hello_app", "tests.e2e.test_serving:HELLO"])
def test_factory_spec_must_name_a_callable(spec: str) -> None:
    with pytest.raises(ValueError, match=r"module:function|not a callable"):
        load_factory(spec)


def _modules_after(statement: str) -> set[str]:
    code = f"import sys\n{statement}\nprint(' '.join(sys.modules))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(run.stdout.split())


def test_serving_is_a_leaf_stdlib_and_uvicorn_only() -> None:
    loaded = _modules_after("import postalgui.serving.child, postalgui.serving.loopback")
    assert {m for m in loaded if m.startswith("postalgui")} == {
        "postalgui",
        "postalgui.serving",
        "postalgui.serving.child",
        "postalgui.serving.loopback",
    }
    assert "uvicorn" in loaded
    assert not {m.split(".")[0] for m in loaded} & {"fastapi", "starlette", "PySide6", "requests", "pydantic"}


def test_the_parent_side_does_not_load_uvicorn() -> None:
    assert "uvicorn" not in _modules_after("from postalgui.serving import ChildServer")


def test_the_loopback_server_sleeps_between_requests_and_stops_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """uvicorn ticked ten times a second while idle (issue 40); ours ticks once a `TICK_S`
    (an hour here) and `stop` wakes it without waiting for the next tick."""
    monkeypatch.setattr(_Uvicorn, "TICK_S", 3600.0)
    ticks: list[int] = []
    tick = _Uvicorn.on_tick

    async def counted(running: _Uvicorn, counter: int) -> bool:
        if running.config.app is server.app:  # not another test's server, alive in this process
            ticks.append(counter)
        return await tick(running, counter)

    monkeypatch.setattr(_Uvicorn, "on_tick", counted)
    server = LoopbackServer(hello_app, name="test-serving")
    server.start()
    try:
        assert server.wait_ready()
        assert requests.get(f"{server.url}/hi", timeout=5).json() == {"path": "/hi"}
        assert ticks == [0]  # the first tick only: the next is an hour away
    finally:
        server.stop(timeout=30)
    assert not server.running
    assert len(ticks) == 2  # `stop` woke it for a last tick, which ended it
