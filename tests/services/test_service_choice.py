"""The per-product additional-services rule, without Qt: declared value maps to each
product's own code, and a product that cannot serve the choice is refused with a reason."""

from __future__ import annotations

from decimal import Decimal

from postalgui.api.models.price import AdditionalService
from postalgui.services.price.service_choice import DECLARED, Refusal, wire_services

SEDEX_SERVICES = [
    AdditionalService(
        codigo="019", nome="Valor declarado", vlMinDeclarado=Decimal("25.63"), vlMaxDeclarado=Decimal("10000")
    ),
    AdditionalService(codigo="001", nome="Aviso de recebimento"),
]
PAC_SERVICES = [AdditionalService(codigo="064", nome="Valor declarado PAC", vlMaxDeclarado=Decimal("3000"))]


def test_declared_value_becomes_each_products_own_code() -> None:
    assert wire_services(SEDEX_SERVICES, [DECLARED, "001"], Decimal("200")) == (["019", "001"], None)
    assert wire_services(PAC_SERVICES, [DECLARED], Decimal("200")) == (["064"], None)


def test_a_product_without_the_service_is_refused_with_the_reason() -> None:
    assert wire_services(PAC_SERVICES, ["001"], None) == (
        [],
        Refusal("service_not_offered", {"service": "001"}),
    )
    assert wire_services([SEDEX_SERVICES[1]], [DECLARED], Decimal("200")) == (
        [],
        Refusal("no_declared_value"),
    )


def test_a_declared_value_outside_the_limits_is_refused() -> None:
    wire, refusal = wire_services(PAC_SERVICES, [DECLARED], Decimal("3500"))
    assert wire == []
    assert refusal == Refusal(
        "declared_out_of_limits", {"value": Decimal("3500"), "low": Decimal(0), "high": Decimal("3000")}
    )


def test_unknown_offers_send_the_plain_codes_and_let_the_operator_decide() -> None:
    assert wire_services(None, [DECLARED, "001"], Decimal("200")) == (["001"], None)
