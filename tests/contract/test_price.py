"""The price service held to the operator's documents, both ways.

Sources: ``price-03220-answer`` is the manual's example (Manual de Integração v2.2 §13,
quoted in REFERENCE.md "Price service": 03220, 300 g, 20x20x20 cm, services 019 and 001,
declared 200); the batch answer is spec 000 §4 (``POST /v1/nacional``: an array of the
same ``PrecoProdutoResponse``). ``price-servicos-adicionais-answer`` is assembled from the
field list of spec 000 §2.5 (``ServicoAdicionalResponse``: ``preco`` and the declared-value
limits are JSON numbers there, unlike the price record's strings).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
import responses

from postalgui.api.client import OperatorClient
from postalgui.api.models.price import PriceQuery
from postalgui.api.price import PriceClient
from tests.contract.conftest import Wire, serve
from tests.contract.shapes import assert_same_shape, load, raw

OFFICIAL_QUERY: dict[str, Any] = {
    "coProduto": "03220",
    "cepOrigem": "01310100",
    "cepDestino": "05311900",
    "psObjeto": "300",
    "tpObjeto": "2",
    "comprimento": "20",
    "largura": "20",
    "altura": "20",
    "servicosAdicionais": ["019", "001"],
    "vlDeclarado": "200",
}

PRICE_OPTIONAL = {
    # Spec 000 §2.3 lists these for every record, but the manual's own example leaves
    # them out, so an answer may too.
    "qtAdicional",
    "pcFaixaVariacao",
    "peVariacao",
}
PRICE_EXTRA = {
    # Spec 000 §2.3 (PrecoProdutoResponse) names each of these; the manual's example omits them.
    "noProduto",
    "nuRequisicao",
    "pcCadaAdicional",
    "pcTotalAdicional",
    "pcCadaAdicionalVariacao",
    "pcTotalAdicionalVariacao",
    "vlTotalDescVariacao",
    "beneficios",
    "vlTotalBeneficios",
    "peIsencaoArmazenagem",
    "taxaExtra",
    "infoAdicional",
    "txErro",
}


def check_official(price: Any) -> None:
    assert price.pcFinal == Decimal("19.92")
    assert price.pcBase == Decimal("10.68")
    assert price.pcProduto == Decimal("11.13")
    assert price.pcTotalServicosAdicionais == Decimal("8.79")
    assert {s.coServAdicional: s.pcServicoAdicional for s in price.servicoAdicional} == {
        "019": Decimal("1.79"),
        "001": Decimal("7.00"),
    }
    assert price.peAdValorem == Decimal("0.0100")
    assert price.vlSeguroAutomatico == Decimal("21.00")
    assert price.psCobrado == 300
    assert not price.cubic_weight_charged
    assert price.ok


def test_the_manuals_price_is_read_as_the_user_sees_it(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    serve(mocked, "GET", "/preco/v1/nacional/03220", raw("price-03220-answer"))

    price = PriceClient(operator).national(PriceQuery.model_validate(OFFICIAL_QUERY))

    check_official(price)
    assert isinstance(price.pcFinal, Decimal)


def test_the_manuals_price_in_a_batch_is_read_for_its_item(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    serve(mocked, "POST", "/preco/v1/nacional", f"[{raw('price-03220-answer').decode()}]".encode())

    [result] = PriceClient(operator, concurrency=1).batch([PriceQuery.model_validate(OFFICIAL_QUERY)])

    assert result.ok
    assert result.response is not None
    check_official(result.response)


def test_additional_services_are_read_with_their_limits(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    serve(mocked, "GET", "/preco/v1/servicos-adicionais/03220", raw("price-servicos-adicionais-answer"))

    [service] = PriceClient(operator).additional_services("03220")

    assert service.codigo == "019"
    assert service.preco == Decimal("1.79")
    assert (service.vlMinDeclarado, service.vlMaxDeclarado) == (Decimal("25.5"), Decimal("10000"))
    assert service.takes_declared_value
    assert service.excludes() == {"064"}


@pytest.mark.usefixtures("sandbox")
def test_the_sandboxs_price_is_shaped_like_the_manuals(wire: Wire) -> None:
    params = [(k, v) for k, value in OFFICIAL_QUERY.items() if k != "coProduto"
              for v in (value if isinstance(value, list) else [value])]  # fmt: skip

    answer = wire("GET", "/preco/v1/nacional/03220", params=params)

    assert_same_shape(load("price-03220-answer"), answer, optional=PRICE_OPTIONAL, extra=PRICE_EXTRA)
    assert answer["pcFinal"] == "19,92"


@pytest.mark.usefixtures("sandbox")
def test_the_sandboxs_batch_prices_are_shaped_like_the_manuals(wire: Wire) -> None:
    item = {**OFFICIAL_QUERY, "nuRequisicao": "1",
            "servicosAdicionais": [{"coServAdicional": "019"}, {"coServAdicional": "001"}]}  # fmt: skip
    body = {"idLote": "1", "parametrosProduto": [item]}

    answer = wire("POST", "/preco/v1/nacional", json_body=body)

    assert isinstance(answer, list)
    assert len(answer) == 1
    assert_same_shape(load("price-03220-answer"), answer[0], optional=PRICE_OPTIONAL, extra=PRICE_EXTRA)
    assert answer[0]["pcFinal"] == "19,92"


@pytest.mark.usefixtures("sandbox")
def test_the_sandboxs_additional_services_are_shaped_like_spec_2_5(wire: Wire) -> None:
    answer = wire("GET", "/preco/v1/servicos-adicionais/03220")

    assert answer, "the sandbox offers no additional service for SEDEX"
    assert_same_shape(load("price-servicos-adicionais-answer"), answer)
