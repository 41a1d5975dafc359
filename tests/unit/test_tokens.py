"""Token manager: cache, expiry margin, keyring reuse, single flight, re-auth, delegated keys."""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
import requests
import responses
from keyring.backends import fail

from postalgui.api.cancel import Cancelled, CancelToken, cancel_scope
from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.errors import (
    AuthenticationError,
    CredentialsMissingError,
    CredentialsRefusedError,
    InvalidResponseError,
    PermissionDeniedError,
)
from postalgui.api.tokens import (
    ACCESS_CODE_KEY,
    DELEGATED_KEY,
    LOGIN_KEY,
    Scope,
    Token,
    TokenManager,
    TokenScope,
    jwt_expiry,
)
from postalgui.api.transport import RetryPolicy, Transport
from tests.conftest import MemoryKeyring

BASE = "https://api.example.test"
NOW = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)  # 07:00 at -03:00
CARD = TokenScope(Scope.CARD, contract="9912345678", card="76543210", dr=72)


def token_body(
    token: str = "tok-1", expira: str = "2026-11-23T07:00:00", **extra: object
) -> dict[str, object]:
    body: dict[str, object] = {
        "ambiente": "HOMOLOGACAO",
        "id": "empresa.demo",
        "ip": "10.0.0.1",
        "perfil": "PJ",
        "cnpj": "11222333000181",
        "emissao": "2026-11-22T07:00:00",
        "expiraEm": expira,
        "zoneOffset": "-03:00",
        "token": token,
        "cartaoPostagem": {"numero": "0076543210", "contrato": "9912345678", "dr": 72, "api": [34, 35, 87]},
    }
    body.update(extra)
    return body


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def backend() -> MemoryKeyring:
    return MemoryKeyring()


@pytest.fixture
def store(backend: MemoryKeyring) -> CredentialStore:
    store = CredentialStore(backend)
    store.set("homologacao", LOGIN_KEY, "empresa.demo")
    store.set("homologacao", ACCESS_CODE_KEY, "access-code-0123456789")
    return store


@pytest.fixture
def clock() -> Clock:
    return Clock()


def manager(store: CredentialStore, clock: Clock, **kw: object) -> TokenManager:
    transport = Transport(BASE, retry=RetryPolicy(backoff_base=0), sleep=lambda s: None)
    return TokenManager(transport, store, "homologacao", clock=clock, **kw)  # type: ignore[arg-type]


CARD_URL = f"{BASE}/token/v1/autentica/cartaopostagem"


@responses.activate
def test_card_token_request_is_basic_auth_with_padded_numbers(store: CredentialStore, clock: Clock) -> None:
    responses.post(CARD_URL, status=201, json=token_body())
    token = manager(store, clock).get(CARD)
    request = responses.calls[0].request
    expected = base64.b64encode(b"empresa.demo:access-code-0123456789").decode()
    assert request.headers["Authorization"] == f"Basic {expected}"
    assert json.loads(request.body) == {"numero": "0076543210", "contrato": "9912345678", "dr": 72}
    assert token.value == "tok-1"
    assert token.expires_at == datetime(2026, 11, 23, 10, 0, tzinfo=UTC)
    assert token.expires_at.utcoffset() == timedelta(hours=-3)
    assert token.info is not None
    assert token.info.api_ids == [34, 35, 87]


@responses.activate
def test_created_answer_with_location_is_a_token(store: CredentialStore, clock: Clock) -> None:
    """Spec 001, 7: 201 carries Location; the token is the body's, nothing is followed."""
    responses.post(CARD_URL, status=201, json=token_body(), headers={"Location": "/token/v1/autentica/x"})
    token = manager(store, clock).get(CARD)
    assert token.value == "tok-1"
    assert len(responses.calls) == 1


@responses.activate
@pytest.mark.parametrize(
    ("scope", "path", "body"),
    [
        (TokenScope(Scope.LOGIN), "/token/v1/autentica", None),
        (
            TokenScope(Scope.CONTRACT, contract="12345", dr=10),
            "/token/v1/autentica/contrato",
            {"numero": "0000012345", "dr": 10},
        ),
    ],
)
def test_login_and_contract_routes(
    store: CredentialStore, clock: Clock, scope: TokenScope, path: str, body: dict[str, object] | None
) -> None:
    responses.post(f"{BASE}{path}", status=200, json=token_body(cartaoPostagem=None))
    manager(store, clock).get(scope)
    sent = responses.calls[0].request.body
    assert (json.loads(sent) if sent else None) == body


@responses.activate
def test_token_is_reused_until_thirty_minutes_before_expiry(store: CredentialStore, clock: Clock) -> None:
    responses.post(CARD_URL, status=201, json=token_body("tok-1"))
    responses.post(CARD_URL, status=201, json=token_body("tok-2", expira="2026-11-24T07:00:00"))
    tokens = manager(store, clock)
    assert tokens.get(CARD).value == "tok-1"
    clock.now = NOW + timedelta(hours=23, minutes=29)
    assert tokens.get(CARD).value == "tok-1"
    clock.now = NOW + timedelta(hours=23, minutes=31)
    assert tokens.get(CARD).value == "tok-2"
    assert len(responses.calls) == 2


@responses.activate
def test_token_survives_a_restart_through_the_keyring(
    backend: MemoryKeyring, store: CredentialStore, clock: Clock
) -> None:
    responses.post(CARD_URL, status=201, json=token_body("tok-1"))
    manager(store, clock).get(CARD)
    restarted = manager(CredentialStore(backend), clock)
    assert restarted.get(CARD).value == "tok-1"
    assert len(responses.calls) == 1
    [name] = [n for (service, n) in backend.passwords if n.startswith("token:")]
    assert name.endswith(":card:0076543210")
    assert "empresa.demo" not in name
    assert json.loads(backend.passwords[("postalgui:homologacao", name)])["token"] == "tok-1"


@responses.activate
def test_cached_token_of_another_login_is_not_reused(
    backend: MemoryKeyring, store: CredentialStore, clock: Clock
) -> None:
    responses.post(CARD_URL, status=201, json=token_body("tok-1"))
    responses.post(CARD_URL, status=201, json=token_body("tok-2"))
    manager(store, clock).get(CARD)
    other = CredentialStore(backend)
    other.remember("homologacao", LOGIN_KEY, "someone.else")
    assert manager(other, clock).get(CARD).value == "tok-2"


@responses.activate
def test_one_fetch_for_eight_threads(store: CredentialStore, clock: Clock) -> None:
    responses.post(CARD_URL, status=201, json=token_body())
    tokens = manager(store, clock)
    barrier = threading.Barrier(8)
    seen: list[str] = []

    def ask() -> None:
        barrier.wait()
        for _ in range(25):
            seen.append(tokens.get(CARD).value)

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(seen) == 200
    assert set(seen) == {"tok-1"}
    assert len(responses.calls) == 1


@responses.activate
def test_invalid_token_answer_re_authenticates_once(store: CredentialStore, clock: Clock) -> None:
    responses.post(CARD_URL, status=201, json=token_body("tok-old"))
    responses.post(CARD_URL, status=201, json=token_body("tok-new"))
    responses.get(f"{BASE}/meucontrato/v1/x", status=401, json={"msgs": ["GTW-008: Token não válido"]})
    responses.get(f"{BASE}/meucontrato/v1/x", json=[{"ok": 1}])
    tokens = manager(store, clock)
    client = OperatorClient(tokens._transport, tokens, CARD)
    assert client.call_json("GET", "/meucontrato/v1/x") == [{"ok": 1}]
    auths = [c.request.headers["Authorization"] for c in responses.calls if "meucontrato" in c.request.url]
    assert auths == ["Bearer tok-old", "Bearer tok-new"]


@responses.activate
def test_second_rejection_is_reported_with_operator_code(store: CredentialStore, clock: Clock) -> None:
    responses.post(CARD_URL, status=201, json=token_body())
    responses.get(f"{BASE}/x", status=401, json={"msgs": ["GTW-008: Token não válido para este ambiente"]})
    tokens = manager(store, clock)
    with pytest.raises(AuthenticationError) as info:
        OperatorClient(tokens._transport, tokens, CARD).call("GET", "/x")
    assert info.value.code == "GTW-008"
    token_calls = [c for c in responses.calls if "/token/" in c.request.url]
    assert len(token_calls) == 2


@responses.activate
def test_wrong_credentials_show_the_operator_message(store: CredentialStore, clock: Clock) -> None:
    responses.post(CARD_URL, status=401, json={"msgs": ["GTW-001: Usuário ou código de acesso inválido"]})
    with pytest.raises(AuthenticationError) as info:
        manager(store, clock).get(CARD)
    assert str(info.value).startswith("GTW-001: Usuário ou código de acesso inválido")
    assert "access-code-0123456789" not in str(info.value)


@responses.activate
def test_unreadable_token_answer_is_invalid_response(store: CredentialStore, clock: Clock) -> None:
    responses.post(CARD_URL, status=201, json={"token": "x"})
    with pytest.raises(InvalidResponseError) as info:
        manager(store, clock).get(CARD)
    assert "expiraEm" in str(info.value)


def test_missing_credentials_are_reported_before_sending(clock: Clock) -> None:
    with pytest.raises(CredentialsMissingError):
        manager(CredentialStore(MemoryKeyring()), clock).get(CARD)


@responses.activate
def test_fail_backend_keeps_tokens_for_the_session_only(clock: Clock) -> None:
    store = CredentialStore(fail.Keyring())
    assert not store.persistent
    assert store.problem
    store.set("homologacao", LOGIN_KEY, "empresa.demo")
    store.set("homologacao", ACCESS_CODE_KEY, "access-code-0123456789")
    responses.post(CARD_URL, status=201, json=token_body())
    tokens = manager(store, clock)
    tokens.get(CARD)
    tokens.get(CARD)
    assert len(responses.calls) == 1
    assert manager(CredentialStore(fail.Keyring()), clock).cached(CARD) is None


def _jwt(claims: dict[str, object]) -> str:
    def enc(data: dict[str, object]) -> str:
        return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")

    return f"{enc({'alg': 'HS256'})}.{enc(claims)}.c2ln"


@responses.activate
def test_delegated_key_is_used_as_is_and_never_refreshed(store: CredentialStore, clock: Clock) -> None:
    key = _jwt({"exp": int((NOW + timedelta(days=90)).timestamp())})
    store.set("homologacao", DELEGATED_KEY, key)
    tokens = manager(store, clock, use_delegated=True)
    token = tokens.get(CARD)
    assert token.delegated
    assert token.value == key
    assert token.expires_at == NOW + timedelta(days=90)
    responses.get(f"{BASE}/x", status=401, json={"msgs": ["GTW-008: Token não válido"]})
    with pytest.raises(AuthenticationError):
        OperatorClient(tokens._transport, tokens, CARD).call("GET", "/x")
    assert [c.request.url for c in responses.calls] == [f"{BASE}/x"]


def test_jwt_expiry_of_opaque_key_is_unknown() -> None:
    assert jwt_expiry("not-a-jwt") is None
    assert jwt_expiry("a.b.c") is None


def test_scope_needs_its_number() -> None:
    with pytest.raises(ValueError, match="card"):
        TokenScope(Scope.CARD)


# --------------------------------------------------------------------------- faults (issue 10)


REFUSED = {"msgs": ["GTW-002: Usuário ou código de acesso inválido"]}


class _CountingCondition(threading.Condition):
    """The manager's condition, telling the test when ``expected`` callers wait on a fetch."""

    def __init__(self, lock: threading.Lock, expected: int) -> None:
        super().__init__(lock)
        self.waiting = 0
        self.expected = expected
        self.all_waiting = threading.Event()

    def wait(self, timeout: float | None = None) -> bool:
        self.waiting += 1
        if self.waiting >= self.expected:
            self.all_waiting.set()
        return super().wait(timeout)


def _in_threads(count: int, work: Callable[[], object]) -> list[BaseException]:
    errors: list[BaseException] = []
    barrier = threading.Barrier(count)

    def run() -> None:
        barrier.wait()
        try:
            work()
        except Exception as exc:  # noqa: BLE001  # collected for the test's asserts
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


@responses.activate
def test_failed_fetch_is_shared_by_the_callers_waiting_on_it(store: CredentialStore, clock: Clock) -> None:
    """Callers queued behind a failed fetch get its error; they do not each send one."""
    tokens = manager(store, clock)
    condition = _CountingCondition(tokens._lock, expected=7)
    tokens._changed = condition

    def refuse_when_all_wait(request: requests.PreparedRequest) -> tuple[int, dict[str, str], str]:
        assert condition.all_waiting.wait(5.0)
        return 403, {}, json.dumps({"msgs": ["TKN-011: Cartão de postagem com status IRREGULAR"]})

    responses.add_callback(responses.POST, CARD_URL, callback=refuse_when_all_wait)
    errors = _in_threads(8, lambda: tokens.get(CARD))
    assert len(errors) == 8
    assert all(isinstance(e, PermissionDeniedError) for e in errors)
    assert len(responses.calls) == 1
    with pytest.raises(PermissionDeniedError):  # not a credential refusal: a later call asks again
        tokens.get(CARD)
    assert len(responses.calls) == 2


@responses.activate
def test_refused_credentials_cost_one_login_until_they_change(store: CredentialStore, clock: Clock) -> None:
    responses.post(CARD_URL, status=401, json=REFUSED)
    tokens = manager(store, clock)
    errors = _in_threads(12, lambda: tokens.get(CARD))
    assert len(errors) == 12
    assert all(isinstance(e, CredentialsRefusedError) for e in errors)
    for scope in (CARD, TokenScope(Scope.LOGIN)):  # the credentials were refused, whatever the scope
        with pytest.raises(CredentialsRefusedError) as info:
            tokens.get(scope)
        assert info.value.remembered
        assert info.value.status == 401
        assert str(info.value).startswith("GTW-002: Usuário ou código de acesso inválido")
        assert "not sent again" in str(info.value)
        assert "access-code-0123456789" not in str(info.value)
    assert len(responses.calls) == 1
    responses.replace(responses.POST, CARD_URL, status=201, json=token_body())
    tokens.set_credentials("empresa.demo", "the-right-access-code")
    assert tokens.get(CARD).value == "tok-1"
    assert len(responses.calls) == 2


@responses.activate
def test_refusal_is_forgotten_when_the_store_holds_other_credentials(
    store: CredentialStore, clock: Clock
) -> None:
    responses.post(CARD_URL, status=401, json=REFUSED)
    tokens = manager(store, clock)
    with pytest.raises(CredentialsRefusedError):
        tokens.get(CARD)
    store.set("homologacao", ACCESS_CODE_KEY, "another-access-code")  # the settings dialog's way
    with pytest.raises(CredentialsRefusedError) as info:
        tokens.get(CARD)
    assert not info.value.remembered
    assert len(responses.calls) == 2


@responses.activate
def test_cached_token_is_keyed_by_the_access_code_too(
    backend: MemoryKeyring, store: CredentialStore, clock: Clock
) -> None:
    responses.post(CARD_URL, status=201, json=token_body("tok-1"))
    responses.post(CARD_URL, status=201, json=token_body("tok-2"))
    tokens = manager(store, clock)
    assert tokens.get(CARD).value == "tok-1"
    store.set("homologacao", ACCESS_CODE_KEY, "a-new-access-code")
    assert tokens.get(CARD).value == "tok-2"
    assert manager(CredentialStore(backend), clock).get(CARD).value == "tok-2"  # restart: the keyring
    names = [n for (_service, n) in backend.passwords if n.startswith("token:")]
    assert len(names) == 2
    assert not any("access-code" in n or "empresa.demo" in n for n in names)
    store.set("homologacao", ACCESS_CODE_KEY, "access-code-0123456789")
    assert tokens.get(CARD).value == "tok-1"
    assert len(responses.calls) == 2


@responses.activate
def test_short_lived_token_is_renewed_a_tenth_of_its_life_ahead(store: CredentialStore, clock: Clock) -> None:
    """A 2 min token (under the 30 min margin) was fetched again for every request."""
    two_minutes = token_body("tok-1", emissao="2026-11-22T07:00:00", expira="2026-11-22T07:02:00")
    responses.post(CARD_URL, status=201, json=two_minutes)
    responses.post(CARD_URL, status=201, json=token_body("tok-2"))
    tokens = manager(store, clock)
    assert tokens.get(CARD).value == "tok-1"
    assert tokens.get(CARD).value == "tok-1"
    clock.now = NOW + timedelta(seconds=107)
    assert tokens.get(CARD).value == "tok-1"
    clock.now = NOW + timedelta(seconds=109)  # within 12 s (a tenth of 120 s) of expiry
    assert tokens.get(CARD).value == "tok-2"
    assert len(responses.calls) == 2


def test_margin_is_capped_and_known_lifetimes_shrink_it() -> None:
    expiry = NOW + timedelta(hours=24)
    assert Token("t", expiry, lifetime=timedelta(hours=24)).margin() == timedelta(minutes=30)
    assert Token("t", expiry, lifetime=timedelta(minutes=10)).margin() == timedelta(minutes=1)
    assert Token("t", expiry).margin() == timedelta(minutes=30)
    assert Token("t", expiry, lifetime=timedelta(seconds=-60)).margin() == timedelta(0)


@responses.activate
def test_waiting_caller_leaves_at_once_when_its_task_is_cancelled(
    store: CredentialStore, clock: Clock
) -> None:
    tokens = manager(store, clock)
    condition = _CountingCondition(tokens._lock, expected=1)
    tokens._changed = condition
    fetching = threading.Event()
    release = threading.Event()
    task = CancelToken()

    def slow_answer(request: requests.PreparedRequest) -> tuple[int, dict[str, str], str]:
        fetching.set()
        assert condition.all_waiting.wait(5.0)
        task.cancel()  # the waiting caller's task, not this fetch's
        assert release.wait(5.0)
        return 201, {}, json.dumps(token_body())

    responses.add_callback(responses.POST, CARD_URL, callback=slow_answer)
    owner = threading.Thread(target=tokens.get, args=(CARD,))
    owner.start()
    assert fetching.wait(5.0)
    try:
        with cancel_scope(task), pytest.raises(Cancelled):
            tokens.get(CARD)
    finally:
        release.set()
        owner.join()
    assert tokens.get(CARD).value == "tok-1"
    assert len(responses.calls) == 1
