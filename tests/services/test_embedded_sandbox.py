"""The embedded sandbox's start and stop, with a bare child app instead of the sandbox."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from postalgui.services import embedded_sandbox
from postalgui.services.context import build_context
from postalgui.services.embedded_sandbox import EmbeddedSandbox
from postalgui.services.session import SandboxStartError
from tests.child_servers import HELLO, SLOW, LaunchedChild


def _sandbox_of(monkeypatch: pytest.MonkeyPatch, factory: str) -> tuple[EmbeddedSandbox, threading.Event]:
    """A sandbox whose child serves ``factory``; the event is set once the child is launched."""
    monkeypatch.setattr(embedded_sandbox, "START_TIMEOUT_S", 110.0)  # longer than the guards below
    sandbox = EmbeddedSandbox(dict)
    start = LaunchedChild(factory, "embedded sandbox")
    monkeypatch.setattr(sandbox, "_start", start)
    return sandbox, start.launched


def _waiting(wait: Callable[[], object], name: str) -> tuple[threading.Thread, list[SandboxStartError]]:
    """A task's thread blocked in ``wait`` for the sandbox; the errors it got."""
    errors: list[SandboxStartError] = []

    def task() -> None:
        try:
            wait()
        except SandboxStartError as exc:
            errors.append(exc)

    waiter = threading.Thread(target=task, name=name)
    waiter.start()
    return waiter, errors


def test_quitting_stops_a_sandbox_still_starting_and_frees_the_tasks_waiting_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sandbox, launched = _sandbox_of(monkeypatch, SLOW)  # its start takes 120 s
    waiter, errors = _waiting(sandbox.url, "test-sandbox-waiter")
    assert launched.wait(60)
    sandbox.stop_if_starting()
    waiter.join(60)  # a guard against a hang: without the stop it waits out the whole start
    assert not waiter.is_alive()
    assert len(errors) == 1
    with pytest.raises(SandboxStartError, match="closing"):
        sandbox.url()  # and nothing starts again while the app quits


def test_a_serving_sandbox_is_left_to_the_tasks_until_the_app_closes(monkeypatch: pytest.MonkeyPatch) -> None:
    sandbox, _ = _sandbox_of(monkeypatch, HELLO)
    url = sandbox.url()
    sandbox.stop_if_starting()
    assert sandbox.url() == url
    sandbox.close()
    assert not sandbox.started
    with pytest.raises(SandboxStartError):
        sandbox.url()


def test_closing_the_context_is_not_held_up_by_a_task_waiting_for_the_sandbox(
    monkeypatch: pytest.MonkeyPatch, config_dir: Path
) -> None:
    context = build_context()
    sandbox, launched = _sandbox_of(monkeypatch, SLOW)
    monkeypatch.setattr(context, "_sandbox", sandbox)
    # backend() waits for the sandbox: it must not hold the context's lock meanwhile
    waiter, errors = _waiting(context.backend, "test-backend-waiter")
    assert launched.wait(60)
    closer = threading.Thread(target=context.close, name="test-context-closer")
    closer.start()
    closer.join(60)  # a guard against a hang: the lock was held for the sandbox's whole start
    waiter.join(60)
    assert not closer.is_alive()
    assert not waiter.is_alive()
    assert len(errors) == 1
