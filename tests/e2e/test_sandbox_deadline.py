"""The sandbox's delivery-time service over real loopback HTTP, with plain requests and demo tokens."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
import requests

from postalgui.sandbox import DEMO, SandboxServer
from tests.e2e.conftest import SandboxControl

TIMEOUT = 10
AUTH = (DEMO.login, DEMO.access_code)
ERROR_KEYS = {"msgs", "date", "method", "path", "causa", "stackTrace"}
RECORD_KEYS = {
    "coProduto",
    "nuRequisicao",
    "prazoEntrega",
    "dataMaxima",
    "entregaDomiciliar",
    "entregaSabado",
    "entregaDomingo",
    "msgPrazo",
    "txErro",
}
ITEM_ERROR_KEYS = {"coProduto", "nuRequisicao", "txErro"}
NO_DEADLINE_CARD = "0074512346"  # prices (34) but not delivery time (35)
MANUAL_ITEMS = [
    {
        "cepDestino": "70002900",
        "cepOrigem": "05311900",
        "coProduto": "04162",
        "nuRequisicao": "1",
        "dtEvento": "18/03/2022",
    },
    {
        "cepDestino": "70002900",
        "cepOrigem": "05311900",
        "coProduto": "04669",
        "nuRequisicao": "2",
        "dtEvento": "18/03/2022",
    },
]
NOT_SERVED = {"coProduto": "03204", "nuRequisicao": "3", "cepOrigem": "05311900", "cepDestino": "20040020"}


@pytest.fixture
def http(sandbox: SandboxControl) -> Iterator[requests.Session]:
    with requests.Session() as session:
        yield session


def _token(http: requests.Session, server: SandboxServer, path: str, body: dict[str, Any]) -> dict[str, str]:
    response = http.post(f"{server.url}/token/v1/autentica{path}", auth=AUTH, json=body, timeout=TIMEOUT)
    assert response.status_code == 201, response.text
    return {"Authorization": f"Bearer {response.json()['token']}"}


@pytest.fixture
def bearer(http: requests.Session, sandbox_server: SandboxServer) -> dict[str, str]:
    body = {"numero": DEMO.card, "contrato": DEMO.contract, "dr": DEMO.dr}
    return _token(http, sandbox_server, "/cartaopostagem", body)


def _get(
    http: requests.Session, server: SandboxServer, path: str, headers: dict[str, str], params: Any = None
) -> requests.Response:
    return http.get(f"{server.url}/prazo{path}", headers=headers, params=params, timeout=TIMEOUT)


def _post(
    http: requests.Session, server: SandboxServer, headers: dict[str, str], items: list[dict[str, Any]]
) -> requests.Response:
    body = {"idLote": "1", "parametrosPrazo": items}
    return http.post(f"{server.url}/prazo/v1/nacional", headers=headers, json=body, timeout=TIMEOUT)


def _assert_error(response: requests.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == ERROR_KEYS
    assert body["msgs"][0].startswith(f"{code}: "), body
    assert body["stackTrace"] is None
    return body


def test_the_manuals_batch_example(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    response = _post(http, sandbox_server, bearer, MANUAL_ITEMS)
    assert response.status_code == 200, response.text
    sedex, pac = response.json()
    assert set(sedex) == RECORD_KEYS - {"msgPrazo", "txErro"}  # no message, no error: left out
    assert sedex["coProduto"] == "04162"
    assert sedex["nuRequisicao"] == "1"
    assert (sedex["prazoEntrega"], sedex["dataMaxima"]) == (1, "2022-03-21T23:58:00")
    assert (sedex["entregaDomiciliar"], sedex["entregaSabado"], sedex["entregaDomingo"]) == ("S", "N", "N")
    assert "txErro" not in sedex
    assert (pac["nuRequisicao"], pac["prazoEntrega"], pac["dataMaxima"]) == ("2", 5, "2022-03-25T23:58:00")


def test_get_national_deadline(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    params = {"cepOrigem": "05311900", "cepDestino": "70002900", "dtEvento": "18-03-2022"}
    record = _get(http, sandbox_server, "/v1/nacional/04669", bearer, params).json()
    assert record == {
        "coProduto": "04669",
        "prazoEntrega": 5,
        "dataMaxima": "2022-03-25T23:58:00",
        "entregaDomiciliar": "S",
        "entregaSabado": "N",
        "entregaDomingo": "N",
    }
    today = _get(http, sandbox_server, "/v1/nacional/03220", bearer, {**params, "dtEvento": None})
    assert today.status_code == 200, today.text
    assert date.fromisoformat(today.json()["dataMaxima"][:10]) > date(2026, 1, 1)


def test_get_answers_a_route_not_served_in_tx_erro_and_bad_input_with_400(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    params = {"cepOrigem": "05311900", "cepDestino": "20040020", "nuRequisicao": "7"}
    response = _get(http, sandbox_server, "/v1/nacional/03204", bearer, params)
    assert response.status_code == 200, response.text
    assert response.json() == {
        "coProduto": "03204",
        "nuRequisicao": "7",
        "txErro": "PRZ-008: Serviço indisponível para o trecho informado",
    }
    _assert_error(
        _get(http, sandbox_server, "/v1/nacional/03220", bearer, {**params, "cepOrigem": "1"}), 400, "PRZ-010"
    )
    bad_date = {**params, "dtEvento": "2026-11-24"}
    _assert_error(_get(http, sandbox_server, "/v1/nacional/03220", bearer, bad_date), 400, "PRZ-005")
    _assert_error(_get(http, sandbox_server, "/v1/nacional/99999", bearer, params), 400, "PRZ-001")


def test_batch_statuses(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    mixed = _post(
        http, sandbox_server, bearer, [MANUAL_ITEMS[0], NOT_SERVED, {**MANUAL_ITEMS[1], "cepDestino": "x"}]
    )
    assert mixed.status_code == 206, mixed.text
    first, second, third = mixed.json()
    assert (first["nuRequisicao"], first["prazoEntrega"]) == ("1", 1)
    assert set(second) == ITEM_ERROR_KEYS
    assert second == {
        "coProduto": "03204",
        "nuRequisicao": "3",
        "txErro": "PRZ-008: Serviço indisponível para o trecho informado",
    }
    assert third["nuRequisicao"] == "2"
    assert third["txErro"].startswith("PRZ-011: ")
    failed = _post(http, sandbox_server, bearer, [NOT_SERVED])
    assert failed.status_code == 400, failed.text
    assert [item["txErro"][:8] for item in failed.json()] == ["PRZ-008:"]
    _assert_error(_post(http, sandbox_server, bearer, [MANUAL_ITEMS[0]] * 6), 400, "PRZ-101")
    empty = _post(http, sandbox_server, bearer, [])
    assert (empty.status_code, empty.json()) == (200, [])


def test_a_card_without_api_35_is_refused_but_still_prices(
    http: requests.Session, sandbox_server: SandboxServer
) -> None:
    body = {"numero": NO_DEADLINE_CARD, "contrato": DEMO.contract, "dr": DEMO.dr}
    headers = _token(http, sandbox_server, "/cartaopostagem", body)
    params = {"cepOrigem": "05311900", "cepDestino": "70002900"}
    refused = _assert_error(_get(http, sandbox_server, "/v1/nacional/03298", headers, params), 403, "GTW-011")
    assert "API 35 (Prazo)" in refused["msgs"][0]
    _assert_error(_post(http, sandbox_server, headers, MANUAL_ITEMS), 403, "GTW-011")
    price = http.get(
        f"{sandbox_server.url}/preco/v1/nacional/03298",
        headers=headers,
        params={**params, "psObjeto": "300"},
        timeout=TIMEOUT,
    )
    assert price.status_code == 200, price.text
    _assert_error(_get(http, sandbox_server, "/v1/nacional/03298", {}, params), 401, "GTW-007")


def test_expected_date_pickup_and_export(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    params = {"cepOrigem": "05311900", "cepDestino": "70002900", "prazo": "1", "dtPostagem": "13-02-2026"}
    expected = _get(http, sandbox_server, "/v1/data-prevista", bearer, params)
    assert expected.json() == {"dataPrevista": "2026-02-18T23:58:00"}  # Carnival skipped
    _assert_error(
        _get(http, sandbox_server, "/v1/data-prevista", bearer, {**params, "prazo": "x"}), 400, "PRZ-006"
    )
    assert _get(http, sandbox_server, "/v1/coleta/05311900", bearer).json() == {
        "cep": "05311900",
        "prazoColeta": 1,
    }
    assert _get(http, sandbox_server, "/v1/coleta/69800000", bearer).json()["prazoColeta"] == 5
    _assert_error(_get(http, sandbox_server, "/v1/coleta/123", bearer), 400, "PRZ-011")
    export = _get(
        http,
        sandbox_server,
        "/v2/internacional/exportacao/45128",
        bearer,
        {"sgPaisDestino": "PT", "dtEvento": "24-11-2026"},
    )
    assert export.json() == {
        "coProduto": "45128",
        "sgPaisDestino": "PT",
        "prazoMinimo": 4,
        "prazoMaximo": 7,
        "dataMinEntrega": "2026-11-30T23:58:00",
        "dataMaxEntrega": "2026-12-03T23:58:00",
    }
    refused = _get(
        http, sandbox_server, "/v2/internacional/exportacao/45209", bearer, {"sgPaisDestino": "VE"}
    )
    _assert_error(refused, 400, "PRZ-008")


def test_international_v1_is_gone(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    body = _assert_error(
        _get(http, sandbox_server, "/v1/internacional/exportacao/45128", bearer), 410, "PRZ-410"
    )
    assert "/prazo/v2/internacional" in body["msgs"][0]
    _assert_error(_get(http, sandbox_server, "/v1/internacional", bearer), 410, "PRZ-410")
