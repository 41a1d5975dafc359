"""The delivery-time service (``/prazo``; API 35, contract service 38210): the deadline beside
every price. Not in the spec: REFERENCE.md gives the real operations.

A batch goes in chunks of at most 5, like prices, matched back by ``nuRequisicao``; a
chunk refused as a whole (400 without per-item results) is resent as 3s, then singles.
A batch answered 206 (mixed) or 400 with per-item results is read item by item: one
item's ``txErro`` (``PRZ-008: Serviço indisponível para o trecho informado``) fails
only that item. International deadlines use v2 (v1 is deprecated).
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import date
from typing import Any

import requests

from postalgui.api.cancel import cancel_scope
from postalgui.api.cancel import current as current_cancel_token
from postalgui.api.client import OperatorClient
from postalgui.api.errors import BadRequestError, InvalidResponseError
from postalgui.api.models.deadline import Deadline, DeadlineQuery, InternationalDeadline
from postalgui.api.models.price import ItemError
from postalgui.api.price import PriceClient, item_error
from postalgui.api.records import one_record
from postalgui.api.tokens import TokenScope
from postalgui.api.transport import json_body
from postalgui.api.values import format_date_dmy, parse_cep

__all__ = ["DEADLINE_API", "DeadlineClient", "DeadlineResult"]

DEADLINE_API = 35
"""The delivery-time API's id in a token's ``api`` list."""
CHUNK_SIZES = PriceClient.CHUNK_SIZES
"""The same chunks and fallbacks as a price batch (REFERENCE.md: at most 5, some contracts 3)."""


@dataclass(frozen=True)
class DeadlineResult:
    """One query's answer: the deadline, or why there is none."""

    index: int
    query: DeadlineQuery
    deadline: Deadline | None
    error: ItemError | None


def _items(response: requests.Response) -> list[Any]:
    """The per-item list of a batch answer (200, 206, or a 400 that carries one)."""
    data = json_body(response)
    if isinstance(data, dict):
        for key in ("itens", "prazos", "content"):
            if isinstance(data.get(key), list):
                return list(data[key])
    if not isinstance(data, list):
        raise InvalidResponseError("Invalid response from the operator: expected a list of deadlines")
    return data


class DeadlineClient:
    """Delivery-time calls with the scope prices use (the card's token).

    ``concurrency`` bounds the chunks of a batch in flight at once, as for prices: a
    deadline batch runs beside a price batch and must not take longer than it.
    """

    def __init__(self, client: OperatorClient, *, concurrency: int = 8) -> None:
        self.client = client
        self.concurrency = concurrency

    def national(self, query: DeadlineQuery, *, scope: TokenScope | None = None) -> Deadline:
        data = self.client.call_json(
            "GET", f"/prazo/v1/nacional/{query.coProduto}", params=query.params(), scope=scope
        )
        return one_record(data, Deadline, "deadline")

    def batch(
        self, queries: Sequence[DeadlineQuery], *, scope: TokenScope | None = None
    ) -> list[DeadlineResult]:
        """Every query's deadline, in the order given; item errors are results, not exceptions."""
        caller = current_cancel_token()
        caller.raise_if_cancelled()
        results: dict[int, DeadlineResult] = {}
        pending = list(enumerate(queries))
        chunks = [pending[start : start + CHUNK_SIZES[0]] for start in range(0, len(pending), CHUNK_SIZES[0])]
        if len(chunks) <= 1:
            for chunk in chunks:
                self._chunk(chunk, results, scope)
            return [results[index] for index in range(len(queries))]

        def work(chunk: list[tuple[int, DeadlineQuery]]) -> None:
            with cancel_scope(caller):  # each worker answers to the caller's cancel
                self._chunk(chunk, results, scope)

        with ThreadPoolExecutor(
            min(self.concurrency, len(chunks)), thread_name_prefix="postalgui-deadline"
        ) as pool:
            for future in [pool.submit(work, chunk) for chunk in chunks]:
                future.result()
        return [results[index] for index in range(len(queries))]

    def _chunk(
        self,
        chunk: list[tuple[int, DeadlineQuery]],
        results: dict[int, DeadlineResult],
        scope: TokenScope | None,
    ) -> None:
        body = {
            "idLote": "1",
            "parametrosPrazo": [query.batch_item(str(index + 1)) for index, query in chunk],
        }
        try:
            items = self.client.call_read(
                "POST", "/prazo/v1/nacional", _items, json_body=body, scope=scope, idempotent=True
            )
        except BadRequestError as exc:
            if isinstance(exc.body, list) and exc.body and all(isinstance(item, dict) for item in exc.body):
                self._settle(chunk, list(exc.body), results)  # a 400 that answers item by item
                return
            if len(chunk) == 1:
                index, query = chunk[0]
                results[index] = DeadlineResult(index, query, None, item_error(exc))
                return
            smaller = next(size for size in CHUNK_SIZES if size < len(chunk))
            for start in range(0, len(chunk), smaller):
                self._chunk(chunk[start : start + smaller], results, scope)
            return
        self._settle(chunk, items, results)

    @staticmethod
    def _settle(
        chunk: list[tuple[int, DeadlineQuery]], items: list[Any], results: dict[int, DeadlineResult]
    ) -> None:
        records = [one_record(raw, Deadline, "deadline") for raw in items]
        by_number = {record.nuRequisicao: record for record in records if record.nuRequisicao is not None}
        for position, (index, query) in enumerate(chunk):
            deadline = by_number.get(str(index + 1))
            if deadline is None and len(records) == len(chunk) and not by_number:
                deadline = records[position]  # unnumbered answers: by position
            if deadline is None:
                missing = ItemError(text="The operator's answer left this item out")
                results[index] = DeadlineResult(index, query, None, missing)
            else:
                results[index] = DeadlineResult(
                    index, query, deadline if deadline.error is None else None, deadline.error
                )

    def expected_date(self, origin: str, destination: str, days: int, posted: date) -> date:
        params = {
            "cepOrigem": parse_cep(origin),
            "cepDestino": parse_cep(destination),
            "prazo": str(days),
            "dtPostagem": format_date_dmy(posted),
        }
        data = self.client.call_json("GET", "/prazo/v1/data-prevista", params=params)
        text = str((data or {}).get("dataPrevista", "")) if isinstance(data, dict) else ""
        found = Deadline.model_validate({"dataMaxima": text}).by
        if found is None:
            raise InvalidResponseError("Invalid response from the operator: no dataPrevista")
        return found

    def pickup_days(self, cep: str) -> int:
        data = self.client.call_json("GET", f"/prazo/v1/coleta/{parse_cep(cep)}")
        value = data.get("prazoColeta") if isinstance(data, dict) else None
        if not isinstance(value, int | str) or not str(value).strip().isdigit():
            raise InvalidResponseError("Invalid response from the operator: no prazoColeta")
        return int(value)

    def international(self, product: str, country: str) -> InternationalDeadline:
        path = f"/prazo/v2/internacional/exportacao/{product}"
        data = self.client.call_json("GET", path, params={"sgPaisDestino": country.strip().upper()})
        return one_record(data, InternationalDeadline, "international deadline")
