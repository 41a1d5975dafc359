"""Asynchronous files (analytic statements, previews) as jobs: requested, recorded, followed.

Plain functions of a `TaskControl` and the feature's `InvoiceService`, shared by the
GUI's jobs panel and the CLI. A request is recorded at once in the jobs store, then
followed by polling until its file is here. It is written down before it is sent too
(`JobStore.sending`): a run killed between the POST and storing the answer leaves that
line, and the next request of the same thing raises `UnansweredRequestError` instead of
starting a second processing at the operator, until the user says to ask again.

Following a job survives what a laptop does to a network. A transient failure
(no connection, timeout, 5xx, 429, an unreadable answer) is retried on the next
poll; after `NETWORK_ATTEMPTS` failures in a row `follow_job` gives up *for now*:
it raises the last error and the job stays pending, with the error text in its
``error`` field, to be resumed on the next start or by the user. Only what the
operator says about the processing itself ends a job: ERRO, a 404 or a 400 for the
processing make it FAILED; a status outside the known ones makes it UNKNOWN and it is
followed on (the spec says other statuses exist); a 410 on the file, or EXCLUIDO for a processing that had
finished (its file deleted after 7 days), EXPIRED; EXCLUIDO before any file, FAILED.
An authentication failure is raised with the job left pending (fix the credentials,
then resume). Cancelling leaves it pending too.

Job files go to ``<cache>/jobs/<env_key>/`` unless the caller names the file (the
CLI's ``--out``); the GUI offers them for "Save as".
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.analytic import parse_analytic_csv
from postalgui.api.cancel import TaskControl, cancel_scope
from postalgui.api.errors import (
    ApiError,
    BadRequestError,
    ConflictError,
    InvalidResponseError,
    NotFoundError,
    OperatorError,
    RateLimitError,
    RetriesExhaustedError,
    RoutineError,
    ServerError,
    TransportError,
)
from postalgui.api.models.invoices import Invoice, PreviewKind, ProcessingKind, ProcessingStatus
from postalgui.api.said import Said
from postalgui.services.invoices.book import keep_quietly
from postalgui.services.invoices.documents import DocumentRef, document_ref
from postalgui.services.invoices.jobs import Job, JobState, Sending, state_of

if TYPE_CHECKING:
    from postalgui.api.invoices import InvoiceClient
    from postalgui.api.models.invoices import ProcessingRecord
    from postalgui.services.invoices.jobs import JobStore
    from postalgui.services.invoices.service import InvoiceService

log = logging.getLogger(__name__)

FILE_LIFETIME = timedelta(days=7)
"""How long the operator keeps a processed file (spec 001, 8)."""

NETWORK_ATTEMPTS = 3
"""Polls in a row that may fail on the network before `follow_job` pauses the job."""

POLL_INTERVAL_S = 2.5
"""How often a followed job's processing is asked about."""

EXPIRED_TEXT = "The file is no longer available; request it again"
GONE_TEXT = "The operator no longer knows this request (HTTP 404); request it again"
DELETED_TEXT = "The operator deleted this request (EXCLUIDO); request it again"
FAILED_TEXT = "The operator could not produce the file (ERRO)"

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


def _kind_of(record: ProcessingRecord, default: ProcessingKind) -> ProcessingKind:
    try:
        return ProcessingKind(record.tipoProcessamento or default)
    except ValueError:
        return default


_Send = Callable[[], "ProcessingRecord"]
"""The POST of one asynchronous request."""


class UnansweredRequestError(RoutineError):
    """This request was sent before and its answer never stored (the run was killed):
    the operator may be preparing it already, under an id no one kept, and the spec has
    no list of processings to look it up. Only the user can say to ask again (the GUI
    asks, the CLI wants ``--again``)."""

    def __init__(self, sent: Sending) -> None:
        self.sent = sent
        when = sent.sent_at.astimezone().strftime("%d/%m/%Y %H:%M")
        if self.unreadable:
            super().__init__(
                f"This request was sent on {when} and the operator took it (HTTP {sent.http_status}), "
                "but its answer could not be read: the operator is preparing it already"
            )
            return
        super().__init__(
            f"This request was sent on {when} and its answer was lost (the program stopped "
            "before keeping it): the operator may be preparing it already"
        )

    @property
    def unreadable(self) -> bool:
        """The operator answered 2xx and the answer could not be read (kept raw in ``sent.answer``)."""
        return self.sent.http_status is not None and 200 <= self.sent.http_status < 300


def _sent_once(
    task: TaskControl, service: InvoiceService, kind: ProcessingKind, params: dict[str, str], send: _Send
) -> tuple[ProcessingRecord, Sending]:
    """``send()`` the request, written down before it goes (`JobStore.sending`).

    The line stays when no answer came (a timeout, a cancel, a dropped connection: the
    operator may have it) and goes when the operator refused it (nothing was started).
    """
    store = service.jobs()
    sent = store.sending(service.env_key, kind, params)
    try:
        with cancel_scope(task.token):
            return send(), sent
    except InvalidResponseError as exc:
        if not exc.delivered:  # a refusal the client could not read: nothing was started
            store.unsent(sent)
            raise
        store.unreadable(sent, exc.status, exc.raw)  # taken: never sent again by itself
        kept = Sending(sent.id, sent.kind, sent.params, sent.sent_at, exc.status, exc.raw)
        raise UnansweredRequestError(kept) from exc
    except ApiError as exc:
        if exc.status is not None and exc.status < 500:  # the operator said no: nothing was started
            store.unsent(sent)
        raise


def _unanswered(
    task: TaskControl, service: InvoiceService, kind: ProcessingKind, params: dict[str, str], *, again: bool
) -> None:
    """Raise `UnansweredRequestError` for a request sent before and never answered, unless
    the user said to ask ``again`` (or the file it asked for would have expired anyway)."""
    task.raise_if_cancelled()
    store = service.jobs()
    sent = store.unanswered(service.env_key, kind, params)
    if sent is None:
        return
    if again or _now() - sent.sent_at > FILE_LIFETIME:
        store.unsent(sent)
        return
    raise UnansweredRequestError(sent)


def request_analytic(task: TaskControl, service: InvoiceService, invoice: Invoice | DocumentRef) -> Job:
    """Ask for an invoice's analytic statement (CSV) and record the job."""
    ref = document_ref(service, invoice)
    client = service.client()
    record, sent = _sent_once(
        task,
        service,
        ProcessingKind.EXTRATO_ANALITICO,
        ref.params(),
        lambda: client.request_analytic(ref.fatura, ref.tipo, ref.dr_fatura, ref.item),
    )
    kind = _kind_of(record, ProcessingKind.EXTRATO_ANALITICO)
    job = service.jobs().add(service.env_key, kind, record, ref.params(), sent=sent)
    log.info(
        "Analytic statement of invoice %s requested: job %d, processing %s",
        ref.fatura,
        job.id,
        job.processing_id,
    )
    return job


def request_preview(
    task: TaskControl,
    service: InvoiceService,
    kind: PreviewKind,
    contrato: str,
    dr: int,
    centro_custo: str | None,
) -> Job:
    """Ask for a preview of the next invoice (records still to be invoiced) and record the job."""
    kind = PreviewKind(kind)
    client = service.client()
    params = preview_params(kind, contrato, dr, centro_custo)
    record, sent = _sent_once(
        task,
        service,
        _PREVIEW_KINDS[kind],
        params,
        lambda: client.request_preview(kind, contrato, dr, centro_custo),
    )
    job = service.jobs().add(
        service.env_key, _kind_of(record, _PREVIEW_KINDS[kind]), record, params, sent=sent
    )
    log.info(
        "Preview %s of contract %s requested: job %d, processing %s",
        kind.value,
        contrato,
        job.id,
        job.processing_id,
    )
    return job


def preview_params(kind: PreviewKind, contrato: str, dr: int, centro_custo: str | None) -> dict[str, str]:
    """A preview request's inputs as its job records them (the operator's names)."""
    params = {"tipoPrevia": PreviewKind(kind).value, "contrato": contrato, "dr": str(dr)}
    if centro_custo:
        params["centroCusto"] = centro_custo
    return params


def preview_kind(kind: PreviewKind) -> ProcessingKind:
    """The processing kind of a preview request."""
    return _PREVIEW_KINDS[PreviewKind(kind)]


def pending_request(
    task: TaskControl, service: InvoiceService, kind: ProcessingKind, params: dict[str, str]
) -> Job | None:
    """A pending job that asked the same thing (kind and inputs), to follow instead of asking again.

    A second request would start a second processing at the operator; an interrupted
    one (Ctrl+C, a killed run, a closed window) is still being prepared there. One
    older than the file lifetime is marked EXPIRED and not returned.
    """
    task.raise_if_cancelled()
    store = service.jobs()
    job = store.find_pending(service.env_key, kind, params)
    if job is not None and _expired(job, _now()):
        store.update(job.id, state=JobState.EXPIRED, finished_at=_now(), error=EXPIRED_TEXT)
        return None
    return job


@dataclass(frozen=True)
class Asked:
    """A request's job, and whether it was a pending one followed instead of a new request."""

    job: Job
    continued: bool


def analytic_once(
    task: TaskControl, service: InvoiceService, invoice: Invoice | DocumentRef, again: bool = False
) -> Asked:
    """The pending job that asked for this statement, else a new request (a second click,
    a second run or a killed one never starts a second processing at the operator).

    A request sent before whose answer was lost raises `UnansweredRequestError` unless
    ``again`` (the user's answer to it).
    """
    ref = document_ref(service, invoice)
    job = pending_request(task, service, ProcessingKind.EXTRATO_ANALITICO, ref.params())
    if job is not None:
        return Asked(job, continued=True)
    _unanswered(task, service, ProcessingKind.EXTRATO_ANALITICO, ref.params(), again=again)
    return Asked(request_analytic(task, service, ref), continued=False)


def preview_once(
    task: TaskControl,
    service: InvoiceService,
    kind: PreviewKind,
    contrato: str,
    dr: int,
    centro_custo: str | None,
    again: bool = False,
) -> Asked:
    """The pending job that asked for this preview, else a new request (as `analytic_once`)."""
    params = preview_params(kind, contrato, dr, centro_custo)
    job = pending_request(task, service, preview_kind(kind), params)
    if job is not None:
        return Asked(job, continued=True)
    _unanswered(task, service, preview_kind(kind), params, again=again)
    return Asked(request_preview(task, service, kind, contrato, dr, centro_custo), continued=False)


def invoice_of(job: Job) -> Invoice:
    """The invoice an analytic statement job was asked for, enough to ask again."""
    return Invoice.model_validate(
        {
            "id": job.params.get("fatura", ""),
            "tipoDocumento": job.params.get("tipoDocumento"),
            "drFatura": job.params.get("drFatura"),
            "itemFatura": job.params.get("itemFatura"),
        }
    )


def request_again(task: TaskControl, service: InvoiceService, job: Job) -> Job:
    """Ask the operator anew for what a failed or expired ``job`` asked (its recorded
    inputs; a preview without a DR takes the contract's); the new job, recorded."""
    if job.kind is ProcessingKind.EXTRATO_ANALITICO:
        return request_analytic(task, service, invoice_of(job))
    try:
        dr = int(job.params.get("dr", ""))
    except ValueError:
        dr = service.dr or 0
    default = PreviewKind.SINTETICO if job.kind is ProcessingKind.PREVIA_SINTETICO else PreviewKind.ANALITICO
    kind = PreviewKind(job.params.get("tipoPrevia") or default.value)
    return request_preview(
        task, service, kind, job.params.get("contrato", ""), dr, job.params.get("centroCusto") or None
    )


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


def job_file(service: InvoiceService, job: Job, record: ProcessingRecord | None) -> Path:
    """Where a job's file goes: ``<cache>/jobs/<env_key>/<id>-<kind>[-<fatura>].<ext>``, the
    same name on every desk (no ``.<ext>`` without the operator's ``record``)."""
    name = f"{job.id}-{job.kind.value.lower()}"
    if job.fatura:
        name += f"-{job.fatura}"
    elif job.params.get("contrato"):
        name += f"-{job.params['contrato']}"
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)
    suffix = "" if record is None else _suffix(job, record)
    return service.cache_dir / "jobs" / service.env_key / f"{safe}{suffix}"


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


def follow_job(
    task: TaskControl[Job],
    service: InvoiceService,
    job_id: int,
    interval_s: float = POLL_INTERVAL_S,
    dest: Path | None = None,
) -> Job:
    """Poll a job until it is READY, FAILED or EXPIRED; each change reported as progress.

    Progress is ``(0, None, text=state.value, payload=job)``. A READY job whose file
    went missing is downloaded again while the operator still keeps it. On cancel
    the job stays pending and `Cancelled` propagates; on `NETWORK_ATTEMPTS` network
    failures in a row it stays pending and the last error is raised (module docstring).
    """
    store = service.jobs()
    job = store.get(job_id)
    if job is None:
        raise ApiError(Said("There is no request number {number}", number=job_id))
    if job.state is JobState.READY and (job.path is None or not job.path.exists()):
        if job.finished_at is not None and _now() - job.finished_at > FILE_LIFETIME:
            if store.shared:  # the desk that downloaded it may have it: not expired for everyone
                return job
            return store.update(job.id, state=JobState.EXPIRED, error=EXPIRED_TEXT)
    elif not job.pending:
        return job
    elif _expired(job, _now()):
        return store.update(job.id, state=JobState.EXPIRED, finished_at=_now(), error=EXPIRED_TEXT)

    client = service.client()
    reported: tuple[JobState, str | None, str | None] | None = None
    failures = 0

    def report(current: Job) -> None:
        nonlocal reported
        if (current.state, current.error, current.operator_status) != reported:
            reported = (current.state, current.error, current.operator_status)
            task.progress(0, None, text=current.state.value, payload=current)

    report(job)
    with cancel_scope(task.token):
        while True:
            task.raise_if_cancelled()
            try:
                job = _poll_once(service, client, job, dest)
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
            task.token.wait(interval_s)


def _poll_once(service: InvoiceService, client: InvoiceClient, job: Job, dest: Path | None) -> Job:
    """One status query, and the download when the file is ready; the job as it now stands.

    Transient errors propagate (the caller counts them); the operator's verdicts
    (404, 400, ERRO, EXCLUIDO, 410) end the job here; a 409 on the file is transient.
    """
    store = service.jobs()
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
    job, download = _apply_status(store, job, record)
    if not download:
        return job
    if dest is None:
        dest = job_file(service, job, record)
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
    job = store.update(job.id, state=JobState.READY, finished_at=_now(), file_path=str(path), error=None)
    _keep_statement(service, job, Path(path))
    return job


def _keep_statement(service: InvoiceService, job: Job, path: Path) -> None:
    """An analytic statement's file just landed: the office database keeps what it says
    (the Overview's spending per service), unless some desk kept it already."""
    if job.kind is not ProcessingKind.EXTRATO_ANALITICO or path.suffix.casefold() != ".csv":
        return
    keep = service.statement_keeper(job.fatura, job.params.get("tipoDocumento"))
    if keep is not None:
        keep_quietly(f"the statement of job {job.id}", lambda: keep(parse_analytic_csv(path)))


def _apply_status(store: JobStore, job: Job, record: ProcessingRecord) -> tuple[Job, bool]:
    """The job after the operator's status, and whether its file is to be downloaded now
    (SUCESSO). ERRO and EXCLUIDO end it; SOLICITADO, EM_EXECUCAO and a word outside the
    known ones (UNKNOWN) keep it followed. The operator's word is kept as it changes."""
    word = record.status_text or record.status.value
    now = _now()
    if record.status in (ProcessingStatus.ERRO, ProcessingStatus.EXCLUIDO):
        # EXCLUIDO after it had finished: the file was deleted after its 7 days (what the
        # operator's status query answers once a file is gone); before, the request was.
        gone = bool(record.nomeArquivo or record.dataFimProcessamento)
        if record.status is ProcessingStatus.ERRO:
            state, error = JobState.FAILED, _record_error(record)
        else:
            state, error = (JobState.EXPIRED, EXPIRED_TEXT) if gone else (JobState.FAILED, DELETED_TEXT)
        ended = store.update(job.id, state=state, finished_at=now, error=error, operator_status=word)
        return ended, False
    state = state_of(record.status)  # SUCESSO is PROCESSING until the file is here
    if state is not job.state or job.error is not None or job.operator_status != word:
        job = store.update(job.id, state=state, error=None, operator_status=word)
    return job, record.status is ProcessingStatus.SUCESSO


def pending_jobs(task: TaskControl, service: InvoiceService) -> list[Job]:
    """The jobs to resume at start, oldest first; those past the file lifetime become EXPIRED."""
    task.raise_if_cancelled()
    store = service.jobs()
    now = _now()
    found: list[Job] = []
    for job in store.pending(service.env_key):
        if _expired(job, now):
            store.update(job.id, state=JobState.EXPIRED, finished_at=now, error=EXPIRED_TEXT)
        else:
            found.append(job)
    return found


def refresh_expiry(task: TaskControl, service: InvoiceService) -> list[Job]:
    """Mark what the operator no longer keeps as EXPIRED; the environment's jobs, newest first.

    A READY job whose local file is gone and which finished more than 7 days ago, and
    a pending job requested more than 7 days ago, are EXPIRED. A READY job whose file
    is still here stays READY whatever its age: the file is the user's. On a shared
    database a READY job stays READY: its file may be on the desk that downloaded it.
    """
    task.raise_if_cancelled()
    store = service.jobs()
    now = _now()
    for job in store.list(service.env_key, limit=-1):
        if job.pending and _expired(job, now):
            store.update(job.id, state=JobState.EXPIRED, finished_at=now, error=EXPIRED_TEXT)
        elif (
            not store.shared
            and job.state is JobState.READY
            and (job.path is None or not job.path.exists())
            and job.finished_at is not None
            and now - job.finished_at > FILE_LIFETIME
        ):
            store.update(job.id, state=JobState.EXPIRED, error=EXPIRED_TEXT)
    return store.list(service.env_key)


def stored_jobs(task: TaskControl, service: InvoiceService) -> list[Job]:
    """The environment's jobs as stored, newest first (what another desk changed), writing nothing."""
    task.raise_if_cancelled()
    return service.jobs().list(service.env_key)


def delete_job(task: TaskControl, service: InvoiceService, job_id: int) -> None:
    """Forget a job and delete its cached file (a file the user saved elsewhere is theirs)."""
    task.raise_if_cancelled()
    store = service.jobs()
    job = store.get(job_id)
    if job is None:
        return
    if job.path is not None:
        cache = service.cache_dir.resolve()
        try:
            path = job.path.resolve()
            if path.is_relative_to(cache):
                path.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("Could not delete the file of job %d: %s", job_id, exc)
    store.delete(job_id)
