"""``chave``'s limits (spec 002, 2.1 and 8): user and password at most 250 characters each."""

from __future__ import annotations

import base64
from typing import Any, cast

import pytest
from pydantic import SecretStr, ValidationError

from postalgui.api.models.ster import OperatorCode, PartnerCredentials, check_chave_credentials
from postalgui.api.values import InvalidValue
from postalgui.services.attendance.counter import configure_counter
from postalgui.services.attendance.service import AttendanceService, PartnerSecrets


def test_each_part_may_have_250_characters_and_no_more() -> None:
    check_chave_credentials("u" * 250, "p" * 250)
    with pytest.raises(InvalidValue) as too_long:
        check_chave_credentials("u" * 251, "p")
    assert too_long.value.rule == "ster.chave_user"
    assert str(too_long.value) == "User inside chave must have at most 250 characters (got 251)"
    with pytest.raises(InvalidValue) as secret:
        check_chave_credentials("parceiro", "s3nha" * 60)
    assert secret.value.rule == "ster.chave_password"
    assert "s3nha" not in str(secret.value)
    with pytest.raises(ValidationError):
        PartnerCredentials(user="u" * 251, password=SecretStr("p"))


def test_a_decoded_chave_over_the_limits_gives_no_credentials() -> None:
    def code(user: str) -> OperatorCode:
        chave = base64.b64encode(f"{user}:senha".encode()).decode()
        return OperatorCode.model_validate({"chave": chave})

    found = code("u" * 250).credentials()
    assert found is not None
    assert found.user == "u" * 250
    assert code("u" * 251).credentials() is None


class _Service:
    """Just what `configure_counter` reads before it sends; sending fails the test."""

    settings: Any = None

    def partner_secrets(self) -> PartnerSecrets:
        return PartnerSecrets(user="parceiro", password="x" * 251, client_id=None, client_secret=None)

    def sandbox_control(self) -> Any:
        raise AssertionError("nothing may be sent")


def test_the_counter_is_not_given_a_pair_that_breaks_the_limits() -> None:
    with pytest.raises(InvalidValue) as refused:
        configure_counter(cast(AttendanceService, _Service()), "https://127.0.0.1:8443")
    assert refused.value.rule == "ster.chave_password"
