"""The Prices use cases on their own: a `PlainTask` and a fake `PriceService`, no Qt, no HTTP.

They are what the window's tasks and the CLI both run, so their promises are checked here
once: progress per settled item, the history written in blocks (cancel included), and one
product's failure never hiding the others'.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, ClassVar, cast

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
        self.runs: set[str | None] = set()

    def client(self) -> FakeClient:
        return self._client

    def record(self, results: Sequence[QuoteResult], source: str, run: str | None = None) -> None:
        assert source in {"batch", "cli", "form", "compare", "history"}
        if results:
            self.recorded.append(list(results))
            self.runs.add(run)


def as_service(fake: FakePriceService) -> PriceService:
    return cast("PriceService", fake)


def test_a_batch_reports_every_item_and_keeps_them_in_blocks() -> None:
    seen: list[Progress] = []
    service = FakePriceService(FakeClient())
    queries = [query(n) for n in range(use_cases.HISTORY_BLOCK + 7)]
    results = use_cases.quote_batch(PlainTask(seen.append), as_service(service), queries, "cli", "run-1")
    assert [r.index for r in results] == list(range(len(queries)))
    assert [p.done for p in seen] == list(range(len(queries) + 1))
    assert all(isinstance(p.payload, QuoteResult) for p in seen[1:])
    assert [len(block) for block in service.recorded] == [use_cases.HISTORY_BLOCK, 7]
    assert service.runs == {"run-1"}  # every block under the key its deadlines will use


def test_a_cancelled_batch_still_keeps_what_was_priced() -> None:
    task = PlainTask()
    service = FakePriceService(FakeClient(task, cancel_after=3))
    with pytest.raises(Cancelled):
        use_cases.quote_batch(task, as_service(service), [query(n) for n in range(10)])
    assert [len(block) for block in service.recorded] == [3]


class HeldRecording(FakePriceService):
    """A history whose first write waits for ``release``, noting the thread of each write."""

    def __init__(self, client: FakeClient) -> None:
        super().__init__(client)
        self.release = threading.Event()
        self.writers: list[str] = []

    def record(self, results: Sequence[QuoteResult], source: str, run: str | None = None) -> None:
        self.writers.append(threading.current_thread().name)
        assert self.release.wait(10)
        super().record(results, source, run)


def test_a_full_block_is_written_off_the_thread_that_settled_it() -> None:
    """The price client settles results on its chunk workers: a block's write must not hold one."""
    service = HeldRecording(FakeClient())
    writer = use_cases.HistoryWriter(as_service(service), "batch", "run-1")
    results = [QuoteResult(n, query(n), None) for n in range(2 * use_cases.HISTORY_BLOCK + 1)]
    for result in results:
        writer.add(result)  # returns while the first block's write waits
    assert service.recorded == []
    service.release.set()
    writer.close()
    assert [len(block) for block in service.recorded] == [use_cases.HISTORY_BLOCK, use_cases.HISTORY_BLOCK, 1]
    assert [r.index for block in service.recorded for r in block] == list(range(len(results)))
    assert service.writers
    assert all(name.startswith("postalgui-history") for name in service.writers)
    assert not [t for t in threading.enumerate() if t.name.startswith("postalgui-history")]


def test_one_products_failure_does_not_hide_the_others_services() -> None:
    seen: list[Progress] = []
    service = FakePriceService(FakeClient())
    found = use_cases.services_for_products(PlainTask(seen.append), as_service(service), ["03220", "99999"])
    services = found["03220"]
    assert isinstance(services, list)
    assert [s.codigo for s in services] == ["019"]
    assert isinstance(found["99999"], NotFoundError)
    assert [p.done for p in seen] == [1, 2]


class WindowClient(FakeClient):
    """`FakeClient` that also takes the batch name and keeps each call's size and name."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[int, str | None]] = []

    def batch(  # the real client's keyword too, which prices_with_deadlines passes
        self,
        queries: Sequence[PriceQuery],
        on_result: Callable[[QuoteResult], None] | None = None,
        id_lote: str | None = None,
    ) -> list[QuoteResult]:
        self.calls.append((len(queries), id_lote))
        return super().batch(queries, on_result)


def declared_rule(offered: list[AdditionalService]) -> use_cases.DeclaredValueRule:
    client = FakeClient()
    client.additional_services = lambda *_, **__: offered  # type: ignore[method-assign]
    return use_cases.DeclaredValueRule(PlainTask(), as_service(FakePriceService(client)))


def test_a_declared_value_takes_the_products_own_service_or_is_refused() -> None:
    receipt = AdditionalService(codigo="001", nome="AR")
    pac_value = AdditionalService(
        codigo="064",
        nome="Valor declarado PAC",
        vlMinDeclarado=Decimal("25.50"),
        vlMaxDeclarado=Decimal(3000),
    )
    rule = declared_rule([receipt, pac_value])
    plain = query(0)
    assert rule.check(plain) == (plain, None, None)  # no value: nothing to do
    valued = plain.model_copy(update={"vlDeclarado": Decimal(200), "servicosAdicionais": ("001",)})
    sent, refusal, added = rule.check(valued)
    assert (refusal, added) == (None, "064")
    assert sent.servicosAdicionais == ("001", "064")
    too_much = valued.model_copy(update={"vlDeclarado": Decimal(5000)})
    _, refusal, _ = rule.check(too_much)
    assert refusal is not None
    assert refusal.rule == "declared_out_of_limits"
    assert "R$ 5.000,00 is outside the limits" in use_cases.refusal_text(refusal, "03298")
    _, refusal, added = declared_rule([receipt]).check(valued)
    assert refusal is not None
    assert (refusal.rule, added) == ("no_declared_value", None)
    assert "03220 has no declared-value service" in use_cases.refusal_text(refusal, "03220")


class ProductServicesClient(FakeClient):
    """Each product's services as the operator lists them; counts the look-ups."""

    OFFERED: ClassVar[dict[str, list[AdditionalService]]] = {
        "03220": [
            AdditionalService(
                codigo="019", nome="VD SEDEX", vlMinDeclarado=Decimal("25.50"), vlMaxDeclarado=Decimal(10000)
            )
        ],
        "04227": [
            AdditionalService(
                codigo="065", nome="VD Mini", vlMinDeclarado=Decimal("25.50"), vlMaxDeclarado=Decimal(100)
            )
        ],
        "45110": [AdditionalService(codigo="001", nome="AR")],
    }

    def __init__(self) -> None:
        super().__init__()
        self.looked_up: list[str] = []

    def additional_services(self, code: str, **_: Any) -> list[AdditionalService]:
        self.looked_up.append(code)
        return self.OFFERED[code]


def test_reading_a_batch_file_applies_the_declared_value_rule(tmp_path: Path) -> None:
    """The GUI's file reading: the product's own service added, a row it cannot serve a problem."""
    path = tmp_path / "lote.csv"
    path.write_text(
        "Produto;CEP de origem;CEP de destino;País;Peso (g);Valor declarado\n"
        "03220;01310100;20040020;;500;200,00\n"
        "03220;01310100;20040020;;700;\n"
        "03220;01310100;70002900;;900;50\n",
        encoding="utf-8",
    )
    client = ProductServicesClient()
    service = as_service(FakePriceService(client))
    batch = use_cases.read_batch_file(PlainTask(), service, path, {})
    assert batch.ok
    assert [q.servicosAdicionais for q in batch.queries] == [("019",), (), ("019",)]
    assert dict(batch.added_services) == {"03220": "019"}
    assert client.looked_up == ["03220"]  # once per product

    path.write_text(
        "coProduto;cepOrigem;cepDestino;sgPaisDestino;psObjeto;vlDeclarado\n"
        "45110;01310100;;US;500;200\n"
        "04227;01310100;20040020;;200;150\n"
        "03220;01310100;20040020;;500;200\n",
        encoding="utf-8",
    )
    batch = use_cases.read_batch_file(PlainTask(), service, path, {})
    assert not batch.ok
    assert [(p.line, p.column, p.rule) for p in batch.problems] == [
        (2, "vlDeclarado", "no_declared_value"),
        (3, "vlDeclarado", "declared_out_of_limits"),
    ]
    assert batch.problems[0].message.startswith("Product 45110 has no declared-value service")
    assert batch.problems[1].params["high"] == Decimal(100)
    assert batch.problems[1].params["product"] == "04227"


def test_a_file_with_its_own_problems_asks_the_operator_nothing(tmp_path: Path) -> None:
    path = tmp_path / "lote.csv"
    path.write_text("coProduto;cepOrigem;cepDestino;psObjeto;vlDeclarado\n03220;01310100;123;500;200\n")
    client = ProductServicesClient()
    batch = use_cases.read_batch_file(PlainTask(), as_service(FakePriceService(client)), path, {})
    assert [p.field for p in batch.problems] == ["cepDestino"]
    assert client.looked_up == []


def test_a_rerun_meets_the_declared_value_rule_and_keeps_its_places() -> None:
    """A history re-run: the valued query gets 019, the refused one is a failed result, unsent."""
    valued = query(0).model_copy(update={"vlDeclarado": Decimal(200)})
    abroad = PriceQuery(coProduto="45110", cepOrigem="01310100", sgPaisDestino="US", psObjeto=500)
    abroad = abroad.model_copy(update={"vlDeclarado": Decimal(200)})
    seen: list[Progress] = []
    service = FakePriceService(ProductServicesClient())
    results = use_cases.quote_checked(
        PlainTask(seen.append), as_service(service), [valued, abroad, query(2)], "history"
    )
    assert [result.index for result in results] == [0, 1, 2]
    assert results[0].query.servicosAdicionais == ("019",)
    assert results[0].ok
    assert not results[1].ok
    assert results[1].response is None
    assert results[1].failure is not None
    assert str(results[1].failure).startswith("Product 45110 has no declared-value service")
    assert results[2].ok
    sent = [result.query for block in service.recorded for result in block]
    assert [item.coProduto for item in sent] == ["03220", "03220"]  # the refused one never went
    payloads = [step.payload for step in seen if isinstance(step.payload, QuoteResult)]
    assert sorted(result.index for result in payloads) == [0, 1, 2]
    assert [step.done for step in seen] == [1, 1, 2, 3]  # refused first, then the priced
    assert {step.total for step in seen} == {3}
