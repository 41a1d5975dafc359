"""The sandbox's tracking service over real loopback HTTP, with plain requests and demo tokens:
per-object messages, the clock moving a parcel from posted to delivered, API 87, control routes."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
import requests

from postalgui.sandbox import DEMO, SandboxServer
from postalgui.sandbox.branch_data import all_units
from postalgui.sandbox.demo import NO_TRACKING_CARD
from postalgui.sandbox.invoice_data import object_label
from tests.e2e.conftest import SandboxControl

TIMEOUT = 30  # the first answer of a month builds the statements' label index (about a second)
AUTH = (DEMO.login, DEMO.access_code)
ERROR_KEYS = {"msgs", "date", "method", "path", "causa", "stackTrace"}
SP, RIO = "01310100", "20040020"
CODE = object_label("QB", 31415926)
OTHER = object_label("QB", 27182818)
DAY = 86_400


@pytest.fixture
def http(sandbox: SandboxControl) -> Iterator[requests.Session]:
    with requests.Session() as session:
        yield session


def _token(http: requests.Session, server: SandboxServer, card: str) -> dict[str, str]:
    body = {"numero": card, "contrato": DEMO.contract, "dr": DEMO.dr}
    response = http.post(
        f"{server.url}/token/v1/autentica/cartaopostagem", auth=AUTH, json=body, timeout=TIMEOUT
    )
    assert response.status_code == 201, response.text
    return {"Authorization": f"Bearer {response.json()['token']}"}


@pytest.fixture
def bearer(http: requests.Session, sandbox_server: SandboxServer) -> dict[str, str]:
    """A token that outlives the clock jumps below (tokens age with the sandbox clock)."""
    response = http.put(f"{sandbox_server.url}/_sandbox/config", json={"token_lifetime_s": 400 * DAY})
    assert response.status_code == 200, response.text
    return _token(http, sandbox_server, DEMO.card)


def _track(
    http: requests.Session, server: SandboxServer, headers: dict[str, str], codes: Any, resultado: str = "T"
) -> requests.Response:
    params = {"codigosObjetos": codes, "resultado": resultado}
    return http.get(f"{server.url}/srorastro/v1/objetos", headers=headers, params=params, timeout=TIMEOUT)


def _objects(response: requests.Response) -> dict[str, dict[str, Any]]:
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["quantidade"] == len(body["objetos"])
    return {record["codObjeto"]: record for record in body["objetos"]}


def _sandbox_now(http: requests.Session, server: SandboxServer) -> datetime:
    return datetime.fromisoformat(http.get(f"{server.url}/_sandbox/clock", timeout=TIMEOUT).json()["now"])


def _register(
    http: requests.Session, server: SandboxServer, code: str, posted: datetime, **extra: str
) -> None:
    body = {
        "codigo": code,
        "coProduto": "03220",
        "cepOrigem": SP,
        "cepDestino": RIO,
        "postado": posted.isoformat(),
    }
    response = http.post(f"{server.url}/_sandbox/tracking/objects", json=body | extra, timeout=TIMEOUT)
    assert response.status_code == 200, response.text


def _assert_error(response: requests.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == ERROR_KEYS
    assert body["msgs"][0].startswith(code)
    return body


def test_a_registered_parcel_moves_from_posted_to_delivered_as_the_clock_advances(
    http: requests.Session, sandbox_server: SandboxServer, sandbox: SandboxControl, bearer: dict[str, str]
) -> None:
    now = _sandbox_now(http, sandbox_server)
    _register(http, sandbox_server, CODE, now + timedelta(hours=1), destino="on_time")
    assert _objects(_track(http, sandbox_server, bearer, CODE))[CODE]["mensagem"].startswith("SRO-020")
    sandbox.advance_clock(61 * 60)  # the posting shows; the next event is at least 7 minutes later
    posted = _objects(_track(http, sandbox_server, bearer, CODE))[CODE]["eventos"]
    assert [(event["codigo"], event["tipo"]) for event in posted] == [("PO", "01")]
    seen = []
    for _ in range(20):
        sandbox.advance_clock(DAY / 2)
        record = _objects(_track(http, sandbox_server, bearer, CODE, "U"))[CODE]
        (last,) = record["eventos"]
        seen.append(f"{last['codigo']} {last['tipo']}")
        if seen[-1] == "BDE 01":
            break
    assert seen[-1] == "BDE 01"
    assert "RO 01" in seen
    full = _objects(_track(http, sandbox_server, bearer, CODE))[CODE]["eventos"]
    kinds = [f"{event['codigo']} {event['tipo']}" for event in reversed(full)]
    assert kinds[0] == "PO 01"
    assert kinds[-2:] == ["OEC 01", "BDE 01"]
    assert kinds.count("RO 01") >= 2
    delivered = datetime.fromisoformat(full[0]["dtHrCriado"])
    assert delivered <= _sandbox_now(http, sandbox_server)


def test_events_are_at_units_that_exist_and_the_expected_date_is_the_deadline_services(
    http: requests.Session, sandbox_server: SandboxServer, sandbox: SandboxControl, bearer: dict[str, str]
) -> None:
    posted = _sandbox_now(http, sandbox_server) - timedelta(days=30)
    _register(http, sandbox_server, CODE, posted)
    record = _objects(_track(http, sandbox_server, bearer, CODE))[CODE]
    units = {unit["id"]: unit for unit in all_units()}
    for event in record["eventos"]:
        for unit in filter(None, (event["unidade"], event.get("unidadeDestino"))):
            known = units[unit["codSro"]]
            assert (unit["nome"], unit["endereco"]["cep"]) == (known["nome"], known["endereco"]["cep"])
            assert unit["tipo"] == known["tipoUnidade"]["descricao"]
    params = {"cepOrigem": SP, "cepDestino": RIO, "dtEvento": posted.strftime("%d-%m-%Y")}
    deadline = http.get(
        f"{sandbox_server.url}/prazo/v1/nacional/03220", headers=bearer, params=params, timeout=TIMEOUT
    ).json()
    assert record["dtPrevista"][:10] == deadline["dataMaxima"][:10]
    assert record["tipoPostal"]["sigla"] == "QB"
    assert record["modalidade"] == "F"


def test_waiting_at_a_branch_carries_its_pickup_deadline(
    http: requests.Session, sandbox_server: SandboxServer, sandbox: SandboxControl, bearer: dict[str, str]
) -> None:
    _register(http, sandbox_server, CODE, _sandbox_now(http, sandbox_server), destino="awaiting_pickup")
    for _ in range(30):
        sandbox.advance_clock(DAY / 2)
        (last,) = _objects(_track(http, sandbox_server, bearer, CODE, "U"))[CODE]["eventos"]
        if last["codigo"] == "LDI":
            break
    assert (last["codigo"], last["tipo"]) == ("LDI", "01")
    limit = datetime.fromisoformat(last["dtLimiteRetirada"])
    assert limit == datetime.fromisoformat(last["dtHrCriado"]) + timedelta(days=7)
    sandbox.advance_clock((limit - _sandbox_now(http, sandbox_server)).total_seconds() + 4 * DAY)
    (after,) = _objects(_track(http, sandbox_server, bearer, CODE, "U"))[CODE]["eventos"]
    assert (after["codigo"], after["tipo"]) == ("BDE", "23")


def test_a_mixed_batch_answers_each_object_with_repeated_keys_or_a_comma_list(
    http: requests.Session, sandbox_server: SandboxServer, sandbox: SandboxControl, bearer: dict[str, str]
) -> None:
    _register(http, sandbox_server, CODE, _sandbox_now(http, sandbox_server) - timedelta(days=1))
    bad, unknown = "QB314159260BR", object_label("ZZ", 11111111)
    repeated = _objects(_track(http, sandbox_server, bearer, [CODE, bad, unknown]))
    comma = _objects(_track(http, sandbox_server, bearer, f"{CODE},{bad.lower()}, {unknown}"))
    for answers in (repeated, comma):
        assert list(answers) == [CODE, bad, unknown]
        assert answers[CODE]["eventos"]
        assert "mensagem" not in answers[CODE]
        assert answers[bad] == {"codObjeto": bad, "mensagem": "SRO-019: Objeto inválido"}
        assert answers[unknown]["mensagem"].startswith("SRO-020")
    one = http.get(f"{sandbox_server.url}/srorastro/v1/objetos/{CODE}", headers=bearer, timeout=TIMEOUT)
    assert list(_objects(one)) == [CODE]
    assert one.json()["resultado"] == "Todos os Eventos"  # T: the default for one object
    assert len(_objects(one)[CODE]["eventos"]) > 1
    url = f"{sandbox_server.url}/srorastro/v1/objetos"
    listed = http.get(url, headers=bearer, params={"codigosObjetos": CODE}, timeout=TIMEOUT)
    assert listed.json()["resultado"] == "Último Evento"  # U: the default for a list (api-docs)
    assert _objects(listed)[CODE]["eventos"] == _objects(one)[CODE]["eventos"][:1]


def test_batch_limits_and_bad_parameters(
    http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]
) -> None:
    codes = [object_label("QB", 50_000_000 + n) for n in range(51)]
    assert len(_objects(_track(http, sandbox_server, bearer, codes[:50]))) == 50
    refused = _assert_error(_track(http, sandbox_server, bearer, codes), 400, "SRO-101")  # the sandbox's code
    assert "50" in refused["msgs"][0]
    _assert_error(_track(http, sandbox_server, bearer, CODE, "X"), 400, "SRO-002")
    _assert_error(_track(http, sandbox_server, bearer, []), 400, "SRO-001")


def test_a_card_without_api_87_is_refused(
    http: requests.Session, sandbox_server: SandboxServer, sandbox: SandboxControl
) -> None:
    headers = _token(http, sandbox_server, NO_TRACKING_CARD)
    refused = _assert_error(_track(http, sandbox_server, headers, CODE), 403, "GTW-011")
    assert "API 87" in refused["msgs"][0]
    one = http.get(f"{sandbox_server.url}/srorastro/v1/objetos/{CODE}", headers=headers, timeout=TIMEOUT)
    _assert_error(one, 403, "GTW-011")
    _assert_error(_track(http, sandbox_server, {}, CODE), 401, "GTW-007")


def test_registered_objects_are_forgotten_by_delete_and_by_reset(
    http: requests.Session, sandbox_server: SandboxServer, sandbox: SandboxControl, bearer: dict[str, str]
) -> None:
    posted = _sandbox_now(http, sandbox_server) - timedelta(days=1)
    _register(http, sandbox_server, CODE, posted)
    deleted = http.delete(f"{sandbox_server.url}/_sandbox/tracking/objects", timeout=TIMEOUT)
    assert deleted.json() == {"forgotten": 1}
    assert _objects(_track(http, sandbox_server, bearer, CODE))[CODE]["mensagem"].startswith("SRO-020")
    _register(http, sandbox_server, OTHER, posted)
    assert "eventos" in _objects(_track(http, sandbox_server, bearer, OTHER))[OTHER]
    sandbox.reset()
    headers = _token(http, sandbox_server, DEMO.card)
    assert _objects(_track(http, sandbox_server, headers, OTHER))[OTHER]["mensagem"].startswith("SRO-020")


def test_registration_refuses_a_bad_object(http: requests.Session, sandbox_server: SandboxServer) -> None:
    body = {"codigo": "QB314159260BR", "coProduto": "03220", "cepOrigem": SP, "cepDestino": RIO}
    url = f"{sandbox_server.url}/_sandbox/tracking/objects"
    bad_code = http.post(url, json=body | {"postado": "2026-11-20T10:00:00"}, timeout=TIMEOUT)
    assert "codigo" in _assert_error(bad_code, 400, "GTW-010")["msgs"][0]
    bad_fate = http.post(
        url, json=body | {"codigo": CODE, "postado": "2026-11-20T10:00:00", "destino": "x"}, timeout=TIMEOUT
    )
    assert "destino" in _assert_error(bad_fate, 400, "GTW-010")["msgs"][0]
