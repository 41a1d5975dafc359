"""`Ledger`: the partner's attendances, over one SQLAlchemy engine, safe across threads and workers.

Each protocol has one row (its primary key), so two workers that receive the same form
at once cannot both insert it: the second insert fails, rolls back, and answers what
the first stored. Every incoming call is appended to ``calls`` in the same transaction
as the change it made.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, delete, event, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from postalgui.partner.ledger.migrate import migrate
from postalgui.partner.ledger.schema import Attendance, Call, IssuedToken, Reconciliation, utc
from postalgui.partner.states import AttendanceState

__all__ = ["FormRecord", "Ledger", "Reply", "sqlite_url"]

_UNDONE = frozenset({AttendanceState.CANCELLED.value, AttendanceState.REVERSED.value})
"""States a ``00`` cannot confirm: a form we refused (cancelled), an attendance undone."""

SAO_PAULO = timedelta(hours=-3)
"""Brasília time (no daylight saving since 2019): the operator's day."""


def sqlite_url(path: Path) -> str:
    return f"sqlite+pysqlite:///{path}"


def operator_day(moment: datetime) -> date:
    """The day in Brasília time of an aware `moment`."""
    return (moment.astimezone(UTC) + SAO_PAULO).date()


@dataclass(frozen=True)
class Reply:
    """What a route answers: a status and a JSON body."""

    status: int
    body: dict[str, Any]


@dataclass(frozen=True)
class FormRecord:
    """What the ledger keeps of a model-1 form the handler answered."""

    model: int
    state: AttendanceState
    amount_cents: int | None = None
    quantity: int | None = None
    client_tax_id: str | None = None
    client_key: str | None = None
    attendant: str | None = None
    unit: str | None = None
    terminal: str | None = None

    def row(self, protocol: str, now: datetime) -> Attendance:
        """A new ledger row for `protocol`, made at `now` (its day is Brasília's): every field
        of the record is a column of the row, the state as its stored value."""
        columns = asdict(self) | {"state": self.state.value}
        return Attendance(protocol=protocol, day=operator_day(now), created_at=now, updated_at=now, **columns)


def _on_sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Ledger:
    """The ledger at `url` (migrated to the newest schema when opened)."""

    def __init__(self, url: str, *, clock: Callable[[], datetime] | None = None) -> None:
        self.url = url
        self._clock = clock or (lambda: datetime.now(UTC))
        self.engine: Engine = create_engine(url, pool_pre_ping=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _on_sqlite_connect)
        migrate(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def now(self) -> datetime:
        return self._clock()

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        with self._sessions.begin() as session:
            yield session

    # --- the call log ---------------------------------------------------------------

    def _log(self, session: Session, endpoint: str, protocol: str | None, body: object, reply: Reply) -> None:
        session.add(
            Call(
                at=self.now(),
                endpoint=endpoint,
                protocol=protocol,
                body=json.dumps(body, ensure_ascii=False, default=str),
                status=reply.status,
                answer=json.dumps(reply.body, ensure_ascii=False),
            )
        )

    def log_call(self, endpoint: str, protocol: str | None, body: object, reply: Reply) -> None:
        """Append a call that changed nothing (refused, malformed)."""
        with self._transaction() as session:
            self._log(session, endpoint, protocol, body, reply)

    def calls(self, protocol: str | None = None) -> list[Call]:
        with self._sessions() as session:
            query = select(Call).order_by(Call.id)
            if protocol is not None:
                query = query.where(Call.protocol == protocol)
            return list(session.scalars(query))

    # --- model 1: a form, answered once ------------------------------------------------

    def receive_form(
        self,
        protocol: str,
        fields: Mapping[str, Any],
        handle: Callable[[], tuple[Reply, FormRecord]],
        *,
        endpoint: str = "formulario",
    ) -> Reply:
        """The answer to a form: the stored one for a protocol seen before, else `handle`'s.

        The handler runs outside any transaction (it may call the partner's own systems);
        its answer and the row are then stored together, or, when another worker stored
        the protocol meanwhile, that stored answer is given instead.
        """
        stored = self._stored_answer(protocol, endpoint, fields)
        if stored is not None:
            return stored
        reply, record = handle()
        row = record.row(protocol, self.now())
        row.form = json.dumps(dict(fields), ensure_ascii=False, default=str)
        row.answer_status = reply.status
        row.answer = json.dumps(reply.body, ensure_ascii=False)
        try:
            with self._transaction() as session:
                session.add(row)
                session.flush()
                self._log(session, endpoint, protocol, fields, reply)
        except IntegrityError:
            stored = self._stored_answer(protocol, endpoint, fields)
            if stored is None:
                raise
            return stored
        return reply

    def _stored_answer(self, protocol: str, endpoint: str, fields: Mapping[str, Any]) -> Reply | None:
        with self._transaction() as session:
            row = session.get(Attendance, protocol)
            if row is None or row.answer is None or row.answer_status is None:
                return None
            reply = Reply(row.answer_status, json.loads(row.answer))
            self._log(session, endpoint, protocol, fields, reply)
            return reply

    # --- model 2: our own registration ---------------------------------------------------

    def record_registration(self, protocol: str, record: FormRecord, body: Mapping[str, Any]) -> None:
        """A model-2 attendance we registered with the operator (its protocol is new to us)."""
        with self._transaction() as session:
            if session.get(Attendance, protocol) is not None:
                return
            session.add(record.row(protocol, self.now()))
            session.flush()
            self._log(session, "registra", protocol, body, Reply(200, {"protocolo": protocol}))

    # --- confirmations --------------------------------------------------------------------

    def confirm(self, protocol: str, code: str, body: Mapping[str, Any]) -> Reply:
        """Apply a ``confirmarAtendimento`` callback once; a repeat gets the same answer.

        The operator's later word wins for a reversal: a ``99`` for an attendance
        concluded before (``00``, or FINALIZADO at reconciliation) moves it to reversed
        and reopens its day if it was closed, so the day is reconciled again. Any other
        contradiction, and a ``00`` for an attendance we refused or that was undone, is
        refused (400, empty ``codigo``) and the attendance flagged for reconciliation.
        The call log keeps every call.
        """
        with self._transaction() as session:
            row = session.get(Attendance, protocol, with_for_update=True)
            before = None if row is None else row.state
            reply = self._confirmation(row, protocol, code)
            if row is not None and row.state != before and row.state == AttendanceState.REVERSED.value:
                self._reopen(session, row.day)
            self._log(session, "confirmarAtendimento", protocol, body, reply)
            return reply

    def _confirmation(self, row: Attendance | None, protocol: str, code: str) -> Reply:
        if row is None:
            return Reply(400, {"codigo": ""})
        if row.confirmation == code:
            return Reply(200, {"codigo": row.partner_code or ""})
        concluded = row.confirmation == "00" or row.state == AttendanceState.CONFIRMED.value
        if code == "99" and concluded:  # reversed after the counter concluded it
            row.state = AttendanceState.REVERSED.value
        elif row.confirmation is not None:
            return self._refuse(row, f"callback {code} contradicts {row.confirmation} received before")
        elif code == "00" and row.state in _UNDONE:
            return self._refuse(row, f"callback 00 for an attendance the ledger holds {row.state}")
        elif code == "00":
            row.state = AttendanceState.CONFIRMED.value
        elif row.state not in _UNDONE:
            row.state = AttendanceState.NOT_CONFIRMED.value
        row.confirmation = code
        row.partner_code = row.partner_code or partner_code(protocol)
        row.updated_at = self.now()
        return Reply(200, {"codigo": row.partner_code})

    @staticmethod
    def _reopen(session: Session, day: date) -> None:
        """A closed day whose report no longer holds: the next run after 22:00 closes it again."""
        stored = session.get(Reconciliation, day)
        if stored is not None:
            stored.closed = False

    def _refuse(self, row: Attendance, why: str) -> Reply:
        """A callback not applied: 400, and the row flagged with why and when."""
        row.flag = f"{why} ({self.now().isoformat(timespec='seconds')})"[:255]
        row.updated_at = self.now()
        return Reply(400, {"codigo": ""})

    # --- reading and reconciliation ---------------------------------------------------------

    def attendances(self, day: date | None = None, states: set[str] | None = None) -> list[Attendance]:
        with self._sessions() as session:
            query = select(Attendance).order_by(Attendance.created_at, Attendance.protocol)
            if day is not None:
                query = query.where(Attendance.day == day)
            if states:
                query = query.where(Attendance.state.in_(sorted(states)))
            return list(session.scalars(query))

    def get(self, protocol: str) -> Attendance | None:
        with self._sessions() as session:
            return session.get(Attendance, protocol)

    def update_from_operator(
        self, protocol: str, state: AttendanceState, operator_status: str, amount_cents: int | None
    ) -> None:
        """What the registration system said of one attendance at reconciliation."""
        with self._transaction() as session:
            row = session.get(Attendance, protocol, with_for_update=True)
            if row is None:
                return
            row.state = state.value
            row.operator_status = operator_status
            row.operator_amount_cents = amount_cents
            row.updated_at = self.now()

    def save_report(self, day: date, report: Mapping[str, Any], *, closed: bool) -> None:
        """Keep the day's last report; `closed` when it ran after the day's 22:00 (a preview
        before it never marks the day done, so the nightly run still reconciles it)."""
        text = json.dumps(report, ensure_ascii=False)
        with self._transaction() as session:
            row = session.get(Reconciliation, day)
            if row is None:
                session.add(Reconciliation(day=day, ran_at=self.now(), report=text, closed=closed))
            else:
                row.ran_at = self.now()
                row.report = text
                row.closed = closed

    def report(self, day: date) -> dict[str, Any] | None:
        with self._sessions() as session:
            row = session.get(Reconciliation, day)
            return None if row is None else dict(json.loads(row.report))

    def reconciled_days(self) -> set[date]:
        """Days closed by a reconciliation after their 22:00 (previews and reopened days are not)."""
        with self._sessions() as session:
            return set(session.scalars(select(Reconciliation.day).where(Reconciliation.closed.is_(True))))

    def first_day(self) -> date | None:
        with self._sessions() as session:
            return session.scalars(select(Attendance.day).order_by(Attendance.day).limit(1)).first()

    # --- tokens ------------------------------------------------------------------------------

    def store_token(self, digest: str, client_id: str, version: str, expires_at: datetime) -> None:
        """Keep a token issued to `client_id` at its credentials' `version`; drop expired ones
        and the client's tokens of an older version (its credentials changed)."""
        with self._transaction() as session:
            session.execute(delete(IssuedToken).where(IssuedToken.expires_at < self.now()))
            session.execute(
                delete(IssuedToken).where(
                    IssuedToken.client_id == client_id, IssuedToken.client_version != version
                )
            )
            session.add(
                IssuedToken(digest=digest, client_id=client_id, client_version=version, expires_at=expires_at)
            )

    def token_valid(self, digest: str, client_id: str, version: str) -> bool:
        """The token is unexpired and was issued to `client_id` at the credentials' `version`."""
        with self._sessions() as session:
            row = session.get(IssuedToken, digest)
            return (
                row is not None
                and utc(row.expires_at) > self.now()
                and (row.client_id, row.client_version) == (client_id, version)
            )


def partner_code(protocol: str) -> str:
    """The partner's confirmation code for a protocol (at most 20 characters, spec 4.2)."""
    return f"PG{protocol}"
