"""`OperatorClient`: authenticated calls to the operator, shared by every service module.

Service modules (``price``, ``invoices``, ...) take an `OperatorClient` and add
verb-named methods that return pydantic models.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import requests

from postalgui.api.tokens import TokenManager, TokenScope
from postalgui.api.transport import Transport

_T = TypeVar("_T")


class OperatorClient:
    """A transport plus the token manager, with the scope calls use by default."""

    def __init__(self, transport: Transport, tokens: TokenManager, default_scope: TokenScope) -> None:
        self.transport = transport
        self.tokens = tokens
        self.default_scope = default_scope

    def call(
        self, method: str, path: str, *, scope: TokenScope | None = None, **kwargs: Any
    ) -> requests.Response:
        """Send an authenticated request; re-authenticates once on an invalid token."""
        auth = self.tokens.auth(scope or self.default_scope)
        return self.transport.request(method, path, auth=auth, **kwargs)

    def call_json(self, method: str, path: str, *, scope: TokenScope | None = None, **kwargs: Any) -> Any:
        """The decoded JSON of an authenticated call; an unreadable body of an idempotent call is retried."""
        auth = self.tokens.auth(scope or self.default_scope)
        return self.transport.request_json(method, path, auth=auth, **kwargs)

    def call_read(
        self,
        method: str,
        path: str,
        read: Callable[[requests.Response], _T],
        *,
        scope: TokenScope | None = None,
        **kwargs: Any,
    ) -> _T:
        """An authenticated call whose answer ``read`` turns into the result (`Transport.request_read`)."""
        auth = self.tokens.auth(scope or self.default_scope)
        return self.transport.request_read(method, path, read, auth=auth, **kwargs)

    def close(self) -> None:
        self.transport.close()
