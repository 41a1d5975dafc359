"""Pre-posting (API 36) against the operator's answers as REFERENCE.md gives them (the
manual shows the create and list answers only as pictures: `fixtures/SOURCE.md`).

The client's real readers turn each fixture into what a user sees (the id, "Pré-postado",
the expiry, the object code; a status number this version does not know as "unknown (9)");
the sandbox's answers to the same calls have the fixtures' keys and JSON types; the label
request the client sends has the manual's keys."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar, cast

import pytest
import requests

from postalgui.api.client import OperatorClient
from postalgui.api.errors import InvalidResponseError
from postalgui.api.models.prepostings import OperatorLayout, Order, Person, PrepostingStatus
from postalgui.api.prepostings import PrepostingClient
from postalgui.services.shipping.words import status_words
from tests.contract.conftest import Wire
from tests.contract.shapes import assert_same_shape, load, raw
from tests.e2e.test_sandbox_prepost import BODY

T = TypeVar("T")

ORDER = Order(
    Person("Loja Demo", "01310100", "Avenida Paulista", "1000", "", "Bela Vista", "São Paulo", "SP"),
    Person("Maria da Silva", "20040020", "Rua da Assembleia", "10", "", "Centro", "Rio de Janeiro", "RJ"),
    "03298",
    300,
    length_cm=20,
    width_cm=11,
    height_cm=5,
    invoice_number="1234",
)
BODY_KEYS = (
    "remetente", "destinatario", "codigoServico", "numeroCartaoPostagem", "idCorreios",
    "modalidadePagamento", "pesoInformado", "codigoFormatoObjetoInformado", "alturaInformada",
    "larguraInformada", "comprimentoInformado", "diametroInformado", "listaServicoAdicional",
    "itensDeclaracaoConteudo", "numeroNotaFiscal", "chaveNFe", "ncmObjeto", "cienteObjetoNaoProibido",
    "solicitarColeta", "observacao", "dataPrevistaPostagem", "logisticaReversa", "dataValidadeLogReversa",
    "codigoObjetoIda", "embalagem", "emiteDCe",
)  # fmt: skip
"""The request's keys as REFERENCE.md lists the body: the sandbox echoes them in its record."""
SANDBOX_EXTRA = ("dataHora", "dadosEmulados")
"""``dataHora`` (created: one public client's fixture shows it) and the sandbox's own mark."""


class Answering:
    """An `OperatorClient` that answers every call with ``body`` (status 200), read by the
    client's real reader; ``asked`` keeps each call."""

    def __init__(self, body: bytes, status: int = 200) -> None:
        self.body, self.status = body, status
        self.asked: list[tuple[str, str, dict[str, Any]]] = []

    def call_read(self, method: str, path: str, read: Callable[[requests.Response], T], **kwargs: Any) -> T:
        self.asked.append((method, path, kwargs))
        response = requests.Response()
        response.status_code, response._content = self.status, self.body
        return read(response)


def client_answering(body: bytes) -> tuple[PrepostingClient, Answering]:
    operator = Answering(body)
    return PrepostingClient(cast(OperatorClient, operator)), operator


def test_the_create_answer_reads_as_the_clerk_sees_it() -> None:
    client, operator = client_answering(raw("prepost-create-answer"))
    made = client.create(ORDER, "0067599079")
    assert made.id == "PRgddyJTC0QMyNqlCX7w0H9A"
    assert (made.status, status_words(made.status, made.number, made.status_word)) == (
        PrepostingStatus.PREPOSTED,
        "Pré-postado",
    )
    assert status_words(made.status, language="en") == "Pre-posted"
    assert made.expires_at == datetime(2026, 6, 7, 23, 59, 59)  # prazoPostagem
    assert made.object_code == "AD515656026BR"  # §J: already in the create answer
    assert made.order == ORDER  # the order sent, as the answer leaves it out
    ((method, path, sent),) = operator.asked
    assert (method, path, sent["json_body"]["numeroNotaFiscal"]) == (
        "POST",
        "/prepostagem/v1/prepostagens",
        "1234",
    )


def test_the_list_answer_reads_each_item_and_is_asked_with_a_filter() -> None:
    client, operator = client_answering(raw("prepost-list-answer"))
    (item,), pages = client.list(id="PRgddyJTC0QMyNqlCX7w0H9A")
    assert (item.id, item.status, item.object_code, pages) == (
        "PRgddyJTC0QMyNqlCX7w0H9A",
        PrepostingStatus.PREPOSTED,
        "AD515656026BR",
        1,
    )
    assert operator.asked[0][2]["params"]["id"] == "PRgddyJTC0QMyNqlCX7w0H9A"
    with pytest.raises(ValueError, match="id, codigoObjeto, eticket, status or logisticaReversa"):
        client.list()  # never unfiltered: nothing sent
    assert len(operator.asked) == 1


@pytest.mark.parametrize(("number", "word"), [(9, "Em análise"), ("9", ""), (7, "Pendente")])
def test_a_status_number_this_version_does_not_know_reads_as_unknown(number: object, word: str) -> None:
    answer = load("prepost-create-answer") | {"statusAtual": number, "descStatusAtual": word}
    client, _ = client_answering(json.dumps(answer).encode())
    made = client.create(ORDER, "0067599079")
    shown = status_words(made.status, made.number, made.status_word, "en")
    if number == 7:  # seen once in a public client's fixtures: known
        assert (made.status, shown) == (PrepostingStatus.PENDING, "Pending")
    else:
        assert made.status is None
        assert shown == ("Unknown (9): Em análise" if word else "Unknown (9)")
        assert status_words(made.status, made.number, made.status_word).startswith("Desconhecido (9)")


@pytest.mark.parametrize(
    "body",
    [
        json.dumps(load("prepost-create-answer") | {"statusAtual": {"codigo": 2}}).encode(),
        raw("prepost-create-answer")[:40],
        json.dumps(load("prepost-create-answer") | {"id": ""}).encode(),
    ],
    ids=["status-an-object", "truncated", "no-id"],
)
def test_a_create_answer_that_cannot_be_read_was_still_delivered(body: bytes) -> None:
    client, _ = client_answering(body)
    with pytest.raises(InvalidResponseError) as caught:
        client.create(ORDER, "0067599079")
    assert caught.value.delivered  # a 2xx: the operator made it


def test_the_sandbox_create_and_list_answers_are_shaped_like_the_operators(wire: Wire) -> None:
    created = wire("POST", "/prepostagem/v1/prepostagens", json_body=BODY)
    assert_same_shape(
        load("prepost-create-answer"), created, optional=("codigoObjeto",), extra=(*BODY_KEYS, *SANDBOX_EXTRA)
    )
    assert len(created["id"]) == 24
    assert created["id"].startswith("PR")
    listed = wire("GET", "/prepostagem/v2/prepostagens", params={"id": created["id"]})
    assert_same_shape(
        load("prepost-list-answer"), listed, optional=("codigoObjeto",), extra=(*BODY_KEYS, *SANDBOX_EXTRA)
    )


def test_the_label_request_the_client_sends_has_the_manuals_keys() -> None:
    body = PrepostingClient.label_body(["PRgddyJTC0QMyNqlCX7w0H9A"], OperatorLayout.LINEAR_100_150)
    assert_same_shape(load("prepost-label-request"), body, extra=("imprimeRemetente", "layoutImpressao"))


@pytest.mark.parametrize("body", [b"", b"  ", b'{"idRecibo": "R1"}', b'{"idRecibo": "R1", "dados": null}'])
def test_a_label_download_without_dados_is_not_ready_yet_whatever_it_looks_like(body: bytes) -> None:
    client, _ = client_answering(body)
    assert client.download_labels("R1") is None  # the caller polls again, within its bound
