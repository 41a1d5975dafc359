"""Price use cases: quotes, comparisons, batches, history, exports.

Plain functions of a `TaskControl` (cancel, progress) and the feature's `PriceService`,
shared by the window's tasks and the CLI; no Qt. The HTTP client, SQLite and reportlab
load inside them, on the worker thread. Every quote that reaches the operator is
written to the history, whatever its outcome.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from postalgui.api.cancel import TaskControl, cancel_scope

if TYPE_CHECKING:
    from postalgui.api.models.price import AdditionalService, PriceQuery, PriceResponse, QuoteResult
    from postalgui.services.price.batch_csv import BatchFile
    from postalgui.services.price.history import HistoryEntry
    from postalgui.services.price.service import PriceService, Source

__all__ = [
    "HISTORY_BLOCK",
    "additional_services",
    "delete_history",
    "export_csv",
    "export_pdf",
    "quote_batch",
    "quote_one",
    "quote_single",
    "read_batch_file",
    "search_history",
    "services_for_products",
]

HISTORY_BLOCK = 50
"""Settled quotes written to the history together during a batch."""


def quote_batch(
    task: TaskControl, service: PriceService, queries: Sequence[PriceQuery], source: Source = "batch"
) -> list[QuoteResult]:
    """Price ``queries`` in chunks; each settled item is reported as progress ``payload``.

    Results reach the history even when the user cancels half way: what was priced
    was paid for in quota and time. They are written in blocks as they settle, so a
    big batch never ends with one long write competing with the window.
    """
    client = service.client()
    total = len(queries)
    lock = threading.Lock()
    settled = 0
    pending: list[QuoteResult] = []

    def on_result(result: QuoteResult) -> None:
        nonlocal settled, pending
        with lock:
            settled += 1
            done = settled
            pending.append(result)
            block = pending if len(pending) >= HISTORY_BLOCK else None
            if block is not None:
                pending = []
        task.progress(done, total, payload=result)
        if block is not None:
            service.record(block, source)

    task.progress(0, total)
    try:
        with cancel_scope(task.token):
            results = client.batch(queries, on_result=on_result)
    finally:
        with lock:
            rest, pending = pending, []
        service.record(rest, source)
    return results


def quote_one(
    task: TaskControl, service: PriceService, query: PriceQuery, source: Source = "form"
) -> QuoteResult:
    """One product through the batch path, so an item error is a result, not an exception."""
    return quote_batch(task, service, [query], source)[0]


def quote_single(
    task: TaskControl,
    service: PriceService,
    query: PriceQuery,
    *,
    international: bool,
    source: Source = "cli",
) -> PriceResponse:
    """One product through its own GET (the operator's whole answer, errors raised), kept in the history."""
    from postalgui.api.models.price import QuoteResult

    client = service.client()
    with cancel_scope(task.token):
        price = client.international(query) if international else client.national(query)
    service.record([QuoteResult(0, query, price, price.error)], source)
    return price


def additional_services(
    task: TaskControl,
    service: PriceService,
    co_produto: str,
    vl_declarado: Decimal | None = None,
    dt_evento: date | None = None,
    sg_pais: str | None = None,
) -> list[AdditionalService]:
    """The services offered with a product, with their declared-value limits."""
    client = service.client()
    with cancel_scope(task.token):
        return client.additional_services(
            co_produto, vl_declarado=vl_declarado, dt_evento=dt_evento, sg_pais=sg_pais
        )


def read_batch_file(task: TaskControl, path: Path, defaults: Mapping[str, str]) -> BatchFile:
    """Read and validate a batch CSV (nothing is sent)."""
    from postalgui.services.price.batch_csv import read_batch_csv

    task.raise_if_cancelled()
    return read_batch_csv(path, defaults=defaults)


def search_history(
    task: TaskControl, service: PriceService, text: str, limit: int = 1000
) -> list[HistoryEntry]:
    task.raise_if_cancelled()
    return service.history().search(text, limit=limit)


def delete_history(task: TaskControl, service: PriceService, ids: Sequence[int]) -> None:
    task.raise_if_cancelled()
    service.history().delete(ids)


def export_csv(task: TaskControl, path: Path, results: Sequence[QuoteResult]) -> Path:
    from postalgui.services.price.batch_csv import write_results_csv

    task.raise_if_cancelled()
    write_results_csv(path, results)
    return path


def export_pdf(
    task: TaskControl,
    service: PriceService,
    path: Path,
    results: Sequence[QuoteResult],
    layout: Literal["per_quote", "summary"],
    language: str,
) -> Path:
    """A PDF for a customer or the files: company name from the sandbox demo or the CNPJ."""
    from postalgui.services.price.report import write_quotes_pdf

    task.raise_if_cancelled()
    write_quotes_pdf(
        path,
        results,
        company=service.company_name(),
        cnpj=service.context.profile.cnpj,
        generated_at=datetime.now().astimezone(),
        layout=layout,
        language=language,
    )
    return path


def services_for_products(
    task: TaskControl,
    service: PriceService,
    codes: Sequence[str],
    dt_evento: date | None = None,
    sg_pais: str | None = None,
) -> dict[str, list[AdditionalService] | Exception]:
    """The additional services of each product, or why they could not be read.

    One product's failure (say, a code the contract lacks) must not hide the others'.
    """
    from postalgui.api.errors import ApiError

    client = service.client()
    found: dict[str, list[AdditionalService] | Exception] = {}
    with cancel_scope(task.token):
        for done, code in enumerate(codes):
            task.raise_if_cancelled()
            try:
                found[code] = client.additional_services(code, dt_evento=dt_evento, sg_pais=sg_pais)
            except ApiError as exc:
                found[code] = exc
            task.progress(done + 1, len(codes))
    return found
