"""The Invoices feature's tasks in one import: Qt-free functions of a `TaskControl` and the
`InvoiceService` facade, run by the GUI's `TaskRunner` and by the CLI with a `PlainTask`.

They live in modules named for what they hold: `documents` (list, divergences, PDFs),
`following` (asynchronous files as jobs) and `statements` (analytic CSVs read and written).
"""

from __future__ import annotations

from postalgui.services.invoices.documents import (
    DEFAULT_ITEM,
    DocumentKind,
    DocumentRef,
    divergences,
    document_ref,
    fetch_document,
    last_twelve_months,
    list_invoices,
)
from postalgui.services.invoices.following import (
    DELETED_TEXT,
    EXPIRED_TEXT,
    FAILED_TEXT,
    FILE_LIFETIME,
    GONE_TEXT,
    NETWORK_ATTEMPTS,
    POLL_INTERVAL_S,
    delete_job,
    follow_job,
    job_file,
    pending_jobs,
    refresh_expiry,
    request_analytic,
    request_preview,
)
from postalgui.services.invoices.statements import DETAIL_COLUMNS, export_items_csv, load_analytic

__all__ = [
    "DEFAULT_ITEM",
    "DELETED_TEXT",
    "DETAIL_COLUMNS",
    "EXPIRED_TEXT",
    "FAILED_TEXT",
    "FILE_LIFETIME",
    "GONE_TEXT",
    "NETWORK_ATTEMPTS",
    "POLL_INTERVAL_S",
    "DocumentKind",
    "DocumentRef",
    "delete_job",
    "divergences",
    "document_ref",
    "export_items_csv",
    "fetch_document",
    "follow_job",
    "job_file",
    "last_twelve_months",
    "list_invoices",
    "load_analytic",
    "pending_jobs",
    "refresh_expiry",
    "request_analytic",
    "request_preview",
]
