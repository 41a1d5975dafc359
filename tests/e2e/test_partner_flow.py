"""The sandbox's counter drives the real partner server over HTTP: both models, both auth
schemes, TLS with client certificates, repeated and contradicting callbacks."""

from __future__ import annotations

import json
import ssl
from decimal import Decimal
from pathlib import Path

import pytest
import requests
import trustme

from postalgui.api.errors import ApiError
from postalgui.api.ster import Registration, RegistrationRevertedError, SterClient
from postalgui.partner.config import AuthMode
from postalgui.partner.ledger.store import sqlite_url
from postalgui.sandbox.demo_account import PARTNER_PASSWORD, PARTNER_USER
from postalgui.serving import TlsFiles
from tests.e2e.conftest import SandboxControl
from tests.e2e.partner_support import (
    RunningPartner,
    counter_call,
    partner_config,
    point_counter,
    running_partner,
    typed_line,
    write_pem,
)


def start_model_1(sandbox: SandboxControl, cents: int = 15990, **form: str) -> dict:
    fields = {"linhaDigitavel": typed_line(cents)} | form
    return counter_call(sandbox.url, "POST", "/attendances", {"model": 1, "form": fields})


def test_model_1_form_is_answered_booked_and_confirmed(
    sandbox: SandboxControl, partner: RunningPartner
) -> None:
    started = start_model_1(sandbox, 15990)
    protocol = started["protocolo"]
    assert started["partner_status"] == 200
    answer = started["partner_answer"]
    assert answer["codigo_retorno"] == "00"
    assert answer["valor"] == "15990"
    assert "R$ 159,90" in answer["texto_ticket"]
    assert all(len(line) <= 50 for line in answer["texto_ticket"].split("+"))
    row = partner.ledger.get(protocol)
    assert row is not None
    assert row.state == "received"
    assert row.amount_cents == 15990

    finished = counter_call(sandbox.url, "POST", f"/attendances/{protocol}/finish", {"outcome": "concluded"})
    assert finished["callback_status"] == 200
    assert finished["callback_answer"] == {"codigo": f"PG{protocol}"}
    assert partner.ledger.get(protocol).state == "confirmed"


def test_the_same_form_twice_gets_the_same_answer_and_one_row(
    sandbox: SandboxControl, partner: RunningPartner
) -> None:
    protocol = start_model_1(sandbox)["protocolo"]
    body = {"linhaDigitavel": typed_line(15990), "numeroProtocolo": protocol}
    again = requests.post(
        f"{partner.url}/ster/formulario", json=body, auth=(PARTNER_USER, PARTNER_PASSWORD), timeout=10
    )
    first_answer = json.loads(partner.ledger.get(protocol).answer)
    assert again.status_code == 200
    assert again.json() == first_answer
    assert len(partner.ledger.attendances()) == 1
    assert [call.status for call in partner.ledger.calls(protocol)] == [200, 200]


def test_a_bad_typed_line_is_a_business_exception(sandbox: SandboxControl, partner: RunningPartner) -> None:
    line = typed_line(15990)
    broken = line[:9] + str((int(line[9]) + 1) % 10) + line[10:]
    started = counter_call(
        sandbox.url, "POST", "/attendances", {"model": 1, "form": {"linhaDigitavel": broken}}
    )
    assert started["partner_status"] == 400
    assert started["partner_answer"]["codigo_retorno"] == "01"
    assert "dígito verificador" in started["partner_answer"]["descricao_retorno"]
    assert partner.ledger.get(started["protocolo"]).state == "cancelled"


def test_repeated_and_contradicting_callbacks(sandbox: SandboxControl, partner: RunningPartner) -> None:
    protocol = start_model_1(sandbox)["protocolo"]
    counter_call(sandbox.url, "POST", f"/attendances/{protocol}/finish", {"outcome": "cancelled"})
    repeated = counter_call(
        sandbox.url, "POST", f"/attendances/{protocol}/callback", {"codigoConfirmacao": "99"}
    )
    assert repeated["callback_status"] == 200
    assert repeated["callback_answer"] == {"codigo": f"PG{protocol}"}
    contradicting = counter_call(
        sandbox.url, "POST", f"/attendances/{protocol}/callback", {"codigoConfirmacao": "00"}
    )
    assert contradicting["callback_status"] == 400
    assert contradicting["callback_answer"] == {"codigo": ""}
    row = partner.ledger.get(protocol)
    assert row.state == "not_confirmed"  # never silently applied
    assert row.flag
    assert "contradicts" in row.flag


def test_a_reversal_after_the_conclusion_is_booked_reversed(
    sandbox: SandboxControl, partner: RunningPartner
) -> None:
    """The counter concludes (00), then reverses (ESTORNADO, 99): the operator's later word wins."""
    protocol = start_model_1(sandbox)["protocolo"]
    concluded = counter_call(sandbox.url, "POST", f"/attendances/{protocol}/finish", {"outcome": "concluded"})
    assert concluded["callback_status"] == 200
    assert partner.ledger.get(protocol).state == "confirmed"
    reversed_ = counter_call(sandbox.url, "POST", f"/attendances/{protocol}/finish", {"outcome": "reversed"})
    assert reversed_["statusAtendimento"] == "E"
    assert reversed_["callback_status"] == 200
    assert reversed_["callback_answer"] == {"codigo": f"PG{protocol}"}
    row = partner.ledger.get(protocol)
    assert (row.state, row.confirmation, row.flag) == ("reversed", "99", None)
    logged = [json.loads(call.body) for call in partner.ledger.calls(protocol)[1:]]
    assert [body["codigoConfirmacao"] for body in logged] == ["00", "99"]


def test_a_00_for_a_refused_form_is_flagged_not_confirmed(
    sandbox: SandboxControl, partner: RunningPartner
) -> None:
    line = typed_line(15990)
    broken = line[:9] + str((int(line[9]) + 1) % 10) + line[10:]
    started = counter_call(
        sandbox.url, "POST", "/attendances", {"model": 1, "form": {"linhaDigitavel": broken}}
    )
    protocol = started["protocolo"]
    assert partner.ledger.get(protocol).state == "cancelled"
    answer = counter_call(
        sandbox.url, "POST", f"/attendances/{protocol}/callback", {"codigoConfirmacao": "00"}
    )
    assert answer["callback_status"] == 400
    assert answer["callback_answer"] == {"codigo": ""}
    row = partner.ledger.get(protocol)
    assert row.state == "cancelled"
    assert row.flag
    assert "holds cancelled" in row.flag


@pytest.mark.parametrize(("code", "state"), [(0, "confirmed"), (99, "not_confirmed")])
def test_codigo_confirmacao_as_a_json_number(
    sandbox: SandboxControl, partner: RunningPartner, code: int, state: str
) -> None:
    """Type N: the number 0 reads as "00", 99 as "99"."""
    protocol = start_model_1(sandbox)["protocolo"]
    answer = requests.post(
        f"{partner.url}/ster/confirmarAtendimento",
        json={"numeroProtocolo": int(protocol), "codigoConfirmacao": code},
        auth=(PARTNER_USER, PARTNER_PASSWORD),
        timeout=10,
    )
    assert answer.status_code == 200
    assert answer.json() == {"codigo": f"PG{protocol}"}
    row = partner.ledger.get(protocol)
    assert (row.state, row.confirmation) == (state, f"{code:02d}")
    for bad in (1, -1, 100, True, "0 0", 0.0):
        refused = requests.post(
            f"{partner.url}/ster/confirmarAtendimento",
            json={"numeroProtocolo": protocol, "codigoConfirmacao": bad},
            auth=(PARTNER_USER, PARTNER_PASSWORD),
            timeout=10,
        )
        assert refused.status_code == 400, bad


def test_a_callback_for_an_unknown_protocol_is_refused(
    sandbox: SandboxControl, partner: RunningPartner
) -> None:
    answer = counter_call(
        sandbox.url, "POST", "/attendances/26479999999999/callback", {"codigoConfirmacao": "00"}
    )
    assert answer["callback_status"] == 400
    assert answer["callback_answer"] == {"codigo": ""}


def test_oauth_client_credentials_token_is_fetched_once_and_reused(
    sandbox: SandboxControl, partner: RunningPartner
) -> None:
    point_counter(sandbox.url, partner.url, auth="oauth")
    for _ in range(3):
        started = start_model_1(sandbox)
        assert started["partner_status"] == 200, started
    with partner.ledger.engine.connect() as connection:
        from sqlalchemy import text

        tokens = connection.execute(text("SELECT digest FROM tokens")).scalars().all()
    assert len(tokens) == 1
    assert all(len(digest) == 64 for digest in tokens)  # stored hashed


def test_the_token_endpoint_speaks_oauth(partner: RunningPartner) -> None:
    from postalgui.sandbox.demo_account import PARTNER_CLIENT_ID, PARTNER_CLIENT_SECRET

    for grant in ("client_credentials", "cliente_credentials"):
        answer = requests.post(
            f"{partner.url}/oauth/token",
            data={"grant_type": grant},
            auth=(PARTNER_CLIENT_ID, PARTNER_CLIENT_SECRET),
            timeout=10,
        )
        assert answer.status_code == 200
        body = answer.json()
        assert body["token_type"] == "Bearer"
        assert body["expires_in"] == 43200
        assert body["access_token"]
    wrong = requests.post(
        f"{partner.url}/oauth/token",
        data={"grant_type": "client_credentials"},
        auth=(PARTNER_CLIENT_ID, "x"),
        timeout=10,
    )
    assert wrong.status_code == 401
    assert wrong.json()["error"] == "invalid_client"
    bad_grant = requests.post(f"{partner.url}/oauth/token", data={"grant_type": "password"}, timeout=10)
    assert bad_grant.json()["error"] == "unsupported_grant_type"


def test_wrong_credentials_are_refused_and_logged_without_the_header(
    sandbox: SandboxControl, partner: RunningPartner
) -> None:
    point_counter(sandbox.url, partner.url, password="not-the-password")
    started = start_model_1(sandbox)
    assert started["partner_status"] == 401
    assert partner.ledger.attendances() == []
    (call,) = partner.ledger.calls()
    assert call.status == 401
    assert "not-the-password" not in call.body + call.answer
    assert "Basic" not in call.body


def test_a_basic_only_server_refuses_bearer_tokens(sandbox: SandboxControl, tmp_path: Path) -> None:
    config = partner_config(sqlite_url(tmp_path / "basic.sqlite3"), auth=AuthMode.BASIC)
    with running_partner(config) as running:
        point_counter(sandbox.url, running.url, auth="oauth")
        started = start_model_1(sandbox)
        assert started["partner_status"] in (400, 401) or started["error"]
        assert running.ledger.attendances() == []


def test_model_2_register_then_confirm(
    sandbox: SandboxControl, partner: RunningPartner, ster: SterClient
) -> None:
    from postalgui.partner.ledger.store import FormRecord
    from postalgui.partner.states import AttendanceState

    started = counter_call(sandbox.url, "POST", "/attendances", {"model": 2})
    assert "?codigoOperador=" in started["url"]
    code = started["codigoOperador"]
    decoded = ster.decode(code)
    assert decoded.credentials() is not None
    assert decoded.credentials().user == PARTNER_USER
    assert "chave" not in repr(decoded) or "**" in repr(decoded)
    answer = ster.register(
        Registration(
            code, quantity="2", amount=Decimal("49.90"), client_tax_id="529.982.247-25", ticket="A+B"
        )
    )
    protocol = answer.protocol
    assert protocol[2:4] == "47"
    assert len(protocol) == 14
    partner.ledger.record_registration(
        protocol, FormRecord(2, AttendanceState.REGISTERED, amount_cents=4990, quantity=2), {}
    )
    finished = counter_call(sandbox.url, "POST", f"/attendances/{protocol}/finish", {"outcome": "concluded"})
    assert finished["callback_status"] == 200
    assert partner.ledger.get(protocol).state == "confirmed"
    assert ster.details(protocol).status.value == "F"


def test_a_registration_500_is_reverted_and_not_retried(sandbox: SandboxControl, ster: SterClient) -> None:
    code = counter_call(sandbox.url, "POST", "/attendances", {"model": 2})["codigoOperador"]
    counter_call(sandbox.url, "POST", "/fail-next-register", {"count": 1})
    with pytest.raises(RegistrationRevertedError) as caught:
        ster.register(Registration(code, amount=Decimal("10.00")))
    assert "estornado" in str(caught.value)
    assert caught.value.status == 500
    # not retried: the next registration with a fresh code works at once
    fresh = counter_call(sandbox.url, "POST", "/attendances", {"model": 2})["codigoOperador"]
    assert len(ster.register(Registration(fresh)).protocol) == 14


def test_an_expired_code_is_refused_with_the_operators_message(
    sandbox: SandboxControl, ster: SterClient
) -> None:
    code = counter_call(sandbox.url, "POST", "/attendances", {"model": 2})["codigoOperador"]
    sandbox.advance_clock(3600)
    with pytest.raises(ApiError) as caught:
        ster.register(Registration(code))
    assert caught.value.status == 400
    assert "expirado" in str(caught.value)


@pytest.fixture
def certificates(tmp_path: Path) -> dict[str, Path | bytes]:
    server_ca, client_ca = trustme.CA(), trustme.CA()
    server = server_ca.issue_cert("127.0.0.1")
    client = client_ca.issue_cert("operador.example")
    return {
        "cert": write_pem(tmp_path, "server.pem", b"".join(blob.bytes() for blob in server.cert_chain_pems)),
        "key": write_pem(tmp_path, "server.key", server.private_key_pem.bytes()),
        "client_ca": write_pem(tmp_path, "client-ca.pem", client_ca.cert_pem.bytes()),
        "server_ca_pem": server_ca.cert_pem.bytes(),
        "client_cert_pem": b"".join(blob.bytes() for blob in client.cert_chain_pems),
        "client_key_pem": client.private_key_pem.bytes(),
    }


def test_tls_with_the_operators_client_certificate(
    sandbox: SandboxControl, tmp_path: Path, certificates: dict
) -> None:
    tls = TlsFiles(certificates["cert"], certificates["key"], certificates["client_ca"])
    with running_partner(partner_config(sqlite_url(tmp_path / "tls.sqlite3")), tls) as running:
        assert running.url.startswith("https://")
        point_counter(
            sandbox.url,
            running.url,
            ca_pem=certificates["server_ca_pem"].decode(),
            client_cert_pem=certificates["client_cert_pem"].decode(),
            client_key_pem=certificates["client_key_pem"].decode(),
            auth="oauth",
        )
        started = start_model_1(sandbox)
        assert started["partner_status"] == 200, started
        protocol = started["protocolo"]
        finished = counter_call(
            sandbox.url, "POST", f"/attendances/{protocol}/finish", {"outcome": "cancelled"}
        )
        assert finished["callback_status"] == 200
        assert running.ledger.get(protocol).state == "not_confirmed"

        # Without the client certificate the handshake fails: nothing reaches the ledger.
        point_counter(sandbox.url, running.url, ca_pem=certificates["server_ca_pem"].decode())
        refused = start_model_1(sandbox)
        assert refused["partner_status"] is None
        assert refused["error"]
        assert len(running.ledger.attendances()) == 1


def test_tls_serves_1_2_and_refuses_anything_older(tmp_path: Path, certificates: dict) -> None:
    """The server's own context is what refuses (the client here would allow TLS 1.0)."""
    import socket

    tls = TlsFiles(certificates["cert"], certificates["key"])
    config = partner_config(sqlite_url(tmp_path / "old.sqlite3"))
    with running_partner(config, tls) as running:
        port = int(running.url.rsplit(":", 1)[1])
        context = ssl.create_default_context(cadata=certificates["server_ca_pem"].decode())
        context.maximum_version = ssl.TLSVersion.TLSv1_2
        with (
            socket.create_connection(("127.0.0.1", port), timeout=5) as raw,
            context.wrap_socket(raw, server_hostname="127.0.0.1") as wrapped,
        ):
            assert wrapped.version() == "TLSv1.2"
    import uvicorn

    from postalgui.serving.loopback import _refuse_old_tls

    served = uvicorn.Config(lambda: None, ssl_certfile=str(tls.cert), ssl_keyfile=str(tls.key))
    _refuse_old_tls(served)
    assert served.ssl is not None
    assert served.ssl.minimum_version == ssl.TLSVersion.TLSv1_2
