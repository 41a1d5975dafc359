"""Who may call the partner server: Basic checked against a scrypt hash, remembered briefly by
a keyed digest; a wrong password is never remembered."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from postalgui.partner.auth import RecentlyVerified, UnauthorizedError, check_caller
from postalgui.partner.config import AuthMode, PartnerConfig
from postalgui.partner.secrets import HashedSecret


def _basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


def _config(**overrides: Any) -> PartnerConfig:
    values: dict[str, Any] = {
        "database_url": "sqlite://",
        "basic_user": "operador",
        "basic_secret": HashedSecret.of("correct horse"),
    }
    return PartnerConfig(**(values | overrides))


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_basic_is_checked_and_remembered_for_a_while_by_digest_only() -> None:
    clock = Clock()
    verified = RecentlyVerified(lifetime_s=60, clock=clock)
    config = _config()
    good = _basic("operador", "correct horse")
    check_caller(config, None, good, verified)  # type: ignore[arg-type]  # Basic never reads the ledger
    assert verified.known(good)
    assert all(good.encode() not in digest for digest in verified._until)
    clock.now = 61
    assert not verified.known(good)


@pytest.mark.parametrize(
    "header",
    [_basic("operador", "wrong"), _basic("outro", "correct horse"), "Basic !!", "Bearer x", "", "Basic"],
)
def test_anything_else_is_refused_and_never_remembered(header: str) -> None:
    verified = RecentlyVerified()
    with pytest.raises(UnauthorizedError):
        check_caller(_config(), None, header, verified)  # type: ignore[arg-type]
    assert not verified.known(header)


def test_an_oauth_only_server_refuses_basic() -> None:
    config = _config(auth=AuthMode.OAUTH, client_id="c", client_secret=HashedSecret.of("s" * 12))
    with pytest.raises(UnauthorizedError):
        check_caller(config, None, _basic("operador", "correct horse"), RecentlyVerified())  # type: ignore[arg-type]


def test_a_hashed_secret_never_shows_itself() -> None:
    secret = HashedSecret.of("correct horse")
    assert "correct" not in repr(secret)
    assert secret.matches("correct horse")
    assert not secret.matches("correct horse ")
