"""Transport: retries, Retry-After, error mapping, masking (no network: `responses`)."""

from __future__ import annotations

import logging

import pytest
import requests
import responses

from postalgui.api.cancel import Cancelled, CancelToken, cancel_scope
from postalgui.api.errors import (
    ApiTimeoutError,
    AuthenticationError,
    BadRequestError,
    InvalidResponseError,
    NotFoundError,
    OperatorError,
    RateLimitError,
    RetriesExhaustedError,
    ServerError,
    TransportError,
)
from postalgui.api.transport import RetryPolicy, Transport, parse_retry_after

BASE = "https://api.example.test"


class FakeClock:
    """A monotonic clock that only moves when the transport waits (or a test moves it)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.waits: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def waits(clock: FakeClock) -> list[float]:
    return clock.waits


@pytest.fixture
def transport(clock: FakeClock) -> Transport:
    return Transport(BASE, retry=RetryPolicy(backoff_base=0.5), clock=clock, sleep=clock.sleep)


@responses.activate
def test_sends_accept_language_and_returns_success(transport: Transport) -> None:
    responses.get(f"{BASE}/x", json={"ok": True})
    assert transport.request_json("GET", "/x") == {"ok": True}
    assert responses.calls[0].request.headers["Accept-Language"] == "pt-BR"


@responses.activate
@pytest.mark.parametrize("status", [429, 500, 502, 503, 504])
def test_idempotent_call_is_retried_on_transient_status(
    transport: Transport, waits: list[float], status: int
) -> None:
    responses.get(f"{BASE}/x", status=status, json={"msgs": ["busy"]})
    responses.get(f"{BASE}/x", json={"ok": 1})
    assert transport.request_json("GET", "/x") == {"ok": 1}
    assert len(responses.calls) == 2
    assert len(waits) == 1


@responses.activate
def test_retry_after_is_honoured(transport: Transport, waits: list[float]) -> None:
    responses.post(f"{BASE}/token", status=429, headers={"Retry-After": "7"}, json={"msgs": ["limite"]})
    responses.post(f"{BASE}/token", status=201, json={"ok": 1})
    transport.request("POST", "/token", idempotent=True)
    assert waits[0] >= 7.0


@responses.activate
def test_gives_up_when_retry_after_passes_the_budget(transport: Transport, waits: list[float]) -> None:
    responses.get(f"{BASE}/x", status=503, headers={"Retry-After": "120"}, json={"msgs": ["manutenção"]})
    with pytest.raises(RetriesExhaustedError) as info:
        transport.request("GET", "/x")
    assert waits == []
    assert "60 s limit" in str(info.value)
    assert isinstance(info.value.last, ServerError)
    assert info.value.last.messages == ["manutenção"]


@responses.activate
def test_deadline_bounds_attempts_and_waits(clock: FakeClock, waits: list[float]) -> None:
    transport = Transport(
        BASE, retry=RetryPolicy(max_attempts=50, deadline=5.0), clock=clock, sleep=clock.sleep
    )
    responses.get(f"{BASE}/x", status=503, headers={"Retry-After": "2"}, json={"msgs": ["manutenção"]})
    with pytest.raises(RetriesExhaustedError) as info:
        transport.request("GET", "/x")
    assert sum(waits) <= 5.0
    assert len(responses.calls) == 3  # waits 2 + 2, a third 2 would pass 5
    assert str(info.value).startswith("Gave up after 4 s and 3 attempts")
    assert "manutenção" in str(info.value)


@responses.activate
def test_a_server_that_never_answers_costs_one_deadline(clock: FakeClock) -> None:
    """Each attempt's read timeout is capped to the time left (five 30 s timeouts took 150 s)."""
    transport = Transport(BASE, retry=RetryPolicy(backoff_base=0.5), clock=clock, sleep=clock.sleep)
    timeouts: list[float] = []

    def never_answers(request: requests.PreparedRequest) -> tuple[int, dict[str, str], str]:
        read_timeout = request.req_kwargs["timeout"][1]  # type: ignore[attr-defined]
        timeouts.append(read_timeout)
        clock.now += read_timeout
        raise requests.ReadTimeout("read timed out")

    responses.add_callback(responses.GET, f"{BASE}/x", callback=never_answers)
    started = clock.now
    with pytest.raises(RetriesExhaustedError) as info:
        transport.request("GET", "/x")
    assert clock.now - started <= 60.0
    assert timeouts[0] == 30.0
    assert timeouts[-1] < 30.0
    assert str(info.value).startswith(f"Gave up after 60 s and {len(timeouts)} attempts: No answer")
    assert isinstance(info.value.last, ApiTimeoutError)


@responses.activate
def test_a_shared_deadline_ends_the_operations_after_a_silence(clock: FakeClock) -> None:
    """Inside `shared_deadline`, later operations share the first one's silence (a batch
    of rounds waited one deadline per round), while an answer moves the deadline on."""
    transport = Transport(
        BASE, retry=RetryPolicy(max_attempts=1, deadline=10.0), clock=clock, sleep=clock.sleep
    )
    reads: list[float] = []

    def never_answers(request: requests.PreparedRequest) -> tuple[int, dict[str, str], str]:
        reads.append(request.req_kwargs["timeout"][1])  # type: ignore[attr-defined]
        clock.now += reads[-1]
        raise requests.ReadTimeout("read timed out")

    responses.add_callback(responses.GET, f"{BASE}/silent", callback=never_answers)
    responses.get(f"{BASE}/ok", json={})
    with transport.shared_deadline():
        clock.now += 8.0
        transport.request("GET", "/ok")  # an answer at 8 s: the silence starts again
        clock.now += 5.0
        with pytest.raises(ApiTimeoutError):
            transport.request("GET", "/silent")  # 5 s left of the shared 10, not its own 10
        with pytest.raises(ApiTimeoutError) as info:
            transport.request("GET", "/silent")
    assert reads == [5.0]  # the second was never sent
    assert str(info.value) == f"No answer from {BASE} in the last 10 s; this request was not sent"
    transport.request("GET", "/ok")  # outside the block each operation has its own deadline again


@responses.activate
def test_attempts_are_bounded(transport: Transport, waits: list[float]) -> None:
    responses.get(f"{BASE}/x", status=502, body="<html>Bad gateway</html>")
    with pytest.raises(RetriesExhaustedError) as info:
        transport.request("GET", "/x")
    assert len(responses.calls) == transport.retry.max_attempts
    assert info.value.status == 502


@responses.activate
def test_non_idempotent_post_is_not_retried(transport: Transport) -> None:
    responses.post(f"{BASE}/x", status=503, json={"msgs": ["indisponível"]})
    with pytest.raises(ServerError):
        transport.request("POST", "/x")
    assert len(responses.calls) == 1


@responses.activate
def test_connection_errors_are_retried_then_typed(transport: Transport, waits: list[float]) -> None:
    responses.get(f"{BASE}/x", body=requests.ConnectionError("Connection refused"))
    responses.get(f"{BASE}/x", json=[1])
    assert transport.request_json("GET", "/x") == [1]
    responses.replace(responses.GET, f"{BASE}/x", body=requests.ConnectionError("Connection refused"))
    with pytest.raises(RetriesExhaustedError) as info:
        transport.request("GET", "/x")
    assert isinstance(info.value.last, TransportError)


@responses.activate
def test_timeout_is_typed(waits: list[float]) -> None:
    transport = Transport(BASE, retry=RetryPolicy(max_attempts=1), sleep=waits.append)
    responses.get(f"{BASE}/x", body=requests.ReadTimeout("read timed out"))
    with pytest.raises(ApiTimeoutError):
        transport.request("GET", "/x")


@responses.activate
@pytest.mark.parametrize(
    ("body", "status", "kind", "code", "text"),
    [
        (
            {"msgs": ["CON-011: Serviço não encontrado para o contrato e cartão"], "causa": "x"},
            404,
            NotFoundError,
            "CON-011",
            "Serviço não encontrado para o contrato e cartão",
        ),
        (
            {"msg": "PRC-102: CEP de destino inválido"},
            400,
            BadRequestError,
            "PRC-102",
            "CEP de destino inválido",
        ),
        (
            {"statusCode": 401, "mensagem": "GTW-008: Token não válido para este ambiente", "excecao": "E"},
            401,
            AuthenticationError,
            "GTW-008",
            "Token não válido para este ambiente",
        ),
        ({"msgs": [], "causa": "Erro sem código"}, 409, OperatorError, None, "Erro sem código"),
    ],
)
def test_operator_error_bodies_become_typed_errors(
    transport: Transport, body: dict[str, object], status: int, kind: type, code: str | None, text: str
) -> None:
    responses.get(f"{BASE}/x", status=status, json=body)
    with pytest.raises(kind) as info:
        transport.request("GET", "/x")
    error = info.value
    assert error.status == status
    assert error.code == code
    assert error.text == text
    assert str(status) in str(error)


@responses.activate
def test_non_json_error_body_is_an_invalid_response_with_status(transport: Transport) -> None:
    responses.get(f"{BASE}/x", status=400, body="<html>oops</html>", content_type="text/html")
    with pytest.raises(InvalidResponseError) as info:
        transport.request("GET", "/x")
    assert info.value.status == 400
    assert "400" in str(info.value)


@responses.activate
@pytest.mark.parametrize(
    ("body", "content_type"),
    [('{"truncated": ', "application/json"), ("<html>Serviço em manutenção</html>", "text/html")],
)
def test_unreadable_answer_is_retried(
    transport: Transport, waits: list[float], body: str, content_type: str
) -> None:
    responses.get(f"{BASE}/x", body=body, content_type=content_type)
    responses.get(f"{BASE}/x", json={"ok": 1})
    assert transport.request_json("GET", "/x") == {"ok": 1}
    assert len(responses.calls) == 2
    assert len(waits) == 1


@responses.activate
def test_unreadable_answer_that_persists_is_an_invalid_response(transport: Transport) -> None:
    responses.get(f"{BASE}/x", body='{"truncated": ', content_type="application/json")
    with pytest.raises(InvalidResponseError) as info:
        transport.request_json("GET", "/x")
    assert info.value.status == 200
    attempts = transport.retry.max_attempts
    assert str(info.value).startswith(f"Gave up after {attempts} attempts: Invalid response")
    assert len(responses.calls) == attempts


@responses.activate
def test_post_that_starts_work_is_never_repeated(transport: Transport) -> None:
    responses.post(f"{BASE}/x", status=500, json={"msgs": ["erro interno"]})
    with pytest.raises(ServerError):
        transport.request_json("POST", "/x")
    responses.replace(responses.POST, f"{BASE}/x", body="<html>manutenção</html>", content_type="text/html")
    with pytest.raises(InvalidResponseError):
        transport.request_json("POST", "/x")
    assert len(responses.calls) == 2


@responses.activate
def test_idempotent_post_is_retried_on_500_and_garbled_answers(transport: Transport) -> None:
    responses.post(f"{BASE}/preco", status=500, json={"msgs": ["erro interno"]})
    responses.post(f"{BASE}/preco", body="[{", content_type="application/json")
    responses.post(f"{BASE}/preco", json=[{"pcFinal": "19,92"}])
    assert transport.request_json("POST", "/preco", idempotent=True) == [{"pcFinal": "19,92"}]
    assert len(responses.calls) == 3


@responses.activate
def test_cancel_during_an_attempt_ends_the_call_without_a_retry() -> None:
    transport = Transport(BASE, retry=RetryPolicy(backoff_base=30.0, backoff_max=30.0))
    token = CancelToken()

    def cancelled_while_sending(request: requests.PreparedRequest) -> tuple[int, dict[str, str], str]:
        token.cancel()
        return 503, {"Retry-After": "30"}, '{"msgs": ["x"]}'

    responses.add_callback(responses.GET, f"{BASE}/x", callback=cancelled_while_sending)
    with cancel_scope(token), pytest.raises(Cancelled):
        transport.request("GET", "/x")
    assert len(responses.calls) == 1


@responses.activate
def test_rate_limit_error_carries_retry_after_when_not_retried(transport: Transport) -> None:
    responses.post(f"{BASE}/x", status=429, headers={"Retry-After": "12"}, json={"msgs": ["Limite"]})
    with pytest.raises(RateLimitError) as info:
        transport.request("POST", "/x")
    assert info.value.retry_after == 12.0


class _Renewing(requests.auth.AuthBase):
    def __init__(self) -> None:
        self.token = "first-secret-token"
        self.renewals = 0

    def __call__(self, r: requests.PreparedRequest) -> requests.PreparedRequest:
        r.headers["Authorization"] = f"Bearer {self.token}"
        return r

    def renew(self) -> bool:
        self.renewals += 1
        self.token = "second-secret-token"
        return True


@responses.activate
@pytest.mark.parametrize(
    ("status", "body"),
    [(401, {"msgs": ["GTW-008: Token não válido"]}), (403, {"msgs": ["x"]}), (400, {"msgs": ["GTW-008: y"]})],
)
def test_auth_failure_renews_once_and_retries_once(
    transport: Transport, status: int, body: dict[str, object]
) -> None:
    responses.get(f"{BASE}/x", status=status, json=body)
    responses.get(f"{BASE}/x", json={"ok": True})
    auth = _Renewing()
    assert transport.request_json("GET", "/x", auth=auth) == {"ok": True}
    assert auth.renewals == 1
    assert responses.calls[1].request.headers["Authorization"] == "Bearer second-secret-token"


@responses.activate
def test_auth_failure_twice_is_reported(transport: Transport) -> None:
    responses.get(f"{BASE}/x", status=401, json={"msgs": ["GTW-008: Token não válido"]})
    auth = _Renewing()
    with pytest.raises(AuthenticationError) as info:
        transport.request("GET", "/x", auth=auth)
    assert auth.renewals == 1
    assert len(responses.calls) == 2
    assert info.value.code == "GTW-008"


@responses.activate
def test_credentials_never_reach_error_texts_or_logs(
    transport: Transport, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    responses.get(
        f"{BASE}/x",
        status=400,
        json={"msgs": ["echo: Authorization: Bearer eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl leaked"]},
    )
    responses.get(f"{BASE}/y", json={})
    auth = requests.auth.HTTPBasicAuth("empresa.demo", "very-secret-access-code")
    with pytest.raises(BadRequestError) as info:
        transport.request("GET", "/x", auth=auth)
    transport.request("GET", "/y", auth=auth)
    assert "eyJhbGciOi" not in str(info.value)
    assert "very-secret-access-code" not in caplog.text
    assert "Basic " not in caplog.text.replace("Basic ***", "")


def test_parse_retry_after_forms() -> None:
    assert parse_retry_after("5") == 5.0
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=1445412470.0) == pytest.approx(10.0)
    assert parse_retry_after("soon") is None
    assert parse_retry_after(None) is None


def test_backoff_grows_and_is_capped() -> None:
    import random

    policy = RetryPolicy(backoff_base=1.0, backoff_max=4.0)
    rng = random.Random(1)
    ceilings = [max(policy.backoff(n, rng) for _ in range(200)) for n in (1, 2, 3, 6)]
    assert ceilings[0] <= 1.0 < ceilings[1] <= 2.0 < ceilings[2] <= 4.0
    assert ceilings[3] <= 4.0


def test_proxy_settings_come_from_the_environment_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read at construction (requests would rescan the environment on every call)."""
    monkeypatch.setenv("HTTPS_PROXY", "http://proxy.example:3128")
    monkeypatch.setenv("NO_PROXY", "localhost")
    transport = Transport("https://api.correios.com.br")
    local = Transport("http://localhost:8765")
    try:
        assert transport._session.proxies.get("https") == "http://proxy.example:3128"
        assert transport._session.trust_env is False
        assert "https" not in local._session.proxies, "NO_PROXY is honoured"
    finally:
        transport.close()
        local.close()
