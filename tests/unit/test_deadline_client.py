"""DeadlineClient over a mocked operator (`responses`): the manual's batch example, mixed item
errors (206), a chunk refused whole, international v2, pick-up and expected dates."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date, datetime

import pytest
import responses

from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.deadline import DeadlineClient
from postalgui.api.models.deadline import Deadline, DeadlineQuery
from postalgui.api.tokens import DELEGATED_KEY, Scope, TokenManager, TokenScope
from postalgui.api.transport import RetryPolicy, Transport
from tests.conftest import MemoryKeyring

BASE = "https://api.example.test"
BATCH = f"{BASE}/prazo/v1/nacional"


@pytest.fixture
def client() -> Iterator[DeadlineClient]:
    transport = Transport(BASE, retry=RetryPolicy(max_attempts=2, backoff_base=0), sleep=lambda _s: None)
    store = CredentialStore(MemoryKeyring())
    store.set("test", DELEGATED_KEY, "delegated-key")
    operator = OperatorClient(
        transport, TokenManager(transport, store, "test", use_delegated=True), TokenScope(Scope.LOGIN)
    )
    yield DeadlineClient(operator)
    operator.close()


def query(product: str = "04162", n: int = 0, destination: str = "70002900") -> DeadlineQuery:
    return DeadlineQuery(
        coProduto=product, cepOrigem="05311900", cepDestino=destination, dtEvento=date(2022, 3, 18)
    )


@responses.activate
def test_the_manuals_batch_example(client: DeadlineClient) -> None:
    responses.post(
        BATCH,
        json=[
            {"coProduto": "04162", "nuRequisicao": "1", "prazoEntrega": 1,
             "dataMaxima": "2022-03-21T23:58:00", "entregaDomiciliar": "S", "entregaSabado": "N"},
            {"coProduto": "04669", "nuRequisicao": "2", "prazoEntrega": 5,
             "dataMaxima": "2022-03-25T23:58:00", "entregaDomiciliar": "S", "entregaSabado": "N"},
        ],
    )  # fmt: skip
    first, second = client.batch([query("04162"), query("04669")])
    assert first.deadline is not None
    assert first.deadline.by == date(2022, 3, 21)
    assert first.deadline.entregaDomiciliar is True
    assert first.deadline.entregaSabado is False
    assert second.deadline is not None
    assert second.deadline.prazoEntrega == 5
    body = json.loads(responses.calls[0].request.body)
    assert body["parametrosPrazo"][0] == {
        "coProduto": "04162", "nuRequisicao": "1", "cepOrigem": "05311900", "cepDestino": "70002900",
        "dtEvento": "18-03-2022",
    }  # fmt: skip


@responses.activate
def test_a_mixed_batch_answered_206_fails_only_its_items(client: DeadlineClient) -> None:
    answer = [
        {
            "coProduto": "04162",
            "nuRequisicao": "2",
            "txErro": "PRZ-008: Serviço indisponível para o trecho informado",
        },
        {"coProduto": "04669", "nuRequisicao": "1", "prazoEntrega": 3, "dataMaxima": "2022-03-23T23:58:00"},
    ]
    responses.post(BATCH, json=answer, status=206)
    good, bad = client.batch([query("04669"), query("04162")])
    assert good.deadline is not None
    assert good.deadline.prazoEntrega == 3
    assert bad.deadline is None
    assert bad.error is not None
    assert (bad.error.code, bad.error.text) == ("PRZ-008", "Serviço indisponível para o trecho informado")


@responses.activate
def test_a_400_with_per_item_results_is_read_item_by_item(client: DeadlineClient) -> None:
    answer = [{"nuRequisicao": "1", "txErro": {"cdErro": "PRZ-003", "dsErro": "CEP de destino inválido"}}]
    responses.post(BATCH, json=answer, status=400)
    (result,) = client.batch([query()])
    assert result.error is not None
    assert result.error.code == "PRZ-003"


@responses.activate
def test_a_chunk_refused_whole_is_resent_smaller(client: DeadlineClient) -> None:
    calls: list[int] = []

    def answer(request: object) -> tuple[int, dict[str, str], str]:
        items = json.loads(request.body)["parametrosPrazo"]  # type: ignore[attr-defined]
        calls.append(len(items))
        if len(items) > 3:
            return 400, {}, json.dumps({"msgs": ["PRZ-001: Lote excede o limite"]})
        body = [
            {"nuRequisicao": i["nuRequisicao"], "prazoEntrega": 2, "dataMaxima": "2022-03-22T23:58:00"}
            for i in items
        ]
        return 200, {}, json.dumps(body)

    responses.add_callback(responses.POST, BATCH, callback=answer)
    results = client.batch([query() for _ in range(7)])
    assert [r.deadline is not None for r in results] == [True] * 7
    assert sorted(calls) == [2, 2, 3, 5]  # chunks go in parallel: 5 refused, resent as 3 + 2; then 2


@responses.activate
def test_single_international_pickup_and_expected_date(client: DeadlineClient) -> None:
    single = {"coProduto": 3220, "prazoEntrega": "2", "dataMaxima": "2026-11-26T23:58:00-03:00",
              "entregaSabado": "S", "msgPrazo": "Entrega em capital"}  # fmt: skip
    responses.get(f"{BASE}/prazo/v1/nacional/03220", json=single)
    deadline = client.national(
        DeadlineQuery(coProduto="03220", cepOrigem="01310-100", cepDestino="70002-900")
    )
    assert (deadline.coProduto, deadline.prazoEntrega, deadline.by) == ("3220", 2, date(2026, 11, 26))
    assert deadline.wire()["entregaSabado"] == "S"
    assert "dtEvento" not in responses.calls[0].request.url
    export_answer = {
        "prazoMinimo": 6,
        "prazoMaximo": 12,
        "dataMinEntrega": "2026-12-02T00:00:00",
        "dataMaxEntrega": "2026-12-10T00:00:00",
    }
    responses.get(f"{BASE}/prazo/v2/internacional/exportacao/45209", json=export_answer)
    export = client.international("45209", "us")
    assert (export.prazoMinimo, export.prazoMaximo) == (6, 12)
    assert responses.calls[1].request.url.endswith("sgPaisDestino=US")
    responses.get(f"{BASE}/prazo/v1/coleta/70002900", json={"cep": "70002900", "prazoColeta": 1})
    assert client.pickup_days("70002-900") == 1
    responses.get(f"{BASE}/prazo/v1/data-prevista", json={"dataPrevista": "2026-11-30T23:58:00"})
    assert client.expected_date("01310100", "70002900", 3, date(2026, 11, 25)) == date(2026, 11, 30)


def test_dates_and_flags_are_read_tolerantly() -> None:
    record = Deadline.model_validate(
        {"dataMaxima": "25/03/2022", "entregaDomiciliar": True, "prazoEntrega": "x"}
    )
    assert record.dataMaxima == datetime(2022, 3, 25, 23, 59)
    assert record.entregaDomiciliar is True
    assert record.prazoEntrega is None
