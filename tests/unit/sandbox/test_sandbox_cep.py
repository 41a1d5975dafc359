"""The sandbox's CEP lookup (API 41) over HTTP: every state's ranges answer that state and
one of its cities, the same CEP answers the same (v1 as v2, written with or without
separators), post-office CEPs carry their boxes, malformed and unknown CEPs are 400 naming
the CEP, a card without API 41 gets 403, every answer says its data is emulated."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from postalgui.sandbox import DEMO, SandboxServer
from postalgui.sandbox.branch_data import CAPITALS, load_municipalities
from postalgui.sandbox.price_catalog import CAPITAL_RANGES, UF_RANGES, UFS
from tests.conftest import SESSION_THREADS

TIMEOUT = 30
NO_CEP_CARD = "0074512346"
"""A card of the demo's main contract without API 41 (prices and tracking only)."""

FIELDS = {
    "cep": str,
    "uf": str,
    "localidade": str,
    "logradouro": str,
    "tipoLogradouro": str,
    "nomeLogradouro": str,
    "complemento": str,
    "abreviatura": str,
    "bairro": str,
    "numeroLocalidade": int,
    "tipoCEP": int,
    "cepUnidadeOperacional": str,
    "lado": str,
    "numeroInicial": int,
    "numeroFinal": int,
}
POST_OFFICE_FIELDS = {"nome", "siglaUnidade", "caixasPostais"}


class Cep:
    """The server and a card token, with or without API 41."""

    def __init__(self, server: SandboxServer) -> None:
        self.url = server.url
        self.http = requests.Session()

    def token(self, card: str) -> dict[str, str]:
        body = {"numero": card, "contrato": DEMO.contract, "dr": DEMO.dr}
        answer = self.http.post(
            f"{self.url}/token/v1/autentica/cartaopostagem",
            auth=(DEMO.login, DEMO.access_code),
            json=body,
            timeout=TIMEOUT,
        )
        assert answer.status_code == 201, answer.text
        return {"Authorization": f"Bearer {answer.json()['token']}"}

    def get(self, cep: str, version: str = "v2", card: str = DEMO.card) -> requests.Response:
        return self.http.get(
            f"{self.url}/cep/{version}/enderecos/{cep}", headers=self.token(card), timeout=TIMEOUT
        )

    def address(self, cep: str, version: str = "v2") -> dict[str, Any]:
        answer = self.get(cep, version)
        assert answer.status_code == 200, answer.text
        return dict(answer.json())


@pytest.fixture(scope="module")
def server() -> Iterator[SandboxServer]:
    threads = set(threading.enumerate())
    with SandboxServer(port=0) as started:
        SESSION_THREADS.update(set(threading.enumerate()) - threads)
        yield started


@pytest.fixture
def cep(server: SandboxServer) -> Iterator[Cep]:
    made = Cep(server)
    yield made
    made.http.close()


def _cities() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for city in load_municipalities():
        found.setdefault(city.uf, set()).add(city.name)
    return found


def test_every_state_answers_its_own_cities_with_every_field(cep: Cep) -> None:
    cities = _cities()
    capitals = {city.uf: city.name for city in load_municipalities() if CAPITALS[city.uf] == city.ibge}
    seen: set[str] = set()
    for cep_range in UF_RANGES:
        middle = f"{(cep_range.first + cep_range.last) // 2:05d}123"
        answer = cep.address(middle)
        assert answer["cep"] == middle
        assert answer["uf"] == cep_range.uf, middle
        assert answer["localidade"] in cities[cep_range.uf], (middle, answer["localidade"])
        assert answer["dadosEmulados"] is True
        for name, kind in FIELDS.items():
            assert isinstance(answer[name], kind), (middle, name)
        assert answer["tipoCEP"] == 2
        assert not POST_OFFICE_FIELDS & answer.keys()
        assert answer["logradouro"] == f"{answer['tipoLogradouro']} {answer['nomeLogradouro']}"
        assert answer["bairro"]
        assert answer["numeroInicial"] <= answer["numeroFinal"]
        seen.add(answer["uf"])
    for capital in CAPITAL_RANGES:
        answer = cep.address(f"{capital.first:05d}050")
        assert (answer["uf"], answer["localidade"]) == (capital.uf, capitals[capital.uf])
    assert seen == set(UFS)
    assert len(seen) == 27


def test_the_same_cep_answers_the_same_written_any_way_and_on_v1(cep: Cep) -> None:
    first = cep.address("13010150")
    assert cep.address("13010150") == first
    assert cep.address("13010-150") == first
    assert cep.address("13.010-150") == first
    assert cep.address("13010150", "v1") == first
    assert first["uf"] == "SP"
    assert first["localidade"] != "São Paulo"  # outside the capital's range
    neighbour = cep.address("13010160")
    assert neighbour["bairro"] == first["bairro"]  # same first six digits, same district


def test_an_answer_is_pinned_so_it_stays_the_same_across_versions(cep: Cep) -> None:
    assert cep.address("01310100") == {
        "cep": "01310100",
        "uf": "SP",
        "localidade": "São Paulo",
        "logradouro": "Avenida Princesa Isabel",
        "tipoLogradouro": "Avenida",
        "nomeLogradouro": "Princesa Isabel",
        "complemento": "",
        "abreviatura": "Av Princesa Isabel",
        "bairro": "Jardim Primavera",
        "numeroLocalidade": 5359,
        "tipoCEP": 2,
        "cepUnidadeOperacional": "01306217",
        "lado": "",
        "numeroInicial": 0,
        "numeroFinal": 0,
        "dadosEmulados": True,
    }


def test_street_cep_ranges_read_as_the_operator_writes_them(cep: Cep) -> None:
    shapes = set()
    for suffix in range(100, 160):
        answer = cep.address(f"30140{suffix:03d}")
        side, first, last = answer["lado"], answer["numeroInicial"], answer["numeroFinal"]
        if side:
            assert {first % 2, last % 2} == {0 if side == "P" else 1}
            assert answer["complemento"] == f"de {first} a {last} - lado {'par' if side == 'P' else 'ímpar'}"
        elif last:
            assert answer["complemento"] == f"até {last - 1}/{last}"
        else:
            assert answer["complemento"] == ""
        shapes.add(side or ("up_to" if last else "whole"))
    assert shapes == {"P", "I", "up_to", "whole"}


def test_a_post_office_cep_names_its_unit_and_its_boxes(cep: Cep) -> None:
    answer = cep.address("01310900")
    assert answer["tipoCEP"] == 4
    assert answer["cepUnidadeOperacional"] == "01310900"
    assert answer["siglaUnidade"] in {"AC", "ACF", "CDD"}
    assert answer["nome"].endswith(answer["bairro"])
    boxes = answer["caixasPostais"]
    assert boxes
    assert all(0 < box["nuInicial"] <= box["nuFinal"] for box in boxes)
    assert answer["dadosEmulados"] is True
    assert cep.address("01310900", "v1") == answer


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("0131010", "CEP-001: CEP 0131010 inválido: informe 8 dígitos"),
        ("013101000", "CEP-001: CEP 013101000 inválido: informe 8 dígitos"),
        ("0131O100", "CEP-001: CEP 0131O100 inválido: informe 8 dígitos"),
        ("00000000", "CEP-002: CEP 00000000 não encontrado"),
        ("00999100", "CEP-002: CEP 00999100 não encontrado"),
        ("01310-999", "CEP-002: CEP 01310999 não encontrado"),
    ],
)
def test_malformed_and_unknown_ceps_are_400_naming_the_cep(cep: Cep, given: str, message: str) -> None:
    answer = cep.get(given)
    assert answer.status_code == 400, answer.text
    body = answer.json()
    assert body["msgs"] == [message]
    assert body["path"] == f"/cep/v2/enderecos/{given}"
    assert body["stackTrace"] is None


def test_a_card_without_api_41_is_refused_with_403(cep: Cep) -> None:
    answer = cep.get("01310100", card=NO_CEP_CARD)
    assert answer.status_code == 403, answer.text
    assert answer.json()["msgs"][0].startswith("GTW-011: API 41 (CEP)")
    assert cep.http.get(f"{cep.url}/cep/v2/enderecos/01310100", timeout=TIMEOUT).status_code == 401


def test_the_stats_count_cep_calls(cep: Cep) -> None:
    cep.http.post(f"{cep.url}/_sandbox/stats/reset", timeout=TIMEOUT)
    before = cep.http.get(f"{cep.url}/_sandbox/stats", timeout=TIMEOUT).json()["requests"]
    cep.address("20040020")
    cep.address("20040020", "v1")
    after = cep.http.get(f"{cep.url}/_sandbox/stats", timeout=TIMEOUT).json()["requests"]
    for path in ("/cep/v2/enderecos/20040020", "/cep/v1/enderecos/20040020"):
        assert after[f"GET {path}"] == before.get(f"GET {path}", 0) + 1
