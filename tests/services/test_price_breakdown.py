"""The price ladder shared by the breakdown view and the PDF."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from postalgui.api.models.price import PriceResponse
from postalgui.api.values import format_grams
from postalgui.services.price.breakdown import KINDS, LadderStep, format_percent_ui, ladder
from tests import price_samples as samples

OFFICIAL: dict[str, Any] = {**samples.OFFICIAL, "infoAdicional": [{"tipo": "FATOR_FAIXA", "valor": "1,0421"}]}
HEAVY_PAC: dict[str, Any] = {**samples.HEAVY_PAC, "inPesoCubico": "S"}


def steps_of(data: dict[str, Any], **kwargs: Any) -> list[LadderStep]:
    return ladder(PriceResponse.model_validate(data), **kwargs)


def test_official_example_sequence() -> None:
    steps = steps_of(OFFICIAL)
    assert [(step.kind, step.sign, step.level) for step in steps] == [
        ("base", "", 0),
        ("band", "", 0),
        ("base_total", "=", 0),
        ("reference", "=", 0),
        ("product", "=", 0),
        ("service", "+", 1),
        ("service", "+", 1),
        ("services_total", "+", 0),
        ("final", "=", 0),
        ("tax_base", "", 0),
        ("charged_weight", "", 0),
        ("ad_valorem", "", 0),
        ("insurance", "", 0),
        ("info", "", 0),
    ]
    amounts = {step.kind: step.amount for step in steps if step.kind != "service"}
    assert amounts["base"] == Decimal("10.68")
    assert amounts["band"] == Decimal("11.13")
    assert amounts["services_total"] == Decimal("8.79")
    assert amounts["final"] == Decimal("19.92")
    assert amounts["insurance"] == Decimal("21.00")
    assert amounts["charged_weight"] is None
    assert amounts["ad_valorem"] is None
    by_kind = {step.kind: step for step in steps}
    assert by_kind["base"].detail == "band factor 1.0421"
    assert by_kind["charged_weight"].detail == "300 g, real weight"
    assert by_kind["ad_valorem"].detail == "1.00%"
    assert (by_kind["info"].label, by_kind["info"].detail) == ("Band factor", "1.0421")
    services = [step for step in steps if step.kind == "service"]
    assert [(step.detail, step.amount) for step in services] == [
        ("019 Valor declarado (SEDEX)", Decimal("1.79")),
        ("001 Aviso de recebimento", Decimal("7.00")),
    ]
    assert all(step.kind in KINDS for step in steps)


def test_heavy_pac_with_additional_kilos() -> None:
    steps = steps_of(HEAVY_PAC)
    assert [(step.kind, step.amount) for step in steps] == [
        ("base", Decimal("15.45")),
        ("band", Decimal("47.45")),
        ("additional_each", Decimal("5.88")),
        ("additional_total", Decimal("58.80")),
        ("base_total", Decimal("106.25")),
        ("reference", Decimal("106.25")),
        ("product", Decimal("106.25")),
        ("final", Decimal("106.25")),
        ("charged_weight", None),
    ]
    assert steps[2].detail == "10 ×"
    assert steps[3].sign == "+"
    assert steps[-1].detail == "19,600 g, cubic weight"
    # zero variation, benefits and services are not shown as steps


def test_variation_and_benefits_with_criteria() -> None:
    data = {
        "pcBase": "20,00",
        "pcFaixa": "20,00",
        "pcBaseGeral": "20,00",
        "peVariacao": "0,0500",
        "vlTotalDescVariacao": "1,00",
        "pcReferencia": "19,00",
        "beneficios": [
            {
                "tipo": "desconto funcional - negociação",
                "noPacote": "Pacote Ouro",
                "percentual": "0,1000",
                "valor": "1,90",
                "criterio": [
                    {
                        "nuCriterio": "101",
                        "noCriterio": "Postagem eletrônica",
                        "atendido": "S",
                        "peNegociado": "0,0500",
                        "peConcedido": "0,0500",
                    },
                    {
                        "nuCriterio": "102",
                        "noCriterio": "Volume mínimo",
                        "atendido": "N",
                        "peNegociado": "0,0500",
                    },
                ],
            },
            {"tipoBeneficio": "DP", "valor": "0,10"},
        ],
        "vlTotalBeneficios": "2,00",
        "pcProduto": "17,00",
        "pcFinal": "17,00",
        "peIsencaoArmazenagem": "0,2500",
        "taxaExtra": [{"codigo": "TX1", "tipo": "Taxa de entrega", "vlTaxa": "3,00"}],
    }
    steps = steps_of(data)
    assert [step.kind for step in steps] == [
        "base",
        "band",
        "base_total",
        "variation",
        "reference",
        "benefit",
        "criterion",
        "criterion",
        "benefit",
        "benefits_total",
        "product",
        "final",
        "storage_exemption",
        "extra_fee",
    ]
    variation = steps[3]
    assert (variation.amount, variation.sign, variation.detail) == (Decimal("1.00"), "-", "5.00%")
    benefit = steps[5]
    assert (benefit.amount, benefit.sign, benefit.level) == (Decimal("1.90"), "-", 1)
    assert benefit.detail == "desconto funcional - negociação · Pacote Ouro · 10.00%"
    met, not_met = steps[6], steps[7]
    assert (met.level, met.amount) == (2, None)
    assert met.detail == "101 Postagem eletrônica: met, negotiated 5.00% granted 5.00%"
    assert not_met.detail == "102 Volume mínimo: not met, negotiated 5.00%"
    assert steps[8].detail == "DP"
    assert (steps[9].amount, steps[9].sign) == (Decimal("2.00"), "-")
    assert steps[12].detail == "25.00%"
    assert (steps[13].amount, steps[13].detail) == (Decimal("3.00"), "TX1 Taxa de entrega")


def test_details_in_portuguese() -> None:
    steps = steps_of({**OFFICIAL, "inPesoCubico": "S", "psCobrado": "12500"}, language="pt_BR")
    by_kind = {step.kind: step for step in steps}
    assert by_kind["base"].detail == "fator da faixa 1,0421"
    assert by_kind["charged_weight"].detail == "12.500 g, peso cúbico"


@pytest.mark.parametrize(
    "error",
    ["PRC-123: CEP de destino inválido", {"cdErro": "PRC-123", "dsErro": "CEP de destino inválido"}],
)
def test_error_item_gives_only_the_error(error: object) -> None:
    steps = steps_of({**OFFICIAL, "txErro": error})
    assert steps == [LadderStep("error", None, "PRC-123: CEP de destino inválido")]


def test_absent_values_give_no_steps() -> None:
    assert steps_of({}) == []
    assert [step.kind for step in steps_of({"pcFinal": "5,00", "psCobrado": "300"})] == [
        "final",
        "charged_weight",
    ]


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("0.0100", "1,00%"),
        ("0.5", "50,00%"),
        ("1", "100,00%"),  # a fraction of one; documented limit of the guess
        ("5", "5,00%"),
        ("12.5", "12,50%"),
        ("0", "0,00%"),
        ("0.12345", "12,35%"),
    ],
)
def test_format_percent_ui(value: str, text: str) -> None:
    assert format_percent_ui(Decimal(value), "pt_BR") == text
    assert format_percent_ui(Decimal(value), "en") == text.replace(",", ".")


def test_format_grams() -> None:
    assert format_grams(300, "pt_BR") == "300 g"
    assert format_grams(19600, "pt_BR") == "19.600 g"
    assert format_grams(19600, "en") == "19,600 g"
