"""Malformed input is a 400 in the spec's form, never a 500: numbers of thousands of digits,
hundreds of nesting levels, a lone surrogate, bytes that are not UTF-8. The refusal is
logged, with the body as it came when the caller authenticated, without it otherwise."""

from __future__ import annotations

import json

import pytest

from postalgui.partner.json_body import MAX_DEPTH, MalformedBodyError, parse_object
from postalgui.partner.ledger.store import Ledger
from tests.unit.partner.asgi import call
from tests.unit.partner.gate_support import CONFIRM, FORM, app, basic

PROTOCOL = '"numeroProtocolo": "26470000000042"'


def _form_with(field: str) -> bytes:
    return ("{" + PROTOCOL + ", " + field + "}").encode()


HOSTILE = {
    "a number of 5,000 digits": _form_with('"quantidade": ' + "9" * 5000),
    "nesting of 990": _form_with('"x": ' + "[" * 990 + "]" * 990),
    "a lone surrogate": _form_with('"nome": "\\ud800"'),
    "not UTF-8": b'{"numeroProtocolo": "26470000000042", "nome": "\xff"}',
    "NaN": _form_with('"valor": NaN'),
    "an overflowing float": _form_with('"valor": 1e999'),
    "not an object": b"[1, 2]",
    "empty": b"",
    "cut short": b'{"numeroProtocolo": "2647',
}


@pytest.mark.parametrize("raw", HOSTILE.values(), ids=HOSTILE.keys())
def test_the_parser_refuses_with_a_rule(raw: bytes) -> None:
    with pytest.raises(MalformedBodyError) as refused:
        parse_object(raw)
    assert str(refused.value)


def test_the_parser_takes_what_the_spec_sends() -> None:
    nested = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    assert parse_object(b'{"a": 12345678901234, "b": 1.5, "c": "\\u00e1"}') == {
        "a": 12345678901234,
        "b": 1.5,
        "c": "á",
    }
    assert parse_object(('{"n": ' + nested + "}").encode())["n"]


@pytest.mark.parametrize("raw", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_form_is_a_logged_400_in_the_spec_form(ledger: Ledger, raw: bytes) -> None:
    answer = call(app(ledger), FORM, raw, headers=basic())
    assert answer.status == 400
    body = answer.json()
    assert body["codigo_retorno"] == "98"
    assert body["descricao_retorno"].startswith("Corpo inválido: ")
    (logged,) = ledger.calls()
    assert (logged.endpoint, logged.status, json.loads(logged.answer)) == ("formulario", 400, body)
    assert json.loads(logged.body) == raw.decode("utf-8", "replace")  # as it came
    assert ledger.attendances() == []


@pytest.mark.parametrize("raw", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_confirmation_is_a_logged_400_with_an_empty_code(ledger: Ledger, raw: bytes) -> None:
    answer = call(app(ledger), CONFIRM, raw, headers=basic())
    assert (answer.status, answer.json()) == (400, {"codigo": ""})
    (logged,) = ledger.calls()
    assert (logged.endpoint, logged.status) == ("confirmarAtendimento", 400)


@pytest.mark.parametrize("path", [FORM, CONFIRM])
def test_without_credentials_it_is_a_401_logged_without_the_body(ledger: Ledger, path: str) -> None:
    for raw in HOSTILE.values():
        assert call(app(ledger, auth_failures=100), path, raw).status == 401
    assert {(call_.status, call_.body) for call_ in ledger.calls()} == {(401, "null")}
