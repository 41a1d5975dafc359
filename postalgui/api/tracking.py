"""The tracking service (SRO, API 87; not in the spec: REFERENCE.md, Tracking).

``GET /srorastro/v1/objetos`` takes the codes as a repeated ``codigosObjetos`` key, 1 to
50 a call (the operator's api-docs, v3.5.38): codes go in calls of at most `MAX_CODES`
(fewer by a setting), several calls in flight at once as price batches are, each retried
as every GET. A code is checked before anything is sent: one bad code names itself and the rule,
and nothing is sent. The operator's per-object ``mensagem`` (``SRO-019`` invalid,
``SRO-020`` not found) is that object's answer, never a failed call.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager
from enum import StrEnum
from typing import Generic, Protocol, TypeVar

import requests
from pydantic import BaseModel, ValidationError

from postalgui.api.cancel import CancelToken, cancel_scope
from postalgui.api.cancel import current as current_cancel_token
from postalgui.api.client import OperatorClient
from postalgui.api.errors import InvalidResponseError, PermissionDeniedError
from postalgui.api.models.tracking import Glance, GlanceAnswer, TrackedObject, TrackingAnswer
from postalgui.api.tokens import TokenScope
from postalgui.api.values.object_codes import parse_object_code

__all__ = [
    "CHUNK",
    "MAX_CODES",
    "TRACKING_API",
    "Detail",
    "TrackingCalls",
    "TrackingClient",
    "TrackingNotEnabledError",
]

TRACKING_API = 87
"""The tracking API's id in a token's ``api`` list."""
MAX_CODES = 50
"""The most codes one call may carry: the operator's api-docs say 1 to 50 (REFERENCE.md)."""
CHUNK = MAX_CODES
"""Codes per call unless told otherwise."""
PATH = "/srorastro/v1/objetos"


class _Named(Protocol):
    @property
    def codObjeto(self) -> str | None: ...  # the operator's field name


_T = TypeVar("_T", bound=_Named)
_A = TypeVar("_A", bound=BaseModel)


class Detail(StrEnum):
    """``resultado``: every event, the last one, or the first."""

    ALL = "T"
    LAST = "U"
    FIRST = "P"


class TrackingNotEnabledError(PermissionDeniedError):
    """403: the posting card's token does not include the tracking API (87)."""

    def __str__(self) -> str:
        return (
            f"{super().__str__()}. The posting card does not include the tracking API "
            f"({TRACKING_API} Rastro): ask the operator to enable it for the card."
        )


class TrackingClient:
    """Tracking calls with the card's token (the scope prices use).

    ``chunk`` is the most codes one call carries (1 to `MAX_CODES`); ``concurrency``
    bounds the calls in flight at once.
    """

    def __init__(
        self,
        client: OperatorClient,
        *,
        scope: TokenScope | None = None,
        chunk: int = CHUNK,
        concurrency: int = 8,
    ) -> None:
        if not 1 <= chunk <= MAX_CODES:
            raise ValueError(f"a tracking call carries 1 to {MAX_CODES} codes, not {chunk}")
        self.client = client
        self.scope = scope
        self.chunk = chunk
        self.concurrency = concurrency

    def track(
        self,
        codes: Sequence[str],
        *,
        detail: Detail = Detail.ALL,
        done: Callable[[Sequence[TrackedObject]], None] | None = None,
        keep: bool = True,
    ) -> list[TrackedObject]:
        """Every code's answer, in the order given (a code asked twice is sent once).

        ``done`` hears each call's objects as it returns (any worker thread), so a long
        refresh can save and show progress as it goes; with ``keep=False`` the answers go
        to ``done`` alone and the list is empty (10,000 timelines held until the end cost
        some 300 MB). Raises `InvalidValue` for a bad code before anything is sent.
        """
        wanted = list(dict.fromkeys(parse_object_code(code) for code in codes))
        current_cancel_token().raise_if_cancelled()
        found: dict[str, TrackedObject] = {}

        def heard(asked: list[str], objects: list[TrackedObject]) -> None:
            if keep:
                found.update(_by_code(asked, objects))
            if done is not None:
                done(objects)

        with self.calls(detail=detail, done=heard) as calls:
            calls.ask(wanted)
        return [found[code] for code in wanted] if keep else []

    def calls(
        self, *, detail: Detail = Detail.ALL, done: Callable[[list[str], list[TrackedObject]], None]
    ) -> AbstractContextManager[TrackingCalls[TrackedObject]]:
        """Calls started as codes are handed to the `TrackingCalls` given (a refresh hands
        them over as it reads its list); on leaving, the last codes are sent and every call
        has returned (``done(asked, objects)`` heard each, on its worker thread). The first
        failure (the caller's cancel too) stops the calls not started and is raised here."""
        return self._calls(detail, _objects, done)

    def glances(
        self, *, done: Callable[[list[str], list[Glance | TrackedObject]], None]
    ) -> AbstractContextManager[TrackingCalls[Glance | TrackedObject]]:
        """`calls` of every object's last event (``resultado=U``), read as far as a refresh
        compares them (`_glances`)."""
        return self._calls(Detail.LAST, _glances, done)

    @contextmanager
    def _calls(
        self,
        detail: Detail,
        read: Callable[[requests.Response], list[_T]],
        done: Callable[[list[str], list[_T]], None],
    ) -> Iterator[TrackingCalls[_T]]:
        caller = current_cancel_token()
        caller.raise_if_cancelled()
        with ThreadPoolExecutor(self.concurrency, thread_name_prefix="postalgui-tracking") as pool:
            calls = TrackingCalls(self, pool, caller, (detail, read), done)
            try:
                yield calls
                calls.finish()
            except BaseException:
                calls.stop()
                raise

    def _call(
        self, codes: list[str], detail: Detail, read: Callable[[requests.Response], list[_T]]
    ) -> list[_T]:
        # Checked codes and the detail are letters and digits: the query needs no quoting
        # (requests quoting 50 codes a call was a tenth of a refresh's CPU).
        query = "".join(f"codigosObjetos={code}&" for code in codes) + f"resultado={detail.value}"
        try:
            return self.client.call_read("GET", f"{PATH}?{query}", read, scope=self.scope)
        except PermissionDeniedError as exc:
            # Whatever words the gateway uses, a 403 here means the card lacks API 87.
            raise TrackingNotEnabledError(
                exc.messages, status=exc.status or 403, cause=exc.cause, path=exc.path
            ) from exc


class TrackingCalls(Generic[_T]):
    """The calls of one `TrackingClient.calls`: codes handed in with `ask` go out in calls of
    ``chunk`` as soon as a call is full, ``concurrency`` in flight at once, and a worker takes
    the next call as soon as its own returns (a sliding window: no call waits for a round's
    slowest one). Codes come from the caller checked (the watchlist's are, since they were
    followed): a refresh's 10,000 are not parsed again here."""

    def __init__(
        self,
        client: TrackingClient,
        pool: ThreadPoolExecutor,
        caller: CancelToken,
        how: tuple[Detail, Callable[[requests.Response], list[_T]]],
        done: Callable[[list[str], list[_T]], None],
    ) -> None:
        self._client = client
        self._pool = pool
        self._caller = caller
        self._detail, self._read = how
        self._done = done
        self._codes: list[str] = []
        self._started: list[Future[None]] = []
        self._failed: BaseException | None = None

    def ask(self, codes: Iterable[str]) -> None:
        """Send ``codes`` (a call starts for each full chunk); raises at once when a call
        failed or the caller cancelled, so the reading stops."""
        if self._failed is not None:
            raise self._failed
        self._caller.raise_if_cancelled()
        self._codes.extend(codes)
        chunk = self._client.chunk
        while len(self._codes) >= chunk:
            self._start(self._codes[:chunk])
            del self._codes[:chunk]

    def _start(self, codes: list[str]) -> None:
        self._started.append(self._pool.submit(self._work, codes))

    def _work(self, codes: list[str]) -> None:
        try:
            with cancel_scope(self._caller):  # each worker answers to the caller's cancel
                if self._failed is not None:
                    return  # another call failed: this one is not sent
                objects = self._client._call(codes, self._detail, self._read)
                _check_named(codes, objects)
                self._done(codes, objects)
        except BaseException as exc:
            if self._failed is None:
                self._failed = exc
            raise

    def finish(self) -> None:
        """Send the codes left and wait for every call; the first failure is raised."""
        if self._codes:
            self._start(self._codes)
            self._codes = []
        for future in self._started:
            future.result()
        if self._failed is not None:
            raise self._failed

    def stop(self) -> None:
        """Calls not started are not sent (those in flight finish: their answers are saved)."""
        for future in self._started:
            future.cancel()


def _body(response: requests.Response) -> bytes:
    body = response.content
    if body.lstrip()[:1] == b"[":  # a gateway that sends the objects bare
        body = b'{"objetos":' + body + b"}"
    return body


def _read(model: type[_A], body: bytes, response: requests.Response) -> _A:
    """``body`` read straight from its bytes by pydantic's core (a refresh reads some 200
    answers of 190 KB; decoding to dicts first cost as much again)."""
    try:
        return model.model_validate_json(body)
    except ValidationError as exc:
        raise InvalidResponseError(
            f"Invalid tracking answer from the operator (HTTP {response.status_code}): "
            f"{exc.error_count()} problem(s)",
            status=response.status_code,
        ) from None


def _objects(response: requests.Response) -> list[TrackedObject]:
    """The objects of an answer."""
    return list(_read(TrackingAnswer, _body(response), response).objetos)


def _glances(response: requests.Response) -> list[Glance | TrackedObject]:
    """The objects of an answer as a refresh first reads them: those with events as `Glance`s,
    those without as `TrackedObject`s (that is their whole answer: the answer is read again
    in full when it has one)."""
    body = _body(response)
    glances = _read(GlanceAnswer, body, response).objetos
    if all(glance.eventos for glance in glances):
        return list(glances)
    whole = _read(TrackingAnswer, body, response).objetos
    if len(whole) != len(glances):
        raise InvalidResponseError("Invalid tracking answer from the operator", status=response.status_code)
    return [glance if glance.eventos else found for glance, found in zip(glances, whole, strict=True)]


def _check_named(asked: list[str], objects: Sequence[_Named]) -> None:
    """An answer whose objects name none of the codes asked is unreadable."""
    named = {(obj.codObjeto or "").strip().upper() for obj in objects}
    if len(objects) == len(asked) and not any(code in named for code in asked):
        raise InvalidResponseError("Invalid response from the operator: the tracked objects carry no codes")


def _by_code(asked: list[str], objects: list[TrackedObject]) -> dict[str, TrackedObject]:
    """The answers by the code asked; one the operator left out says so."""
    by_code = {(obj.codObjeto or "").strip().upper(): obj for obj in objects}
    return {
        code: by_code.get(code)
        or TrackedObject(codObjeto=code, mensagem="The operator's answer left this object out")
        for code in asked
    }
