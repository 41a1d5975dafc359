"""Price records: the REFERENCE examples field by field, txErro shapes, queries, JSON output."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from pydantic import ValidationError

from postalgui.api.models.price import (
    AdditionalService,
    ItemError,
    ObjectFormat,
    PriceQuery,
    PriceResponse,
    additional_services_params,
    parse_item_error,
    wire_json,
)
from postalgui.api.models.validation import field_problems
from tests.price_samples import HEAVY_PAC, OFFICIAL

D = Decimal


def test_official_example_field_by_field() -> None:
    price = PriceResponse.model_validate(OFFICIAL)
    assert price.coProduto == "03220"
    assert price.noProduto == "03220"
    assert price.nuRequisicao == "1"
    assert price.pcBase == D("10.68")
    assert price.pcFaixa == D("11.13")
    assert price.pcCadaAdicional == D("0.00")
    assert price.qtAdicional == D("0")
    assert price.pcTotalAdicional == D("0.00")
    assert price.pcBaseGeral == D("11.13")
    assert price.peVariacao == D("0.0000")
    assert price.pcFaixaVariacao == D("11.13")
    assert price.pcCadaAdicionalVariacao == D("0.00")
    assert price.pcTotalAdicionalVariacao == D("0.00")
    assert price.vlTotalDescVariacao == D("0.00")
    assert price.pcReferencia == D("11.13")
    assert price.beneficios == []
    assert price.vlTotalBeneficios == D("0.00")
    assert price.pcProduto == D("11.13")
    first, second = price.servicoAdicional
    assert (first.coServAdicional, first.tpServAdicional, first.pcServicoAdicional) == ("019", "V", D("1.79"))
    assert (second.coServAdicional, second.tpServAdicional, second.pcServicoAdicional) == (
        "001",
        "A",
        D("7.00"),
    )
    assert price.pcTotalServicosAdicionais == D("8.79")
    assert price.pcFinal == D("19.92")
    assert price.pcFinal == price.pcProduto + price.pcTotalServicosAdicionais
    assert price.vlBaseCalculoImposto == D("19.92")
    assert price.inPesoCubico == "N"
    assert not price.cubic_weight_charged
    assert price.psCobrado == 300
    assert price.peAdValorem == D("0.0100")
    assert str(price.peAdValorem) == "0.0100"  # scale kept
    assert price.vlSeguroAutomatico == D("21.00")
    assert price.peIsencaoArmazenagem == D("0.00")
    assert price.taxaExtra == []
    assert price.product_name == "SEDEX CONTRATO AG"
    assert price.txErro is None
    assert price.error is None
    assert price.ok


def test_heavy_pac_example() -> None:
    price = PriceResponse.model_validate(HEAVY_PAC)
    assert price.pcBase == D("15.45")
    assert price.pcFaixa == D("47.45")
    assert price.qtAdicional == D("10")
    assert price.pcCadaAdicional == D("5.88")
    assert price.pcTotalAdicional == D("58.80")
    assert price.pcTotalAdicional == price.pcCadaAdicional * price.qtAdicional
    assert price.pcBaseGeral == D("106.25")
    assert price.pcBaseGeral == price.pcFaixa + price.pcTotalAdicional
    assert price.pcFinal == D("106.25")
    assert price.psCobrado == 19600
    assert price.ok


def test_thousands_dot_and_blank_amounts() -> None:
    price = PriceResponse.model_validate({"pcFinal": "1.234,56", "pcBase": "", "psCobrado": ""})
    assert price.pcFinal == D("1234.56")
    assert price.pcBase is None
    assert price.psCobrado is None


def test_unknown_fields_are_kept() -> None:
    price = PriceResponse.model_validate({**OFFICIAL, "prazoEntrega": "1", "novoCampo": {"a": 1}})
    assert price.model_extra == {"prazoEntrega": "1", "novoCampo": {"a": 1}}


def test_bad_money_is_a_validation_error() -> None:
    with pytest.raises(ValidationError):
        PriceResponse.model_validate({"pcFinal": "19,92 reais"})


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("PRC-101: CEP de destino inválido", ItemError(code="PRC-101", text="CEP de destino inválido")),
        ("Produto não encontrado", ItemError(text="Produto não encontrado")),
        (
            {"cdErro": "PRC-102", "dsErro": "Peso excede o limite"},
            ItemError(code="PRC-102", text="Peso excede o limite"),
        ),
        (
            [{"cdErro": "PRC-101", "dsErro": "CEP inválido"}, "PRC-103: Dimensões inválidas"],
            ItemError(code="PRC-101", text="CEP inválido; PRC-103: Dimensões inválidas"),
        ),
    ],
)
def test_tx_erro_in_every_shape(raw: object, expected: ItemError) -> None:
    price = PriceResponse.model_validate({"coProduto": "03220", "txErro": raw})
    assert price.error == expected
    assert not price.ok
    assert price.txErro == raw  # kept as sent


@pytest.mark.parametrize("raw", [None, "", [], {}])
def test_empty_tx_erro_is_no_error(raw: object) -> None:
    assert parse_item_error(raw) is None


def test_item_error_text() -> None:
    assert str(ItemError(code="PRC-101", text="CEP inválido")) == "PRC-101: CEP inválido"
    assert str(ItemError(text="falhou")) == "falhou"


# --------------------------------------------------------------------------- queries


def query(**fields: Any) -> PriceQuery:
    base: dict[str, Any] = {
        "coProduto": "03220",
        "cepOrigem": "70002-900",
        "cepDestino": "01310-100",
        "psObjeto": "300",
    }
    return PriceQuery.model_validate({**base, **fields})


def test_query_values_are_typed() -> None:
    q = query(
        tpObjeto="pacote",
        comprimento="20",
        largura="20,5",
        altura=20,
        servicosAdicionais="19, 001,019",
        vlDeclarado="200",
        dtEvento="22-11-2026",
        nuContrato="9912345678",
        nuDR=72,
    )
    assert q.cepOrigem == "70002900"
    assert q.psObjeto == 300
    assert q.tpObjeto is ObjectFormat.PACKAGE
    assert q.largura == D("20.5")
    assert q.servicosAdicionais == ("019", "001")
    assert q.vlDeclarado == D("200")
    assert q.dtEvento == date(2026, 11, 22)
    assert not q.international


def test_get_params() -> None:
    q = query(
        tpObjeto="2",
        comprimento="20",
        largura="20,5",
        altura="20",
        servicosAdicionais=["019", "001"],
        vlDeclarado="200",
        dtEvento="22-11-2026",
        nuDR=72,
    )
    assert q.to_params() == {
        "cepOrigem": "70002900",
        "cepDestino": "01310100",
        "psObjeto": "300",
        "tpObjeto": "2",
        "comprimento": "20",
        "largura": "20,5",
        "altura": "20",
        "vlDeclarado": "200,00",
        "dtEvento": "22-11-2026",
        "nuDR": 72,
        "servicosAdicionais": ["019", "001"],
    }


def test_batch_params_write_services_as_objects() -> None:
    q = query(nuRequisicao="A1", servicosAdicionais="019,001")
    assert q.to_params(for_batch=True) == {
        "coProduto": "03220",
        "nuRequisicao": "A1",
        "cepOrigem": "70002900",
        "cepDestino": "01310100",
        "psObjeto": "300",
        "servicosAdicionais": [{"coServAdicional": "019"}, {"coServAdicional": "001"}],
    }


def test_criteria_have_no_format_of_their_own() -> None:
    """Spec 2.2 gives ``criterios`` (functional-discount criteria) no format: they are not
    additional-service codes, so they go as written (not padded, not refused)."""
    q = query(criterios="DESC-A1, 7 7")
    assert q.criterios == ("DESC-A1", "7")
    assert q.to_params()["criterios"] == ["DESC-A1", "7"]
    assert query(criterios=["101", "AB"]).to_params(for_batch=True)["criterios"] == ["101", "AB"]


def test_international_params_leave_out_the_cep_destination() -> None:
    q = query(sgPaisDestino="us")
    assert q.international
    params = q.to_params()
    assert params["sgPaisDestino"] == "US"
    assert "cepDestino" not in params


@pytest.mark.parametrize(
    ("fields", "field", "rule"),
    [
        ({"coProduto": "32A0"}, "coProduto", "price.product"),
        ({"cepOrigem": "7000-290"}, "cepOrigem", "cep.length"),
        ({"cepDestino": "0131O100"}, "cepDestino", "cep.digits"),
        ({"psObjeto": "0,3"}, "psObjeto", "weight.format"),
        ({"tpObjeto": "caixote"}, "tpObjeto", "price.format"),
        ({"comprimento": "20cm"}, "comprimento", "price.size_format"),
        ({"servicosAdicionais": "19,AR"}, "servicosAdicionais", "price.service_code"),
        ({"vlDeclarado": "R$ 200"}, "vlDeclarado", "money.format"),
        ({"dtEvento": "2026-11-22"}, "dtEvento", "date.format"),
        ({"dtEvento": "31-02-2026"}, "dtEvento", "date.invalid"),
        ({"sgPaisDestino": "USA"}, "sgPaisDestino", "price.country"),
    ],
)
def test_query_problems_name_field_and_rule(fields: dict[str, Any], field: str, rule: str) -> None:
    with pytest.raises(ValidationError) as info:
        query(**fields)
    problems = field_problems(info.value)
    assert [(p.field, p.rule) for p in problems] == [(field, rule)]
    assert problems[0].message


def test_zero_weight_is_refused_by_the_record_rule() -> None:
    with pytest.raises(ValidationError) as info:
        query(psObjeto="0")
    (problem,) = field_problems(info.value)
    assert problem.rule == "price.positive"
    assert problem.error is not None
    assert problem.error.params["field"] == "psObjeto"


def test_unknown_query_field_is_refused() -> None:
    with pytest.raises(ValidationError) as info:
        query(pesoObjeto="300")
    assert field_problems(info.value)[0].field == "pesoObjeto"


def test_additional_services_params_use_iso_dates() -> None:
    assert additional_services_params(vl_declarado=D("200"), dt_evento=date(2026, 11, 22), sg_pais="us") == {
        "vlDeclarado": "200,00",
        "dtEvento": "2026-11-22",
        "sgPais": "US",
    }


# --------------------------------------------------------------------------- JSON output


def test_wire_json_of_the_official_example() -> None:
    out = wire_json(PriceResponse.model_validate({**OFFICIAL, "extraCampo": "x"}))
    assert out["pcFinal"] == "19.92"
    assert out["pcBase"] == "10.68"
    assert out["pcTotalServicosAdicionais"] == "8.79"
    assert out["peAdValorem"] == "0.0100"
    assert out["peVariacao"] == "0.0000"
    assert out["qtAdicional"] == "0"
    assert out["psCobrado"] == "300"
    assert out["inPesoCubico"] == "N"
    assert out["servicoAdicional"] == [
        {"coServAdicional": "019", "tpServAdicional": "V", "pcServicoAdicional": "1.79"},
        {"coServAdicional": "001", "tpServAdicional": "A", "pcServicoAdicional": "7.00"},
    ]
    assert out["beneficios"] == []  # sent, so kept
    assert out["infoAdicional"] == [{"tipo": "NO_PRODUTO", "valor": "SEDEX CONTRATO AG"}]
    assert out["extraCampo"] == "x"
    assert "txErro" not in out
    assert "nomeProduto" not in out
    json.dumps(out)  # plain JSON types only


def test_wire_json_omits_absent_lists_and_keeps_tx_erro_as_sent() -> None:
    tx = {"cdErro": "PRC-101", "dsErro": "CEP inválido"}
    out = wire_json(PriceResponse.model_validate({"coProduto": "03220", "nuRequisicao": "7", "txErro": tx}))
    assert out == {"coProduto": "03220", "nuRequisicao": "7", "txErro": tx}


def test_wire_json_of_benefits_and_thousands() -> None:
    price = PriceResponse.model_validate(
        {
            "pcFinal": "1.234,5",
            "beneficios": [
                {
                    "codigo": "1",
                    "percentual": "10,00",
                    "valor": "12,34",
                    "criterio": [{"nuCriterio": "3", "peConcedido": "5,5000"}],
                }
            ],
        }
    )
    out = wire_json(price)
    assert out["pcFinal"] == "1234.50"
    benefit = out["beneficios"][0]
    assert benefit["percentual"] == "10.00"
    assert benefit["valor"] == "12.34"
    assert benefit["criterio"] == [{"nuCriterio": "3", "peConcedido": "5.5000"}]


def test_wire_json_of_an_additional_service() -> None:
    service = AdditionalService.model_validate(
        {
            "codigo": "019",
            "nome": "Valor Declarado",
            "sigla": "VD",
            "preco": 1.79,
            "vlMinDeclarado": 25.5,
            "vlMaxDeclarado": "10.000,00",
            "dtIniVigencia": "2026-01-01T00:00:00",
            "requeridos": None,
        }
    )
    out = wire_json(service)
    assert out["preco"] == "1.79"
    assert out["vlMinDeclarado"] == "25.50"
    assert out["vlMaxDeclarado"] == "10000.00"
    assert out["dtIniVigencia"] == "2026-01-01T00:00:00"
    assert out["requeridos"] == []
    assert "excludentes" not in out
    assert service.takes_declared_value
