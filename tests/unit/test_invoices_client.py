"""InvoiceClient over a mocked operator (`responses`): paths, parameters, empty lists, downloads."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
import requests
import responses

from postalgui.api.cancel import Cancelled, CancelToken, cancel_scope
from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.errors import InvalidResponseError, NotFoundError, TransportError
from postalgui.api.invoices import FileExpiredError, InvoiceClient, ProcessingFailedError
from postalgui.api.models.invoices import PreviewKind, ProcessingStatus
from postalgui.api.tokens import DELEGATED_KEY, Scope, TokenManager, TokenScope
from postalgui.api.transport import RetryPolicy, Transport
from postalgui.api.values import InvalidValue
from tests.conftest import MemoryKeyring

BASE = "https://api.example.test"
FAT = f"{BASE}/faturas/v1"
PDF = b"%PDF-1.4\n" + b"0" * 5000 + b"\n%%EOF\n"
CONTRACT_SCOPE = TokenScope(Scope.CONTRACT, contract="9912345678", dr=20)

RECORD = {
    "id": "0b6c7a3e-1f7e-4c55-9a6e-1d2f3a4b5c6d",
    "tipoProcessamento": "EXTRATO_ANALITICO",
    "status": "SOLICITADO",
    "dataSolicitacao": "2026-03-01T10:00:00",
    "parametros": {"tipoDocumento": "RE", "drFatura": "00020", "idFatura": "123456", "itemFatura": "001"},
}
DONE = {
    **RECORD,
    "status": "SUCESSO",
    "dataFimProcessamento": "2026-03-01T10:00:07",
    "nomeArquivo": "analitico_123456.csv",
    "tiporquivo": "text/csv",
}


class RecordingClient(OperatorClient):
    """An `OperatorClient` that notes the scope of every call."""

    scopes: list[TokenScope | None]

    def call(self, method: str, path: str, *, scope: TokenScope | None = None, **kwargs: Any) -> Any:
        self.scopes.append(scope)
        return super().call(method, path, scope=scope, **kwargs)

    def call_json(self, method: str, path: str, *, scope: TokenScope | None = None, **kwargs: Any) -> Any:
        self.scopes.append(scope)
        return super().call_json(method, path, scope=scope, **kwargs)


@pytest.fixture
def operator() -> Iterator[RecordingClient]:
    transport = Transport(BASE, retry=RetryPolicy(max_attempts=3, backoff_base=0), sleep=lambda _s: None)
    store = CredentialStore(MemoryKeyring())
    store.set("test", DELEGATED_KEY, "delegated-key")
    tokens = TokenManager(transport, store, "test", use_delegated=True)
    client = RecordingClient(transport, tokens, TokenScope(Scope.LOGIN))
    client.scopes = []
    yield client
    client.close()


@pytest.fixture
def invoices(operator: RecordingClient) -> InvoiceClient:
    return InvoiceClient(operator, CONTRACT_SCOPE)


def query(index: int = -1) -> dict[str, str]:
    return dict(parse_qsl(urlsplit(str(responses.calls[index].request.url)).query, keep_blank_values=True))


def path(index: int = -1) -> str:
    return urlsplit(str(responses.calls[index].request.url)).path


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --------------------------------------------------------------------------- list and divergences


@responses.activate
def test_list_invoices(invoices: InvoiceClient, operator: RecordingClient) -> None:
    responses.get(
        f"{FAT}/faturas",
        json=[
            {
                "id": 123456,
                "contrato": "9912345678",
                "status": "Em aberto",
                "vencimento": "2026-03-10",
                "valor": 1419.92,
                "itemFatura": "001",
                "tipoDocumento": "RE",
                "dataFechamento": "2026-02-28",
                "tipoPagamento": "BOL",
                "lote": "L1",
            },
            {"fatura": "123457", "valor": "1.234,56", "status": "Paga", "tipoDocumento": "RA"},
        ],
    )
    result = invoices.list_invoices("12345678", 20, date(2026, 1, 1), date(2026, 3, 31))
    assert [invoice.id for invoice in result] == [123456, 123457]
    assert result[0].valor == Decimal("1419.92")
    assert result[0].vencimento == date(2026, 3, 10)
    assert result[1].valor == Decimal("1234.56")
    assert result[1].paid
    assert query() == {
        "contrato": "0012345678",
        "dr": "20",
        "dataInicial": "01-01-2026",
        "dataFinal": "31-03-2026",
    }
    assert responses.calls[0].request.method == "GET"
    assert responses.calls[0].request.headers["Authorization"] == "Bearer delegated-key"
    assert operator.scopes == [CONTRACT_SCOPE]


@pytest.mark.parametrize(("status", "code"), [(404, "FAT-001"), (400, "FAT-023"), (404, "FAT-023")])
@responses.activate
def test_empty_period_is_an_empty_list(invoices: InvoiceClient, status: int, code: str) -> None:
    body = {"msgs": [f"{code}: Nenhuma fatura encontrada"], "path": "/faturas/v1/faturas"}
    responses.get(f"{FAT}/faturas", json=body, status=status)
    responses.get(f"{FAT}/faturas/divergencias", json=body, status=status)
    assert invoices.list_invoices("9912345678", 20, date(2026, 1, 1), date(2026, 1, 31)) == []
    assert invoices.divergences("9912345678", 20, date(2026, 1, 1), date(2026, 1, 31)) == []


@responses.activate
def test_other_not_found_is_an_error(invoices: InvoiceClient) -> None:
    responses.get(f"{FAT}/faturas", json={"msgs": ["FAT-010: Contrato não encontrado"]}, status=404)
    with pytest.raises(NotFoundError) as info:
        invoices.list_invoices("9912345678", 20, date(2026, 1, 1), date(2026, 1, 31))
    assert info.value.code == "FAT-010"


@responses.activate
def test_garbled_list_is_an_invalid_response(invoices: InvoiceClient) -> None:
    responses.get(f"{FAT}/faturas", json={"unexpected": True})
    with pytest.raises(InvalidResponseError):
        invoices.list_invoices("9912345678", 20, date(2026, 1, 1), date(2026, 1, 31))
    responses.get(f"{FAT}/faturas", json=[{"valor": "x"}])
    with pytest.raises(InvalidResponseError):
        invoices.list_invoices("9912345678", 20, date(2026, 1, 1), date(2026, 1, 31))


@responses.activate
def test_divergences_use_the_unaccented_path(invoices: InvoiceClient) -> None:
    responses.get(
        f"{FAT}/faturas/divergencias",
        json=[{"codigoObjeto": "AB123456789BR", "valorTarifadoSgpb": "19,92", "dataPostagem": "2026-02-02"}],
    )
    (item,) = invoices.divergences("9912345678", 20, date(2026, 2, 1), date(2026, 2, 28))
    assert item.codigoObjeto == "AB123456789BR"
    assert item.valorTarifadoSgpb == Decimal("19.92")
    assert path() == "/faturas/v1/faturas/divergencias"
    assert query()["dataInicial"] == "01-02-2026"


def test_bad_contract_is_refused_before_sending(invoices: InvoiceClient) -> None:
    with pytest.raises(InvalidValue) as info:
        invoices.list_invoices("99-12", 20, date(2026, 1, 1), date(2026, 1, 31))
    assert info.value.rule == "contract.digits"


# --------------------------------------------------------------------------- PDFs


@pytest.mark.parametrize(
    ("method", "route"), [("synthetic_pdf", "sintetico"), ("payment_slip_pdf", "boleto")]
)
@responses.activate
def test_pdf_downloads(invoices: InvoiceClient, tmp_path: Path, method: str, route: str) -> None:
    responses.get(f"{FAT}/faturas/123456/{route}/pdf", body=PDF, content_type="application/pdf")
    dest = tmp_path / "fatura.pdf"
    result = getattr(invoices, method)(123456, "re", 20, 1, dest)
    assert result == dest
    assert dest.read_bytes() == PDF
    assert query() == {"tipoDocumento": "RE", "drFatura": "00020", "itemFatura": "001"}
    assert responses.calls[0].request.headers["Accept"].startswith("application/pdf")
    assert leftovers(tmp_path) == ["fatura.pdf"]


@responses.activate
def test_pdf_that_is_not_a_pdf_leaves_nothing(invoices: InvoiceClient, tmp_path: Path) -> None:
    responses.get(f"{FAT}/faturas/123456/boleto/pdf", body=b"<html>login</html>", content_type="text/html")
    with pytest.raises(InvalidResponseError, match="not a PDF"):
        invoices.payment_slip_pdf("123456", "RE", "20", "001", tmp_path / "boleto.pdf")
    assert leftovers(tmp_path) == []


def test_pdf_inputs_are_checked_before_sending(invoices: InvoiceClient, tmp_path: Path) -> None:
    dest = tmp_path / "x.pdf"
    for args, rule in [
        (("12a", "RE", 20, 1), "invoice.number"),
        (("1", "REX", 20, 1), "invoice.document_type"),
        (("1", "RE", 123456, 1), "dr.length"),
        (("1", "RE", 20, "0001"), "invoice_item.length"),
    ]:
        with pytest.raises(InvalidValue) as info:
            invoices.synthetic_pdf(*args, dest)
        assert info.value.rule == rule


# --------------------------------------------------------------------------- asynchronous processing


@pytest.mark.parametrize("status", [200, 201, 202])
@responses.activate
def test_request_analytic_is_a_post_with_query_params(
    invoices: InvoiceClient, operator: RecordingClient, status: int
) -> None:
    responses.post(f"{FAT}/faturas/123456/analitico", json=RECORD, status=status)
    record = invoices.request_analytic(123456, "RE", 20, "1")
    assert record.id == RECORD["id"]
    assert record.status is ProcessingStatus.SOLICITADO
    assert record.parametros["drFatura"] == "00020"
    assert responses.calls[0].request.method == "POST"
    assert responses.calls[0].request.body is None
    assert query() == {"tipoDocumento": "RE", "drFatura": "00020", "itemFatura": "001"}
    assert operator.scopes == [CONTRACT_SCOPE]


@responses.activate
def test_request_without_a_body_follows_the_location(invoices: InvoiceClient) -> None:
    responses.post(
        f"{FAT}/faturas/123456/analitico",
        status=202,
        body=b"",
        headers={"Location": f"{FAT}/processamentos/{RECORD['id']}"},
    )
    responses.get(f"{FAT}/processamentos/{RECORD['id']}", json=RECORD)
    assert invoices.request_analytic(123456, "RE", 20, 1).id == RECORD["id"]


@responses.activate
def test_request_is_not_retried(invoices: InvoiceClient) -> None:
    responses.post(f"{FAT}/faturas/123456/analitico", json={"msgs": ["GTW-502"]}, status=502)
    with pytest.raises(Exception, match="GTW-502"):
        invoices.request_analytic(123456, "RE", 20, 1)
    assert len(responses.calls) == 1


@responses.activate
def test_request_preview_sends_the_query(invoices: InvoiceClient) -> None:
    record = {**RECORD, "tipoProcessamento": "PREVIA_SINTETICO"}
    responses.post(f"{FAT}/previas", json=record, status=202)
    result = invoices.request_preview(PreviewKind.SINTETICO, "9912345678", 20, centro_custo=" 0001 ")
    assert result.tipoProcessamento == "PREVIA_SINTETICO"
    assert responses.calls[0].request.method == "POST"
    assert query() == {"tipoPrevia": "SINTETICO", "contrato": "9912345678", "dr": "20", "centroCusto": "0001"}
    invoices.request_preview(PreviewKind.ANALITICO, "9912345678", 20)
    assert "centroCusto" not in query()


@pytest.mark.parametrize("name", ["tiporquivo", "tipoArquivo"])
@responses.activate
def test_processing_reads_both_file_type_spellings(invoices: InvoiceClient, name: str) -> None:
    record = {key: value for key, value in DONE.items() if key != "tiporquivo"}
    record[name] = "text/csv"
    responses.get(f"{FAT}/processamentos/{RECORD['id']}", json=record)
    result = invoices.processing(RECORD["id"])
    assert result.file_type == "text/csv"
    assert result.status is ProcessingStatus.SUCESSO
    assert result.nomeArquivo == "analitico_123456.csv"


@responses.activate
def test_wait_processing_polls_until_success(invoices: InvoiceClient) -> None:
    url = f"{FAT}/processamentos/{RECORD['id']}"
    responses.get(url, json=RECORD)
    responses.get(url, json={**RECORD, "status": "EM_EXECUCAO"})
    responses.get(url, json=DONE)
    seen: list[str] = []
    record = invoices.wait_processing(
        RECORD["id"], poll_interval=0, on_status=lambda r, _elapsed: seen.append(r.status.value)
    )
    assert record.status is ProcessingStatus.SUCESSO
    assert seen == ["SOLICITADO", "EM_EXECUCAO", "SUCESSO"]


@responses.activate
def test_a_status_outside_the_known_ones_is_read_and_followed(invoices: InvoiceClient) -> None:
    """The spec says statuses besides its own exist: one is kept as UNKNOWN, with its word."""
    url = f"{FAT}/processamentos/{RECORD['id']}"
    for _ in range(4):  # more polls than a failing validation was allowed
        responses.get(url, json={**RECORD, "status": "AGUARDANDO_FILA"})
    responses.get(url, json=DONE)
    seen: list[tuple[ProcessingStatus, str]] = []
    record = invoices.wait_processing(
        RECORD["id"], poll_interval=0, on_status=lambda r, _elapsed: seen.append((r.status, r.status_text))
    )
    assert record.status is ProcessingStatus.SUCESSO
    assert seen[0] == (ProcessingStatus.UNKNOWN, "AGUARDANDO_FILA")
    assert not ProcessingStatus.UNKNOWN.finished
    assert len(seen) == 5


@responses.activate
def test_wait_processing_failure_and_timeout(invoices: InvoiceClient) -> None:
    url = f"{FAT}/processamentos/{RECORD['id']}"
    responses.get(url, json={**RECORD, "status": "ERRO"})
    with pytest.raises(ProcessingFailedError) as info:
        invoices.wait_processing(RECORD["id"], poll_interval=0)
    assert info.value.record.status is ProcessingStatus.ERRO
    responses.replace(responses.GET, url, json=RECORD)
    ticks = iter(range(100))
    with pytest.raises(TransportError, match="did not finish in 5 s"):
        invoices.wait_processing(RECORD["id"], poll_interval=0.001, timeout=5, clock=lambda: next(ticks))


@responses.activate
def test_wait_processing_stops_when_cancelled(invoices: InvoiceClient) -> None:
    responses.get(f"{FAT}/processamentos/{RECORD['id']}", json=RECORD)
    token = CancelToken()

    def cancel_on_first(_record: object, _elapsed: float) -> None:
        token.cancel()

    with cancel_scope(token), pytest.raises(Cancelled):
        invoices.wait_processing(RECORD["id"], poll_interval=60, on_status=cancel_on_first)
    assert len(responses.calls) == 1


# --------------------------------------------------------------------------- file download


@responses.activate
def test_download_file(invoices: InvoiceClient, tmp_path: Path) -> None:
    lines = "EXTRATO;\r\nlinha;1\r\n" * 20_000
    body = (
        lines + "\r\nTOTALIZAÇÃO FATURA\r\nDESCRICAO;QUANTIDADE;VALOR\r\nTOTAL DA FATURA;1;10,00\r\n"
    ).encode("cp1252")
    responses.get(f"{FAT}/processamentos/{RECORD['id']}/file", body=body, content_type="text/csv")
    dest = tmp_path / "analitico.csv"
    assert invoices.download_file(RECORD["id"], dest) == dest
    assert dest.read_bytes() == body
    assert path() == f"/faturas/v1/processamentos/{RECORD['id']}/file"
    assert leftovers(tmp_path) == ["analitico.csv"]


class _BreaksAfter(io.RawIOBase):
    """A body that sends ``chunks`` of data, then loses the connection."""

    def __init__(self, chunks: int) -> None:
        self.left = chunks

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.left == 0:
            raise ConnectionResetError("connection reset by peer")
        self.left -= 1
        buffer[:1000] = b"x" * 1000
        return 1000


@responses.activate
def test_broken_stream_leaves_the_old_file_untouched(invoices: InvoiceClient, tmp_path: Path) -> None:
    dest = tmp_path / "analitico.csv"
    dest.write_bytes(b"the previous download")
    for _attempt in range(3):  # the operator fixture makes 3 attempts
        responses.get(f"{FAT}/processamentos/{RECORD['id']}/file", body=io.BufferedReader(_BreaksAfter(3)))
    with pytest.raises(TransportError, match="Download interrupted"):
        invoices.download_file(RECORD["id"], dest)
    assert dest.read_bytes() == b"the previous download"
    assert leftovers(tmp_path) == ["analitico.csv"]


@responses.activate
def test_short_body_is_incomplete(invoices: InvoiceClient, tmp_path: Path) -> None:
    responses.get(
        f"{FAT}/faturas/1/sintetico/pdf",
        body=PDF,
        headers={"Content-Length": str(len(PDF) + 100)},
        auto_calculate_content_length=False,
    )
    with pytest.raises(TransportError):
        invoices.synthetic_pdf(1, "RE", 20, 1, tmp_path / "s.pdf")
    assert leftovers(tmp_path) == []


@responses.activate
def test_cancel_during_download_removes_the_part_file(invoices: InvoiceClient, tmp_path: Path) -> None:
    responses.get(f"{FAT}/processamentos/{RECORD['id']}/file", body=b"x" * 300_000)
    token = CancelToken()
    real = requests.Response.iter_content

    def cancelling(self: requests.Response, *args: Any, **kwargs: Any) -> Iterator[bytes]:
        for chunk in real(self, *args, **kwargs):
            token.cancel()
            yield chunk

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(requests.Response, "iter_content", cancelling)
        with cancel_scope(token), pytest.raises(Cancelled):
            invoices.download_file(RECORD["id"], tmp_path / "a.csv")
    assert leftovers(tmp_path) == []


@responses.activate
def test_expired_file_is_a_typed_error(invoices: InvoiceClient, tmp_path: Path) -> None:
    responses.get(
        f"{FAT}/processamentos/{RECORD['id']}/file",
        json={"msgs": ["FAT-040: Arquivo expirado"]},
        status=410,
    )
    with pytest.raises(FileExpiredError) as info:
        invoices.download_file(RECORD["id"], tmp_path / "a.csv")
    assert info.value.status == 410
    assert info.value.code == "FAT-040"
    assert leftovers(tmp_path) == []


@responses.activate
def test_json_instead_of_a_file_is_refused(invoices: InvoiceClient, tmp_path: Path) -> None:
    responses.get(
        f"{FAT}/processamentos/{RECORD['id']}/file", body=json.dumps(RECORD), content_type="application/json"
    )
    with pytest.raises(InvalidResponseError, match="expected a file"):
        invoices.download_file(RECORD["id"], tmp_path / "a.csv")
    assert leftovers(tmp_path) == []
