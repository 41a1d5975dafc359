"""A pre-posting's fields are checked before sending: each rule names the field as the API does."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from postalgui.api.models.prepostings import ContentLine, Order, Person, order_from_json, order_to_json
from postalgui.api.values import InvalidValue
from postalgui.api.values.shipping import check_order, checked_order, checked_person, parse_service_code

SENDER = Person(
    "Loja Exemplo Ltda", "01310-100", "Avenida Paulista", "1000", "", "Bela Vista", "São Paulo", "sp",
    email="loja@exemplo.com.br", phone="(11) 3003-0100", cpf_cnpj="11.222.333/0001-81",
)  # fmt: skip
RECIPIENT = Person(
    "Maria da Silva", "20040020", "Rua da Assembleia", "10", "sala 5", "Centro", "Rio de Janeiro", "RJ"
)
ORDER = Order(SENDER, RECIPIENT, "03298", 1500, length_cm=20, width_cm=15, height_cm=10)


def rule_of(order: Order) -> tuple[str, object]:
    with pytest.raises(InvalidValue) as caught:
        check_order(order)
    return caught.value.rule, caught.value.params.get("field")


def test_a_good_order_comes_back_trimmed_and_as_the_operator_writes_it() -> None:
    checked = checked_order(ORDER)
    assert checked.sender.cep == "01310100"
    assert checked.sender.state == "SP"
    assert checked.sender.phone == "1130030100"
    assert checked.sender.cpf_cnpj == "11222333000181"
    assert checked.recipient.number == "10"


def test_each_bad_field_is_named_by_its_api_name() -> None:
    assert rule_of(replace(ORDER, recipient=replace(RECIPIENT, name=" "))) == (
        "shipping.required",
        "destinatario.nome",
    )
    assert rule_of(replace(ORDER, recipient=replace(RECIPIENT, state="XX"))) == (
        "shipping.state",
        "destinatario.endereco.uf",
    )
    assert rule_of(replace(ORDER, recipient=replace(RECIPIENT, cep="2004"))) == (
        "shipping.field",
        "destinatario.endereco.cep",
    )
    assert rule_of(replace(ORDER, sender=replace(SENDER, cpf_cnpj="11.222.333/0001-82"))) == (
        "shipping.field",
        "remetente.cpfCnpj",
    )
    assert rule_of(replace(ORDER, weight_g=0)) == ("shipping.weight", "pesoInformado")
    assert rule_of(replace(ORDER, width_cm=5)) == ("shipping.side", "larguraInformada")
    assert rule_of(replace(ORDER, nfe_key="123")) == ("shipping.nfe_key", "chaveNFe")
    assert rule_of(replace(ORDER, declared_value=Decimal("20000"))) == ("shipping.declared", "valorDeclarado")
    assert rule_of(replace(ORDER, contents=(ContentLine("Livro", 0, Decimal(10)),))) == (
        "shipping.quantity",
        "itensDeclaracaoConteudo[1].quantidade",
    )


def test_an_inner_rule_keeps_its_own_message_after_the_field() -> None:
    with pytest.raises(InvalidValue) as caught:
        check_order(replace(ORDER, recipient=replace(RECIPIENT, cep="2004")))
    assert str(caught.value) == "destinatario.endereco.cep: CEP must have 8 digits (got 4)"


def test_a_street_may_wait_for_the_cep_lookup_until_the_order_is_complete() -> None:
    bare = Person("Maria", "20040020")
    assert checked_person(bare, "destinatario", complete=False).number == "S/N"
    with pytest.raises(InvalidValue, match=r"destinatario\.endereco\.logradouro is required"):
        checked_person(bare, "destinatario")


def test_sides_add_up_to_at_most_200_cm() -> None:
    assert rule_of(replace(ORDER, length_cm=100, width_cm=60, height_cm=50)) == ("shipping.sides", None)


def test_a_spreadsheet_that_dropped_the_leading_zero_still_names_the_service() -> None:
    assert parse_service_code("3298") == "03298"
    with pytest.raises(InvalidValue):
        parse_service_code("PAC")


def test_the_wire_body_carries_the_declared_value_on_the_products_declared_value_service() -> None:
    body = replace(ORDER, declared_value=Decimal("150.5"), additional_services=("001",)).to_wire("0067599079")
    assert body["listaServicoAdicional"] == [
        {"codigoServicoAdicional": "001"},
        {"codigoServicoAdicional": "064", "valorDeclarado": "150.50"},
    ]
    assert body["destinatario"]["endereco"]["cep"] == "20040020"
    assert body["pesoInformado"] == "1500"
    assert Order.from_wire(body) == replace(
        ORDER, declared_value=Decimal("150.50"), additional_services=("001",)
    )


def test_an_order_survives_its_json_in_the_office_database() -> None:
    order = replace(
        ORDER, declared_value=Decimal("99.90"), contents=(ContentLine("Livro", 2, Decimal("45.00")),)
    )
    assert order_from_json(order_to_json(order)) == order
