"""The real client against the real sandbox over HTTP: tokens, bearer calls, faults."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest

from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.errors import (
    AuthenticationError,
    InvalidResponseError,
    PermissionDeniedError,
    RetriesExhaustedError,
)
from postalgui.api.tokens import ACCESS_CODE_KEY, LOGIN_KEY, Scope, TokenManager, TokenScope
from postalgui.api.transport import Transport
from postalgui.sandbox import DEMO, SandboxServer
from postalgui.sandbox.demo import FOREIGN_CNPJ
from tests.conftest import MemoryKeyring
from tests.e2e.conftest import CARD, CONTRACTS, SandboxControl


def test_card_token_from_the_sandbox(client: OperatorClient, sandbox: SandboxControl) -> None:
    token = client.tokens.get(CARD)
    info = token.info
    assert info is not None
    assert info.cnpj == DEMO.cnpj
    assert info.cartaoPostagem is not None
    assert info.cartaoPostagem.numero == DEMO.card
    assert 34 in info.api_ids
    assert token.expires_at is not None
    assert token.expires_at.utcoffset() == timedelta(hours=-3)
    assert sandbox.stats()["token_requests"] == 1


@pytest.mark.parametrize("kind", [Scope.LOGIN, Scope.CONTRACT])
def test_login_and_contract_tokens(client: OperatorClient, kind: Scope) -> None:
    scope = TokenScope(kind, contract=DEMO.contract if kind is Scope.CONTRACT else None, dr=DEMO.dr)
    info = client.tokens.get(scope).info
    assert info is not None
    assert info.ambiente == "LOCAL"
    if kind is Scope.CONTRACT:
        assert info.contrato is not None
        assert info.contrato.numero == DEMO.contract


def test_bearer_call_lists_the_demo_contracts(client: OperatorClient) -> None:
    contracts = client.call_json("GET", CONTRACTS)
    assert DEMO.contract in [c["nuContrato"] for c in contracts]
    assert {c["cnpj"] for c in contracts} == {DEMO.cnpj}


def test_foreign_cnpj_is_forbidden_with_the_operator_message(client: OperatorClient) -> None:
    with pytest.raises(PermissionDeniedError) as info:
        client.call("GET", f"/meucontrato/v1/empresas/{FOREIGN_CNPJ}/contratos")
    assert info.value.code is not None
    assert info.value.status == 403


def test_revoked_token_is_renewed_once(client: OperatorClient, sandbox: SandboxControl) -> None:
    client.call_json("GET", CONTRACTS)
    sandbox.revoke_tokens()
    assert client.call_json("GET", CONTRACTS)
    assert sandbox.stats()["token_requests"] == 2


def test_token_that_keeps_failing_is_reported(client: OperatorClient, sandbox: SandboxControl) -> None:
    sandbox._call("PUT", "/config", {"token_lifetime_s": -60})  # every token is born expired
    with pytest.raises(AuthenticationError) as info:
        client.call("GET", CONTRACTS)
    assert info.value.code == "GTW-008"
    assert sandbox.stats()["token_requests"] == 2


def test_wrong_access_code_shows_the_operator_message(sandbox_server: SandboxServer) -> None:
    store = CredentialStore(MemoryKeyring())
    store.set("sandbox", LOGIN_KEY, DEMO.login)
    store.set("sandbox", ACCESS_CODE_KEY, "wrong-code")
    transport = Transport(sandbox_server.url)
    try:
        with pytest.raises(AuthenticationError) as info:
            TokenManager(transport, store, "sandbox").get(CARD)
    finally:
        transport.close()
    assert info.value.code is not None
    assert info.value.code.startswith("GTW-")
    assert "wrong-code" not in str(info.value)


def test_single_flight_200_calls_8_threads(client: OperatorClient, sandbox: SandboxControl) -> None:
    barrier = threading.Barrier(8)
    failures: list[BaseException] = []

    def work() -> None:
        barrier.wait()
        try:
            for _ in range(25):
                client.call("GET", CONTRACTS)
        except Exception as exc:  # noqa: BLE001  # collected and asserted below
            failures.append(exc)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    stats = sandbox.stats()
    assert stats["token_requests"] == 1
    assert stats["requests"][f"GET {CONTRACTS}"] == 200


def test_scripted_503_with_retry_after_is_retried(
    client: OperatorClient, sandbox: SandboxControl, waits: list[float]
) -> None:
    client.tokens.get(CARD)
    sandbox.script({"status": 503, "retry_after": 2, "path_prefix": "/meucontrato", "count": 2})
    assert client.call_json("GET", CONTRACTS)
    assert len(waits) == 2
    assert min(waits) >= 2.0


def test_token_service_429_is_retried(
    client: OperatorClient, sandbox: SandboxControl, waits: list[float]
) -> None:
    sandbox.script({"status": 429, "retry_after": 1, "path_prefix": "/token"})
    assert client.tokens.get(CARD).value
    assert waits
    assert waits[0] >= 1.0
    assert sandbox.stats()["token_requests"] == 1


def test_dropped_connection_is_retried(client: OperatorClient, sandbox: SandboxControl) -> None:
    client.tokens.get(CARD)
    sandbox.script({"kind": "drop", "path_prefix": "/meucontrato"})
    assert client.call_json("GET", CONTRACTS)


def test_malformed_body_is_retried(client: OperatorClient, sandbox: SandboxControl) -> None:
    client.tokens.get(CARD)
    sandbox.script({"kind": "malformed", "variant": "truncated", "path_prefix": "/meucontrato"})
    assert client.call_json("GET", CONTRACTS)
    assert sandbox.stats()["requests"][f"GET {CONTRACTS}"] == 2


def test_malformed_body_that_persists_is_an_invalid_response(
    client: OperatorClient, sandbox: SandboxControl
) -> None:
    client.tokens.get(CARD)
    sandbox.script({"kind": "malformed", "variant": "truncated", "path_prefix": "/meucontrato", "count": 10})
    with pytest.raises(InvalidResponseError) as info:
        client.call_json("GET", CONTRACTS)
    assert info.value.status == 200


def test_persistent_outage_gives_up_with_a_clear_error(
    client: OperatorClient, sandbox: SandboxControl, waits: list[float]
) -> None:
    client.tokens.get(CARD)
    sandbox.script({"status": 503, "path_prefix": "/meucontrato", "count": 10})
    with pytest.raises(RetriesExhaustedError) as info:
        client.call("GET", CONTRACTS)
    assert "Gave up after" in str(info.value)
    assert info.value.status == 503
