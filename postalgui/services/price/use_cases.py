"""Price use cases: quotes, comparisons, batches, history, exports.

Plain functions of a `TaskControl` (cancel, progress) and the feature's `PriceService`,
shared by the window's tasks and the CLI; no Qt. The HTTP client, SQLite and reportlab
load inside them, on the worker thread. Every quote that reaches the operator is
written to the history, whatever its outcome.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date, datetime
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Generic, Literal, TypeVar

from postalgui.api.cancel import TaskControl, TaskView, cancel_scope
from postalgui.services.price.service_choice import DECLARED_VALUE_CODES, declared_limits

if TYPE_CHECKING:
    from concurrent.futures import Future

    from postalgui.api.models.price import AdditionalService, PriceQuery, PriceResponse, QuoteResult
    from postalgui.api.price import PriceClient
    from postalgui.services.price.batch_csv import BatchFile, BatchRow
    from postalgui.services.price.deadlines import DeadlineOutcome
    from postalgui.services.price.history import HistoryEntry
    from postalgui.services.price.service import PriceService, Source
    from postalgui.services.price.service_choice import Refusal
from postalgui.api.errors import ApiError
from postalgui.api.values import format_brl
from postalgui.services.price.service_choice import DECLARED, wire_services

P = TypeVar("P")

__all__ = [
    "BATCH_WINDOW",
    "DECLARED_VALUE_CODES",
    "HISTORY_BLOCK",
    "DeclaredValueRule",
    "HistoryWriter",
    "RelayedTask",
    "Renumbered",
    "additional_services",
    "delete_history",
    "export_csv",
    "export_pdf",
    "quote_batch",
    "quote_checked",
    "quote_single",
    "quote_window",
    "read_batch_file",
    "refusal_text",
    "search_history",
    "services_for_products",
]

HISTORY_BLOCK = 50
"""Settled quotes written to the history together during a batch."""

BATCH_WINDOW = 1000
"""Queries `priced.prices_with_deadlines` prices before reading more.

Memory holds a window or two, not the batch: 50,000 rows held whole took 1.7 GB. A
window ends with its slowest chunk, so a window keeps many rounds of
`PriceClient.concurrency` chunks busy (1,000 products: 25 rounds of 8 chunks of 5)."""


def quote_batch(
    task: TaskControl[QuoteResult],
    service: PriceService,
    queries: Sequence[PriceQuery],
    source: Source = "batch",
    run: str | None = None,
) -> list[QuoteResult]:
    """Price ``queries`` in chunks; each settled item is reported as progress ``payload``.

    Results reach the history even when the user cancels half way: what was priced
    was paid for in quota and time. They are written in blocks as they settle, so a
    big batch never ends with one long write competing with the window. ``run`` is
    the key their deadlines are kept under (`deadlines_for`).
    """
    return quote_window(task, service, service.client(), queries, source, run=run)


def quote_checked(
    task: TaskControl[QuoteResult],
    service: PriceService,
    queries: Sequence[PriceQuery],
    source: Source = "batch",
    run: str | None = None,
) -> list[QuoteResult]:
    """`quote_batch` after the `DeclaredValueRule`, for queries no file check went over.

    A re-run from the history may hold a declared value sent without its service: it
    gets the product's own now, and a query the rule refuses is a failed result saying
    why, never sent. Results and progress keep the positions in ``queries``; a query
    that already has its service (a checked file's) costs no look-up.
    """
    # lazy: not needed for the first paint
    from postalgui.api.models.price import ItemError, QuoteResult

    rule = DeclaredValueRule(task, service)
    sent: list[PriceQuery] = []
    positions: list[int] = []
    refused: list[QuoteResult] = []
    for index, query in enumerate(queries):
        checked, refusal, _ = rule.check(query)
        if refusal is None:
            sent.append(checked)
            positions.append(index)
        else:
            text = refusal_text(refusal, query.coProduto)
            refused.append(QuoteResult(index, query, None, ItemError(text=text[0].upper() + text[1:])))
    total = len(queries)
    for done, result in enumerate(refused, 1):
        task.progress(done, total, payload=result)
    part = Renumbered(task, positions, len(refused), total)
    priced = quote_batch(part, service, sent, source, run) if sent else []
    renumbered = [replace(result, index=positions[result.index]) for result in priced]
    return sorted([*refused, *renumbered], key=lambda result: result.index)


class RelayedTask(TaskView, Generic[P]):
    """A task seen through another: cancel as it is, progress passed on (a subclass
    rewrites it on the way, e.g. to renumber a part's results)."""

    def __init__(self, task: TaskControl[P]) -> None:
        super().__init__(task)
        self._task = task

    def progress(self, done: int, total: int | None = None, text: str = "", payload: P | None = None) -> None:
        self._task.progress(done, total, text, payload)


class Renumbered(RelayedTask["QuoteResult"]):
    """A task seen by a part of a batch: results at their places in the whole, progress after ``before``."""

    def __init__(
        self, task: TaskControl[QuoteResult], positions: Sequence[int], before: int, total: int | None
    ) -> None:
        super().__init__(task)
        self._positions = positions
        self._before = before
        self._total = total

    def progress(
        self, done: int, total: int | None = None, text: str = "", payload: QuoteResult | None = None
    ) -> None:
        del total
        if payload is not None:
            payload = replace(payload, index=self._positions[payload.index])
        self._task.progress(self._before + done, self._total, text, payload)


def quote_window(
    task: TaskControl[QuoteResult],
    service: PriceService,
    client: PriceClient,
    queries: Sequence[PriceQuery],
    source: Source,
    *,
    lote: str | None = None,
    offset: int = 0,
    total: int | None = None,
    run: str | None = None,
) -> list[QuoteResult]:
    """Price ``queries`` (indices and progress shifted by ``offset``), history in blocks
    written by a `HistoryWriter`."""
    total = len(queries) if total is None else total
    lock = threading.Lock()
    settled = offset
    history = HistoryWriter(service, source, run)

    def on_result(result: QuoteResult) -> None:
        nonlocal settled
        if offset:
            result = replace(result, index=result.index + offset)
        with lock:
            settled += 1
            done = settled
        task.progress(done, total, payload=result)
        history.add(result)

    if not offset:
        task.progress(0, total)
    try:
        with cancel_scope(task.token):
            if lote is None:  # the client names the batch
                results = client.batch(queries, on_result=on_result)
            else:
                results = client.batch(queries, id_lote=lote, on_result=on_result)
    finally:
        history.close()
    return [replace(result, index=result.index + offset) for result in results] if offset else results


class HistoryWriter:
    """A batch's settled quotes written to the history in blocks of `HISTORY_BLOCK`, on a
    thread of its own; `close` writes the rest and waits for every block.

    The price client settles results on its chunk workers: a block written there held
    that worker, and so its next chunk, for the write (50 rows built, 4 ms of CPU, then a
    transaction and its commit). Here the workers only hand results over. Blocks are
    written in the order they filled, one transaction each.
    """

    def __init__(self, service: PriceService, source: Source, run: str | None) -> None:
        # lazy: concurrent.futures is not needed for the first paint (this module is on its path)
        from concurrent.futures import ThreadPoolExecutor

        self._record = partial(service.record, source=source, run=run)
        self._lock = threading.Lock()
        self._pending: list[QuoteResult] = []
        self._writes: list[Future[None]] = []
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="postalgui-history")

    def add(self, result: QuoteResult) -> None:
        """Keep ``result``; a full block goes to the writing thread (any thread may call this)."""
        with self._lock:
            self._pending.append(result)
            if len(self._pending) >= HISTORY_BLOCK:
                self._submit()

    def close(self) -> None:
        """Write what is left, wait for every block; a write's unexpected error is raised."""
        with self._lock:
            if self._pending:
                self._submit()
        self._thread.shutdown(wait=True)
        for write in self._writes:
            write.result()

    def _submit(self) -> None:
        block, self._pending = self._pending, []
        self._writes.append(self._thread.submit(self._record, block))


def quote_single(
    task: TaskControl,
    service: PriceService,
    query: PriceQuery,
    *,
    international: bool,
    source: Source = "cli",
    run: str | None = None,
) -> PriceResponse:
    """One product through its own GET (the operator's whole answer, errors raised), kept in the history."""
    # lazy: not needed for the first paint
    from postalgui.api.models.price import QuoteResult

    client = service.client()
    with cancel_scope(task.token):
        price = client.international(query) if international else client.national(query)
    service.record([QuoteResult(0, query, price, price.error)], source, run)
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


def read_batch_file(
    task: TaskControl, service: PriceService, path: Path, defaults: Mapping[str, str]
) -> BatchFile:
    """Read and validate a batch CSV, then apply the `DeclaredValueRule` (no price is asked).

    The rule checks the rows that are otherwise right: those are the ones sent, the
    rows with a problem are skipped.
    """
    # lazy: not needed for the first paint
    from postalgui.services.price.batch_csv import read_batch_csv

    task.raise_if_cancelled()
    batch = read_batch_csv(path, defaults=defaults)
    return DeclaredValueRule(task, service).check_batch(batch)


def search_history(
    task: TaskControl, service: PriceService, text: str, limit: int = 1000, mine: bool = False
) -> list[HistoryEntry]:
    """The history's quotes matching ``text``, newest first; ``mine``: only those the
    login made (its name is read here: the keyring may be slow)."""
    task.raise_if_cancelled()
    history = service.history()
    if not mine:
        return history.search(text, limit=limit)
    return history.search(text, limit=limit, author=history.author)


def delete_history(task: TaskControl, service: PriceService, ids: Sequence[int]) -> None:
    task.raise_if_cancelled()
    service.history().delete(ids)


def export_csv(
    task: TaskControl,
    path: Path,
    results: Sequence[QuoteResult],
    deadlines: Mapping[int, DeadlineOutcome] | None = None,
) -> Path:
    """Write the results as CSV, or as an Excel workbook when ``path`` ends in ``.xlsx``;
    ``deadlines`` (by the result's index) add the deadline columns."""
    # lazy: not needed for the first paint
    from postalgui.services.price.batch_csv import write_results

    task.raise_if_cancelled()
    write_results(path, results, deadlines)
    return path


def export_pdf(
    task: TaskControl,
    service: PriceService,
    path: Path,
    results: Sequence[QuoteResult],
    layout: Literal["per_quote", "summary"],
    language: str,
    deadlines: Mapping[int, DeadlineOutcome] | None = None,
) -> Path:
    """A PDF for a customer or the files: company name from the sandbox demo or the CNPJ;
    ``deadlines`` (by the result's index) add each quote's delivery time."""
    # lazy: not needed for the first paint
    from postalgui.services.price.report import write_quotes_pdf

    task.raise_if_cancelled()
    write_quotes_pdf(
        path,
        results,
        company=service.company_name(),
        cnpj=service.profile.cnpj,
        generated_at=datetime.now().astimezone(),
        layout=layout,
        language=language,
        deadlines=deadlines,
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


class DeclaredValueRule:
    """A declared value needs the product's own declared-value service, or the operator
    prices without it and the value is silently lost.

    The Quote page picks that service per product (`service_choice.wire_services`); the
    batch and the CLI apply the same rule to a query that gives ``vlDeclarado`` without
    a declared-value service: the product's services are read once per product (and
    country and date), its code (019, 064, 065) is added and its limits are checked, and
    a product that has no such service is refused with the reason. When the services
    cannot be read the query goes as it is and the operator decides.
    """

    def __init__(self, task: TaskControl, service: PriceService) -> None:
        self._task = task
        self._service = service
        self._client: PriceClient | None = None
        self._offered: dict[tuple[str, str | None, date | None], list[AdditionalService] | None] = {}

    @staticmethod
    def applies(query: PriceQuery) -> bool:
        return query.vlDeclarado is not None and not DECLARED_VALUE_CODES & set(query.servicosAdicionais)

    def check(self, query: PriceQuery) -> tuple[PriceQuery, Refusal | None, str | None]:
        """``(query to send, why it cannot be sent, the service code added)``."""

        if not self.applies(query):
            return query, None, None
        offered = self._services(query)
        wire, refusal = wire_services(offered, [*query.servicosAdicionais, DECLARED], query.vlDeclarado)
        if refusal is not None or offered is None:
            return query, refusal, None
        added = next((code for code in wire if code not in query.servicosAdicionais), None)
        return query.model_copy(update={"servicosAdicionais": tuple(wire)}), None, added

    def check_row(self, row: BatchRow, columns: Mapping[str, str]) -> tuple[BatchRow, str | None]:
        """A batch row with its query to send, or with a problem saying why it cannot go.

        ``columns`` maps the file's headers to fields (`BatchReader.columns`), to name the
        column of the problem; the second item is the service code added, if one was.
        """
        # lazy: not needed for the first paint
        from postalgui.services.price.batch_csv import RowProblem

        if row.query is None or row.problems:
            return row, None
        query, refusal, added = self.check(row.query)
        if refusal is None:
            return replace(row, query=query), added
        name = "servicosAdicionais" if refusal.rule == "service_not_offered" else "vlDeclarado"
        column = next((title for title, field in columns.items() if field == name), name)
        text = refusal_text(refusal, query.coProduto)
        params = {**refusal.params, "product": query.coProduto}
        problem = RowProblem(
            row.line, column, name, text[0].upper() + text[1:], refusal.rule, params, row=row.number
        )
        return replace(row, problems=(problem,)), None

    def check_batch(self, batch: BatchFile) -> BatchFile:
        """`check_row` for every row of a file read whole; what was added in ``added_services``."""
        rows: list[BatchRow] = []
        added: dict[str, str] = {}
        for row in batch.rows:
            self._task.raise_if_cancelled()
            checked, code = self.check_row(row, batch.columns)
            rows.append(checked)
            if code is not None and checked.query is not None:
                added[checked.query.coProduto] = code
        return replace(batch, rows=tuple(rows), added_services=added)

    def _services(self, query: PriceQuery) -> list[AdditionalService] | None:

        key = (query.coProduto, query.sgPaisDestino, query.dtEvento)
        if key not in self._offered:
            if self._client is None:
                self._client = self._service.client()
            try:
                with cancel_scope(self._task.token):
                    self._offered[key] = self._client.additional_services(
                        query.coProduto, dt_evento=query.dtEvento, sg_pais=query.sgPaisDestino
                    )
            except ApiError:
                self._offered[key] = None  # the price request will carry the operator's reason
        return self._offered[key]


def refusal_text(refusal: Refusal, product: str) -> str:
    """A `Refusal` as a sentence naming the product."""

    params = refusal.params
    if refusal.rule == "no_declared_value":
        return f"product {product} has no declared-value service, so the operator would ignore the value"
    if refusal.rule == "service_not_offered":
        return f"product {product} does not offer additional service {params['service']}"
    value, low, high = (format_brl(amount) for amount in declared_limits(params) or (Decimal(0),) * 3)
    return f"declared value {value} is outside the limits of product {product} ({low} to {high})"
