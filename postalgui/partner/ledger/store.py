"""`Ledger`: the partner's attendances, over one SQLAlchemy engine, safe across threads and workers.

Each protocol has one row (its primary key), and a model-1 form's handler runs only after
the protocol is claimed (`claims`), so two workers that receive the same form at once
neither run it twice nor store it twice. Every incoming call is appended to ``calls`` in
the same transaction as the change it made.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, delete, select
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from postalgui.partner.ledger.claims import (
    PROCESSING,
    claim,
    claim_flag,
    flag_claim,
    form_digest,
    settle,
    standing,
)
from postalgui.partner.ledger.migrate import open_engine
from postalgui.partner.ledger.schema import Attendance, Call, IssuedToken, Reconciliation, utc
from postalgui.partner.states import AttendanceState
from postalgui.store.engine import READ

__all__ = [
    "FORM_FAILED",
    "FORM_OTHER_FIELDS",
    "FORM_STILL_PROCESSING",
    "FormRecord",
    "Ledger",
    "Reply",
    "sqlite_url",
]

log = logging.getLogger(__name__)

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


FORM_FAILED = Reply(500, {"codigo_retorno": "99", "descricao_retorno": "Falha no processamento"})
"""A handler that raised or never finished: the protocol's answer for good (its outcome is unknown)."""
FORM_OTHER_FIELDS = Reply(
    400, {"codigo_retorno": "95", "descricao_retorno": "Protocolo já recebido com outros campos"}
)
FORM_STILL_PROCESSING = Reply(
    500, {"codigo_retorno": "99", "descricao_retorno": "Formulário ainda em processamento; envie de novo"}
)
"""A repeat that waited its time while the first form is still being handled; nothing stored."""


class Ledger:
    """The ledger at `url` (migrated to the newest schema when opened).

    Its engine is the store layer's: on SQLite every write transaction begins IMMEDIATE
    (it holds the file's write lock from its first statement, so two workers never both
    read, then write, and deadlock), while reads (`_reads`) begin deferred and never wait
    for a writer.
    """

    def __init__(
        self,
        url: str,
        *,
        clock: Callable[[], datetime] | None = None,
        claim_wait_s: float = 20.0,
        claim_lease_s: float = 300.0,
    ) -> None:
        """`claim_wait_s`: how long a repeated form waits for the first one's answer;
        `claim_lease_s`: how long a handler may run before a repeat settles its protocol as failed."""
        self.url = url
        self._claim_wait_s = claim_wait_s
        self._claim_lease = timedelta(seconds=claim_lease_s)
        self._clock = clock or (lambda: datetime.now(UTC))
        self.engine: Engine = open_engine(make_url(url))
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._reads = sessionmaker(self.engine.execution_options(**READ), expire_on_commit=False)

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
        with self._reads() as session:
            query = select(Call).order_by(Call.id)
            if protocol is not None:
                query = query.where(Call.protocol == protocol)
            return list(session.scalars(query))

    # --- model 1: a form, its handler run once per protocol ------------------------------

    def receive_form(
        self,
        protocol: str,
        fields: Mapping[str, Any],
        handle: Callable[[], tuple[Reply, FormRecord]],
        *,
        endpoint: str = "formulario",
    ) -> Reply:
        """The answer to a form; `handle` runs at most once per protocol (see `claims`).

        The first call claims the protocol, runs `handle` outside any transaction (it may
        call the partner's own systems) and stores its answer with the row. A repeat with
        the same fields, at once or later, waits up to `claim_wait_s` for that answer and
        gets it; one with other fields is answered 400 and flagged.
        """
        digest = form_digest(fields)
        outcome = claim(self._sessions, protocol, digest, self.now())
        if isinstance(outcome, str):
            return self._run(protocol, fields, handle, outcome, endpoint)
        deadline = time.monotonic() + self._claim_wait_s
        pause = 0.01
        while True:
            if outcome.digest != digest:
                return self._other_fields(protocol, fields, endpoint)
            stored = self._stored_answer(protocol, endpoint, fields)
            if stored is not None:
                return stored
            if outcome.state == PROCESSING and outcome.claimed_at + self._claim_lease < self.now():
                why = "handler did not finish within its lease (worker stopped?): outcome unknown"
                if self._settle_failed(protocol, fields, outcome.owner, endpoint, why):
                    return FORM_FAILED
            elif time.monotonic() >= deadline:
                self.log_call(endpoint, protocol, fields, FORM_STILL_PROCESSING)
                return FORM_STILL_PROCESSING
            else:
                time.sleep(pause)
                pause = min(pause * 2, 0.2)
            outcome = standing(self._reads, protocol) or outcome

    def _run(
        self,
        protocol: str,
        fields: Mapping[str, Any],
        handle: Callable[[], tuple[Reply, FormRecord]],
        owner: str,
        endpoint: str,
    ) -> Reply:
        """Run the handler of a protocol we claimed and store its answer with the claim settled."""
        try:
            reply, record = handle()
        except Exception as error:
            log.exception("form handler failed for protocol %s", protocol)
            why = f"handler failed ({type(error).__name__}): outcome unknown"
            if self._settle_failed(protocol, fields, owner, endpoint, why):
                return FORM_FAILED
            return self._stored_answer(protocol, endpoint, fields) or FORM_FAILED
        row = self._answered_row(protocol, fields, reply, record)
        with self._transaction() as session:
            if settle(session, protocol, owner):
                row.flag = claim_flag(session, protocol)
                session.add(row)
                session.flush()
                self._log(session, endpoint, protocol, fields, reply)
                return reply
            late = session.get(Attendance, protocol)
            if late is not None:  # settled as failed meanwhile: what the handler did must be looked at
                late.flag = f"handler answered {reply.status} after its lease ran out ({self.now()})"[:255]
        log.error("form handler for protocol %s answered after its claim was settled", protocol)
        return self._stored_answer(protocol, endpoint, fields) or FORM_FAILED

    def _answered_row(
        self, protocol: str, fields: Mapping[str, Any], reply: Reply, record: FormRecord
    ) -> Attendance:
        row = record.row(protocol, self.now())
        row.form = json.dumps(dict(fields), ensure_ascii=False, default=str)
        row.answer_status = reply.status
        row.answer = json.dumps(reply.body, ensure_ascii=False)
        return row

    def _settle_failed(
        self, protocol: str, fields: Mapping[str, Any], owner: str, endpoint: str, why: str
    ) -> bool:
        """Settle `owner`'s claim as a processing failure: the attendance cancelled and flagged
        (reconciliation looks at it), its answer the 500 every repeat gets. False if `owner`
        no longer held it."""
        with self._transaction() as session:
            if not settle(session, protocol, owner):
                return False
            flag = f"{why} ({self.now().isoformat(timespec='seconds')})"[:255]
            row = session.get(Attendance, protocol)
            if row is None:
                failed = FormRecord(model=1, state=AttendanceState.CANCELLED)
                row = self._answered_row(protocol, fields, FORM_FAILED, failed)
                session.add(row)
            row.flag = flag
            self._log(session, endpoint, protocol, fields, FORM_FAILED)
            return True

    def _other_fields(self, protocol: str, fields: Mapping[str, Any], endpoint: str) -> Reply:
        """A protocol seen before with other fields: refused, and flagged where reconciliation looks."""
        why = f"form repeated with other fields ({self.now().isoformat(timespec='seconds')})"
        with self._transaction() as session:
            flag_claim(session, protocol, why)
            row = session.get(Attendance, protocol)
            if row is not None:
                row.flag = why
                row.updated_at = self.now()
            self._log(session, endpoint, protocol, fields, FORM_OTHER_FIELDS)
        return FORM_OTHER_FIELDS

    def _stored_answer(self, protocol: str, endpoint: str, fields: Mapping[str, Any]) -> Reply | None:
        with self._reads() as session:
            row = session.get(Attendance, protocol)
            if row is None or row.answer is None or row.answer_status is None:
                return None
            reply = Reply(row.answer_status, json.loads(row.answer))
        self.log_call(endpoint, protocol, fields, reply)
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
        with self._reads() as session:
            query = select(Attendance).order_by(Attendance.created_at, Attendance.protocol)
            if day is not None:
                query = query.where(Attendance.day == day)
            if states:
                query = query.where(Attendance.state.in_(sorted(states)))
            return list(session.scalars(query))

    def get(self, protocol: str) -> Attendance | None:
        with self._reads() as session:
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
        with self._reads() as session:
            row = session.get(Reconciliation, day)
            return None if row is None else dict(json.loads(row.report))

    def reconciled_days(self) -> set[date]:
        """Days closed by a reconciliation after their 22:00 (previews and reopened days are not)."""
        with self._reads() as session:
            return set(session.scalars(select(Reconciliation.day).where(Reconciliation.closed.is_(True))))

    def first_day(self) -> date | None:
        with self._reads() as session:
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
        with self._reads() as session:
            row = session.get(IssuedToken, digest)
            return (
                row is not None
                and utc(row.expires_at) > self.now()
                and (row.client_id, row.client_version) == (client_id, version)
            )


def partner_code(protocol: str) -> str:
    """The partner's confirmation code for a protocol (at most 20 characters, spec 4.2)."""
    return f"PG{protocol}"
