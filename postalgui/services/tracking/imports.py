"""Where objects to follow come from besides a paste: a spreadsheet's column, an invoice.

A clerk's file is a CSV (any delimiter the price batch reader tells apart, UTF-8 with or
without a byte-order mark, else Windows-1252/Latin-1) or a workbook (.xlsx, read-only);
``column`` picks a column by its header, else every cell is searched. Either way the
codes are found as in a pasted text (`codes_in_text`): valid ones in order, once each,
the look-alikes named with their rule.

An invoice's objects are its analytic statement's lines, loaded as the Invoices feature
loads them (a statement already downloaded is reused; else it is requested and followed):
each label (``ETIQUETA``) with its product, posting day, destination CEP, the invoice
``"RE 1234567"`` and the net amount it was billed (summed when a label has several lines).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.analytic import gc_paused, parse_analytic_csv
from postalgui.api.cancel import CountsOnly, TaskControl
from postalgui.api.errors import ApiError
from postalgui.api.values.object_codes import FoundCodes, codes_in_text
from postalgui.services.ports import NewObjects
from postalgui.services.table_files import TableFileError, header_key, no_column, table_rows
from postalgui.services.tracking.invoice_objects import invoice_objects

if TYPE_CHECKING:
    from postalgui.services.invoices.jobs import Job
    from postalgui.services.invoices.service import InvoiceService
    from postalgui.services.tracking.service import TrackingService
from postalgui.api.invoices import parse_document_type, parse_invoice_number
from postalgui.api.models.invoices import Invoice, ProcessingKind
from postalgui.services.invoices.documents import document_ref
from postalgui.services.invoices.following import POLL_INTERVAL_S, analytic_once, follow_job
from postalgui.services.invoices.job_files import fetch_job_file, file_here
from postalgui.services.invoices.jobs import JobState

__all__ = ["CodesFileError", "codes_from_file", "file_objects", "objects_from_invoice"]

CodesFileError = TableFileError
"""The file cannot be read for codes (a missing column, an unreadable workbook)."""


def _cells(rows: Iterator[list[str]], column: str | None, name: str) -> Iterable[str]:
    if column is None:
        for row in rows:
            yield from row
        return
    header = next(rows, [])
    wanted = header_key(column)
    found = [position for position, title in enumerate(header) if header_key(title) == wanted]
    if not found:
        raise CodesFileError(no_column(name, repr(column), header))
    for row in rows:
        if found[0] < len(row):
            yield row[found[0]]


def codes_from_file(path: Path, column: str | None = None) -> FoundCodes:
    """The object codes in a CSV or .xlsx file: ``column`` by its header, else every cell."""
    path = Path(path)
    rows = table_rows(path)
    return codes_in_text("\n".join(_cells(rows, column, path.name)))


# --------------------------------------------------------------------------- from an invoice


def _downloaded(invoices: InvoiceService, params: dict[str, str]) -> Job | None:
    """A statement of the same invoice this office already has (READY, its file on this desk)."""

    for job in invoices.jobs().list(invoices.env_key):
        ready = job.state is JobState.READY
        if ready and job.kind is ProcessingKind.EXTRATO_ANALITICO and job.params == params:
            here = file_here(invoices, job)
            if here is not None:
                return replace(job, file_path=str(here))
    return None


def objects_from_invoice(
    task: TaskControl,
    service: TrackingService,
    invoices: InvoiceService,
    number: str,
    document_type: str,
    *,
    interval_s: float | None = None,
) -> NewObjects:
    """The objects of invoice ``number`` (``document_type`` RE, RT...): its analytic
    statement's labels, the statement downloaded before or requested and followed now.
    A bad number or type raises `InvalidValue` before anything is sent."""

    del service  # the objects go to its watchlist through `add_objects`
    wanted = {"id": parse_invoice_number(number), "tipoDocumento": parse_document_type(document_type)}
    ref = document_ref(invoices, Invoice.model_validate(wanted))
    job = _downloaded(invoices, ref.params())
    if job is None:
        asked = analytic_once(task, invoices, ref)
        job = follow_job(
            CountsOnly(task), invoices, asked.job.id, POLL_INTERVAL_S if interval_s is None else interval_s
        )
        if job.state is JobState.READY and (job.path is None or not job.path.is_file()):
            job = fetch_job_file(task, invoices, job.id)
    if job.state is not JobState.READY or job.path is None:
        raise ApiError(job.error or f"The analytic statement of invoice {number}: {job.state.value}")
    return file_objects(task, job.path, f"{ref.tipo} {ref.fatura}")


def file_objects(task: TaskControl, path: Path, invoice: str | None) -> NewObjects:
    """The objects of the analytic statement downloaded to ``path`` (`invoice_objects` of its
    lines, each made when read); the parsed statement is let go on return, only the lines'
    columns its objects are made of are kept.

    The collector is paused throughout (`gc_paused`): what is read all lives on, so its
    passes over it find nothing (they cost 0.1 s of CPU when every object was made here). The totals are not
    reconciled (`load_analytic` does it for the Invoices tab): nothing here reads them."""
    task.raise_if_cancelled()
    with gc_paused():
        statement = parse_analytic_csv(Path(path))
        task.raise_if_cancelled()
        return invoice_objects(statement.items, invoice).objects
