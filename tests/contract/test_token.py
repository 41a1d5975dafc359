"""The token service held to the operator's documents, both ways.

The spec does not show the answer's fields (spec 001 §2.4); REFERENCE.md "Token service"
lists them without a complete example, so the three fixtures are assembled from that list
and its types: ``ambiente``, ``id``, ``ip``, ``perfil``, ``cnpj``, ``categoria``, ``emissao``
and ``expiraEm`` (no offset), ``zoneOffset`` ("-03:00"), ``token`` (a JWT), and by route
``cartaoPostagem`` {numero, contrato, dr (a number), api [int], apis [{api, grupos}]} or
``contrato`` {numero, dr, api}. Values are ours; 34 price, 35 delivery time, 36 pre-posting,
87 tracking, 41 CEP are REFERENCE's API ids.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
import requests
import responses

from postalgui.api.credentials import CredentialStore
from postalgui.api.tokens import ACCESS_CODE_KEY, LOGIN_KEY, Scope, TokenManager, TokenScope
from postalgui.api.transport import RetryPolicy, Transport
from postalgui.sandbox import DEMO, SandboxServer
from tests.conftest import MemoryKeyring
from tests.contract.conftest import BASE, serve
from tests.contract.shapes import assert_same_shape, load, raw

BRASILIA = timezone(timedelta(hours=-3))


@pytest.fixture
def tokens() -> TokenManager:
    """The real token manager with a login and access code, on the mocked operator."""
    transport = Transport(BASE, retry=RetryPolicy(max_attempts=1, backoff_base=0), sleep=lambda _s: None)
    credentials = CredentialStore(MemoryKeyring())
    credentials.set("test", LOGIN_KEY, "empresa01")
    credentials.set("test", ACCESS_CODE_KEY, "access-code")
    return TokenManager(transport, credentials, "test", clock=lambda: datetime(2023, 5, 2, 13, 5, tzinfo=UTC))


@pytest.mark.parametrize(
    ("route", "scope", "apis"),
    [
        (
            "cartaopostagem",
            TokenScope(Scope.CARD, contract="9912345678", card="0067599079", dr=10),
            [34, 35, 36, 87],
        ),
        ("contrato", TokenScope(Scope.CONTRACT, contract="9912345678", dr=10), [34, 35, 41]),
        ("autentica", TokenScope(Scope.LOGIN), []),
    ],
)
def test_a_token_expires_at_expira_em_in_its_zone_offset(
    tokens: TokenManager, mocked: responses.RequestsMock, route: str, scope: TokenScope, apis: list[int]
) -> None:
    path = "/token/v1/autentica" + ("" if route == "autentica" else f"/{route}")
    serve(mocked, "POST", path, raw(f"token-{route}-answer"), status=201)

    token = tokens.fetch(scope)

    assert token.value == load(f"token-{route}-answer")["token"]
    assert token.expires_at == datetime(2023, 5, 3, 10, 0, tzinfo=BRASILIA)
    assert token.lifetime == timedelta(hours=24)
    assert token.info is not None
    assert token.info.api_ids == apis


def test_an_offset_other_than_brasilias_is_honoured(
    tokens: TokenManager, mocked: responses.RequestsMock
) -> None:
    body = raw("token-contrato-answer").replace(b'"-03:00"', b'"-04:00"')
    serve(mocked, "POST", "/token/v1/autentica/contrato", body, status=201)

    token = tokens.fetch(TokenScope(Scope.CONTRACT, contract="9912345678", dr=10))

    assert token.expires_at == datetime(2023, 5, 3, 14, 0, tzinfo=UTC)


def sandbox_token(server: SandboxServer, route: str, body: dict[str, object] | None) -> dict[str, object]:
    path = "/token/v1/autentica" + ("" if route == "autentica" else f"/{route}")
    response = requests.post(server.url + path, json=body, auth=(DEMO.login, DEMO.access_code), timeout=10)
    assert response.status_code in (200, 201), response.text
    answer: dict[str, object] = response.json()
    return answer


@pytest.mark.usefixtures("sandbox")
@pytest.mark.parametrize(
    ("route", "body"),
    [
        ("cartaopostagem", {"numero": DEMO.card, "contrato": DEMO.contract, "dr": DEMO.dr}),
        ("contrato", {"numero": DEMO.contract, "dr": DEMO.dr}),
        ("autentica", None),
    ],
)
def test_the_sandboxs_token_answers_are_shaped_like_reference(
    sandbox_server: SandboxServer, route: str, body: dict[str, object] | None
) -> None:
    answer = sandbox_token(sandbox_server, route, body)

    assert_same_shape(load(f"token-{route}-answer"), answer)
    assert answer["zoneOffset"] == "-03:00"
    assert datetime.fromisoformat(str(answer["expiraEm"])).tzinfo is None  # the offset travels apart
