"""BranchClient over a mocked operator (`responses`): the query string, paging, tolerant records, 403."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
import responses

from postalgui.api.branches import BranchClient, BranchSearchNotContractedError, UnitQuery
from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.errors import InvalidResponseError, NotFoundError
from postalgui.api.models.branches import UnitStatusCode
from postalgui.api.tokens import DELEGATED_KEY, Scope, TokenManager, TokenScope
from postalgui.api.transport import RetryPolicy, Transport
from postalgui.api.values import InvalidValue
from tests.conftest import MemoryKeyring

BASE = "https://api.example.test"
UNITS = f"{BASE}/agencia/v1/unidades"
SCOPE = TokenScope(Scope.CONTRACT, contract="9912345678", dr=72)

REFERENCE_UNIT: dict[str, Any] = {
    # The manual's own example (REFERENCE.md): two decimals, strings, "SN", partial hours.
    "id": "00024419",
    "nome": "AC CENTRAL DE SAO PAULO",
    "status": "2",
    "tipo": "A",
    "tipoUnidade": {"codigo": "09", "descricao": "AGENCIA CORREIO", "sigla": "AC -TCO"},
    "endereco": {
        "cep": "01032970",
        "uf": "SP",
        "municipio": "SAO PAULO",
        "bairro": "CENTRO",
        "numero": "SN",
        "latitude": "-23.544201",
        "longitude": "-46.633871",
        "fuso": "UTC-03:00",
    },
    "horarios": {
        "funcionamento": "SEGUNDA A SEXTA",
        "iniExpediente": "09:00",
        "fimExpediente": "17:00",
        "limitePostagemSemana": "16:00",
    },
    "dhAlteracao": "2021-03-16T01:01:22.27",
    "campoNovo": {"qualquer": 1},
}


def unit(index: int) -> dict[str, Any]:
    return {**REFERENCE_UNIT, "id": f"{24419 + index:08d}"}


def envelope(items: list[dict[str, Any]], number: int, pages: int, size: int, total: int) -> dict[str, Any]:
    return {
        "itens": items,
        "links": [{"rel": "self", "href": f"{UNITS}?page={number}&size={size}&sort=id,asc"}],
        "page": {"size": size, "totalElements": total, "totalPages": pages, "number": number},
    }


@pytest.fixture
def branches() -> Iterator[BranchClient]:
    transport = Transport(BASE, retry=RetryPolicy(max_attempts=3, backoff_base=0), sleep=lambda _s: None)
    store = CredentialStore(MemoryKeyring())
    store.set("test", DELEGATED_KEY, "delegated-key")
    client = OperatorClient(transport, TokenManager(transport, store, "test", use_delegated=True), SCOPE)
    yield BranchClient(client, SCOPE)
    client.close()


def pairs(index: int = -1) -> list[tuple[str, str]]:
    return parse_qsl(urlsplit(str(responses.calls[index].request.url)).query, keep_blank_values=True)


@responses.activate
def test_list_parameters_repeat_their_key_and_names_travel_without_accents(branches: BranchClient) -> None:
    responses.get(UNITS, json=envelope([], 0, 0, 50, 0))
    query = UnitQuery(
        statuses=("5", "2"),
        type_codes=("9",),
        municipio="São Paulo",
        bairro="Centro",
        nome="Agência  Sé",
        uf="sp",
        ceps=("01032-970",),
        ids=("00024419",),
        changed_from=datetime(2026, 11, 1, 7, 30),
    )
    branches.units(query, page=0, size=50, sort="nome,asc")
    assert pairs() == [
        ("id", "00024419"),
        ("status", "2"),
        ("status", "5"),
        ("cep", "01032970"),
        ("codigoTipoUnidade", "09"),
        ("nome", "Agencia Se"),
        ("municipio", "Sao Paulo"),
        ("bairro", "Centro"),
        ("uf", "SP"),
        ("dhAlteracaoInicial", "2026-11-01T07:30:00"),
        ("page", "0"),
        ("size", "50"),
        ("sort", "nome,asc"),
    ]
    assert responses.calls[0].request.headers["Authorization"] == "Bearer delegated-key"


def test_bad_input_is_refused_before_anything_is_sent() -> None:
    for bad in ({"ids": ("2441",)}, {"uf": "XX"}, {"statuses": ("7",)}, {"ceps": ("0103",)}):
        with pytest.raises(InvalidValue):
            UnitQuery(**bad)  # type: ignore[arg-type]


def test_equal_queries_share_a_cache_key_whatever_the_accents_or_order() -> None:
    one = UnitQuery(statuses=("2", "5"), municipio="São Paulo", uf="SP")
    two = UnitQuery(statuses=("5", "2"), municipio="sao paulo", uf="sp", changed_from=datetime(2026, 1, 1))
    assert one.key() == two.key()
    assert one.key() != UnitQuery(uf="SP").key()
    assert UnitQuery().is_everything
    assert not one.is_everything


@responses.activate
def test_walking_reads_total_pages_and_stops_at_the_last(branches: BranchClient) -> None:
    for number in range(3):
        items = [unit(number * 50 + i) for i in range(50 if number < 2 else 7)]
        responses.get(UNITS, json=envelope(items, number, 3, 50, 107))
    seen: list[tuple[int, int]] = []
    units = branches.all_units(UnitQuery(uf="SP"), progress=lambda done, total: seen.append((done, total)))
    assert len(units) == 107
    assert [dict(pairs(i))["page"] for i in range(3)] == ["0", "1", "2"]
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert len(responses.calls) == 3


@responses.activate
def test_walking_stops_at_a_short_or_empty_page_whatever_total_pages_says(branches: BranchClient) -> None:
    responses.get(UNITS, json=envelope([unit(i) for i in range(50)], 0, 9, 50, 450))
    responses.get(UNITS, json=envelope([unit(50 + i) for i in range(12)], 1, 9, 50, 450))
    assert len(branches.all_units()) == 62
    assert len(responses.calls) == 2
    responses.calls.reset()
    responses.replace(responses.GET, UNITS, json=envelope([], 0, 4, 50, 0))
    assert branches.all_units() == []
    assert len(responses.calls) == 1


@responses.activate
def test_the_wild_records_parse_and_keep_what_the_model_does_not_name(branches: BranchClient) -> None:
    responses.get(f"{UNITS}/00024419", json=REFERENCE_UNIT)
    found = branches.unit("00024419")
    assert found.dhAlteracao == datetime(2021, 3, 16, 1, 1, 22, 270000)
    assert found.endereco.lat == pytest.approx(-23.544201)
    assert found.endereco.numero == "SN"
    assert found.horarios.iniAlmoco is None
    assert found.emails == []
    assert found.known_status is UnitStatusCode.INSTALADO
    assert found.type_code == "09"
    assert found.extras == {"campoNovo": {"qualquer": 1}}
    assert found.wire()["dhAlteracao"] == "2021-03-16T01:01:22.270"
    assert found.wire()["campoNovo"] == {"qualquer": 1}


@responses.activate
def test_three_decimals_numbers_for_codes_and_nulls_are_read(branches: BranchClient) -> None:
    odd = {
        **REFERENCE_UNIT,
        "status": 5,
        "dhAlteracao": "2024-01-02T03:04:05.678",
        "telefones": None,
        "emails": "ag@correios.com.br",
        "endereco": {"latitude": -3.1, "longitude": "-60,02"},
    }
    responses.get(UNITS, json=envelope([odd], 0, 1, 20, 1))
    [found] = branches.units().itens
    assert found.status == "5"
    assert found.dhAlteracao == datetime(2024, 1, 2, 3, 4, 5, 678000)
    assert found.telefones == []
    assert found.emails == ["ag@correios.com.br"]
    assert (found.endereco.lat, found.endereco.lon) == (pytest.approx(-3.1), pytest.approx(-60.02))


@responses.activate
def test_types_statuses_and_localities(branches: BranchClient) -> None:
    responses.get(f"{BASE}/agencia/v1/tipos", json=[{"codigo": "46", "descricao": "LOCKER", "sigla": "LOC"}])
    responses.get(f"{BASE}/agencia/v1/status", json=[{"codigo": 5, "descricao": "EM EXTINÇÃO"}])
    responses.get(
        f"{BASE}/agencia/v1/localidades",
        json=[{"uf": "AC", "localidade": "Rio Branco", "codigoIbge": 1200401, "quantidadeUnidades": 9}],
    )
    assert branches.types()[0].codigo == "46"
    assert branches.statuses()[0].codigo == "5"
    [place] = branches.localities("ac", municipio="Sena Madureira", type_codes=("9", "46"), status="2")
    assert pairs() == [
        ("uf", "AC"),
        ("municipio", "Sena Madureira"),
        ("codigoTipoUnidade", "09"),
        ("codigoTipoUnidade", "46"),
        ("status", "2"),
    ]
    assert (place.name, place.codigoIbge, place.extras) == (
        "Rio Branco",
        "1200401",
        {"quantidadeUnidades": 9},
    )


@responses.activate
def test_a_403_says_the_contract_lacks_the_branch_search_service(branches: BranchClient) -> None:
    body = {
        "msgs": ["GTW-011: API não habilitada para o cartão de postagem ou contrato do token"],
        "date": "2026-11-24T10:00:00",
        "path": "/agencia/v1/unidades",
        "causa": None,
        "stackTrace": None,
    }
    responses.get(UNITS, json=body, status=403)
    with pytest.raises(BranchSearchNotContractedError) as caught:
        branches.units()
    assert caught.value.code == "GTW-011"
    assert "86711" in str(caught.value)
    responses.get(f"{UNITS}/00000001", json={"msgs": ["AGE-002: Unidade não encontrada"]}, status=404)
    with pytest.raises(NotFoundError):
        branches.unit("00000001")


@responses.activate
def test_pages_at_once_come_back_in_page_order(branches: BranchClient) -> None:
    def page(request: Any) -> tuple[int, dict[str, str], str]:
        number = int(dict(parse_qsl(urlsplit(request.url).query))["page"])
        items = [unit(number * 50 + i) for i in range(50 if number < 6 else 3)]
        return 200, {}, json.dumps(envelope(items, number, 7, 50, 303))

    responses.add_callback(responses.GET, UNITS, callback=page)
    seen: list[int] = []
    units = branches.all_units(concurrency=4, progress=lambda done, _total: seen.append(done))
    assert [found.id for found in units] == [f"{24419 + i:08d}" for i in range(303)]
    assert sorted(seen) == list(range(1, 8))


@responses.activate
def test_a_deployment_that_ignores_page_is_caught_when_pages_come_at_once(branches: BranchClient) -> None:
    responses.get(UNITS, json=envelope([unit(i) for i in range(50)], 0, 3, 50, 150))
    with pytest.raises(InvalidResponseError):
        branches.all_units(concurrency=3)


@responses.activate
def test_a_pages_links_are_typed_records(branches: BranchClient) -> None:
    responses.get(UNITS, json=envelope([unit(0)], 0, 1, 50, 1))
    page = branches.units(UnitQuery(uf="SP"), page=0, sort="id,asc")
    assert [link.rel for link in page.links] == ["self"]
    assert page.links[0].href.startswith(UNITS)
    assert page.link("SELF") is page.links[0]
    assert page.sort == "id,asc"
    assert "links" not in page.extras
    responses.get(UNITS, json={"itens": [], "links": None, "page": {}})
    bare = branches.units()
    assert bare.links == []
    assert bare.sort is None
