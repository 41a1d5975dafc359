"""`prices_with_deadlines` on its own: fake price and deadline clients, no Qt, no HTTP."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from typing import cast

import pytest

from postalgui.api.cancel import Cancelled, CountsOnly, PlainTask, Progress
from postalgui.api.deadline import DeadlineResult
from postalgui.api.models.deadline import DeadlineQuery
from postalgui.api.models.price import PriceQuery, PriceResponse, QuoteResult
from postalgui.services.price.deadlines import DeadlineOutcome
from postalgui.services.price.priced import (
    DeadlinesArrived,
    PriceArrived,
    PriceEvent,
    PricesSettled,
    prices_with_deadlines,
)
from postalgui.services.price.service import PriceService
from tests.services.test_price_deadlines import FRIDAY, FakeDeadlines, abroad, national
from tests.services.test_price_use_cases import FakeClient, FakePriceService, WindowClient, query


class LoteClient(FakeClient):
    """`FakeClient` that also takes the batch's name, as the real client does."""

    def batch(
        self,
        queries: Sequence[PriceQuery],
        on_result: Callable[[QuoteResult], None] | None = None,
        id_lote: str | None = None,
    ) -> list[QuoteResult]:
        del id_lote
        return super().batch(queries, on_result)


class FakeService(FakePriceService):
    """The price side of `test_price_use_cases` with the deadline side of `test_price_deadlines`."""

    def __init__(self, client: FakeClient, deadlines: FakeDeadlines | None = None) -> None:
        super().__init__(client)
        self.deadline_client = deadlines or FakeDeadlines()
        self.kept: list[tuple[str, list[PriceQuery], list[DeadlineOutcome]]] = []

    def enabled_apis(self) -> list[int] | None:
        return [34, 35]

    def handling_days(self) -> int:
        return 0

    def deadlines(self) -> FakeDeadlines:
        return self.deadline_client

    def record_deadlines(
        self, run: str, queries: Sequence[PriceQuery], outcomes: Sequence[DeadlineOutcome]
    ) -> None:
        self.kept.append((run, list(queries), list(outcomes)))


def as_service(fake: FakeService) -> PriceService:
    return cast("PriceService", fake)


def payloads(seen: list[Progress], kind: type) -> list:  # type: ignore[type-arg]
    return [step.payload for step in seen if isinstance(step.payload, kind)]


def dated(queries: Sequence[PriceQuery]) -> list[PriceQuery]:
    return [q.model_copy(update={"dtEvento": FRIDAY}) for q in queries]


def test_a_stream_reads_its_queries_a_window_at_a_time() -> None:
    pulled = 0
    pulled_at_first_price: list[int] = []

    def rows() -> Iterator[PriceQuery]:
        nonlocal pulled
        for number in range(10):
            pulled += 1
            yield query(number)

    seen: list[Progress] = []

    def on_progress(step: Progress) -> None:
        if isinstance(step.payload, PriceArrived) and not pulled_at_first_price:
            pulled_at_first_price.append(pulled)
        seen.append(step)

    client = WindowClient()
    service = FakeService(client)
    task = PlainTask(on_progress)
    settled = prices_with_deadlines(
        task, as_service(service), rows(), "run-1", total=10, source="cli", window=4
    )
    assert pulled_at_first_price == [4]  # one window read, the rest of the file not yet
    results = [arrived.result for arrived in payloads(seen, PriceArrived)]
    assert [result.index for result in results] == list(range(10))
    assert [result.query.psObjeto for result in results][-1] == 309
    assert [size for size, _ in client.calls] == [4, 4, 2]
    assert len({name for _, name in client.calls}) == 1  # one idLote for the whole batch
    priced = [step for step in seen if isinstance(step.payload, PriceArrived)]
    assert [step.done for step in priced] == list(range(1, 11))
    assert {step.total for step in priced} == {10}
    assert sorted(result.index for block in service.recorded for result in block) == list(range(10))
    assert settled == PricesSettled(10, 0)
    assert payloads(seen, PricesSettled) == [settled]


def test_a_batch_gets_its_deadlines_a_window_at_a_time_numbered_as_its_results() -> None:
    service = FakeService(LoteClient())
    seen: list[Progress] = []
    queries = dated([national(), abroad(), national("03204"), national(), national()])
    prices_with_deadlines(PlainTask(seen.append), as_service(service), queries, "run-2", window=2)
    windows = [arrived.outcomes for arrived in payloads(seen, DeadlinesArrived)]
    assert [[o.index for o in window] for window in windows] == [[0, 1], [2, 3], [4]]
    reasons = [o.reason for window in windows for o in window]
    assert reasons == ["ok", "international", "item_error", "ok", "ok"]
    assert len(service.deadline_client.asked) == 4  # the international row asked nothing
    assert [run for run, _, _ in service.kept] == ["run-2"] * 3  # beside the prices' run
    assert service.runs == {"run-2"}


def test_indices_keep_the_rows_numbers_of_a_file_with_skipped_rows() -> None:
    """Rows 1, 2, 4 and 5 of a file whose row 3 had a problem: results and deadlines keep them."""
    service = FakeService(LoteClient())
    seen: list[Progress] = []
    queries = dated([national(), national(), national(), national()])
    prices_with_deadlines(
        PlainTask(seen.append),
        as_service(service),
        queries,
        "run-3",
        "batch",
        "batch",
        [0, 1, 3, 4],
        window=3,
    )
    results = sorted(arrived.result.index for arrived in payloads(seen, PriceArrived))
    assert results == [0, 1, 3, 4]
    outcomes = [o.index for arrived in payloads(seen, DeadlinesArrived) for o in arrived.outcomes]
    assert outcomes == [0, 1, 3, 4]


class HeldDeadlines(FakeDeadlines):
    """Answers only once the test lets it: a deadline service slower than every price."""

    def __init__(self) -> None:
        super().__init__()
        self.go = threading.Event()

    def batch(self, queries: Sequence[DeadlineQuery]) -> list[DeadlineResult]:
        assert self.go.wait(10)
        return super().batch(queries)


def test_the_prices_never_wait_for_their_deadlines() -> None:
    held = HeldDeadlines()
    service = FakeService(LoteClient(), held)
    seen: list[object] = []

    def on_progress(step: Progress) -> None:
        seen.append(step.payload)
        if isinstance(step.payload, PricesSettled):
            held.go.set()  # every price is in while the deadlines are still being asked

    queries = dated([national(), national("03298"), national("03204")])
    settled = prices_with_deadlines(PlainTask(on_progress), as_service(service), queries, "run-3")
    kinds = [type(payload) for payload in seen if payload is not None]
    assert kinds == [PriceArrived] * 3 + [PricesSettled, DeadlinesArrived]
    assert settled == PricesSettled(3, 0)


def test_a_deadline_side_that_breaks_is_each_rows_reason_and_the_prices_go_on() -> None:
    service = FakeService(LoteClient(), FakeDeadlines(fail=RuntimeError("disk on fire")))
    seen: list[Progress] = []
    prices_with_deadlines(PlainTask(seen.append), as_service(service), dated([national(), abroad()]), "run-4")
    assert len(payloads(seen, PriceArrived)) == 2
    (arrived,) = payloads(seen, DeadlinesArrived)
    assert [outcome.reason for outcome in arrived.outcomes] == ["failed", "failed"]
    assert str(arrived.outcomes[0].error) == "disk on fire"


def test_a_cancel_stops_both_sides() -> None:
    seen: list[Progress] = []
    task = PlainTask(seen.append)
    service = FakeService(LoteClient(task, cancel_after=2))
    with pytest.raises(Cancelled):
        prices_with_deadlines(task, as_service(service), [query(n) for n in range(10)], "run-5", window=4)
    assert len(payloads(seen, PriceArrived)) == 2
    assert payloads(seen, PricesSettled) == []
    assert not [thread for thread in threading.enumerate() if thread.name.startswith("postalgui-deadline")]


def test_a_single_quote_goes_through_its_own_get() -> None:
    class SingleClient(LoteClient):
        def national(self, asked: PriceQuery) -> PriceResponse:
            return PriceResponse(coProduto=asked.coProduto, pcFinal=19)

    service = FakeService(SingleClient())
    seen: list[Progress] = []
    task = PlainTask(seen.append)
    prices_with_deadlines(
        task, as_service(service), dated([national()]), "run-6", pricing="national", source="cli"
    )
    (arrived,) = payloads(seen, PriceArrived)
    assert arrived.result.response is not None
    assert arrived.result.response.pcFinal == 19
    (deadlines,) = payloads(seen, DeadlinesArrived)
    assert deadlines.outcomes[0].reason == "ok"
    assert service.runs == {"run-6"}


class Collector:
    """A `PriceReceiver`: the stream's events reach it at one method each, never sorted by type."""

    def __init__(self) -> None:
        self.prices: list[QuoteResult] = []
        self.deadlines: list[DeadlineOutcome] = []
        self.settled: list[PricesSettled] = []

    def price_arrived(self, result: QuoteResult) -> None:
        self.prices.append(result)

    def deadlines_arrived(self, outcomes: list[DeadlineOutcome]) -> None:
        self.deadlines.extend(outcomes)

    def prices_settled(self, settled: PricesSettled) -> None:
        self.settled.append(settled)


def test_each_event_reaches_its_receiver_method_at_the_rows_own_numbers() -> None:
    collector = Collector()

    def on_progress(step: Progress[PriceEvent]) -> None:
        if step.payload is not None:
            step.payload.reach(collector)

    queries = dated([national(), national(), national()])
    lock = threading.Lock()  # the prices and the deadlines come from two threads

    def locked(step: Progress[PriceEvent]) -> None:
        with lock:
            on_progress(step)

    service = FakeService(LoteClient())
    prices_with_deadlines(PlainTask(locked), as_service(service), queries, "run-r", indices=[4, 7, 9])
    assert sorted(result.index for result in collector.prices) == [4, 7, 9]
    assert sorted(outcome.index for outcome in collector.deadlines) == [4, 7, 9]
    assert collector.settled == [PricesSettled(3, 0)]


def test_counts_only_passes_counts_and_cancel_and_keeps_the_payloads() -> None:
    steps: list[Progress] = []
    outer = PlainTask(steps.append)
    inner: CountsOnly[PriceEvent] = CountsOnly(outer)
    inner.progress(1, 2, "half", PricesSettled(1, 0))
    assert steps == [Progress(1, 2, "half")]
    outer.cancel()
    assert inner.cancelled
    with pytest.raises(Cancelled):
        inner.raise_if_cancelled()
