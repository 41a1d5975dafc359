"""Return authorizations (pre-posting with ``logisticaReversa`` S) against the wire as public
clients send and read it (`fixtures/SOURCE.md`: ``prepost-return-*``).

The body the client sends for a return has the fixture's keys and JSON types; the client reads
the fixture's answer into what a clerk sees (the authorization code, the object code, the
validity); the sandbox's answer to a return has the fixture's keys and types."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date, datetime, timedelta
from decimal import Decimal

import pytest

from postalgui.api.models.prepostings import Order, Person, PrepostingStatus, ReturnTerms
from postalgui.api.prepostings import PrepostingClient
from postalgui.sandbox import DEMO
from tests.contract.conftest import Wire
from tests.contract.shapes import assert_same_shape, load, raw
from tests.contract.test_prepost import BODY_KEYS, SANDBOX_EXTRA, client_answering

VALID = date.today() + timedelta(days=30)
RETURN = Order(
    Person(
        "Maria da Silva", "20040020", "Rua da Assembleia", "10", "apto 2", "Centro", "Rio de Janeiro", "RJ",
        email="maria@example.com", phone="21987654321",
    ),
    Person("Loja Demo", "01310100", "Avenida Paulista", "1000", "sala 4", "Bela Vista", "São Paulo", "SP"),
    "03301",
    300,
    length_cm=20,
    width_cm=15,
    height_cm=10,
    contents=(),
    invoice_number="1234",
    reverse=ReturnTerms(VALID, "DG049186226BR"),
)  # fmt: skip
CLIENT_DRIFT = ("cienteObjetoNaoProibido",)
"""The client sends it as the number 1 (public clients and REFERENCE.md: the string "1"); the
sandbox reads both. Kept as it is: the written-down sendings' keys are digests of the body."""


def test_the_return_body_the_client_sends_has_the_public_clients_keys_and_types() -> None:
    body = PrepostingClient.body(RETURN, "67599079")
    expected = {
        key: value for key, value in load("prepost-return-request").items() if key not in CLIENT_DRIFT
    }
    assert_same_shape(
        expected,
        {key: value for key, value in body.items() if key not in CLIENT_DRIFT},
        optional=("itensDeclaracaoConteudo", "complemento", "email", "dddCelular", "celular"),
        extra=("numeroNotaFiscal",),
    )
    assert (body["logisticaReversa"], body["solicitarColeta"], body["codigoObjetoIda"]) == (
        "S",
        "N",
        "DG049186226BR",
    )
    assert body["dataValidadeLogReversa"] == VALID.strftime("%d/%m/%Y")  # DD/MM/YYYY, never ISO


def test_the_return_answer_reads_as_the_clerk_sees_it() -> None:
    client, operator = client_answering(raw("prepost-return-answer"))
    made = client.create(RETURN, "0067599079")
    assert (made.id, made.eticket, made.object_code) == (
        "PRhR3vKx9QmT2wLzN8cYdE4A",
        "4182736450",
        "QR515656026BR",
    )
    assert made.status is PrepostingStatus.PREPOSTED
    assert made.expires_at == datetime(2026, 12, 28, 23, 59, 59)
    assert made.order == RETURN  # the order sent: the answer leaves the parties out
    ((_method, _path, sent),) = operator.asked
    assert sent["json_body"]["logisticaReversa"] == "S"


@pytest.mark.parametrize("key", ["eticket", "numeroEticket", "codigoAutorizacao", "numeroAutorizacao"])
@pytest.mark.parametrize("value", ["4182736450", 4182736450])
def test_the_authorization_code_is_read_under_any_key_public_clients_read(key: str, value: object) -> None:
    answer = {k: v for k, v in load("prepost-return-answer").items() if k != "eticket"} | {key: value}
    client, _ = client_answering(json.dumps(answer).encode())
    assert client.create(RETURN, "0067599079").eticket == "4182736450"


def test_an_echoed_return_reads_its_terms_in_either_date_form() -> None:
    echoed = load("prepost-return-request")
    assert Order.from_wire(echoed).reverse == ReturnTerms(date(2026, 12, 28), "DG049186226BR")
    iso = echoed | {"dataValidadeLogReversa": "2026-12-28"}  # one Ruby client's form
    assert Order.from_wire(iso).reverse == ReturnTerms(date(2026, 12, 28), "DG049186226BR")
    assert Order.from_wire(echoed | {"logisticaReversa": "N"}).reverse is None


def test_the_returns_list_is_asked_with_the_logistica_reversa_filter() -> None:
    client, operator = client_answering(raw("prepost-list-answer"))
    client.list(reverse=True, page=2)
    client.list(reverse=False)
    asked = [call[2]["params"] for call in operator.asked]
    assert [(params["logisticaReversa"], params["page"]) for params in asked] == [("S", "2"), ("N", "0")]


def test_the_sandbox_answers_a_return_shaped_like_the_fixture(wire: Wire) -> None:
    body = load("prepost-return-request") | {
        "numeroCartaoPostagem": DEMO.card,
        "dataValidadeLogReversa": VALID.strftime("%d/%m/%Y"),
    }
    created = wire("POST", "/prepostagem/v1/prepostagens", json_body=body)
    extra = (*BODY_KEYS, *SANDBOX_EXTRA, "dataHoraStatusAtual")
    assert_same_shape(load("prepost-return-answer"), created, extra=extra)
    listed = wire("GET", "/prepostagem/v2/prepostagens", params={"eticket": created["eticket"]})
    assert_same_shape(load("prepost-return-answer"), listed["itens"][0], extra=extra)
    assert listed["itens"][0]["id"] == created["id"]


@pytest.mark.parametrize(("service", "declared_code"), [("03301", "064"), ("03247", "019")])
def test_a_returns_declared_value_goes_as_its_services_family(service: str, declared_code: str) -> None:
    body = PrepostingClient.body(
        replace(RETURN, service_code=service, declared_value=Decimal("80")), "67599079"
    )
    assert body["listaServicoAdicional"] == [
        {"codigoServicoAdicional": declared_code, "valorDeclarado": "80.00"}
    ]
