"""The form route over real HTTP, on SQLite and PostgreSQL: the handler runs once per protocol
whatever the operator retries, other fields under a protocol are refused and flagged, the
optional fields are checked to the spec's sizes before anything runs, and a ``00`` for a
refused form is flagged."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from decimal import Decimal
from typing import Any

import pytest
import requests

from postalgui.partner.app import create_app
from postalgui.partner.handlers import FormAnswer
from postalgui.partner.ledger.store import Ledger
from postalgui.sandbox.demo_account import PARTNER_PASSWORD, PARTNER_USER
from postalgui.serving import LoopbackServer
from tests.e2e.partner_support import partner_config

PROTOCOL = "26470000000042"
AUTH = (PARTNER_USER, PARTNER_PASSWORD)


class CountingHandler:
    """A bill payment that counts its runs, each slow enough for the retries to pile up."""

    def __init__(self, status: int = 200) -> None:
        self.runs = 0
        self.status = status
        self._lock = threading.Lock()
        self.release = threading.Event()

    def __call__(self, fields: Mapping[str, Any], protocol: str) -> FormAnswer:
        with self._lock:
            self.runs += 1
        self.release.wait(10)
        if self.status != 200:
            return FormAnswer(self.status, "10", "Boleto vencido")
        return FormAnswer(200, "00", "Pago", amount=Decimal("12.34"), ticket_lines=("PAGO",), client_key="K1")


@contextmanager
def workers(ledger_url: str, handler: CountingHandler, count: int = 1) -> Iterator[list[str]]:
    """`count` partner servers (workers), each with its own Ledger on the one database."""
    config = partner_config(ledger_url)
    with ExitStack() as stack:
        urls = []
        for index in range(count):
            ledger = Ledger(ledger_url)
            stack.callback(ledger.close)
            server = LoopbackServer(
                lambda ledger=ledger: create_app(config, ledger=ledger, handler=handler),
                name=f"test-partner-{index}",
                label="partner",
                lifespan=True,
            )
            stack.enter_context(server)
            urls.append(server.url)
        yield urls


def _post(url: str, form: dict[str, Any]) -> requests.Response:
    return requests.post(f"{url}/ster/formulario", json=form, auth=AUTH, timeout=30)


def test_identical_forms_at_once_on_two_workers_run_the_handler_once(ledger_url: str) -> None:
    handler = CountingHandler()
    form = {"linhaDigitavel": "1", "numeroProtocolo": PROTOCOL, "protocolo": PROTOCOL}
    answers: list[requests.Response] = []
    with workers(ledger_url, handler, count=2) as urls:
        threads = [
            threading.Thread(target=lambda u=urls[i % 2]: answers.append(_post(u, form))) for i in range(12)
        ]
        for thread in threads:
            thread.start()
        threading.Timer(0.5, handler.release.set).start()
        for thread in threads:
            thread.join(40)
        later = _post(urls[1], form)
    assert handler.runs == 1
    assert len(answers) == 12
    assert {(a.status_code, a.json()["codigo_retorno"], a.json()["valor"]) for a in [*answers, later]} == {
        (200, "00", "1234")
    }
    check = Ledger(ledger_url)
    try:
        assert len(check.attendances()) == 1
        assert len(check.calls(PROTOCOL)) == 13
    finally:
        check.close()


def test_the_same_protocol_with_other_fields_is_refused_and_flagged(ledger_url: str) -> None:
    handler = CountingHandler()
    handler.release.set()
    with workers(ledger_url, handler) as (url,):
        first = _post(url, {"linhaDigitavel": "1", "numeroProtocolo": PROTOCOL})
        other = _post(url, {"linhaDigitavel": "2", "numeroProtocolo": PROTOCOL})
        # Neither the order of the keys nor the name the protocol comes under counts.
        again = _post(url, {"protocolo": PROTOCOL, "linhaDigitavel": "1"})
    assert (first.status_code, first.json()["codigo_retorno"]) == (200, "00")
    assert other.status_code == 400
    assert other.json()["codigo_retorno"] not in ("00", "")
    assert "valor" not in other.json()
    assert again.json() == first.json()
    assert handler.runs == 1
    check = Ledger(ledger_url)
    try:
        row = check.get(PROTOCOL)
        assert row is not None
        assert (row.state, "other fields" in (row.flag or "")) == ("received", True)
    finally:
        check.close()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("quantidade", "²"),
        ("quantidade", "1" * 20),
        ("quantidade", "1234567890"),
        ("quantidade", 1234567890),
        ("quantidade", "1000"),
        ("quantidade", -1),
        ("quantidade", True),
        ("quantidade", "1.5"),
        ("numeroIdentificacaoCliente", "123.456.789-09"),
        ("numeroIdentificacaoCliente", "1" * 15),
        ("numeroIdentificacaoCliente", ["1"]),
    ],
)
def test_an_optional_field_out_of_its_size_is_a_business_answer_and_nothing_runs(
    ledger_url: str, field: str, value: object
) -> None:
    handler = CountingHandler()
    handler.release.set()
    with workers(ledger_url, handler) as (url,):
        answer = _post(url, {"linhaDigitavel": "1", "numeroProtocolo": PROTOCOL, field: value})
        fixed = _post(url, {"linhaDigitavel": "1", "numeroProtocolo": PROTOCOL, field: "7"})
    assert answer.status_code == 400
    body = answer.json()
    assert body["codigo_retorno"] not in ("00", "")
    assert field in body["descricao_retorno"]
    assert (fixed.status_code, handler.runs) == (200, 1)  # the refused form claimed nothing
    check = Ledger(ledger_url)
    try:
        assert [call.status for call in check.calls(PROTOCOL)] == [400, 200]
    finally:
        check.close()


def test_optional_fields_in_their_sizes_are_kept_alike_on_both_databases(ledger_url: str) -> None:
    handler = CountingHandler()
    handler.release.set()
    form = {"numeroProtocolo": PROTOCOL, "quantidade": "999", "numeroIdentificacaoCliente": "12345678901234"}
    with workers(ledger_url, handler) as (url,):
        assert _post(url, form).status_code == 200
        assert _post(url, form | {"numeroProtocolo": "26470000000043", "quantidade": 7}).status_code == 200
    check = Ledger(ledger_url)
    try:
        rows = {row.protocol: (row.quantity, row.client_tax_id) for row in check.attendances()}
        assert rows == {PROTOCOL: (999, "12345678901234"), "26470000000043": (7, "12345678901234")}
    finally:
        check.close()


def test_a_00_for_a_refused_form_is_flagged_never_confirmed(ledger_url: str) -> None:
    handler = CountingHandler(status=400)
    handler.release.set()
    with workers(ledger_url, handler) as (url,):
        refused = _post(url, {"linhaDigitavel": "1", "numeroProtocolo": PROTOCOL})
        confirm = requests.post(
            f"{url}/ster/confirmarAtendimento",
            json={"numeroProtocolo": PROTOCOL, "codigoConfirmacao": "00"},
            auth=AUTH,
            timeout=30,
        )
    assert (refused.status_code, refused.json()["codigo_retorno"]) == (400, "10")
    assert (confirm.status_code, confirm.json()) == (400, {"codigo": ""})
    check = Ledger(ledger_url)
    try:
        row = check.get(PROTOCOL)
        assert row is not None
        assert (row.state, row.confirmation) == ("cancelled", None)
        assert "00 for an attendance the ledger holds cancelled" in (row.flag or "")
    finally:
        check.close()
