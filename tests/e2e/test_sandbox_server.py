"""The sandbox over real loopback HTTP: token service, bearer checks, faults, control, lifecycle."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from postalgui.sandbox import DEMO, SandboxConfig, SandboxServer
from postalgui.sandbox import tokens as sandbox_tokens
from postalgui.sandbox.demo import EXPIRING_CONTRACT

NOW = 1_748_876_400.0  # 2025-06-02T12:00:00-03:00
AUTH = (DEMO.login, DEMO.access_code)
TIMEOUT = 10
LOCAL_TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}")
ERROR_KEYS = {"msgs", "date", "method", "path", "causa", "stackTrace"}
CONTRACT_KEYS = {
    "cnpj",
    "nuContrato",
    "nuSe",
    "dtInicioVigencia",
    "dtFimVigencia",
    "status",
    "nuCombo",
    "categoria",
}
TRANSPORT_ERRORS = (requests.exceptions.ConnectionError, requests.exceptions.ChunkedEncodingError)


class FakeClock:
    """The sandbox's clock in tests: moved by hand, so nothing sleeps."""

    def __init__(self, now: float = NOW) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def _started(config: SandboxConfig | None = None) -> SandboxServer:
    server = SandboxServer(config=config)
    server.start()
    assert server.wait_ready()
    return server


@pytest.fixture
def server(clock: FakeClock) -> Iterator[SandboxServer]:
    sandbox = _started(SandboxConfig(clock=clock))
    yield sandbox
    sandbox.stop()


@pytest.fixture
def http() -> Iterator[requests.Session]:
    with requests.Session() as session:
        yield session


def _post_token(
    http: requests.Session, server: SandboxServer, path: str = "/token/v1/autentica/contrato", **kwargs: Any
) -> requests.Response:
    kwargs.setdefault("auth", AUTH)
    if path.endswith("/contrato"):
        kwargs.setdefault("json", {"numero": DEMO.contract})
    return http.post(f"{server.url}{path}", timeout=TIMEOUT, **kwargs)


def _token(http: requests.Session, server: SandboxServer) -> str:
    response = _post_token(http, server)
    assert response.status_code == 201, response.text
    token: str = response.json()["token"]
    return token


def _contracts(
    http: requests.Session, server: SandboxServer, token: str | None, cnpj: str = DEMO.cnpj, **params: str
) -> requests.Response:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    url = f"{server.url}/meucontrato/v1/empresas/{cnpj}/contratos"
    return http.get(url, headers=headers, params=params, timeout=TIMEOUT)


def _control(http: requests.Session, server: SandboxServer, method: str, path: str, body: Any = None) -> Any:
    response = http.request(method, f"{server.url}/_sandbox{path}", json=body, timeout=TIMEOUT)
    assert response.ok, response.text
    return response.json()


def _assert_error(response: requests.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body: dict[str, Any] = response.json()
    assert set(body) == ERROR_KEYS
    assert body["msgs"][0].startswith(f"{code}: "), body
    assert body["path"] == response.request.path_url.split("?")[0]
    assert body["method"] == response.request.method
    assert body["stackTrace"] is None
    return body


# -- token service ----------------------------------------------------------------


@pytest.mark.parametrize("prefix", ["/token/v1", "/token"])
def test_login_token(http: requests.Session, server: SandboxServer, prefix: str) -> None:
    response = _post_token(http, server, f"{prefix}/autentica")
    assert response.status_code == 201
    body = response.json()
    assert body["ambiente"] == "LOCAL"
    assert body["id"] == DEMO.login
    assert body["ip"] == "127.0.0.1"
    assert body["perfil"] == "PJ"
    assert body["cnpj"] == DEMO.cnpj
    assert body["categoria"]
    assert "api" not in body  # REFERENCE.md: `api` only inside cartaoPostagem or contrato
    assert "contrato" not in body
    assert "cartaoPostagem" not in body
    assert body["emissao"] == "2025-06-02T12:00:00"
    assert body["expiraEm"] == "2025-06-03T12:00:00"
    assert body["zoneOffset"] == "-03:00"
    assert len(body["token"].split(".")) == 3


@pytest.mark.parametrize("prefix", ["/token/v1", "/token"])
def test_contract_token(http: requests.Session, server: SandboxServer, prefix: str) -> None:
    response = _post_token(
        http, server, f"{prefix}/autentica/contrato", json={"numero": DEMO.contract, "dr": 72}
    )
    assert response.status_code == 201
    body = response.json()
    assert body["contrato"]["numero"] == DEMO.contract
    assert body["contrato"]["dr"] == DEMO.dr
    assert {34, 35, 41, 87} <= set(body["contrato"]["api"])
    assert all(isinstance(api, int) for api in body["contrato"]["api"])
    assert LOCAL_TIMESTAMP.fullmatch(body["expiraEm"])
    claims = sandbox_tokens.decode(body["token"], sandbox_tokens.DEFAULT_SECRET)
    assert claims["escopo"] == "contrato"
    assert claims["contrato"] == DEMO.contract
    assert claims["exp"] - claims["iat"] == 24 * 3600


@pytest.mark.parametrize("prefix", ["/token/v1", "/token"])
@pytest.mark.parametrize(
    "request_body",
    [
        {"numero": DEMO.card},
        {"numero": DEMO.card.lstrip("0")},
        {"numero": DEMO.card.lstrip("0"), "contrato": DEMO.contract, "dr": DEMO.dr},
    ],
)
def test_card_token(
    http: requests.Session, server: SandboxServer, prefix: str, request_body: dict[str, Any]
) -> None:
    response = _post_token(http, server, f"{prefix}/autentica/cartaopostagem", json=request_body)
    assert response.status_code == 201, response.text
    card = response.json()["cartaoPostagem"]
    assert card["numero"] == DEMO.card
    assert card["contrato"] == DEMO.contract
    assert card["dr"] == DEMO.dr
    assert {34, 35, 36, 87} <= set(card["api"])
    assert [item["api"] for item in card["apis"]] == card["api"]
    assert all(isinstance(item["grupos"], list) and item["grupos"] for item in card["apis"])


@pytest.mark.parametrize("prefix", ["/token/v1", "/token"])
@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/autentica", None),
        ("/autentica/contrato", {"numero": DEMO.contract}),
        ("/autentica/cartaopostagem", {"numero": DEMO.card}),
    ],
)
def test_token_answer_is_201_with_location(
    http: requests.Session, server: SandboxServer, prefix: str, path: str, body: dict[str, Any] | None
) -> None:
    """Spec 001, 7: a 201 carries Location (here the operation that issued the token)."""
    response = _post_token(http, server, f"{prefix}{path}", json=body)
    assert response.status_code == 201, response.text
    assert response.headers["Location"] == f"{prefix}{path}"


def test_token_refusal_has_no_location(http: requests.Session, server: SandboxServer) -> None:
    response = _post_token(http, server, json={"numero": "9900000001"})
    assert response.status_code == 404
    assert "Location" not in response.headers


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("/contrato", {"numero": "9900000001"}, 404, "TKN-004"),
        ("/contrato", {"numero": "9917777777"}, 403, "TKN-005"),
        ("/contrato", {"numero": "9912345679"}, 403, "TKN-010"),
        ("/contrato", {"numero": DEMO.contract, "dr": 10}, 400, "TKN-009"),
        ("/contrato", {"numero": "99-123"}, 400, "GTW-010"),
        ("/contrato", {}, 400, "GTW-010"),
        ("/cartaopostagem", {"numero": "70000000"}, 404, "TKN-006"),
        ("/cartaopostagem", {"numero": "0079999999"}, 403, "TKN-007"),
        ("/cartaopostagem", {"numero": DEMO.card, "contrato": "9912345679"}, 403, "TKN-008"),
        ("/cartaopostagem", {"numero": "74512347"}, 403, "TKN-011"),
        ("/cartaopostagem", {"numero": "0074599001"}, 403, "TKN-010"),
        ("/cartaopostagem", {"numero": DEMO.card, "dr": "DR"}, 400, "GTW-010"),
    ],
)
def test_token_refusals(
    http: requests.Session, server: SandboxServer, path: str, body: dict[str, Any], status: int, code: str
) -> None:
    response = _post_token(http, server, f"/token/v1/autentica{path}", json=body)
    _assert_error(response, status, code)


def test_validation_error_names_the_field(http: requests.Session, server: SandboxServer) -> None:
    response = _post_token(
        http, server, "/token/v1/autentica/cartaopostagem", json={"contrato": DEMO.contract}
    )
    body = _assert_error(response, 400, "GTW-010")
    assert "'numero'" in body["msgs"][0]
    assert "obrigatório" in body["msgs"][0]


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Basic %%%"},
        {"Authorization": "Bearer abc"},
    ],
)
def test_missing_basic_credentials(
    http: requests.Session, server: SandboxServer, headers: dict[str, str]
) -> None:
    response = http.post(f"{server.url}/token/v1/autentica", headers=headers, timeout=TIMEOUT)
    code = "GTW-002" if headers.get("Authorization", "").startswith("Basic") else "GTW-001"
    _assert_error(response, 401, code)
    assert response.headers["WWW-Authenticate"].startswith("Basic ")


@pytest.mark.parametrize("auth", [(DEMO.login, "wrong-code"), ("someone.else", DEMO.access_code)])
def test_wrong_basic_credentials(
    http: requests.Session, server: SandboxServer, auth: tuple[str, str]
) -> None:
    response = _post_token(http, server, "/token/autentica/contrato", auth=auth)
    _assert_error(response, 401, "GTW-002")
    assert response.headers["WWW-Authenticate"].startswith("Basic ")


# -- bearer tokens on the contract service -------------------------------------------


def test_contract_list_with_a_valid_token(http: requests.Session, server: SandboxServer) -> None:
    response = _contracts(http, server, _token(http, server))
    assert response.status_code == 200
    records = response.json()
    assert {record["nuContrato"] for record in records} >= {DEMO.contract}
    assert all(set(record) == CONTRACT_KEYS for record in records)
    assert all(record["cnpj"] == DEMO.cnpj for record in records)


def test_contract_list_filters(http: requests.Session, server: SandboxServer) -> None:
    token = _token(http, server)
    active = _contracts(http, server, token, status="ATIVO").json()
    assert [record["nuContrato"] for record in active] == [DEMO.contract, EXPIRING_CONTRACT]
    valid_today = _contracts(http, server, token, vigente="S").json()
    assert {record["nuContrato"] for record in valid_today} == {"9912345678", "9912345679", EXPIRING_CONTRACT}
    bad = _contracts(http, server, token, status="VENCIDO")
    assert "'status'" in _assert_error(bad, 400, "GTW-010")["msgs"][0]


def test_contract_list_of_another_cnpj_is_forbidden(http: requests.Session, server: SandboxServer) -> None:
    response = _contracts(http, server, _token(http, server), cnpj="99888777000100")
    _assert_error(response, 403, "CON-003")


def test_missing_bearer_token(http: requests.Session, server: SandboxServer) -> None:
    response = _contracts(http, server, None)
    _assert_error(response, 401, "GTW-007")
    assert response.headers["WWW-Authenticate"].startswith("Bearer ")


@pytest.mark.parametrize("token", ["not-a-token", "a.b.c", "eyJhbGciOiJub25lIn0.e30."])
def test_garbage_bearer_token(http: requests.Session, server: SandboxServer, token: str) -> None:
    body = _assert_error(_contracts(http, server, token), 401, "GTW-008")
    assert body["msgs"] == ["GTW-008: Token não válido para este ambiente"]


def test_token_signed_elsewhere_is_refused(http: requests.Session, server: SandboxServer) -> None:
    foreign = _started(SandboxConfig(secret="another-sandbox"))
    try:
        token = _token(http, foreign)
    finally:
        foreign.stop()
    body = _assert_error(_contracts(http, server, token), 401, "GTW-008")
    assert body["causa"] == "Assinatura do token inválida"


def test_token_of_another_environment_is_refused(http: requests.Session, server: SandboxServer) -> None:
    claims = sandbox_tokens.TokenClaims(
        sub=DEMO.login,
        iat=int(NOW),
        exp=int(NOW) + 3600,
        cnpj=DEMO.cnpj,
        ambiente="PRODUCAO",
        escopo="contrato",
        api=(41,),
        epoch=0,
        contrato=DEMO.contract,
        dr=DEMO.dr,
    )
    token = sandbox_tokens.issue(claims, sandbox_tokens.DEFAULT_SECRET)
    body = _assert_error(_contracts(http, server, token), 401, "GTW-008")
    assert body["causa"] == "Token emitido para outro ambiente"


def test_token_expires_with_the_clock(
    http: requests.Session, server: SandboxServer, clock: FakeClock
) -> None:
    token = _token(http, server)
    clock.now += 24 * 3600 - 1
    assert _contracts(http, server, token).status_code == 200
    clock.now += 1
    body = _assert_error(_contracts(http, server, token), 401, "GTW-008")
    assert body["causa"] == "Token expirado"
    assert _contracts(http, server, _token(http, server)).status_code == 200


def test_zero_lifetime_tokens_are_born_expired(http: requests.Session, server: SandboxServer) -> None:
    assert _control(http, server, "PUT", "/config", {"token_lifetime_s": 0})["token_lifetime_s"] == 0
    response = _post_token(http, server)
    assert response.json()["expiraEm"] == response.json()["emissao"]
    _assert_error(_contracts(http, server, response.json()["token"]), 401, "GTW-008")


def test_revocation_refuses_older_tokens_only(http: requests.Session, server: SandboxServer) -> None:
    old = _token(http, server)
    assert _control(http, server, "POST", "/tokens/revoke") == {"epoch": 1}
    body = _assert_error(_contracts(http, server, old), 401, "GTW-008")
    assert body["causa"] == "Token revogado"
    assert _contracts(http, server, _token(http, server)).status_code == 200


# -- fault injection ------------------------------------------------------------------


def test_scripted_error_hits_only_matching_requests(http: requests.Session, server: SandboxServer) -> None:
    token = _token(http, server)
    _control(
        http, server, "POST", "/faults/script", {"status": 503, "retry_after": 2, "path_prefix": "/token"}
    )
    assert _contracts(http, server, token).status_code == 200
    failed = _post_token(http, server)
    body = _assert_error(failed, 503, "GTW-053")
    assert failed.headers["Retry-After"] == "2"
    assert body["causa"]
    assert _post_token(http, server).status_code == 201
    assert _control(http, server, "GET", "/faults/script") == {"pending": []}


def test_scripted_outcomes_apply_in_order(http: requests.Session, server: SandboxServer) -> None:
    _control(http, server, "POST", "/faults/script", [{"status": 429}, {"status": 500, "count": 2}])
    first = _post_token(http, server)
    _assert_error(first, 429, "GTW-029")
    assert first.headers["Retry-After"] == "1"
    for _ in range(2):
        response = _post_token(http, server)
        _assert_error(response, 500, "GTW-050")
        assert "Retry-After" not in response.headers
    assert _post_token(http, server).status_code == 201


@pytest.mark.parametrize("variant", ["html", "truncated"])
def test_malformed_answer(http: requests.Session, server: SandboxServer, variant: str) -> None:
    _control(http, server, "POST", "/faults/script", {"kind": "malformed", "variant": variant})
    response = _post_token(http, server)
    assert response.status_code == 200
    assert response.content
    with pytest.raises(requests.JSONDecodeError):
        response.json()


def test_dropped_connection(http: requests.Session, server: SandboxServer) -> None:
    _control(http, server, "POST", "/faults/script", {"kind": "drop"})
    with pytest.raises(TRANSPORT_ERRORS):
        _post_token(http, server)
    assert _post_token(http, server).status_code == 201


def test_random_errors_hit_roughly_their_share(http: requests.Session, server: SandboxServer) -> None:
    token = _token(http, server)
    _control(http, server, "PUT", "/faults", {"error_rate": 0.3, "seed": 5, "paths": ["/meucontrato"]})
    statuses = [_contracts(http, server, token) for _ in range(100)]
    errors = [response for response in statuses if response.status_code != 200]
    assert 15 <= len(errors) <= 45
    for response in errors:
        assert response.status_code in {429, 500, 503}
        assert set(response.json()) == ERROR_KEYS
        assert ("Retry-After" in response.headers) == (response.status_code != 500)
    assert _post_token(http, server).status_code == 201  # /token is outside the path filter
    assert _control(http, server, "GET", "/stats")["faults"]["error"] == len(errors)


def test_random_drops_and_garbage(http: requests.Session, server: SandboxServer) -> None:
    _control(http, server, "PUT", "/faults", {"drop_rate": 0.3, "malformed_rate": 0.3, "seed": 11})
    outcomes = {"ok": 0, "garbage": 0, "dropped": 0}
    for _ in range(40):
        try:
            response = _post_token(http, server)
        except TRANSPORT_ERRORS:
            outcomes["dropped"] += 1
            continue
        try:
            response.json()
        except requests.JSONDecodeError:
            outcomes["garbage"] += 1
        else:
            outcomes["ok"] += 1
    assert all(count > 0 for count in outcomes.values()), outcomes


def test_latency(http: requests.Session, server: SandboxServer) -> None:
    _control(http, server, "PUT", "/faults", {"latency_ms": 300})
    started = time.monotonic()
    response = _post_token(http, server)
    assert response.status_code == 201
    assert time.monotonic() - started >= 0.3


def test_scripted_delay(http: requests.Session, server: SandboxServer) -> None:
    _control(http, server, "POST", "/faults/script", {"kind": "delay", "latency_ms": 250})
    started = time.monotonic()
    assert _post_token(http, server).status_code == 201
    assert time.monotonic() - started >= 0.25


def test_control_endpoints_are_never_faulted(http: requests.Session, server: SandboxServer) -> None:
    _control(http, server, "PUT", "/faults", {"error_rate": 1.0})
    assert _control(http, server, "GET", "/health") == {"status": "ok"}
    assert _post_token(http, server).status_code in {429, 500, 503}


def test_fault_settings_round_trip_and_validate(http: requests.Session, server: SandboxServer) -> None:
    settings = {"latency_ms": 0, "error_rate": 0.5, "malformed_rate": 0.0, "drop_rate": 0.25, "seed": 3}
    assert _control(http, server, "PUT", "/faults", settings) == settings | {"paths": []}
    assert _control(http, server, "GET", "/faults") == settings | {"paths": []}
    bad = http.put(f"{server.url}/_sandbox/faults", json={"error_rate": 2}, timeout=TIMEOUT)
    _assert_error(bad, 400, "GTW-010")
    bad_script = http.post(f"{server.url}/_sandbox/faults/script", json={"kind": "boom"}, timeout=TIMEOUT)
    _assert_error(bad_script, 400, "GTW-010")


def test_faults_from_the_environment(monkeypatch: pytest.MonkeyPatch, http: requests.Session) -> None:
    monkeypatch.setenv("POSTALGUI_SANDBOX_FAULTS", "error=1,paths=/token")
    with SandboxServer() as sandbox:
        faults = http.get(f"{sandbox.url}/_sandbox/faults", timeout=TIMEOUT).json()
    assert faults["error_rate"] == 1.0
    assert faults["paths"] == ["/token"]


# -- stats --------------------------------------------------------------------------


def test_stats_count_token_issuances_and_routes(http: requests.Session, server: SandboxServer) -> None:
    _post_token(http, server, "/token/v1/autentica")
    token = _token(http, server)
    _post_token(http, server, "/token/autentica/contrato")
    _post_token(http, server, "/token/v1/autentica/contrato", auth=("x", "y"))
    _contracts(http, server, token)
    stats = _control(http, server, "GET", "/stats")
    assert stats["token_requests"] == 3
    assert stats["requests"] == {
        "POST /token/v1/autentica": 1,
        "POST /token/v1/autentica/contrato": 2,
        "POST /token/autentica/contrato": 1,
        f"GET /meucontrato/v1/empresas/{DEMO.cnpj}/contratos": 1,
    }
    assert stats["total_requests"] == 5
    reset = _control(http, server, "POST", "/stats/reset")
    assert reset["token_requests"] == reset["total_requests"] == 0


def test_reset_puts_everything_back_as_started(http: requests.Session, server: SandboxServer) -> None:
    fresh = _control(http, server, "POST", "/reset")
    old = _token(http, server)
    _control(http, server, "PUT", "/faults", {"error_rate": 0.5, "paths": ["/preco"], "seed": 1})
    _control(http, server, "POST", "/faults/script", {"status": 503, "path_prefix": "/token"})
    _control(
        http, server, "PUT", "/config", {"token_lifetime_s": 5, "processing_delay_s": 9, "file_lifetime_s": 1}
    )
    _control(http, server, "POST", "/clock/advance", {"seconds": 3600})
    _control(http, server, "POST", "/processing/fail-next", {"count": 2})
    _control(http, server, "POST", "/tokens/revoke")

    after = _control(http, server, "POST", "/reset")
    assert after == fresh
    assert after["faults"] == {
        "latency_ms": 0,
        "error_rate": 0.0,
        "malformed_rate": 0.0,
        "drop_rate": 0.0,
        "seed": None,
        "paths": [],
    }
    assert after["config"]["token_lifetime_s"] == 24 * 3600
    assert after["config"]["epoch"] == 0
    assert after["clock"]["offset_s"] == 0
    assert after["processing"] == {"fail_next": 0, "processings": []}
    assert _control(http, server, "GET", "/faults/script") == {"pending": []}
    assert _control(http, server, "GET", "/stats")["total_requests"] == 0
    assert _contracts(http, server, old).status_code == 200  # as in a fresh sandbox: no revocation


# -- lifecycle ----------------------------------------------------------------------


def test_start_is_immediate_and_stop_leaves_no_thread() -> None:
    before = set(threading.enumerate())
    sandbox = SandboxServer(config=SandboxConfig())
    started = time.monotonic()
    sandbox.start()
    assert time.monotonic() - started < 1.0
    assert sandbox.url == f"http://127.0.0.1:{sandbox.port}"
    assert sandbox.port > 0
    assert sandbox.wait_ready()
    assert set(threading.enumerate()) - before
    assert requests.get(f"{sandbox.url}/_sandbox/health", timeout=TIMEOUT).json() == {"status": "ok"}
    sandbox.stop()
    sandbox.stop()
    assert set(threading.enumerate()) - before == set()
    with pytest.raises(TRANSPORT_ERRORS):
        requests.get(f"{sandbox.url}/_sandbox/health", timeout=TIMEOUT)


def test_stop_right_after_start() -> None:
    before = set(threading.enumerate())
    sandbox = SandboxServer()
    sandbox.start()
    sandbox.stop()
    assert set(threading.enumerate()) - before == set()


def test_a_server_starts_only_once() -> None:
    with SandboxServer() as sandbox, pytest.raises(RuntimeError):
        sandbox.start()


def test_two_servers_at_once_keep_their_own_state(http: requests.Session) -> None:
    with SandboxServer() as first, SandboxServer() as second:
        assert first.url != second.url
        token = _token(http, first)
        assert _contracts(http, second, token).status_code == 200  # same public secret
        _control(http, first, "POST", "/tokens/revoke")
        assert _contracts(http, first, token).status_code == 401
        assert _contracts(http, second, token).status_code == 200
        assert _control(http, first, "GET", "/stats")["token_requests"] == 1
        assert _control(http, second, "GET", "/stats")["token_requests"] == 0


def test_serve_forever_in_the_calling_thread() -> None:
    sandbox = SandboxServer()
    bound: list[str] = []
    bound_event = threading.Event()

    def on_bound(url: str) -> None:
        bound.append(url)
        bound_event.set()

    runner = threading.Thread(target=sandbox.serve_forever, kwargs={"on_bound": on_bound})
    runner.start()
    try:
        assert bound_event.wait(10)
        assert sandbox.wait_ready()
        assert requests.get(f"{bound[0]}/_sandbox/health", timeout=TIMEOUT).ok
    finally:
        sandbox.stop()
        runner.join(10)
    assert not runner.is_alive()
    assert bound == [sandbox.url]
