"""ContractClient over a mocked operator (`responses`): paths, parameters, paging, CON-011."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
import responses

from postalgui.api.client import OperatorClient
from postalgui.api.contracts import ContractClient, parse_service_code
from postalgui.api.credentials import CredentialStore
from postalgui.api.errors import InvalidResponseError, NotFoundError, PermissionDeniedError
from postalgui.api.models.contracts import CardStatus, ContractStatus
from postalgui.api.tokens import DELEGATED_KEY, Scope, TokenManager, TokenScope
from postalgui.api.transport import RetryPolicy, Transport
from postalgui.api.values import InvalidValue
from tests.conftest import MemoryKeyring

BASE = "https://api.example.test"
CNPJ = "11222333000181"
COMPANY = f"{BASE}/meucontrato/v1/empresas/{CNPJ}/contratos"
CONTRACT = f"{COMPANY}/9912345678"
CARD = f"{CONTRACT}/cartoes/0074512345"
CONTRACT_SCOPE = TokenScope(Scope.CONTRACT, contract="9912345678", dr=72)

CONTRACT_RECORD = {
    "cnpj": CNPJ,
    "nuContrato": "9912345678",
    "nuSe": 72,
    "dtInicioVigencia": "2021-03-01T00:00:00",
    "dtFimVigencia": "2041-02-28T23:59:59",
    "status": "ATIVO",
    "nuCombo": 17,
    "categoria": "OURO",
}


def card_record(index: int, status: str = "ATIVO") -> dict[str, Any]:
    return {
        "cnpj": CNPJ,
        "nuContrato": "9912345678",
        "nuSe": 72,
        "nuCartaoPostagem": f"{74512345 + index:010d}",
        "cnpjCartao": CNPJ,
        "dtInicioVigencia": "2021-03-01T00:00:00",
        "dtFimVigencia": "2041-02-28T23:59:59",
        "status": status,
    }


def service_record(code: str, description: str = "SEDEX CONTRATO AG") -> dict[str, Any]:
    return {"codigo": code, "descricao": description, "coSegmento": "2", "descSegmento": "ENCOMENDA"}


def envelope(items: list[dict[str, Any]], number: int, total_pages: int, size: int, total: int) -> Any:
    return {
        "itens": items,
        "page": {"size": size, "totalElements": total, "totalPages": total_pages, "number": number},
        "count": total,
        "next": None if number + 1 >= total_pages else f"?page={number + 1}",
        "previous": None if number == 0 else f"?page={number - 1}",
        "first": number == 0,
        "last": number + 1 >= total_pages,
    }


def not_found(message: str) -> dict[str, Any]:
    return {
        "msgs": [message],
        "date": "2026-03-01T10:00:00",
        "method": "GET",
        "path": "/meucontrato/v1/...",
        "causa": "Not Found",
        "stackTrace": "br.com.operador.NotFound at ...",
    }


class RecordingClient(OperatorClient):
    """An `OperatorClient` that notes the scope of every call."""

    scopes: list[TokenScope | None]

    def call_json(self, method: str, path: str, *, scope: TokenScope | None = None, **kwargs: Any) -> Any:
        self.scopes.append(scope)
        return super().call_json(method, path, scope=scope, **kwargs)


@pytest.fixture
def operator() -> Iterator[RecordingClient]:
    transport = Transport(BASE, retry=RetryPolicy(max_attempts=3, backoff_base=0), sleep=lambda _s: None)
    store = CredentialStore(MemoryKeyring())
    store.set("test", DELEGATED_KEY, "delegated-key")
    tokens = TokenManager(transport, store, "test", use_delegated=True)
    client = RecordingClient(transport, tokens, TokenScope(Scope.LOGIN))
    client.scopes = []
    yield client
    client.close()


@pytest.fixture
def contracts(operator: RecordingClient) -> ContractClient:
    return ContractClient(operator, "11.222.333/0001-81", CONTRACT_SCOPE)


def query(index: int = -1) -> dict[str, str]:
    return dict(parse_qsl(urlsplit(str(responses.calls[index].request.url)).query, keep_blank_values=True))


def path(index: int = -1) -> str:
    return urlsplit(str(responses.calls[index].request.url)).path


# --------------------------------------------------------------------------- contracts


@responses.activate
def test_contracts_path_params_scope_and_fields(contracts: ContractClient, operator: RecordingClient) -> None:
    responses.get(COMPANY, json=[CONTRACT_RECORD, {**CONTRACT_RECORD, "nuContrato": "9912345679"}])
    result = contracts.contracts(status="ativo", vigente=True)
    assert path() == f"/meucontrato/v1/empresas/{CNPJ}/contratos"
    assert query() == {"status": "ATIVO", "vigente": "S"}
    assert responses.calls[0].request.headers["Authorization"] == "Bearer delegated-key"
    assert operator.scopes == [CONTRACT_SCOPE]
    assert [c.nuContrato for c in result] == ["9912345678", "9912345679"]
    first = result[0]
    assert first.nuSe == 72
    assert first.dtInicioVigencia == datetime(2021, 3, 1)
    assert first.known_status is ContractStatus.ATIVO
    assert first.nuCombo == "17"
    assert first.categoria == "OURO"


@responses.activate
def test_contracts_without_filters_sends_no_query(contracts: ContractClient) -> None:
    responses.get(COMPANY, json=[])
    assert contracts.contracts() == []
    assert query() == {}
    contracts.contracts(vigente=False)
    assert query() == {}  # the spec defines only vigente=S


@responses.activate
def test_contracts_accepts_a_page_envelope(contracts: ContractClient) -> None:
    responses.get(COMPANY, json=envelope([CONTRACT_RECORD], 0, 1, 10, 1))
    assert [c.nuContrato for c in contracts.contracts()] == ["9912345678"]


@responses.activate
def test_contract_pads_the_number_and_keeps_extras(contracts: ContractClient) -> None:
    responses.get(CONTRACT, json={**CONTRACT_RECORD, "nomeContrato": "Loja Exemplo"})
    contract = contracts.contract("9912345678")
    assert contract.extras == {"nomeContrato": "Loja Exemplo"}
    responses.get(f"{COMPANY}/0000012345", json=[{**CONTRACT_RECORD, "nuContrato": "0000012345"}])
    assert contracts.contract(12345).nuContrato == "0000012345"  # a one-element array is unwrapped
    assert path() == f"/meucontrato/v1/empresas/{CNPJ}/contratos/0000012345"


@responses.activate
def test_unknown_contract_is_not_found(contracts: ContractClient) -> None:
    responses.get(f"{COMPANY}/0000000001", status=404, json=not_found("CON-002: Contrato não encontrado"))
    with pytest.raises(NotFoundError) as caught:
        contracts.contract("1")
    assert caught.value.code == "CON-002"
    assert "stackTrace" not in str(caught.value)
    assert "br.com" not in str(caught.value)


@responses.activate
def test_foreign_company_is_permission_denied(operator: RecordingClient) -> None:
    foreign = ContractClient(operator, "99888777000100", CONTRACT_SCOPE)
    responses.get(
        f"{BASE}/meucontrato/v1/empresas/99888777000100/contratos",
        status=403,
        json={"msgs": ["CON-003: CNPJ não corresponde ao CNPJ do token"]},
    )
    with pytest.raises(PermissionDeniedError) as caught:
        foreign.contracts()
    assert caught.value.code == "CON-003"


def test_bad_numbers_are_refused_before_sending(contracts: ContractClient, operator: RecordingClient) -> None:
    with pytest.raises(InvalidValue) as caught:
        contracts.contract("99-12")
    assert caught.value.rule == "contract.digits"
    with pytest.raises(InvalidValue) as caught:
        contracts.card("9912345678", "12345678901")
    assert caught.value.rule == "card.length"
    with pytest.raises(InvalidValue):
        contracts.card_service("9912345678", "74512345", "03 220")
    with pytest.raises(InvalidValue):
        ContractClient(operator, "11222333000180")
    with pytest.raises(ValueError, match="page"):
        contracts.cards("9912345678", page=-1)
    assert operator.scopes == []


def test_parse_service_code() -> None:
    assert parse_service_code(" 03220 ") == "03220"
    assert parse_service_code(3220) == "3220"
    for bad in ("", "03/220", "0" * 11, True):
        with pytest.raises(InvalidValue) as caught:
            parse_service_code(bad)
        assert caught.value.rule == "contract.service_code"


# --------------------------------------------------------------------------- services


@responses.activate
def test_contract_services_page_and_card_filter(contracts: ContractClient) -> None:
    responses.get(f"{CONTRACT}/servicos", json=envelope([service_record("03220")], 1, 3, 1, 3))
    page = contracts.contract_services("9912345678", card="74512345", page=1, size=1)
    assert query() == {"nuCartaoPostagem": "0074512345", "page": "1", "size": "1"}
    assert [s.codigo for s in page.itens] == ["03220"]
    assert page.page.number == 1
    assert page.page.totalPages == 3
    assert page.total == 3
    assert not page.last
    assert page.extras == {
        "count": 3,
        "next": "?page=2",
        "previous": "?page=0",
        "first": False,
        "last": False,
    }


@responses.activate
def test_all_contract_services_walks_every_page(contracts: ContractClient) -> None:
    codes = ["03220", "03298", "04227", "03158", "03140"]
    for number in range(3):
        chunk = codes[number * 2 : number * 2 + 2]
        responses.get(
            f"{CONTRACT}/servicos",
            json=envelope([service_record(c) for c in chunk], number, 3, 2, 5),
            match=[responses.matchers.query_param_matcher({"page": str(number), "size": "2"})],
        )
    result = contracts.all_contract_services("9912345678", size=2)
    assert [s.codigo for s in result] == codes
    assert [query(i)["page"] for i in range(3)] == ["0", "1", "2"]
    assert len(responses.calls) == 3


@responses.activate
def test_all_services_default_page_size_is_500(contracts: ContractClient) -> None:
    responses.get(f"{CARD}/servicos", json=envelope([service_record("03220")], 0, 1, 500, 1))
    assert [s.codigo for s in contracts.all_card_services("9912345678", "74512345")] == ["03220"]
    assert query() == {"page": "0", "size": "500"}


@responses.activate
def test_bare_array_is_a_single_page(contracts: ContractClient) -> None:
    responses.get(f"{CARD}/servicos", json=[service_record("03220"), service_record("03298", "PAC")])
    page = contracts.card_services("9912345678", "0074512345")
    assert [s.codigo for s in page.itens] == ["03220", "03298"]
    assert page.last
    assert (page.page.number, page.page.totalPages, page.page.totalElements) == (0, 1, 2)
    assert page.total == 2
    assert [s.descricao for s in contracts.all_card_services("9912345678", "0074512345")] == [
        "SEDEX CONTRATO AG",
        "PAC",
    ]
    assert len(responses.calls) == 2  # the walk stopped after the bare array


@responses.activate
def test_contract_service_found(contracts: ContractClient) -> None:
    responses.get(f"{CONTRACT}/servicos/03220", json={**service_record("03220"), "sigla": "SDX"})
    lookup = contracts.contract_service("9912345678", "03220")
    assert lookup.found
    assert lookup.missing is None
    assert lookup.service is not None
    assert lookup.service.descSegmento == "ENCOMENDA"
    assert lookup.service.extras == {"sigla": "SDX"}


@responses.activate
def test_card_lacking_a_service_is_an_explained_lookup(contracts: ContractClient) -> None:
    responses.get(
        f"{CARD}/servicos/04227",
        status=404,
        json=not_found("CON-011: Serviço não encontrado para o contrato e cartão informados"),
    )
    lookup = contracts.card_service("9912345678", "74512345", "04227")
    assert not lookup.found
    assert lookup.codigo == "04227"
    assert lookup.service is None
    assert lookup.missing is not None
    assert lookup.missing.code == "CON-011"
    assert lookup.missing.text == "Serviço não encontrado para o contrato e cartão informados"
    assert str(lookup.missing).startswith("CON-011: Serviço")
    assert len(responses.calls) == 1  # a 404 is not retried


@responses.activate
def test_contract_lacking_a_service_is_an_explained_lookup(contracts: ContractClient) -> None:
    responses.get(f"{CONTRACT}/servicos/99999", status=404, json=not_found("CON-011: Serviço não encontrado"))
    lookup = contracts.contract_service("9912345678", "99999")
    assert not lookup.found
    assert lookup.missing is not None
    assert lookup.missing.code == "CON-011"


@responses.activate
def test_unknown_card_in_a_service_lookup_is_not_found(contracts: ContractClient) -> None:
    responses.get(
        f"{CONTRACT}/cartoes/0000000001/servicos/03220",
        status=404,
        json=not_found("CON-009: Cartão de postagem não encontrado"),
    )
    with pytest.raises(NotFoundError) as caught:
        contracts.card_service("9912345678", "1", "03220")
    assert caught.value.code == "CON-009"


@responses.activate
def test_a_404_without_a_body_is_not_found(contracts: ContractClient) -> None:
    responses.get(f"{CARD}/servicos/03220", status=404)
    with pytest.raises(NotFoundError):
        contracts.card_service("9912345678", "74512345", "03220")


# --------------------------------------------------------------------------- cards


@responses.activate
def test_cards_page_params_and_envelope(contracts: ContractClient) -> None:
    responses.get(
        f"{CONTRACT}/cartoes", json=envelope([card_record(0), card_record(1, "IRREGULAR")], 0, 4, 2, 7)
    )
    page = contracts.cards("9912345678", status="irregular", vigente=True, page=0, size=2)
    assert query() == {"status": "IRREGULAR", "vigente": "S", "page": "0", "size": "2"}
    assert [c.nuCartaoPostagem for c in page.itens] == ["0074512345", "0074512346"]
    assert page.itens[1].known_status is CardStatus.IRREGULAR
    assert page.page.totalElements == 7
    assert page.extras["count"] == 7
    assert page.extras["next"] == "?page=1"


@responses.activate
def test_all_cards_walks_to_the_last_page(contracts: ContractClient) -> None:
    cards = [card_record(i) for i in range(31)]
    size = 10
    pages = 4
    for number in range(pages):
        responses.get(
            f"{CONTRACT}/cartoes",
            json=envelope(cards[number * size : (number + 1) * size], number, pages, size, len(cards)),
            match=[responses.matchers.query_param_matcher({"page": str(number), "status": "ATIVO"})],
        )
    result = contracts.all_cards("9912345678", status="ATIVO")
    assert [c.nuCartaoPostagem for c in result] == [c["nuCartaoPostagem"] for c in cards]
    assert len(responses.calls) == pages


@responses.activate
def test_walk_stops_when_the_operator_ignores_the_page(contracts: ContractClient) -> None:
    responses.get(f"{CONTRACT}/cartoes", json=envelope([card_record(0)], 0, 3, 1, 3))
    result = contracts.all_cards("9912345678")
    assert len(result) == 1  # page 0 again instead of page 1: not repeated
    assert len(responses.calls) == 2


@responses.activate
def test_walk_stops_on_an_empty_page(contracts: ContractClient) -> None:
    responses.get(
        f"{CONTRACT}/cartoes",
        json=envelope([card_record(0)], 0, 50, 1, 50),
        match=[responses.matchers.query_param_matcher({"page": "0"})],
    )
    responses.get(
        f"{CONTRACT}/cartoes",
        json=envelope([], 1, 50, 1, 50),
        match=[responses.matchers.query_param_matcher({"page": "1"})],
    )
    assert len(contracts.all_cards("9912345678")) == 1
    assert len(responses.calls) == 2


@responses.activate
def test_envelope_without_page_info_is_one_page(contracts: ContractClient) -> None:
    responses.get(f"{CONTRACT}/cartoes", json={"itens": [card_record(0), card_record(1)]})
    assert len(contracts.all_cards("9912345678")) == 2
    assert len(responses.calls) == 1


@responses.activate
def test_card_and_unknown_card(contracts: ContractClient) -> None:
    responses.get(CARD, json={**card_record(0), "descricaoCartao": "Loja"})
    card = contracts.card("9912345678", "74512345")
    assert card.nuCartaoPostagem == "0074512345"
    assert card.extras == {"descricaoCartao": "Loja"}
    responses.get(
        f"{CONTRACT}/cartoes/0000000002", status=404, json=not_found("CON-009: Cartão não encontrado")
    )
    with pytest.raises(NotFoundError):
        contracts.card("9912345678", "2")


@responses.activate
def test_all_card_services_walks_pages(contracts: ContractClient) -> None:
    for number, code in enumerate(["03220", "03298"]):
        responses.get(
            f"{CARD}/servicos",
            json=envelope([service_record(code)], number, 2, 1, 2),
            match=[responses.matchers.query_param_matcher({"page": str(number), "size": "1"})],
        )
    assert [s.codigo for s in contracts.all_card_services("9912345678", "74512345", size=1)] == [
        "03220",
        "03298",
    ]


# --------------------------------------------------------------------------- contacts and category


@responses.activate
def test_contacts_keep_their_extras(contracts: ContractClient) -> None:
    responses.get(
        f"{CONTRACT}/contatoGerencia",
        json=[
            {
                "nome": "Maria Souza",
                "email": "maria@example.com",
                "telefone": "1133334444",
                "matricula": "81234567",
                "lotacao": "GECAP/SPM",
            }
        ],
    )
    responses.get(f"{CONTRACT}/contatoAcom", json={"nome": "João Lima", "ramal": "2231"})
    management = contracts.management_contacts("9912345678")
    assert management[0].nome == "Maria Souza"
    assert management[0].extras == {"matricula": "81234567", "lotacao": "GECAP/SPM"}
    administration = contracts.administration_contacts("9912345678")  # one bare object
    assert [c.nome for c in administration] == ["João Lima"]
    assert administration[0].extras == {"ramal": "2231"}
    assert path(0).endswith("/contratos/9912345678/contatoGerencia")
    assert path(1).endswith("/contratos/9912345678/contatoAcom")


@responses.activate
def test_contacts_empty_and_enveloped(contracts: ContractClient) -> None:
    responses.get(f"{CONTRACT}/contatoGerencia", body=b"")
    assert contracts.management_contacts("9912345678") == []
    responses.get(f"{CONTRACT}/contatoAcom", json=envelope([{"nome": "Ana"}], 0, 1, 10, 1))
    assert [c.nome for c in contracts.administration_contacts("9912345678")] == ["Ana"]


@responses.activate
def test_category_keeps_extras(contracts: ContractClient) -> None:
    responses.get(
        f"{CONTRACT}/categoria",
        json={"codigo": 3, "descricao": "OURO", "faixaFaturamento": "R$ 50.000 a R$ 200.000"},
    )
    category = contracts.category("9912345678")
    assert category.codigo == "3"
    assert category.descricao == "OURO"
    assert category.extras == {"faixaFaturamento": "R$ 50.000 a R$ 200.000"}


@responses.activate
def test_malformed_answers_are_invalid_responses(contracts: ContractClient) -> None:
    responses.get(f"{CONTRACT}/categoria", json="OURO")
    with pytest.raises(InvalidResponseError):
        contracts.category("9912345678")
    responses.get(f"{CONTRACT}/cartoes", json={"itens": [{"status": "ATIVO"}]})
    with pytest.raises(InvalidResponseError, match="posting card"):
        contracts.cards("9912345678")
    responses.get(f"{CONTRACT}/servicos", json={"itens": "nada"})
    with pytest.raises(InvalidResponseError):
        contracts.contract_services("9912345678")
