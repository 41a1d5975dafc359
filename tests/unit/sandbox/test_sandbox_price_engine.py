"""The sandbox's pricing: REFERENCE's two examples, the spec's formulas on the emitted strings, errors."""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from postalgui.sandbox import price_catalog as cat
from postalgui.sandbox.price_engine import (
    PriceError,
    PricingContext,
    additional_services,
    batch_limit,
    money,
    quote,
    quote_item,
)

TODAY = date(2026, 6, 1)
DEMO_CONTRACT = "9912345678"
SMALL_BATCH_CONTRACT = "9912345679"
CONTRACTS = {DEMO_CONTRACT: 72, SMALL_BATCH_CONTRACT: 74, "9911000123": 72}
CONTEXT = PricingContext(TODAY, DEMO_CONTRACT, CONTRACTS)
NO_CONTRACT = PricingContext(TODAY, None, CONTRACTS)
NATIONAL, INTERNATIONAL = cat.Scope.NACIONAL, cat.Scope.INTERNACIONAL

SP_CAPITAL, SP_CAPITAL_2, RJ_CAPITAL = "01310100", "05311900", "20040020"

SEDEX_EXAMPLE: dict[str, Any] = {
    "coProduto": "03220",
    "cepOrigem": SP_CAPITAL,
    "cepDestino": SP_CAPITAL_2,
    "psObjeto": "300",
    "tpObjeto": "2",
    "comprimento": "20",
    "largura": "20",
    "altura": "20",
    "servicosAdicionais": ["019", "001"],
    "vlDeclarado": "200",
}
PAC_EXAMPLE: dict[str, Any] = {
    "coProduto": "03298",
    "cepOrigem": SP_CAPITAL,
    "cepDestino": RJ_CAPITAL,
    "psObjeto": "19600",
}

PRICE_FIELDS = {
    "coProduto", "noProduto", "nuRequisicao", "pcBase", "pcFaixa", "pcCadaAdicional", "qtAdicional",
    "pcTotalAdicional", "pcBaseGeral", "peVariacao", "pcFaixaVariacao", "pcCadaAdicionalVariacao",
    "pcTotalAdicionalVariacao", "vlTotalDescVariacao", "pcReferencia", "beneficios", "vlTotalBeneficios",
    "pcProduto", "servicoAdicional", "pcTotalServicosAdicionais", "pcFinal", "vlBaseCalculoImposto",
    "inPesoCubico", "psCobrado", "peAdValorem", "vlSeguroAutomatico", "peIsencaoArmazenagem", "taxaExtra",
    "infoAdicional", "txErro",
}  # fmt: skip
INFO_TYPES = {
    "LOB_ERP", "LIMITE_MAX_TARIFACAO_ERP", "VALOR_PARAMETRO_KILO_ADICIONAL_ERP", "LOB_SGPB", "NU_PROPOSTA",
    "CO_MODELO", "CO_SIMILARIDADE", "IN_EXIGENCIA_CEP_DESTINO", "CO_AGRUPADOR", "TIPO_AGRUPADOR",
    "NU_CORREDOR_ORIGEM", "NU_CORREDOR_DESTINO", "NU_TABELA_FATOR", "NU_LINHA_FATOR", "NU_COLUNA_FATOR",
    "NO_COLUNA_FATOR", "CLASSIFICACAO_COLUNA", "NU_COMBO", "NU_VARIACAO", "VL_PRECO_BASE", "FATOR_FAIXA",
    "FATOR_CADA_ADICIONAL", "QT_EXCESSO", "NO_PRODUTO", "TP_TARIFACAO_ERP", "IN_CORREDOR_FAIXA_CEP_SGPB",
    "IN_PRECIFICACAO_SGPB", "VL_TAXA_EXTRA",
}  # fmt: skip


def D(text: str) -> Decimal:
    """Read the operator's number text ("1.234,56", "0,0100") the way a client would."""
    assert isinstance(text, str)
    integer, _, fraction = text.partition(",")
    assert fraction, text
    return Decimal(f"{integer.replace('.', '')}.{fraction}")


def r2(amount: Decimal) -> Decimal:
    return cat.round2(amount)


def info(record: Mapping[str, Any]) -> dict[str, str]:
    return {item["tipo"]: item["valor"] for item in record["infoAdicional"]}


def check_formulas(record: Mapping[str, Any]) -> None:
    """Every formula of spec 2.3 on the emitted strings (exact, after the documented rounding)."""
    assert record["txErro"] is None
    extras = info(record)
    base = D(record["pcBase"])
    qt = int(record["qtAdicional"])
    assert D(extras["VL_PRECO_BASE"]) == base
    assert D(record["pcFaixa"]) == r2(D(extras["FATOR_FAIXA"]) * base)
    assert D(record["pcCadaAdicional"]) == r2(D(extras["FATOR_CADA_ADICIONAL"]) * base)
    assert D(record["pcTotalAdicional"]) == D(record["pcCadaAdicional"]) * qt
    assert D(record["pcBaseGeral"]) == D(record["pcFaixa"]) + D(record["pcTotalAdicional"])
    pe = D(record["peVariacao"])
    assert D(record["pcFaixaVariacao"]) == r2(D(record["pcFaixa"]) * (1 - pe))
    assert D(record["pcCadaAdicionalVariacao"]) == r2(D(record["pcCadaAdicional"]) * (1 - pe))
    assert D(record["pcTotalAdicionalVariacao"]) == D(record["pcCadaAdicionalVariacao"]) * qt
    assert D(record["vlTotalDescVariacao"]) == D(record["pcBaseGeral"]) - (
        D(record["pcFaixaVariacao"]) + D(record["pcTotalAdicionalVariacao"])
    )
    reference = D(record["pcReferencia"])
    assert reference == D(record["pcBaseGeral"]) - D(record["vlTotalDescVariacao"])
    unconditional = Decimal(0)
    for benefit in record["beneficios"]:
        assert benefit["tipoBeneficio"] in {"DP", "DF", "BP", "BF", "BC"}
        assert benefit["abrangencia"] in {"O", "N"}
        assert benefit["incondicional"] in {"S", "N"}
        assert D(benefit["valor"]) == r2(D(benefit["vlBaseCalculo"]) * D(benefit["percentual"]))
        if benefit["criterio"]:
            granted = sum((D(c["peConcedido"]) for c in benefit["criterio"]), Decimal(0))
            assert D(benefit["percentual"]) == granted
            for criterion in benefit["criterio"]:
                met = criterion["atendido"] == "S"
                assert D(criterion["peConcedido"]) == (D(criterion["peNegociado"]) if met else 0)
        if benefit["incondicional"] == "S":
            unconditional += D(benefit["valor"])
    total_benefits = sum((D(b["valor"]) for b in record["beneficios"]), Decimal(0))
    assert D(record["vlTotalBeneficios"]) == total_benefits
    assert D(record["pcProduto"]) == reference - total_benefits
    services = sum((D(s["pcServicoAdicional"]) for s in record["servicoAdicional"]), Decimal(0))
    assert D(record["pcTotalServicosAdicionais"]) == services
    assert D(record["pcFinal"]) == D(record["pcProduto"]) + services
    assert D(record["vlBaseCalculoImposto"]) == reference + services - unconditional
    assert {item["tipo"] for item in record["infoAdicional"]} <= INFO_TYPES
    fees = sum((D(fee["vlTaxa"]) for fee in record["taxaExtra"]), Decimal(0))
    if record["taxaExtra"]:
        assert D(extras["VL_TAXA_EXTRA"]) == fees


# -- REFERENCE's examples -------------------------------------------------------------


@pytest.mark.parametrize("context", [CONTEXT, NO_CONTRACT], ids=["demo-contract", "no-contract"])
def test_official_sedex_example(context: PricingContext) -> None:
    record = quote(SEDEX_EXAMPLE, context, NATIONAL)
    assert set(record) == PRICE_FIELDS
    assert record["coProduto"] == record["noProduto"] == "03220"
    assert record["pcBase"] == "10,68"
    assert record["pcFaixa"] == "11,13"
    assert record["pcProduto"] == "11,13"
    assert record["servicoAdicional"] == [
        {"coServAdicional": "019", "tpServAdicional": "V", "pcServicoAdicional": "1,79"},
        {"coServAdicional": "001", "tpServAdicional": "A", "pcServicoAdicional": "7,00"},
    ]
    assert record["pcTotalServicosAdicionais"] == "8,79"
    assert record["pcFinal"] == "19,92"
    assert record["peAdValorem"] == "0,0100"
    assert record["vlSeguroAutomatico"] == "21,00"
    assert record["inPesoCubico"] == "N"
    assert record["psCobrado"] == "300"
    assert record["txErro"] is None
    assert "nomeProduto" not in record
    check_formulas(record)


@pytest.mark.parametrize("context", [CONTEXT, NO_CONTRACT], ids=["demo-contract", "no-contract"])
def test_heavy_pac_example(context: PricingContext) -> None:
    record = quote(PAC_EXAMPLE, context, NATIONAL)
    expected = {
        "pcBase": "15,45",
        "pcFaixa": "47,45",
        "qtAdicional": "10",
        "pcCadaAdicional": "5,88",
        "pcTotalAdicional": "58,80",
        "pcBaseGeral": "106,25",
        "pcFinal": "106,25",
        "psCobrado": "19600",
        "inPesoCubico": "N",
    }
    assert {key: record[key] for key in expected} == expected
    assert info(record)["NO_COLUNA_FATOR"] == "REGIONAL CAPITAL"
    check_formulas(record)


def test_examples_hold_on_the_suspended_contract_too() -> None:
    record = quote({**PAC_EXAMPLE, "nuContrato": SMALL_BATCH_CONTRACT}, CONTEXT, NATIONAL)
    assert record["pcFinal"] == "106,25"
    assert record["beneficios"] == []


# -- contract terms -------------------------------------------------------------------


def test_functional_discount_follows_the_criteria_sent() -> None:
    record = quote({**PAC_EXAMPLE, "criterios": ["101", {"nuCriterio": "103"}]}, CONTEXT, NATIONAL)
    (benefit,) = record["beneficios"]
    assert benefit["tipoBeneficio"] == "DF"
    assert benefit["incondicional"] == "N"
    assert [c["atendido"] for c in benefit["criterio"]] == ["S", "N", "S"]
    assert benefit["percentual"] == "0,0800"
    assert benefit["vlBaseCalculo"] == "106,25"
    assert benefit["valor"] == "8,50"
    assert record["pcProduto"] == record["pcFinal"] == "97,75"
    assert record["vlBaseCalculoImposto"] == "106,25"  # a conditional benefit keeps the tax base
    check_formulas(record)


def test_mini_envios_offer_is_unconditional_and_has_a_combo_variation() -> None:
    raw = {"coProduto": "04227", "cepOrigem": SP_CAPITAL, "cepDestino": RJ_CAPITAL, "psObjeto": "250"}
    record = quote(raw, CONTEXT, NATIONAL)
    assert record["peVariacao"] == "0,0200"
    assert D(record["vlTotalDescVariacao"]) > 0
    (offer,) = record["beneficios"]
    assert (offer["tipoBeneficio"], offer["abrangencia"], offer["incondicional"]) == ("DP", "O", "S")
    assert offer["percentual"] == "0,1000"
    assert D(record["vlBaseCalculoImposto"]) == D(record["pcReferencia"]) - D(offer["valor"])
    assert info(record)["NU_VARIACAO"] == "3"
    check_formulas(record)
    plain = quote(raw, NO_CONTRACT, NATIONAL)
    assert plain["beneficios"] == []
    assert plain["peVariacao"] == "0,0000"
    assert D(plain["pcFinal"]) > D(record["pcFinal"])


def test_foreign_or_unknown_contract_is_refused() -> None:
    for number in ("9917777777", "123"):
        with pytest.raises(PriceError) as caught:
            quote({**PAC_EXAMPLE, "nuContrato": number}, CONTEXT, NATIONAL)
        assert caught.value.problems[0][0] == "PRC-050"


def test_dr_must_match_the_contract() -> None:
    assert quote({**PAC_EXAMPLE, "nuDR": 72}, CONTEXT, NATIONAL)["pcFinal"] == "106,25"
    with pytest.raises(PriceError, match="PRC-051"):
        quote({**PAC_EXAMPLE, "nuDR": "10"}, CONTEXT, NATIONAL)


def test_batch_limit_is_the_strictest_contract_named() -> None:
    assert batch_limit([{}] * 6, CONTEXT) == 5
    assert batch_limit([{}, {"nuContrato": SMALL_BATCH_CONTRACT}], CONTEXT) == 3
    assert batch_limit([{"nuContrato": "74599"}], CONTEXT) == 5  # not the company's: token's terms
    assert batch_limit([], NO_CONTRACT) == 5


# -- dates and tables -----------------------------------------------------------------


def test_dt_evento_selects_the_tariff_table() -> None:
    current = quote({**SEDEX_EXAMPLE, "dtEvento": "15-03-2026"}, CONTEXT, NATIONAL)
    older = quote({**SEDEX_EXAMPLE, "dtEvento": "15-03-2025"}, CONTEXT, NATIONAL)
    assert current["pcBase"] == "10,68"
    assert older["pcBase"] == money(r2(Decimal("10.68") * Decimal("0.955")))
    assert info(older)["NU_TABELA_FATOR"] == "202501"
    check_formulas(older)
    with pytest.raises(PriceError, match="PRC-003"):
        quote({**SEDEX_EXAMPLE, "dtEvento": "31-12-2024"}, CONTEXT, NATIONAL)


@pytest.mark.parametrize(("field", "value"), [("dtEvento", "2026-01-15"), ("dtArmazenagem", "31-02-2026")])
def test_bad_dates_name_the_field(field: str, value: str) -> None:
    with pytest.raises(PriceError) as caught:
        quote({**SEDEX_EXAMPLE, field: value}, CONTEXT, NATIONAL)
    code, text = caught.value.problems[0]
    assert code == "PRC-005"
    assert f"'{field}'" in text
    assert "DD-MM-AAAA" in text


def test_storage_exemption() -> None:
    fresh = quote(
        {**SEDEX_EXAMPLE, "dtEvento": "10-06-2026", "dtArmazenagem": "05-06-2026"}, CONTEXT, NATIONAL
    )
    assert fresh["peIsencaoArmazenagem"] == "1,00"
    old = quote({**SEDEX_EXAMPLE, "dtEvento": "30-06-2026", "dtArmazenagem": "05-06-2026"}, CONTEXT, NATIONAL)
    assert old["peIsencaoArmazenagem"] == "0,00"
    assert fresh["pcFinal"] == old["pcFinal"]


# -- weights, formats, corridors --------------------------------------------------------


def test_cubic_weight_is_charged_above_ten_kilos() -> None:
    raw = {**PAC_EXAMPLE, "psObjeto": "2000", "comprimento": "50", "largura": "40", "altura": "40"}
    record = quote(raw, CONTEXT, NATIONAL)
    assert record["inPesoCubico"] == "S"
    assert record["psCobrado"] == str(math.ceil(50 * 40 * 40 / 6))
    assert record["qtAdicional"] == "4"
    below = quote({**raw, "altura": "29"}, CONTEXT, NATIONAL)  # 9.67 kg cubic
    assert (below["inPesoCubico"], below["psCobrado"]) == ("N", "2000")
    given = quote({**PAC_EXAMPLE, "psObjeto": "3000", "psCubico": "12500"}, CONTEXT, NATIONAL)
    assert (given["inPesoCubico"], given["psCobrado"]) == ("S", "12500")


def test_remote_destination_carries_an_informational_fee() -> None:
    raw = {"coProduto": "03220", "cepOrigem": SP_CAPITAL, "cepDestino": "69460000", "psObjeto": "300"}
    record = quote(raw, CONTEXT, NATIONAL)
    assert record["taxaExtra"] == [
        {"codigo": "TAD", "tipo": "Taxa de área de difícil acesso", "vlTaxa": "4,50"}
    ]
    assert info(record)["VL_TAXA_EXTRA"] == "4,50"
    assert info(record)["NO_COLUNA_FATOR"] == "NACIONAL 2 INTERIOR"
    check_formulas(record)


def test_sedex_hoje_is_local_only() -> None:
    local = {"coProduto": "03204", "cepOrigem": SP_CAPITAL, "cepDestino": SP_CAPITAL_2, "psObjeto": "1000"}
    check_formulas(quote(local, CONTEXT, NATIONAL))
    with pytest.raises(PriceError, match="PRC-013"):
        quote({**local, "cepDestino": RJ_CAPITAL}, CONTEXT, NATIONAL)


def test_prices_look_like_real_ones() -> None:
    def final(code: str, destination: str, grams: str) -> Decimal:
        raw = {"coProduto": code, "cepOrigem": SP_CAPITAL, "cepDestino": destination, "psObjeto": grams}
        return D(quote(raw, NO_CONTRACT, NATIONAL)["pcFinal"])

    assert Decimal(10) <= final("03220", "13010000", "300") <= Decimal(15)  # SP interior
    assert Decimal(20) <= final("03220", "40010000", "300") <= Decimal(40)  # Salvador
    assert final("03298", "40010000", "300") < final("03220", "40010000", "300")
    assert final("03220", "40010000", "5000") > final("03220", "40010000", "300")
    assert (
        final("03158", "40010000", "300")
        > final("03140", "40010000", "300")
        > final("03220", "40010000", "300")
    )
    for country in ("AR", "US", "PT", "JP"):
        price = D(
            quote(
                {"coProduto": "45110", "sgPaisDestino": country, "psObjeto": "500"}, CONTEXT, INTERNATIONAL
            )["pcFinal"]
        )
        assert Decimal(50) <= price <= Decimal(300)


# -- errors -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "code", "shape"),
    [
        ({"coProduto": "99999"}, "PRC-001", str),
        ({"coProduto": "45110"}, "PRC-001", str),
        ({"coProduto": None}, "PRC-004", str),
        ({"cepOrigem": None}, "PRC-004", str),
        ({"psObjeto": None}, "PRC-004", str),
        ({"cepOrigem": "0131010"}, "PRC-010", str),
        ({"cepDestino": "05311-900"}, "PRC-011", str),
        ({"cepDestino": "00500000"}, "PRC-012", str),
        ({"cepDestino": "78950000"}, "PRC-012", str),
        ({"psObjeto": "0"}, "PRC-022", str),
        ({"psObjeto": "1,5"}, "PRC-020", str),
        ({"psObjeto": "30001"}, "PRC-021", str),
        ({"psObjeto": ["300"]}, "PRC-009", str),
        ({"tpObjeto": "4"}, "PRC-030", dict),
        ({"comprimento": "14"}, "PRC-031", dict),
        ({"largura": "101"}, "PRC-032", dict),
        ({"altura": "0,5"}, "PRC-033", dict),
        ({"comprimento": "100", "largura": "60", "altura": "41"}, "PRC-034", dict),
        ({"altura": "vinte"}, "PRC-037", dict),
        ({"tpObjeto": "3", "diametro": "4"}, "PRC-035", dict),
        ({"tpObjeto": "3", "comprimento": "100", "diametro": "51"}, "PRC-036", dict),
        ({"tpObjeto": "1", "psObjeto": "600", "altura": "1"}, "PRC-039", dict),
        ({"servicosAdicionais": ["999"]}, "PRC-040", list),
        ({"servicosAdicionais": ["064"]}, "PRC-041", list),
        ({"servicosAdicionais": ["019"], "vlDeclarado": None}, "PRC-042", list),
        ({"vlDeclarado": "10000,01"}, "PRC-043", list),
        ({"vlDeclarado": "25,49"}, "PRC-043", list),
        ({"servicosAdicionais": ["001", "021"]}, "PRC-044", list),
        ({"servicosAdicionais": ["002"]}, "PRC-045", list),
        ({"vlDeclarado": "duzentos"}, "PRC-046", str),
        ({"dtEvento": "01-06-2025", "servicosAdicionais": ["021"]}, "PRC-047", list),
        ({"dtArmazenagem": "01-01-2027", "dtEvento": "01-06-2026"}, "PRC-006", str),
        ({"nuContrato": "9917777777"}, "PRC-050", str),
    ],
)
def test_item_errors(changes: dict[str, Any], code: str, shape: type) -> None:
    raw = {
        key: value
        for key, value in {**SEDEX_EXAMPLE, "nuRequisicao": "R-1", **changes}.items()
        if value is not None
    }
    with pytest.raises(PriceError) as caught:
        quote(raw, CONTEXT, NATIONAL)
    assert caught.value.problems[0][0] == code
    item = quote_item(raw, CONTEXT, NATIONAL)
    assert set(item) == {"coProduto", "nuRequisicao", "txErro"}
    assert item["nuRequisicao"] == "R-1"
    assert isinstance(item["txErro"], shape)
    if shape is str:
        assert item["txErro"].startswith(f"{code}: ")
    elif shape is dict:
        assert item["txErro"]["cdErro"] == code
        assert item["txErro"]["dsErro"]
    else:
        assert item["txErro"][0].startswith(f"{code}: ")


def test_dimension_messages_name_the_rule() -> None:
    item = quote_item({**SEDEX_EXAMPLE, "comprimento": "120"}, CONTEXT, NATIONAL)
    assert item["txErro"] == {"cdErro": "PRC-031", "dsErro": "Comprimento deve estar entre 15 e 100 cm"}


def test_all_service_problems_are_listed() -> None:
    item = quote_item({**SEDEX_EXAMPLE, "servicosAdicionais": ["064", "999", "002"]}, CONTEXT, NATIONAL)
    assert [text[:7] for text in item["txErro"]] == ["PRC-041", "PRC-040", "PRC-045"]


def test_service_lists_accept_strings_objects_and_commas() -> None:
    prices = {
        quote({**SEDEX_EXAMPLE, "servicosAdicionais": shape}, CONTEXT, NATIONAL)["pcFinal"]
        for shape in (
            ["019", "001"],
            [{"coServAdicional": "019"}, {"coServAdicional": "001"}],
            ["19", 1],
            "019,001",
        )
    }
    assert prices == {"19,92"}


# -- international ------------------------------------------------------------------------


def test_international_price() -> None:
    raw = {"coProduto": "45128", "sgPaisDestino": "jp", "psObjeto": "3400", "nuRequisicao": "X"}
    record = quote(raw, CONTEXT, INTERNATIONAL)
    assert set(record) == PRICE_FIELDS | {"nomeProduto"}
    assert record["nomeProduto"] == "EXPORTA FÁCIL PREMIUM"
    assert record["qtAdicional"] == "2"
    assert info(record)["NO_COLUNA_FATOR"] == "ASIA AFRICA OCEANIA"
    check_formulas(record)


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"sgPaisDestino": None}, "PRC-004"),
        ({"sgPaisDestino": "ZZ"}, "PRC-060"),
        ({"sgPaisDestino": "VE"}, "PRC-060"),
        ({"sgPaisDestino": "USA"}, "PRC-061"),
        ({"coProduto": "03220"}, "PRC-001"),
        ({"psObjeto": "20001"}, "PRC-021"),
        ({"servicosAdicionais": ["019"]}, "PRC-041"),
    ],
)
def test_international_errors(changes: dict[str, Any], code: str) -> None:
    raw = {"coProduto": "45110", "sgPaisDestino": "US", "psObjeto": "500", **changes}
    with pytest.raises(PriceError) as caught:
        quote({k: v for k, v in raw.items() if v is not None}, CONTEXT, INTERNATIONAL)
    assert caught.value.problems[0][0] == code


# -- additional services (2.5) ----------------------------------------------------------------


def test_additional_services_of_sedex() -> None:
    records = additional_services("03220", today=TODAY, vl_declarado="200")
    by_code = {record["codigo"]: record for record in records}
    assert list(by_code) == ["001", "002", "019", "021", "025"]
    declared = by_code["019"]
    assert declared["tipo"] == "V"
    assert declared["preco"] == pytest.approx(1.79)
    assert (declared["vlMinDeclarado"], declared["vlMaxDeclarado"]) == (25.5, 10000.0)
    assert [e["coExcludente"] for e in declared["excludentes"]] == ["064", "065"]
    assert by_code["001"]["preco"] == 7.0
    assert by_code["002"]["requeridos"][0] == {
        "coRequerido": "001",
        "coSubstituto": "021",
        "dtIniVigencia": "2020-01-01T00:00:00",
        "dtFimVigencia": "2099-12-31T23:59:59",
    }
    assert all(record["sgPais"] == "BR" for record in records)
    assert all(record["dtIniVigenciaTarifa"] == "2026-01-01T00:00:00" for record in records)


def test_additional_services_by_date() -> None:
    older = additional_services("03298", today=TODAY, dt_evento="2025-06-01")
    assert [r["codigo"] for r in older] == ["001", "002", "025", "064"]  # 021 starts 2025-07-01
    assert older[0]["preco"] == float(r2(Decimal("7.00") * Decimal("0.955")))
    assert additional_services("03298", today=TODAY)[-1]["preco"] == 0.0  # no vlDeclarado


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        ({"co_produto": "99999"}, "PRC-001"),
        ({"dt_evento": "01-06-2026"}, "PRC-005"),
        ({"dt_evento": "2024-12-31"}, "PRC-003"),
        ({"vl_declarado": "3000,01"}, "PRC-043"),
        ({"vl_declarado": "abc"}, "PRC-046"),
        ({"sg_pais": "US"}, "PRC-060"),
    ],
)
def test_additional_services_errors(arguments: dict[str, str], code: str) -> None:
    arguments = {"co_produto": "03298", **arguments}
    with pytest.raises(PriceError) as caught:
        additional_services(arguments.pop("co_produto"), today=TODAY, **arguments)
    assert caught.value.problems[0][0] == code


def test_international_services_take_a_country() -> None:
    assert [r["sgPais"] for r in additional_services("45110", today=TODAY, sg_pais="pt")] == ["PT"]
    with pytest.raises(PriceError, match="PRC-060"):
        additional_services("45110", today=TODAY, sg_pais="VE")


def test_money_uses_a_thousands_dot() -> None:
    assert money(Decimal("1234.565")) == "1.234,57"
    assert money(Decimal("19.9")) == "19,90"
    assert money(Decimal("1000000")) == "1.000.000,00"
    assert money(Decimal("0")) == "0,00"


def test_money_remembered_keeps_each_amounts_own_text() -> None:
    """Amounts are remembered by value, yet ``-0`` (equal to ``0``) keeps its sign and one
    value at another scale rounds to the same text."""
    assert [money(Decimal("0.00")), money(Decimal("-0")), money(Decimal("0"))] == ["0,00", "-0,00", "0,00"]
    assert [money(Decimal("-0.000")), money(Decimal("0.0"))] == ["-0,00", "0,00"]
    assert money(Decimal("19.90")) == money(Decimal("19.9000")) == "19,90"


# -- properties ----------------------------------------------------------------------------------


def _cep(draw: st.DrawFn) -> str:
    ranges = cat.UF_RANGES
    chosen = draw(st.sampled_from(ranges))
    prefix = draw(st.integers(chosen.first, chosen.last))
    return f"{prefix:05d}{draw(st.integers(0, 999)):03d}"


@st.composite
def national_items(draw: st.DrawFn) -> dict[str, Any]:
    """Valid national items: dimensions inside the format's limits, compatible services."""
    product = draw(st.sampled_from(cat.NATIONAL_PRODUCTS))
    origin = _cep(draw)
    destination = origin[:5] + f"{draw(st.integers(0, 999)):03d}" if product.local_only else _cep(draw)
    fmt = draw(st.sampled_from(sorted(product.formats, key=lambda f: f.value)))
    limits = product.formats[fmt]
    max_g = min(product.max_weight_g, limits.max_weight_g or product.max_weight_g)
    raw: dict[str, Any] = {
        "coProduto": product.code,
        "cepOrigem": origin,
        "cepDestino": destination,
        "psObjeto": str(draw(st.integers(1, max_g))),
        "tpObjeto": fmt.value,
        "nuRequisicao": draw(st.text("0123456789ABC", min_size=1, max_size=13)),
    }
    raw |= _dimensions(draw, limits)
    if draw(st.booleans()):
        raw["psCubico"] = str(draw(st.integers(1, 60_000)))
    day = draw(st.dates(date(2025, 1, 1), date(2027, 12, 31)))
    raw["dtEvento"] = day.strftime("%d-%m-%Y")
    services = draw(st.lists(st.sampled_from(product.services), unique=True, max_size=4))
    services = [code for code in services if cat.SERVICES[code].covers(day)]
    if "001" in services and "021" in services:
        services.remove("021")
    if "002" in services and not {"001", "021"} & set(services):
        services.append("001")
    raw["servicosAdicionais"] = (
        [{"coServAdicional": code} for code in services] if draw(st.booleans()) else services
    )
    rule = product.declared
    if rule is not None and (rule.service in services or draw(st.booleans())):
        cents = draw(st.integers(int(rule.minimum * 100), int(rule.maximum * 100)))
        raw["vlDeclarado"] = money(Decimal(cents) / 100)
    raw["criterios"] = draw(st.lists(st.sampled_from(["101", "102", "103", "999"]), unique=True))
    contract = draw(st.sampled_from([None, DEMO_CONTRACT, SMALL_BATCH_CONTRACT]))
    if contract is not None:
        raw["nuContrato"] = contract
    return raw


def _dimensions(draw: st.DrawFn, limits: cat.FormatLimits) -> dict[str, str]:
    dims: dict[str, Decimal] = {}
    for name, rule in limits.fields.items():
        if draw(st.integers(0, 4)) == 0:
            continue  # sometimes a measure is not sent
        dims[name] = Decimal(draw(st.integers(int(rule.low * 10), int(rule.high * 10)))) / 10
    if limits.total is not None and all(name in dims for name, _ in limits.total_fields):
        total = sum((dims[name] * weight for name, weight in limits.total_fields), Decimal(0))
        if total not in limits.total:
            first = limits.total_fields[0][0]
            dims.pop(first)
    return {name: format(value, "f").replace(".", ",") for name, value in dims.items()}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(national_items())
def test_formulas_hold_on_every_national_price(raw: dict[str, Any]) -> None:
    record = quote(raw, CONTEXT, NATIONAL)
    assert set(record) == PRICE_FIELDS
    assert record["nuRequisicao"] == raw["nuRequisicao"]
    check_formulas(record)
    product = cat.PRODUCTS[raw["coProduto"]]
    real = int(raw["psObjeto"])
    charged = int(record["psCobrado"])
    cubic = int(raw["psCubico"]) if "psCubico" in raw else None
    if cubic is None and raw["tpObjeto"] == "2" and {"comprimento", "largura", "altura"} <= raw.keys():
        volume = math.prod(
            D(raw[n] if "," in raw[n] else raw[n] + ",0") for n in ("comprimento", "largura", "altura")
        )
        cubic = math.ceil(volume / 6)
    by_cubic = cubic is not None and cubic > 10_000 and cubic > real
    assert record["inPesoCubico"] == ("S" if by_cubic else "N")
    assert charged == (cubic if by_cubic else real)
    assert int(record["qtAdicional"]) == math.ceil(max(charged - product.bands.top_g, 0) / 1000)
    assert [s["coServAdicional"] for s in record["servicoAdicional"]] == [
        s if isinstance(s, str) else s["coServAdicional"] for s in raw["servicosAdicionais"]
    ]
    for service in record["servicoAdicional"]:
        if service["tpServAdicional"] == "V":
            expected = r2(
                (D(raw["vlDeclarado"]) - D(record["vlSeguroAutomatico"])) * D(record["peAdValorem"])
            )
            assert D(service["pcServicoAdicional"]) == expected
    if raw.get("nuContrato") != SMALL_BATCH_CONTRACT and product.code in {"03220", "03298", "04227"}:
        assert record["beneficios"]


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(cat.INTERNATIONAL_PRODUCTS),
    st.sampled_from(sorted(cat.COUNTRIES)),
    st.integers(1, 30_000),
    st.booleans(),
)
def test_international_prices_or_refusals(product: cat.Product, country: str, grams: int, ar: bool) -> None:
    raw = {"coProduto": product.code, "sgPaisDestino": country, "psObjeto": str(grams)}
    if ar:
        raw["servicosAdicionais"] = ["001"]
    if country not in product.countries:
        with pytest.raises(PriceError, match="PRC-060"):
            quote(raw, CONTEXT, INTERNATIONAL)
    elif grams > product.max_weight_g:
        with pytest.raises(PriceError, match="PRC-021"):
            quote(raw, CONTEXT, INTERNATIONAL)
    else:
        record = quote(raw, CONTEXT, INTERNATIONAL)
        check_formulas(record)
        assert record["nomeProduto"] == product.name


_ANY_TEXT = st.one_of(st.none(), st.text(max_size=10), st.integers(-5, 100_000).map(str))


@settings(max_examples=200, deadline=None)
@given(
    st.fixed_dictionaries(
        {
            "coProduto": st.one_of(st.sampled_from(sorted(cat.PRODUCTS)), _ANY_TEXT),
            "cepOrigem": st.one_of(st.builds(lambda: SP_CAPITAL), _ANY_TEXT),
            "cepDestino": st.one_of(st.builds(lambda: RJ_CAPITAL), _ANY_TEXT),
            "psObjeto": _ANY_TEXT,
            "tpObjeto": st.one_of(st.sampled_from(["1", "2", "3"]), _ANY_TEXT),
            "comprimento": _ANY_TEXT,
            "largura": _ANY_TEXT,
            "altura": _ANY_TEXT,
            "diametro": _ANY_TEXT,
            "vlDeclarado": _ANY_TEXT,
            "dtEvento": _ANY_TEXT,
            "servicosAdicionais": st.one_of(st.none(), st.lists(_ANY_TEXT, max_size=3)),
        }
    )
)
def test_any_item_is_priced_or_refused_with_an_operator_message(raw: dict[str, Any]) -> None:
    raw = {key: value for key, value in raw.items() if value is not None}
    item = quote_item(raw, CONTEXT, NATIONAL)
    if item.get("txErro") is None:
        check_formulas(item)
        weight = int(raw["psObjeto"])
        assert 0 < weight <= cat.PRODUCTS[item["coProduto"]].max_weight_g
    else:
        assert set(item) == {"coProduto", "nuRequisicao", "txErro"}
        error = item["txErro"]
        texts = (
            error if isinstance(error, list) else [error["cdErro"]] if isinstance(error, dict) else [error]
        )
        assert all(text.startswith("PRC-") for text in texts)
