"""Price tasks for `TaskRunner`: quotes, comparisons, batches, history, exports.

Plain functions of their inputs and a `TaskHandle`; the HTTP client, SQLite and
reportlab load inside them, on the worker thread. Every quote that reaches the
operator is written to the history, whatever its outcome.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from postalgui.api.cancel import cancel_scope
from postalgui.api.environments import Environment
from postalgui.services.context import AppContext
from postalgui.services.tasks import TaskHandle

if TYPE_CHECKING:
    from postalgui.api.models.price import AdditionalService, PriceQuery, QuoteResult
    from postalgui.api.price import PriceClient
    from postalgui.services.price.batch_csv import BatchFile
    from postalgui.services.price.history import HistoryEntry

log = logging.getLogger(__name__)

Source = Literal["form", "compare", "batch", "history", "cli"]

HISTORY_BLOCK = 50
"""Settled quotes written to the history together during a batch."""


def price_client(context: AppContext) -> PriceClient:
    """A price client over the context's backend (blocks on first use: background only)."""
    from postalgui.api.price import PriceClient

    return PriceClient(context.backend().client)


def quote_batch(
    handle: TaskHandle, context: AppContext, queries: Sequence[PriceQuery], source: Source = "batch"
) -> list[QuoteResult]:
    """Price ``queries`` in chunks; each settled item is reported as progress ``payload``.

    Results reach the history even when the user cancels half way: what was priced
    was paid for in quota and time. They are written in blocks as they settle, so a
    big batch never ends with one long write competing with the window.
    """
    client = price_client(context)
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
        handle.progress(done, total, payload=result)
        if block is not None:
            record_quotes(context, block, source)

    handle.progress(0, total)
    try:
        with cancel_scope(handle.token):
            results = client.batch(queries, on_result=on_result)
    finally:
        with lock:
            rest, pending = pending, []
        record_quotes(context, rest, source)
    return results


def quote_one(
    handle: TaskHandle, context: AppContext, query: PriceQuery, source: Source = "form"
) -> QuoteResult:
    """One product through the batch path, so an item error is a result, not an exception."""
    return quote_batch(handle, context, [query], source)[0]


def additional_services(
    handle: TaskHandle,
    context: AppContext,
    co_produto: str,
    vl_declarado: Decimal | None = None,
    dt_evento: date | None = None,
    sg_pais: str | None = None,
) -> list[AdditionalService]:
    """The services offered with a product, with their declared-value limits."""
    client = price_client(context)
    with cancel_scope(handle.token):
        return client.additional_services(
            co_produto, vl_declarado=vl_declarado, dt_evento=dt_evento, sg_pais=sg_pais
        )


def read_batch_file(handle: TaskHandle, path: Path, defaults: Mapping[str, str]) -> BatchFile:
    """Read and validate a batch CSV (nothing is sent)."""
    from postalgui.services.price.batch_csv import read_batch_csv

    handle.raise_if_cancelled()
    return read_batch_csv(path, defaults=defaults)


def search_history(
    handle: TaskHandle, context: AppContext, text: str, limit: int = 1000
) -> list[HistoryEntry]:
    handle.raise_if_cancelled()
    return context.quote_history().search(text, limit=limit)


def delete_history(handle: TaskHandle, context: AppContext, ids: Sequence[int]) -> None:
    handle.raise_if_cancelled()
    context.quote_history().delete(ids)


def export_csv(handle: TaskHandle, path: Path, results: Sequence[QuoteResult]) -> Path:
    from postalgui.services.price.batch_csv import write_results_csv

    handle.raise_if_cancelled()
    write_results_csv(path, results)
    return path


def export_pdf(
    handle: TaskHandle,
    context: AppContext,
    path: Path,
    results: Sequence[QuoteResult],
    layout: Literal["per_quote", "summary"],
    language: str,
) -> Path:
    """A PDF for a customer or the files: company name from the sandbox demo or the CNPJ."""
    from postalgui.services.price.report import write_quotes_pdf

    handle.raise_if_cancelled()
    write_quotes_pdf(
        path,
        results,
        company=company_name(context),
        cnpj=context.profile.cnpj,
        generated_at=datetime.now().astimezone(),
        layout=layout,
        language=language,
    )
    return path


def company_name(context: AppContext) -> str:
    """The company's name for documents; only the sandbox knows it (its demo company)."""
    if context.settings.environment is Environment.SANDBOX:
        from postalgui.sandbox.demo_account import COMPANY_NAMES

        return COMPANY_NAMES.get(context.profile.cnpj, "")
    return ""


def record_quotes(context: AppContext, results: Sequence[QuoteResult], source: Source) -> None:
    """Keep quotes in the history; a failing disk is logged, never raised over the quote."""
    if not results:
        return
    try:
        context.quote_history().add(results, environment=context.env_key, source=source)
    except Exception:  # the quote itself worked; a full disk must not hide it
        log.exception("Could not write %d quotes to the history", len(results))


def services_for_products(
    handle: TaskHandle,
    context: AppContext,
    codes: Sequence[str],
    dt_evento: date | None = None,
    sg_pais: str | None = None,
) -> dict[str, list[AdditionalService] | Exception]:
    """The additional services of each product, or why they could not be read.

    One product's failure (say, a code the contract lacks) must not hide the others'.
    """
    from postalgui.api.errors import ApiError

    client = price_client(context)
    found: dict[str, list[AdditionalService] | Exception] = {}
    with cancel_scope(handle.token):
        for done, code in enumerate(codes):
            handle.raise_if_cancelled()
            try:
                found[code] = client.additional_services(code, dt_evento=dt_evento, sg_pais=sg_pais)
            except ApiError as exc:
                found[code] = exc
            handle.progress(done + 1, len(codes))
    return found
