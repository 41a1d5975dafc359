"""The branch-search service held to the operator's documents, both ways.

Source: ``branches-unit-answer`` is the manual's homologation example as REFERENCE.md
"Branch search" quotes it (``id`` "00024419", ``status`` "2", ``tipo`` "A", ``tipoUnidade``
{"09", "AGENCIA CORREIO", "AC -TCO"}, ``numero`` "SN", coordinates as strings, ``fuso``
"UTC-03:00", ``horarios`` with only ``funcionamento``, ``iniExpediente``, ``fimExpediente``,
``limitePostagemSemana``, ``dhAlteracao`` with two decimals), completed with the other
fields of spec 001 §2.3 "Unit" and its page envelope (``itens``, ``links``, ``page``) with
their types; the values REFERENCE does not quote are ours.
"""

from __future__ import annotations

from datetime import datetime

import pytest
import responses

from postalgui.api.branches import BranchClient, UnitQuery
from postalgui.api.client import OperatorClient
from postalgui.api.models.branches import UnitStatusCode
from postalgui.api.tokens import Scope, TokenScope
from postalgui.sandbox import DEMO
from tests.contract.conftest import Wire, serve
from tests.contract.shapes import assert_same_shape, load, raw

CONTRACT = TokenScope(Scope.CONTRACT, contract=DEMO.contract, dr=DEMO.dr)
UNIT_OPTIONAL = {
    # Spec 001 §2.3: "present for some units", "complemento (optional)", horarios "each optional".
    "emails",
    "telefones",
    "complemento",
    "funcionamento",
    "iniExpediente",
    "fimExpediente",
    "limitePostagemSemana",
}
UNIT_EXTRA = {
    # Spec 001 §2.3 `horarios`: the manual's unit shows four of these ten.
    "iniAlmoco",
    "fimAlmoco",
    "iniSabado",
    "fimSabado",
    "iniDomingo",
    "fimDomingo",
}


def test_the_manuals_unit_is_read_as_the_branch_a_user_sees(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    serve(mocked, "GET", "/agencia/v1/unidades", raw("branches-unit-answer"))
    query = UnitQuery(
        statuses=("2", "5"), type_codes=("09",), municipio="São Paulo", bairro="CENTRO", uf="SP"
    )

    page = BranchClient(operator).units(query, page=0, size=50)

    [unit] = page.itens
    assert (unit.id, unit.nome, unit.type_code) == ("00024419", "AC CENTRAL DE SAO PAULO", "09")
    assert unit.known_status is UnitStatusCode.INSTALADO
    assert unit.endereco.numero == "SN"
    assert (unit.endereco.lat, unit.endereco.lon) == (-23.544201, -46.634961)
    assert unit.horarios.iniExpediente == "09:00"
    assert unit.horarios.iniSabado is None
    assert unit.dhAlteracao == datetime(2021, 3, 16, 1, 1, 22, 270000)
    assert page.page.totalElements == 1


def test_status_5_is_em_extincao_and_an_unknown_code_is_kept(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    body = raw("branches-unit-answer").replace(b'"status": "2"', b'"status": "7"')
    serve(mocked, "GET", "/agencia/v1/unidades", body)

    [unit] = BranchClient(operator).units().itens

    assert UnitStatusCode("5").description == "EM EXTINÇÃO"
    assert (unit.status, unit.known_status) == ("7", None)


@pytest.mark.usefixtures("sandbox")
def test_the_sandboxs_units_are_shaped_like_the_manuals(wire: Wire) -> None:
    params = [("status", "2"), ("status", "5"), ("codigoTipoUnidade", "09"), ("uf", "SP"), ("page", "0"),
              ("size", "50")]  # fmt: skip

    page = wire("GET", "/agencia/v1/unidades", params=params, scope=CONTRACT)

    assert page["itens"], "the sandbox has no branch in SP"
    assert_same_shape(load("branches-unit-answer"), page, optional=UNIT_OPTIONAL, extra=UNIT_EXTRA)


@pytest.mark.usefixtures("sandbox")
def test_the_sandboxs_single_unit_is_shaped_like_the_manuals(wire: Wire) -> None:
    first = wire("GET", "/agencia/v1/unidades", params={"uf": "SP", "size": "1"}, scope=CONTRACT)["itens"][0]

    unit = wire("GET", f"/agencia/v1/unidades/{first['id']}", scope=CONTRACT)

    assert_same_shape(
        load("branches-unit-answer")["itens"][0], unit, optional=UNIT_OPTIONAL, extra=UNIT_EXTRA
    )
