"""The sandbox's invoice service over real loopback HTTP, with plain requests and demo tokens."""

from __future__ import annotations

import base64
import re
import time
import zlib
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
import requests

from postalgui.sandbox import DEMO, SandboxServer
from tests.e2e.conftest import SandboxControl

TIMEOUT = 10
AUTH = (DEMO.login, DEMO.access_code)
ERROR_KEYS = {"msgs", "date", "method", "path", "causa", "stackTrace"}
FOREIGN_CONTRACT = "9917777777"
ALL_TIME = {"dataInicial": "01-01-2000", "dataFinal": "31-12-2099"}
FAST = 0.2
WEEK = 7 * 86400


@pytest.fixture
def http(sandbox: SandboxControl) -> Iterator[requests.Session]:
    with requests.Session() as session:
        yield session


def _token(http: requests.Session, server: SandboxServer) -> dict[str, str]:
    response = http.post(
        f"{server.url}/token/v1/autentica/contrato",
        auth=AUTH,
        json={"numero": DEMO.contract},
        timeout=TIMEOUT,
    )
    assert response.status_code == 201, response.text
    return {"Authorization": f"Bearer {response.json()['token']}"}


@pytest.fixture
def bearer(http: requests.Session, sandbox_server: SandboxServer) -> dict[str, str]:
    return _token(http, sandbox_server)


class Faturas:
    """Small client of `/faturas/v1` for the tests (headers swappable after a clock jump)."""

    def __init__(self, http: requests.Session, server: SandboxServer, headers: dict[str, str]) -> None:
        self.http = http
        self.server = server
        self.headers = headers

    def call(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        headers = {**self.headers, **kwargs.pop("headers", {})}
        return self.http.request(
            method, f"{self.server.url}/faturas/v1{path}", headers=headers, timeout=TIMEOUT, **kwargs
        )

    def get(self, path: str, **params: Any) -> requests.Response:
        return self.call("GET", path, params=params)

    def invoices(self, contract: str = DEMO.contract, dr: str = "72") -> list[dict[str, Any]]:
        response = self.get("/faturas", contrato=contract, dr=dr, **ALL_TIME)
        assert response.status_code == 200, response.text
        records: list[dict[str, Any]] = response.json()
        return records

    def refresh_token(self) -> None:
        self.headers = _token(self.http, self.server)


@pytest.fixture
def api(http: requests.Session, sandbox_server: SandboxServer, bearer: dict[str, str]) -> Faturas:
    return Faturas(http, sandbox_server, bearer)


def _assert_error(response: requests.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == ERROR_KEYS
    assert body["msgs"][0].startswith(f"{code}: "), body
    assert body["stackTrace"] is None
    return body


def _keys(invoice: dict[str, Any]) -> dict[str, str]:
    return {
        "tipoDocumento": invoice["tipoDocumento"],
        "drFatura": invoice["drFatura"],
        "itemFatura": invoice["itemFatura"],
    }


def _pick(invoices: list[dict[str, Any]], **wanted: Any) -> dict[str, Any]:
    return next(inv for inv in invoices if all(inv[key] == value for key, value in wanted.items()))


def _unescape(match: re.Match[str]) -> str:
    code = match.group(1)
    return chr(int(code, 8)) if code[0] in "01234567" else code


def pdf_text(pdf: bytes) -> str:
    """Every content stream of a PDF, decoded (ASCII85, Flate), string escapes undone."""
    chunks = []
    for match in re.finditer(rb"<<(.*?)>>\s*stream\r?\n(.*?)endstream", pdf, re.S):
        header, body = match.groups()
        if b"ASCII85Decode" in header:
            body = base64.a85decode(body.strip().removesuffix(b"~>"))
        if b"FlateDecode" in header:
            body = zlib.decompress(body)
        chunks.append(re.sub(r"\\([0-7]{1,3}|.)", _unescape, body.decode("latin-1")))
    return "\n".join(chunks)


def _money(text: str) -> Decimal:
    return Decimal(text.replace(",", "."))


# -- list ----------------------------------------------------------------------------------


def test_list_of_the_main_contract(api: Faturas) -> None:
    invoices = api.invoices()
    assert {inv["tipoDocumento"] for inv in invoices} == {"RE", "R4", "RA", "R6", "R8", "RT", "RZ", "R3"}
    assert {inv["status"] for inv in invoices} == {"Paga", "Em aberto", "Estornada"}
    first = invoices[0]
    assert isinstance(first["id"], int)
    assert isinstance(first["valor"], float)
    assert first["contrato"] == DEMO.contract
    assert first["drFatura"] == "00072"
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", first["vencimento"])
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", first["dataFechamento"])
    instalments = [inv for inv in invoices if inv["tipoDocumento"] == "RA"]
    assert [inv["itemFatura"] for inv in instalments] == ["001", "002", "003"] * 2  # one plan a year
    assert len({inv["id"] for inv in instalments}) == 2
    assert len({inv["dataFechamento"] for inv in invoices}) == 24
    second = api.invoices("9912345679", "74")
    assert {inv["contrato"] for inv in second} == {"9912345679"}


def test_period_filters_on_the_closing_date(api: Faturas) -> None:
    invoices = api.invoices()
    closing = invoices[-1]["dataFechamento"]  # YYYY-MM-DD
    day = "-".join(reversed(closing.split("-")))
    response = api.get("/faturas", contrato=DEMO.contract, dr="72", dataInicial=day, dataFinal=day)
    assert response.status_code == 200, response.text
    assert {inv["dataFechamento"] for inv in response.json()} == {closing}


def test_empty_period_is_404_fat_001(api: Faturas) -> None:
    response = api.get(
        "/faturas", contrato=DEMO.contract, dr="72", dataInicial="01-01-2001", dataFinal="31-12-2001"
    )
    body = _assert_error(response, 404, "FAT-001")
    assert body["msgs"] == ["FAT-001: Não foram encontradas faturas para o período informado"]


def test_contracts_not_of_the_token(api: Faturas) -> None:
    _assert_error(api.get("/faturas", contrato=FOREIGN_CONTRACT, dr="50", **ALL_TIME), 403, "FAT-003")
    _assert_error(api.get("/faturas", contrato="9900000001", dr="72", **ALL_TIME), 404, "FAT-023")
    _assert_error(api.get("/faturas", contrato=DEMO.contract, dr="74", **ALL_TIME), 404, "FAT-023")
    # Own contract without billing (cancelled in 2020): the period simply has no invoices.
    _assert_error(api.get("/faturas", contrato="9911000123", dr="72", **ALL_TIME), 404, "FAT-001")


def test_bad_list_parameters_are_named(api: Faturas) -> None:
    body = _assert_error(api.get("/faturas"), 400, "FAT-010")
    assert body["msgs"] == [
        "FAT-010: Parâmetro 'contrato' é obrigatório",
        "FAT-010: Parâmetro 'dr' é obrigatório",
        "FAT-010: Parâmetro 'dataInicial' é obrigatório",
        "FAT-010: Parâmetro 'dataFinal' é obrigatório",
    ]
    body = _assert_error(
        api.get(
            "/faturas", contrato=DEMO.contract, dr="72", dataInicial="2026-01-01", dataFinal="31-12-2026"
        ),
        400,
        "FAT-011",
    )
    assert "'dataInicial'" in body["msgs"][0]
    reversed_period = api.get(
        "/faturas", contrato=DEMO.contract, dr="72", dataInicial="31-12-2026", dataFinal="01-01-2026"
    )
    _assert_error(reversed_period, 400, "FAT-012")


def test_a_token_is_required(http: requests.Session, sandbox_server: SandboxServer) -> None:
    response = http.get(f"{sandbox_server.url}/faturas/v1/faturas", params=ALL_TIME, timeout=TIMEOUT)
    _assert_error(response, 401, "GTW-007")


# -- PDFs ----------------------------------------------------------------------------------


def test_synthetic_statement_pdf(api: Faturas) -> None:
    invoice = _pick(api.invoices(), tipoDocumento="RE", status="Paga")
    response = api.get(f"/faturas/{invoice['id']}/sintetico/pdf", **_keys(invoice))
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/pdf"
    assert response.content.startswith(b"%PDF-")
    text = pdf_text(response.content)
    assert f"EXTRATO SINTÉTICO DA FATURA {invoice['id']}" in text
    assert "Página 1 de " in text
    assert "TOTAL DA FATURA" in text


def test_payment_slip_pdf_carries_a_valid_typed_line(api: Faturas) -> None:
    invoice = _pick(api.invoices(), tipoDocumento="RE", status="Em aberto")
    response = api.get(f"/faturas/{invoice['id']}/boleto/pdf", **_keys(invoice))
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/pdf"
    text = pdf_text(response.content)
    found = re.search(r"\((\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14})\) Tj", text)
    assert found is not None
    digits = re.sub(r"\D", "", found.group(1))
    assert digits[:4] == "0019"
    assert Decimal(int(digits[-10:])) / 100 == Decimal(str(invoice["valor"])).quantize(Decimal("0.01"))
    for body, dv in ((digits[0:9], digits[9]), (digits[10:20], digits[20]), (digits[21:31], digits[31])):
        total = sum(sum(divmod(int(d) * (2 - i % 2), 10)) for i, d in enumerate(reversed(body)))
        assert (10 - total % 10) % 10 == int(dv)
    assert "PAGO" not in text


def test_no_slip_for_zeroed_or_reversed_invoices(api: Faturas) -> None:
    invoices = api.invoices()
    zero = _pick(invoices, tipoDocumento="RZ")
    _assert_error(api.get(f"/faturas/{zero['id']}/boleto/pdf", **_keys(zero)), 404, "FAT-004")
    reversed_invoice = _pick(invoices, status="Estornada")
    _assert_error(
        api.get(f"/faturas/{reversed_invoice['id']}/boleto/pdf", **_keys(reversed_invoice)), 404, "FAT-005"
    )
    paid = _pick(invoices, tipoDocumento="RE", status="Paga")
    response = api.get(f"/faturas/{paid['id']}/boleto/pdf", **_keys(paid))
    assert response.status_code == 200
    assert "(PAGO) Tj" in pdf_text(response.content)


def test_invoice_parameters_must_match(api: Faturas) -> None:
    invoice = _pick(api.invoices(), tipoDocumento="RE")
    path = f"/faturas/{invoice['id']}/sintetico/pdf"
    _assert_error(api.get(path, **{**_keys(invoice), "tipoDocumento": "RT"}), 404, "FAT-002")
    _assert_error(api.get(path, **{**_keys(invoice), "itemFatura": "002"}), 404, "FAT-002")
    body = _assert_error(api.get(path, **{**_keys(invoice), "drFatura": "72"}), 400, "FAT-011")
    assert "'drFatura'" in body["msgs"][0]
    body = _assert_error(api.get(path, tipoDocumento="XX"), 400, "FAT-011")
    assert [msg.split(":")[0] for msg in body["msgs"]] == ["FAT-011", "FAT-010", "FAT-010"]
    _assert_error(api.get("/faturas/12345/boleto/pdf", **_keys(invoice)), 404, "FAT-002")


# -- asynchronous processing -------------------------------------------------------------


def _poll(api: Faturas, processing_id: str, until: str, deadline_s: float = 5.0) -> dict[str, Any]:
    seen = []
    deadline = time.monotonic() + deadline_s
    while True:
        response = api.get(f"/processamentos/{processing_id}")
        assert response.status_code == 200, response.text
        record: dict[str, Any] = response.json()
        seen.append(record["status"])
        if record["status"] == until or time.monotonic() > deadline:
            assert record["status"] == until, seen
            return record
        time.sleep(0.05)


def _blocks(csv_text: str) -> list[list[list[str]]]:
    return [[line.split(";") for line in block.split("\n")] for block in csv_text.rstrip("\n").split("\n\n")]


def test_analytic_statement_request_poll_and_download(api: Faturas, sandbox: SandboxControl) -> None:
    sandbox.processing_delay(FAST)
    invoice = _pick(api.invoices(), tipoDocumento="RE", status="Em aberto")
    response = api.call("POST", f"/faturas/{invoice['id']}/analitico", params=_keys(invoice))
    assert response.status_code == 202, response.text
    record = response.json()
    assert record["status"] == "SOLICITADO"
    assert record["tipoProcessamento"] == "EXTRATO_ANALITICO"
    assert record["parametros"] == {
        "tipoDocumento": "RE",
        "drFatura": "00072",
        "idFatura": str(invoice["id"]),
        "itemFatura": "001",
    }
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}", record["dataSolicitacao"])
    assert response.headers["location"] == f"/faturas/v1/processamentos/{record['id']}"
    assert "tiporquivo" not in record

    done = _poll(api, record["id"], "SUCESSO")
    assert done["tiporquivo"] == "text/csv"
    assert done["nomeArquivo"].startswith(f"EXTRATO_ANALITICO_{invoice['id']}_001_")
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}", done["dataFimProcessamento"])

    file = api.get(f"/processamentos/{record['id']}/file")
    assert file.status_code == 200, file.text
    assert file.headers["content-type"] == "text/csv; charset=utf-8"
    assert done["nomeArquivo"] in file.headers["content-disposition"]
    title, header, detail, services, totals = _blocks(file.content.decode("utf-8"))
    assert title == [[f"EXTRATO ANALÍTICO DA FATURA {invoice['id']}"]]
    assert header[1][0] == str(invoice["id"])
    items_total = sum(_money(line[14]) for line in detail[1:])
    assert items_total == sum(_money(line[5]) for line in services[2:])
    assert totals[-1][0] == "TOTAL DA FATURA"
    assert _money(totals[-1][2]) == Decimal(str(invoice["valor"])).quantize(Decimal("0.01"))


def test_analytic_request_by_get_too(api: Faturas, sandbox: SandboxControl) -> None:
    sandbox.processing_delay(0)
    invoice = _pick(api.invoices(), tipoDocumento="RA", itemFatura="002")
    response = api.get(f"/faturas/{invoice['id']}/analitico", **_keys(invoice))
    assert response.status_code == 202, response.text
    assert response.json()["parametros"]["itemFatura"] == "002"
    file = api.get(f"/processamentos/{response.json()['id']}/file")
    assert file.status_code == 200
    totals = _blocks(file.text)[-1]
    assert ["DÉBITOS", "1", "3000,00"] in totals
    assert totals[-1] == ["TOTAL DA FATURA", "0", "3000,00"]


def test_file_before_the_end_is_409(api: Faturas, sandbox: SandboxControl) -> None:
    sandbox.processing_delay(60)
    invoice = _pick(api.invoices(), tipoDocumento="RE")
    record = api.call("POST", f"/faturas/{invoice['id']}/analitico", params=_keys(invoice)).json()
    _assert_error(api.get(f"/processamentos/{record['id']}/file"), 409, "FAT-032")
    sandbox.advance_clock(25)
    assert api.get(f"/processamentos/{record['id']}").json()["status"] == "EM_EXECUCAO"
    sandbox.advance_clock(40)
    assert api.get(f"/processamentos/{record['id']}").json()["status"] == "SUCESSO"


def test_injected_failure_ends_in_erro(api: Faturas, sandbox: SandboxControl) -> None:
    sandbox.processing_delay(0)
    sandbox.fail_next_processing()
    invoice = _pick(api.invoices(), tipoDocumento="RE")
    failing = api.call("POST", f"/faturas/{invoice['id']}/analitico", params=_keys(invoice)).json()
    assert failing["status"] == "SOLICITADO"
    record = api.get(f"/processamentos/{failing['id']}").json()
    assert record["status"] == "ERRO"
    assert record["mensagem"].startswith("FAT-033: ")
    assert "dataFimProcessamento" in record
    _assert_error(api.get(f"/processamentos/{failing['id']}/file"), 409, "FAT-033")
    retry = api.call("POST", f"/faturas/{invoice['id']}/analitico", params=_keys(invoice)).json()
    assert api.get(f"/processamentos/{retry['id']}").json()["status"] == "SUCESSO"


def test_file_is_gone_after_seven_days(api: Faturas, sandbox: SandboxControl) -> None:
    sandbox.processing_delay(0)
    invoice = _pick(api.invoices(), tipoDocumento="RE")
    record = api.call("POST", f"/faturas/{invoice['id']}/analitico", params=_keys(invoice)).json()
    assert api.get(f"/processamentos/{record['id']}/file").status_code == 200
    sandbox.advance_clock(WEEK - 60)
    api.refresh_token()  # the 24-hour token aged with the clock
    assert api.get(f"/processamentos/{record['id']}/file").status_code == 200
    sandbox.advance_clock(60)
    api.refresh_token()
    status = api.get(f"/processamentos/{record['id']}").json()
    assert status["status"] == "EXCLUIDO"
    body = _assert_error(api.get(f"/processamentos/{record['id']}/file"), 410, "FAT-031")
    assert "7 dias" in body["msgs"][0]


def test_unknown_processing_is_404(api: Faturas) -> None:
    _assert_error(api.get("/processamentos/00000000-0000-4000-8000-000000000000"), 404, "FAT-030")
    _assert_error(api.get("/processamentos/nope/file"), 404, "FAT-030")


# -- previews ------------------------------------------------------------------------------


def test_analytic_preview_via_query(api: Faturas, sandbox: SandboxControl) -> None:
    sandbox.processing_delay(FAST)
    params = {"tipoPrevia": "ANALITICO", "contrato": DEMO.contract, "dr": "72", "centroCusto": "1001"}
    response = api.call("POST", "/previas", params=params)
    assert response.status_code == 202, response.text
    record = response.json()
    assert record["tipoProcessamento"] == "PREVIA_ANALITICO"
    assert record["parametros"] == params
    done = _poll(api, record["id"], "SUCESSO")
    assert done["tiporquivo"] == "text/csv"
    file = api.get(f"/processamentos/{record['id']}/file")
    assert file.status_code == 200
    assert file.text.startswith(f"PRÉVIA DO EXTRATO ANALÍTICO DO CONTRATO {DEMO.contract}")
    header = _blocks(file.text)[1]
    assert header[1][6] == "Em apuração"


def test_synthetic_preview_via_json_body(api: Faturas, sandbox: SandboxControl) -> None:
    sandbox.processing_delay(0)
    response = api.call(
        "POST", "/previas", json={"tipoPrevia": "SINTETICO", "contrato": DEMO.contract, "dr": 72}
    )
    assert response.status_code == 202, response.text
    record = api.get(f"/processamentos/{response.json()['id']}").json()
    assert record["tipoProcessamento"] == "PREVIA_SINTETICO"
    assert record["tiporquivo"] == "application/pdf"
    assert record["nomeArquivo"].endswith(".pdf")
    file = api.get(f"/processamentos/{record['id']}/file")
    assert file.headers["content-type"] == "application/pdf"
    assert "PRÉVIA DO EXTRATO SINTÉTICO" in pdf_text(file.content)


def test_bad_previews(api: Faturas) -> None:
    body = _assert_error(api.call("POST", "/previas"), 400, "FAT-010")
    assert len(body["msgs"]) == 3
    wrong_kind = api.call(
        "POST", "/previas", json={"tipoPrevia": "COMPLETA", "contrato": DEMO.contract, "dr": 72}
    )
    _assert_error(wrong_kind, 400, "FAT-011")
    foreign = {"tipoPrevia": "SINTETICO", "contrato": FOREIGN_CONTRACT, "dr": "50"}
    _assert_error(api.call("POST", "/previas", params=foreign), 403, "FAT-003")
    other_centre = {"tipoPrevia": "SINTETICO", "contrato": DEMO.contract, "dr": "72", "centroCusto": "9"}
    _assert_error(api.call("POST", "/previas", params=other_centre), 404, "FAT-023")
    broken = api.call("POST", "/previas", data=b"{nope", headers={"Content-Type": "application/json"})
    _assert_error(broken, 400, "GTW-010")


# -- divergences ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/faturas/divergencias", "/faturas/divergências", "/faturas/diverg%C3%AAncias"]
)
def test_divergences_plain_and_accented(api: Faturas, path: str) -> None:
    response = api.get(path, contrato=DEMO.contract, dr="72", **ALL_TIME)
    assert response.status_code == 200, response.text
    records = response.json()
    assert records
    for record in records:
        assert isinstance(record["codigoObjeto"], str)
        assert isinstance(record["valorTarifadoSgpb"], float)
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", record["dataPostagem"])
    assert records == api.get("/faturas/divergencias", contrato=DEMO.contract, dr="72", **ALL_TIME).json()


def test_divergences_empty_and_refused(api: Faturas) -> None:
    old = api.get(
        "/faturas/divergencias",
        contrato=DEMO.contract,
        dr="72",
        dataInicial="01-01-2001",
        dataFinal="31-01-2001",
    )
    assert old.status_code == 200
    assert old.json() == []
    _assert_error(
        api.get("/faturas/divergencias", contrato=FOREIGN_CONTRACT, dr="50", **ALL_TIME), 403, "FAT-003"
    )
    _assert_error(api.get("/faturas/divergencias", contrato=DEMO.contract), 400, "FAT-010")
