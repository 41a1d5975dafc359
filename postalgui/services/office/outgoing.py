"""Writes happen once: a call that changes something at the operator and is not safe to
repeat is written down in the office database before it is sent, and its answer settles
the line (table ``outgoing``; DESIGN.md, "Writes happen once").

A line's ``key`` says which calls are the same request (an order's digest, a protocol).
While a line is unsettled its ``open_key`` is unique, so of four desks sending the same
request at once one writes the line and sends; the others are told who is sending it
and since when (`AlreadySentError`), and send nothing. How a line settles:

- the answer was read: ``done`` (with what the operator gave back, e.g. an id);
- the operator refused it (a 4xx with its words): ``refused``, nothing happened there;
- a 2xx the client could not read: ``unreadable``: the operator did it; the raw answer is
  kept, and nothing sends it again until a person says what became of it;
- no answer (a timeout, a dropped connection, a 5xx, a cancel mid-call): ``lost``: it may
  have been done; likewise kept until a person settles it.

A person settles an unreadable or lost line (`resolve`): it was found at the operator
(``followed``), it is to be forgotten (``dismissed``), or it is to be sent again on
purpose (``again``). A line left ``sending`` by a desk that died reads as lost after
`STALE`, and is settled the same way.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any, TypeVar

from sqlalchemy import Connection, select, update
from sqlalchemy.exc import IntegrityError

from postalgui.api.cancel import Cancelled
from postalgui.api.errors import ApiError, InvalidResponseError, OperatorError, RoutineError
from postalgui.services.office import topics
from postalgui.services.office.scoped import EnvironmentRows
from postalgui.store.tables import outgoing

__all__ = [
    "STALE",
    "AlreadySentError",
    "Outgoing",
    "OutgoingState",
    "Resolution",
    "SentLine",
    "UnreadableAnswerError",
    "digest",
    "send_once",
]

T = TypeVar("T")

STALE = timedelta(minutes=10)
"""A line still ``sending`` after this long: its desk died mid-call (no call lasts so long:
the transport's deadline is two minutes)."""


class OutgoingState(StrEnum):
    SENDING = "sending"
    DONE = "done"
    REFUSED = "refused"
    UNREADABLE = "unreadable"
    LOST = "lost"
    RESOLVED = "resolved"


class Resolution(StrEnum):
    """What a person said became of an unreadable or lost call."""

    FOLLOWED = "followed"
    """Found at the operator (followed up): it was done."""
    DISMISSED = "dismissed"
    """Forgotten: cancelled at the operator, or known not to have happened."""
    AGAIN = "again"
    """To be sent again, on purpose."""


UNSETTLED = frozenset({OutgoingState.SENDING, OutgoingState.UNREADABLE, OutgoingState.LOST})


@dataclass(frozen=True)
class SentLine:
    """One line of ``outgoing``."""

    uid: str
    kind: str
    key: str
    state: OutgoingState
    summary: str
    request: dict[str, Any]
    created_by: str
    sent_at: datetime
    http_status: int | None = None
    answer: str | None = None
    result: str | None = None
    problem: str = ""
    answered_at: datetime | None = None

    def shown_state(self, now: datetime) -> OutgoingState:
        """``lost`` for a line its desk left ``sending`` longer than `STALE` ago."""
        if self.state is OutgoingState.SENDING and now - self.sent_at > STALE:
            return OutgoingState.LOST
        return self.state

    @property
    def unsettled(self) -> bool:
        return self.state in UNSETTLED


class AlreadySentError(RoutineError):
    """The same request is being sent by a desk, or was sent and its answer was lost or
    could not be read: nothing was sent now. ``line`` says by whom and when."""

    def __init__(self, line: SentLine, now: datetime | None = None) -> None:
        self.line = line
        when = line.sent_at.astimezone().strftime("%d/%m/%Y %H:%M")
        state = line.shown_state(now or datetime.now(UTC))
        if state is OutgoingState.SENDING:
            text = f"Being sent by {line.created_by or 'another desk'} at {when}"
        elif state is OutgoingState.UNREADABLE:
            text = (
                f"Sent by {line.created_by or 'a desk'} at {when}; the operator took it but its answer "
                "could not be read. Follow it up at the operator, cancel it there, "
                "or send it again on purpose"
            )
        else:
            text = (
                f"Sent by {line.created_by or 'a desk'} at {when} and no answer came: the operator may have "
                "it. Follow it up at the operator, or send it again on purpose"
            )
        super().__init__(f"{line.summary}: {text}" if line.summary else text)


class UnreadableAnswerError(RoutineError):
    """The operator answered 2xx and the answer could not be read: the request was done
    there. Kept raw (``line.answer``); never sent again by itself."""

    def __init__(self, line: SentLine, cause: InvalidResponseError) -> None:
        self.line = line
        self.cause = cause
        super().__init__(
            f"Sent; the operator's answer (HTTP {cause.status}) could not be read: {cause}. "
            "It was kept; follow it up at the operator before sending it again"
        )


def digest(data: object) -> str:
    """A stable key for a request body (the same order twice gives the same key)."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:40]


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def _moment(text: str | None) -> datetime | None:
    if not text:
        return None
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _line(row: Mapping[str, Any]) -> SentLine:
    return SentLine(
        uid=row["uid"],
        kind=row["kind"],
        key=row["key"],
        state=OutgoingState(row["state"]),
        summary=row["summary"] or "",
        request=json.loads(row["request"] or "{}"),
        created_by=row["created_by"] or "",
        sent_at=_moment(row["sent_at"]) or datetime.now(UTC),
        http_status=row.get("http_status"),
        answer=row.get("answer"),
        result=row.get("result"),
        problem=row.get("problem") or "",
        answered_at=_moment(row.get("answered_at")),
    )


class Outgoing(EnvironmentRows):
    """The ``outgoing`` lines of ``office``'s environment."""

    TOPIC = topics.OUTGOING

    def _open_key(self, kind: str, key: str) -> str:
        return f"{self.environment}|{kind}|{key}"

    def begin(self, kind: str, key: str, request: Mapping[str, Any], summary: str, now: datetime) -> SentLine:
        """Write the request down before it is sent; raises `AlreadySentError` when the same
        request (``kind`` and ``key``) is unsettled, sent by this desk or another."""
        values = {
            "uid": uuid.uuid4().hex,
            "environment": self.environment,
            "kind": kind,
            "key": key,
            "open_key": self._open_key(kind, key),
            "state": OutgoingState.SENDING.value,
            "summary": summary[:200],
            "request": json.dumps(request, ensure_ascii=False, default=str),
            "created_by": self.author,
            "sent_at": _iso(now),
        }

        def work(connection: Connection) -> bool:
            try:
                with connection.begin_nested():
                    connection.execute(outgoing.insert().values(values))
            except IntegrityError:
                return False
            return True

        if self._run(work):
            return _line(values)
        blocker = self.unsettled(kind, [key]).get(key)
        if blocker is None:  # settled between the insert and the read: try once more
            return self.begin(kind, key, request, summary, now)
        raise AlreadySentError(blocker, now)

    def unsettled(self, kind: str, keys: Iterable[str] | None = None) -> dict[str, SentLine]:
        """The unsettled lines of ``kind`` (of ``keys`` when given), by key."""
        query = select(outgoing).where(
            outgoing.c.environment == self.environment,
            outgoing.c.kind == kind,
            outgoing.c.open_key.is_not(None),
        )
        if keys is not None:
            query = query.where(outgoing.c.key.in_(list(keys)))
        rows = self._run(lambda c: [dict(row) for row in c.execute(query).mappings()], write=False)
        return {row["key"]: _line(row) for row in rows}

    def latest(self, kind: str, keys: Iterable[str]) -> dict[str, SentLine]:
        """The newest line of ``kind`` for each of ``keys`` that has one, whatever its state
        (a request done before is one a rerun asks about)."""
        wanted = list(keys)
        query = (
            select(outgoing)
            .where(outgoing.c.environment == self.environment, outgoing.c.kind == kind)
            .where(outgoing.c.key.in_(wanted))
            .order_by(outgoing.c.id)
        )
        rows = self._run(lambda c: [dict(row) for row in c.execute(query).mappings()], write=False)
        return {row["key"]: _line(row) for row in rows}  # the newest wins

    def lines(self, *, unsettled_only: bool = True) -> list[SentLine]:
        """This environment's lines, newest first (only the unsettled ones by default)."""
        query = select(outgoing).where(outgoing.c.environment == self.environment)
        if unsettled_only:
            query = query.where(outgoing.c.open_key.is_not(None))
        query = query.order_by(outgoing.c.sent_at.desc(), outgoing.c.id.desc())
        rows = self._run(lambda c: [dict(row) for row in c.execute(query).mappings()], write=False)
        return [_line(row) for row in rows]

    def get(self, uid: str) -> SentLine | None:
        query = select(outgoing).where(outgoing.c.environment == self.environment, outgoing.c.uid == uid)
        row = self._run(lambda c: c.execute(query).mappings().first(), write=False)
        return _line(dict(row)) if row is not None else None

    # --- settling ----------------------------------------------------------------------

    def _settle(self, line: SentLine, state: OutgoingState, now: datetime, **values: Any) -> None:
        keep_open = state in UNSETTLED
        statement = (
            update(outgoing)
            .where(outgoing.c.uid == line.uid)
            .values(
                state=state.value,
                answered_at=_iso(now),
                **({} if keep_open else {"open_key": None}),
                **values,
            )
        )
        self._run(lambda c: c.execute(statement))

    def done(self, line: SentLine, result: str | None, now: datetime) -> None:
        self._settle(line, OutgoingState.DONE, now, result=(result or None) and result[:80])

    def refused(self, line: SentLine, status: int | None, problem: str, now: datetime) -> None:
        self._settle(line, OutgoingState.REFUSED, now, http_status=status, problem=problem)

    def unreadable(self, line: SentLine, error: InvalidResponseError, now: datetime) -> None:
        self._settle(
            line,
            OutgoingState.UNREADABLE,
            now,
            http_status=error.status,
            answer=error.raw,
            problem=str(error),
        )

    def lost(self, line: SentLine, problem: str, now: datetime, status: int | None = None) -> None:
        self._settle(line, OutgoingState.LOST, now, http_status=status, problem=problem)

    def resolve(self, uid: str, resolution: Resolution, now: datetime, result: str | None = None) -> bool:
        """A person settled an unsettled line; whether there was one to settle."""
        statement = (
            update(outgoing)
            .where(
                outgoing.c.environment == self.environment,
                outgoing.c.uid == uid,
                outgoing.c.open_key.is_not(None),
            )
            .values(
                state=OutgoingState.RESOLVED.value,
                open_key=None,
                resolution=Resolution(resolution).value,
                resolved_by=self.author,
                resolved_at=_iso(now),
                **({"result": result[:80]} if result else {}),
            )
        )
        return bool(self._run(lambda c: c.execute(statement).rowcount))


def send_once(
    book: Outgoing,
    kind: str,
    key: str,
    request: Mapping[str, Any],
    summary: str,
    send: Callable[[], T],
    *,
    result: Callable[[T], str | None] = lambda _: None,
    now: Callable[[], datetime] = lambda: datetime.now(UTC),
    nothing_done: tuple[type[BaseException], ...] = (),
) -> T:
    """``send()`` once, written down before it goes; its outcome settles the line.

    Raises `AlreadySentError` (nothing sent), `UnreadableAnswerError` (sent and done, the
    answer kept raw), or what ``send`` raised: a refusal settles the line, anything else
    (no answer, a 5xx, a cancel) leaves it lost, to be settled by a person. ``nothing_done``:
    errors the service defines as "undone at the operator" (the registration system's 500
    reverts the attendance), settled like a refusal.
    """
    line = book.begin(kind, key, request, summary, now())
    try:
        answer = send()
    except nothing_done as exc:
        book.refused(line, getattr(exc, "status", None), str(exc), now())
        raise
    except InvalidResponseError as exc:
        if exc.delivered:
            book.unreadable(line, exc, now())
            raise UnreadableAnswerError(book.get(line.uid) or line, exc) from exc
        book.lost(line, str(exc), now(), exc.status)
        raise
    except OperatorError as exc:
        if exc.status is not None and 400 <= exc.status < 500:  # the operator said no: nothing done
            book.refused(line, exc.status, str(exc), now())
        else:
            book.lost(line, str(exc), now(), exc.status)
        raise
    except (ApiError, Cancelled) as exc:
        book.lost(line, str(exc) or type(exc).__name__, now())
        raise
    except BaseException as exc:  # a bug after sending: the call may have been done
        book.lost(line, f"{type(exc).__name__}: {exc}", now())
        raise
    book.done(line, result(answer), now())
    return answer
