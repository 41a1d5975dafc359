"""The contract service held to the operator's documents, both ways.

No contract answer is printed whole; the fixtures are assembled from spec 001 §2.2's field
lists with their types (``nuSe`` an integer, dates YYYY-MM-DDThh:mm:ss, the rest strings):
``contracts-contract-answer`` (Contract), ``contracts-cards-answer`` (the page envelope of
posting cards: ``itens`` and ``page`` {size, totalElements, totalPages, number}),
``contracts-service-answer`` (Service). ``errors-con011-answer`` is spec 001 §7's contract
service error example (``msgs``, ``date``, ``path``, ``causa``, ``stackTrace``; CON-011 with
404 when the card lacks the service); its text after the code is ours.
"""

from __future__ import annotations

from datetime import datetime

import pytest
import responses

from postalgui.api.client import OperatorClient
from postalgui.api.contracts import ContractClient
from postalgui.api.errors import OperatorError
from postalgui.api.models.contracts import CardStatus, ContractStatus
from postalgui.api.tokens import Scope, TokenScope
from postalgui.sandbox import DEMO
from tests.contract.conftest import NO_TRACE, Wire, serve, without_trace
from tests.contract.shapes import assert_same_shape, load, raw

CNPJ = "34028316000103"
CONTRACTS = f"/meucontrato/v1/empresas/{CNPJ}/contratos"
CARD = f"{CONTRACTS}/9912345678/cartoes/0067599079"
SANDBOX = f"/meucontrato/v1/empresas/{DEMO.cnpj}/contratos/{DEMO.contract}"
CONTRACT_SCOPE = TokenScope(Scope.CONTRACT, contract=DEMO.contract, dr=DEMO.dr)
CONTRACT_EXTRA = {
    # REFERENCE.md, Contract service: "contract records also carry nuCombo and categoria".
    "nuCombo",
    "categoria",
}
PAGE_EXTRA = {
    # REFERENCE.md, Contract service: "card list pages may carry extra page fields".
    "count",
    "next",
    "previous",
    "first",
    "last",
}
ERROR_EXTRA = {
    # Spec 000 §7's MessageResponse names `method` (the contract example leaves it out).
    "method",
}


def contracts_of(operator: OperatorClient) -> ContractClient:
    return ContractClient(operator, CNPJ)


def test_a_contract_is_read_with_its_status_and_validity(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    serve(mocked, "GET", f"{CONTRACTS}/9912345678", raw("contracts-contract-answer"))

    contract = contracts_of(operator).contract("9912345678")

    assert (contract.nuContrato, contract.nuSe) == ("9912345678", 10)
    assert contract.known_status is ContractStatus.ATIVO
    assert contract.dtFimVigencia == datetime(2026, 12, 31)


def test_a_page_of_cards_is_read_with_its_paging(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    serve(mocked, "GET", f"{CONTRACTS}/9912345678/cartoes", raw("contracts-cards-answer"))

    page = contracts_of(operator).cards("9912345678")

    [card] = page.itens
    assert (card.nuCartaoPostagem, card.known_status) == ("0067599079", CardStatus.ATIVO)
    assert (page.page.totalElements, page.page.number) == (1, 0)


def test_a_card_status_not_in_the_documents_is_kept_not_refused(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    body = raw("contracts-cards-answer").replace(b'"ATIVO"', b'"BLOQUEADO"')
    serve(mocked, "GET", f"{CONTRACTS}/9912345678/cartoes", body)

    [card] = contracts_of(operator).cards("9912345678").itens

    assert (card.status, card.known_status) == ("BLOQUEADO", None)


def test_a_card_service_and_con_011_are_both_answers(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    serve(mocked, "GET", f"{CARD}/servicos/03220", raw("contracts-service-answer"))
    serve(mocked, "GET", f"{CARD}/servicos/04227", raw("errors-con011-answer"), status=404)

    found = contracts_of(operator).card_service("9912345678", "0067599079", "03220")
    missing = contracts_of(operator).card_service("9912345678", "0067599079", "04227")

    assert found.service is not None
    assert (found.service.descricao, found.service.descSegmento) == ("SEDEX CONTRATO AG", "EXPRESSO")
    assert missing.missing is not None
    assert (missing.found, missing.missing.code) == (False, "CON-011")


@pytest.mark.usefixtures("sandbox")
def test_the_sandboxs_contracts_are_shaped_like_spec_2_2(wire: Wire) -> None:
    contracts = wire("GET", f"/meucontrato/v1/empresas/{DEMO.cnpj}/contratos", scope=CONTRACT_SCOPE)
    one = wire("GET", SANDBOX, scope=CONTRACT_SCOPE)

    assert_same_shape([load("contracts-contract-answer")], contracts, extra=CONTRACT_EXTRA)
    assert_same_shape(load("contracts-contract-answer"), one, extra=CONTRACT_EXTRA)


@pytest.mark.usefixtures("sandbox")
def test_the_sandboxs_card_pages_are_shaped_like_spec_2_2(wire: Wire) -> None:
    page = wire("GET", f"{SANDBOX}/cartoes", params={"page": 0, "size": 500}, scope=CONTRACT_SCOPE)

    assert page["itens"]
    assert_same_shape(load("contracts-cards-answer"), page, extra=PAGE_EXTRA)


@pytest.mark.usefixtures("sandbox")
def test_the_sandboxs_card_services_are_shaped_like_spec_2_2(wire: Wire) -> None:
    path = f"{SANDBOX}/cartoes/{DEMO.card}/servicos"

    page = wire("GET", path, params={"page": 0, "size": 500}, scope=CONTRACT_SCOPE)
    one = wire("GET", f"{path}/{page['itens'][0]['codigo']}", scope=CONTRACT_SCOPE)

    # The envelope of a service list is not shown (spec 001 §2.2); the cards' one stands for it.
    envelope = {**load("contracts-cards-answer"), "itens": [load("contracts-service-answer")]}
    assert_same_shape(envelope, page, extra=PAGE_EXTRA)
    assert_same_shape(load("contracts-service-answer"), one)


@pytest.mark.usefixtures("sandbox")
def test_the_sandboxs_con_011_is_shaped_like_the_contract_example(client: OperatorClient) -> None:
    with pytest.raises(OperatorError) as caught:
        client.call_json("GET", f"{SANDBOX}/cartoes/{DEMO.card}/servicos/99999", scope=CONTRACT_SCOPE)

    assert (caught.value.status, caught.value.code) == (404, "CON-011")
    assert isinstance(caught.value.body, dict)
    assert_same_shape(
        load("errors-con011-answer"), without_trace(caught.value.body), optional=NO_TRACE, extra=ERROR_EXTRA
    )
