"""The registration system (STER, spec 002) in the sandbox, over real HTTP.

The partner's side is a small FastAPI app of this module on a `LoopbackServer`: it
records what the simulated counter delivers (forms, confirmation callbacks, OAuth
token requests) and answers as a partner would.
"""

from __future__ import annotations

import base64
import http.server
import json
import re
import ssl
import threading
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, parse_qsl, quote, urlsplit

import pytest
import requests
import trustme
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from postalgui.sandbox import DEMO, SandboxServer
from postalgui.sandbox.demo_account import (
    PARTNER_CLIENT_ID,
    PARTNER_CLIENT_SECRET,
    PARTNER_PASSWORD,
    PARTNER_USER,
    STER_CONTRACT,
    STER_CONTRACTOR_ID,
)
from postalgui.serving import LoopbackServer
from tests.e2e.conftest import SandboxControl

BASE = "/ster/api/v1/atendimentos"
AUTH = (DEMO.login, DEMO.access_code)
CODE_FIELDS = {
    "ateNu",
    "servicoTerceiro",
    "numeroCaixa",
    "mcmcuAgencia",
    "tipoAgencia",
    "codigoAgencia",
    "cpf",
    "matricula",
    "chave",
    "nome",
    "siglaLotacao",
    "time",
    "cep",
    "cidade",
    "uf",
}


def _basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


class Partner:
    """A partner's endpoints that record every call; `refuse_forms`/`revoke_tokens` steer them."""

    def __init__(self) -> None:
        self.forms: list[dict[str, Any]] = []
        self.form_auth: list[str] = []
        self.confirmations: list[dict[str, Any]] = []
        self.token_requests: list[dict[str, str]] = []
        self.valid_tokens: set[str] = set()
        self.refuse_forms = False
        self.url = ""

    def _authorised(self, request: Request) -> bool:
        header = request.headers.get("authorization", "")
        if header.startswith("Bearer "):
            return header.removeprefix("Bearer ") in self.valid_tokens
        return header == _basic(PARTNER_USER, PARTNER_PASSWORD)

    def revoke_tokens(self) -> None:
        self.valid_tokens.clear()

    def app(self) -> FastAPI:
        app = FastAPI()

        @app.post("/oauth/token")
        async def token(request: Request) -> JSONResponse:
            self.token_requests.append(dict(parse_qsl((await request.body()).decode())))
            if request.headers.get("authorization") != _basic(PARTNER_CLIENT_ID, PARTNER_CLIENT_SECRET):
                return JSONResponse({"error": "invalid_client"}, status_code=401)
            access = f"tok-{len(self.token_requests)}"
            self.valid_tokens.add(access)
            return JSONResponse({"access_token": access, "token_type": "Bearer", "expires_in": 43200})

        @app.post("/ster/formulario")
        async def form(request: Request) -> JSONResponse:
            self.form_auth.append(request.headers.get("authorization", ""))
            if not self._authorised(request):
                return JSONResponse({"codigo_retorno": "99", "descricao_retorno": "não autorizado"}, 401)
            self.forms.append(await request.json())
            if self.refuse_forms:
                refusal = {"codigo_retorno": "12", "descricao_retorno": "Cliente inadimplente"}
                return JSONResponse(refusal, 400)
            answer = {"codigo_retorno": "00", "descricao_retorno": "OK", "valor": "1234"}
            return JSONResponse(answer | {"texto_ticket": "Boleto pago+Obrigado", "chave_cliente": "PED-981"})

        @app.post("/ster/confirmarAtendimento")
        async def confirm(request: Request) -> JSONResponse:
            if not self._authorised(request):
                return JSONResponse({"codigo": ""}, 401)
            body = await request.json()
            self.confirmations.append(body)
            return JSONResponse({"codigo": "CONF-" + body["numeroProtocolo"][-4:]})

        return app


@pytest.fixture
def partner(sandbox: SandboxControl) -> Iterator[Partner]:
    """A recording partner, and the sandbox's counter pointed at it (Basic auth)."""
    recorder = Partner()
    with LoopbackServer(recorder.app, name="test-partner", label="partner") as server:
        recorder.url = server.url
        _put_partner(sandbox, url=server.url)
        yield recorder


def _put_partner(sandbox: SandboxControl, **config: Any) -> dict[str, Any]:
    response = requests.put(f"{sandbox.url}/_sandbox/ster/partner", json=config, timeout=5)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def _control(sandbox: SandboxControl, path: str, body: Any = None) -> Any:
    response = requests.post(f"{sandbox.url}/_sandbox/ster{path}", json=body, timeout=30)
    assert response.status_code == 200, response.text
    return response.json()


def _ster(sandbox: SandboxControl, method: str, path: str, **kwargs: Any) -> requests.Response:
    kwargs.setdefault("auth", AUTH)
    return requests.request(method, f"{sandbox.url}{BASE}{path}", timeout=10, **kwargs)


def _new_code(sandbox: SandboxControl) -> str:
    code: str = _control(sandbox, "/attendances", {"model": 2})["codigoOperador"]
    return code


def _register(sandbox: SandboxControl, code: str, **fields: Any) -> requests.Response:
    return _ster(sandbox, "POST", "/registra", json={"codigoOperador": code, "quantidade": 1} | fields)


def _details(sandbox: SandboxControl, protocolo: str) -> requests.Response:
    return _ster(sandbox, "GET", f"/numerocontrato/{STER_CONTRACT}/protocolo/{protocolo}/detalhes")


# --------------------------------------------------------------------- operator codes


def test_codes_are_300_to_700_characters_that_need_percent_encoding(sandbox: SandboxControl) -> None:
    codes = [_new_code(sandbox) for _ in range(8)]
    for code in codes:
        assert 300 <= len(code) <= 700
        assert code.endswith("=")
        assert re.fullmatch(r"[A-Za-z0-9+/]+=*", code)
    assert any("+" in code or "/" in code for code in codes)


def test_code_decrypts_through_a_percent_encoded_path(sandbox: SandboxControl) -> None:
    issued = _control(sandbox, "/attendances", {"model": 2})
    code = issued["codigoOperador"]
    assert parse_qs(urlsplit(issued["url"]).query)["codigoOperador"] == [code]
    response = _ster(sandbox, "GET", f"/numerocontrato/{STER_CONTRACT}/chaveOperador/{quote(code, safe='')}")
    assert response.status_code == 200, response.text
    fields = response.json()
    assert set(fields) == CODE_FIELDS
    assert fields["tipoAgencia"] in ("Propria", "Terceirizada")
    assert base64.b64decode(fields["chave"]).decode() == f"{PARTNER_USER}:{PARTNER_PASSWORD}"
    assert re.fullmatch(r"\d{11}", fields["cpf"])
    assert isinstance(fields["time"], int)


def test_consecutive_codes_come_from_different_units(sandbox: SandboxControl) -> None:
    units = set()
    for _ in range(4):
        code = quote(_new_code(sandbox), safe="")
        fields = _ster(sandbox, "GET", f"/numerocontrato/{STER_CONTRACT}/chaveOperador/{code}").json()
        units.add((fields["mcmcuAgencia"], fields["uf"]))
    assert len(units) == 4


@pytest.mark.parametrize(("contract", "status"), [("009912345679", 404), ("9912345678", 400)])
def test_decrypt_refuses_another_contract(sandbox: SandboxControl, contract: str, status: int) -> None:
    code = quote(_new_code(sandbox), safe="")
    response = _ster(sandbox, "GET", f"/numerocontrato/{contract}/chaveOperador/{code}")
    assert response.status_code == status
    assert response.json()["codigo"] == status
    assert response.json()["mensagem"]


def test_a_tampered_code_is_invalid(sandbox: SandboxControl) -> None:
    code = _new_code(sandbox)
    tampered = ("B" if code[0] == "A" else "A") + code[1:]
    for bad in (tampered, "not-a-code"):
        path = f"/numerocontrato/{STER_CONTRACT}/chaveOperador/{quote(bad, safe='')}"
        response = _ster(sandbox, "GET", path)
        assert response.status_code == 400
        assert response.json() == {"codigo": 400, "mensagem": "Código do operador inválido"}


# --------------------------------------------------------------------- registration


def test_registra_answers_a_protocol_under_both_keys(sandbox: SandboxControl) -> None:
    clock = requests.get(f"{sandbox.url}/_sandbox/clock", timeout=5).json()
    first = _register(sandbox, _new_code(sandbox), valorServico="1234", chaveCliente="PED-1")
    alias = {"codigoCorreios": _new_code(sandbox), "quantidade": "2"}
    second = _ster(sandbox, "POST", "/registra", json=alias)
    assert first.status_code == 200, first.text
    body = first.json()
    assert body["codigo"] == 0
    assert body["mensagem"] == "Atendimento registrado com sucesso"
    protocolo = body["protocolo"]
    assert body["numeroProtocolo"] == protocolo
    assert re.fullmatch(r"\d{14}", protocolo)
    assert protocolo[:2] == clock["now"][2:4]
    assert protocolo[2:4] == STER_CONTRACTOR_ID
    assert int(second.json()["protocolo"][4:]) == int(protocolo[4:]) + 1
    details = _details(sandbox, protocolo).json()
    assert details["statusAtendimento"] == "P"
    assert details["descricaoStatus"] == "PENDENTE"
    assert (details["modelo"], details["valorServico"], details["chaveCliente"]) == (2, "1234", "PED-1")
    assert details["dataHoraAtendimento"].endswith("-03:00")
    assert details["dataHoraConclusao"] is None


def test_registra_without_code_is_400(sandbox: SandboxControl) -> None:
    response = _ster(sandbox, "POST", "/registra", json={"quantidade": "1"})
    assert response.status_code == 400
    missing = "Parâmetro obrigatório não informado: codigoOperador"
    assert response.json() == {"codigo": 400, "mensagem": missing}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("valorServico", "12,34"),
        ("valorServico", "12345678901"),
        ("numeroIdentificacaoCliente", "123.456.789-09"),
        ("quantidade", "1234"),
        ("chaveCliente", "x" * 31),
        ("textoTicket", "x" * 4001),
    ],
)
def test_registra_names_a_field_that_breaks_its_size_rule(
    sandbox: SandboxControl, field: str, value: str
) -> None:
    code = _new_code(sandbox)
    response = _register(sandbox, code, **{field: value})
    assert response.status_code == 400
    assert field in response.json()["mensagem"]
    assert _register(sandbox, code).status_code == 200  # the refusal did not use the code up


def test_an_expired_code_is_refused_but_still_decrypts(sandbox: SandboxControl) -> None:
    code = _new_code(sandbox)
    sandbox.advance_clock(31 * 60)
    response = _register(sandbox, code)
    assert response.status_code == 400
    assert response.json()["mensagem"] == "Código do operador expirado; inicie um novo atendimento"
    path = f"/numerocontrato/{STER_CONTRACT}/chaveOperador/{quote(code, safe='')}"
    assert _ster(sandbox, "GET", path).status_code == 200


def test_a_code_registers_once(sandbox: SandboxControl) -> None:
    code = _new_code(sandbox)
    assert _register(sandbox, code).status_code == 200
    again = _register(sandbox, code)
    assert again.status_code == 400
    assert "utilizado" in again.json()["mensagem"]


def test_a_scripted_failure_answers_500_and_reverses_the_attendance(sandbox: SandboxControl) -> None:
    assert _control(sandbox, "/fail-next-register", {"count": 1}) == {"fail_next_register": 1}
    failed = _register(sandbox, _new_code(sandbox))
    assert failed.status_code == 500
    assert failed.json()["codigo"] == 500
    assert "estornado" in failed.json()["mensagem"]
    [record] = requests.get(f"{sandbox.url}/_sandbox/ster/attendances", timeout=5).json()["atendimentos"]
    assert record["statusAtendimento"] == "E"
    assert _details(sandbox, record["protocolo"]).json()["descricaoStatus"] == "ESTORNADO"
    assert _register(sandbox, _new_code(sandbox)).status_code == 200


def test_details_of_an_unknown_protocol_is_404(sandbox: SandboxControl) -> None:
    response = _details(sandbox, "26470000009999")
    assert response.status_code == 404
    assert response.json() == {"codigo": 404, "mensagem": "Protocolo não encontrado"}


def test_the_day_list_holds_that_days_attendances_only(sandbox: SandboxControl) -> None:
    first = _register(sandbox, _new_code(sandbox)).json()["protocolo"]
    sandbox.advance_clock(86400)
    second = _register(sandbox, _new_code(sandbox)).json()["protocolo"]
    day1 = _details(sandbox, first).json()["dataHoraAtendimento"][:10]
    day2 = _details(sandbox, second).json()["dataHoraAtendimento"][:10]
    listed = _ster(sandbox, "GET", f"/numerocontrato/{STER_CONTRACT}/data/{day1}").json()
    assert listed["data"] == day1
    assert [a["protocolo"] for a in listed["atendimentos"]] == [first]
    later = _ster(sandbox, "GET", f"/numerocontrato/{STER_CONTRACT}/data/{day2}").json()
    assert [a["protocolo"] for a in later["atendimentos"]] == [second]
    bad = _ster(sandbox, "GET", f"/numerocontrato/{STER_CONTRACT}/data/24-11-2026")
    assert (bad.status_code, bad.json()["codigo"]) == (400, 400)


def test_simulated_service_answers_as_a_partner(sandbox: SandboxControl) -> None:
    body = {"campo1": "a", "campo2": "b", "protocolo": "26470000000001"}
    ok = _ster(sandbox, "POST", "/simulaPrestacaoServico", json=body | {"sucesso": "00"})
    assert ok.status_code == 200
    assert ok.json()["codigo_retorno"] == "00"
    assert ok.json()["texto_ticket"] == "campo1: a+campo2: b"
    refused = _ster(sandbox, "POST", "/simulaPrestacaoServico", json=body | {"sucesso": "99"})
    assert refused.status_code == 400
    assert refused.json()["codigo_retorno"] == "99"


def test_unauthenticated_calls_are_401(sandbox: SandboxControl) -> None:
    path = f"/numerocontrato/{STER_CONTRACT}/protocolo/26470000000001/detalhes"
    for auth in (None, (DEMO.login, "wrong")):
        response = _ster(sandbox, "GET", path, auth=auth)
        assert response.status_code == 401
        assert response.json()["codigo"] == 401
    token = requests.post(f"{sandbox.url}/token/v1/autentica", auth=AUTH, timeout=5).json()["token"]
    bearer = _ster(sandbox, "GET", path, auth=None, headers={"Authorization": f"Bearer {token}"})
    assert bearer.status_code == 404  # authenticated: the protocol just does not exist
    assert _ster(sandbox, "GET", path, auth=None, headers={"Authorization": "Bearer x"}).status_code == 401


# --------------------------------------------------------------------- the counter and the partner


def test_model_1_delivers_the_form_with_basic_auth(sandbox: SandboxControl, partner: Partner) -> None:
    started = _control(sandbox, "/attendances", {"model": 1, "form": {"campo1": "boleto 123"}})
    protocolo = started["protocolo"]
    assert started["partner_status"] == 200
    assert started["partner_answer"]["codigo_retorno"] == "00"
    assert (started["error"], started["statusAtendimento"]) == (None, "P")
    assert partner.forms == [{"campo1": "boleto 123", "numeroProtocolo": protocolo, "protocolo": protocolo}]
    assert partner.form_auth == [_basic(PARTNER_USER, PARTNER_PASSWORD)]
    details = _details(sandbox, protocolo).json()
    assert (details["modelo"], details["valorServico"], details["chaveCliente"]) == (1, "1234", "PED-981")


def test_model_1_with_oauth_fetches_one_token_and_renews_once_on_401(
    sandbox: SandboxControl, partner: Partner
) -> None:
    shown = _put_partner(sandbox, url=partner.url, auth="oauth")
    assert "client_secret" not in shown
    assert shown["client_secret_set"] is True
    for _ in range(2):
        assert _control(sandbox, "/attendances", {"model": 1})["statusAtendimento"] == "P"
    assert partner.token_requests == [{"grant_type": "client_credentials"}]
    assert partner.form_auth == ["Bearer tok-1", "Bearer tok-1"]
    partner.revoke_tokens()
    assert _control(sandbox, "/attendances", {"model": 1})["partner_status"] == 200
    assert len(partner.token_requests) == 2
    assert partner.form_auth[-2:] == ["Bearer tok-1", "Bearer tok-2"]


def test_a_refused_form_cancels_the_attendance(sandbox: SandboxControl, partner: Partner) -> None:
    partner.refuse_forms = True
    started = _control(sandbox, "/attendances", {"model": 1, "form": {"campo1": "x"}})
    assert (started["partner_status"], started["statusAtendimento"]) == (400, "C")
    assert started["partner_answer"]["codigo_retorno"] == "12"
    details = _details(sandbox, started["protocolo"]).json()
    assert details["descricaoStatus"] == "CANCELADO"
    assert details["dataHoraConclusao"] is not None


def test_deliver_false_opens_an_attendance_the_partner_never_saw(
    sandbox: SandboxControl, partner: Partner
) -> None:
    started = _control(sandbox, "/attendances", {"model": 1, "form": {"campo1": "x"}, "deliver": False})
    assert started["partner_status"] is None
    assert started["partner_answer"] is None
    assert started["statusAtendimento"] == "P"
    assert partner.forms == []


def test_finishing_sends_the_confirmation_callbacks(sandbox: SandboxControl, partner: Partner) -> None:
    concluded = _control(sandbox, "/attendances", {"model": 1})["protocolo"]
    cancelled = _control(sandbox, "/attendances", {"model": 1})["protocolo"]
    done = _control(sandbox, f"/attendances/{concluded}/finish", {"outcome": "concluded"})
    assert done["statusAtendimento"] == "F"
    assert done["callback_status"] == 200
    assert done["callback_answer"] == {"codigo": "CONF-" + concluded[-4:]}
    assert done["error"] is None
    _control(sandbox, f"/attendances/{cancelled}/finish", {"outcome": "cancelled"})
    reversed_ = _control(sandbox, f"/attendances/{concluded}/finish", {"outcome": "reversed"})
    assert reversed_["statusAtendimento"] == "E"
    assert partner.confirmations == [
        {"numeroProtocolo": concluded, "codigoConfirmacao": "00"},
        {"numeroProtocolo": cancelled, "codigoConfirmacao": "99"},
        {"numeroProtocolo": concluded, "codigoConfirmacao": "99"},
    ]
    assert _details(sandbox, cancelled).json()["statusAtendimento"] == "C"
    finish_url = f"{sandbox.url}/_sandbox/ster/attendances/{cancelled}/finish"
    again = requests.post(finish_url, json={"outcome": "concluded"}, timeout=5)
    assert again.status_code == 409


def test_a_raw_callback_changes_nothing(sandbox: SandboxControl, partner: Partner) -> None:
    protocolo = _control(sandbox, "/attendances", {"model": 1})["protocolo"]
    _control(sandbox, f"/attendances/{protocolo}/finish", {"outcome": "concluded", "callback": False})
    sent = _control(sandbox, f"/attendances/{protocolo}/callback", {"codigoConfirmacao": "99"})
    assert (sent["statusAtendimento"], sent["callback_status"]) == ("F", 200)
    assert partner.confirmations == [{"numeroProtocolo": protocolo, "codigoConfirmacao": "99"}]
    assert _details(sandbox, protocolo).json()["statusAtendimento"] == "F"


def test_a_changed_amount_shows_in_the_details(sandbox: SandboxControl) -> None:
    protocolo = _register(sandbox, _new_code(sandbox), valorServico="1234").json()["protocolo"]
    changed = _control(sandbox, f"/attendances/{protocolo}/amount", {"valorServico": "999"})
    assert changed["valorServico"] == "999"
    assert _details(sandbox, protocolo).json()["valorServico"] == "999"


def test_partner_failures_are_reported_not_raised(sandbox: SandboxControl, partner: Partner) -> None:
    tls_to_plain_http = partner.url.replace("http://", "https://")
    _put_partner(sandbox, url=tls_to_plain_http)
    started = _control(sandbox, "/attendances", {"model": 1})
    assert started["partner_status"] is None
    assert started["error"]
    assert started["statusAtendimento"] == "C"
    _put_partner(sandbox, url="http://127.0.0.1:9")  # discard port: nothing listens
    callback = _control(sandbox, f"/attendances/{started['protocolo']}/callback", {"codigoConfirmacao": "00"})
    assert callback["callback_status"] is None
    assert callback["error"]


def test_partner_config_refuses_a_bad_certificate(sandbox: SandboxControl) -> None:
    response = requests.put(
        f"{sandbox.url}/_sandbox/ster/partner", json={"ca_pem": "not a certificate"}, timeout=5
    )
    assert response.status_code == 400


def test_reset_forgets_the_attendances(sandbox: SandboxControl, sandbox_server: SandboxServer) -> None:
    code = _new_code(sandbox)
    _register(sandbox, code)
    sandbox.reset()
    assert requests.get(f"{sandbox.url}/_sandbox/ster/attendances", timeout=5).json() == {"atendimentos": []}
    assert _register(sandbox, code).json() == {"codigo": 400, "mensagem": "Código do operador inválido"}
    assert sandbox_server.url == sandbox.url


# --------------------------------------------------------------------- TLS to the partner


class _TlsPartner(http.server.BaseHTTPRequestHandler):
    """Answers every POST with a confirmation and records the body and our client certificate."""

    server: _TlsServer

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        peer = self.connection.getpeercert() if isinstance(self.connection, ssl.SSLSocket) else None
        self.server.received.append((body, peer))
        payload = b'{"codigo": "00"}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: Any) -> None:
        del format, args


class _TlsServer(http.server.HTTPServer):
    received: list[tuple[Any, Any]]


@pytest.fixture
def tls_partner() -> Iterator[tuple[str, trustme.CA]]:
    """An HTTPS partner that requires TLS 1.2+ and a client certificate from its CA."""
    ca = trustme.CA()
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    ca.issue_cert("127.0.0.1").configure_cert(context)
    ca.configure_trust(context)
    context.verify_mode = ssl.CERT_REQUIRED
    server = _TlsServer(("127.0.0.1", 0), _TlsPartner)
    server.received = []
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="tls-partner")
    thread.start()
    try:
        yield f"https://127.0.0.1:{server.server_address[1]}", ca
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def test_callbacks_over_tls_with_our_client_certificate(
    sandbox: SandboxControl, tls_partner: tuple[str, trustme.CA]
) -> None:
    url, ca = tls_partner
    client = ca.issue_cert("operador.example")
    config = {
        "url": url,
        "ca_pem": ca.cert_pem.bytes().decode(),
        "client_cert_pem": client.cert_chain_pems[0].bytes().decode(),
        "client_key_pem": client.private_key_pem.bytes().decode(),
    }
    shown = _put_partner(sandbox, **config)
    assert "client_key_pem" not in shown
    assert shown["client_key_pem_set"] is True
    sent = _control(sandbox, "/attendances/26470000000001/callback", {"codigoConfirmacao": "00"})
    assert (sent["callback_status"], sent["callback_answer"], sent["error"]) == (200, {"codigo": "00"}, None)
    untrusted = _put_partner(sandbox, **(config | {"ca_pem": None}))
    assert untrusted["ca_pem"] is None
    refused = _control(sandbox, "/attendances/26470000000001/callback", {"codigoConfirmacao": "00"})
    assert refused["callback_status"] is None
    assert "CERTIFICATE_VERIFY_FAILED" in refused["error"]


def test_a_partner_demanding_our_certificate_is_reported_without_one(
    sandbox: SandboxControl, tls_partner: tuple[str, trustme.CA]
) -> None:
    url, ca = tls_partner
    _put_partner(sandbox, url=url, ca_pem=ca.cert_pem.bytes().decode())
    refused = _control(sandbox, "/attendances/26470000000001/callback", {"codigoConfirmacao": "99"})
    assert refused["callback_status"] is None
    assert refused["error"]
