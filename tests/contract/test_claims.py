"""Claims (Fale Conosco) held to the operator's manual both ways: each example answer
(``fixtures/claims-*.json``, verbatim) through the client's real reader, asserting what a
user sees; and the sandbox's answers to the same three calls shaped like the examples."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from postalgui.api.claims import ClaimsClient
from postalgui.api.client import OperatorClient
from postalgui.api.models.claims import ClaimProgress, Reopening
from postalgui.api.transport import Transport
from postalgui.api.values.claims import Manifestation
from postalgui.api.values.dates import BRASILIA
from postalgui.sandbox import DEMO
from postalgui.sandbox.invoice_data import object_label
from postalgui.services.claims.book import outcome_of
from postalgui.services.claims.filing import FilingItem, FilingOrder
from postalgui.services.claims.records import Outcome
from postalgui.services.claims.words import code_words
from tests.contract.conftest import Wire
from tests.contract.shapes import assert_same_shape, load, raw
from tests.e2e.conftest import CARD, SandboxControl
from tests.manual_stub import ManualStub, manual_stub

BASE = "/pedido-informacao/v1/externo/pedidos"
SENT = "AA123456785BR"
LATE = object_label("QK", 4_700_001)


@pytest.fixture
def stub(client: OperatorClient) -> Iterator[tuple[ManualStub, ClaimsClient]]:
    """A stub answering the manual's exact bytes, and a claims client on it (tokens
    from the session's sandbox)."""
    with manual_stub() as server:
        operator = OperatorClient(Transport(server.url), client.tokens, CARD)
        yield server, ClaimsClient(operator)
        operator.close()


def _request() -> Any:
    """The manual's request, its object code's check digit made right (AA123456789BR fails
    mod 11: the client checks before sending)."""
    body = load("claims-cadastra-request")["pedidos"][0]
    return FilingOrder(
        [FilingItem(SENT, body["codigoMotivoReclamacao"], body["nomeDestinatario"])],
        body["emailResposta"],
        "11930030100",
        Manifestation(body["tipoManifestacao"]),
    ).requests()


def test_the_manuals_filing_answer_reads_filed_with_its_protocol_message_and_time(
    stub: tuple[ManualStub, ClaimsClient],
) -> None:
    server, claims = stub
    server.answer("POST", f"{BASE}/cadastra", raw("claims-cadastra-answer"))
    lots: list[str | None] = []
    (answer,) = claims.file(
        DEMO.contract, DEMO.card, "11930030100", _request(), done=lambda _, lot: lots.append(lot)
    )
    assert (answer.code, answer.protocol, answer.filed) == (SENT, "123456789", True)
    assert answer.message == "Olá, sua manifestação foi registrada com sucesso."
    assert lots == ["0000000"]
    assert json.loads(server.bodies[-1])["pedidos"][0]["nomeDestinatario"] == "Maria da Silva"


def test_the_manuals_filing_time_is_brasilia_time() -> None:
    from postalgui.api.models.claims import FilingAnswer

    answer = FilingAnswer.model_validate(load("claims-cadastra-answer"))
    assert answer.dataHoraCadastro == datetime(2023, 4, 20, 16, 13, 15, tzinfo=BRASILIA)
    assert answer.dataHoraCadastro is not None
    assert answer.dataHoraCadastro.tzinfo is UTC


def test_the_manuals_reopen_answer_gives_each_protocols_result_from_pi(
    stub: tuple[ManualStub, ClaimsClient],
) -> None:
    server, claims = stub
    server.answer("POST", f"{BASE}/reativa", raw("claims-reativa-answer"))
    reopening = Reopening.model_validate(load("claims-reativa-request")["reativacoes"][0])
    (result,) = claims.reopen(DEMO.contract, DEMO.card, [reopening])
    assert result.protocol == "98043414"
    assert (result.reopened, result.return_code) == (True, 0)
    assert result.message == "Olá, sua manifestação foi reativada com sucesso."


def test_a_refused_reopening_in_pi_is_not_shown_reopened(stub: tuple[ManualStub, ClaimsClient]) -> None:
    server, claims = stub
    answer = load("claims-reativa-answer")
    answer["pi"][0] |= {
        "protocolo": "98043414",
        "codigo retorno": "575",
        "descrição retorno": "Protocolo não encontrado",
    }
    server.answer("POST", f"{BASE}/reativa", json.dumps(answer).encode())
    (result,) = claims.reopen(
        DEMO.contract, DEMO.card, [Reopening(protocolo="98043414", motivoReativacao="135")]
    )
    assert (result.reopened, result.return_code) == (False, 575)
    assert code_words(result.return_code, result.message, "en") == "575: Protocol not found"


def test_the_manuals_follow_answer_reads_every_field_a_user_sees(
    stub: tuple[ManualStub, ClaimsClient],
) -> None:
    server, claims = stub
    server.answer("GET", f"{BASE}/acompanha", raw("claims-acompanha-answer"))
    progress = claims.follow(DEMO.contract, "AB000000000BR")
    assert progress.found
    assert (progress.code, progress.protocol) == ("AB000000000BR", "123456789")
    assert progress.situation == "string"
    assert progress.upheld is False  # "Indicativo Procedência": "N"
    assert progress.last_event == "BDE/00 Entregue 30/01/2023"
    assert progress.max_delivery == date(2023, 1, 30)
    assert progress.posted_on == date(2023, 1, 10)
    assert (progress.service_code, progress.service) == ("04790", "SEDEX 10 à vista")
    assert progress.reply == "string"
    assert progress.replied_on == date(2023, 1, 30)
    assert progress.manifestation == "I"
    assert progress.reason == 135


def test_merit_n_reads_refused_only_once_the_situation_says_closed() -> None:
    answer = load("claims-acompanha-answer")
    assert outcome_of(ClaimProgress.model_validate(answer), Outcome.OPEN) is Outcome.OPEN
    closed = ClaimProgress.model_validate(answer | {"Situação Manifestação": "Encerrada"})
    assert outcome_of(closed, Outcome.OPEN) is Outcome.REFUSED
    upheld = ClaimProgress.model_validate(answer | {"Indicativo Procedência": "S"})
    assert outcome_of(upheld, Outcome.OPEN) is Outcome.ACCEPTED


def test_an_unknown_code_or_date_is_kept_raw_not_a_failed_answer() -> None:
    answer = load("claims-acompanha-answer") | {"Código Retorno": "X7", "Data Máxima de Entrega": "amanhã"}
    progress = ClaimProgress.model_validate(answer)
    assert progress.return_code == -1
    assert progress.max_delivery is None
    assert code_words(1234, "Nova regra", "en") == "1234: Nova regra"


# --- the sandbox's answers, shaped like the manual's ------------------------------------


@pytest.fixture
def late(sandbox: SandboxControl) -> str:
    sandbox.register_object(LATE, sandbox.now() - timedelta(days=20), "late")
    return LATE


def _filing_body(code: str, name: str = "Maria da Silva") -> dict[str, Any]:
    body = load("claims-cadastra-request")
    body["contrato"], body["cartao"], body["telefone"] = DEMO.contract, DEMO.card, "11930030100"
    body["pedidos"][0] |= {"codigoObjeto": code, "nomeDestinatario": name, "codigoMotivoReclamacao": 135}
    return body


def test_the_sandboxs_filing_answer_has_the_manuals_shape(wire: Wire, late: str) -> None:
    answer = wire("POST", f"{BASE}/cadastra", json_body=_filing_body(late))
    assert_same_shape(load("claims-cadastra-answer"), answer)
    assert answer["pi"][0]["codigo retorno"] == "0"


def test_the_sandbox_refuses_an_empty_recipient_name_with_301(wire: Wire, late: str) -> None:
    answer = wire("POST", f"{BASE}/cadastra", json_body=_filing_body(late, name=""))
    assert_same_shape(load("claims-cadastra-answer"), answer)
    assert (answer["pi"][0]["codigo retorno"], answer["pi"][0]["numero do pi"]) == ("301", "")


def test_the_sandboxs_follow_answer_has_the_manuals_shape(wire: Wire, late: str) -> None:
    wire("POST", f"{BASE}/cadastra", json_body=_filing_body(late))
    params = {"contrato": DEMO.contract, "canal": "W", "codigodoObjetoOuProtocolo": late}
    answer = wire("GET", f"{BASE}/acompanha", params=params)
    assert_same_shape(load("claims-acompanha-answer"), answer)
    assert answer["Indicativo Procedência"] in ("S", "N")


def test_the_sandboxs_follow_codes_are_the_manuals(wire: Wire) -> None:
    params = {"contrato": DEMO.contract, "canal": "W", "codigodoObjetoOuProtocolo": "QK000000000BR"}
    assert wire("GET", f"{BASE}/acompanha", params=params)["Código Retorno"] == "990"
    params["canal"] = "X"
    assert wire("GET", f"{BASE}/acompanha", params=params)["Código Retorno"] == "291"


def test_the_sandboxs_reopen_answer_has_the_manuals_shape(wire: Wire) -> None:
    body = load("claims-reativa-request")
    body["contrato"], body["cartao"] = DEMO.contract, DEMO.card
    answer = wire("POST", f"{BASE}/reativa", json_body=body)
    assert_same_shape(load("claims-reativa-answer"), answer)
    assert (answer["pi"][0]["protocolo"], answer["pi"][0]["codigo retorno"]) == ("98043414", "575")
