"""The sandbox's price service over real loopback HTTP, with plain requests and demo tokens."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import requests

from postalgui.sandbox import DEMO, SandboxServer
from tests.e2e.conftest import SandboxControl

TIMEOUT = 10
AUTH = (DEMO.login, DEMO.access_code)
ERROR_KEYS = {"msgs", "date", "method", "path", "causa", "stackTrace"}
SEDEX_QUERY: list[tuple[str, str]] = [
    ("cepOrigem", "01310100"),
    ("cepDestino", "05311900"),
    ("psObjeto", "300"),
    ("tpObjeto", "2"),
    ("comprimento", "20"),
    ("largura", "20"),
    ("altura", "20"),
    ("servicosAdicionais", "019"),
    ("servicosAdicionais", "001"),
    ("vlDeclarado", "200"),
]
PAC_ITEM = {"coProduto": "03298", "cepOrigem": "01310100", "cepDestino": "20040020", "psObjeto": "19600"}


@pytest.fixture
def http(sandbox: SandboxControl) -> Iterator[requests.Session]:
    with requests.Session() as session:
        yield session


def _token(http: requests.Session, server: SandboxServer, path: str = "/contrato", **body: Any) -> str:
    body = body or ({"numero": DEMO.contract} if path == "/contrato" else {})
    response = http.post(
        f"{server.url}/token/v1/autentica{path}", auth=AUTH, json=body or None, timeout=TIMEOUT
    )
    assert response.status_code == 201, response.text
    token: str = response.json()["token"]
    return token


@pytest.fixture
def bearer(http: requests.Session, sandbox_server: SandboxServer) -> dict[str, str]:
    return {"Authorization": f"Bearer {_token(http, sandbox_server)}"}


def _get(
    http: requests.Session, server: SandboxServer, path: str, headers: dict[str, str], params: Any = None
) -> requests.Response:
    return http.get(f"{server.url}/preco/v1{path}", headers=headers, params=params, timeout=TIMEOUT)


def _post(
    http: requests.Session, server: SandboxServer, path: str, headers: dict[str, str], body: Any
) -> requests.Response:
    return http.post(f"{server.url}/preco/v1{path}", headers=headers, json=body, timeout=TIMEOUT)


def _assert_error(response: requests.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == ERROR_KEYS
    assert body["msgs"][0].startswith(f"{code}: "), body
    assert body["stackTrace"] is None
    return body


def test_get_national_price_reproduces_the_official_example(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    response = _get(http, sandbox_server, "/nacional/03220", bearer, [*SEDEX_QUERY, ("nuRequisicao", "ET1")])
    assert response.status_code == 200, response.text
    record = response.json()
    assert record["nuRequisicao"] == "ET1"
    assert (record["pcBase"], record["pcFaixa"], record["pcProduto"]) == ("10,68", "11,13", "11,13")
    assert [s["pcServicoAdicional"] for s in record["servicoAdicional"]] == ["1,79", "7,00"]
    assert (record["pcTotalServicosAdicionais"], record["pcFinal"]) == ("8,79", "19,92")
    assert (record["peAdValorem"], record["vlSeguroAutomatico"]) == ("0,0100", "21,00")
    assert (record["inPesoCubico"], record["psCobrado"]) == ("N", "300")
    assert record["txErro"] is None


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ([("cepOrigem", "1310100")], "PRC-010"),
        ([("psObjeto", "40000")], "PRC-021"),
        ([("comprimento", "120")], "PRC-031"),
        ([("dtEvento", "2026-06-01")], "PRC-005"),
        ([("nuDR", "setenta")], "GTW-010"),
    ],
)
def test_get_national_validation_errors(
    http: requests.Session,
    sandbox_server: SandboxServer,
    bearer: dict[str, str],
    params: list[tuple[str, str]],
    code: str,
) -> None:
    names = {name for name, _ in params}
    query = [(name, value) for name, value in SEDEX_QUERY if name not in names] + params
    body = _assert_error(_get(http, sandbox_server, "/nacional/03220", bearer, query), 400, code)
    assert body["path"] == "/preco/v1/nacional/03220"
    if code == "PRC-005":
        assert "'dtEvento'" in body["msgs"][0]


def test_get_unknown_product(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    _assert_error(_get(http, sandbox_server, "/nacional/12345", bearer, SEDEX_QUERY), 400, "PRC-001")


@pytest.mark.parametrize("path", ["/nacional", "/nacional/"])
def test_batch_of_five_with_a_failed_item(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str], path: str
) -> None:
    items = [
        {**PAC_ITEM, "nuRequisicao": "1"},
        {**PAC_ITEM, "nuRequisicao": "2", "coProduto": "99999"},
        {**PAC_ITEM, "nuRequisicao": "3", "psObjeto": "300", "largura": "5"},
        {
            **PAC_ITEM,
            "nuRequisicao": "4",
            "psObjeto": "300",
            "servicosAdicionais": [{"coServAdicional": "019"}],
        },
        {
            **PAC_ITEM,
            "nuRequisicao": "5",
            "coProduto": "03220",
            "psObjeto": "300",
            "servicosAdicionais": [{"coServAdicional": "019"}, {"coServAdicional": "001"}],
            "vlDeclarado": "200",
        },
    ]
    response = _post(http, sandbox_server, path, bearer, {"idLote": "L1", "parametrosProduto": items})
    assert response.status_code == 200, response.text
    records = response.json()
    assert [r["nuRequisicao"] for r in records] == ["1", "2", "3", "4", "5"]
    assert records[0]["pcFinal"] == "106,25"
    assert records[1] == {
        "coProduto": "99999",
        "nuRequisicao": "2",
        "txErro": "PRC-001: Produto 99999 não encontrado entre os produtos nacionais",
    }
    assert records[2]["txErro"] == {"cdErro": "PRC-032", "dsErro": "Largura deve estar entre 10 e 100 cm"}
    assert records[3]["txErro"] == ["PRC-041: Serviço adicional 019 não permitido para o produto 03298"]
    assert records[4]["servicoAdicional"][1] == {
        "coServAdicional": "001",
        "tpServAdicional": "A",
        "pcServicoAdicional": "7,00",
    }
    assert records[4]["txErro"] is None


def test_batch_takes_services_as_plain_strings_too(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    item = {**PAC_ITEM, "servicosAdicionais": ["064", "001"], "vlDeclarado": "524,50"}
    response = _post(http, sandbox_server, "/nacional", bearer, {"idLote": "L2", "parametrosProduto": [item]})
    (record,) = response.json()
    assert [(s["coServAdicional"], s["pcServicoAdicional"]) for s in record["servicoAdicional"]] == [
        ("064", "5,00"),
        ("001", "7,00"),
    ]
    assert record["pcFinal"] == "118,25"


def test_batch_of_six_is_refused_whole(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    body = {"idLote": "L3", "parametrosProduto": [PAC_ITEM] * 6}
    message = _assert_error(_post(http, sandbox_server, "/nacional", bearer, body), 400, "PRC-101")["msgs"][0]
    assert "no máximo 5" in message


def test_contract_with_a_smaller_batch_limit(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    item = {**PAC_ITEM, "nuContrato": "9912345679"}
    accepted = _post(
        http, sandbox_server, "/nacional", bearer, {"idLote": "L4", "parametrosProduto": [item] * 3}
    )
    assert [r["pcFinal"] for r in accepted.json()] == ["106,25"] * 3
    refused = _post(
        http, sandbox_server, "/nacional", bearer, {"idLote": "L5", "parametrosProduto": [item] * 4}
    )
    assert "no máximo 3" in _assert_error(refused, 400, "PRC-101")["msgs"][0]


def test_batch_without_id_is_a_validation_error(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    body = _assert_error(
        _post(http, sandbox_server, "/nacional", bearer, {"parametrosProduto": []}), 400, "GTW-010"
    )
    assert "'idLote'" in body["msgs"][0]


def test_international(http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]) -> None:
    single = _get(
        http, sandbox_server, "/internacional/45110", bearer, {"sgPaisDestino": "US", "psObjeto": "500"}
    )
    assert single.status_code == 200, single.text
    assert single.json()["nomeProduto"] == "EXPORTA FÁCIL STANDARD"
    missing = _get(http, sandbox_server, "/internacional/45110", bearer, {"psObjeto": "500"})
    assert "'sgPaisDestino'" in _assert_error(missing, 400, "GTW-010")["msgs"][0]
    items = [
        {"coProduto": "45128", "sgPaisDestino": "PT", "psObjeto": "1200", "nuRequisicao": "a"},
        {"coProduto": "45209", "sgPaisDestino": "XX", "psObjeto": "1200", "nuRequisicao": "b"},
    ]
    batch = _post(
        http, sandbox_server, "/internacional", bearer, {"idLote": "I1", "parametrosProduto": items}
    )
    first, second = batch.json()
    assert first["nomeProduto"] == "EXPORTA FÁCIL PREMIUM"
    assert first["txErro"] is None
    assert second["txErro"].startswith("PRC-060: ")


def test_additional_services(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    response = _get(http, sandbox_server, "/servicos-adicionais/03220", bearer, {"vlDeclarado": "200"})
    assert response.status_code == 200, response.text
    records = {record["codigo"]: record for record in response.json()}
    assert records["019"]["preco"] == 1.79
    assert records["019"]["vlMaxDeclarado"] == 10000
    older = _get(http, sandbox_server, "/servicos-adicionais/03220", bearer, {"dtEvento": "2025-06-01"})
    assert "021" not in {record["codigo"] for record in older.json()}
    wrong = _get(http, sandbox_server, "/servicos-adicionais/03220", bearer, {"dtEvento": "01-06-2025"})
    assert "AAAA-MM-DD" in _assert_error(wrong, 400, "PRC-005")["msgs"][0]


def test_without_a_token(http: requests.Session, sandbox_server: SandboxServer) -> None:
    response = _get(http, sandbox_server, "/nacional/03220", {}, SEDEX_QUERY)
    _assert_error(response, 401, "GTW-007")


def test_token_without_the_price_api(http: requests.Session, sandbox_server: SandboxServer) -> None:
    login_only = {"Authorization": f"Bearer {_token(http, sandbox_server, '')}"}  # api 27 and 87 only
    _assert_error(_get(http, sandbox_server, "/nacional/03220", login_only, SEDEX_QUERY), 403, "GTW-011")
    body = {"idLote": "L6", "parametrosProduto": [PAC_ITEM]}
    _assert_error(_post(http, sandbox_server, "/nacional", login_only, body), 403, "GTW-011")


def test_card_token_prices_with_its_contract(http: requests.Session, sandbox_server: SandboxServer) -> None:
    card = {"Authorization": f"Bearer {_token(http, sandbox_server, '/cartaopostagem', numero=DEMO.card)}"}
    item = {**PAC_ITEM, "criterios": ["101"]}
    (record,) = _post(
        http, sandbox_server, "/nacional", card, {"idLote": "L7", "parametrosProduto": [item]}
    ).json()
    assert record["beneficios"][0]["percentual"] == "0,0300"
