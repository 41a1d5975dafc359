"""The counter's calls to the partner: form delivery (model 1) and confirmation callbacks.

Spec 002 section 5: the registration system authenticates to the partner with Basic
or with an OAuth 2.0 client-credentials token it fetches from the partner's
authorization server and keeps until ``expires_in``; on a 401 it fetches a new token
once. Everything travels over TLS 1.2 or better; a partner may pin our trust in its
certificate (``ca_pem``) and demand our client certificate.

A call never raises: whatever goes wrong (refused connection, TLS, timeout, a token
the partner will not give) comes back in `CallResult.error`, because the counter panel
shows it and the sandbox must not answer 500 for a partner's failure.
"""

from __future__ import annotations

import base64
import ssl
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import httpx
from pydantic import BaseModel, ConfigDict, field_validator

from postalgui.sandbox.demo_account import (
    PARTNER_CLIENT_ID,
    PARTNER_CLIENT_SECRET,
    PARTNER_PASSWORD,
    PARTNER_USER,
)

TIMEOUT_S = 10.0
DEFAULT_TOKEN_LIFETIME_S = 300
"""Used when a token answer omits ``expires_in`` (the spec requires it)."""
TOKEN_RENEW_MARGIN_S = 30
"""Fetch a new token this long before the cached one expires."""
_SECRETS = ("password", "client_secret", "client_key_pem")


class PartnerConfig(BaseModel):
    """Where and how the counter reaches the partner (``PUT /_sandbox/ster/partner``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    url: str = "https://127.0.0.1:8443"
    form_path: str = "/ster/formulario"
    confirm_path: str = "/ster/confirmarAtendimento"
    auth: Literal["basic", "oauth"] = "basic"
    user: str = PARTNER_USER
    password: str = PARTNER_PASSWORD
    client_id: str = PARTNER_CLIENT_ID
    client_secret: str = PARTNER_CLIENT_SECRET
    token_path: str = "/oauth/token"
    ca_pem: str | None = None
    client_cert_pem: str | None = None
    client_key_pem: str | None = None

    @field_validator("url")
    @classmethod
    def _http_url(cls, value: str) -> str:
        if not value.startswith(("http://", "https://")):
            raise ValueError("url must start with http:// or https://")
        return value.rstrip("/")

    def public(self) -> dict[str, Any]:
        """The configuration without its secrets (only whether each is set)."""
        shown = self.model_dump(exclude=set(_SECRETS))
        return shown | {f"{name}_set": bool(getattr(self, name)) for name in _SECRETS}


@dataclass(frozen=True)
class CallResult:
    """What one outbound call got: the partner's status and JSON object, or why not."""

    status: int | None
    answer: dict[str, Any] | None
    error: str | None


class _TokenError(Exception):
    """The partner's authorization server gave no usable token."""


def tls_context(config: PartnerConfig) -> ssl.SSLContext:
    """TLS 1.2+ trusting `ca_pem` (else the system's roots), with our client certificate.

    Raises ssl.SSLError or ValueError for PEM text that does not load.
    """
    context = (
        ssl.create_default_context(cadata=config.ca_pem) if config.ca_pem else ssl.create_default_context()
    )
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    if config.client_cert_pem:
        with tempfile.TemporaryDirectory(prefix="postalgui-ster-") as folder:
            cert = Path(folder, "client.pem")
            cert.write_text(config.client_cert_pem, encoding="ascii")
            key = None
            if config.client_key_pem:
                key = Path(folder, "client.key")
                key.write_text(config.client_key_pem, encoding="ascii")
            context.load_cert_chain(cert, key)
    return context


def _describe(exc: Exception) -> str:
    text = str(exc) or type(exc).__name__
    return f"{type(exc).__name__}: {text}"


def _json_object(response: httpx.Response) -> dict[str, Any] | None:
    try:
        value = response.json()
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


class PartnerLink:
    """One partner configuration, its TLS context and its cached OAuth token."""

    def __init__(self, config: PartnerConfig, clock: Callable[[], float] = time.time) -> None:
        self.config = config
        self._tls = tls_context(config)
        self._clock = clock
        self._lock = threading.Lock()
        self._token: str | None = None
        self._token_expires = 0.0

    def post(self, path: str, body: dict[str, Any]) -> CallResult:
        """POST `body` as JSON to the partner's `path` with the configured authentication."""
        try:
            with httpx.Client(timeout=TIMEOUT_S, verify=self._tls, trust_env=False) as client:
                return self._post(client, self.config.url + path, body)
        except _TokenError as exc:
            return CallResult(None, None, f"token request failed: {exc}")
        except (httpx.HTTPError, ssl.SSLError, OSError) as exc:
            return CallResult(None, None, _describe(exc))

    def _post(self, client: httpx.Client, url: str, body: dict[str, Any]) -> CallResult:
        response = client.post(url, json=body, headers=self._auth(client, renew=False))
        if response.status_code == 401 and self.config.auth == "oauth":
            response = client.post(url, json=body, headers=self._auth(client, renew=True))
        answer = _json_object(response)
        error = None if answer is not None else "the partner's answer is not a JSON object"
        return CallResult(response.status_code, answer, error)

    def _auth(self, client: httpx.Client, *, renew: bool) -> dict[str, str]:
        config = self.config
        if config.auth == "basic":
            pair = f"{config.user}:{config.password}".encode()
            return {"Authorization": f"Basic {base64.b64encode(pair).decode('ascii')}"}
        return {"Authorization": f"Bearer {self._bearer(client, renew=renew)}"}

    def _bearer(self, client: httpx.Client, *, renew: bool) -> str:
        """The cached token, or a new one (one fetch at a time)."""
        with self._lock:
            now = self._clock()
            if not renew and self._token is not None and now < self._token_expires - TOKEN_RENEW_MARGIN_S:
                return self._token
            token, lifetime = self._fetch_token(client)
            self._token, self._token_expires = token, now + lifetime
            return token

    def _fetch_token(self, client: httpx.Client) -> tuple[str, float]:
        config = self.config
        response = client.post(
            config.url + config.token_path,
            data={"grant_type": "client_credentials"},
            auth=(config.client_id, config.client_secret),
        )
        answer = _json_object(response)
        if response.status_code != 200 or answer is None:
            raise _TokenError(f"HTTP {response.status_code}")
        token = answer.get("access_token")
        if not isinstance(token, str) or not token:
            raise _TokenError("no access_token in the answer")
        try:
            lifetime = float(answer.get("expires_in", DEFAULT_TOKEN_LIFETIME_S))
        except (TypeError, ValueError):
            lifetime = DEFAULT_TOKEN_LIFETIME_S
        return token, lifetime
