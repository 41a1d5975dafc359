"""HTTP transport: one `requests.Session`, timeouts, bounded retries, error mapping.

Retry rule: idempotent calls (GET, and POSTs the caller marks idempotent such as
price queries and token requests) are retried on connection errors, on 429, 500, 502,
503 and 504, and on an answer the operation cannot read (an HTML maintenance page
with 200, a JSON body cut short, a file whose content says it is incomplete), with
exponential backoff and full jitter, honouring ``Retry-After``. A POST that starts
work is sent once.

One operation has one deadline (`RetryPolicy.deadline`, 60 s by default) covering
its attempts, the waits between them and the token fetch it needs: each attempt's
timeouts are capped to the time left, and once no time is left (or the next wait
would pass it) the call fails naming the last failure. Before, five attempts with a
30 s read timeout each let a server that accepts and never answers hold a call for
two and a half minutes.

A command of many operations (``price batch``: 200 rows are 40 price chunks and 40
deadline chunks, 8 at a time) also needs one deadline of its own, or each round of
operations waits out its own: a server that accepted and never answered held 200 rows
for 301 s, five rounds of 60 s. Inside `Transport.shared_deadline` every operation, on
any thread, also ends once the server has said nothing for the policy's deadline: an
answer (any answer, a refusal too) moves that deadline on, so a long batch a server
keeps answering runs to its end, and a dead server ends the whole command in about one
deadline, each later operation failing at once with "no answer" instead of waiting.

Cancel: the current task's `CancelToken` ends an operation at once, during a wait
and during a blocked read alike. ``requests`` cannot read in short slices, so each
attempt registers a cancel callback that shuts the attempt's socket down: the read
returns at once and the attempt raises `Cancelled`. No helper thread is involved.
"""

from __future__ import annotations

import email.utils
import json
import logging
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

import requests
import urllib3
from requests.adapters import HTTPAdapter
from requests.auth import AuthBase
from requests.structures import CaseInsensitiveDict
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

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

if TYPE_CHECKING:  # the stubs' names for a pool key's two halves
    from requests.adapters import _HostParams, _PoolKwargs

log = logging.getLogger(__name__)

USER_AGENT = "PostalGUI/0.1 (+python-requests)"
_IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE"})
DEFAULT_DEADLINE_S = 60.0
"""How long one operation may take, attempts and waits together."""

_T = TypeVar("_T")


@dataclass(frozen=True)
class RetryPolicy:
    """How hard the transport tries before it reports a transient failure.

    ``deadline`` bounds one operation (attempts, waits and its token fetch) in seconds.
    """

    # Five attempts lost one call in 400 under three faults in ten; the deadline bounds the rest.
    max_attempts: int = 10
    backoff_base: float = 0.5
    backoff_max: float = 8.0
    deadline: float = DEFAULT_DEADLINE_S
    retry_statuses: frozenset[int] = field(default_factory=lambda: frozenset({429, 500, 502, 503, 504}))

    def backoff(self, attempt: int, rng: random.Random) -> float:
        """Full-jitter exponential backoff for the wait after ``attempt`` (1-based)."""
        ceiling = min(self.backoff_max, self.backoff_base * (2 ** (attempt - 1)))
        return rng.uniform(0.0, ceiling)


NO_RETRY = RetryPolicy(max_attempts=1)
DEFAULT_RETRY = RetryPolicy()
"""The policy of a transport built without one (read when it is built)."""


@runtime_checkable
class RenewableAuth(Protocol):
    """An auth that can fetch a fresh credential once the operator rejects the current one."""

    def renew(self) -> bool:
        """Drop the rejected credential and get a new one; False when it cannot."""
        ...


@runtime_checkable
class PreparedAuth(Protocol):
    """An auth that gets what it attaches (a token) before the send, not during it.

    The transport calls `prepare` before each attempt, so a token fetch counts against
    the operation's deadline before the attempt's timeouts are set, instead of running
    inside an attempt whose timeouts were already chosen.
    """

    def prepare(self) -> None: ...


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
    error.body = body
    if isinstance(error, RateLimitError):
        error.retry_after = parse_retry_after(response.headers.get("Retry-After"))
    return error


def json_body(response: requests.Response) -> Any:
    """The decoded JSON of an answer (``None`` for 204 or no body).

    Raises `InvalidResponseError` when the body is not JSON (an HTML maintenance page,
    a body cut short): for an idempotent call the transport retries that answer.
    """
    if response.status_code == 204 or not response.content:
        return None
    try:
        return response.json()
    except ValueError:
        raise InvalidResponseError(
            f"Invalid response from the operator (HTTP {response.status_code}): the body is not JSON",
            status=response.status_code,
        ) from None


def _keep_raw(error: InvalidResponseError, response: requests.Response, *, streamed: bool) -> None:
    """Keep the unreadable answer's text on ``error`` (a streamed body is not read again)."""
    if error.raw is None and not streamed:
        error.raw = response.text[: InvalidResponseError.RAW_LIMIT]


def _as_is(response: requests.Response) -> requests.Response:
    return response


# --------------------------------------------------------------------------- interrupting a read


class _Interrupt:
    """The sockets one attempt uses, shut down when its task is cancelled.

    Shutting a socket down (not closing it: a close does not wake a thread blocked in
    ``recv`` on Linux) makes the blocked read return at once; the attempt then sees
    `fired` and raises `Cancelled` instead of a connection error. Once `release`d (the
    attempt is over and its connection may serve another call from the pool) a late
    cancel touches nothing.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._connections: list[HTTPConnection] = []
        self._released = False
        self.fired = False

    def attach(self, connection: HTTPConnection) -> None:
        with self._lock:
            self._connections.append(connection)
            if self.fired and not self._released:
                _shut(connection)

    def fire(self) -> None:
        with self._lock:
            if self._released:
                return
            self.fired = True
            for connection in self._connections:
                _shut(connection)

    def release(self) -> None:
        with self._lock:
            self._released = True


def _shut(connection: HTTPConnection) -> None:
    sock = connection.sock
    if sock is None:
        return
    # The plain socket's shutdown, also for TLS: SSLSocket.shutdown would drop the SSL
    # object under the thread reading through it. OSError: already closed, nothing to do.
    with suppress(OSError):
        socket.socket.shutdown(sock, socket.SHUT_RDWR)


_ATTEMPT: ContextVar[_Interrupt | None] = ContextVar("postalgui_attempt", default=None)
_DEADLINE: ContextVar[float | None] = ContextVar("postalgui_deadline", default=None)


class _WatchedHTTPConnection(HTTPConnection):
    """Tells the running attempt which connection carries it (so cancel can shut it)."""

    def request(self, *args: Any, **kwargs: Any) -> None:
        interrupt = _ATTEMPT.get()
        if interrupt is not None:
            interrupt.attach(self)
        super().request(*args, **kwargs)


class _WatchedHTTPSConnection(HTTPSConnection):
    def request(self, *args: Any, **kwargs: Any) -> None:
        interrupt = _ATTEMPT.get()
        if interrupt is not None:
            interrupt.attach(self)
        super().request(*args, **kwargs)


class _WatchedHTTPPool(HTTPConnectionPool):
    ConnectionCls = _WatchedHTTPConnection


class _WatchedHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _WatchedHTTPSConnection


_WATCHED_POOLS: dict[str, type[HTTPConnectionPool]] = {"http": _WatchedHTTPPool, "https": _WatchedHTTPSPool}


class _Adapter(HTTPAdapter):
    """urllib3 pools whose connections report to the running attempt.

    The key of a request's pool (host, port, the CA bundle's kind) is worked out once per
    origin, CA setting and client certificate: ``requests`` parses the URL again and asks
    the file system whether the CA bundle (``REQUESTS_CA_BUNDLE``) is a folder on every
    request, for plain http too. The TLS settings themselves are the ones ``requests``
    chooses (`HTTPAdapter.build_connection_pool_key_attributes`), so https verifies as before.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pool_keys: dict[tuple[str, Any, Any], tuple[_HostParams, _PoolKwargs]] = {}

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = _WATCHED_POOLS

    def build_connection_pool_key_attributes(
        self, request: requests.PreparedRequest, verify: bool | str, cert: str | tuple[str, str] | None = None
    ) -> tuple[_HostParams, _PoolKwargs]:
        key = (_origin(request.url or ""), verify, cert)
        found = self._pool_keys.get(key)
        if found is None:
            found = super().build_connection_pool_key_attributes(request, verify, cert)
            self._pool_keys[key] = found
        host, pool = found
        return host.copy(), pool.copy()

    def proxy_manager_for(self, proxy: str, **proxy_kwargs: Any) -> Any:
        manager = super().proxy_manager_for(proxy, **proxy_kwargs)
        if manager.pool_classes_by_scheme is urllib3.poolmanager.pool_classes_by_scheme:  # not SOCKS
            manager.pool_classes_by_scheme = _WATCHED_POOLS
        return manager


def _origin(url: str) -> str:
    """``http://host:port`` of ``url``: what its pool depends on (with the TLS settings)."""
    start = url.find("//") + 2
    end = url.find("/", start)
    return url if end < 0 else url[:end]


# --------------------------------------------------------------------------- the transport


@dataclass
class _Failure:
    """Why one attempt did not give a result, and whether another may."""

    error: ApiError
    retryable: bool
    retry_after: float | None = None
    auth: bool = False


class _Budget:
    """The deadline of one operation; nested operations (its token fetch) share it.

    ``shared`` is the transport's `Transport.shared_deadline` when one is running (when
    it passes, how long a silence it allows): ``silent`` is that silence when it bounds
    this operation (its failure then says "no answer").
    """

    def __init__(
        self, clock: Callable[[], float], seconds: float, shared: tuple[float, float] | None = None
    ) -> None:
        self._clock = clock
        self.started = clock()
        self.seconds = seconds
        own = self.started + seconds
        outer = _DEADLINE.get()
        self.deadline = own if outer is None else min(own, outer)
        self.silent: float | None = None
        if shared is not None and shared[0] < self.deadline:
            self.deadline, self.silent = shared

    def left(self) -> float:
        return self.deadline - self._clock()

    def elapsed(self) -> float:
        return self._clock() - self.started


class _Silence:
    """The deadline operations share inside `Transport.shared_deadline`: ``seconds``
    after the server's last answer (or after the first block began); thread-safe."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._holders = 0
        self._seconds = 0.0
        self._last = 0.0

    def enter(self, seconds: float) -> None:
        with self._lock:
            if self._holders == 0:
                self._seconds = seconds
                self._last = self._clock()
            self._holders += 1

    def leave(self) -> None:
        with self._lock:
            self._holders -= 1

    def until(self) -> tuple[float, float] | None:
        """When the shared deadline passes, and the silence it allows; ``None`` outside every block."""
        with self._lock:
            return (self._last + self._seconds, self._seconds) if self._holders else None

    def answered(self) -> None:
        """The server said something: its silence starts again from now."""
        with self._lock:
            if self._holders:
                self._last = max(self._last, self._clock())


class Transport:
    """Sends requests to one API base and returns successful responses.

    Owns the session; thread-safe for concurrent calls (requests sessions are, for
    the way we use them: no per-call mutation of session state). ``clock`` and
    ``sleep`` are injectable for tests; a fake ``sleep`` should advance a fake
    ``clock``, since the deadline is read on the clock.
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
        self.retry = retry or DEFAULT_RETRY
        self._rng = rng or random.Random()
        self._clock = clock
        self._sleep = sleep
        self._session = session or self._new_session(self.base_url)
        self._silence = _Silence(clock)
        self._session.headers.update(
            {"Accept-Language": "pt-BR", "Accept": "application/json", "User-Agent": USER_AGENT}
        )
        adapter = _Adapter(pool_connections=4, pool_maxsize=16, max_retries=0)
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

    @contextmanager
    def shared_deadline(self, seconds: float | None = None) -> Iterator[None]:
        """Inside the block, every operation on this transport (from any thread) also
        ends once the server has not answered for ``seconds`` (the policy's deadline):
        one deadline for a command of many operations (the module's docstring says why).

        Blocks may nest and overlap (the first one's ``seconds`` holds until all end).
        """
        self._silence.enter(self.retry.deadline if seconds is None else seconds)
        try:
            yield
        finally:
            self._silence.leave()

    def request(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        """Send one logical request and return the successful response.

        Takes the keywords of `request_read`. Raises an `ApiError` subclass for every
        failure (never a `requests` error), `Cancelled` when the task is cancelled.
        """
        return self.request_read(method, path, _as_is, **kwargs)

    def request_json(self, method: str, path: str, **kwargs: Any) -> Any:
        """Like `request`, returning the decoded JSON body; an unreadable body is retried."""
        return self.request_read(method, path, json_body, **kwargs)

    def request_read(
        self,
        method: str,
        path: str,
        read: Callable[[requests.Response], _T],
        *,
        params: Mapping[str, Any] | list[tuple[str, Any]] | None = None,
        json_body: Any = None,
        headers: Mapping[str, str] | None = None,
        auth: AuthBase | None = None,
        idempotent: bool | None = None,
        stream: bool = False,
    ) -> _T:
        """Send one logical request and turn its successful answer into a result with ``read``.

        ``read`` raises `InvalidResponseError` (or `TransportError`) when the answer is
        not what the operation returns; an idempotent call retries that like any
        transient failure. Retries, re-authentication and the deadline happen here.
        A streamed response is closed once ``read`` returns.
        """
        method = method.upper()
        if idempotent is None:
            idempotent = method in _IDEMPOTENT_METHODS
        policy = self.retry if idempotent else NO_RETRY
        budget = _Budget(self._clock, self.retry.deadline, self._silence.until())
        outer = _DEADLINE.set(budget.deadline)
        try:
            send = _Send(method, path, params, json_body, headers, auth, stream)
            return self._attempts(send, read, policy, budget)
        finally:
            _DEADLINE.reset(outer)

    def _attempts(
        self, send: _Send, read: Callable[[requests.Response], _T], policy: RetryPolicy, budget: _Budget
    ) -> _T:
        token = cancel.current()
        renewed = False
        attempt = 0
        failure: _Failure | None = None
        while True:
            token.raise_if_cancelled()
            if budget.left() <= 0:
                raise self._gave_up(failure, attempt, budget, policy)
            attempt += 1
            if send.prepare is not None:
                send.prepare()  # a token fetch, inside this operation's deadline
            outcome = self._attempt(send, read, policy, budget, token)
            if not isinstance(outcome, _Failure):
                return outcome
            failure = outcome
            if failure.auth and not renewed and isinstance(send.auth, RenewableAuth):
                renewed = True
                log.info(
                    "%s %s answered %s; renewing the token once", send.method, send.path, failure.error.status
                )
                if send.auth.renew():
                    attempt -= 1
                    continue
                raise failure.error
            if not failure.retryable or policy.max_attempts == 1:
                raise failure.error
            if attempt >= policy.max_attempts:
                raise self._gave_up(failure, attempt, budget, policy)
            delay = policy.backoff(attempt, self._rng)
            if failure.retry_after is not None:
                delay = max(delay, failure.retry_after)
            left = budget.left()
            if delay >= left:
                raise self._gave_up(failure, attempt, budget, policy, next_wait=delay if left > 0 else None)
            log.info(
                "%s %s failed (%s); retry %d in %.2f s", send.method, send.path, failure.error, attempt, delay
            )
            if self._sleep is None:
                token.wait(delay)  # wakes early, raising Cancelled, when the task is cancelled
            else:
                self._sleep(delay)

    def _attempt(
        self,
        send: _Send,
        read: Callable[[requests.Response], _T],
        policy: RetryPolicy,
        budget: _Budget,
        token: cancel.CancelToken,
    ) -> _T | _Failure:
        """One send and its reading, interruptible by cancel; a failure is returned, not raised."""
        left = max(budget.left(), 0.001)
        timeout = (min(self.timeout[0], left), min(self.timeout[1], left))
        with self._interruptible(token):
            try:
                response = self._send(send, timeout)
            except TransportError as exc:
                return _Failure(exc, retryable=True)
            self._silence.answered()
            try:
                if response.status_code >= 400:
                    return self._refusal(response, policy)
                try:
                    return read(response)
                except InvalidResponseError as exc:
                    _keep_raw(exc, response, streamed=send.stream)
                    return _Failure(exc, retryable=True)
                except TransportError as exc:
                    return _Failure(exc, retryable=True)
                except requests.RequestException as exc:  # a streamed body that broke in `read`
                    return _Failure(TransportError(f"The answer broke off: {type(exc).__name__}"), True)
            finally:
                if send.stream and read is not _as_is:  # `request` hands the stream to its caller
                    response.close()

    @contextmanager
    def _interruptible(self, token: cancel.CancelToken) -> Iterator[None]:
        """Let a cancel shut the sockets this attempt uses; raise `Cancelled` if it did."""
        interrupt = _Interrupt()
        reset = _ATTEMPT.set(interrupt)
        withdraw = token.on_cancel(interrupt.fire)
        try:
            yield
        except Exception:
            if interrupt.fired:
                raise cancel.Cancelled from None
            raise
        finally:
            withdraw()
            interrupt.release()
            _ATTEMPT.reset(reset)
        if interrupt.fired:
            raise cancel.Cancelled

    @staticmethod
    def _refusal(response: requests.Response, policy: RetryPolicy) -> _Failure:
        """The failure an error status stands for."""
        error = error_from_response(response)
        response.close()
        retry_after = error.retry_after if isinstance(error, RateLimitError) else None
        if retry_after is None and response.status_code == 503:
            retry_after = parse_retry_after(response.headers.get("Retry-After"))
        retryable = response.status_code in policy.retry_statuses
        return _Failure(error, retryable, retry_after, auth=is_auth_failure(error))

    def _gave_up(
        self,
        failure: _Failure | None,
        attempts: int,
        budget: _Budget,
        policy: RetryPolicy,
        next_wait: float | None = None,
    ) -> ApiError:
        """The error that ends an operation: the last failure, named, with what was tried."""
        if failure is None and budget.silent is not None:
            return ApiTimeoutError(
                f"No answer from {self.base_url} in the last {budget.silent:.0f} s; this request was not sent"
            )
        if failure is None:
            return ApiTimeoutError(
                f"No time left for a request to {self.base_url}: the operation's deadline passed"
            )
        error = failure.error
        if policy.max_attempts == 1:
            return error
        tries = f"{attempts} attempt{'s' if attempts != 1 else ''}"
        if next_wait is not None:
            text = (
                f"Gave up after {budget.elapsed():.0f} s and {tries} (waiting {next_wait:.0f} s more "
                f"would pass the {budget.seconds:.0f} s limit): {error}"
            )
        elif attempts >= policy.max_attempts:
            text = f"Gave up after {tries}: {error}"
        else:
            text = f"Gave up after {budget.elapsed():.0f} s and {tries}: {error}"
        if isinstance(error, InvalidResponseError):
            # An unreadable answer or an incomplete file keeps its kind: what callers catch.
            gave_up = type(error)(text, status=error.status)
            gave_up.raw = error.raw
            return gave_up
        return RetriesExhaustedError(text, error)

    def _prepared(self, send: _Send, url: str) -> requests.PreparedRequest:
        """The request `Session.request` would prepare, without its merging of the call's
        settings with the session's: that runs ``requests``' runtime protocol checks some
        twenty times a call (``typing`` walks each protocol's members). Preparing a
        tracking call and finding its pool took 0.2 ms of CPU, now 0.1, paid under one
        interpreter lock by eight workers. The session is ours (`_new_session`): the
        environment was read once, and it has no parameters or auth of its own; its
        headers, cookies and hooks are merged here as ``requests`` merges them (a call's
        header set to ``None`` is dropped).
        """
        session = self._session
        headers = session.headers
        if send.headers:
            headers = CaseInsensitiveDict(session.headers)
            headers.update(send.headers)
            for name in [name for name, value in headers.items() if value is None]:
                del headers[name]
        prepared = requests.PreparedRequest()
        prepared.prepare(
            method=send.method,
            url=url,
            headers=headers,
            data={},
            params=send.params or "",  # "" skips requests' encoding of no parameters
            json=send.json_body,
            auth=send.auth,
            cookies=session.cookies.copy() if session.cookies else None,
            hooks=session.hooks,
        )
        return prepared

    def _send(self, send: _Send, timeout: tuple[float, float]) -> requests.Response:
        url = self.base_url + send.path
        started = self._clock()
        try:
            session = self._session
            response = session.send(
                self._prepared(send, url),
                timeout=timeout,
                allow_redirects=True,
                stream=send.stream,
                verify=session.verify,
                cert=session.cert,
                proxies=dict(session.proxies),
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
                send.method,
                scrub(url),
                response.status_code,
                (self._clock() - started) * 1000,
                json.dumps(mask_headers(dict(response.request.headers))),
            )
        return response


@dataclass(frozen=True)
class _Send:
    """What one logical request sends, the same for each of its attempts."""

    method: str
    path: str
    params: Mapping[str, Any] | list[tuple[str, Any]] | None
    json_body: Any
    headers: Mapping[str, str] | None
    auth: AuthBase | None
    stream: bool

    @property
    def prepare(self) -> Callable[[], None] | None:
        """The auth's `PreparedAuth.prepare`, if it has one: found by name, as
        ``isinstance(auth, PreparedAuth)`` does, without the runtime protocol check
        (it walks the protocol's members through ``typing`` on every call)."""
        prepare: Callable[[], None] | None = getattr(self.auth, "prepare", None)
        return prepare


def _short(exc: BaseException) -> str:
    """The innermost reason of a requests/urllib3 error, without the URL noise."""
    text = str(exc)
    for marker in ("Caused by ", "Failed to establish a new connection: "):
        if marker in text:
            text = text.split(marker, 1)[1]
    return text.strip("()'\" ")[:200]


__all__ = [
    "DEFAULT_DEADLINE_S",
    "NO_RETRY",
    "PreparedAuth",
    "RenewableAuth",
    "RetryPolicy",
    "Transport",
    "error_from_response",
    "json_body",
    "parse_retry_after",
]
