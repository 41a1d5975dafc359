"""Contract fixtures: the session's real sandbox over loopback HTTP and a way to read its
raw answers (JSON as sent, before any reader), beside the operator's fixtures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import requests

from postalgui.api.client import OperatorClient
from postalgui.api.tokens import TokenScope
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
