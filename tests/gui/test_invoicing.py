"""Invoice tasks against the real sandbox over HTTP: lists, PDFs, jobs followed, resumed, failed, expired."""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import requests
from pytestqt.qtbot import QtBot

from postalgui.api.cancel import Cancelled, PlainTask, Progress
from postalgui.api.errors import RetriesExhaustedError
from postalgui.api.models.invoices import (
    AnalyticItem,
    Invoice,
    PreviewKind,
    ProcessingKind,
    ProcessingRecord,
)
from postalgui.api.scopes import Scope
from postalgui.api.transport import RetryPolicy
from postalgui.gui.tasks import TaskRunner
from postalgui.sandbox.process import SandboxProcess
from postalgui.services.context import AppContext, build_context
from postalgui.services.invoices import use_cases as invoicing
from postalgui.services.invoices.jobs import Job, JobState
from tests.conftest import MemoryKeyring

FAST = 0.05
"""Poll interval of the tests (the app's is 2.5 s)."""

PROCESSING_PREFIX = "/faturas/v1/processamentos"


class FakeHandle(PlainTask):
    """A `PlainTask` that records its progress (and may act on it) on the calling thread."""

    def __init__(self, on_progress: Callable[[FakeHandle, Progress], None] | None = None) -> None:
        super().__init__(self._record)
        self.reports: list[Progress] = []
        self._act = on_progress

    def _record(self, report: Progress) -> None:
        self.reports.append(report)
        if self._act is not None:
            self._act(self, report)

    @property
    def texts(self) -> list[str]:
        return [report.text for report in self.reports]


class Sandbox:
    """The module's sandbox (a child process, like the app's) and its ``/_sandbox`` controls."""

    def __init__(self, url: str) -> None:
        self.url = url

    def control(self, method: str, path: str, body: Any = None) -> Any:
        response = requests.request(method, f"{self.url}/_sandbox{path}", json=body, timeout=5)
        response.raise_for_status()
        return response.json() if response.content else None

    def reset(self) -> None:
        """Faults off, clock back, processings forgotten, and fast (0.2 s) from now on."""
        self.control("PUT", "/faults", {})
        self.control("DELETE", "/faults/script")
        self.control("POST", "/clock/reset")
        self.control("DELETE", "/processing")
        self.control("PUT", "/config", {"processing_delay_s": 0.2, "file_lifetime_s": 7 * 86400})


@pytest.fixture(scope="module")
def sandbox_process() -> Iterator[Sandbox]:
    """One sandbox for the module: starting one per test would cost seconds each."""
    environ = {name: value for name, value in os.environ.items() if not name.startswith("POSTALGUI_")}
    server = SandboxProcess(port=0, environ=environ)
    server.start()
    try:
        assert server.wait_ready(15.0)
        yield Sandbox(server.url)
    finally:
        server.stop()


@pytest.fixture
def sandbox(sandbox_process: Sandbox) -> Iterator[Sandbox]:
    sandbox_process.reset()
    yield sandbox_process
    sandbox_process.reset()


def new_context(config_dir: Path, keyring_backend: MemoryKeyring, sandbox: Sandbox) -> AppContext:
    """The app's context on the test's folders, as a start of the app builds it.

    The sandbox environment with its demo company and login; the API base points at the
    module's sandbox instead of starting an embedded one.
    """
    environ = {"POSTALGUI_CONFIG_DIR": str(config_dir), "POSTALGUI_BASE_URL": sandbox.url}
    return build_context(environ=environ, keyring_backend=keyring_backend)


@pytest.fixture
def context(config_dir: Path, memory_keyring: MemoryKeyring, sandbox: Sandbox) -> Iterator[AppContext]:
    built = new_context(config_dir, memory_keyring, sandbox)
    yield built
    built.close()


@pytest.fixture
def invoices(context: AppContext) -> list[Invoice]:
    profile = context.profile
    assert profile.dr is not None
    start, end = invoicing.last_twelve_months(datetime.now(UTC).date())
    return invoicing.list_invoices(FakeHandle(), context.invoices, profile.contract, profile.dr, start, end)


def open_invoice(invoices: list[Invoice]) -> Invoice:
    return next(inv for inv in invoices if inv.open and inv.valor and inv.valor > 0)


def follow(context: AppContext, job: Job, handle: FakeHandle | None = None) -> Job:
    return invoicing.follow_job(handle or FakeHandle(), context.invoices, job.id, FAST)


def analytic_job(context: AppContext, invoice: Invoice) -> Job:
    return invoicing.request_analytic(FakeHandle(), context.invoices, invoice)


# --------------------------------------------------------------------------- plain calls


def test_contract_scope_names_the_profile_contract_and_dr(context: AppContext) -> None:
    scope = context.contract_scope()
    assert scope.kind is Scope.CONTRACT
    assert scope.contract == context.profile.contract
    assert scope.dr == context.profile.dr


def test_list_and_both_documents(context: AppContext, invoices: list[Invoice]) -> None:
    assert invoices
    invoice = open_invoice(invoices)
    handle = FakeHandle()
    folder = context.paths.cache_dir / "invoices" / context.env_key
    for kind in ("synthetic", "slip"):
        path = invoicing.fetch_document(handle, context.invoices, invoice, kind)
        assert path == folder / f"{invoice.id}-{invoice.itemFatura}-{kind}.pdf"
        assert path.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        f"{invoice.id}-{invoice.itemFatura}-{kind}.pdf" for kind in ("slip", "synthetic")
    )  # no partial files left beside them


def test_an_empty_period_is_an_empty_list(context: AppContext) -> None:
    profile = context.profile
    assert profile.dr is not None
    found = invoicing.list_invoices(
        FakeHandle(),
        context.invoices,
        profile.contract,
        profile.dr,
        date(1990, 1, 1),
        date(1990, 12, 31),
    )
    assert found == []


def test_divergences_are_a_list(context: AppContext) -> None:
    profile = context.profile
    assert profile.dr is not None
    start, end = invoicing.last_twelve_months(datetime.now(UTC).date())
    found = invoicing.divergences(FakeHandle(), context.invoices, profile.contract, profile.dr, start, end)
    assert isinstance(found, list)


# --------------------------------------------------------------------------- jobs


def test_analytic_job_is_followed_to_a_csv_that_reconciles(
    context: AppContext, invoices: list[Invoice]
) -> None:
    invoice = open_invoice(invoices)
    job = analytic_job(context, invoice)
    assert job.state is JobState.REQUESTED
    assert job.kind is ProcessingKind.EXTRATO_ANALITICO
    assert job.environment == context.env_key
    assert job.fatura == str(invoice.id)
    assert job.params["itemFatura"] == invoice.itemFatura
    assert len(job.params["drFatura"]) == 5

    handle = FakeHandle()
    done = follow(context, job, handle)
    assert done.state is JobState.READY
    assert done.finished_at is not None
    assert done.error is None
    assert done.path is not None
    assert done.path.parent == context.paths.cache_dir / "jobs" / context.env_key
    assert done.path.suffix == ".csv"
    assert handle.texts[0] == "requested"
    assert handle.texts[-1] == "ready"
    assert set(handle.texts) <= {"requested", "processing", "ready"}
    assert all(isinstance(report.payload, Job) for report in handle.reports)
    assert context.job_store().get(job.id) == done

    statement, reconciliation = invoicing.load_analytic(FakeHandle(), done.path)
    assert statement.items
    # Items and block 4 agree; block 5 adds adjustments (minimum quota, credits...) to
    # reach the invoice's value, so the items need not equal the invoice total.
    assert reconciliation.mismatched_services == []
    assert reconciliation.items_total == reconciliation.services_total
    assert statement.invoice_total == invoice.valor

    again = follow(context, done)  # a finished job is returned as it is
    assert again == done


@pytest.mark.parametrize(
    ("kind", "suffix"), [(PreviewKind.SINTETICO, ".pdf"), (PreviewKind.ANALITICO, ".csv")]
)
def test_preview_jobs_give_their_file(context: AppContext, kind: PreviewKind, suffix: str) -> None:
    profile = context.profile
    assert profile.dr is not None
    job = invoicing.request_preview(FakeHandle(), context.invoices, kind, profile.contract, profile.dr, None)
    assert job.kind.value == f"PREVIA_{kind.value}"
    assert job.params == {"tipoPrevia": kind.value, "contrato": profile.contract, "dr": str(profile.dr)}
    assert job.fatura is None
    done = follow(context, job)
    assert done.state is JobState.READY
    assert done.path is not None
    assert done.path.suffix == suffix
    if suffix == ".pdf":
        assert done.path.read_bytes().startswith(b"%PDF")
    else:
        statement, _ = invoicing.load_analytic(FakeHandle(), done.path)
        assert statement.items


def test_a_pending_job_is_resumed_after_a_restart(
    context: AppContext,
    sandbox: Sandbox,
    invoices: list[Invoice],
    config_dir: Path,
    memory_keyring: MemoryKeyring,
) -> None:
    job = analytic_job(context, open_invoice(invoices))
    context.job_store().close()  # the app quits with the job pending...

    # ...and starts again on the same folders; the operator (the context) is still there.
    restarted = new_context(config_dir, memory_keyring, sandbox)
    try:
        assert restarted.env_key == context.env_key
        pending = invoicing.pending_jobs(FakeHandle(), restarted.invoices)
        assert [found.id for found in pending] == [job.id]
        assert pending[0].processing_id == job.processing_id
        done = follow(restarted, pending[0])
        assert done.state is JobState.READY
        assert done.path is not None
        assert done.path.is_file()
    finally:
        restarted.close()
    assert context.job_store().get(job.id) == done  # the first store reopens and sees it too


def test_erro_makes_the_job_failed_with_the_operator_reason(
    context: AppContext, sandbox: Sandbox, invoices: list[Invoice]
) -> None:
    sandbox.control("POST", "/processing/fail-next", {"count": 1})
    job = analytic_job(context, open_invoice(invoices))
    handle = FakeHandle()
    done = follow(context, job, handle)
    assert done.state is JobState.FAILED
    assert done.error is not None
    assert "ERRO" in done.error
    assert "FAT-033" in done.error
    assert done.file_path is None
    assert handle.texts[-1] == "failed"
    assert invoicing.pending_jobs(FakeHandle(), context.invoices) == []


def test_a_processing_the_operator_forgot_is_failed(
    context: AppContext, sandbox: Sandbox, invoices: list[Invoice]
) -> None:
    job = analytic_job(context, open_invoice(invoices))
    sandbox.control("DELETE", "/processing")
    done = follow(context, job)
    assert done.state is JobState.FAILED
    assert done.error == invoicing.GONE_TEXT


def test_a_file_past_its_seven_days_is_expired(
    context: AppContext, sandbox: Sandbox, invoices: list[Invoice]
) -> None:
    job = analytic_job(context, open_invoice(invoices))
    done = follow(context, job)
    assert done.state is JobState.READY
    assert done.path is not None

    sandbox.control("POST", "/clock/advance", {"seconds": 8 * 86400})
    assert follow(context, done) == done  # the local copy is still here: nothing to ask

    done.path.unlink()  # the cache was cleaned: fetch again, and the operator has dropped it
    expired = follow(context, done)
    assert expired.state is JobState.EXPIRED
    assert expired.error == invoicing.EXPIRED_TEXT


def test_a_job_not_followed_for_seven_days_is_expired(
    context: AppContext, sandbox: Sandbox, invoices: list[Invoice]
) -> None:
    job = analytic_job(context, open_invoice(invoices))
    sandbox.control("POST", "/clock/advance", {"seconds": 8 * 86400})
    expired = follow(context, job)
    assert expired.state is JobState.EXPIRED
    assert "request it again" in (expired.error or "")


def test_a_410_on_the_download_expires_the_job(
    context: AppContext, sandbox: Sandbox, invoices: list[Invoice]
) -> None:
    job = analytic_job(context, open_invoice(invoices))
    sandbox.control(
        "POST",
        "/faults/script",
        {
            "status": 410,
            "path_prefix": f"{PROCESSING_PREFIX}/{job.processing_id}/file",
            "message": "FAT-031: gone",
        },
    )
    expired = follow(context, job)
    assert expired.state is JobState.EXPIRED
    assert expired.error == invoicing.EXPIRED_TEXT
    assert not list((context.paths.cache_dir / "jobs" / context.env_key).glob("*"))


def test_cancel_leaves_the_job_pending_and_resumable(context: AppContext, invoices: list[Invoice]) -> None:
    job = analytic_job(context, open_invoice(invoices))

    def cancel_at_once(handle: FakeHandle, report: Progress) -> None:
        del report
        handle.cancel()

    with pytest.raises(Cancelled):
        follow(context, job, FakeHandle(cancel_at_once))
    stored = context.job_store().get(job.id)
    assert stored is not None
    assert stored.pending
    assert [found.id for found in invoicing.pending_jobs(FakeHandle(), context.invoices)] == [job.id]
    assert follow(context, job).state is JobState.READY


def test_network_failures_are_retried_on_the_next_poll(
    context: AppContext, sandbox: Sandbox, invoices: list[Invoice]
) -> None:
    job = analytic_job(context, open_invoice(invoices))
    sandbox.control("POST", "/faults/script", {"status": 500, "path_prefix": PROCESSING_PREFIX, "count": 2})
    done = follow(context, job)
    assert done.state is JobState.READY
    assert done.error is None


def test_a_longer_outage_pauses_the_job_without_failing_it(
    context: AppContext, sandbox: Sandbox, invoices: list[Invoice], monkeypatch: pytest.MonkeyPatch
) -> None:
    job = analytic_job(context, open_invoice(invoices))
    monkeypatch.setattr(RetryPolicy, "backoff", lambda _self, _attempt, _rng: 0.0)  # no real waiting
    attempts = invoicing.NETWORK_ATTEMPTS * RetryPolicy().max_attempts  # each poll retries a 500 itself
    outage = {"status": 500, "path_prefix": PROCESSING_PREFIX, "count": attempts}
    sandbox.control("POST", "/faults/script", outage)
    handle = FakeHandle()
    with pytest.raises(RetriesExhaustedError):
        follow(context, job, handle)
    paused = context.job_store().get(job.id)
    assert paused is not None
    assert paused.pending
    assert paused.error is not None
    assert isinstance(handle.reports[-1].payload, Job)
    assert handle.reports[-1].payload.error == paused.error

    done = follow(context, job)  # the network is back (the laptop woke up)
    assert done.state is JobState.READY
    assert done.error is None


def test_delete_job_removes_its_file(context: AppContext, invoices: list[Invoice]) -> None:
    done = follow(context, analytic_job(context, open_invoice(invoices)))
    assert done.path is not None
    assert done.path.exists()
    invoicing.delete_job(FakeHandle(), context.invoices, done.id)
    assert not done.path.exists()
    assert context.job_store().get(done.id) is None
    invoicing.delete_job(FakeHandle(), context.invoices, done.id)  # twice is harmless


def test_a_job_followed_through_the_task_runner(
    context: AppContext, invoices: list[Invoice], qtbot: QtBot
) -> None:
    """The app's path: progress and the result arrive on the GUI thread as signals."""
    job = analytic_job(context, open_invoice(invoices))
    runner = TaskRunner()
    results: list[object] = []
    reports: list[Progress] = []
    try:
        runner.run(
            invoicing.follow_job,
            context.invoices,
            job.id,
            FAST,
            on_result=results.append,
            on_progress=reports.append,
        )
        qtbot.waitUntil(lambda: bool(results), timeout=10_000)
    finally:
        assert runner.shutdown(5000)
    done = results[0]
    assert isinstance(done, Job)
    assert done.state is JobState.READY
    assert [report.text for report in reports][-1] == "ready"
    assert reports[-1].payload == done


# --------------------------------------------------------------------------- no network


def record(processing_id: str) -> ProcessingRecord:
    return ProcessingRecord.model_validate({"id": processing_id, "status": "SOLICITADO"})


def test_refresh_expiry_with_fabricated_times(context: AppContext, tmp_path: Path) -> None:
    store = context.job_store()
    env = context.env_key
    now = datetime.now(UTC)
    old, recent = now - timedelta(days=8), now - timedelta(days=2)
    params = {"fatura": "1", "tipoDocumento": "RE", "drFatura": "00010", "itemFatura": "001"}

    def add(name: str, at: datetime) -> Job:
        return store.add(env, ProcessingKind.EXTRATO_ANALITICO, record(name), params, at=at)

    stale_pending = add("a", old)
    fresh_pending = add("b", recent)
    here = tmp_path / "kept.csv"
    here.write_text("x", encoding="utf-8")
    old_ready_kept = store.update(
        add("c", old).id, state=JobState.READY, finished_at=old, file_path=str(here)
    )
    old_ready_gone = store.update(
        add("d", old).id, state=JobState.READY, finished_at=old, file_path=str(tmp_path / "gone.csv")
    )
    new_ready_gone = store.update(
        add("e", recent).id, state=JobState.READY, finished_at=recent, file_path=str(tmp_path / "gone2.csv")
    )
    failed = store.update(add("f", old).id, state=JobState.FAILED, finished_at=old, error="ERRO")
    other_env = store.add("production", ProcessingKind.EXTRATO_ANALITICO, record("g"), params, at=old)

    listed = invoicing.refresh_expiry(FakeHandle(), context.invoices)
    states = {job.id: job.state for job in listed}
    assert states == {
        stale_pending.id: JobState.EXPIRED,
        fresh_pending.id: JobState.REQUESTED,
        old_ready_kept.id: JobState.READY,
        old_ready_gone.id: JobState.EXPIRED,
        new_ready_gone.id: JobState.READY,
        failed.id: JobState.FAILED,
    }
    newest_first = [fresh_pending.id, new_ready_gone.id]  # requested 2 days ago
    newest_first = sorted(newest_first, reverse=True) + sorted(set(states) - set(newest_first), reverse=True)
    assert [job.id for job in listed] == newest_first
    assert store.get(other_env.id) == other_env  # another environment is left alone
    assert store.get(stale_pending.id).error == invoicing.EXPIRED_TEXT  # type: ignore[union-attr]
    assert [job.id for job in invoicing.pending_jobs(FakeHandle(), context.invoices)] == [fresh_pending.id]


def test_pending_jobs_expire_the_stale_ones(context: AppContext) -> None:
    store = context.job_store()
    params = {"tipoPrevia": "SINTETICO", "contrato": "1", "dr": "10"}
    stale = store.add(
        context.env_key,
        ProcessingKind.PREVIA_SINTETICO,
        record("x"),
        params,
        at=datetime.now(UTC) - timedelta(days=9),
    )
    assert invoicing.pending_jobs(FakeHandle(), context.invoices) == []
    assert store.get(stale.id).state is JobState.EXPIRED  # type: ignore[union-attr]


def item(n: int, valor: str) -> AnalyticItem:
    return AnalyticItem(
        cartao="0067599079",
        titular="ACME; LTDA",
        codigo_servico="03220",
        servico="SEDEX CONTRATO AG",
        data_postagem="02/03/2026",
        servicos_adicionais="",
        unidade_postagem="AC CENTRAL",
        cep_destinatario="20040020",
        etiqueta=f"AB{n:09d}BR",
        documento="",
        peso=300,
        valor_unitario=Decimal(valor),
        desconto=Decimal("0"),
        quantidade=1,
        valor_liquido=Decimal(valor),
        valor_declarado=Decimal("1234.5"),
    )


def test_export_items_csv(tmp_path: Path) -> None:
    path = tmp_path / "out" / "items.csv"
    written = invoicing.export_items_csv(FakeHandle(), path, [item(1, "10.68"), item(2, "1234.5")])
    assert written == path
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=";"))
    assert rows[0] == list(invoicing.DETAIL_COLUMNS)
    assert rows[1][1] == "ACME; LTDA"
    assert rows[1][10:] == ["300", "10,68", "0,00", "1", "10,68", "1234,50"]
    assert rows[2][11] == "1234,50"
    assert len(rows) == 3
    assert [p.name for p in path.parent.iterdir()] == ["items.csv"]  # no temporary file left


@pytest.mark.parametrize(
    ("today", "start"),
    [
        (date(2026, 3, 15), date(2025, 4, 1)),
        (date(2026, 1, 31), date(2025, 2, 1)),
        (date(2026, 12, 1), date(2026, 1, 1)),
        (date(2024, 2, 29), date(2023, 3, 1)),
    ],
)
def test_last_twelve_months(today: date, start: date) -> None:
    assert invoicing.last_twelve_months(today) == (start, today)
