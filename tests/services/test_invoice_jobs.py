"""The job store on the office database (SQLite and PostgreSQL): round trips, ordering,
threads, a damaged file, a restart, who asked, what every desk is told."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from postalgui.api.models.invoices import ProcessingKind, ProcessingRecord
from postalgui.services.invoices.jobs import TOPIC, Job, JobState, JobStore, JobStoreError
from postalgui.store.office import OfficeStore
from postalgui.store.urls import sqlite_url

ANALYTIC = {"fatura": "1234567", "tipoDocumento": "RE", "drFatura": "00010", "itemFatura": "001"}
PREVIEW = {"tipoPrevia": "SINTETICO", "contrato": "9912208555", "dr": "10", "centroCusto": "ÁREA-1"}


def record(
    status: str = "SOLICITADO", processing_id: str = "3f1c2b7e-0000-4000-8000-000000000001"
) -> ProcessingRecord:
    return ProcessingRecord.model_validate(
        {
            "id": processing_id,
            "tipoProcessamento": "EXTRATO_ANALITICO",
            "status": status,
            "dataSolicitacao": "2026-03-02T10:15:00",
            "parametros": {"idFatura": "1234567"},
        }
    )


@pytest.fixture
def store(office_store: OfficeStore) -> Iterator[JobStore]:
    """Jobs on the office database: a SQLite file, then the PostgreSQL test server."""
    jobs = JobStore(office_store)
    yield jobs
    jobs.close()


def test_new_jobs_say_who_asked_and_every_write_is_told(store: JobStore) -> None:
    heard: list[str] = []
    store.office.subscribe(heard.append)
    job = store.add("sandbox", ProcessingKind.EXTRATO_ANALITICO, record(), ANALYTIC)
    assert job.created_by == "clerk.a"
    store.office.author = "clerk.b"  # another login on the same desk: the job stays clerk.a's
    assert store.update(job.id, state=JobState.READY).created_by == "clerk.a"
    other = store.add("sandbox", ProcessingKind.EXTRATO_ANALITICO, record(), ANALYTIC)
    assert other.created_by == "clerk.b"
    if not store.shared:  # on SQLite the feed tells at once; PostgreSQL's listener is tested in store/
        assert heard.count(TOPIC) == 3


def test_every_field_round_trips(store: JobStore, tmp_path: Path) -> None:
    at = datetime(2026, 3, 2, 10, 15, 30, 123456, tzinfo=timezone(timedelta(hours=-3)))
    job = store.add("sandbox", ProcessingKind.EXTRATO_ANALITICO, record(), ANALYTIC, at=at)
    assert job.environment == "sandbox"
    assert job.kind is ProcessingKind.EXTRATO_ANALITICO
    assert job.processing_id == "3f1c2b7e-0000-4000-8000-000000000001"
    assert job.params == ANALYTIC
    assert job.state is JobState.REQUESTED
    assert job.pending
    assert job.fatura == "1234567"
    assert job.requested_at == at
    assert job.requested_at.tzinfo is not None
    assert job.updated_at == at
    assert (job.finished_at, job.file_path, job.error) == (None, None, None)

    finished = datetime(2026, 3, 2, 13, 20, tzinfo=UTC)
    file_path = str(tmp_path / "cache" / "1-extrato.csv")
    changed = store.update(
        job.id, state=JobState.READY, finished_at=finished, file_path=file_path, error="a note"
    )
    assert changed.state is JobState.READY
    assert not changed.pending
    assert changed.finished_at == finished
    assert changed.file_path == file_path
    assert changed.path == Path(file_path)
    assert changed.error == "a note"
    assert changed.updated_at > at
    assert changed.requested_at == at
    assert store.get(job.id) == changed

    cleared = store.update(job.id, error=None, file_path=None)
    assert (cleared.error, cleared.file_path) == (None, None)


def test_a_preview_job_keeps_its_parameters_and_has_no_invoice(store: JobStore) -> None:
    job = store.add("homologation", ProcessingKind.PREVIA_SINTETICO, record("EM_EXECUCAO"), PREVIEW)
    assert job.state is JobState.PROCESSING
    assert job.fatura is None
    assert store.get(job.id) == job
    assert store.get(job.id).params["centroCusto"] == "ÁREA-1"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("status", "state"),
    [
        ("SOLICITADO", JobState.REQUESTED),
        ("EM_EXECUCAO", JobState.PROCESSING),
        ("SUCESSO", JobState.PROCESSING),  # finished there, not downloaded here yet
        ("ERRO", JobState.FAILED),
        ("EXCLUIDO", JobState.FAILED),
    ],
)
def test_the_first_state_follows_the_operator_status(store: JobStore, status: str, state: JobState) -> None:
    job = store.add("sandbox", ProcessingKind.EXTRATO_ANALITICO, record(status), ANALYTIC)
    assert job.state is state
    assert (job.error is not None) is (state is JobState.FAILED)


def test_list_is_newest_first_pending_oldest_first_per_environment(store: JobStore) -> None:
    base = datetime(2026, 1, 1, tzinfo=UTC)
    ids = [
        store.add(
            "sandbox", ProcessingKind.EXTRATO_ANALITICO, record(), ANALYTIC, at=base + timedelta(hours=n)
        ).id
        for n in range(4)
    ]
    other = store.add("production", ProcessingKind.EXTRATO_ANALITICO, record(), ANALYTIC, at=base)
    store.update(ids[1], state=JobState.READY)
    store.update(ids[2], state=JobState.FAILED)
    store.update(ids[3], state=JobState.PROCESSING)

    assert [job.id for job in store.list("sandbox")] == list(reversed(ids))
    assert [job.id for job in store.list("sandbox", limit=2)] == [ids[3], ids[2]]
    assert [job.id for job in store.pending("sandbox")] == [ids[0], ids[3]]
    assert [job.id for job in store.pending("production")] == [other.id]
    assert store.list("custom-0123456789") == []


def test_delete_and_unknown_ids(store: JobStore) -> None:
    job = store.add("sandbox", ProcessingKind.EXTRATO_ANALITICO, record(), ANALYTIC)
    store.delete(job.id)
    assert store.get(job.id) is None
    store.delete(job.id)  # twice is harmless
    with pytest.raises(KeyError):
        store.update(job.id, state=JobState.READY)


def test_update_refuses_unknown_or_bad_fields(store: JobStore) -> None:
    job = store.add("sandbox", ProcessingKind.EXTRATO_ANALITICO, record(), ANALYTIC)
    with pytest.raises(ValueError, match="environment"):
        store.update(job.id, environment="production")
    with pytest.raises(ValueError, match="state"):
        store.update(job.id, state=None)
    with pytest.raises(ValueError):  # noqa: PT011 -- the enum's own message
        store.update(job.id, state="done")
    with pytest.raises(TypeError):
        store.update(job.id, finished_at="yesterday")
    assert store.get(job.id) == job


def test_a_second_store_on_the_same_file_sees_pending_jobs(tmp_path: Path) -> None:
    """What a restart looks like: the app closes, a new one opens the same file."""
    (tmp_path / "data").mkdir()
    first = JobStore(tmp_path / "data")  # a folder gets office.sqlite3 inside it
    job = first.add("sandbox", ProcessingKind.EXTRATO_ANALITICO, record(), ANALYTIC)
    first.close()

    second = JobStore(tmp_path / "data" / "office.sqlite3")
    try:
        assert second.pending("sandbox") == [job]
        second.update(job.id, state=JobState.READY)
        assert second.pending("sandbox") == []
    finally:
        second.close()
    assert first.get(job.id).state is JobState.READY  # type: ignore[union-attr]  # reopened on use
    first.close()


def test_threads_share_the_store(store: JobStore) -> None:
    errors: list[BaseException] = []

    def work(worker: int) -> None:
        try:
            for n in range(20):
                job = store.add(f"env-{worker % 2}", ProcessingKind.EXTRATO_ANALITICO, record(), ANALYTIC)
                store.update(job.id, state=JobState.PROCESSING if n % 2 else JobState.READY)
                store.list(f"env-{worker % 2}")
        except BaseException as exc:  # noqa: BLE001 -- any failure in a thread is reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,), name=f"jobs-{n}") for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(store.list("env-0", limit=1000)) + len(store.list("env-1", limit=1000)) == 120
    assert len(store.pending("env-0")) + len(store.pending("env-1")) == 60


def test_a_corrupt_file_is_set_aside(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "jobs.sqlite3"
    path.write_bytes(b"this is not a database, it is a stray copy of something else" * 100)
    jobs = JobStore(path)
    try:
        with caplog.at_level(logging.WARNING, logger="postalgui.store.office"):
            assert jobs.list("sandbox") == []
        job = jobs.add("sandbox", ProcessingKind.EXTRATO_ANALITICO, record(), ANALYTIC)
        assert jobs.get(job.id) == job
    finally:
        jobs.close()
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("jobs.sqlite3.bad-")]
    assert len(aside) == 1
    assert aside[0].read_bytes().startswith(b"this is not a database")
    assert "unreadable" in caplog.text
    assert jobs.set_aside_path == aside[0]  # what the panel and the CLI tell the user


def test_a_sound_file_was_set_aside_nowhere(store: JobStore) -> None:
    store.list("sandbox")
    assert store.set_aside_path is None


def test_find_pending_matches_kind_parameters_and_environment(store: JobStore) -> None:
    base = datetime(2026, 1, 1, tzinfo=UTC)
    older = store.add("sandbox", ProcessingKind.EXTRATO_ANALITICO, record(), ANALYTIC, at=base)
    newer = store.add(
        "sandbox",
        ProcessingKind.EXTRATO_ANALITICO,
        record("EM_EXECUCAO"),
        ANALYTIC,
        at=base + timedelta(hours=1),
    )
    store.add("sandbox", ProcessingKind.PREVIA_SINTETICO, record(), PREVIEW)
    assert store.find_pending("sandbox", ProcessingKind.EXTRATO_ANALITICO, ANALYTIC) == newer
    assert store.find_pending("production", ProcessingKind.EXTRATO_ANALITICO, ANALYTIC) is None
    assert store.find_pending("sandbox", ProcessingKind.PREVIA_ANALITICO, PREVIEW) is None
    other_item = {**ANALYTIC, "itemFatura": "002"}
    assert store.find_pending("sandbox", ProcessingKind.EXTRATO_ANALITICO, other_item) is None
    store.update(newer.id, state=JobState.READY)
    assert store.find_pending(
        "sandbox", ProcessingKind.EXTRATO_ANALITICO, dict(reversed(ANALYTIC.items()))
    ) == (store.get(older.id))
    store.update(older.id, state=JobState.FAILED)
    assert store.find_pending("sandbox", ProcessingKind.EXTRATO_ANALITICO, ANALYTIC) is None


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "jobs.sqlite3"
    office = OfficeStore(sqlite_url(path))
    office.run(lambda c: c.exec_driver_sql("UPDATE postalgui_office_version SET version_num = '0099_future'"))
    office.close()
    jobs = JobStore(path)
    with pytest.raises(JobStoreError, match="newer"):
        jobs.list("sandbox")
    jobs.close()
    assert path.exists()


def test_job_is_frozen(store: JobStore) -> None:
    job = store.add("sandbox", ProcessingKind.EXTRATO_ANALITICO, record(), ANALYTIC)
    assert isinstance(job, Job)
    with pytest.raises(AttributeError):
        job.state = JobState.READY  # type: ignore[misc]


class _Service:
    """What `pending_request` reads of an `InvoiceService`: the jobs store and the environment."""

    env_key = "sandbox"

    def __init__(self, store: JobStore) -> None:
        self._store = store

    def jobs(self) -> JobStore:
        return self._store


def test_pending_request_continues_a_recent_one_and_expires_an_old_one(store: JobStore) -> None:
    from postalgui.api.cancel import PlainTask
    from postalgui.services.invoices.following import FILE_LIFETIME, pending_request

    service: Any = _Service(store)
    assert pending_request(PlainTask(), service, ProcessingKind.EXTRATO_ANALITICO, ANALYTIC) is None
    recent = store.add("sandbox", ProcessingKind.EXTRATO_ANALITICO, record(), ANALYTIC)
    assert pending_request(PlainTask(), service, ProcessingKind.EXTRATO_ANALITICO, ANALYTIC) == recent

    store.update(recent.id, requested_at=datetime.now(UTC) - FILE_LIFETIME - timedelta(minutes=1))
    assert pending_request(PlainTask(), service, ProcessingKind.EXTRATO_ANALITICO, ANALYTIC) is None
    expired = store.get(recent.id)
    assert expired is not None
    assert expired.state is JobState.EXPIRED


class _Analytic:
    """An invoice client whose analytic request answers as the test says."""

    def __init__(self, *outcomes: BaseException | ProcessingRecord) -> None:
        self.outcomes = list(outcomes)
        self.sent = 0

    def request_analytic(self, *_args: object) -> ProcessingRecord:
        self.sent += 1
        outcome = self.outcomes.pop(0)
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome


class _Requesting(_Service):
    def __init__(self, store: JobStore, client: _Analytic) -> None:
        super().__init__(store)
        self._client = client

    def client(self) -> _Analytic:
        return self._client


def test_a_request_without_an_answer_is_sent_again_only_when_asked_to(store: JobStore) -> None:
    """Written down before its POST: a refusal (nothing started) forgets it; no answer
    keeps it, and the next request of the same statement waits for the user's word."""
    from postalgui.api.cancel import PlainTask
    from postalgui.api.errors import ApiTimeoutError, BadRequestError
    from postalgui.services.invoices.documents import DocumentRef
    from postalgui.services.invoices.following import UnansweredRequestError, analytic_once

    ref = DocumentRef(fatura="1234567", tipo="RE", dr_fatura="00010", item="001")
    refused = BadRequestError(["Fatura inexistente"], status=400)
    client = _Analytic(refused, ApiTimeoutError("No answer"), record())
    service: Any = _Requesting(store, client)
    kind = ProcessingKind.EXTRATO_ANALITICO
    with pytest.raises(BadRequestError):
        analytic_once(PlainTask(), service, ref)
    assert store.unanswered("sandbox", kind, ANALYTIC) is None  # refused: nothing to ask about
    with pytest.raises(ApiTimeoutError):
        analytic_once(PlainTask(), service, ref)
    assert store.unanswered("sandbox", kind, ANALYTIC) is not None
    with pytest.raises(UnansweredRequestError):
        analytic_once(PlainTask(), service, ref)
    assert client.sent == 2  # the third was not sent
    asked = analytic_once(PlainTask(), service, ref, again=True)
    assert client.sent == 3
    assert store.pending("sandbox") == [asked.job]
    assert store.unanswered("sandbox", kind, ANALYTIC) is None  # kept with its job, in one transaction
