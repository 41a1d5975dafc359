"""Invoice tasks for `TaskRunner`: lists, PDFs, asynchronous statements, exports.

Plain functions of their inputs and a `TaskHandle`; the HTTP client loads inside
them, on the worker thread. Invoices are authorized by contract (spec 001, 5), so
every call uses the context's contract scope.

An analytic statement or a preview is a job (`postalgui.services.invoices.jobs`):
requested, recorded at once, then followed by polling until its file is here.

Following a job survives what a laptop does to a network. A transient failure
(no connection, timeout, 5xx, 429, an unreadable answer) is retried on the next
poll; after `NETWORK_ATTEMPTS` failures in a row `follow_job` gives up *for now*:
it raises the last error and the job stays pending, with the error text in its
``error`` field, to be resumed on the next start or by the user. Only what the
operator says about the processing itself ends a job: ERRO, a 404 or a 400 for the
processing make it FAILED; a 410 on the file, or EXCLUIDO for a processing that had
finished (its file deleted after 7 days), EXPIRED; EXCLUIDO before any file, FAILED.
An authentication failure is raised with the job left pending (fix the credentials,
then resume). Cancelling leaves it pending too.

Files: PDFs of invoices in ``<cache>/invoices/<env_key>/``, job files in
``<cache>/jobs/<env_key>/``; the GUI offers them for "Save as".
"""

from __future__ import annotations

import csv
import io
import logging
import os
import tempfile
from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from postalgui.api.analytic import DETAIL_TITLES
from postalgui.api.cancel import cancel_scope
from postalgui.api.errors import (
    ApiError,
    BadRequestError,
    ConflictError,
    InvalidResponseError,
    NotFoundError,
    OperatorError,
    RateLimitError,
    RetriesExhaustedError,
    ServerError,
    TransportError,
)
from postalgui.api.models.invoices import PreviewKind, ProcessingKind, ProcessingStatus
from postalgui.services.context import AppContext
from postalgui.services.invoices.jobs import Job, JobState, state_of
from postalgui.services.tasks import TaskHandle

if TYPE_CHECKING:
    from postalgui.api.analytic import Reconciliation
    from postalgui.api.invoices import InvoiceClient
    from postalgui.api.models.invoices import (
        AnalyticItem,
        AnalyticStatement,
        Divergence,
        Invoice,
        ProcessingRecord,
    )

log = logging.getLogger(__name__)

FILE_LIFETIME = timedelta(days=7)
"""How long the operator keeps a processed file (spec 001, 8)."""

NETWORK_ATTEMPTS = 3
"""Polls in a row that may fail on the network before `follow_job` pauses the job."""

DEFAULT_ITEM = "001"
"""``itemFatura`` of every invoice but instalment ones (spec 001, 2.1)."""

EXPIRED_TEXT = "The file is no longer available; request it again"
GONE_TEXT = "The operator no longer knows this request (HTTP 404); request it again"
DELETED_TEXT = "The operator deleted this request (EXCLUIDO); request it again"
FAILED_TEXT = "The operator could not produce the file (ERRO)"

DETAIL_COLUMNS = DETAIL_TITLES
"""The detail block's titles, as exported (the operator's own order and words)."""
"""The detail block's titles, as the analytic statement writes them (spec 001, 2.1)."""

_PREVIEW_KINDS = {
    PreviewKind.SINTETICO: ProcessingKind.PREVIA_SINTETICO,
    PreviewKind.ANALITICO: ProcessingKind.PREVIA_ANALITICO,
}
_MEDIA_SUFFIXES = {"text/csv": ".csv", "application/pdf": ".pdf"}
_TRANSIENT = (
    TransportError,
    RetriesExhaustedError,
    ServerError,
    RateLimitError,
    InvalidResponseError,
    ConflictError,  # 409 on the file: "not finished yet" though the status said SUCESSO; ask again
)


# --------------------------------------------------------------------------- clients


def invoice_client(context: AppContext) -> InvoiceClient:
    """An invoice client over the context's backend, with the contract's token scope.

    Blocks on first use (sandbox start): background only.
    """
    from postalgui.api.invoices import InvoiceClient

    return InvoiceClient(context.backend().client, context.contract_scope())


def last_twelve_months(today: date) -> tuple[date, date]:
    """The default period of the invoice list: the first day of the month 11 months back, to today."""
    months = today.year * 12 + today.month - 1 - 11
    return date(months // 12, months % 12 + 1, 1), today


# --------------------------------------------------------------------------- invoices


def list_invoices(
    handle: TaskHandle, context: AppContext, contrato: str, dr: int, start: date, end: date
) -> list[Invoice]:
    """The contract's invoices in the period; none found is an empty list."""
    client = invoice_client(context)
    with cancel_scope(handle.token):
        return client.list_invoices(contrato, dr, start, end)


def _dr_fatura(context: AppContext, invoice: Invoice) -> str:
    """``drFatura``: the invoice's own, else the profile's DR; 5 digits (spec 001, 4.1)."""
    from postalgui.api.values import pad_dr_fatura

    value: str | int | None = (invoice.drFatura or "").strip() or context.profile.dr
    if value is None:
        raise ApiError("The invoice does not say its DR and none is configured: set the DR in Settings")
    return pad_dr_fatura(value)


def _document_params(context: AppContext, invoice: Invoice) -> tuple[str, str, str, str]:
    """``fatura``, ``tipoDocumento``, ``drFatura``, ``itemFatura`` of an invoice's documents."""
    from postalgui.api.values import pad_item_fatura

    tipo = (invoice.tipoDocumento or "").strip().upper()
    if not tipo:
        raise ApiError(f"Invoice {invoice.id} does not say its document type (tipoDocumento)")
    item = pad_item_fatura((invoice.itemFatura or "").strip() or DEFAULT_ITEM)
    return str(invoice.id), tipo, _dr_fatura(context, invoice), item


def fetch_document(
    handle: TaskHandle, context: AppContext, invoice: Invoice, kind: Literal["synthetic", "slip"]
) -> Path:
    """Download the synthetic statement or the payment slip (PDF) into the cache; its path.

    Always downloaded again: an open invoice's slip changes (interest, new due date),
    and the client writes a temporary file renamed when complete, so the old copy
    stays whole until the new one is.
    """
    fatura, tipo, dr_fatura, item = _document_params(context, invoice)
    dest = context.paths.cache_dir / "invoices" / context.env_key / f"{invoice.id}-{item}-{kind}.pdf"
    dest.parent.mkdir(parents=True, exist_ok=True)
    client = invoice_client(context)
    with cancel_scope(handle.token):
        if kind == "synthetic":
            return client.synthetic_pdf(fatura, tipo, dr_fatura, item, dest)
        if kind == "slip":
            return client.payment_slip_pdf(fatura, tipo, dr_fatura, item, dest)
    raise ValueError(f"unknown invoice document {kind!r}")


def divergences(
    handle: TaskHandle, context: AppContext, contrato: str, dr: int, start: date, end: date
) -> list[Divergence]:
    """Tariff divergences of open billing in the period."""
    client = invoice_client(context)
    with cancel_scope(handle.token):
        return client.divergences(contrato, dr, start, end)


# --------------------------------------------------------------------------- jobs


def _kind_of(record: ProcessingRecord, default: ProcessingKind) -> ProcessingKind:
    try:
        return ProcessingKind(record.tipoProcessamento or default)
    except ValueError:
        return default


def request_analytic(handle: TaskHandle, context: AppContext, invoice: Invoice) -> Job:
    """Ask for an invoice's analytic statement (CSV) and record the job."""
    fatura, tipo, dr_fatura, item = _document_params(context, invoice)
    client = invoice_client(context)
    with cancel_scope(handle.token):
        record = client.request_analytic(fatura, tipo, dr_fatura, item)
    params = {"fatura": fatura, "tipoDocumento": tipo, "drFatura": dr_fatura, "itemFatura": item}
    job = context.job_store().add(
        context.env_key, _kind_of(record, ProcessingKind.EXTRATO_ANALITICO), record, params
    )
    log.info(
        "Analytic statement of invoice %s requested: job %d, processing %s", fatura, job.id, job.processing_id
    )
    return job


def request_preview(
    handle: TaskHandle,
    context: AppContext,
    kind: PreviewKind,
    contrato: str,
    dr: int,
    centro_custo: str | None,
) -> Job:
    """Ask for a preview of the next invoice (records still to be invoiced) and record the job."""
    kind = PreviewKind(kind)
    client = invoice_client(context)
    with cancel_scope(handle.token):
        record = client.request_preview(kind, contrato, dr, centro_custo)
    params = {"tipoPrevia": kind.value, "contrato": contrato, "dr": str(dr)}
    if centro_custo:
        params["centroCusto"] = centro_custo
    job = context.job_store().add(context.env_key, _kind_of(record, _PREVIEW_KINDS[kind]), record, params)
    log.info(
        "Preview %s of contract %s requested: job %d, processing %s",
        kind.value,
        contrato,
        job.id,
        job.processing_id,
    )
    return job


def _now() -> datetime:
    return datetime.now(UTC)


def _suffix(job: Job, record: ProcessingRecord) -> str:
    """The file's extension: from the record's media type, else its file name, else the kind."""
    media = (record.file_type or "").split(";")[0].strip().casefold()
    if media in _MEDIA_SUFFIXES:
        return _MEDIA_SUFFIXES[media]
    name_suffix = Path(record.nomeArquivo or "").suffix.casefold()
    if name_suffix in (".csv", ".pdf"):
        return name_suffix
    return ".pdf" if job.kind is ProcessingKind.PREVIA_SINTETICO else ".csv"


def job_file(context: AppContext, job: Job, record: ProcessingRecord) -> Path:
    """Where a job's file goes: ``<cache>/jobs/<env_key>/<id>-<kind>[-<fatura>].<ext>``."""
    name = f"{job.id}-{job.kind.value.lower()}"
    if job.fatura:
        name += f"-{job.fatura}"
    elif job.params.get("contrato"):
        name += f"-{job.params['contrato']}"
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)
    return context.paths.cache_dir / "jobs" / context.env_key / f"{safe}{_suffix(job, record)}"


def _record_error(record: ProcessingRecord) -> str:
    """The operator's reason for ERRO, when the record carries one."""
    extra = record.model_extra or {}
    for key in ("mensagem", "msg", "erro", "descricaoErro", "motivo", "message"):
        value = extra.get(key)
        if isinstance(value, str) and value.strip():
            return f"{FAILED_TEXT}: {value.strip()}"
    msgs = extra.get("msgs")
    if isinstance(msgs, list) and msgs:
        return f"{FAILED_TEXT}: {'; '.join(str(m) for m in msgs)}"
    return FAILED_TEXT


def _expired(job: Job, now: datetime) -> bool:
    """A request older than the file's lifetime: its file, if any, is gone by now."""
    return now - job.requested_at > FILE_LIFETIME


def follow_job(handle: TaskHandle, context: AppContext, job_id: int, interval_s: float = 2.5) -> Job:
    """Poll a job until it is READY, FAILED or EXPIRED; each change reported as progress.

    Progress is ``(0, None, text=state.value, payload=job)``. A READY job whose file
    went missing is downloaded again while the operator still keeps it. On cancel
    the job stays pending and `Cancelled` propagates; on `NETWORK_ATTEMPTS` network
    failures in a row it stays pending and the last error is raised (module docstring).
    """
    store = context.job_store()
    job = store.get(job_id)
    if job is None:
        raise ApiError(f"There is no request number {job_id}")
    if job.state is JobState.READY and (job.path is None or not job.path.exists()):
        if job.finished_at is not None and _now() - job.finished_at > FILE_LIFETIME:
            return store.update(job.id, state=JobState.EXPIRED, error=EXPIRED_TEXT)
    elif not job.pending:
        return job
    elif _expired(job, _now()):
        return store.update(job.id, state=JobState.EXPIRED, finished_at=_now(), error=EXPIRED_TEXT)

    client = invoice_client(context)
    reported: tuple[JobState, str | None] | None = None
    failures = 0

    def report(current: Job) -> None:
        nonlocal reported
        if (current.state, current.error) != reported:
            reported = (current.state, current.error)
            handle.progress(0, None, text=current.state.value, payload=current)

    report(job)
    with cancel_scope(handle.token):
        while True:
            handle.raise_if_cancelled()
            try:
                job = _poll_once(context, client, job)
            except _TRANSIENT as exc:
                failures += 1
                log.info("Job %d: poll %d failed (%s)", job.id, failures, exc)
                job = store.update(job.id, error=str(exc))
                report(job)
                if failures >= NETWORK_ATTEMPTS:
                    raise
            else:
                failures = 0
                report(job)
                if not job.pending:
                    return job
            handle.token.wait(interval_s)


def _poll_once(context: AppContext, client: InvoiceClient, job: Job) -> Job:
    """One status query, and the download when the file is ready; the job as it now stands.

    Transient errors propagate (the caller counts them); the operator's verdicts
    (404, 400, ERRO, EXCLUIDO, 410) end the job here; a 409 on the file is transient.
    """
    store = context.job_store()
    try:
        record = client.processing(job.processing_id)
    except NotFoundError:
        return store.update(job.id, state=JobState.FAILED, finished_at=_now(), error=GONE_TEXT)
    except BadRequestError as exc:  # the operator refuses this processing id: asking again will not help
        return store.update(job.id, state=JobState.FAILED, finished_at=_now(), error=str(exc))
    except OperatorError as exc:
        if exc.status == 410:
            return store.update(job.id, state=JobState.EXPIRED, finished_at=_now(), error=EXPIRED_TEXT)
        raise
    if record.status is ProcessingStatus.ERRO:
        return store.update(job.id, state=JobState.FAILED, finished_at=_now(), error=_record_error(record))
    if record.status is ProcessingStatus.EXCLUIDO:
        if record.nomeArquivo or record.dataFimProcessamento:
            # It had finished: the file was deleted after its 7 days (what the operator's
            # status query answers once a file is gone).
            return store.update(job.id, state=JobState.EXPIRED, finished_at=_now(), error=EXPIRED_TEXT)
        return store.update(job.id, state=JobState.FAILED, finished_at=_now(), error=DELETED_TEXT)
    if record.status is not ProcessingStatus.SUCESSO:
        state = state_of(record.status)
        if state is job.state and job.error is None:
            return job
        return store.update(job.id, state=state, error=None)
    if job.state is not JobState.PROCESSING or job.error is not None:
        job = store.update(job.id, state=JobState.PROCESSING, error=None)
    dest = job_file(context, job, record)
    dest.parent.mkdir(parents=True, exist_ok=True)
    try:
        path = client.download_file(job.processing_id, dest)
    except NotFoundError:
        return store.update(job.id, state=JobState.FAILED, finished_at=_now(), error=GONE_TEXT)
    except OperatorError as exc:  # FileExpiredError, or a plain 410 from another client version
        if exc.status == 410:
            return store.update(job.id, state=JobState.EXPIRED, finished_at=_now(), error=EXPIRED_TEXT)
        raise
    log.info("Job %d ready: %s", job.id, path)
    return store.update(job.id, state=JobState.READY, finished_at=_now(), file_path=str(path), error=None)


def pending_jobs(handle: TaskHandle, context: AppContext) -> list[Job]:
    """The jobs to resume at start, oldest first; those past the file lifetime become EXPIRED."""
    handle.raise_if_cancelled()
    store = context.job_store()
    now = _now()
    found: list[Job] = []
    for job in store.pending(context.env_key):
        if _expired(job, now):
            store.update(job.id, state=JobState.EXPIRED, finished_at=now, error=EXPIRED_TEXT)
        else:
            found.append(job)
    return found


def refresh_expiry(handle: TaskHandle, context: AppContext) -> list[Job]:
    """Mark what the operator no longer keeps as EXPIRED; the environment's jobs, newest first.

    A READY job whose local file is gone and which finished more than 7 days ago, and
    a pending job requested more than 7 days ago, are EXPIRED. A READY job whose file
    is still here stays READY whatever its age: the file is the user's.
    """
    handle.raise_if_cancelled()
    store = context.job_store()
    now = _now()
    for job in store.list(context.env_key, limit=-1):
        if job.pending and _expired(job, now):
            store.update(job.id, state=JobState.EXPIRED, finished_at=now, error=EXPIRED_TEXT)
        elif (
            job.state is JobState.READY
            and (job.path is None or not job.path.exists())
            and job.finished_at is not None
            and now - job.finished_at > FILE_LIFETIME
        ):
            store.update(job.id, state=JobState.EXPIRED, error=EXPIRED_TEXT)
    return store.list(context.env_key)


def delete_job(handle: TaskHandle, context: AppContext, job_id: int) -> None:
    """Forget a job and delete its cached file (a file the user saved elsewhere is theirs)."""
    handle.raise_if_cancelled()
    store = context.job_store()
    job = store.get(job_id)
    if job is None:
        return
    if job.path is not None:
        cache = context.paths.cache_dir.resolve()
        try:
            path = job.path.resolve()
            if path.is_relative_to(cache):
                path.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("Could not delete the file of job %d: %s", job_id, exc)
    store.delete(job_id)


# --------------------------------------------------------------------------- analytic statements


def load_analytic(handle: TaskHandle, path: Path) -> tuple[AnalyticStatement, Reconciliation]:
    """Read an analytic statement CSV and check its items against its totals."""
    from postalgui.api.analytic import parse_analytic_csv, reconcile

    handle.raise_if_cancelled()
    statement = parse_analytic_csv(Path(path))
    handle.raise_if_cancelled()
    return statement, reconcile(statement)


def _decimal(value: Decimal, places: int = 2) -> str:
    """Decimal comma, at least ``places`` decimals, no thousands separator (spreadsheets read it)."""
    exponent = value.as_tuple().exponent
    if isinstance(exponent, int) and exponent > -places:
        value = value.quantize(Decimal(1).scaleb(-places))
    return format(value, "f").replace(".", ",")


def _item_row(item: AnalyticItem) -> list[str]:
    return [
        item.cartao,
        item.titular,
        item.codigo_servico,
        item.servico,
        item.data_postagem,
        item.servicos_adicionais,
        item.unidade_postagem,
        item.cep_destinatario,
        item.etiqueta,
        item.documento,
        str(item.peso),
        _decimal(item.valor_unitario),
        _decimal(item.desconto),
        str(item.quantidade),
        _decimal(item.valor_liquido),
        _decimal(item.valor_declarado),
    ]


def export_items_csv(handle: TaskHandle, path: Path, items: Sequence[AnalyticItem]) -> Path:
    """Write detail items (a filtered view of a statement): ``;``, decimal comma, UTF-8 with BOM.

    Written to a temporary file renamed over ``path``, so a failure leaves no half file.
    """
    path = Path(path)
    handle.raise_if_cancelled()
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, delimiter=";", quotechar='"', lineterminator="\r\n")
    writer.writerow(DETAIL_COLUMNS)
    for done, item in enumerate(items):
        if done % 5000 == 0:
            handle.raise_if_cancelled()
        writer.writerow(_item_row(item))
    data = buffer.getvalue().encode("utf-8-sig")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
