"""A job's file across desks sharing the office database: another desk lists the job READY
without its file, and opening it there fetches it again from the operator into that desk's
cache, or says it is on another desk and expired (issue 25, "their files' index")."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import responses

from postalgui.api.cancel import PlainTask
from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.invoices import InvoiceClient
from postalgui.api.tokens import DELEGATED_KEY, Scope, TokenManager, TokenScope
from postalgui.api.transport import RetryPolicy, Transport
from postalgui.services.invoices.following import follow_job, refresh_expiry
from postalgui.services.invoices.job_files import JobFileGoneError, fetch_job_file, file_here
from postalgui.services.invoices.jobs import Job, JobState, JobStore
from postalgui.store.office import OfficeStore
from tests.conftest import MemoryKeyring
from tests.services.test_invoice_following import BASE, CSV, DONE, STATUS_URL, MockedService, requested

FILE_URL = f"{STATUS_URL}/file"
Desks = tuple[MockedService, MockedService]


def _operator(key: str) -> OperatorClient:
    transport = Transport(BASE, retry=RetryPolicy(max_attempts=1, backoff_base=0), sleep=lambda _s: None)
    keys = CredentialStore(MemoryKeyring())
    keys.set("test", DELEGATED_KEY, key)
    tokens = TokenManager(transport, keys, "test", use_delegated=True)
    return OperatorClient(transport, tokens, TokenScope(Scope.LOGIN))


@pytest.fixture
def desks(office_store: OfficeStore, tmp_path: Path) -> Iterator[Desks]:
    """Two desks (their own caches and clients) on one office database: SQLite, then PostgreSQL."""
    store = JobStore(office_store)
    scope = TokenScope(Scope.CONTRACT, contract="9912345678", dr=20)
    operators = [_operator("key-a"), _operator("key-b")]
    yield (
        MockedService(InvoiceClient(operators[0], scope), store, tmp_path / "desk-a"),
        MockedService(InvoiceClient(operators[1], scope), store, tmp_path / "desk-b"),
    )
    for operator in operators:
        operator.close()


def _ready_on_desk_a(desks: Desks) -> tuple[Path, Job, MockedService]:
    """Desk A follows a request to READY (its file in A's cache); the job as desk B lists it, and B."""
    desk_a, desk_b = desks
    responses.get(STATUS_URL, json=DONE)
    responses.get(FILE_URL, body=CSV, content_type="text/csv")
    done = follow_job(PlainTask(), desk_a, requested(desk_a).id, interval_s=0)
    assert done.path is not None
    [job] = desk_b.jobs().list("test")
    assert job.state is JobState.READY
    return done.path, job, desk_b


@responses.activate
def test_another_desk_fetches_a_ready_jobs_file_into_its_own_cache(desks: Desks) -> None:
    saved_on_a, job, desk_b = _ready_on_desk_a(desks)
    saved_on_a.rename(saved_on_a.with_name("moved.csv"))  # desk B's disk: no file at that path
    assert file_here(desk_b, job) is None

    fetched = fetch_job_file(PlainTask(), desk_b, job.id)
    assert fetched.path is not None
    assert fetched.path.is_relative_to(desk_b.cache_dir)
    assert fetched.path.read_text() == CSV
    assert responses.assert_call_count(FILE_URL, 2)
    stored = desk_b.jobs().get(job.id)
    assert stored is not None
    assert stored.state is JobState.READY
    if desk_b.jobs().shared:  # the row keeps where desk A saved it: desk A opens its own file
        assert stored.file_path == str(saved_on_a)
    assert file_here(desk_b, stored) == fetched.path  # found in desk B's cache from now on
    again = fetch_job_file(PlainTask(), desk_b, job.id)
    assert again.path == fetched.path
    assert responses.assert_call_count(FILE_URL, 2)  # not fetched twice


@responses.activate
def test_past_the_operators_seven_days_it_says_the_file_is_on_another_desk(desks: Desks) -> None:
    saved_on_a, job, desk_b = _ready_on_desk_a(desks)
    desk_b.jobs().update(job.id, finished_at=datetime.now(UTC) - timedelta(days=8))
    saved_on_a.unlink()  # as desk B sees it
    with pytest.raises(JobFileGoneError) as caught:
        fetch_job_file(PlainTask(), desk_b, job.id)
    shared = desk_b.jobs().shared
    assert caught.value.elsewhere is shared
    assert ("is on another desk" if shared else "is no longer on this computer") in str(caught.value)
    assert "request it again" in str(caught.value)
    assert responses.assert_call_count(FILE_URL, 1)  # nothing asked of the operator
    refresh_expiry(PlainTask(), desk_b)
    stored = desk_b.jobs().get(job.id)
    assert stored is not None
    # Shared: desk A may still have the file, so the job is not expired for everyone.
    assert stored.state is (JobState.READY if shared else JobState.EXPIRED)


@responses.activate
def test_a_file_the_operator_no_longer_has_is_said_gone(desks: Desks) -> None:
    saved_on_a, job, desk_b = _ready_on_desk_a(desks)
    saved_on_a.unlink()
    responses.get(STATUS_URL, json=DONE)
    responses.get(FILE_URL, status=410, json={"msgs": ["Arquivo expirado"]})
    with pytest.raises(JobFileGoneError):
        fetch_job_file(PlainTask(), desk_b, job.id)
