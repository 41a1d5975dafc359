"""The price service (spec 000, `/preco/v1`): single quotes, batches, additional services.

A batch is split into chunks of at most 5 products (the manual's limit) sent in
parallel, because the operator answers one chunk at a time and a thousand-row price
list would otherwise take minutes. Some contracts refuse more than 3 items per call
(REFERENCE.md): a chunk refused as a whole (400) is retried as chunks of 3, then
one product at a time, so one bad row costs its own result and nothing else.
"""

from __future__ import annotations

import logging
import re
import threading
import uuid
from collections import Counter, deque
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

import requests
from pydantic import TypeAdapter, ValidationError

from postalgui.api.cancel import Cancelled, CancelToken, cancel_scope
from postalgui.api.cancel import current as current_cancel_token
from postalgui.api.client import OperatorClient
from postalgui.api.collector import gc_paused
from postalgui.api.errors import (
    ApiError,
    BadRequestError,
    CredentialsMissingError,
    InvalidResponseError,
    OperatorError,
    RetriesExhaustedError,
    is_auth_failure,
)
from postalgui.api.models.price import (
    AdditionalService,
    ItemError,
    PriceQuery,
    PriceResponse,
    QuoteResult,
    additional_services_params,
)
from postalgui.api.records import validated
from postalgui.api.scopes import TokenScope
from postalgui.api.transport import json_body
from postalgui.api.values.errors import InvalidValue

__all__ = ["PriceClient", "QuoteResult", "new_batch_id"]  # QuoteResult lives in api.models.price

log = logging.getLogger(__name__)

_PRODUCT = re.compile(r"\d{5}", flags=re.ASCII)
_COUNTRY = re.compile(r"[A-Za-z]{2}", flags=re.ASCII)
_POLL_S = 0.05
"""How often the waiting caller looks at its cancel token while chunks are in flight."""


def new_batch_id() -> str:
    """A short ``idLote`` that is unique enough to find one batch in the operator's logs."""
    return "postalgui-" + uuid.uuid4().hex[:12]


@dataclass(frozen=True)
class _Item:
    """A query of a batch with its input position and the ``nuRequisicao`` sent for it."""

    index: int
    query: PriceQuery
    wire_id: str

    def wire_params(self) -> dict[str, Any]:
        """The query's batch item with ``wire_id`` as its number, keys in `PriceQuery.to_params`'s
        order, written into the item (five items: 0.017 ms of CPU; through a copy of the query 0.030)."""
        params = self.query.to_params(for_batch=True)
        params.pop("nuRequisicao", None)
        return {"coProduto": params.pop("coProduto"), "nuRequisicao": self.wire_id, **params}


def _wire_ids(queries: Sequence[PriceQuery]) -> list[str]:
    """A unique ``nuRequisicao`` per query, so answers can be matched whatever their order.

    The caller's own numbers are sent as they are when unique; queries without one
    (or sharing one) get their input position (``"1"``, ``"2"``...), behind a prefix
    when that would clash with a caller's number.
    """
    counts = Counter(q.nuRequisicao for q in queries if q.nuRequisicao)
    kept = {value for value, count in counts.items() if count == 1}
    generated = [i for i, q in enumerate(queries) if q.nuRequisicao not in kept]
    prefix = ""
    attempt = 0
    while any(f"{prefix}{i + 1}" in kept for i in generated):
        attempt += 1
        prefix = f"pg{attempt}-"
    return [
        q.nuRequisicao if q.nuRequisicao in kept and q.nuRequisicao else f"{prefix}{i + 1}"
        for i, q in enumerate(queries)
    ]


def item_error(exc: ApiError) -> ItemError:
    """The operator's code and text of a failure, for a row of a result table."""
    if isinstance(exc, OperatorError):
        text = "; ".join([exc.text, *exc.messages[1:]]) if exc.code else exc.message
        return ItemError(code=exc.code, text=text)
    if isinstance(exc, RetriesExhaustedError) and isinstance(exc.last, OperatorError):
        return ItemError(code=exc.last.code, text=exc.message)
    return ItemError(text=exc.message)


def _aborts_batch(exc: ApiError) -> bool:
    """Failures no other chunk can escape: bad credentials, a token or a missing grant."""
    return isinstance(exc, CredentialsMissingError) or is_auth_failure(exc)


def _parse_price(raw: object) -> PriceResponse:
    try:
        return PriceResponse.model_validate(_echo_as_text(raw))
    except ValidationError as exc:
        raise InvalidResponseError(
            f"Invalid price record from the operator: {exc.error_count()} problem(s)"
        ) from exc


_ANSWER = TypeAdapter(list[PriceResponse])
"""A chunk's answer as pydantic reads it from the body's bytes (built once: a TypeAdapter
compiles its validator when it is made)."""


def _read_answer(response: requests.Response) -> list[PriceResponse] | object:
    """A chunk's answer: its records read straight from the body's bytes, else the decoded JSON.

    One pass in pydantic's own parser costs 0.22 ms for the sandbox's five records where
    ``json.loads`` and a ``model_validate`` per record cost 0.34 ms (CPU, this machine
    kind), on every chunk of a batch. Anything that pass refuses (a single record, a
    number echoed as ``nuRequisicao``, one bad record) goes the long way, record by
    record (`PriceClient._assign`), so one bad record still costs only its own item;
    a body that is not JSON raises `InvalidResponseError` there, which the transport retries.
    """
    if response.status_code != 204 and response.content:
        try:
            return _ANSWER.validate_json(response.content)
        except ValidationError:
            pass
    data: object = json_body(response)
    return data


def _echo(record: object) -> object:
    """The ``nuRequisicao`` a record echoes, read or raw."""
    if isinstance(record, PriceResponse):
        return record.nuRequisicao
    return record.get("nuRequisicao") if isinstance(record, dict) else None


def _echo_as_text(raw: object) -> object:
    """``nuRequisicao`` echoed as a JSON number is still the caller's text."""
    if isinstance(raw, dict) and isinstance(raw.get("nuRequisicao"), int | float):
        return {**raw, "nuRequisicao": str(raw["nuRequisicao"])}
    return raw


def _split(items: Sequence[_Item], size: int) -> list[list[_Item]]:
    return [list(items[start : start + size]) for start in range(0, len(items), size)]


class _Batch:
    """The state of one `PriceClient.batch` call shared by its worker threads."""

    def __init__(
        self,
        items: list[_Item],
        caller_token: CancelToken,
        on_result: Callable[[QuoteResult], None] | None,
    ) -> None:
        self.results: list[QuoteResult | None] = [None] * len(items)
        self.caller_token = caller_token
        # The workers' own token: cancelled with the caller's, and also when the batch
        # aborts, so other workers stop before their next request instead of finishing.
        self.token = CancelToken()
        self._on_result = on_result
        self._lock = threading.Lock()

    def check(self) -> None:
        if self.caller_token.cancelled:
            self.token.cancel()
        self.token.raise_if_cancelled()

    def settle(self, result: QuoteResult) -> None:
        with self._lock:
            self.results[result.index] = result
        if self._on_result is not None:
            self._on_result(result)

    def fail(self, items: Sequence[_Item], failure: ItemError) -> None:
        for item in items:
            self.settle(QuoteResult(item.index, item.query, None, failure))


class PriceClient:
    """Verb-named calls of the price service over an authenticated `OperatorClient`.

    ``concurrency`` bounds the chunks of a batch in flight at once. 8 by default: the
    operator publishes no rate limit, so a batch should stay polite, and 8 stays under
    the transport's 16 pooled connections so every request reuses one. With 50 ms per
    answer, 1,000 products (200 chunks) take about 1.7 s at 8 against 3.1 s at 4; more
    workers mostly queue on the server (tests/benchmarks/bench_price_batch.py).
    """

    BASE = "/preco/v1"
    CHUNK_SIZES = (5, 3, 1)

    def __init__(self, client: OperatorClient, *, concurrency: int = 8) -> None:
        if concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        self.client = client
        self.concurrency = concurrency

    # --- one product --------------------------------------------------------------------

    def national(self, query: PriceQuery, *, scope: TokenScope | None = None) -> PriceResponse:
        """Price one product to a Brazilian CEP (``GET /v1/nacional/{coProduto}``).

        An answer carrying ``txErro`` is returned as it is: check ``.error``.
        """
        return self._get_price(f"{self.BASE}/nacional/{query.coProduto}", query, scope)

    def international(self, query: PriceQuery, *, scope: TokenScope | None = None) -> PriceResponse:
        """Price one product abroad (``GET /v1/internacional/{coProduto}``); needs ``sgPaisDestino``."""
        if not query.sgPaisDestino:
            raise InvalidValue("price.country", "", field="sgPaisDestino")
        return self._get_price(f"{self.BASE}/internacional/{query.coProduto}", query, scope)

    def quote(self, query: PriceQuery, *, scope: TokenScope | None = None) -> PriceResponse:
        """`international` when the query names a country, else `national`."""
        if query.international:
            return self.international(query, scope=scope)
        return self.national(query, scope=scope)

    def additional_services(
        self,
        co_produto: str,
        *,
        vl_declarado: Decimal | None = None,
        dt_evento: date | None = None,
        sg_pais: str | None = None,
        scope: TokenScope | None = None,
    ) -> list[AdditionalService]:
        """The services a product can take, with their prices and declared-value limits."""
        product = co_produto.strip()
        if product.isdigit() and len(product) < 5:
            product = product.zfill(5)
        if not _PRODUCT.fullmatch(product):
            raise InvalidValue("price.product", co_produto, field="coProduto")
        if sg_pais and not _COUNTRY.fullmatch(sg_pais.strip()):
            raise InvalidValue("price.country", sg_pais, field="sgPais")
        params = additional_services_params(
            vl_declarado=vl_declarado, dt_evento=dt_evento, sg_pais=sg_pais.strip() if sg_pais else None
        )
        data = self.client.call_json(
            "GET", f"{self.BASE}/servicos-adicionais/{product}", params=params, scope=scope
        )
        if data is None:
            return []
        if not isinstance(data, list):
            raise InvalidResponseError("Invalid response from the operator: expected a list of services")
        return validated(data, AdditionalService, "additional-service")

    def _get_price(self, path: str, query: PriceQuery, scope: TokenScope | None) -> PriceResponse:
        params: list[tuple[str, Any]] = []
        for key, value in query.to_params().items():
            if isinstance(value, list):
                params.extend((key, entry) for entry in value)  # servicosAdicionais=019&...=001
            else:
                params.append((key, str(value)))
        data = self.client.call_json("GET", path, params=params, scope=scope)
        if isinstance(data, list) and len(data) == 1:
            data = data[0]  # some gateways wrap the single record in an array
        if not isinstance(data, dict):
            raise InvalidResponseError("Invalid response from the operator: expected one price record")
        return _parse_price(data)

    # --- batches ------------------------------------------------------------------------

    def batch(
        self,
        queries: Sequence[PriceQuery],
        *,
        id_lote: str | None = None,
        on_result: Callable[[QuoteResult], None] | None = None,
        scope: TokenScope | None = None,
    ) -> list[QuoteResult]:
        """Price many products; returns one `QuoteResult` per query, in input order.

        National and international queries go to their own batch routes in chunks of
        at most 5, ``self.concurrency`` chunks at a time. An item's own error
        (``txErro``, or a 400 for it alone) and a chunk's network or server failure
        become those items' ``failure``; the rest of the batch goes on. Bad
        credentials or a missing grant (`AuthenticationError`,
        `PermissionDeniedError`, `CredentialsMissingError`) abort the batch by
        raising, as does cancelling the current task (`Cancelled`).

        ``on_result`` is called **from worker threads**, once per item as soon as it
        is settled and in no particular order, so a view can show results as they
        arrive; it must be thread-safe (a Qt signal emit is). Results delivered
        before an abort stay delivered. Cancelling stops new requests at once; the
        call returns after the requests already in flight (at most
        ``concurrency``) have ended.

        The collector is paused meanwhile (`gc_paused`): the answers' records all live
        on and make no cycles, yet a thousand quotes (45 tracked objects each) set off
        a full pass over the whole process about once a batch, 40-110 ms of CPU under
        the lock every worker needs (the window has it off anyway).
        """
        caller_token = current_cancel_token()
        caller_token.raise_if_cancelled()
        if not queries:
            return []
        lote = id_lote or new_batch_id()
        items = [
            _Item(i, q, wire) for i, (q, wire) in enumerate(zip(queries, _wire_ids(queries), strict=True))
        ]
        state = _Batch(items, caller_token, on_result)
        with gc_paused():
            self._send_chunks(self._chunks(items), lote, state, scope)
        return [result for result in state.results if result is not None]

    def _chunks(self, items: Sequence[_Item]) -> deque[tuple[str, list[_Item]]]:
        """National and international items in chunks of the largest size, each with its route."""
        size = self.CHUNK_SIZES[0]
        chunks: deque[tuple[str, list[_Item]]] = deque()
        for path, kind in ((f"{self.BASE}/nacional", False), (f"{self.BASE}/internacional", True)):
            chunks.extend(
                (path, chunk) for chunk in _split([i for i in items if i.query.international is kind], size)
            )
        return chunks

    def _send_chunks(
        self, chunks: deque[tuple[str, list[_Item]]], lote: str, state: _Batch, scope: TokenScope | None
    ) -> None:
        """``concurrency`` workers taking chunks until none is left; the first error is raised."""

        def work() -> None:
            # Each worker takes the next chunk itself: no hop through the calling thread
            # between one answer and the next request.
            with cancel_scope(state.token):
                while True:
                    try:
                        path, chunk = chunks.popleft()  # deque.popleft is atomic
                    except IndexError:
                        return
                    self._price_chunk(path, lote, chunk, state, scope)

        workers = min(self.concurrency, len(chunks))
        executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="postalgui-price")
        try:
            running = {executor.submit(work) for _ in range(workers)}
            while running:
                if state.caller_token.cancelled:
                    raise Cancelled
                done, running = wait(running, timeout=_POLL_S, return_when=FIRST_COMPLETED)
                errors = [exc for exc in (f.exception() for f in done) if exc is not None]
                if errors:
                    raise next((e for e in errors if not isinstance(e, Cancelled)), errors[0])
        finally:
            state.token.cancel()  # a no-op after success; otherwise workers stop at their next request
            executor.shutdown(wait=True, cancel_futures=True)

    def _price_chunk(
        self, path: str, lote: str, chunk: list[_Item], state: _Batch, scope: TokenScope | None
    ) -> None:
        """Send one chunk; on a 400 for the whole chunk, resend it in smaller pieces."""
        state.check()
        body = {"idLote": lote, "parametrosProduto": [item.wire_params() for item in chunk]}
        try:
            data = self.client.call_read(
                "POST", path, _read_answer, json_body=body, idempotent=True, scope=scope
            )
        except BadRequestError as exc:
            if _aborts_batch(exc):
                raise
            if len(chunk) == 1:
                state.settle(QuoteResult(chunk[0].index, chunk[0].query, None, item_error(exc)))
                return
            smaller = next(size for size in self.CHUNK_SIZES if size < len(chunk))
            log.debug(
                "Batch %s: %s refused a chunk of %d (%s); retrying in chunks of %d",
                lote,
                path,
                len(chunk),
                exc,
                smaller,
            )
            for piece in _split(chunk, smaller):
                self._price_chunk(path, lote, piece, state, scope)
            return
        except ApiError as exc:
            if _aborts_batch(exc):
                raise
            log.debug("Batch %s: chunk of %d failed: %s", lote, len(chunk), exc)
            state.fail(chunk, item_error(exc))
            return
        self._assign(chunk, data, state)

    def _assign(self, chunk: list[_Item], data: object, state: _Batch) -> None:
        """Match the answer's records (read, or raw for `_parse_price`) to the chunk's items
        by ``nuRequisicao``, else position."""
        if isinstance(data, dict):
            data = [data]
        if not isinstance(data, list):
            state.fail(chunk, ItemError(text="Invalid response from the operator: expected a list of prices"))
            return
        by_wire = {item.wire_id: item for item in chunk}
        matched: dict[int, tuple[_Item, object]] = {}  # position in the answer -> item, record
        taken: set[int] = set()
        for position, record in enumerate(data):
            echo = _echo(record)
            item = by_wire.get(str(echo)) if echo is not None else None
            if item is not None and item.index not in taken:
                matched[position] = (item, record)
                taken.add(item.index)
        for position, record in enumerate(data):
            if position in matched:
                continue
            free = [item for item in chunk if item.index not in taken]
            if not free:
                log.debug("Ignoring an extra price record at position %d", position)
                continue
            item = (
                chunk[position] if position < len(chunk) and chunk[position].index not in taken else free[0]
            )
            matched[position] = (item, record)
            taken.add(item.index)
        for item, record in matched.values():
            try:
                response = record if isinstance(record, PriceResponse) else _parse_price(record)
            except InvalidResponseError as exc:
                state.settle(QuoteResult(item.index, item.query, None, ItemError(text=exc.message)))
                continue
            if item.query.nuRequisicao and response.nuRequisicao != item.query.nuRequisicao:
                # A caller's number replaced on the wire (it was shared): give it back.
                response = response.model_copy(update={"nuRequisicao": item.query.nuRequisicao})
            state.settle(QuoteResult(item.index, item.query, response, response.error))
        missing = [item for item in chunk if item.index not in taken]
        if missing:
            state.fail(missing, ItemError(text="The operator's answer has no price for this product"))
