"""TrackingClient over a mocked operator (`responses`): repeated keys, calls of 50,
per-object SRO messages, the 403 that names API 87, nothing sent for a bad code."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import responses

from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.tokens import DELEGATED_KEY, Scope, TokenManager, TokenScope
from postalgui.api.tracking import Detail, TrackingClient, TrackingNotEnabledError
from postalgui.api.transport import RetryPolicy, Transport
from postalgui.api.values.errors import InvalidValue
from postalgui.api.values.object_codes import check_digit
from tests.conftest import MemoryKeyring

BASE = "https://api.example.test"
OBJECTS = f"{BASE}/srorastro/v1/objetos"
MANUAL = {
    "codObjeto": "DG049186226BR",
    "tipoPostal": {"sigla": "DG", "descricao": "ETIQUETA LOGICA SEDEX", "categoria": "SEDEX"},
    "dtPrevista": "2022-03-11T20:58:00",
    "modalidade": "F",
    "eventos": [
        {
            "codigo": "BDE",
            "tipo": "01",
            "dtHrCriado": "2022-03-10T14:44:00",
            "descricao": "Objeto entregue ao destinatário",
            "unidade": {"codSro": "01310100", "tipo": "Unidade de Distribuição",
                        "endereco": {"cidade": "SAO PAULO", "uf": "SP"}},
        },
        {"codigo": "OEC", "tipo": "03", "dtHrCriado": "2022-03-10T09:10:00",
         "descricao": "Objeto em rota de entrega"},
        {"codigo": "RO", "tipo": "01", "dtHrCriado": "2022-03-08T18:00:00",
         "descricao": "Objeto em trânsito - por favor aguarde",
         "unidadeDestino": {"nome": "CTE VILA MARIA", "endereco": {"cidade": "SAO PAULO", "uf": "SP"}}},
        {"codigo": "PO", "tipo": "01", "dtHrCriado": "2022-03-07T11:30:00", "descricao": "Objeto postado"},
    ],
}  # fmt: skip


def code(serial: int, prefix: str = "QB") -> str:
    digits = f"{serial:08d}"
    return f"{prefix}{digits}{check_digit(digits)}BR"


@pytest.fixture
def client() -> Iterator[TrackingClient]:
    transport = Transport(BASE, retry=RetryPolicy(max_attempts=2, backoff_base=0), sleep=lambda _s: None)
    store = CredentialStore(MemoryKeyring())
    store.set("test", DELEGATED_KEY, "delegated-key")
    operator = OperatorClient(
        transport, TokenManager(transport, store, "test", use_delegated=True), TokenScope(Scope.LOGIN)
    )
    yield TrackingClient(operator)
    operator.close()


def query_of(url: object) -> dict[str, list[str]]:
    return parse_qs(urlsplit(str(url)).query)


def asked(call: responses.Call) -> list[str]:
    return query_of(call.request.url)["codigosObjetos"]


def echo(request: Any) -> tuple[int, dict[str, str], str]:
    codes = query_of(request.url)["codigosObjetos"]
    objects = [{"codObjeto": c, "mensagem": "SRO-020: Objeto não encontrado na base de dados dos Correios."}
               for c in codes]  # fmt: skip
    return 200, {}, json.dumps({"versao": "1.0.0", "quantidade": len(objects), "objetos": objects})


@responses.activate
def test_the_manuals_object_reads_back_typed(client: TrackingClient) -> None:
    answer = {"versao": "1.0.0", "quantidade": 1, "resultado": "Todos", "objetos": [MANUAL]}
    responses.get(OBJECTS, json=answer)
    (found,) = client.track(["dg049186226br"])
    assert query_of(responses.calls[0].request.url) == {
        "codigosObjetos": ["DG049186226BR"],
        "resultado": ["T"],
    }
    assert found.dtPrevista == datetime(2022, 3, 11, 20, 58)
    last = found.last_event
    assert last is not None
    assert last.key == ("BDE", "01")
    assert last.unidade is not None
    assert last.unidade.place == "SAO PAULO/SP"
    assert found.eventos[2].unidadeDestino is not None
    assert found.eventos[2].unidadeDestino.nome == "CTE VILA MARIA"
    assert found.tipoPostal is not None
    assert found.tipoPostal.categoria == "SEDEX"


@responses.activate
def test_codes_go_in_calls_of_50_as_repeated_keys_and_come_back_in_order(client: TrackingClient) -> None:
    responses.add_callback(responses.GET, OBJECTS, callback=echo)
    codes = [code(n) for n in range(1, 121)]
    seen: list[int] = []
    found = client.track([*codes, codes[0]], detail=Detail.LAST, done=lambda found: seen.append(len(found)))
    assert sorted(len(asked(call)) for call in responses.calls) == [20, 50, 50]
    assert sorted(seen) == [20, 50, 50]
    assert all(query_of(call.request.url)["resultado"] == ["U"] for call in responses.calls)
    assert [obj.codObjeto for obj in found] == codes
    assert {obj.message_code for obj in found} == {"SRO-020"}


def test_a_client_never_sends_more_than_the_operators_50_codes_a_call(client: TrackingClient) -> None:
    with pytest.raises(ValueError, match="1 to 50"):
        TrackingClient(client.client, chunk=51)
    assert TrackingClient(client.client, chunk=50).chunk == 50


@responses.activate
def test_per_object_messages_are_answers_not_failures(client: TrackingClient) -> None:
    unknown, invalid = code(7), code(8, "XX")
    responses.get(
        OBJECTS,
        json={"objetos": [MANUAL, {"codObjeto": invalid, "mensagem": "SRO-019: Objeto inválido"},
                          {"codObjeto": unknown, "mensagem": "SRO-020: Objeto não encontrado"}]},
    )  # fmt: skip
    delivered, missing, bad = client.track(["DG049186226BR", unknown, invalid])
    assert delivered.message_code is None
    assert missing.message_code == "SRO-020"
    assert bad.message_code == "SRO-019"


@responses.activate
def test_an_object_the_answer_leaves_out_says_so(client: TrackingClient) -> None:
    responses.get(OBJECTS, json={"objetos": [MANUAL]})
    _, left_out = client.track(["DG049186226BR", code(9)])
    assert left_out.codObjeto == code(9)
    assert left_out.mensagem == "The operator's answer left this object out"


@responses.activate
def test_a_403_names_the_tracking_api(client: TrackingClient) -> None:
    responses.get(OBJECTS, status=403, json={"msgs": ["GTW-006: Acesso negado"]})
    with pytest.raises(TrackingNotEnabledError) as caught:
        client.track(["DG049186226BR"])
    assert "GTW-006" in str(caught.value)
    assert "87 Rastro" in str(caught.value)


@responses.activate
def test_a_bad_code_sends_nothing(client: TrackingClient) -> None:
    with pytest.raises(InvalidValue) as caught:
        client.track(["DG049186226BR", "DG049186227BR"])
    assert "DG049186227BR" in str(caught.value)
    assert not responses.calls


@responses.activate
def test_a_bare_list_is_read_and_an_unreadable_answer_is_asked_again(client: TrackingClient) -> None:
    responses.get(OBJECTS, body="<html>manutenção</html>", status=200)
    responses.get(OBJECTS, json=[MANUAL])
    (found,) = client.track(["DG049186226BR"])
    assert len(responses.calls) == 2  # the maintenance page was retried, as every GET is
    assert found.dtPrevista == datetime(2022, 3, 11, 20, 58)


@responses.activate
def test_numbers_where_text_is_expected_are_read_as_text(client: TrackingClient) -> None:
    odd = {**MANUAL, "contrato": 9912345678, "eventos": [{**MANUAL["eventos"][0], "tipo": 1}]}  # type: ignore[dict-item]
    odd["eventos"][0]["unidade"] = {"codSro": 1310100, "endereco": {"cep": 1310100, "numero": 10}}
    responses.get(OBJECTS, json={"objetos": [odd]})
    (found,) = client.track(["DG049186226BR"])
    assert found.contrato == "9912345678"
    assert found.eventos[0].key == ("BDE", "01")
    unit = found.eventos[0].unidade
    assert unit is not None
    assert unit.codSro == "1310100"
    assert unit.endereco is not None
    assert unit.endereco.numero == "10"
