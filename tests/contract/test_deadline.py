"""The delivery-time service held to the operator's documents, both ways.

Source: ``deadline-batch-answer`` is the manual's batch example verbatim (Manual de
Integração v2.2 §13, quoted in REFERENCE.md "Price service", delivery time): posted on
Friday 18/03/2022, 04162 in 1 day (Monday 21/03) and 04669 in 5 (Friday 25/03). The single
GET answers the same record (REFERENCE.md lists its keys: the example's plus
``entregaDomingo``, ``msgPrazo`` and ``txErro``), so its item stands for the GET as well.
"""

from __future__ import annotations

import json
from datetime import date

import pytest
import responses

from postalgui.api.client import OperatorClient
from postalgui.api.deadline import DeadlineClient
from postalgui.api.models.deadline import DeadlineQuery
from tests.contract.conftest import Wire, serve
from tests.contract.shapes import assert_same_shape, load, raw

# The manual's batch request (REFERENCE.md), item for item.
MANUAL_REQUEST = {
    "idLote": "1",
    "parametrosPrazo": [
        {"cepDestino": "70002900", "cepOrigem": "05311900", "coProduto": "04162", "nuRequisicao": "1",
         "dtEvento": "18/03/2022"},
        {"cepDestino": "70002900", "cepOrigem": "05311900", "coProduto": "04669", "nuRequisicao": "2",
         "dtEvento": "18/03/2022"},
    ],
}  # fmt: skip
GET_KEYS = {
    # REFERENCE.md, delivery time: the GET answer's keys beyond the manual's batch example.
    "entregaDomingo",
    "msgPrazo",
    "txErro",
}


def query(product: str) -> DeadlineQuery:
    return DeadlineQuery(
        coProduto=product, cepOrigem="05311900", cepDestino="70002900", dtEvento=date(2022, 3, 18)
    )


def test_the_manuals_batch_is_read_as_dates_and_days(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    serve(mocked, "POST", "/prazo/v1/nacional", raw("deadline-batch-answer"))

    sedex, pac = DeadlineClient(operator).batch([query("04162"), query("04669")])

    assert sedex.deadline is not None
    assert pac.deadline is not None
    assert (sedex.deadline.prazoEntrega, sedex.deadline.by) == (1, date(2022, 3, 21))
    assert (pac.deadline.prazoEntrega, pac.deadline.by) == (5, date(2022, 3, 25))
    assert sedex.deadline.entregaDomiciliar is True
    assert sedex.deadline.entregaSabado is False


def test_the_manuals_record_is_read_from_a_single_get(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    record = load("deadline-batch-answer")[0]
    serve(mocked, "GET", "/prazo/v1/nacional/04162", json.dumps(record).encode())

    deadline = DeadlineClient(operator).national(query("04162"))

    assert (deadline.coProduto, deadline.by, deadline.error) == ("04162", date(2022, 3, 21), None)


@pytest.mark.usefixtures("sandbox")
def test_the_sandboxs_batch_is_shaped_like_the_manuals(wire: Wire) -> None:
    answer = wire("POST", "/prazo/v1/nacional", json_body=MANUAL_REQUEST)

    assert_same_shape(load("deadline-batch-answer"), answer, extra=GET_KEYS)
    assert [item["dataMaxima"] for item in answer] == ["2022-03-21T23:58:00", "2022-03-25T23:58:00"]


@pytest.mark.usefixtures("sandbox")
def test_the_sandboxs_single_answer_is_shaped_like_the_manuals(wire: Wire) -> None:
    params = {"cepOrigem": "05311900", "cepDestino": "70002900", "dtEvento": "18-03-2022"}

    answer = wire("GET", "/prazo/v1/nacional/04162", params=params)

    # nuRequisicao is the caller's number echoed (spec 000 §2.2, the same platform): none sent, none back.
    assert_same_shape(load("deadline-batch-answer")[0], answer, optional={"nuRequisicao"}, extra=GET_KEYS)
    assert (answer["prazoEntrega"], answer["dataMaxima"]) == (1, "2022-03-21T23:58:00")
