"""The invoice service's asynchronous requests, kept in the office database so they
survive a restart and every desk sharing it sees them.

An analytic statement or an invoice preview is requested, then followed by polling
until its file can be downloaded (spec 001, sections 3 and 4.1). That can take longer
than a session: the bookkeeper asks in the evening, closes the laptop, and expects to
find the file the next morning. So every request is written down at once, with the
operator's processing id, and the app resumes the pending ones when it starts.

The jobs live in the office database's ``job`` table (`postalgui.store.OfficeStore`):
this desk's ``office-<env>.sqlite3`` by default, the office's PostgreSQL when it shares
one. Each row carries a ``uid`` (the same on every copy) and who asked (``created_by``);
every write tells the desks ``"job"``. A job's ``file_path`` is where the desk that
downloaded it saved the file: another desk finds or fetches its own copy
(`services.invoices.job_files`). An unusable database is a `JobStoreError`, one line.

A request is also written down *before* it is sent (table ``sending``), and that line
goes when its job is recorded, in the same transaction. A line left over says a run
died (kill -9, a power cut) between sending the POST and storing the answer: the
operator may be preparing that file, under an id no one kept, and the spec has no list
of processings to look it up. So a rerun asks the user before sending it again
(`following.UnansweredRequestError`), rather than start a second processing unasked.
"""

from __future__ import annotations

import builtins
import json
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Connection, Select, delete, insert, select, update

from postalgui.api.models.invoices import ProcessingKind, ProcessingRecord, ProcessingStatus
from postalgui.services.office import topics
from postalgui.services.office.errors import OfficeDatabaseError, routine_store_errors
from postalgui.store.office import OfficeStore
from postalgui.store.tables import job as job_table
from postalgui.store.tables import sending as sending_table
from postalgui.store.urls import sqlite_url

__all__ = [
    "FILENAME",
    "PENDING_STATES",
    "TOPIC",
    "Job",
    "JobState",
    "JobStore",
    "JobStoreError",
    "Sending",
    "state_of",
]

T = TypeVar("T")

FILENAME = "office.sqlite3"
"""The file a `JobStore` made on a folder keeps its jobs in."""
TOPIC = topics.JOBS
"""What every write tells the desks sharing the database."""

_COLUMNS = (
    job_table.c.id,
    job_table.c.environment,
    job_table.c.kind,
    job_table.c.processing_id,
    job_table.c.params,
    job_table.c.state,
    job_table.c.requested_at,
    job_table.c.updated_at,
    job_table.c.finished_at,
    job_table.c.file_path,
    job_table.c.error,
    job_table.c.operator_status,
    job_table.c.created_by,
)
_CHANGEABLE = frozenset(
    {
        "kind",
        "processing_id",
        "params",
        "state",
        "requested_at",
        "updated_at",
        "finished_at",
        "file_path",
        "error",
        "operator_status",
    }
)


class JobState(StrEnum):
    """Where a request stands, as the app sees it (the operator's statuses map onto it)."""

    REQUESTED = "requested"
    PROCESSING = "processing"
    UNKNOWN = "unknown"
    """The operator answered a status outside the known ones; followed until it says more."""
    READY = "ready"
    FAILED = "failed"
    EXPIRED = "expired"

    @property
    def pending(self) -> bool:
        return self in PENDING_STATES


PENDING_STATES = (JobState.REQUESTED, JobState.PROCESSING, JobState.UNKNOWN)
"""The states of a job still to be followed."""

_BY_STATUS = {
    ProcessingStatus.SOLICITADO: JobState.REQUESTED,
    ProcessingStatus.EM_EXECUCAO: JobState.PROCESSING,
    # Finished on the operator's side but not downloaded yet: still ours to follow.
    ProcessingStatus.SUCESSO: JobState.PROCESSING,
    ProcessingStatus.ERRO: JobState.FAILED,
    ProcessingStatus.EXCLUIDO: JobState.FAILED,
    ProcessingStatus.UNKNOWN: JobState.UNKNOWN,
}


def state_of(status: ProcessingStatus) -> JobState:
    """The job state for an operator status; SUCESSO is PROCESSING until the file is here."""
    return _BY_STATUS[status]


class JobStoreError(OfficeDatabaseError):
    """The jobs' database cannot be used: a newer PostalGUI's, tables changed by hand, a
    password refused (a server that cannot be reached now is an `OfficeUnavailableError`)."""


@dataclass(frozen=True)
class Job:
    """One asynchronous request. Times are aware (UTC).

    ``params`` are the request's inputs as the operator names them: for an analytic
    statement ``fatura``, ``tipoDocumento``, ``drFatura``, ``itemFatura``; for a
    preview ``tipoPrevia``, ``contrato``, ``dr`` and, when given, ``centroCusto``.
    ``error`` is the reason of a FAILED or EXPIRED job; on a pending one, the last
    network problem met while following it (cleared by the next answer).
    ``operator_status`` is the operator's last word on the processing (``SOLICITADO``,
    ..., or one outside the known ones: the job is then UNKNOWN).
    """

    id: int
    environment: str
    kind: ProcessingKind
    processing_id: str
    params: dict[str, str]
    state: JobState
    requested_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    file_path: str | None
    error: str | None
    operator_status: str | None = None
    created_by: str = ""
    """Who asked (the identity-portal login of the desk that requested it)."""

    @property
    def pending(self) -> bool:
        """Still to be followed: REQUESTED or PROCESSING."""
        return self.state.pending

    @property
    def fatura(self) -> str | None:
        """The invoice number of an analytic statement; None for a preview."""
        return self.params.get("fatura")

    @property
    def path(self) -> Path | None:
        return Path(self.file_path) if self.file_path else None


@dataclass(frozen=True)
class Sending:
    """A request written down before it was sent, whose answer was never stored (yet)."""

    id: int
    kind: ProcessingKind
    params: dict[str, str]
    sent_at: datetime
    http_status: int | None = None
    """2xx: the operator took it and its answer could not be read (``answer`` keeps it)."""
    answer: str | None = None


# --------------------------------------------------------------------------- conversions


def _now() -> datetime:
    return datetime.now(UTC)


def _stamp(moment: datetime) -> str:
    """Stored as UTC ISO text, so that text order is time order; naive means local time."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _aware(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _moment(text: str | None) -> datetime | None:
    return None if text is None else _aware(text)


def _params_json(params: Mapping[str, str]) -> str:
    return json.dumps(
        {str(key): str(value) for key, value in params.items()}, ensure_ascii=False, sort_keys=True
    )


def _job(row: Sequence[Any]) -> Job:
    (
        job_id,
        environment,
        kind,
        processing_id,
        params,
        state,
        requested,
        updated,
        finished,
        file_path,
        error,
        operator_status,
        created_by,
    ) = row
    return Job(
        id=int(job_id),
        environment=environment,
        kind=ProcessingKind(kind),
        processing_id=processing_id,
        params={str(k): str(v) for k, v in json.loads(params).items()},
        state=JobState(state),
        requested_at=_aware(requested),
        updated_at=_aware(updated),
        finished_at=_moment(finished),
        file_path=file_path,
        error=error,
        operator_status=operator_status,
        created_by=created_by or "",
    )


def _column_value(name: str, value: object) -> object:
    if value is None:
        if name in ("kind", "processing_id", "params", "state", "requested_at", "updated_at"):
            raise ValueError(f"{name} cannot be empty")
        return None
    if name == "params":
        if not isinstance(value, Mapping):
            raise TypeError("params must be a mapping of strings")
        return _params_json(value)
    if name in ("requested_at", "updated_at", "finished_at"):
        if not isinstance(value, datetime):
            raise TypeError(f"{name} must be a datetime")
        return _stamp(value)
    if name == "kind":
        return ProcessingKind(str(value)).value
    if name == "state":
        return JobState(str(value)).value
    return str(value)


# --------------------------------------------------------------------------- the store


def _new_id(key: Sequence[Any] | None) -> int:
    """The id the database gave the row just inserted."""
    if not key:
        raise RuntimeError("the database gave the new row no id")
    return int(key[0])


def _pending_states() -> list[str]:
    return [state.value for state in PENDING_STATES]


def _newest_first(query: Select[Any]) -> Select[Any]:
    return query.order_by(job_table.c.requested_at.desc(), job_table.c.id.desc())


class JobStore:
    """The jobs in ``where``: an `OfficeStore`, or a SQLite file (a folder gets `FILENAME`).

    Thread-safe (the office store's pool gives each thread its connection); opened on
    first use and closable any time (`close`), a later call opens it again. Two stores on
    the same database (the app after a restart, the CLI beside the app, another desk on
    the office's server) see each other's jobs. The jobs of a file set aside as
    unreadable (`set_aside_path`) are not in the fresh one: the panel and the CLI say
    so, with that path, so the user knows what to request again.
    """

    def __init__(self, where: Path | OfficeStore) -> None:
        if isinstance(where, OfficeStore):
            self.office, self._owned = where, False
        else:
            path = Path(where)
            path = path / FILENAME if path.is_dir() else path
            self.office, self._owned = OfficeStore(sqlite_url(path)), True
        self.path = self.office.path

    @property
    def shared(self) -> bool:
        """Whether other desks share these jobs (a server): a job's file may be on another desk."""
        return self.office.shared

    @property
    def set_aside_path(self) -> Path | None:
        """Where an unreadable file was moved in this process (None while none was)."""
        return self.office.set_aside_path

    def close(self) -> None:
        """Close a database this store opened itself; one it was given belongs to its owner."""
        if self._owned:
            self.office.close()

    def _write(self, work: Callable[[Connection], T]) -> T:
        with routine_store_errors(JobStoreError):
            return self.office.run(work, topics=(TOPIC,))

    def _read(self, work: Callable[[Connection], T]) -> T:
        with routine_store_errors(JobStoreError):
            return self.office.run(work, read=True)

    # --- writing ---------------------------------------------------------------------

    def add(
        self,
        environment: str,
        kind: ProcessingKind,
        record: ProcessingRecord,
        params: Mapping[str, str],
        *,
        at: datetime | None = None,
        sent: Sending | None = None,
    ) -> Job:
        """Record a request the operator accepted; its state follows ``record.status``.

        ``at`` (the request time, default now) is this machine's clock, not the
        operator's ``dataSolicitacao``, which carries no time zone. ``sent``, the line
        written before sending it (`sending`), goes in the same transaction.
        """
        moment = _stamp(at or _now())
        state = state_of(record.status)
        row = {
            "uid": uuid.uuid4().hex,
            "environment": environment,
            "kind": ProcessingKind(kind).value,
            "processing_id": record.id,
            "params": _params_json(params),
            "state": state.value,
            "requested_at": moment,
            "updated_at": moment,
            "finished_at": moment if state is JobState.FAILED else None,
            "error": f"The operator answered {record.status.value}" if state is JobState.FAILED else None,
            "operator_status": record.status_text or record.status.value,
            "created_by": self.office.author,
        }

        def add_row(connection: Connection) -> Job:
            key = _new_id(connection.execute(insert(job_table).values(row)).inserted_primary_key)
            if sent is not None:
                connection.execute(delete(sending_table).where(sending_table.c.id == sent.id))
            return _job(connection.execute(select(*_COLUMNS).where(job_table.c.id == key)).one())

        return self._write(add_row)

    def sending(self, environment: str, kind: ProcessingKind, params: Mapping[str, str]) -> Sending:
        """Write a request down before it is sent (see the module's docstring)."""
        moment = _now()
        values = {
            "environment": environment,
            "kind": ProcessingKind(kind).value,
            "params": _params_json(params),
            "sent_at": _stamp(moment),
            "created_by": self.office.author,
        }

        def add_row(connection: Connection) -> int:
            return _new_id(connection.execute(insert(sending_table).values(values)).inserted_primary_key)

        return Sending(self._write(add_row), ProcessingKind(kind), dict(params), moment)

    def unsent(self, sent: Sending) -> None:
        """Forget a `sending` line: the operator refused the request, or the user asks again."""
        self._write(lambda c: c.execute(delete(sending_table).where(sending_table.c.id == sent.id)))

    def unreadable(self, sent: Sending, status: int | None, answer: str | None) -> None:
        """The operator took the request (2xx) and its answer could not be read: the line
        stays, with the answer as it came (`UnansweredRequestError` says so next time)."""
        statement = (
            update(sending_table)
            .where(sending_table.c.id == sent.id)
            .values(http_status=status, answer=answer)
        )
        self._write(lambda c: c.execute(statement))

    def unanswered(self, environment: str, kind: ProcessingKind, params: Mapping[str, str]) -> Sending | None:
        """The newest request of this kind and inputs sent and never answered (see `sending`)."""
        table = sending_table
        query = (
            select(table.c.id, table.c.params, table.c.sent_at, table.c.http_status, table.c.answer)
            .where(
                table.c.environment == environment,
                table.c.kind == ProcessingKind(kind).value,
                table.c.params == _params_json(params),
            )
            .order_by(table.c.id.desc())
            .limit(1)
        )
        row = self._read(lambda c: c.execute(query).first())
        if row is None:
            return None
        return Sending(int(row[0]), ProcessingKind(kind), json.loads(row[1]), _aware(row[2]), row[3], row[4])

    def update(self, job_id: int, **changes: object) -> Job:
        """Change some fields of a job; ``updated_at`` becomes now unless given.

        Raises KeyError for an unknown job, ValueError/TypeError for a bad field.
        """
        unknown = set(changes) - _CHANGEABLE
        if unknown:
            raise ValueError(f"cannot change {', '.join(sorted(unknown))} of a job")
        values = {name: _column_value(name, value) for name, value in changes.items()}
        values.setdefault("updated_at", _stamp(_now()))

        def change(connection: Connection) -> Sequence[Any] | None:
            connection.execute(update(job_table).where(job_table.c.id == job_id).values(values))
            return connection.execute(select(*_COLUMNS).where(job_table.c.id == job_id)).first()

        row = self._write(change)
        if row is None:
            raise KeyError(job_id)
        return _job(row)

    def delete(self, job_id: int) -> None:
        self._write(lambda c: c.execute(delete(job_table).where(job_table.c.id == job_id)))

    # --- reading ---------------------------------------------------------------------

    def _jobs(self, query: Select[Any]) -> builtins.list[Job]:
        return [_job(row) for row in self._read(lambda c: c.execute(query).all())]

    def get(self, job_id: int) -> Job | None:
        found = self._jobs(select(*_COLUMNS).where(job_table.c.id == job_id))
        return found[0] if found else None

    def pending(self, environment: str) -> builtins.list[Job]:
        """Pending jobs (`PENDING_STATES`) of ``environment``, oldest first (resumed in order)."""
        query = (
            select(*_COLUMNS)
            .where(job_table.c.environment == environment, job_table.c.state.in_(_pending_states()))
            .order_by(job_table.c.requested_at, job_table.c.id)
        )
        return self._jobs(query)

    def find_pending(self, environment: str, kind: ProcessingKind, params: Mapping[str, str]) -> Job | None:
        """The newest pending job of ``environment`` of this kind with exactly these parameters."""
        query = select(*_COLUMNS).where(
            job_table.c.environment == environment,
            job_table.c.kind == ProcessingKind(kind).value,
            job_table.c.params == _params_json(params),
            job_table.c.state.in_(_pending_states()),
        )
        found = self._jobs(_newest_first(query).limit(1))
        return found[0] if found else None

    def list(self, environment: str, limit: int = 200) -> builtins.list[Job]:
        """The jobs of ``environment``, newest first (a negative ``limit``: all of them)."""
        query = _newest_first(select(*_COLUMNS).where(job_table.c.environment == environment))
        return self._jobs(query if limit < 0 else query.limit(limit))
