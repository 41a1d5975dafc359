"""`deadlines_for` on its own: a fake `PriceService` and deadline client, no Qt, no HTTP."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import cast

import pytest
from pydantic import ValidationError

from postalgui.api.cancel import PlainTask
from postalgui.api.deadline import DeadlineResult
from postalgui.api.errors import PermissionDeniedError, ServerError
from postalgui.api.models.deadline import Deadline, DeadlineQuery
from postalgui.api.models.price import ItemError, PriceQuery
from postalgui.services.price.deadlines import DeadlineOutcome, add_business_days, deadlines_for
from postalgui.services.price.price_settings import PriceSettings
from postalgui.services.price.service import PriceService

FRIDAY = date(2026, 11, 27)


def national(code: str = "03220", day: date | None = FRIDAY) -> PriceQuery:
    return PriceQuery(coProduto=code, cepOrigem="01310100", cepDestino="20040020", psObjeto=300, dtEvento=day)


def abroad() -> PriceQuery:
    return PriceQuery(coProduto="45110", sgPaisDestino="US", psObjeto=300)


class FakeDeadlines:
    def __init__(self, fail: Exception | None = None) -> None:
        self.asked: list[DeadlineQuery] = []
        self.fail = fail

    def batch(self, queries: Sequence[DeadlineQuery]) -> list[DeadlineResult]:
        if self.fail is not None:
            raise self.fail
        self.asked.extend(queries)
        results = []
        for index, query in enumerate(queries):
            if query.coProduto == "03204":
                error = ItemError(code="PRZ-008", text="Serviço indisponível para o trecho informado")
                results.append(DeadlineResult(index, query, None, error))
            else:
                by = datetime(2026, 12, 2, 23, 59)
                deadline = Deadline(prazoEntrega=2, dataMaxima=by, entregaDomiciliar=True)
                results.append(DeadlineResult(index, query, deadline, None))
        return results


class FakeService:
    def __init__(self, apis: list[int] | None, handling: int = 0, fail: Exception | None = None) -> None:
        self.apis = apis
        self.handling = handling
        self.client = FakeDeadlines(fail)
        self.recorded: list[tuple[str, list[PriceQuery], list[DeadlineOutcome]]] = []

    def enabled_apis(self) -> list[int] | None:
        return self.apis

    def handling_days(self) -> int:
        return self.handling

    def deadlines(self) -> FakeDeadlines:
        return self.client

    def record_deadlines(
        self, run: str, queries: Sequence[PriceQuery], outcomes: Sequence[DeadlineOutcome]
    ) -> None:
        self.recorded.append((run, list(queries), list(outcomes)))


def run(service: FakeService, queries: Sequence[PriceQuery]) -> list:  # type: ignore[type-arg]
    return deadlines_for(PlainTask(), cast("PriceService", service), queries, today=FRIDAY)


def test_national_items_get_deadlines_and_item_errors_abroad_goes_without_a_call() -> None:
    service = FakeService([34, 35])
    outcomes = run(service, [national(), abroad(), national("03204")])
    assert [o.reason for o in outcomes] == ["ok", "international", "item_error"]
    assert outcomes[0].by == date(2026, 12, 2)
    assert str(outcomes[2].error).startswith("PRZ-008")
    assert [q.coProduto for q in service.client.asked] == ["03220", "03204"]


def test_a_card_without_api_35_asks_nothing() -> None:
    service = FakeService([34])
    outcomes = run(service, [national(), abroad()])
    assert [o.reason for o in outcomes] == ["not_enabled", "international"]
    assert service.client.asked == []


def test_a_token_that_does_not_say_its_apis_is_tried() -> None:
    assert run(FakeService(None), [national()])[0].reason == "ok"


def test_handling_days_move_the_posting_date_over_the_weekend() -> None:
    service = FakeService([35], handling=2)
    outcome = run(service, [national(day=FRIDAY)])[0]
    assert outcome.posted == date(2026, 12, 1)  # Fri + 2 business days: Tue
    assert outcome.handling_days == 2
    assert service.client.asked[0].dtEvento == date(2026, 12, 1)
    assert run(FakeService([35], 0), [national(day=None)])[0].posted == FRIDAY  # no date: today


def test_a_failed_call_fails_every_national_outcome_with_its_reason() -> None:
    service = FakeService([35], fail=ServerError(["boom"], status=500))
    outcomes = run(service, [national(), abroad()])
    assert [o.reason for o in outcomes] == ["failed", "international"]
    assert "boom" in str(outcomes[0].error)


def test_business_days_and_the_setting_limits() -> None:
    assert add_business_days(date(2026, 11, 23), 0) == date(2026, 11, 23)
    assert add_business_days(date(2026, 11, 28), 1) == date(2026, 11, 30)  # Saturday: Monday
    assert PriceSettings(handling_days=10).handling_days == 10
    for bad in (-1, 11):
        with pytest.raises(ValidationError):
            PriceSettings(handling_days=bad)


def test_a_repeated_route_is_asked_once_and_the_run_is_recorded() -> None:
    service = FakeService([34, 35])
    heavier = national().model_copy(update={"psObjeto": 5000})
    queries = [national(), heavier, national("03204"), abroad()]
    outcomes = deadlines_for(PlainTask(), cast("PriceService", service), queries, "run-7", today=FRIDAY)
    assert [query.coProduto for query in service.client.asked] == ["03220", "03204"]
    assert [outcome.index for outcome in outcomes] == [0, 1, 2, 3]
    assert [outcome.reason for outcome in outcomes] == ["ok", "ok", "item_error", "international"]
    assert outcomes[0].deadline == outcomes[1].deadline
    assert service.recorded == [("run-7", queries, outcomes)]
    deadlines_for(PlainTask(), cast("PriceService", service), queries, today=FRIDAY)
    assert len(service.recorded) == 1  # without a run nothing is kept


def test_a_refusal_by_the_operator_reads_as_not_enabled_when_the_token_did_not_say() -> None:
    refusal = PermissionDeniedError(["GTW-011: API 35 (Prazo) não habilitada"], status=403)
    service = FakeService(None, fail=refusal)  # a delegated token lists no APIs
    outcomes = run(service, [national(), abroad()])
    assert [o.reason for o in outcomes] == ["not_enabled", "international"]
