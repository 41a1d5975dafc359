"""The sandbox's branch-search service (`/agencia/v1`) over real loopback HTTP, with plain requests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import requests

from postalgui.sandbox import DEMO, SandboxServer
from tests.e2e.conftest import SandboxControl

TIMEOUT = 10
AUTH = (DEMO.login, DEMO.access_code)
WITHOUT_BRANCH_SEARCH = "9912345680"  # an active demo contract without service 86711
UNIT_KEYS = {
    "id",
    "codigoAntigo",
    "codigoCadastroGeral",
    "nome",
    "ativa",
    "status",
    "descStatus",
    "tipo",
    "tipoUnidade",
    "endereco",
    "horarios",
    "codigoSro",
    "inOperadorAtende",
    "inCliqueRetire",
    "dhAlteracao",
}


class Agencia:
    """Small client of `/agencia/v1` for the tests, with a contract token."""

    def __init__(self, http: requests.Session, server: SandboxServer, contract: str = DEMO.contract) -> None:
        self.http = http
        self.server = server
        response = http.post(
            f"{server.url}/token/v1/autentica/contrato", auth=AUTH, json={"numero": contract}, timeout=TIMEOUT
        )
        assert response.status_code == 201, response.text
        self.headers = {"Authorization": f"Bearer {response.json()['token']}"}

    def get(self, path: str, params: Any = None) -> requests.Response:
        return self.http.get(
            f"{self.server.url}/agencia/v1{path}", headers=self.headers, params=params, timeout=TIMEOUT
        )

    def ok(self, path: str, params: Any = None) -> Any:
        response = self.get(path, params)
        assert response.status_code == 200, response.text
        return response.json()


@pytest.fixture
def api(sandbox: SandboxControl, sandbox_server: SandboxServer) -> Iterator[Agencia]:
    with requests.Session() as http:
        yield Agencia(http, sandbox_server)


def test_the_first_page_has_twenty_units_of_about_twelve_thousand(api: Agencia) -> None:
    body = api.ok("/unidades")
    assert len(body["itens"]) == 20
    assert 11_000 <= body["page"]["totalElements"] <= 13_000
    assert body["page"]["number"] == 0
    assert body["page"]["totalPages"] == -(-body["page"]["totalElements"] // 20)
    assert body["links"][0]["rel"] == "self"
    assert "sort=id%2Casc" in body["links"][0]["href"]
    assert set(body["itens"][0]) >= UNIT_KEYS - {"emails", "telefones"}


def test_size_above_fifty_gets_fifty_and_the_last_page_is_short(api: Agencia) -> None:
    first = api.ok("/unidades", {"size": 500, "uf": "AC"})
    assert first["page"]["size"] == 50
    total, pages = first["page"]["totalElements"], first["page"]["totalPages"]
    last = api.ok("/unidades", {"size": 50, "uf": "AC", "page": pages - 1})
    assert len(last["itens"]) == total - 50 * (pages - 1)
    assert api.ok("/unidades", {"size": 50, "uf": "AC", "page": pages})["itens"] == []


def test_list_parameters_as_repeated_keys_or_comma_lists_agree(api: Agencia) -> None:
    repeated = api.ok("/unidades", [("status", "3"), ("status", "5"), ("uf", "SP"), ("size", "50")])
    commas = api.ok("/unidades", {"status": "3,5", "uf": "SP", "size": 50})
    assert repeated["page"]["totalElements"] == commas["page"]["totalElements"] > 0
    assert {unit["status"] for unit in repeated["itens"]} == {"3", "5"}


def test_names_match_without_accents_or_case(api: Agencia) -> None:
    plain = api.ok("/unidades", {"municipio": "Sao Paulo", "bairro": "CENTRO", "uf": "SP", "size": 50})
    accented = api.ok("/unidades", {"municipio": "São Paulo", "bairro": "centro", "uf": "sp", "size": 50})
    assert plain["page"]["totalElements"] == accented["page"]["totalElements"] > 0
    assert all(unit["endereco"]["localidade"] == "São Paulo" for unit in plain["itens"])


def test_every_type_status_and_time_zone_is_there(api: Agencia) -> None:
    types = {item["codigo"] for item in api.ok("/tipos")}
    assert types == {"09", "12", "15", "16", "18", "20", "21", "24", "25", "27", "43", "46"}
    for code in types:
        assert api.ok("/unidades", {"codigoTipoUnidade": code, "size": 1})["page"]["totalElements"] > 0
    statuses = api.ok("/status")
    assert {item["codigo"]: item["descricao"] for item in statuses}["5"] == "EM EXTINÇÃO"
    for item in statuses:
        assert api.ok("/unidades", {"status": item["codigo"], "size": 1})["page"]["totalElements"] > 0
    zones = {
        uf: api.ok("/unidades", {"uf": uf, "size": 1})["itens"][0]["endereco"]["fuso"]
        for uf in ("SP", "AM", "AC", "MS")
    }
    assert zones == {"SP": "UTC-03:00", "AM": "UTC-04:00", "AC": "UTC-05:00", "MS": "UTC-04:00"}
    noronha = api.ok("/unidades", {"municipio": "Fernando de Noronha", "uf": "PE"})["itens"]
    assert noronha
    assert noronha[0]["endereco"]["fuso"] == "UTC-02:00"


def test_one_unit_by_mcu_and_the_errors(api: Agencia) -> None:
    unit = api.ok("/unidades", {"size": 1})["itens"][0]
    assert api.ok(f"/unidades/{unit['id']}") == unit
    assert api.get("/unidades/123").status_code == 400
    missing = api.get("/unidades/00000001")
    assert missing.status_code == 404
    assert missing.json()["msgs"][0].startswith("AGE-002: ")
    bad_date = api.get("/unidades", {"dhAlteracaoInicial": "24/11/2026"})
    assert bad_date.status_code == 400
    assert "dhAlteracaoInicial" in bad_date.json()["msgs"][0]
    assert api.get("/unidades", {"sort": "cor,asc"}).status_code == 400


def test_a_changed_unit_comes_back_in_an_incremental_query(api: Agencia, sandbox: SandboxControl) -> None:
    unit = api.ok("/unidades", {"uf": "RR", "size": 1})["itens"][0]
    changed = requests.post(
        f"{sandbox.url}/_sandbox/branches/{unit['id']}", json={"fields": {"status": "3"}}, timeout=TIMEOUT
    )
    assert changed.status_code == 200, changed.text
    since = changed.json()["dhAlteracao"][:19]
    recent = api.ok("/unidades", {"dhAlteracaoInicial": since})
    assert [item["id"] for item in recent["itens"]] == [unit["id"]]
    assert recent["itens"][0]["descStatus"] == "FECHADO PROVISORIAMENTE"
    sandbox.reset()
    assert api.ok(f"/unidades/{unit['id']}")["status"] == unit["status"]


def test_localities_of_a_state_and_the_neighbourhoods_of_a_city(api: Agencia) -> None:
    cities = api.ok("/localidades", {"uf": "AC"})
    assert len(cities) == 22  # every municipality of Acre has a unit
    assert {"uf", "municipio", "localidade", "codigoIbge", "quantidadeUnidades"} <= set(cities[0])
    bairros = api.ok("/localidades", {"uf": "SP", "municipio": "sao paulo"})
    assert len(bairros) > 5
    assert all(item["bairro"] for item in bairros)
    assert api.get("/localidades").status_code == 400


def test_a_contract_without_service_86711_is_refused(
    sandbox_server: SandboxServer, sandbox: SandboxControl
) -> None:
    with requests.Session() as http:
        other = Agencia(http, sandbox_server, WITHOUT_BRANCH_SEARCH)
        response = other.get("/unidades")
    assert response.status_code == 403
    assert "86711" in response.json()["msgs"][0]
