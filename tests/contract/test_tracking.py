"""Tracking (SRO, API 87) against the operator's manual example DG049186226BR, both ways:
the client's reader reads the manual's answer into what a user sees, and the sandbox's
answers (a list call and a one-object call) are shaped like it (REFERENCE.md, Tracking)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
import responses

from postalgui.api.client import OperatorClient
from postalgui.api.tracking import TrackingClient
from postalgui.sandbox.invoice_data import object_label
from postalgui.services.tracking.lateness import Timing
from postalgui.services.tracking.records import answer_values, object_from_row
from postalgui.services.tracking.status import Status
from tests.contract.conftest import Wire, serve
from tests.contract.shapes import assert_same_shape, load, raw
from tests.e2e.conftest import SandboxControl

FIXTURE = "tracking-DG049186226BR-answer"

EXTRA = {
    # Object fields the api-docs and REFERENCE name beyond the manual's example:
    "contrato",  # the contract the object was posted under
    "valorDeclarado",  # the declared value, when there is one
    "mensagem",  # SRO-019 / SRO-020 per object (not in this answer: its object has events)
    # Event fields REFERENCE lists beyond the example:
    "dtHrGravado",  # when the event reached the operator's system
    "dtLimiteRetirada",  # until when it waits at a branch (LDI, BDx 02/54)
    "comentario",
    "recebedor",  # the delivered event's receiver: a listed field of unpublished shape (SOURCE.md)
    "documento",  # ... the sandbox's {"nome", "documento"} (uncertain)
    # The unit's fields REFERENCE lists beyond the example's tipo and endereco{uf, cidade}:
    "codSro",
    "nome",
    "cep",
    "logradouro",
    "numero",
    "bairro",
}
OPTIONAL = {
    "detalhe",  # the manual's PO and BDE events have none
    "unidadeDestino",  # only transfers (RO) carry where the object is headed
}


MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}")
"""The manual's ``2022-03-11T20:58:00``: Brasília wall-clock time, no offset, no fraction."""


def assert_operator_forms(answer: dict[str, Any]) -> None:
    """What a shape cannot see: times as the manual writes them, ``tipo`` in two digits."""
    assert isinstance(answer["quantidade"], int)
    assert answer["quantidade"] == len(answer["objetos"])
    for record in answer["objetos"]:
        assert MOMENT.fullmatch(record["dtPrevista"]), record["dtPrevista"]
        for event in record["eventos"]:
            assert re.fullmatch(r"\d\d", event["tipo"]), event
            for key in ("dtHrCriado", "dtHrGravado", "dtLimiteRetirada"):
                assert key not in event or MOMENT.fullmatch(event[key]), (key, event[key])


def test_the_manuals_answer_has_the_forms_the_sandbox_is_held_to() -> None:
    assert_operator_forms(load(FIXTURE))


@pytest.fixture
def manual(operator: OperatorClient, mocked: responses.RequestsMock) -> TrackingClient:
    """The real tracking client on a mocked operator that answers the manual's example."""
    serve(mocked, "GET", "/srorastro/v1/objetos", raw(FIXTURE))
    return TrackingClient(operator)


def test_the_manuals_answer_reads_into_what_the_user_sees(manual: TrackingClient) -> None:
    (found,) = manual.track(["DG049186226BR"])
    watched = object_from_row({"code": "DG049186226BR", **answer_values(found)})
    assert found.codObjeto == watched.code == "DG049186226BR"
    assert watched.status is Status.DELIVERED
    assert watched.final
    kinds = [f"{event.codigo} {event.tipo}" for event in found.eventos]
    assert kinds == ["BDE 01", "OEC 03", "RO 01", "PO 01"]
    assert [event.dtHrCriado for event in found.eventos] == sorted(
        (event.dtHrCriado for event in found.eventos if event.dtHrCriado is not None), reverse=True
    )
    transfer = found.eventos[2]
    assert (transfer.descricao, transfer.detalhe) == ("Objeto em trânsito", "Por favor, aguarde")
    assert transfer.unidade is not None
    assert transfer.unidade.place == "BRASILIA/DF"
    assert transfer.unidadeDestino is not None
    assert transfer.unidadeDestino.place == "APARECIDA DE GOIANIA/GO"
    # dtPrevista is the operator's Brasília wall-clock time, kept as written (no zone, no shift).
    assert found.dtPrevista == datetime(2022, 3, 11, 20, 58)
    assert found.dtPrevista.tzinfo is None
    assert (watched.expected_on, watched.expected_source) == (datetime(2022, 3, 11).date(), "operator")
    # Delivered at 17:03 on the day it was due (20:58): on time.
    assert watched.lateness(datetime(2022, 3, 20).date()).timing is Timing.ON_TIME
    assert (watched.last_event, watched.last_place) == ("Objeto entregue ao destinatário", "XAPURI/AC")
    assert watched.last_at == datetime(2022, 3, 11, 17, 3)
    assert found.peso == Decimal("0.5")
    assert str(found.peso) == "0.5"  # the unit is unknown (REFERENCE): shown as sent
    assert watched.product == "ENCOMENDA SEDEX (ETIQ LOGICA)"


def _registered(sandbox: SandboxControl, serial: int, fate: str = "on_time") -> str:
    code = object_label("DG", serial)
    sandbox.register_object(code, sandbox.now() - timedelta(days=20), fate)
    return code


def test_the_sandboxs_list_answer_is_shaped_like_the_manuals(wire: Wire, sandbox: SandboxControl) -> None:
    codes = [
        _registered(sandbox, 49186220 + n, fate) for n, fate in enumerate(("on_time", "awaiting_pickup"))
    ]
    answer = wire("GET", "/srorastro/v1/objetos", params={"codigosObjetos": codes, "resultado": "T"})
    assert_same_shape(load(FIXTURE), answer, extra=EXTRA, optional=OPTIONAL)
    assert_operator_forms(answer)
    assert [record["codObjeto"] for record in answer["objetos"]] == codes
    waited = [event for event in answer["objetos"][1]["eventos"] if event["codigo"] == "LDI"]
    assert [event["dtLimiteRetirada"][10] for event in waited] == ["T"]  # the pickup limit, as a moment
    assert answer["resultado"] == "Todos os Eventos"
    transfers = [event for event in answer["objetos"][0]["eventos"] if event["codigo"] == "RO"]
    assert transfers
    for event in transfers:
        assert (event["descricao"], event["detalhe"]) == ("Objeto em trânsito", "Por favor, aguarde")
        assert "unidadeDestino" in event


def test_the_sandboxs_one_object_answer_is_shaped_like_the_manuals(
    wire: Wire, sandbox: SandboxControl
) -> None:
    code = _registered(sandbox, 49186230)
    answer = wire("GET", f"/srorastro/v1/objetos/{code}")  # resultado: T by default for one object
    assert_same_shape(load(FIXTURE), answer, extra=EXTRA, optional=OPTIONAL)
    assert_operator_forms(answer)
    (record,) = answer["objetos"]
    assert record["codObjeto"] == code
    assert [event["codigo"] for event in record["eventos"]][-1] == "PO"
    assert len(record["eventos"]) > 1
