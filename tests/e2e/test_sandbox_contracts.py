"""The sandbox's contract service (`/meucontrato/v1`) over real loopback HTTP, with plain requests."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any
from urllib.parse import unquote

import pytest
import requests

from postalgui.sandbox import DEMO, SandboxServer
from postalgui.sandbox.demo import EXPIRING_CONTRACT, FOREIGN_CNPJ, MAIN_CONTRACT_CARDS
from tests.e2e.conftest import SandboxControl

TIMEOUT = 10
AUTH = (DEMO.login, DEMO.access_code)
ERROR_KEYS = {"msgs", "date", "method", "path", "causa", "stackTrace"}
CARD_KEYS = {
    "cnpj",
    "nuContrato",
    "nuSe",
    "nuCartaoPostagem",
    "cnpjCartao",
    "dtInicioVigencia",
    "dtFimVigencia",
    "status",
}
SERVICE_KEYS = {"codigo", "descricao", "coSegmento", "descSegmento"}
PAGE_EXTRAS = {"count", "next", "previous", "first", "last"}
MAIN = DEMO.contract
SMALL_CARD = "0074512346"  # PAC and Mini Envios only
OTHER_CONTRACT_CARD = "0074599001"  # a card of contract 9912345679


class MeuContrato:
    """Small client of `/meucontrato/v1/empresas/{cnpj}/contratos...` for the tests."""

    def __init__(self, http: requests.Session, server: SandboxServer) -> None:
        self.http = http
        self.server = server
        self.headers: dict[str, str] = {}
        self.renew()

    def renew(self) -> None:
        response = self.http.post(
            f"{self.server.url}/token/v1/autentica/contrato",
            auth=AUTH,
            json={"numero": MAIN},
            timeout=TIMEOUT,
        )
        assert response.status_code == 201, response.text
        self.headers = {"Authorization": f"Bearer {response.json()['token']}"}

    def url(self, path: str = "", cnpj: str = DEMO.cnpj) -> str:
        return f"{self.server.url}/meucontrato/v1/empresas/{cnpj}/contratos{path}"

    def get(self, path: str = "", cnpj: str = DEMO.cnpj, **params: Any) -> requests.Response:
        return self.http.get(self.url(path, cnpj), headers=self.headers, params=params, timeout=TIMEOUT)

    def ok(self, path: str = "", **params: Any) -> Any:
        response = self.get(path, **params)
        assert response.status_code == 200, response.text
        return response.json()

    def follow(self, url: str) -> Any:
        response = self.http.get(url, headers=self.headers, timeout=TIMEOUT)
        assert response.status_code == 200, response.text
        return response.json()


@pytest.fixture
def api(sandbox: SandboxControl, sandbox_server: SandboxServer) -> Iterator[MeuContrato]:
    with requests.Session() as http:
        yield MeuContrato(http, sandbox_server)


def _assert_error(response: requests.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == ERROR_KEYS
    assert body["msgs"][0].startswith(f"{code}: "), body
    assert body["path"] == unquote(response.request.path_url.split("?")[0])
    assert body["stackTrace"] is None
    return body


def _assert_envelope(body: dict[str, Any], *, number: int, size: int, total: int) -> None:
    pages = -(-total // size)
    assert body["page"] == {"size": size, "totalElements": total, "totalPages": pages, "number": number}
    assert set(body) >= PAGE_EXTRAS
    assert body["count"] == len(body["itens"]) == max(0, min(size, total - number * size))
    assert body["first"] is (number == 0)
    assert body["last"] is (number + 1 >= pages)
    assert (body["next"] is None) == (number + 1 >= pages)
    assert (body["previous"] is None) == (number == 0 or pages == 0)


# -- contracts ----------------------------------------------------------------------


def test_contract_list_has_every_status_and_the_extra_fields(api: MeuContrato) -> None:
    contracts = api.ok()
    assert {c["status"] for c in contracts} == {"ATIVO", "SUSPENSO", "CANCELADO", "EM_DESENVOLVIMENTO"}
    main = next(c for c in contracts if c["nuContrato"] == MAIN)
    assert main["nuCombo"] == "1052"
    assert main["categoria"] == api.ok(f"/{MAIN}/categoria")["codigo"]


@pytest.mark.parametrize("number", [MAIN, MAIN.lstrip("0"), "9912345679"])
def test_one_contract(api: MeuContrato, number: str) -> None:
    record = api.ok(f"/{number}")
    assert record["nuContrato"] == number.zfill(10)
    assert record["cnpj"] == DEMO.cnpj
    assert {"nuSe", "dtInicioVigencia", "dtFimVigencia", "status", "nuCombo", "categoria"} <= set(record)


def test_unpadded_numbers_are_padded(api: MeuContrato) -> None:
    card = api.ok(f"/{MAIN}/cartoes/{DEMO.card.lstrip('0')}")
    assert card["nuCartaoPostagem"] == DEMO.card
    assert set(card) == CARD_KEYS


def test_expiring_contract_ends_within_30_days_and_expires_with_the_clock(
    api: MeuContrato, sandbox: SandboxControl
) -> None:
    today = date.fromisoformat(
        api.http.get(f"{api.server.url}/_sandbox/clock", timeout=TIMEOUT).json()["now"][:10]
    )
    record = api.ok(f"/{EXPIRING_CONTRACT}")
    assert record["status"] == "ATIVO"
    ends = date.fromisoformat(record["dtFimVigencia"][:10])
    assert today < ends <= today + timedelta(days=30)
    assert EXPIRING_CONTRACT in {c["nuContrato"] for c in api.ok(vigente="S")}
    cards = api.ok(f"/{EXPIRING_CONTRACT}/cartoes")["itens"]
    assert {card["dtFimVigencia"] for card in cards} == {record["dtFimVigencia"]}

    sandbox.advance_clock(31 * 86400)
    api.renew()  # the old token expired with the jump
    assert api.ok(f"/{EXPIRING_CONTRACT}")["dtFimVigencia"] == record["dtFimVigencia"]
    assert EXPIRING_CONTRACT not in {c["nuContrato"] for c in api.ok(vigente="S")}
    assert EXPIRING_CONTRACT in {c["nuContrato"] for c in api.ok(status="ATIVO")}


# -- posting cards ------------------------------------------------------------------


def test_card_pages_to_the_last_page_with_consistent_totals(api: MeuContrato) -> None:
    first = api.ok(f"/{MAIN}/cartoes")
    size = first["page"]["size"]
    pages = first["page"]["totalPages"]
    assert first["page"]["totalElements"] == MAIN_CONTRACT_CARDS
    assert pages >= 3
    seen = []
    body = first
    for number in range(pages):
        _assert_envelope(body, number=number, size=size, total=MAIN_CONTRACT_CARDS)
        assert all(set(card) == CARD_KEYS for card in body["itens"])
        seen += [card["nuCartaoPostagem"] for card in body["itens"]]
        if body["next"] is not None:
            body = api.follow(body["next"])
            assert api.ok(f"/{MAIN}/cartoes", page=number + 1) == body
    assert body["last"] is True
    assert seen == sorted(set(seen))
    assert len(seen) == MAIN_CONTRACT_CARDS
    assert DEMO.card in seen
    assert api.follow(body["previous"])["page"]["number"] == pages - 2


@pytest.mark.parametrize("size", [1, 7, 45, 500])
def test_card_page_sizes(api: MeuContrato, size: int) -> None:
    pages = -(-MAIN_CONTRACT_CARDS // size)
    last = api.ok(f"/{MAIN}/cartoes", page=pages - 1, size=size)
    _assert_envelope(last, number=pages - 1, size=size, total=MAIN_CONTRACT_CARDS)
    past = api.ok(f"/{MAIN}/cartoes", page=pages + 2, size=size)
    assert past["itens"] == []
    assert past["last"] is True
    assert past["next"] is None


def test_card_filters(api: MeuContrato) -> None:
    everything = api.ok(f"/{MAIN}/cartoes", size=500)["itens"]
    assert {card["status"] for card in everything} == {"ATIVO", "SUSPENSO", "CANCELADO", "IRREGULAR"}
    for status in ("ATIVO", "SUSPENSO", "CANCELADO", "IRREGULAR"):
        body = api.ok(f"/{MAIN}/cartoes", status=status, size=500)
        expected = [card for card in everything if card["status"] == status]
        assert body["itens"] == expected
        assert body["page"]["totalElements"] == len(expected) > 0
    valid = api.ok(f"/{MAIN}/cartoes", vigente="S", size=500)["itens"]
    ended = [card for card in everything if card["status"] == "CANCELADO"]
    assert valid
    assert not {card["nuCartaoPostagem"] for card in ended} & {card["nuCartaoPostagem"] for card in valid}
    both = api.ok(f"/{MAIN}/cartoes", vigente="S", status="ATIVO", size=500)["itens"]
    assert both
    assert all(card["status"] == "ATIVO" for card in both)


def test_contract_without_cards_has_an_empty_page(api: MeuContrato) -> None:
    body = api.ok("/9912999001/cartoes")
    _assert_envelope(body, number=0, size=20, total=0)
    assert body["last"] is True


def test_other_cards_get_tokens(api: MeuContrato) -> None:
    active = api.ok(f"/{MAIN}/cartoes", status="ATIVO", size=500)["itens"]
    for card in (active[-1], api.ok(f"/{EXPIRING_CONTRACT}/cartoes", status="ATIVO")["itens"][0]):
        response = api.http.post(
            f"{api.server.url}/token/v1/autentica/cartaopostagem",
            auth=AUTH,
            json={"numero": card["nuCartaoPostagem"]},
            timeout=TIMEOUT,
        )
        assert response.status_code == 201, response.text


# -- services -----------------------------------------------------------------------


def test_contract_and_card_services(api: MeuContrato) -> None:
    contract = api.ok(f"/{MAIN}/servicos", size=500)
    main_card = api.ok(f"/{MAIN}/cartoes/{DEMO.card}/servicos", page=0, size=500)
    small = api.ok(f"/{MAIN}/cartoes/{SMALL_CARD}/servicos", page=0, size=500)
    for body in (contract, main_card, small):
        assert all(set(item) == SERVICE_KEYS for item in body["itens"])
        assert set(body) >= PAGE_EXTRAS
    contract_codes = {item["codigo"] for item in contract["itens"]}
    main_codes = {item["codigo"] for item in main_card["itens"]}
    assert (
        {"03220", "03298", "04227", "03158", "03140", "03204", "03212", "03328"}
        <= main_codes
        <= contract_codes
    )
    assert [item["codigo"] for item in small["itens"]] == ["03298", "04227"]
    filtered = api.ok(f"/{MAIN}/servicos", nuCartaoPostagem=SMALL_CARD.lstrip("0"))
    assert filtered["itens"] == small["itens"]


def test_services_are_paged_too(api: MeuContrato) -> None:
    total = api.ok(f"/{MAIN}/servicos", size=500)["page"]["totalElements"]
    body = api.ok(f"/{MAIN}/servicos", page=1, size=5)
    _assert_envelope(body, number=1, size=5, total=total)


@pytest.mark.parametrize("code", ["03220", "3220"])
def test_one_service(api: MeuContrato, code: str) -> None:
    expected = {
        "codigo": "03220",
        "descricao": "SEDEX CONTRATO AG",
        "coSegmento": "1",
        "descSegmento": "ENCOMENDA EXPRESSA",
    }
    assert api.ok(f"/{MAIN}/servicos/{code}") == expected
    assert api.ok(f"/{MAIN}/cartoes/{DEMO.card}/servicos/{code}") == expected


@pytest.mark.parametrize(
    "path",
    [
        f"/{SMALL_CARD}/servicos/03220",  # the card lacks SEDEX
        f"/{DEMO.card}/servicos/99999",
    ],
)
def test_card_without_the_service_is_con_011(api: MeuContrato, path: str) -> None:
    body = _assert_error(api.get(f"/{MAIN}/cartoes{path}"), 404, "CON-011")
    assert body["msgs"] == ["CON-011: Serviço não encontrado para o contrato e cartão"]
    assert body["causa"]


def test_contract_without_the_service_is_con_011(api: MeuContrato) -> None:
    _assert_error(api.get("/9912345679/servicos/03158"), 404, "CON-011")


# -- contacts and category ------------------------------------------------------------


@pytest.mark.parametrize("kind", ["contatoGerencia", "contatoAcom"])
def test_contacts(api: MeuContrato, kind: str) -> None:
    contacts = api.ok(f"/{MAIN}/{kind}")
    assert isinstance(contacts, list)
    assert contacts
    for contact in contacts:
        assert {"nome", "cargo", "email", "telefone", "celular", "tipo"} <= set(contact)
    assert any({"ramal", "horarioAtendimento"} & set(contact) for contact in contacts)


def test_category(api: MeuContrato) -> None:
    category = api.ok(f"/{MAIN}/categoria")
    assert set(category) == {"codigo", "descricao", "nivel"}
    assert category["descricao"]


# -- accented paths ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("plain", "accented"),
    [
        (f"/{MAIN}/servicos", f"/{MAIN}/serviços"),
        (f"/{MAIN}/servicos/03220", f"/{MAIN}/serviços/03220"),
        (f"/{MAIN}/cartoes", f"/{MAIN}/cartões"),
        (f"/{MAIN}/cartoes/{DEMO.card}", f"/{MAIN}/cartões/{DEMO.card}"),
        (f"/{MAIN}/cartoes/{SMALL_CARD}/servicos", f"/{MAIN}/cartões/{SMALL_CARD}/serviços"),
        (f"/{MAIN}/cartoes/{SMALL_CARD}/servicos", f"/{MAIN}/cartoes/{SMALL_CARD}/serviços"),
        (f"/{MAIN}/cartoes/{DEMO.card}/servicos/04227", f"/{MAIN}/cartões/{DEMO.card}/serviços/04227"),
    ],
)
def test_accented_paths_literal_and_percent_encoded(api: MeuContrato, plain: str, accented: str) -> None:
    expected = api.ok(plain)
    encoded = accented.replace("ç", "%C3%A7").replace("õ", "%C3%B5")
    for path in (accented, encoded):
        body = api.ok(path)
        if isinstance(body, dict) and "next" in body:  # page links name the path asked for
            body = {key: value for key, value in body.items() if key not in {"next", "previous"}}
            expected = {key: value for key, value in expected.items() if key not in {"next", "previous"}}
        assert body == expected


def test_accented_path_errors_keep_the_operator_body(api: MeuContrato) -> None:
    response = api.get(f"/{MAIN}/cartões/{SMALL_CARD}/serviços/03220")
    assert "%C3%B5" in response.request.path_url
    body = _assert_error(response, 404, "CON-011")
    assert "cartões" in body["path"]


# -- refusals ---------------------------------------------------------------------------


FOREIGN_PATHS = [
    "",
    f"/{MAIN}",
    f"/{MAIN}/servicos",
    f"/{MAIN}/servicos/03220",
    f"/{MAIN}/contatoGerencia",
    f"/{MAIN}/contatoAcom",
    f"/{MAIN}/categoria",
    f"/{MAIN}/cartoes",
    f"/{MAIN}/cartoes/{DEMO.card}",
    f"/{MAIN}/cartoes/{DEMO.card}/servicos",
    f"/{MAIN}/cartoes/{DEMO.card}/servicos/03220",
    "/9917777777/cartoes",
]


@pytest.mark.parametrize("path", FOREIGN_PATHS)
def test_another_cnpj_is_forbidden_everywhere(api: MeuContrato, path: str) -> None:
    _assert_error(api.get(path, cnpj=FOREIGN_CNPJ), 403, "CON-003")


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("/9900000001", "CON-001"),
        ("/9917777777", "CON-001"),  # another company's contract under our CNPJ
        ("/9900000001/cartoes", "CON-001"),
        ("/9900000001/servicos/03220", "CON-001"),
        ("/9900000001/contatoGerencia", "CON-001"),
        ("/9900000001/categoria", "CON-001"),
        (f"/{MAIN}/cartoes/0070000000", "CON-002"),
        (f"/{MAIN}/cartoes/{OTHER_CONTRACT_CARD}", "CON-002"),  # card of another contract
        (f"/{MAIN}/cartoes/0079999999/servicos", "CON-002"),  # another company's card
        (f"/{MAIN}/cartoes/0070000000/servicos/03220", "CON-002"),
        (f"/{MAIN}/servicos?nuCartaoPostagem={OTHER_CONTRACT_CARD}", "CON-002"),
    ],
)
def test_unknown_contract_or_card_is_404(api: MeuContrato, path: str, code: str) -> None:
    _assert_error(api.get(path), 404, code)


@pytest.mark.parametrize(
    ("path", "params", "code"),
    [
        (f"/{MAIN}/cartoes", {"page": -1}, "CON-010"),
        (f"/{MAIN}/cartoes", {"size": 0}, "CON-010"),
        (f"/{MAIN}/cartoes", {"size": 501}, "CON-010"),
        (f"/{MAIN}/servicos", {"size": 1000}, "CON-010"),
        (f"/{MAIN}/cartoes/{DEMO.card}/servicos", {"page": -2}, "CON-010"),
        (f"/{MAIN}/cartoes", {"page": "first"}, "GTW-010"),
        (f"/{MAIN}/cartoes", {"status": "VENCIDO"}, "GTW-010"),
        ("/99-12", {}, "CON-010"),
        (f"/{MAIN}/cartoes/12345678901", {}, "CON-010"),
    ],
)
def test_bad_parameters_are_400(api: MeuContrato, path: str, params: dict[str, Any], code: str) -> None:
    body = _assert_error(api.get(path, **params), 400, code)
    assert "'" in body["msgs"][0]  # names the parameter


def test_missing_token_is_401(api: MeuContrato) -> None:
    response = api.http.get(api.url(f"/{MAIN}/cartoes"), timeout=TIMEOUT)
    _assert_error(response, 401, "GTW-007")
