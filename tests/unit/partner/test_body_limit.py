"""Bodies are bounded before anything else: a declared Content-Length over the limit is
refused at once, an undeclared body the moment its bytes pass the limit (the app never
runs, nothing is stored), in the form of the route it was sent to."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from postalgui.partner.config import DEFAULT_MAX_BODY, PartnerConfig
from postalgui.partner.ledger.store import Ledger
from postalgui.partner.limits import BodyLimit
from tests.unit.partner.asgi import call
from tests.unit.partner.gate_support import CONFIRM, FORM, TOKEN, app, basic


def test_the_default_limit_is_the_spec_guidance() -> None:
    assert DEFAULT_MAX_BODY == 102_400


def test_an_endless_body_is_refused_while_it_is_read_and_the_app_never_runs() -> None:
    reached: list[Any] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        reached.append(scope)

    endless = itertools.repeat(b"x" * 65_536)  # 300 MB or more: it never ends
    answer = call(BodyLimit(inner, 100_000, lambda path: {"path": path}), "/any", endless)
    assert answer.status == 413
    assert answer.json() == {"path": "/any"}
    assert answer.chunks_read == 2  # refused as the second chunk passed 100,000 bytes
    assert reached == []


def test_a_declared_length_over_the_limit_is_refused_before_reading_anything() -> None:
    async def inner(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError("reached the app")

    body = b"x" * 100_001
    answer = call(BodyLimit(inner, 100_000, lambda path: {}), "/any", body)
    assert (answer.status, answer.chunks_read) == (413, 0)


def test_a_body_within_the_limit_reaches_the_app_whole() -> None:
    seen: list[bytes] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        seen.append((await receive())["body"])
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    answer = call(BodyLimit(inner, 10, lambda path: {}), "/any", [b"12345", b"67890"])
    assert answer.status == 204
    assert seen == [b"1234567890"]


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        (FORM, {"codigo_retorno": "98", "descricao_retorno": "Requisição acima de 1.024 bytes"}),
        (CONFIRM, {"codigo": ""}),
        (TOKEN, {"error": "invalid_request", "error_description": "request body over 1024 bytes"}),
        ("/nowhere", {"error": "invalid_request", "error_description": "request body over 1024 bytes"}),
    ],
)
def test_every_route_refuses_a_large_body_in_its_form_authenticated_or_not(
    ledger: Ledger, path: str, expected: dict[str, str]
) -> None:
    partner = app(ledger, max_body_bytes=1024)
    for headers in ({}, basic()):
        answer = call(partner, path, itertools.repeat(b"{" * 512), headers=headers)
        assert (answer.status, answer.json()) == (413, expected)
    assert ledger.calls() == []
    assert ledger.attendances() == []


@pytest.mark.parametrize(
    ("variable", "name", "rule"),
    [
        ("POSTALGUI_PARTNER_MAX_BODY", "max_body_bytes", "bytes a request may carry"),
        ("POSTALGUI_PARTNER_AUTH_FAILURES", "auth_failures", "failed authentications a minute"),
    ],
)
def test_the_limit_and_the_failure_budget_are_settings(variable: str, name: str, rule: str) -> None:
    environ = {"POSTALGUI_PARTNER_DATABASE": "sqlite://", "POSTALGUI_PARTNER_USER": "u"}
    environ |= {"POSTALGUI_PARTNER_PASSWORD": "p", variable: "2048"}
    assert getattr(PartnerConfig.from_environ(environ), name) == 2048
    for bad in ("100k", "0", "²"):
        with pytest.raises(ValueError, match=f"{variable}: {rule}, 1 or more"):
            PartnerConfig.from_environ(environ | {variable: bad})
