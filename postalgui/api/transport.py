"""HTTP transport: one `requests.Session`, timeouts, bounded retries, error mapping.

Retry rule: idempotent calls (GET, and POSTs the caller marks idempotent such as
price queries and token requests) are retried on connection errors and on 429, 502,
503 and 504, with exponential backoff and full jitter, honouring ``Retry-After``. The
total time spent waiting between attempts is bounded by `RetryPolicy.max_total_wait`
(30 s by default): when the next wait would pass it the transport gives up at once
with `RetriesExhaustedError`, naming the last failure.
"""

from __future__ import annotations

import email.utils
import json
import logging
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import requests
from requests.auth import AuthBase

from postalgui.api import cancel
from postalgui.api.errors import (
    ApiError,
    ApiTimeoutError,
    InvalidResponseError,
    RateLimitError,
    RetriesExhaustedError,
    TransportError,
    is_auth_failure,
    operator_error_class,
)
from postalgui.api.masking import mask_headers, scrub

log = logging.getLogger(__name__)

USER_AGENT = "PostalGUI/0.1 (+python-requests)"
_IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE"})


@dataclass(frozen=True)
class RetryPolicy:
    """How hard the transport tries before it reports a transient failure."""

    max_attempts: int = 5
    backoff_base: float = 0.5
    backoff_max: float = 8.0
    max_total_wait: float = 30.0
    retry_statuses: frozenset[int] = field(default_factory=lambda: frozenset({429, 502, 503, 504}))

    def backoff(self, attempt: int, rng: random.Random) -> float:
        """Full-jitter exponential backoff for the wait after ``attempt`` (1-based)."""
        ceiling = min(self.backoff_max, self.backoff_base * (2 ** (attempt - 1)))
        return rng.uniform(0.0, ceiling)


NO_RETRY = RetryPolicy(max_attempts=1)


@runtime_checkable
class RenewableAuth(Protocol):
    """An auth that can fetch a fresh credential once the operator rejects the current one."""

    def renew(self) -> bool:
        """Drop the rejected credential and get a new one; False when it cannot."""
        ...


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or HTTP date)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def error_from_response(response: requests.Response) -> ApiError:
    """Map an error answer to a typed error carrying the operator's own texts."""
    status = response.status_code
    path = response.request.path_url if response.request is not None else None
    try:
        body = response.json()
    except ValueError:
        body = None
    messages: list[str] = []
    cause: str | None = None
    if isinstance(body, dict):
        msgs = body.get("msgs")
        if isinstance(msgs, list):
            messages = [str(m) for m in msgs if m]
        elif isinstance(msgs, str):
            messages = [msgs]
        for key in ("msg", "mensagem", "message"):
            if not messages and isinstance(body.get(key), str) and body[key]:
                messages = [body[key]]
        cause_value = body.get("causa") or body.get("excecao")
        cause = str(cause_value) if cause_value else None
        if not messages and cause:
            messages = [cause]
    elif isinstance(body, list) and body and all(isinstance(m, str) for m in body):
        messages = list(body)
    if body is None and status not in (401, 403, 404, 429) and status < 500:
        return InvalidResponseError(
            f"Invalid response from the operator (HTTP {status}): the body is not JSON", status=status
        )
    if not messages:
        messages = [f"HTTP {status} {response.reason or ''}".strip()]
    error = operator_error_class(status)([scrub(m) for m in messages], status=status, cause=cause, path=path)
    if isinstance(error, RateLimitError):
        error.retry_after = parse_retry_after(response.headers.get("Retry-After"))
    return error


class Transport:
    """Sends requests to one API base and returns successful responses.

    Owns the session; thread-safe for concurrent calls (requests sessions are, for
    the way we use them: no per-call mutation of session state).
    """

    def __init__(
        self,
        base_url: str,
        *,
        session: requests.Session | None = None,
        timeout: tuple[float, float] = (5.0, 30.0),
        retry: RetryPolicy | None = None,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.retry = retry or RetryPolicy()
        self._rng = rng or random.Random()
        self._clock = clock
        self._sleep = sleep
        self._session = session or self._new_session(self.base_url)
        self._session.headers.update(
            {"Accept-Language": "pt-BR", "Accept": "application/json", "User-Agent": USER_AGENT}
        )
        adapter = requests.adapters.HTTPAdapter(pool_connections=4, pool_maxsize=16, max_retries=0)
        self._session.mount("http://", adapter)
        self._session.mount("https://", adapter)

    @staticmethod
    def _new_session(base_url: str) -> requests.Session:
        """A session that reads proxy and CA settings from the environment once, not per call.

        ``requests`` rescans every environment variable for proxies on each request
        (about 0.7 ms, a third of a price chunk's client time); one base URL needs it once.
        """
        session = requests.Session()
        found = session.merge_environment_settings(base_url, {}, None, None, None)
        session.proxies.update(found["proxies"])
        session.verify = found["verify"]
        session.trust_env = False
        return session

    def close(self) -> None:
        self._session.close()

    def request(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, Any] | list[tuple[str, Any]] | None = None,
        json_body: Any = None,
        headers: Mapping[str, str] | None = None,
        auth: AuthBase | None = None,
        idempotent: bool | None = None,
        stream: bool = False,
    ) -> requests.Response:
        """Send one logical request; retries and re-authentication happen here.

        Raises an `ApiError` subclass for every failure; never a `requests` error.
        """
        method = method.upper()
        if idempotent is None:
            idempotent = method in _IDEMPOTENT_METHODS
        policy = self.retry if idempotent else NO_RETRY
        token = cancel.current()
        waited = 0.0
        renewed = False
        attempt = 0
        while True:
            token.raise_if_cancelled()
            attempt += 1
            try:
                response = self._send(method, path, params, json_body, headers, auth, stream)
            except TransportError as exc:
                error: ApiError = exc
                retry_after: float | None = None
            else:
                if response.status_code < 400:
                    return response
                error = error_from_response(response)
                response.close()
                retry_after = error.retry_after if isinstance(error, RateLimitError) else None
                if retry_after is None and response.status_code == 503:
                    retry_after = parse_retry_after(response.headers.get("Retry-After"))
                if is_auth_failure(error) and not renewed and isinstance(auth, RenewableAuth):
                    renewed = True
                    log.info("%s %s answered %s; renewing the token once", method, path, error.status)
                    if auth.renew():
                        attempt -= 1
                        continue
                    raise error
                if response.status_code not in policy.retry_statuses:
                    raise error
            if attempt >= policy.max_attempts:
                if policy.max_attempts == 1:
                    raise error
                raise RetriesExhaustedError(f"Gave up after {attempt} attempts: {error}", error) from error
            delay = policy.backoff(attempt, self._rng)
            if retry_after is not None:
                delay = max(delay, retry_after)
            if waited + delay > policy.max_total_wait:
                raise RetriesExhaustedError(
                    f"Gave up after {attempt} attempts and {waited:.1f} s of waiting "
                    f"(next wait {delay:.1f} s would pass the {policy.max_total_wait:.0f} s limit): {error}",
                    error,
                ) from error
            log.info("%s %s failed (%s); retry %d in %.2f s", method, path, error, attempt, delay)
            if self._sleep is None:
                token.wait(delay)  # wakes early, raising Cancelled, when the task is cancelled
            else:
                self._sleep(delay)
            waited += delay

    def request_json(self, method: str, path: str, **kwargs: Any) -> Any:
        """Like `request`, returning the decoded JSON body."""
        response = self.request(method, path, **kwargs)
        if response.status_code == 204 or not response.content:
            return None
        try:
            return response.json()
        except ValueError:
            raise InvalidResponseError(
                f"Invalid response from the operator (HTTP {response.status_code}): the body is not JSON",
                status=response.status_code,
            ) from None

    def _send(
        self,
        method: str,
        path: str,
        params: Mapping[str, Any] | list[tuple[str, Any]] | None,
        json_body: Any,
        headers: Mapping[str, str] | None,
        auth: AuthBase | None,
        stream: bool,
    ) -> requests.Response:
        url = self.base_url + path
        started = self._clock()
        try:
            response = self._session.request(
                method,
                url,
                params=params,
                json=json_body,
                headers=dict(headers or {}),
                auth=auth,
                timeout=self.timeout,
                stream=stream,
            )
        except requests.Timeout as exc:
            raise ApiTimeoutError(f"No answer from {self.base_url} in time ({type(exc).__name__})") from None
        except (requests.ConnectionError, requests.exceptions.ChunkedEncodingError) as exc:
            raise TransportError(f"Could not reach {self.base_url}: {scrub(_short(exc))}") from None
        except requests.RequestException as exc:
            raise TransportError(f"Request to {self.base_url} failed: {scrub(_short(exc))}") from None
        if log.isEnabledFor(logging.DEBUG):
            log.debug(
                "%s %s -> %s in %.0f ms; headers %s",
                method,
                scrub(url),
                response.status_code,
                (self._clock() - started) * 1000,
                json.dumps(mask_headers(dict(response.request.headers))),
            )
        return response


def _short(exc: BaseException) -> str:
    """The innermost reason of a requests/urllib3 error, without the URL noise."""
    text = str(exc)
    for marker in ("Caused by ", "Failed to establish a new connection: "):
        if marker in text:
            text = text.split(marker, 1)[1]
    return text.strip("()'\" ")[:200]


__all__ = [
    "NO_RETRY",
    "RenewableAuth",
    "RetryPolicy",
    "Transport",
    "error_from_response",
    "parse_retry_after",
]
