"""The invoice service's asynchronous requests, kept in SQLite so they survive a restart.

An analytic statement or an invoice preview is requested, then followed by polling
until its file can be downloaded (spec 001, sections 3 and 4.1). That can take longer
than a session: the bookkeeper asks in the evening, closes the laptop, and expects to
find the file the next morning. So every request is written down at once, with the
operator's processing id, and the app resumes the pending ones when it starts.

One file (``jobs.sqlite3`` in the data folder), one connection shared by the GUI
thread and the workers (``check_same_thread=False``, every use under a lock), WAL
journal. The schema version lives in ``PRAGMA user_version``. A file SQLite cannot
read is renamed aside as ``jobs.sqlite3.bad-<timestamp>`` and a fresh one started: the
requests can be made again, and the operator keeps their files for 7 days anyway.

A request is also written down *before* it is sent (table ``sending``, schema 3), and
that line goes when its job is recorded, in the same transaction. A line left over says
a run died (kill -9, a power cut) between sending the POST and storing the answer: the
operator may be preparing that file, under an id no one kept, and the spec has no list
of processings to look it up. So a rerun asks the user before sending it again
(`following.UnansweredRequestError`), rather than start a second processing unasked.
"""

from __future__ import annotations

import builtins
import json
import logging
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from postalgui.api.errors import RoutineError
from postalgui.api.models.invoices import ProcessingKind, ProcessingRecord, ProcessingStatus
from postalgui.store.sqlite_file import SqliteStore

__all__ = [
    "FILENAME",
    "PENDING_STATES",
    "SCHEMA_VERSION",
    "Job",
    "JobState",
    "JobStore",
    "JobStoreError",
    "Sending",
    "state_of",
]

log = logging.getLogger(__name__)

FILENAME = "jobs.sqlite3"
SCHEMA_VERSION = 3


_SCHEMA = """
CREATE TABLE job (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    environment TEXT NOT NULL,
    kind TEXT NOT NULL,
    processing_id TEXT NOT NULL,
    params TEXT NOT NULL,
    state TEXT NOT NULL,
    requested_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    finished_at TEXT,
    file_path TEXT,
    error TEXT,
    operator_status TEXT
);
CREATE INDEX job_environment ON job (environment, requested_at DESC, id DESC);
CREATE INDEX job_state ON job (environment, state);
CREATE TABLE sending (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    environment TEXT NOT NULL,
    kind TEXT NOT NULL,
    params TEXT NOT NULL,
    sent_at TEXT NOT NULL
);
"""

_MIGRATIONS = {
    2: "ALTER TABLE job ADD COLUMN operator_status TEXT;",
    3: "CREATE TABLE sending (id INTEGER PRIMARY KEY AUTOINCREMENT, environment TEXT NOT NULL,"
    " kind TEXT NOT NULL, params TEXT NOT NULL, sent_at TEXT NOT NULL);",
}
"""Schema 2 keeps the operator's last status word (jobs made before have none); schema 3
writes a request down before it is sent (``sending``)."""

_COLUMNS = (
    "id, environment, kind, processing_id, params, state, requested_at, updated_at,"
    " finished_at, file_path, error, operator_status"
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


class JobStoreError(RoutineError, RuntimeError):
    """The jobs file belongs to a newer PostalGUI, or its tables are not its schema's (changed by hand)."""


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


def _job(row: sqlite3.Row | tuple[Any, ...]) -> Job:
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


class JobStore(SqliteStore):
    """The jobs at ``path`` (a file; a folder gets `FILENAME` inside it).

    Thread-safe: every method takes the lock. The file is opened on first use and can
    be closed any time (`close`); a later call opens it again. Two stores on the same
    file (the app after a restart, the CLI beside the app) see each other's jobs. The jobs
    of a file set aside as unreadable (`set_aside_path`) are not in the fresh one: the
    panel and the CLI say so, with that path, so the user knows what to request again.
    """

    FILENAME = FILENAME
    SCHEMA = _SCHEMA
    VERSION = SCHEMA_VERSION
    MIGRATIONS = _MIGRATIONS
    PROBE = "job"
    LABEL = "jobs file"
    NEWER_ERROR = JobStoreError

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
        error = f"The operator answered {record.status.value}" if state is JobState.FAILED else None
        row = (
            environment,
            ProcessingKind(kind).value,
            record.id,
            _params_json(params),
            state.value,
            moment,
            moment,
            moment if state is JobState.FAILED else None,
            error,
            record.status_text or record.status.value,
        )

        def insert(conn: sqlite3.Connection) -> Job:
            conn.execute("BEGIN IMMEDIATE")  # one transaction: the job in, its `sending` line out
            try:
                cursor = conn.execute(
                    "INSERT INTO job (environment, kind, processing_id, params, state, requested_at,"
                    " updated_at, finished_at, error, operator_status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    row,
                )
                if sent is not None:
                    conn.execute("DELETE FROM sending WHERE id = ?", (sent.id,))
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            job_id = int(cursor.lastrowid or 0)
            return _job(conn.execute(f"SELECT {_COLUMNS} FROM job WHERE id = ?", (job_id,)).fetchone())  # noqa: S608 -- fixed text

        return self._file.run(insert)

    def sending(self, environment: str, kind: ProcessingKind, params: Mapping[str, str]) -> Sending:
        """Write a request down before it is sent (see the module's docstring)."""
        moment = _now()
        values = (environment, ProcessingKind(kind).value, _params_json(params), _stamp(moment))

        def insert(conn: sqlite3.Connection) -> int:
            cursor = conn.execute(
                "INSERT INTO sending (environment, kind, params, sent_at) VALUES (?, ?, ?, ?)", values
            )
            return int(cursor.lastrowid or 0)

        return Sending(self._file.run(insert), ProcessingKind(kind), dict(params), moment)

    def unsent(self, sent: Sending) -> None:
        """Forget a `sending` line: the operator refused the request, or the user asks again."""

        self._file.run(lambda conn: conn.execute("DELETE FROM sending WHERE id = ?", (sent.id,)))

    def unanswered(self, environment: str, kind: ProcessingKind, params: Mapping[str, str]) -> Sending | None:
        """The newest request of this kind and inputs sent and never answered (see `sending`)."""
        wanted = (environment, ProcessingKind(kind).value, _params_json(params))
        row = self._file.run(
            lambda conn: conn.execute(
                "SELECT id, params, sent_at FROM sending WHERE environment = ? AND kind = ? AND params = ?"
                " ORDER BY id DESC LIMIT 1",
                wanted,
            ).fetchone()
        )
        if row is None:
            return None
        return Sending(int(row[0]), ProcessingKind(kind), json.loads(row[1]), _aware(row[2]))

    def update(self, job_id: int, **changes: object) -> Job:
        """Change some fields of a job; ``updated_at`` becomes now unless given.

        Raises KeyError for an unknown job, ValueError/TypeError for a bad field.
        """
        unknown = set(changes) - _CHANGEABLE
        if unknown:
            raise ValueError(f"cannot change {', '.join(sorted(unknown))} of a job")
        values = {name: _column_value(name, value) for name, value in changes.items()}
        values.setdefault("updated_at", _stamp(_now()))
        names = sorted(values)
        assignments = ", ".join(f"{name} = ?" for name in names)

        def change(conn: sqlite3.Connection) -> Job:
            conn.execute("BEGIN IMMEDIATE")
            try:
                cursor = conn.execute(
                    f"UPDATE job SET {assignments} WHERE id = ?",  # noqa: S608 -- names from _CHANGEABLE, values bound
                    [*(values[name] for name in names), job_id],
                )
                row = conn.execute(f"SELECT {_COLUMNS} FROM job WHERE id = ?", (job_id,)).fetchone()  # noqa: S608 -- fixed text
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            if cursor.rowcount == 0 or row is None:
                raise KeyError(job_id)
            return _job(row)

        return self._file.run(change)

    def delete(self, job_id: int) -> None:
        self._file.run(lambda conn: conn.execute("DELETE FROM job WHERE id = ?", (job_id,)))

    # --- reading ---------------------------------------------------------------------

    def get(self, job_id: int) -> Job | None:
        row = self._file.run(
            lambda conn: conn.execute(f"SELECT {_COLUMNS} FROM job WHERE id = ?", (job_id,)).fetchone()  # noqa: S608 -- fixed text
        )
        return None if row is None else _job(row)

    def pending(self, environment: str) -> builtins.list[Job]:
        """Pending jobs (`PENDING_STATES`) of ``environment``, oldest first (resumed in order)."""
        rows = self._file.run(
            lambda conn: conn.execute(
                f"SELECT {_COLUMNS} FROM job WHERE environment = ? AND state IN (?, ?, ?)"  # noqa: S608 -- fixed text
                " ORDER BY requested_at, id",
                (environment, *(state.value for state in PENDING_STATES)),
            ).fetchall()
        )
        return [_job(row) for row in rows]

    def find_pending(self, environment: str, kind: ProcessingKind, params: Mapping[str, str]) -> Job | None:
        """The newest pending job of ``environment`` of this kind with exactly these parameters."""
        wanted = _params_json(params)
        row = self._file.run(
            lambda conn: conn.execute(
                f"SELECT {_COLUMNS} FROM job WHERE environment = ? AND kind = ? AND params = ?"  # noqa: S608 -- fixed text
                " AND state IN (?, ?, ?) ORDER BY requested_at DESC, id DESC LIMIT 1",
                (environment, ProcessingKind(kind).value, wanted, *(state.value for state in PENDING_STATES)),
            ).fetchone()
        )
        return None if row is None else _job(row)

    def list(self, environment: str, limit: int = 200) -> builtins.list[Job]:
        """The jobs of ``environment``, newest first."""
        rows = self._file.run(
            lambda conn: conn.execute(
                f"SELECT {_COLUMNS} FROM job WHERE environment = ?"  # noqa: S608 -- fixed text
                " ORDER BY requested_at DESC, id DESC LIMIT ?",
                (environment, limit),
            ).fetchall()
        )
        return [_job(row) for row in rows]
