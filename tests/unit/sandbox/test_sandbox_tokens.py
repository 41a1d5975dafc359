"""Sandbox tokens: HS256 JWTs made with the standard library, and their refusals."""

from __future__ import annotations

import base64
import json

import pytest

from postalgui.sandbox import tokens
from postalgui.sandbox.tokens import TokenClaims, TokenError

SECRET = "unit-test-secret"
NOW = 1_748_876_400  # 2025-06-02T12:00:00-03:00


def _claims(**changes: object) -> TokenClaims:
    values: dict[str, object] = {
        "sub": "empresa.demo",
        "iat": NOW,
        "exp": NOW + 3600,
        "cnpj": "11222333000181",
        "ambiente": "LOCAL",
        "escopo": "cartao",
        "api": (34, 35),
        "epoch": 0,
        "contrato": "9912345678",
        "cartao": "0074512345",
        "dr": 72,
    }
    values.update(changes)
    return TokenClaims(**values)  # type: ignore[arg-type]


def _verify(token: str, *, now: float = NOW, epoch: int = 0, ambiente: str = "LOCAL") -> TokenClaims:
    return tokens.verify(token, secret=SECRET, now=now, epoch=epoch, ambiente=ambiente)


def _segment(data: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()


def test_issued_token_is_a_three_part_base64url_jwt_without_padding() -> None:
    token = tokens.issue(_claims(), SECRET)
    header, payload, signature = token.split(".")
    assert "=" not in token
    assert json.loads(base64.urlsafe_b64decode(header + "==")) == {"alg": "HS256", "typ": "JWT"}
    decoded = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    assert decoded["iss"] == "postalgui-sandbox"
    assert decoded["exp"] == NOW + 3600
    assert decoded["api"] == [34, 35]
    assert len(base64.urlsafe_b64decode(signature + "=")) == 32


def test_verify_returns_the_signed_claims() -> None:
    claims = _claims()
    assert _verify(tokens.issue(claims, SECRET)) == claims


def test_login_scope_leaves_out_contract_card_and_dr() -> None:
    payload = _claims(escopo="login", contrato=None, cartao=None, dr=None).to_payload()
    assert not {"contrato", "cartao", "dr"} & payload.keys()
    assert payload["escopo"] == "login"


def test_token_signed_with_another_secret_is_refused() -> None:
    token = tokens.issue(_claims(), "someone-else")
    with pytest.raises(TokenError) as caught:
        _verify(token)
    assert caught.value.reason == "signature"


def test_tampered_payload_is_refused() -> None:
    header, _, signature = tokens.issue(_claims(), SECRET).split(".")
    forged = _segment(_claims(cnpj="99888777000100").to_payload())
    with pytest.raises(TokenError) as caught:
        _verify(f"{header}.{forged}.{signature}")
    assert caught.value.reason == "signature"


@pytest.mark.parametrize(
    "token",
    [
        "",
        "abc",
        "a.b",
        "a..c",
        "!!!.???.***",
        f"{_segment({'alg': 'none'})}.{_segment({'sub': 'x'})}.sig",
    ],
)
def test_malformed_tokens_are_refused(token: str) -> None:
    with pytest.raises(TokenError) as caught:
        _verify(token)
    assert caught.value.reason in {"malformed", "signature"}


def test_correctly_signed_payload_with_wrong_claim_types_is_malformed() -> None:
    payload = _claims().to_payload() | {"exp": "tomorrow"}
    with pytest.raises(TokenError) as caught:
        _verify(tokens.encode(payload, SECRET))
    assert caught.value.reason == "malformed"


def test_missing_claim_is_malformed() -> None:
    payload = _claims().to_payload()
    del payload["epoch"]
    with pytest.raises(TokenError) as caught:
        _verify(tokens.encode(payload, SECRET))
    assert caught.value.reason == "malformed"


@pytest.mark.parametrize("now", [NOW + 3600, NOW + 86_400])
def test_expired_token_is_refused(now: int) -> None:
    with pytest.raises(TokenError) as caught:
        _verify(tokens.issue(_claims(), SECRET), now=now)
    assert caught.value.reason == "expired"


def test_token_of_an_older_epoch_is_revoked() -> None:
    with pytest.raises(TokenError) as caught:
        _verify(tokens.issue(_claims(epoch=0), SECRET), epoch=1)
    assert caught.value.reason == "revoked"


def test_token_of_another_environment_is_refused() -> None:
    with pytest.raises(TokenError) as caught:
        _verify(tokens.issue(_claims(ambiente="PRODUCAO"), SECRET))
    assert caught.value.reason == "environment"


def test_token_of_another_issuer_is_refused() -> None:
    with pytest.raises(TokenError) as caught:
        _verify(tokens.issue(_claims(iss="elsewhere"), SECRET))
    assert caught.value.reason == "issuer"


def test_default_secret_is_stable_so_cached_tokens_survive_restarts() -> None:
    assert tokens.DEFAULT_SECRET == "postalgui-sandbox-public-demo-signing-key-v1"
    token = tokens.issue(_claims(), tokens.DEFAULT_SECRET)
    assert tokens.verify(token, secret=tokens.DEFAULT_SECRET, now=NOW, epoch=0, ambiente="LOCAL")
