"""Following a job through what the operator answers, over a mocked operator (`responses`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import responses

from postalgui.api.cancel import PlainTask, Progress
from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.invoices import InvoiceClient
from postalgui.api.models.invoices import ProcessingKind, ProcessingRecord
from postalgui.api.tokens import DELEGATED_KEY, Scope, TokenManager, TokenScope
from postalgui.api.transport import RetryPolicy, Transport
from postalgui.services.invoices.following import NETWORK_ATTEMPTS, follow_job, pending_jobs
from postalgui.services.invoices.jobs import Job, JobState, JobStore
from postalgui.services.invoices.service import InvoiceService
from tests.conftest import MemoryKeyring

BASE = "https://api.example.test"
PROCESSING = "0b6c7a3e-1f7e-4c55-9a6e-1d2f3a4b5c6d"
STATUS_URL = f"{BASE}/faturas/v1/processamentos/{PROCESSING}"
CSV = "EXTRATO\n\nTOTALIZACAO FATURA\nDESCRICAO;QUANTIDADE;VALOR\nTOTAL DA FATURA;;10,00\n"
RECORD = {
    "id": PROCESSING,
    "tipoProcessamento": "EXTRATO_ANALITICO",
    "status": "SOLICITADO",
    "dataSolicitacao": "2026-03-01T10:00:00",
    "parametros": {"idFatura": "123456"},
}
DONE = {
    **RECORD,
    "status": "SUCESSO",
    "dataFimProcessamento": "2026-03-01T10:00:07",
    "nomeArquivo": "analitico_123456.csv",
    "tiporquivo": "text/csv",
}
PARAMS = {"fatura": "123456", "tipoDocumento": "RE", "drFatura": "00020", "itemFatura": "001"}


class MockedService(InvoiceService):
    """The feature over a mocked operator, a jobs file and a cache in ``folder``."""

    def __init__(self, client: InvoiceClient, store: JobStore, folder: Path) -> None:
        self._client = client
        self._store = store
        self._folder = folder

    def client(self) -> InvoiceClient:
        return self._client

    def jobs(self) -> JobStore:
        return self._store

    @property
    def env_key(self) -> str:
        return "test"

    @property
    def cache_dir(self) -> Path:
        return self._folder / "cache"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[MockedService]:
    with mocked_service(tmp_path) as mocked:
        yield mocked


@contextmanager
def mocked_service(tmp_path: Path) -> Iterator[MockedService]:
    """The feature over a mocked operator (`responses`), its files in ``tmp_path``."""
    transport = Transport(BASE, retry=RetryPolicy(max_attempts=1, backoff_base=0), sleep=lambda _s: None)
    keys = CredentialStore(MemoryKeyring())
    keys.set("test", DELEGATED_KEY, "delegated-key")
    tokens = TokenManager(transport, keys, "test", use_delegated=True)
    operator = OperatorClient(transport, tokens, TokenScope(Scope.LOGIN))
    store = JobStore(tmp_path / "jobs.sqlite3")
    scope = TokenScope(Scope.CONTRACT, contract="9912345678", dr=20)
    yield MockedService(InvoiceClient(operator, scope), store, tmp_path)
    store.close()
    operator.close()


def requested(service: MockedService, status: str = "SOLICITADO") -> Job:
    record = ProcessingRecord.model_validate({**RECORD, "status": status})
    return service.jobs().add("test", ProcessingKind.EXTRATO_ANALITICO, record, PARAMS)


@responses.activate
def test_a_status_outside_the_known_ones_is_followed_to_the_file(service: MockedService) -> None:
    """Before, the record failed validation: after 3 polls the job was left pending, unread."""
    for _ in range(NETWORK_ATTEMPTS + 2):
        responses.get(STATUS_URL, json={**RECORD, "status": "AGUARDANDO_FILA"})
    responses.get(STATUS_URL, json=DONE)
    responses.get(f"{STATUS_URL}/file", body=CSV, content_type="text/csv")
    seen: list[tuple[JobState, str | None]] = []

    def progress(report: Progress) -> None:
        assert isinstance(report.payload, Job)
        seen.append((report.payload.state, report.payload.operator_status))

    done = follow_job(PlainTask(progress), service, requested(service).id, interval_s=0)
    assert done.state is JobState.READY
    assert done.path is not None
    assert done.path.read_text() == CSV
    assert seen[:2] == [(JobState.REQUESTED, "SOLICITADO"), (JobState.UNKNOWN, "AGUARDANDO_FILA")]
    assert seen[-1] == (JobState.READY, "SUCESSO")


@responses.activate
def test_a_job_in_an_unknown_status_is_pending_and_resumed(service: MockedService) -> None:
    job = requested(service, "AGUARDANDO_FILA")
    assert (job.state, job.operator_status) == (JobState.UNKNOWN, "AGUARDANDO_FILA")
    assert job.pending
    assert [pending.id for pending in pending_jobs(PlainTask(), service)] == [job.id]
    assert service.jobs().find_pending("test", ProcessingKind.EXTRATO_ANALITICO, PARAMS) == job
