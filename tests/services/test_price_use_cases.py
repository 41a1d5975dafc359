"""The Prices use cases on their own: a `PlainTask` and a fake `PriceService`, no Qt, no HTTP.

They are what the window's tasks and the CLI both run, so their promises are checked here
once: progress per settled item, the history written in blocks (cancel included), and one
product's failure never hiding the others'.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any, cast

import pytest

from postalgui.api.cancel import Cancelled, PlainTask, Progress
from postalgui.api.errors import NotFoundError
from postalgui.api.models.price import AdditionalService, PriceQuery, PriceResponse, QuoteResult
from postalgui.services.price import use_cases
from postalgui.services.price.service import PriceService


def query(number: int) -> PriceQuery:
    return PriceQuery(coProduto="03220", cepOrigem="01310100", cepDestino="20040020", psObjeto=300 + number)


class FakeClient:
    """Answers every query at once; ``cancel_after`` cancels the task mid-batch."""

    def __init__(self, task: PlainTask | None = None, cancel_after: int | None = None) -> None:
        self.task = task
        self.cancel_after = cancel_after

    def batch(
        self, queries: Sequence[PriceQuery], on_result: Callable[[QuoteResult], None] | None = None
    ) -> list[QuoteResult]:
        results = []
        for index, item in enumerate(queries):
            if self.task is not None and self.cancel_after == index:
                self.task.cancel()
                raise Cancelled
            result = QuoteResult(
                index, item, PriceResponse(coProduto=item.coProduto, pcFinal=Decimal("19.92"))
            )
            results.append(result)
            if on_result is not None:
                on_result(result)
        return results

    def additional_services(self, code: str, **_: Any) -> list[AdditionalService]:
        if code == "99999":
            raise NotFoundError(["PRC-001: produto inexistente"], status=404)
        return [AdditionalService(codigo="019", nome="Valor declarado")]


class FakePriceService:
    """What the use cases ask of `PriceService`, recorded."""

    def __init__(self, client: FakeClient) -> None:
        self._client = client
        self.recorded: list[list[QuoteResult]] = []

    def client(self) -> FakeClient:
        return self._client

    def record(self, results: Sequence[QuoteResult], source: str) -> None:
        assert source in {"batch", "cli", "form", "compare", "history"}
        if results:
            self.recorded.append(list(results))


def as_service(fake: FakePriceService) -> PriceService:
    return cast("PriceService", fake)


def test_a_batch_reports_every_item_and_keeps_them_in_blocks() -> None:
    seen: list[Progress] = []
    service = FakePriceService(FakeClient())
    queries = [query(n) for n in range(use_cases.HISTORY_BLOCK + 7)]
    results = use_cases.quote_batch(PlainTask(seen.append), as_service(service), queries, "cli")
    assert [r.index for r in results] == list(range(len(queries)))
    assert [p.done for p in seen] == list(range(len(queries) + 1))
    assert all(isinstance(p.payload, QuoteResult) for p in seen[1:])
    assert [len(block) for block in service.recorded] == [use_cases.HISTORY_BLOCK, 7]


def test_a_cancelled_batch_still_keeps_what_was_priced() -> None:
    task = PlainTask()
    service = FakePriceService(FakeClient(task, cancel_after=3))
    with pytest.raises(Cancelled):
        use_cases.quote_batch(task, as_service(service), [query(n) for n in range(10)])
    assert [len(block) for block in service.recorded] == [3]


def test_one_products_failure_does_not_hide_the_others_services() -> None:
    seen: list[Progress] = []
    service = FakePriceService(FakeClient())
    found = use_cases.services_for_products(PlainTask(seen.append), as_service(service), ["03220", "99999"])
    services = found["03220"]
    assert isinstance(services, list)
    assert [s.codigo for s in services] == ["019"]
    assert isinstance(found["99999"], NotFoundError)
    assert [p.done for p in seen] == [1, 2]
