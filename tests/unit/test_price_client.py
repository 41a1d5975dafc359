"""PriceClient over a mocked operator (`responses`): GETs, chunking, fallbacks, reassembly."""

from __future__ import annotations

import gc
import json
import threading
from collections.abc import Callable, Iterator
from datetime import date
from decimal import Decimal
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
import requests
import responses

from postalgui.api.cancel import Cancelled, CancelToken, cancel_scope
from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.errors import AuthenticationError, InvalidResponseError, PermissionDeniedError
from postalgui.api.models.price import ItemError, PriceQuery, PriceResponse
from postalgui.api.price import PriceClient, QuoteResult, _read_answer, new_batch_id
from postalgui.api.tokens import DELEGATED_KEY, Scope, TokenManager, TokenScope
from postalgui.api.transport import RetryPolicy, Transport
from postalgui.api.values import InvalidValue
from tests.conftest import MemoryKeyring
from tests.price_samples import HEAVY_PAC
from tests.unit.test_price_models import OFFICIAL

BASE = "https://api.example.test"
NACIONAL = f"{BASE}/preco/v1/nacional"
INTERNACIONAL = f"{BASE}/preco/v1/internacional"

Callback = Callable[[requests.PreparedRequest], tuple[int, dict[str, str], str]]


@pytest.fixture
def operator() -> Iterator[OperatorClient]:
    transport = Transport(BASE, retry=RetryPolicy(max_attempts=3, backoff_base=0), sleep=lambda _s: None)
    store = CredentialStore(MemoryKeyring())
    store.set("test", DELEGATED_KEY, "delegated-key")
    tokens = TokenManager(transport, store, "test", use_delegated=True)
    client = OperatorClient(transport, tokens, TokenScope(Scope.LOGIN))
    yield client
    client.close()


def price_client(operator: OperatorClient, concurrency: int = 8) -> PriceClient:
    return PriceClient(operator, concurrency=concurrency)


def make_query(n: int, **fields: Any) -> PriceQuery:
    """Query number ``n``: its weight (100 + n grams) identifies it in the answers."""
    base: dict[str, Any] = {
        "coProduto": "03220",
        "cepOrigem": "70002900",
        "cepDestino": "01310100",
        "psObjeto": str(100 + n),
    }
    return PriceQuery.model_validate({**base, **fields})


def price_of(params: dict[str, Any]) -> dict[str, Any]:
    """The fake operator's price: weight / 100, so each item's answer is recognisable."""
    grams = int(params["psObjeto"])
    return {
        "coProduto": params["coProduto"],
        "nuRequisicao": params.get("nuRequisicao"),
        "pcProduto": f"{grams // 100},{grams % 100:02d}",
        "pcTotalServicosAdicionais": "0,00",
        "pcFinal": f"{grams // 100},{grams % 100:02d}",
        "psCobrado": str(grams),
    }


def expected_final(query: PriceQuery) -> Decimal:
    assert query.psObjeto is not None
    return Decimal(query.psObjeto) / 100


def bodies(url: str = NACIONAL) -> list[dict[str, Any]]:
    return [json.loads(c.request.body) for c in responses.calls if c.request.url == url]


def sizes(url: str = NACIONAL) -> list[int]:
    return [len(body["parametrosProduto"]) for body in bodies(url)]


def answer(
    refuse: Callable[[list[dict[str, Any]]], tuple[int, Any] | None] = lambda _items: None,
    transform: Callable[[list[dict[str, Any]]], list[Any]] = lambda records: records,
) -> Callback:
    """A batch route: ``refuse`` may answer an error for a request, else priced items."""

    def callback(request: requests.PreparedRequest) -> tuple[int, dict[str, str], str]:
        assert request.body is not None
        items = json.loads(request.body)["parametrosProduto"]
        refused = refuse(items)
        if refused is not None:
            status, body = refused
            return status, {}, json.dumps(body)
        return 200, {}, json.dumps(transform([price_of(item) for item in items]))

    return callback


def check_results(results: list[QuoteResult], queries: list[PriceQuery]) -> None:
    """Each result is its query's (same object, same price), in input order."""
    assert len(results) == len(queries)
    assert [r.index for r in results] == sorted(r.index for r in results)
    for result, query in zip(results, queries, strict=True):
        assert result.query is query
        assert result.ok, result.failure
        assert result.response is not None
        assert result.response.pcFinal == expected_final(query)


# --------------------------------------------------------------------------- one product


@responses.activate
def test_national_get_repeats_list_parameters(operator: OperatorClient) -> None:
    responses.get(f"{NACIONAL}/03220", json=OFFICIAL)
    query = make_query(
        0,
        psObjeto="300",
        servicosAdicionais="019,001",
        vlDeclarado="200",
        comprimento="20",
        largura="20",
        altura="20",
        tpObjeto="pacote",
        dtEvento="22-11-2026",
        nuDR=72,
    )
    price = price_client(operator).national(query)
    assert price.pcFinal == Decimal("19.92")
    request = responses.calls[0].request
    assert request.headers["Authorization"] == "Bearer delegated-key"
    assert "servicosAdicionais=019&servicosAdicionais=001" in str(request.url)
    assert parse_qsl(urlsplit(str(request.url)).query) == [
        ("nuDR", "72"),
        ("cepOrigem", "70002900"),
        ("psObjeto", "300"),
        ("tpObjeto", "2"),
        ("comprimento", "20"),
        ("largura", "20"),
        ("altura", "20"),
        ("vlDeclarado", "200,00"),
        ("dtEvento", "22-11-2026"),
        ("cepDestino", "01310100"),
        ("servicosAdicionais", "019"),
        ("servicosAdicionais", "001"),
    ]


@responses.activate
def test_item_error_of_a_get_is_returned_not_raised(operator: OperatorClient) -> None:
    responses.get(f"{NACIONAL}/03220", json={"coProduto": "03220", "txErro": "PRC-101: CEP inválido"})
    price = price_client(operator).national(make_query(0))
    assert price.error == ItemError(code="PRC-101", text="CEP inválido")


@responses.activate
def test_international_needs_a_country_and_uses_its_route(operator: OperatorClient) -> None:
    client = price_client(operator)
    with pytest.raises(InvalidValue) as info:
        client.international(make_query(0))
    assert info.value.rule == "price.country"
    assert len(responses.calls) == 0
    responses.get(
        f"{INTERNACIONAL}/03220", json={"coProduto": "03220", "nomeProduto": "EMS", "pcFinal": "150,00"}
    )
    price = client.quote(make_query(0, sgPaisDestino="US"))
    assert price.product_name == "EMS"
    query = dict(parse_qsl(urlsplit(str(responses.calls[0].request.url)).query))
    assert query["sgPaisDestino"] == "US"
    assert "cepDestino" not in query


@responses.activate
def test_quote_dispatches_national(operator: OperatorClient) -> None:
    responses.get(f"{NACIONAL}/03220", json=OFFICIAL)
    assert price_client(operator).quote(make_query(0)).pcFinal == Decimal("19.92")


@responses.activate
def test_garbled_get_answer_is_an_invalid_response(operator: OperatorClient) -> None:
    responses.get(f"{NACIONAL}/03220", json={"pcFinal": "dezenove"})
    with pytest.raises(InvalidResponseError):
        price_client(operator).national(make_query(0))


@responses.activate
def test_additional_services(operator: OperatorClient) -> None:
    responses.get(
        f"{BASE}/preco/v1/servicos-adicionais/03220",
        json=[
            {"codigo": "019", "sigla": "VD", "preco": 1.79, "vlMinDeclarado": 25.5, "vlMaxDeclarado": 10000},
            {"codigo": "001", "sigla": "AR", "preco": "7,00", "excludentes": [{"coExcludente": "021"}]},
        ],
    )
    services = price_client(operator).additional_services(
        "3220", vl_declarado=Decimal("200"), dt_evento=date(2026, 11, 22), sg_pais="br"
    )
    assert [s.codigo for s in services] == ["019", "001"]
    assert services[0].vlMaxDeclarado == Decimal("10000")
    assert services[1].preco == Decimal("7.00")
    assert services[1].excludes() == {"021"}
    query = dict(parse_qsl(urlsplit(str(responses.calls[0].request.url)).query))
    assert query == {"vlDeclarado": "200,00", "dtEvento": "2026-11-22", "sgPais": "BR"}


def test_additional_services_refuse_a_bad_product_before_sending(operator: OperatorClient) -> None:
    with pytest.raises(InvalidValue) as info:
        price_client(operator).additional_services("SEDEX")
    assert info.value.rule == "price.product"


# --------------------------------------------------------------------------- batches


@responses.activate
def test_twelve_queries_go_as_five_five_two_in_input_order(operator: OperatorClient) -> None:
    responses.add_callback(responses.POST, NACIONAL, callback=answer())
    queries = [make_query(n) for n in range(12)]
    results = price_client(operator, concurrency=1).batch(queries, id_lote="lote-1")
    check_results(results, queries)
    assert sizes() == [5, 5, 2]
    sent = [item for body in bodies() for item in body["parametrosProduto"]]
    assert [item["psObjeto"] for item in sent] == [str(100 + n) for n in range(12)]
    assert [item["nuRequisicao"] for item in sent] == [str(n + 1) for n in range(12)]
    assert {body["idLote"] for body in bodies()} == {"lote-1"}
    assert all(call.request.headers["Authorization"] == "Bearer delegated-key" for call in responses.calls)


@responses.activate
def test_batch_items_carry_services_as_objects_and_a_default_batch_id(operator: OperatorClient) -> None:
    responses.add_callback(responses.POST, NACIONAL, callback=answer())
    price_client(operator).batch([make_query(0, servicosAdicionais="019,001")])
    (body,) = bodies()
    assert body["idLote"].startswith("postalgui-")
    assert body["parametrosProduto"][0]["servicosAdicionais"] == [
        {"coServAdicional": "019"},
        {"coServAdicional": "001"},
    ]
    assert new_batch_id() != new_batch_id()


@responses.activate
def test_results_come_in_input_order_with_many_workers(operator: OperatorClient) -> None:
    responses.add_callback(responses.POST, NACIONAL, callback=answer())
    queries = [make_query(n) for n in range(53)]
    seen: list[int] = []
    results = price_client(operator, concurrency=4).batch(queries, on_result=lambda r: seen.append(r.index))
    check_results(results, queries)
    assert sorted(seen) == list(range(53))
    assert sorted(sizes()) == [3] + [5] * 10


@responses.activate
def test_the_collector_is_paused_while_the_chunks_are_priced(operator: OperatorClient) -> None:
    """No cyclic garbage collection while the answers' records pile up (they make no cycles);
    the collector is on again once the batch returns."""
    responses.add_callback(responses.POST, NACIONAL, callback=answer())
    queries = [make_query(n) for n in range(12)]
    collecting: list[bool] = []
    was = gc.isenabled()
    gc.enable()
    try:
        results = price_client(operator, concurrency=2).batch(
            queries, on_result=lambda _r: collecting.append(gc.isenabled())
        )
        assert gc.isenabled()
    finally:
        if not was:
            gc.disable()
    check_results(results, queries)
    assert collecting == [False] * 12


@responses.activate
def test_chunks_run_concurrently_up_to_the_limit(operator: OperatorClient) -> None:
    barrier = threading.Barrier(3, timeout=10)
    active = 0
    peak = 0
    lock = threading.Lock()
    inner = answer()

    def callback(request: requests.PreparedRequest) -> tuple[int, dict[str, str], str]:
        nonlocal active, peak
        with lock:
            active += 1
            peak = max(peak, active)
        barrier.wait()  # only passes when 3 chunks are in flight together
        with lock:
            active -= 1
        return inner(request)

    responses.add_callback(responses.POST, NACIONAL, callback=callback)
    queries = [make_query(n) for n in range(30)]
    check_results(price_client(operator, concurrency=3).batch(queries), queries)
    assert peak == 3


@responses.activate
def test_refused_chunk_is_retried_as_threes_then_singles(operator: OperatorClient) -> None:
    bad_weight = str(100 + 1)

    def refuse(items: list[dict[str, Any]]) -> tuple[int, Any] | None:
        if any(item["psObjeto"] == bad_weight for item in items):
            return 400, {"msgs": ["PRC-010: Peso inválido para o produto"], "causa": "validação"}
        return None

    responses.add_callback(responses.POST, NACIONAL, callback=answer(refuse))
    queries = [make_query(n) for n in range(7)]
    delivered: list[QuoteResult] = []
    results = price_client(operator, concurrency=1).batch(queries, on_result=delivered.append)
    assert sizes() == [5, 3, 1, 1, 1, 2, 2]
    sent = [[item["psObjeto"] for item in body["parametrosProduto"]] for body in bodies()]
    assert sent[:6] == [
        ["100", "101", "102", "103", "104"],
        ["100", "101", "102"],
        ["100"],
        ["101"],
        ["102"],
        ["103", "104"],
    ]
    bad = results[1]
    assert not bad.ok
    assert bad.response is None
    assert bad.failure == ItemError(code="PRC-010", text="Peso inválido para o produto")
    assert bad.query is queries[1]
    check_results([r for r in results if r.index != 1], [q for i, q in enumerate(queries) if i != 1])
    assert sorted(r.index for r in delivered) == list(range(7))


@responses.activate
def test_contract_refusing_more_than_three_items(operator: OperatorClient) -> None:
    def refuse(items: list[dict[str, Any]]) -> tuple[int, Any] | None:
        return (400, {"msg": "Quantidade máxima de itens excedida"}) if len(items) > 3 else None

    responses.add_callback(responses.POST, NACIONAL, callback=answer(refuse))
    queries = [make_query(n) for n in range(10)]
    check_results(price_client(operator, concurrency=1).batch(queries), queries)
    assert sizes() == [5, 3, 2, 5, 3, 2]


@responses.activate
def test_item_tx_erro_fails_that_item_only(operator: OperatorClient) -> None:
    def transform(records: list[dict[str, Any]]) -> list[Any]:
        records[2] = {
            "coProduto": "03220",
            "nuRequisicao": records[2]["nuRequisicao"],
            "txErro": {"cdErro": "PRC-101", "dsErro": "CEP de destino inválido"},
        }
        return records

    responses.add_callback(responses.POST, NACIONAL, callback=answer(transform=transform))
    queries = [make_query(n) for n in range(5)]
    results = price_client(operator).batch(queries)
    failed = results[2]
    assert failed.failure == ItemError(code="PRC-101", text="CEP de destino inválido")
    assert failed.response is not None
    assert failed.response.txErro == {"cdErro": "PRC-101", "dsErro": "CEP de destino inválido"}
    assert not failed.ok
    check_results([r for r in results if r.index != 2], [q for i, q in enumerate(queries) if i != 2])


@responses.activate
def test_shuffled_answers_are_matched_by_request_number(operator: OperatorClient) -> None:
    responses.add_callback(responses.POST, NACIONAL, callback=answer(transform=lambda r: [*reversed(r)]))
    queries = [make_query(n) for n in range(12)]
    check_results(price_client(operator).batch(queries), queries)


@responses.activate
def test_callers_request_numbers_are_sent_and_duplicates_renamed(operator: OperatorClient) -> None:
    responses.add_callback(responses.POST, NACIONAL, callback=answer(transform=lambda r: [*reversed(r)]))
    queries = [
        make_query(0, nuRequisicao="2"),  # clashes with a generated "2": generated ones get a prefix
        make_query(1),
        make_query(2, nuRequisicao="X"),
        make_query(3, nuRequisicao="X"),
        make_query(4, nuRequisicao="OBJ-9"),
    ]
    results = price_client(operator).batch(queries)
    check_results(results, queries)
    (body,) = bodies()
    wire = [item["nuRequisicao"] for item in body["parametrosProduto"]]
    assert wire[0] == "2"
    assert wire[4] == "OBJ-9"
    assert len(set(wire)) == 5
    assert wire[1].endswith("-2")
    assert wire[1] != "2"
    assert [r.response.nuRequisicao for r in results if r.response] == ["2", wire[1], "X", "X", "OBJ-9"]


@responses.activate
def test_answers_without_request_numbers_fall_back_to_position(operator: OperatorClient) -> None:
    def transform(records: list[dict[str, Any]]) -> list[Any]:
        for record in records:
            record["nuRequisicao"] = None
        records[1]["nuRequisicao"] = 999  # garbled: a number nobody sent
        return records

    responses.add_callback(responses.POST, NACIONAL, callback=answer(transform=transform))
    queries = [make_query(n) for n in range(4)]
    check_results(price_client(operator).batch(queries), queries)


@responses.activate
def test_short_answer_fails_the_missing_items(operator: OperatorClient) -> None:
    responses.add_callback(responses.POST, NACIONAL, callback=answer(transform=lambda r: r[:2]))
    results = price_client(operator).batch([make_query(n) for n in range(3)])
    assert [r.ok for r in results] == [True, True, False]
    assert results[2].failure is not None
    assert "no price" in results[2].failure.text


@responses.activate
def test_transient_failure_is_retried(operator: OperatorClient) -> None:
    calls = 0
    inner = answer()

    def callback(request: requests.PreparedRequest) -> tuple[int, dict[str, str], str]:
        nonlocal calls
        calls += 1
        if calls == 1:
            return 503, {"Retry-After": "0"}, json.dumps({"msgs": ["Serviço indisponível"]})
        return inner(request)

    responses.add_callback(responses.POST, NACIONAL, callback=callback)
    queries = [make_query(n) for n in range(3)]
    check_results(price_client(operator).batch(queries), queries)
    assert calls == 2


@responses.activate
def test_chunk_that_keeps_failing_fails_its_items_and_the_batch_goes_on(operator: OperatorClient) -> None:
    def refuse(items: list[dict[str, Any]]) -> tuple[int, Any] | None:
        if items[0]["psObjeto"] == "100":
            return 500, {"msgs": ["PRC-999: Erro interno"]}
        return None

    responses.add_callback(responses.POST, NACIONAL, callback=answer(refuse))
    queries = [make_query(n) for n in range(8)]
    results = price_client(operator, concurrency=1).batch(queries)
    assert [r.ok for r in results] == [False] * 5 + [True] * 3
    failure = results[0].failure
    assert failure is not None
    assert failure.code == "PRC-999"
    assert failure.text.startswith("Gave up after 3 attempts: PRC-999: Erro interno")
    assert sizes() == [5, 5, 5, 3]  # a 500 is retried (idempotent batch), never split


@responses.activate
def test_garbled_chunk_answer_fails_its_items(operator: OperatorClient) -> None:
    responses.post(NACIONAL, body="<html>manutenção</html>", status=200)
    results = price_client(operator).batch([make_query(0), make_query(1)])
    assert all(r.failure is not None and "not JSON" in r.failure.text for r in results)


@responses.activate
@pytest.mark.parametrize(("status", "error"), [(401, AuthenticationError), (403, PermissionDeniedError)])
def test_authentication_failure_aborts_the_batch(
    operator: OperatorClient, status: int, error: type[Exception]
) -> None:
    inner = answer()
    calls = 0

    def callback(request: requests.PreparedRequest) -> tuple[int, dict[str, str], str]:
        nonlocal calls
        calls += 1
        if calls > 1:
            return status, {}, json.dumps({"msgs": ["GTW-008: Token não válido para este ambiente"]})
        return inner(request)

    responses.add_callback(responses.POST, NACIONAL, callback=callback)
    delivered: list[QuoteResult] = []
    with pytest.raises(error) as info:
        price_client(operator, concurrency=1).batch(
            [make_query(n) for n in range(20)], on_result=delivered.append
        )
    assert getattr(info.value, "code", None) == "GTW-008"
    assert sorted(r.index for r in delivered) == [0, 1, 2, 3, 4]
    assert len(responses.calls) == 2


@responses.activate
def test_cancelling_from_the_result_callback_stops_promptly(operator: OperatorClient) -> None:
    responses.add_callback(responses.POST, NACIONAL, callback=answer())
    token = CancelToken()
    delivered: list[int] = []

    def on_result(result: QuoteResult) -> None:
        delivered.append(result.index)
        token.cancel()

    with cancel_scope(token), pytest.raises(Cancelled):
        price_client(operator, concurrency=2).batch([make_query(n) for n in range(500)], on_result=on_result)
    assert len(responses.calls) <= 4  # the chunks already in flight, nothing more
    assert len(delivered) <= 4 * 5
    threads = [t.name for t in threading.enumerate() if t.name.startswith("postalgui-price")]
    assert threads == []


@responses.activate
def test_cancelled_before_starting_sends_nothing(operator: OperatorClient) -> None:
    token = CancelToken()
    token.cancel()
    with cancel_scope(token), pytest.raises(Cancelled):
        price_client(operator).batch([make_query(0)])
    assert len(responses.calls) == 0


@responses.activate
def test_international_queries_go_to_their_route(operator: OperatorClient) -> None:
    responses.add_callback(responses.POST, NACIONAL, callback=answer())
    responses.add_callback(responses.POST, INTERNACIONAL, callback=answer())
    queries = [make_query(n, sgPaisDestino="US" if n % 2 else None) for n in range(8)]
    results = price_client(operator).batch(queries)
    check_results(results, queries)
    assert sizes(NACIONAL) == [4]
    assert sizes(INTERNACIONAL) == [4]
    (body,) = bodies(INTERNACIONAL)
    assert {item["sgPaisDestino"] for item in body["parametrosProduto"]} == {"US"}
    assert all("cepDestino" not in item for item in body["parametrosProduto"])


def test_empty_batch_sends_nothing(operator: OperatorClient) -> None:
    assert price_client(operator).batch([]) == []


def test_concurrency_must_be_positive(operator: OperatorClient) -> None:
    with pytest.raises(ValueError, match="concurrency"):
        PriceClient(operator, concurrency=0)


# --------------------------------------------------------------------------- reading a chunk's answer


def test_an_answer_read_in_one_pass_equals_the_records_read_one_by_one() -> None:
    """The answer's bytes go through pydantic's own parser once; what comes out is what a
    `model_validate` per decoded record gives (the manual's example, extra fields and all)."""
    records = [{**OFFICIAL, "nuRequisicao": "1"}, {**HEAVY_PAC, "nuRequisicao": "2", "novoCampo": {"a": [1]}}]
    answer = requests.Response()
    answer.status_code = 200
    answer._content = json.dumps(records).encode()
    read = _read_answer(answer)
    assert isinstance(read, list)
    assert all(isinstance(record, PriceResponse) for record in read)
    assert read == [PriceResponse.model_validate(record) for record in records]


@responses.activate
def test_an_answer_the_one_pass_refuses_is_read_record_by_record(operator: OperatorClient) -> None:
    """One unreadable amount fails its own item; the others of the chunk keep their prices."""

    def transform(records: list[dict[str, Any]]) -> list[Any]:
        records[1]["pcFinal"] = "not money"
        records[3]["nuRequisicao"] = int(records[3]["nuRequisicao"])  # echoed as a JSON number
        return records

    responses.add_callback(responses.POST, NACIONAL, callback=answer(transform=transform))
    queries = [make_query(n) for n in range(5)]
    results = price_client(operator).batch(queries)
    bad = results[1]
    assert bad.response is None
    assert bad.failure is not None
    assert "Invalid price record" in bad.failure.text
    check_results([r for r in results if r.index != 1], [q for i, q in enumerate(queries) if i != 1])
