"""Contract fixtures: the session's real sandbox over loopback HTTP and a way to read its
raw answers (JSON as sent, before any reader), beside the operator's fixtures."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import requests
import responses

from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.tokens import DELEGATED_KEY, Scope, TokenManager, TokenScope
from postalgui.api.transport import RetryPolicy, Transport
from tests.conftest import MemoryKeyring
from tests.e2e.conftest import (  # noqa: F401  (fixtures shared with the end-to-end tests)
    client,
    sandbox,
    sandbox_server,
    store,
    waits,
)

Wire = Callable[..., Any]


@pytest.fixture
def wire(client: OperatorClient) -> Wire:  # noqa: F811  (the shared fixture, by name)
    """``wire(method, path, *, scope=None, **kwargs)``: the sandbox's decoded JSON answer
    to an authenticated call, as the operator's would arrive (status 2xx, else it fails)."""

    def call(method: str, path: str, *, scope: TokenScope | None = None, **kwargs: Any) -> Any:
        def read(response: requests.Response) -> Any:
            assert response.status_code < 300, response.text
            return response.json()

        return client.call_read(method, path, read, scope=scope, **kwargs)

    return call


BASE = "https://api.example.test"
"""Where the `operator` fixture's client sends its calls (answered by `responses`)."""


@pytest.fixture
def mocked() -> Iterator[responses.RequestsMock]:
    """An operator whose answers a test writes: the fixture's bytes, served over `requests`."""
    with responses.RequestsMock(assert_all_requests_are_fired=True) as mock:
        yield mock


@pytest.fixture
def operator(mocked: responses.RequestsMock) -> Iterator[OperatorClient]:
    """The real `OperatorClient` (transport, readers) on `BASE`, with a delegated key so no
    token call is made: what the app runs, fed the operator's own bytes."""
    transport = Transport(BASE, retry=RetryPolicy(max_attempts=1, backoff_base=0), sleep=lambda _s: None)
    credentials = CredentialStore(MemoryKeyring())
    credentials.set("test", DELEGATED_KEY, "delegated-key")
    tokens = TokenManager(transport, credentials, "test", use_delegated=True)
    mocked_client = OperatorClient(transport, tokens, TokenScope(Scope.LOGIN))
    yield mocked_client
    mocked_client.close()


def serve(mocked: responses.RequestsMock, method: str, path: str, body: bytes, status: int = 200) -> None:
    """Answer ``method path`` (any query) with ``body`` as the operator sends it."""
    url = re.compile(re.escape(BASE + path) + r"(\?.*)?$")
    mocked.add(method, url, body=body, status=status, content_type="application/json")


NO_TRACE = frozenset({"stackTrace"})
"""Spec 000 §7 types ``stackTrace`` a string; the sandbox writes null, never a trace (a drift
kept on purpose: the error tests of every service assert that null)."""


def without_trace(body: dict[str, Any]) -> dict[str, Any]:
    """An error body without a null ``stackTrace``, to compare with `NO_TRACE` optional."""
    return {key: value for key, value in body.items() if not (key in NO_TRACE and value is None)}
