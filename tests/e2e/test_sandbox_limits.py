"""The sandbox refuses absurd client input with 4xx, never 500: huge and non-numeric numbers,
oversized bodies (413, declared or chunked), out-of-range control settings."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from postalgui.sandbox import DEMO, SandboxServer
from postalgui.sandbox.errors import GTW_PAYLOAD_TOO_LARGE
from postalgui.sandbox.limits import MAX_BODY_BYTES
from tests.e2e.conftest import SandboxControl

TIMEOUT = 10
AUTH = (DEMO.login, DEMO.access_code)
ERROR_KEYS = {"msgs", "date", "method", "path", "causa", "stackTrace"}
HUGE = "9" * 5000
"""More digits than Python turns into an int from text (4,300)."""
ABSURD = [HUGE, "1" * 40, "-5", "abc", "1e999", "NaN", "１２"]
SEDEX = {"coProduto": "03220", "cepOrigem": "01310100", "cepDestino": "05311900", "psObjeto": "300"}
BOX = {"tpObjeto": "2", "comprimento": "20", "largura": "20", "altura": "20"}
PRICE_FIELDS = ["psObjeto", "psCubico", "comprimento", "largura", "altura", "diametro", "vlDeclarado", "nuDR"]


@pytest.fixture
def http(sandbox: SandboxControl) -> Iterator[requests.Session]:
    with requests.Session() as session:
        yield session


@pytest.fixture
def bearer(http: requests.Session, sandbox_server: SandboxServer) -> dict[str, str]:
    response = http.post(
        f"{sandbox_server.url}/token/v1/autentica/contrato",
        auth=AUTH,
        json={"numero": DEMO.contract},
        timeout=TIMEOUT,
    )
    assert response.status_code == 201, response.text
    return {"Authorization": f"Bearer {response.json()['token']}"}


def _operator_error(response: requests.Response, status: int) -> list[str]:
    assert response.status_code == status, response.text[:500]
    body: dict[str, Any] = response.json()
    assert set(body) == ERROR_KEYS
    assert body["stackTrace"] is None
    msgs: list[str] = body["msgs"]
    assert all(len(message) < 500 for message in msgs), "absurd input is not echoed whole"
    return msgs


def _tx_erro_code(item: dict[str, Any]) -> str:
    error = item["txErro"]
    if isinstance(error, dict):
        return str(error["cdErro"])
    text = error[0] if isinstance(error, list) else error
    return str(text).split(":")[0]


# -- defect 1: numbers ---------------------------------------------------------------------


def test_a_5000_digit_weight_is_a_400_prc_020(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    params = {key: value for key, value in SEDEX.items() if key != "coProduto"} | {"psObjeto": HUGE}
    response = http.get(
        f"{sandbox_server.url}/preco/v1/nacional/03220", params=params, headers=bearer, timeout=TIMEOUT
    )
    msgs = _operator_error(response, 400)
    assert msgs[0].startswith("PRC-020: Peso inválido no campo 'psObjeto'")


@pytest.mark.parametrize("field", PRICE_FIELDS)
def test_absurd_price_numbers_are_400_on_get(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str], field: str
) -> None:
    url = f"{sandbox_server.url}/preco/v1/nacional/03220"
    base = {key: value for key, value in SEDEX.items() if key != "coProduto"} | BOX
    for value in ABSURD:
        response = http.get(url, params=base | {field: value}, headers=bearer, timeout=TIMEOUT)
        assert response.status_code in (200, 400), (field, value[:20], response.text[:300])
        if response.status_code == 400:
            _operator_error(response, 400)


@pytest.mark.parametrize("field", PRICE_FIELDS)
def test_absurd_price_numbers_fail_only_their_batch_item(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str], field: str
) -> None:
    items = [SEDEX | BOX | {field: value, "nuRequisicao": str(index)} for index, value in enumerate(ABSURD)]
    for start in range(0, len(items), 3):
        body = {"idLote": "absurdos", "parametrosProduto": items[start : start + 3]}
        response = http.post(
            f"{sandbox_server.url}/preco/v1/nacional", json=body, headers=bearer, timeout=TIMEOUT
        )
        assert response.status_code == 200, (field, response.text[:300])
        for item in response.json():
            if item.get("txErro") is not None:
                assert _tx_erro_code(item).startswith("PRC-"), item


def test_a_5000_digit_json_number_in_a_batch_is_a_400(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    raw = '{"idLote": "1", "parametrosProduto": [{"coProduto": "03220", "psObjeto": ' + HUGE + "}]}"
    headers = bearer | {"Content-Type": "application/json"}
    response = http.post(
        f"{sandbox_server.url}/preco/v1/nacional", data=raw, headers=headers, timeout=TIMEOUT
    )
    assert _operator_error(response, 400)[0].startswith("GTW-010: ")


def test_an_int32_overflowing_dr_is_prc_009(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    body = {"idLote": "1", "parametrosProduto": [SEDEX | {"nuDR": "1" * 40}]}
    response = http.post(
        f"{sandbox_server.url}/preco/v1/nacional", json=body, headers=bearer, timeout=TIMEOUT
    )
    assert response.status_code == 200, response.text
    assert _tx_erro_code(response.json()[0]) == "PRC-009"


def _sweep_urls(server: SandboxServer, value: str) -> list[tuple[str, str, dict[str, Any]]]:
    contract = f"/meucontrato/v1/empresas/{DEMO.cnpj}/contratos/{DEMO.contract}"
    invoice_query = {"tipoDocumento": "RE", "drFatura": "00072", "itemFatura": "001"}
    listing = {"contrato": DEMO.contract, "dr": "72", "dataInicial": "01-01-2025", "dataFinal": "01-06-2025"}
    calls: list[tuple[str, str, dict[str, Any]]] = [
        ("GET", f"/meucontrato/v1/empresas/{value}/contratos", {}),
        ("GET", f"/meucontrato/v1/empresas/{DEMO.cnpj}/contratos/{value}", {}),
        ("GET", f"{contract}/cartoes/{value}", {}),
        ("GET", f"{contract}/servicos/{value}", {}),
        ("GET", f"{contract}/servicos", {"params": {"page": value}}),
        ("GET", f"{contract}/cartoes", {"params": {"size": value}}),
        ("GET", f"/faturas/v1/faturas/{value}/sintetico/pdf", {"params": invoice_query}),
        ("GET", "/faturas/v1/faturas/123/boleto/pdf", {"params": invoice_query | {"drFatura": value}}),
        ("GET", f"/faturas/v1/processamentos/{value}", {}),
        (
            "POST",
            "/faturas/v1/previas",
            {"json": {"tipoPrevia": "SINTETICO", "contrato": value, "dr": value}},
        ),
        ("GET", "/preco/v1/servicos-adicionais/03220", {"params": {"vlDeclarado": value}}),
        ("GET", f"/preco/v1/servicos-adicionais/{value}", {}),
    ]
    for key in listing:
        calls.append(("GET", "/faturas/v1/faturas", {"params": listing | {key: value}}))
    return calls


@pytest.mark.parametrize("value", ABSURD, ids=lambda value: value[:8])
def test_no_route_answers_500_to_absurd_numbers(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str], value: str
) -> None:
    for method, path, kwargs in _sweep_urls(sandbox_server, value):
        response = http.request(
            method, f"{sandbox_server.url}{path}", headers=bearer, timeout=TIMEOUT, **kwargs
        )
        assert response.status_code < 500, (method, path[:80], response.text[:300])
    for body in ({"numero": value, "dr": value}, {"numero": DEMO.contract, "dr": 10**100}):
        response = http.post(
            f"{sandbox_server.url}/token/v1/autentica/contrato", auth=AUTH, json=body, timeout=TIMEOUT
        )
        assert 400 <= response.status_code < 500, response.text[:300]


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/clock/advance", {"seconds": 1e308}),
        ("POST", "/clock/advance", {"seconds": -1e12}),
        ("PUT", "/config", {"token_lifetime_s": 10**100}),
        ("PUT", "/config", {"processing_delay_s": 1e308}),
        ("PUT", "/config", {"file_lifetime_s": 10**30}),
        ("POST", "/processing/fail-next", {"count": 10**100}),
    ],
)
def test_control_settings_out_of_range_are_400_and_leave_the_sandbox_working(
    http: requests.Session,
    sandbox_server: SandboxServer,
    method: str,
    path: str,
    body: dict[str, Any],
) -> None:
    response = http.request(method, f"{sandbox_server.url}/_sandbox{path}", json=body, timeout=TIMEOUT)
    message = _operator_error(response, 400)[0]
    assert message.startswith("GTW-010: Campo ")
    assert "deve ser no máximo" in message or "deve ser no mínimo" in message
    token = http.post(
        f"{sandbox_server.url}/token/v1/autentica/contrato",
        auth=AUTH,
        json={"numero": DEMO.contract},
        timeout=TIMEOUT,
    )
    assert token.status_code == 201, token.text


def test_the_clock_offset_is_bounded_in_total(http: requests.Session, sandbox: SandboxControl) -> None:
    forty_years = 40 * 365 * 86400
    sandbox.advance_clock(forty_years)
    response = http.post(
        f"{sandbox.url}/_sandbox/clock/advance", json={"seconds": forty_years}, timeout=TIMEOUT
    )
    _operator_error(response, 400)


# -- defect 2: body size -------------------------------------------------------------------


def test_a_declared_oversized_body_is_413_without_reaching_the_route(
    http: requests.Session, sandbox: SandboxControl, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    body = b'{"idLote": "' + b"x" * (MAX_BODY_BYTES + 1) + b'"}'
    headers = bearer | {"Content-Type": "application/json"}
    response = http.post(
        f"{sandbox_server.url}/preco/v1/nacional", data=body, headers=headers, timeout=TIMEOUT
    )
    assert _operator_error(response, 413) == [GTW_PAYLOAD_TOO_LARGE]
    assert "POST /preco/v1/nacional" not in sandbox.stats()["requests"]


def _chunks(total: int) -> Iterator[bytes]:
    yield b'{"idLote": "'
    for _ in range(total // 65536 + 1):
        yield b"x" * 65536
    yield b'"}'


@pytest.mark.parametrize(
    "path", ["/preco/v1/nacional", "/faturas/v1/previas", "/token/v1/autentica/contrato"]
)
def test_a_chunked_oversized_body_is_413(
    http: requests.Session,
    sandbox_server: SandboxServer,
    bearer: dict[str, str],
    path: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    headers = bearer | {"Content-Type": "application/json"}
    response = http.post(
        f"{sandbox_server.url}{path}", data=_chunks(2 * MAX_BODY_BYTES), headers=headers, timeout=TIMEOUT
    )
    assert response.request.headers.get("Transfer-Encoding") == "chunked"
    assert _operator_error(response, 413)[0].startswith("GTW-013: ")
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR], "nothing crashed"
    # The connection is still usable, and a body within the limit goes through.
    small = http.post(
        f"{sandbox_server.url}/preco/v1/nacional",
        json={"idLote": "1", "parametrosProduto": []},
        headers=bearer,
        timeout=TIMEOUT,
    )
    assert small.status_code == 200, small.text


def test_a_chunked_body_within_the_limit_is_served(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    parts = [b'{"idLote": "', b"x" * (MAX_BODY_BYTES - 100), b'", "parametrosProduto": []}']
    headers = bearer | {"Content-Type": "application/json"}
    response = http.post(
        f"{sandbox_server.url}/preco/v1/nacional", data=iter(parts), headers=headers, timeout=TIMEOUT
    )
    assert response.status_code == 200, response.text[:300]
    assert response.json() == []
