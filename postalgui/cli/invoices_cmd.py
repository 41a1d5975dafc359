"""``postalgui invoices``: list invoices, download their PDFs, fetch analytic statements and previews.

Invoices are authorized by contract: every call uses a contract token of ``--contrato``
and ``--dr`` (default: the configured contract and DR). Input is checked before
anything is sent, and a rejection names the option (``--de``), exit status 2.

The commands run the feature's own use cases (`postalgui.services.invoices`) with a
`PlainTask`, as the window runs them with its task runner: an analytic statement or a
preview is a job, recorded in the same store as the window's and followed the same way.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import PlainTask, Progress
from postalgui.api.models.invoices import Divergence, Invoice, PreviewKind
from postalgui.api.values import (
    InvalidValue,
    format_brl,
    format_date_ui,
    format_decimal_dot,
    pad_contract_number,
    pad_dr_fatura,
    pad_item_fatura,
    parse_date_dmy,
    parse_date_iso,
)
from postalgui.cli.language import number, say
from postalgui.cli.options import (
    BadOption,
    add_json,
    command_group,
    contract_options,
    out_file,
    out_option,
    subcommand,
)
from postalgui.cli.output import (
    EXIT_API_ERROR,
    EXIT_OK,
    error,
    print_json,
    print_table,
    progress_line,
    visible,
)
from postalgui.cli.worded import routine_text
from postalgui.services.context import AppContext
from postalgui.services.invoices.documents import (
    DEFAULT_ITEM,
    DocumentKind,
    DocumentRef,
    divergences,
    fetch_document,
    last_twelve_months,
    list_invoices,
)
from postalgui.services.invoices.following import (
    POLL_INTERVAL_S,
    UnansweredRequestError,
    analytic_once,
    follow_job,
    preview_once,
    refresh_expiry,
)
from postalgui.services.invoices.job_files import fetch_job_file
from postalgui.services.invoices.jobs import Job, JobState
from postalgui.services.invoices.service import InvoiceService
from postalgui.services.spreadsheet import is_xlsx

if TYPE_CHECKING:
    from postalgui.cli.options import Commands, Options

_MONEY_KEYS = ("valor", "vl", "pc", "diferenca")
"""Keys of money fields an operator record may carry beyond the typed ones."""


def add_parser(commands: Commands) -> None:
    sub = command_group(
        commands,
        "invoices",
        "invoices: list, PDFs, analytic statements, previews, divergences",
        "Query the operator's invoice service with a contract token. Contract and DR "
        "default to the configured ones, periods to the last 12 months. Money is printed as "
        'R$ 1.234,56, or with --json as the operator\'s fields with a dot decimal separator ("1234.56").',
    )
    subcommand(
        sub,
        "list",
        _run_list,
        contract_options(),
        _add_closing_period_options,
        add_json,
        summary="list the invoices of a contract",
        description="List the invoices of a contract closed in a period: --de and --ate are closing "
        "dates (dataFechamento), not due dates (GET /faturas/v1/faturas).",
    )
    subcommand(
        sub,
        "pdf",
        _run_pdf,
        _invoice_options(document_required=True),
        _add_boleto_option,
        out_option("FILE.pdf", "where to save the PDF"),
        summary="download an invoice's synthetic statement or payment slip (PDF)",
        description="Download the synthetic statement (GET .../sintetico/pdf) or, with --boleto, the "
        "payment slip (GET .../boleto/pdf) of an invoice.",
    )
    _add_job_parsers(sub)
    subcommand(
        sub,
        "divergences",
        _run_divergences,
        contract_options(),
        _add_period_options,
        add_json,
        summary="list tariff divergences of open billing",
        description="List the tariff divergences of a contract's open billing "
        "(GET /faturas/v1/faturas/divergencias).",
    )


def _add_job_parsers(sub: Commands) -> None:
    """The asynchronous files: analytic, preview, and the jobs they leave (jobs, resume)."""
    _add_request_parsers(sub)
    _add_stored_job_parsers(sub)


def _add_request_parsers(sub: Commands) -> None:
    """analytic and preview: request, wait for and download one file."""
    subcommand(
        sub,
        "analytic",
        _run_analytic,
        _invoice_options(document_required=False),
        out_option(
            "FILE.csv",
            "where to save the CSV; a name ending in .xlsx gets the detail items as an Excel workbook",
        ),
        _add_poll_option,
        _add_again_option,
        summary="request, wait for and download an invoice's analytic statement (CSV)",
        description="Request the analytic statement of an invoice (POST .../analitico), poll its "
        "processing every 2.5 s and download the CSV. Ctrl+C stops waiting; a request still pending "
        "for the same invoice (an interrupted run, the window's) is continued instead of sent again, "
        "and one sent by a run that stopped before keeping its answer is sent again only with --again.",
    )
    subcommand(
        sub,
        "preview",
        _run_preview,
        _add_preview_kind,
        contract_options(),
        _add_cost_centre_option,
        out_option(
            "FILE",
            "where to save the file; an ANALITICO named .xlsx gets its items as an Excel workbook",
        ),
        _add_poll_option,
        _add_again_option,
        summary="request, wait for and download a preview of the next invoice",
        description="Request a preview of the invoice in progress (POST /faturas/v1/previas): "
        "SINTETICO is a PDF, ANALITICO a CSV. Polls every 2.5 s, then downloads; a pending request "
        "with the same inputs is continued instead of sent again.",
    )


def _add_again_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--again",
        action="store_true",
        help="send the request even though a run that stopped (killed, a power cut) sent it and lost "
        "the answer: the operator may then prepare the file twice",
    )


def _add_stored_job_parsers(sub: Commands) -> None:
    """jobs and resume: the requests the store keeps, listed or finished."""
    subcommand(
        sub,
        "jobs",
        _run_jobs,
        add_json,
        summary="list the analytic statements and previews requested here or in the window",
        description="List the asynchronous requests (analytic statements, previews) of the current "
        "environment, newest first, from the jobs store the Invoices tab uses. Requests the operator "
        "no longer keeps (7 days) are marked expired.",
    )
    subcommand(
        sub,
        "resume",
        _run_resume,
        _add_job_arg,
        out_option("FILE", "where to save the file"),
        contract_options(),
        _add_poll_option,
        summary="finish a request: wait for its file and download it",
        description="Follow a pending request (its ID from 'invoices jobs') until its file is ready, "
        "then download it; a ready request's file is copied. Contract and DR default to the request's "
        "own (a preview's) or the configured ones.",
    )


def _add_boleto_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--boleto", action="store_true", help="the payment slip instead of the statement")


def _add_preview_kind(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--tipo",
        required=True,
        type=str.upper,
        choices=[kind.value for kind in PreviewKind],
        help="SINTETICO (PDF) or ANALITICO (CSV)",
    )


def _add_cost_centre_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--centro-custo", help="only this cost centre")


def _add_job_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("job", type=int, metavar="ID", help="the request's ID in 'invoices jobs'")


def _add_period_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--de", metavar="DD-MM-YYYY", help="start of the period (default: 12 months ago)")
    parser.add_argument("--ate", metavar="DD-MM-YYYY", help="end of the period (default: today)")


def _add_closing_period_options(parser: argparse.ArgumentParser) -> None:
    """The invoice list's period: closing dates, as the client and the sandbox take it."""
    parser.add_argument(
        "--de",
        metavar="DD-MM-YYYY",
        help="first closing date (dataFechamento) listed (default: 12 months ago)",
    )
    parser.add_argument(
        "--ate", metavar="DD-MM-YYYY", help="last closing date (dataFechamento) listed (default: today)"
    )


def _invoice_options(*, document_required: bool) -> Options:
    """FATURA, its document type, DR and item, then ``--contrato``/``--dr``."""

    def add(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("invoice", metavar="FATURA", help="invoice number")
        document_help = "document type as the list shows it: RE, RT, RZ, RA..."
        parser.add_argument(
            "--tipo-documento",
            required=document_required,
            default=None if document_required else "RE",
            help=document_help if document_required else f"{document_help} (default RE)",
        )
        parser.add_argument("--dr-fatura", help="DR of the invoice (default: the configured DR)")
        parser.add_argument("--item", default=DEFAULT_ITEM, help="invoice item, 3 digits (default 001)")
        contract_options()(parser)

    return add


def _add_poll_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--poll-interval", type=float, default=POLL_INTERVAL_S, help=argparse.SUPPRESS)


# --------------------------------------------------------------------------- shared input


@dataclass(frozen=True)
class _Contract:
    number: str
    dr: int

    def service(self, context: AppContext) -> InvoiceService:
        """The feature with this contract's token."""
        return context.invoices.for_contract(self.number, self.dr)


def _checked(option: str, parse: Callable[[Any], Any], value: Any) -> Any:
    try:
        return parse(value)
    except InvalidValue as exc:
        raise BadOption(f"{option}: {routine_text(exc)}") from None


def _contract(args: argparse.Namespace, context: AppContext) -> _Contract:
    profile = context.profile
    number = args.contrato if args.contrato is not None else profile.contract
    if not number:
        raise BadOption(say("--contrato: no contract is configured (Settings or POSTALGUI_CONTRACT)"))
    dr = args.dr if args.dr is not None else profile.dr
    if dr is None or dr == "":
        raise BadOption(say("--dr: no DR is configured (Settings or POSTALGUI_DR)"))
    padded = _checked("--contrato", pad_contract_number, number)
    return _Contract(padded, int(_checked("--dr", pad_dr_fatura, dr)))


def _period(args: argparse.Namespace) -> tuple[date, date]:
    default_start, default_end = last_twelve_months(date.today())
    start = default_start if args.de is None else _checked("--de", parse_date_dmy, args.de)
    end = default_end if args.ate is None else _checked("--ate", parse_date_dmy, args.ate)
    if start > end:
        raise BadOption(
            say(
                "--de: the period starts after it ends ({start} > {end})",
                start=args.de or start,
                end=args.ate or end,
            )
        )
    return start, end


def _invoice_ref(args: argparse.Namespace, context: AppContext) -> DocumentRef:
    # lazy: the command line starts without it
    from postalgui.api.invoices import parse_document_type, parse_invoice_number

    dr_fatura = args.dr_fatura if args.dr_fatura is not None else args.dr
    if dr_fatura is None:
        dr_fatura = context.profile.dr
    if dr_fatura is None:
        raise BadOption(say("--dr-fatura: no DR is configured (Settings or POSTALGUI_DR)"))
    return DocumentRef(
        _checked("FATURA", parse_invoice_number, args.invoice),
        _checked("--tipo-documento", parse_document_type, args.tipo_documento),
        _checked("--dr-fatura", pad_dr_fatura, dr_fatura),
        _checked("--item", pad_item_fatura, args.item),
    )


# --------------------------------------------------------------------------- list


def _run_list(args: argparse.Namespace, context: AppContext) -> int:
    contract = _contract(args, context)
    start, end = _period(args)
    service = contract.service(context)
    invoices = list_invoices(PlainTask(), service, contract.number, contract.dr, start, end)
    if args.json:
        print_json([invoice_json(invoice) for invoice in invoices])
        return EXIT_OK
    if not invoices:
        error(
            say(
                "no invoices of contract {contract} in {period}",
                contract=contract.number,
                period=_shown_period(start, end),
            )
        )
        return EXIT_OK
    print_table(
        [say("NUMBER"), say("DUE"), say("CLOSING"), say("AMOUNT"), say("STATUS"), say("TYPE"), say("ITEM")],
        [
            [
                str(invoice.id),
                _ui_date(invoice.vencimento),
                _ui_date(invoice.dataFechamento),
                "" if invoice.valor is None else format_brl(invoice.valor),
                invoice.status or "",
                invoice.tipoDocumento or "",
                invoice.itemFatura or "",
            ]
            for invoice in invoices
        ],
        right={3},
    )
    return EXIT_OK


def invoice_json(invoice: Invoice) -> dict[str, Any]:
    """An invoice with the operator's field names; money as dot strings, dates ISO."""
    return _money_as_text(
        invoice.model_dump(mode="json", exclude_none=True), invoice.valor, invoice.valorEmAberto
    )


def _money_as_text(
    data: dict[str, Any], valor: Decimal | None = None, open_value: Decimal | None = None
) -> dict[str, Any]:
    if valor is not None:
        data["valor"] = format_decimal_dot(valor)
    if open_value is not None:
        data["valorEmAberto"] = format_decimal_dot(open_value)
    return data


def _shown_period(start: date, end: date) -> str:
    return f"{format_date_ui(start)} - {format_date_ui(end)}"


def _ui_date(day: date | None) -> str:
    return "" if day is None else format_date_ui(day)


# --------------------------------------------------------------------------- PDFs


def _run_pdf(args: argparse.Namespace, context: AppContext) -> int:
    contract = _contract(args, context)
    ref = _invoice_ref(args, context)
    out = out_file(args.out)
    kind: DocumentKind = "slip" if args.boleto else "synthetic"
    path = fetch_document(PlainTask(), contract.service(context), ref, kind, out)
    sys.stdout.write(f"{path}\n")
    return EXIT_OK


# --------------------------------------------------------------------------- asynchronous files


def _run_analytic(args: argparse.Namespace, context: AppContext) -> int:
    contract = _contract(args, context)
    ref = _invoice_ref(args, context)
    out = out_file(args.out)
    interval = _interval(args.poll_interval)
    service = contract.service(context)
    try:
        asked = analytic_once(PlainTask(), service, ref, again=args.again)
    except UnansweredRequestError as exc:
        return _unanswered(exc)
    return _follow(service, asked.job, out, interval, continued=asked.continued)


def _unanswered(exc: UnansweredRequestError) -> int:
    """A request a killed run sent: said, and sent again only with ``--again``."""
    error(
        say(
            "{problem}; see 'postalgui invoices jobs', and run again with --again to send it anyway",
            problem=exc,
        )
    )
    return EXIT_API_ERROR


def _run_preview(args: argparse.Namespace, context: AppContext) -> int:
    contract = _contract(args, context)
    out = out_file(args.out)
    interval = _interval(args.poll_interval)
    service = contract.service(context)
    kind = PreviewKind(args.tipo)
    if is_xlsx(out) and kind is not PreviewKind.ANALITICO:
        raise BadOption(say("--out: a SINTETICO preview is a PDF; name the file .pdf"))
    try:
        asked = preview_once(
            PlainTask(), service, kind, contract.number, contract.dr, args.centro_custo, again=args.again
        )
    except UnansweredRequestError as exc:
        return _unanswered(exc)
    return _follow(service, asked.job, out, interval, continued=asked.continued)


def _run_resume(args: argparse.Namespace, context: AppContext) -> int:
    out = out_file(args.out)
    interval = _interval(args.poll_interval)
    store = context.invoices.jobs()
    job = store.get(args.job)
    if job is None or job.environment != context.env_key:
        _say_set_aside(context.invoices)
        raise BadOption(
            say("ID: no request {id} in this environment (see 'postalgui invoices jobs')", id=args.job)
        )
    if args.contrato is None and job.params.get("contrato"):
        args.contrato = job.params["contrato"]
    if args.dr is None and job.params.get("dr"):
        args.dr = job.params["dr"]
    service = _contract(args, context).service(context)
    return _follow(service, job, out, interval, continued=True)


def _interval(value: float) -> float:
    if not value >= 0:  # also refuses NaN
        raise BadOption(say("--poll-interval: must be zero or more seconds"))
    return float(value)


_SHOWN_STATUS = {
    JobState.REQUESTED: "SOLICITADO",
    JobState.PROCESSING: "EM_EXECUCAO",
    JobState.READY: "SUCESSO",
}
"""A job's state in the operator's words (what the progress line has always shown)."""


def _started_words(job: Job, *, continued: bool) -> str:
    """The request followed: one sent now, or one sent before and continued."""
    if not continued:
        return say(
            "processing {processing} requested (request {id})", processing=job.processing_id, id=job.id
        )
    return say(
        "continuing request {id}: processing {processing}, requested {requested}",
        id=job.id,
        processing=job.processing_id,
        requested=job.requested_at.astimezone().strftime("%d/%m/%Y %H:%M"),
    )


def _follow(service: InvoiceService, job: Job, out: Path, interval: float, *, continued: bool) -> int:
    """Follow the job (`follow_job`) with a progress line on stderr; its file goes to ``out``."""
    shown = sys.stderr.isatty()
    sys.stderr.write(_started_words(job, continued=continued) + "\n")
    _say_set_aside(service)
    started = time.monotonic()

    def progress(report: Progress[Job]) -> None:
        if report.payload is None:
            return
        state = report.payload.state
        if state is JobState.UNKNOWN:  # the operator's own word, followed on
            shown_status = say("{status} (unknown status)", status=report.payload.operator_status)
        elif state in _SHOWN_STATUS:
            shown_status = _SHOWN_STATUS[state]
        else:
            return
        elapsed = time.monotonic() - started
        progress_line(
            say("status {status}… {seconds} s", status=shown_status, seconds=number(round(elapsed)))
        )

    try:
        # a workbook is made from the statement the operator sends (kept in the cache)
        done = follow_job(PlainTask(progress), service, job.id, interval, dest=None if is_xlsx(out) else out)
    except KeyboardInterrupt:
        if shown:
            sys.stderr.write("\n")
        error(
            say(
                "stopped waiting; the operator keeps processing {processing} (files are kept 7 days): "
                "'postalgui invoices resume {id} --out FILE' finishes it",
                processing=job.processing_id,
                id=job.id,
            )
        )
        raise
    if shown:
        sys.stderr.write("\n")
    if done.state is JobState.READY and (done.path is None or not done.path.is_file()):
        done = fetch_job_file(PlainTask(progress), service, done.id)  # saved on another desk, or moved
    if done.state is not JobState.READY or done.path is None:
        error(
            done.error
            or say("processing {processing}: {state}", processing=job.processing_id, state=done.state.value)
        )
        return EXIT_API_ERROR
    if is_xlsx(out):
        return _save_workbook(done.path, out)
    if done.path.resolve() != out.resolve():  # a file downloaded before (the window's cache)
        shutil.copyfile(done.path, out)
    sys.stdout.write(f"{out}\n")
    return EXIT_OK


def _save_workbook(statement: Path, out: Path) -> int:
    """An analytic statement's detail items as an Excel workbook (``--out FILE.xlsx``)."""
    # lazy: the command line starts without it
    from postalgui.services.invoices.statements import export_items_xlsx, load_analytic

    if statement.suffix.casefold() != ".csv":
        raise BadOption(
            say(
                "--out: this request's file is a {kind}; name it {suffix}",
                kind=statement.suffix[1:].upper(),
                suffix=statement.suffix,
            )
        )
    loaded, _ = load_analytic(PlainTask(), statement)
    export_items_xlsx(PlainTask(), out, loaded.items)
    sys.stdout.write(f"{out}\n")
    return EXIT_OK


def _say_set_aside(service: InvoiceService) -> None:
    """One line on stderr when the jobs file was found damaged and set aside in this run."""
    aside = service.jobs().set_aside_path
    if aside is not None:
        error(
            say(
                "the jobs file was unreadable and has been set aside as {path}; "
                "the requests it held are not listed (request them again if needed)",
                path=aside,
            )
        )


# --------------------------------------------------------------------------- jobs


def _run_jobs(args: argparse.Namespace, context: AppContext) -> int:
    service = context.invoices
    jobs = refresh_expiry(PlainTask(), service)
    _say_set_aside(service)
    if args.json:
        print_json([job_json(job) for job in jobs])
        return EXIT_OK
    if not jobs:
        error(say("no requests in this environment"))
        return EXIT_OK
    print_table(
        ["ID", say("KIND"), say("STATE"), say("FOR"), say("REQUESTED"), say("FILE OR REASON")],
        [
            [
                str(job.id),
                job.kind.value,
                job.state.value,
                _job_subject(job),
                job.requested_at.astimezone().strftime("%d/%m/%Y %H:%M"),
                job.file_path or job.error or "",
            ]
            for job in jobs
        ],
    )
    return EXIT_OK


def job_json(job: Job) -> dict[str, Any]:
    """A request as the jobs store keeps it; the operator's names for its kind, id and inputs."""
    return {
        "id": job.id,
        "tipoProcessamento": job.kind.value,
        "idProcessamento": job.processing_id,
        "parametros": dict(job.params),
        "state": job.state.value,
        "requestedAt": job.requested_at.isoformat(),
        "updatedAt": job.updated_at.isoformat(),
        "finishedAt": None if job.finished_at is None else job.finished_at.isoformat(),
        "file": job.file_path,
        "error": job.error,
    }


def _job_subject(job: Job) -> str:
    if job.fatura:
        return say("invoice {invoice}", invoice=job.fatura)
    subject = say("contract {contract}", contract=job.params.get("contrato", ""))
    if job.params.get("centroCusto"):
        subject += f" ({job.params['centroCusto']})"
    return subject


# --------------------------------------------------------------------------- divergences


def _run_divergences(args: argparse.Namespace, context: AppContext) -> int:
    contract = _contract(args, context)
    start, end = _period(args)
    items = divergences(PlainTask(), contract.service(context), contract.number, contract.dr, start, end)
    if args.json:
        print_json([divergence_json(item) for item in items])
        return EXIT_OK
    if not items:
        error(
            say(
                "no divergences of contract {contract} in {period}",
                contract=contract.number,
                period=_shown_period(start, end),
            )
        )
        return EXIT_OK
    for item in items:
        sys.stdout.write(_divergence_line(item) + "\n")
    return EXIT_OK


def divergence_json(item: Divergence) -> dict[str, Any]:
    """A divergence as the operator sent it, money fields as dot strings."""
    data = item.model_dump(mode="json", exclude_none=True)
    if item.valorTarifadoSgpb is not None:
        data["valorTarifadoSgpb"] = format_decimal_dot(item.valorTarifadoSgpb)
    for key, value in data.items():
        if key.startswith(_MONEY_KEYS) and isinstance(value, float):
            data[key] = format_decimal_dot(Decimal(repr(value)))
    return data


def _divergence_line(item: Divergence) -> str:
    posted = item.dataPostagem or ""
    with suppress(InvalidValue):
        posted = format_date_ui(parse_date_iso(posted[:10]))
    parts = [item.codigoObjeto or "", posted]
    if item.valorTarifadoSgpb is not None:
        parts.append(format_brl(item.valorTarifadoSgpb))
    extra = divergence_json(item)
    for key in ("codigoObjeto", "dataPostagem", "valorTarifadoSgpb"):
        extra.pop(key, None)
    parts.extend(f"{key}={value}" for key, value in extra.items())
    return "  ".join(visible(part) for part in parts if part)
