"""Hostile callers at the form, confirmation and token routes, generated: whatever comes,
no 500, every attendance row has its log entry, and a refused call changes no attendance."""

from __future__ import annotations

import base64
import json
from typing import Any
from urllib.parse import urlencode

import pytest
from fastapi import FastAPI
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from postalgui.partner.ledger.store import Ledger
from tests.e2e.partner_support import typed_line
from tests.unit.partner.asgi import call
from tests.unit.partner.gate_support import CLIENT_ID, CLIENT_SECRET, CONFIRM, FORM, TOKEN, app, basic

_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
_PROTOCOLS = st.sampled_from(["26470000000042", "26470000000043", "26470000000044"]) | st.from_regex(
    r"\A2647\d{10}\Z"
)
"""A few protocols over and over (so forms and callbacks meet), and some new ones."""
_VALUES = (
    _JSON
    | st.text(alphabet=st.characters(codec="utf-8"), max_size=60)
    | st.integers(min_value=-(10**30), max_value=10**30)
)

_FORMS = st.fixed_dictionaries(
    {
        "numeroProtocolo": _PROTOCOLS | _VALUES,
        "linhaDigitavel": st.sampled_from([typed_line(15990), typed_line(1)]) | _VALUES,
    },
    optional={
        "nome": _VALUES,
        "valor": _VALUES,
        "codigoConfirmacao": _VALUES,
        "quantidade": _VALUES,  # sized by the spec: checked before the protocol is claimed
        "numeroIdentificacaoCliente": _VALUES,
    },
)
_CONFIRMS = st.fixed_dictionaries(
    {
        "numeroProtocolo": _PROTOCOLS | _VALUES,
        "codigoConfirmacao": st.sampled_from(["00", "99", 0, 99, "9"]) | _VALUES,
    },
    optional={"codigo": _VALUES},
)
_TOKEN_FORMS = st.fixed_dictionaries(
    {
        "grant_type": st.sampled_from(["client_credentials", "cliente_credentials"]) | st.text(max_size=20),
        "client_id": st.sampled_from([CLIENT_ID]) | st.text(max_size=300),
        "client_secret": st.sampled_from([CLIENT_SECRET]) | st.text(max_size=20),
    },
    optional={"scope": st.text(max_size=20)},
)
_HOSTILE = st.one_of(
    _JSON.map(lambda value: json.dumps(value).encode()),
    _FORMS.map(lambda form: json.dumps(form, ensure_ascii=False).encode("utf-8", "surrogatepass")),
    st.binary(max_size=300),
    st.sampled_from(
        [b'{"a": ' + b"1" * 5000 + b"}", b"[" * 990 + b"]" * 990, b'{"numeroProtocolo": "\\udc00"}']
    ),
)
_GOOD_FORMS = st.fixed_dictionaries(
    {"numeroProtocolo": _PROTOCOLS, "linhaDigitavel": st.just(typed_line(15990))},
    optional={
        "nome": _VALUES,
        "valor": _VALUES,
        "quantidade": _VALUES,
        "numeroIdentificacaoCliente": _VALUES,
    },
)
_CALLS = st.one_of(
    st.tuples(st.just(FORM), _GOOD_FORMS.map(lambda form: json.dumps(form).encode())),
    st.tuples(st.just(FORM), _FORMS.map(lambda form: json.dumps(form).encode())),
    st.tuples(st.just(CONFIRM), _CONFIRMS.map(lambda form: json.dumps(form).encode())),
    st.tuples(st.just(TOKEN), _TOKEN_FORMS.map(lambda form: urlencode(form).encode())),
    st.tuples(st.sampled_from([FORM, CONFIRM, TOKEN]), _HOSTILE),
)
_AUTH = (
    st.sampled_from([basic()])
    | st.sampled_from([*[basic()] * 8, {}, basic(password="wrong"), {"authorization": "Bearer nothing"}])
    | st.text(max_size=40).map(
        lambda text: {"authorization": "Basic " + base64.b64encode(text.encode()).decode()}
    )
)


@pytest.fixture
def partner(ledger: Ledger) -> FastAPI:
    """One app for all the examples of a test (its throttling state lives across them)."""
    return app(
        ledger, auth_failures=10_000
    )  # the throttling has its own tests: here it would hide the routes


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    route=_CALLS,
    headers=_AUTH,
    client=st.sampled_from(["192.0.2.1", "192.0.2.2", "198.51.100.3"]),
)
def test_no_hostile_call_is_a_500_or_changes_the_ledger_when_refused(
    ledger: Ledger, partner: FastAPI, route: tuple[str, bytes], headers: dict[str, str], client: str
) -> None:
    path, body = route
    before = _attendances(ledger)
    answer = call(partner, path, body, headers=headers, client=client)
    event(f"{path} {answer.status}")
    assert answer.status < 500, (answer.status, answer.body)
    assert isinstance(answer.json(), dict)
    after = _attendances(ledger)
    if answer.status in (401, 413, 429) or (path == CONFIRM and answer.status == 400):
        # refused: no attendance added, none moved (a contradicting callback only flags one)
        assert {key: row[:2] for key, row in after.items()} == {key: row[:2] for key, row in before.items()}
    if answer.status != 200 and path != FORM:
        assert set(after) == set(before)
    logged = {call_.protocol for call_ in ledger.calls()}
    assert set(after) <= logged  # no row without its log entry


def _attendances(ledger: Ledger) -> dict[str, tuple[Any, ...]]:
    return {row.protocol: (row.state, row.confirmation, row.flag) for row in ledger.attendances()}
