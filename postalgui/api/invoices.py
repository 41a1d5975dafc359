"""The invoice service (spec 001, `/faturas/v1`): list, PDFs, asynchronous statements, divergences.

Invoices are authorized by contract (spec 5.7): the caller hands in a contract token
scope and every call uses it.

Where the spec and working clients differ (REFERENCE.md), this module does what
works: the analytic request is a POST; the divergence path is the unaccented
``/faturas/divergencias``; an empty period (404 or 400 with ``FAT-001`` or
``FAT-023``) is an empty list. ``POST /v1/previas`` does not say where its inputs go:
they travel in the query string, like every other input of the service.

Downloads stream into a hidden ``.part`` file beside the destination and are renamed
into place only once complete, so an interrupted, cancelled or refused download never
leaves a partial file under the name the user chose. Complete means what the file's
content says (a PDF's ``%%EOF``, an analytic statement's last block), not only what
the transfer says: a file cut short is fetched again, then reported.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import time
from collections.abc import Callable, Mapping
from contextlib import suppress
from datetime import date
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote, urlsplit

import requests
from pydantic import BaseModel

from postalgui.api import cancel
from postalgui.api.analytic import ANALYTIC_TAIL_BYTES, analytic_end_problem
from postalgui.api.client import OperatorClient
from postalgui.api.errors import (
    ApiError,
    ApiTimeoutError,
    IncompleteDownloadError,
    InvalidResponseError,
    OperatorError,
)
from postalgui.api.models.invoices import (
    Divergence,
    DocumentType,
    Invoice,
    PreviewKind,
    ProcessingRecord,
    ProcessingStatus,
)
from postalgui.api.records import one_record, record_list
from postalgui.api.tokens import TokenScope
from postalgui.api.values import (
    InvalidValue,
    format_date_dmy,
    pad_contract_number,
    pad_dr_fatura,
    pad_item_fatura,
)
from postalgui.api.values.text import trimmed

__all__ = [
    "EMPTY_RESULT_CODES",
    "POLL_INTERVAL_S",
    "FileExpiredError",
    "InvoiceClient",
    "ProcessingFailedError",
    "parse_document_type",
    "parse_invoice_number",
]

log = logging.getLogger(__name__)

EMPTY_RESULT_CODES = frozenset({"FAT-001", "FAT-023"})
"""Operator codes meaning "nothing in this period" (no invoices, no data), not a failure."""

POLL_INTERVAL_S = 2.5
"""How often to ask about a processing; working clients poll every 2-3 s."""

_CHUNK = 64 * 1024
_PDF_MAGIC = b"%PDF"
_PDF_HEAD = 1024  # readers accept junk before %PDF within the first kilobyte
_PDF_END = b"%%EOF"
_PDF_END_WITHIN = 1024  # readers look for %%EOF in the last kilobyte
_TAIL = max(ANALYTIC_TAIL_BYTES, _PDF_END_WITHIN)
_DOCUMENT_TYPE = re.compile(r"[A-Z0-9]{2}", flags=re.ASCII)
_NUMBER = re.compile(r"\d{1,20}", flags=re.ASCII)
_NOT_A_FILE = ("text/html", "application/json")

_Model = TypeVar("_Model", bound=BaseModel)


class FileExpiredError(OperatorError):
    """410: the processed file existed and is gone (files are kept for 7 days, spec 8)."""


class ProcessingFailedError(ApiError):
    """The processing ended without a file (``ERRO`` or ``EXCLUIDO``); ``record`` says which."""

    def __init__(self, record: ProcessingRecord) -> None:
        super().__init__(f"The operator's processing {record.id} ended with status {record.status.value}")
        self.record = record


def parse_invoice_number(value: str | int) -> str:
    """The invoice number for a path (``/faturas/{fatura}``): digits only; rule ``invoice.number``."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise InvalidValue("invoice.number", value)
    text = str(value).strip()
    if not _NUMBER.fullmatch(text):
        raise InvalidValue("invoice.number", value)
    return text


def parse_document_type(value: str | DocumentType) -> str:
    """``tipoDocumento``: two letters or digits, upper-cased (``re`` -> ``RE``).

    Not limited to the spec's table: types outside it are used when the invoice list
    shows them. Rule ``invoice.document_type``.
    """
    if not isinstance(value, str):
        raise InvalidValue("invoice.document_type", value)
    text = value.strip().upper()
    if not _DOCUMENT_TYPE.fullmatch(text):
        raise InvalidValue("invoice.document_type", value)
    return text


def _dr(value: int | str) -> str:
    """The DR as the ``dr`` query writes it: the number, without padding."""
    return str(int(pad_dr_fatura(value)))


class InvoiceClient:
    """Verb-named calls of the invoice service over an authenticated `OperatorClient`.

    ``scope`` (a contract token scope) is used for every call; ``None`` falls back to
    the client's default scope.
    """

    BASE = "/faturas/v1"

    def __init__(self, client: OperatorClient, scope: TokenScope | None = None) -> None:
        self.client = client
        self.scope = scope

    # --- queries -------------------------------------------------------------------------

    def list_invoices(self, contrato: str, dr: int, start: date, end: date) -> list[Invoice]:
        """Invoices of a contract closed (``dataFechamento``) in ``start``..``end``, both
        included (``GET /v1/faturas``).

        The spec says only "by contract and period"; the period is the closing date, as the
        sandbox answers and the CLI says: invoices are listed by billing cycle, and a period
        ending today by due date (20 days or so after closing) would leave out the newest
        invoice, the one still to pay. An empty period is ``[]``, whether the operator
        answers with an empty array or with ``FAT-001``/``FAT-023``.
        """
        data = self._get_list(f"{self.BASE}/faturas", self._period_params(contrato, dr, start, end))
        return record_list(data, Invoice, "invoice")

    def divergences(self, contrato: str, dr: int, start: date, end: date) -> list[Divergence]:
        """Tariff divergences of open billing (``GET /v1/faturas/divergencias``)."""
        data = self._get_list(
            f"{self.BASE}/faturas/divergencias", self._period_params(contrato, dr, start, end)
        )
        return record_list(data, Divergence, "divergence")

    def _period_params(self, contrato: str, dr: int, start: date, end: date) -> dict[str, str]:
        return {
            "contrato": pad_contract_number(contrato),
            "dr": _dr(dr),
            "dataInicial": format_date_dmy(start),
            "dataFinal": format_date_dmy(end),
        }

    def _get_list(self, path: str, params: Mapping[str, str]) -> Any:
        try:
            return self.client.call_json("GET", path, params=params, scope=self.scope)
        except OperatorError as exc:
            if exc.status in (400, 404) and exc.code in EMPTY_RESULT_CODES:
                log.debug("%s: %s means an empty result", path, exc.code)
                return []
            raise

    # --- PDFs ----------------------------------------------------------------------------

    def synthetic_pdf(
        self,
        fatura: str | int,
        tipo_documento: str | DocumentType,
        dr_fatura: int | str,
        item_fatura: int | str,
        dest: Path,
    ) -> Path:
        """Download the synthetic statement PDF to ``dest`` (``GET .../sintetico/pdf``)."""
        path = f"{self.BASE}/faturas/{parse_invoice_number(fatura)}/sintetico/pdf"
        params = _invoice_params(tipo_documento, dr_fatura, item_fatura)
        return self._download(path, params, Path(dest), pdf=True)

    def payment_slip_pdf(
        self,
        fatura: str | int,
        tipo_documento: str | DocumentType,
        dr_fatura: int | str,
        item_fatura: int | str,
        dest: Path,
    ) -> Path:
        """Download the payment slip PDF (boleto) to ``dest`` (``GET .../boleto/pdf``)."""
        path = f"{self.BASE}/faturas/{parse_invoice_number(fatura)}/boleto/pdf"
        params = _invoice_params(tipo_documento, dr_fatura, item_fatura)
        return self._download(path, params, Path(dest), pdf=True)

    # --- asynchronous processings ----------------------------------------------------------

    def request_analytic(
        self,
        fatura: str | int,
        tipo_documento: str | DocumentType,
        dr_fatura: int | str,
        item_fatura: int | str,
    ) -> ProcessingRecord:
        """Ask for an invoice's analytic statement (CSV); follow with `wait_processing`.

        Sent as POST (the spec also shows GET; REFERENCE.md), inputs in the query. Not
        retried: a second request would start a second processing.
        """
        path = f"{self.BASE}/faturas/{parse_invoice_number(fatura)}/analitico"
        params = _invoice_params(tipo_documento, dr_fatura, item_fatura)
        response = self.client.call("POST", path, params=params, scope=self.scope)
        return self._accepted(response)

    def request_preview(
        self, kind: PreviewKind, contrato: str, dr: int, centro_custo: str | None = None
    ) -> ProcessingRecord:
        """Ask for a preview of the next invoice (records not yet invoiced): ``POST /v1/previas``."""
        params = {
            "tipoPrevia": PreviewKind(kind).value,
            "contrato": pad_contract_number(contrato),
            "dr": _dr(dr),
        }
        if centro_custo is not None and centro_custo.strip():
            params["centroCusto"] = trimmed(centro_custo, "centroCusto")
        response = self.client.call("POST", f"{self.BASE}/previas", params=params, scope=self.scope)
        return self._accepted(response)

    def processing(self, processing_id: str) -> ProcessingRecord:
        """The status of a processing (``GET /v1/processamentos/{idProcessamento}``)."""
        data = self.client.call_json("GET", _processing_path(processing_id), scope=self.scope)
        return one_record(data, ProcessingRecord, "processing")

    def wait_processing(
        self,
        processing_id: str,
        *,
        poll_interval: float = POLL_INTERVAL_S,
        timeout: float | None = None,
        on_status: Callable[[ProcessingRecord, float], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> ProcessingRecord:
        """Poll until the processing finishes; returns the ``SUCESSO`` record.

        ``on_status(record, elapsed_seconds)`` is called after every poll. A status outside
        the known ones (``UNKNOWN``) is followed like one in progress. Waits on the
        current cancel token (`Cancelled` as soon as it is set). Raises
        `ProcessingFailedError` for ``ERRO``/``EXCLUIDO`` and `ApiTimeoutError` after
        ``timeout`` seconds.
        """
        token = cancel.current()
        started = clock()
        while True:
            record = self.processing(processing_id)
            elapsed = clock() - started
            if on_status is not None:
                on_status(record, elapsed)
            if record.status is ProcessingStatus.SUCESSO:
                return record
            if record.status.finished:
                raise ProcessingFailedError(record)
            if timeout is not None and elapsed + poll_interval > timeout:
                raise ApiTimeoutError(
                    f"The operator's processing {record.id} did not finish in {timeout:.0f} s "
                    f"(status {record.status_text or record.status.value})"
                )
            token.wait(poll_interval)

    def download_file(self, processing_id: str, dest: Path) -> Path:
        """Download a finished processing's file to ``dest`` (``.../{id}/file``).

        Raises `FileExpiredError` when the operator says the file is gone (410; files
        are kept 7 days).
        """
        return self._download(f"{_processing_path(processing_id)}/file", None, Path(dest), pdf=False)

    def _accepted(self, response: requests.Response) -> ProcessingRecord:
        """The processing record of an asynchronous request's answer (200, 201 or 202).

        An answer without a body but with a ``Location`` (202 may carry one) is followed
        with a status query.
        """
        with response:
            status = response.status_code
            if status not in (200, 201, 202):
                raise InvalidResponseError(
                    f"Unexpected answer from the operator (HTTP {status}): expected a processing record",
                    status=status,
                )
            if not response.content:
                location = response.headers.get("Location", "")
                processing_id = urlsplit(location).path.rstrip("/").rsplit("/", 1)[-1]
                if not processing_id:
                    raise InvalidResponseError(
                        f"Invalid response from the operator (HTTP {status}): no processing record",
                        status=status,
                    )
                return self.processing(processing_id)
            try:
                data = response.json()
            except ValueError:
                raise InvalidResponseError(
                    f"Invalid response from the operator (HTTP {status}): the body is not JSON", status=status
                ) from None
        return one_record(data, ProcessingRecord, "processing")

    # --- downloads -----------------------------------------------------------------------

    def _download(self, path: str, params: Mapping[str, str] | None, dest: Path, *, pdf: bool) -> Path:
        """Stream a file into a ``.part`` beside ``dest``; rename it into place once whole.

        An answer that is not the file, a broken stream, or a file whose content says
        it is cut short (`_check_whole`) is fetched again within the transport's
        attempts and deadline; after the last one the call fails with the last error
        (`IncompleteDownloadError` for a cut file) and nothing is left at ``dest``.
        """
        token = cancel.current()
        accept = "application/pdf, */*" if pdf else "text/csv, application/octet-stream, */*"
        part = dest.with_name(f".{dest.name}.{secrets.token_hex(4)}.part")

        def save(response: requests.Response) -> int:
            return _save(response, part, token, pdf=pdf)

        try:
            written = self.client.call_read(
                "GET", path, save, params=params, scope=self.scope, stream=True, headers={"Accept": accept}
            )
            os.replace(part, dest)
        except OperatorError as exc:
            if exc.status == 410:
                raise FileExpiredError(exc.messages, status=410, cause=exc.cause, path=exc.path) from None
            raise
        finally:
            with suppress(OSError):
                part.unlink(missing_ok=True)
        log.info("Downloaded %s (%d bytes)", dest.name, written)
        return dest


def _save(response: requests.Response, part: Path, token: cancel.CancelToken, *, pdf: bool) -> int:
    """One attempt: the body into ``part`` (created afresh), checked whole; removed on any failure."""
    content_type = response.headers.get("Content-Type", "").split(";")[0].strip().lower()
    if not pdf and content_type in _NOT_A_FILE:
        raise InvalidResponseError(
            f"Invalid response from the operator: expected a file, got {content_type}",
            status=response.status_code,
        )
    try:
        with part.open("xb") as out:
            written, head, tail = _copy(response, out, token, pdf=pdf)
        expected = response.headers.get("Content-Length")
        if (
            expected is not None
            and expected.isdigit()
            and "Content-Encoding" not in response.headers
            and int(expected) != written
        ):
            raise IncompleteDownloadError(f"Download incomplete: {written} of {expected} bytes arrived")
        _check_whole(head, tail, whole=written <= len(tail), status=response.status_code)
    except BaseException:
        with suppress(OSError):
            part.unlink()
        raise
    return written


def _copy(
    response: requests.Response, out: Any, token: cancel.CancelToken, *, pdf: bool
) -> tuple[int, bytes, bytes]:
    """Stream the body into ``out``; checks the PDF signature as soon as it can.

    Returns the size, the first kilobyte and the last `_TAIL` bytes (what `_check_whole` reads).
    """
    written = 0
    head = b""
    tail = b""
    checked = not pdf
    try:
        for chunk in response.iter_content(_CHUNK):
            token.raise_if_cancelled()
            if len(head) < _PDF_HEAD:
                head += chunk[: _PDF_HEAD - len(head)]
            if not checked and len(head) >= _PDF_HEAD:
                _check_pdf(head, response.status_code)
                checked = True
            out.write(chunk)
            written += len(chunk)
            tail = chunk[-_TAIL:] if len(chunk) >= _TAIL else (tail + chunk)[-_TAIL:]
    except requests.RequestException as exc:
        raise IncompleteDownloadError(f"Download interrupted: {type(exc).__name__}") from None
    if not checked:
        _check_pdf(head, response.status_code)
    return written, head, tail


def _check_pdf(head: bytes, status: int) -> None:
    if _PDF_MAGIC not in head:
        raise InvalidResponseError("Invalid response from the operator: the file is not a PDF", status=status)


def _check_whole(head: bytes, tail: bytes, *, whole: bool, status: int) -> None:
    """Raise `IncompleteDownloadError` unless the file's own content says it is complete.

    A transfer can look complete (a ``Content-Length`` that matches, a clean end)
    and still carry a file cut short by whoever produced or relayed it. A PDF ends with
    its ``%%EOF`` marker (within its last kilobyte, as readers look for it); an
    analytic statement ends with its TOTALIZACAO FATURA block and the invoice total
    (`analytic_end_problem`). A file that is neither is judged as an analytic
    statement: those are the only CSVs the service serves.
    """
    if _PDF_MAGIC in head:
        if _PDF_END not in tail[-_PDF_END_WITHIN:]:
            raise IncompleteDownloadError(
                "Download incomplete: the PDF has no %%EOF marker at its end (cut short)", status=status
            )
        return
    problem = analytic_end_problem(tail, whole=whole)
    if problem is not None:
        raise IncompleteDownloadError(
            f"Download incomplete: the statement is cut short ({problem})", status=status
        )


def _invoice_params(
    tipo_documento: str | DocumentType, dr_fatura: int | str, item_fatura: int | str
) -> dict[str, str]:
    return {
        "tipoDocumento": parse_document_type(tipo_documento),
        "drFatura": pad_dr_fatura(dr_fatura),
        "itemFatura": pad_item_fatura(item_fatura),
    }


def _processing_path(processing_id: str) -> str:
    return f"{InvoiceClient.BASE}/processamentos/{quote(processing_id.strip(), safe='')}"
