"""A download is complete when its content says so: the PDF trailer, the statement's last block."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import responses

from postalgui.api.analytic import analytic_end_problem
from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.errors import IncompleteDownloadError
from postalgui.api.invoices import InvoiceClient
from postalgui.api.tokens import DELEGATED_KEY, Scope, TokenManager, TokenScope
from postalgui.api.transport import RetryPolicy, Transport
from tests.conftest import MemoryKeyring

BASE = "https://api.example.test"
FILE = f"{BASE}/faturas/v1/processamentos/p-1/file"
PDF_URL = f"{BASE}/faturas/v1/faturas/123/sintetico/pdf"
PDF = b"%PDF-1.4\n" + b"0" * 5000 + b"\ntrailer\n<< /Root 1 0 R >>\nstartxref\n9\n%%EOF\n"

STATEMENT = (
    "EXTRATO ANALÍTICO DA FATURA 123\n"
    "\n"
    "Nº DA FATURA;CNPJ;STATUS\n"
    "123;11222333000181;Paga\n"
    "\n"
    "CARTAO POSTAGEM;SERVICO;VALOR LIQUIDO\n" + "0076543210;SEDEX;19,92\n" * 2000 + "\n"
    "TOTALIZAÇÃO POR SERVIÇO\n"
    "CODIGO SERVICO;DESCRICAO SERVICO;QUANTIDADE;VALOR SERVICO;DESCONTO;VALOR LIQUIDO\n"
    "03220;SEDEX;2000;39840,00;0,00;39840,00\n"
    "\n"
    "TOTALIZAÇÃO FATURA\n"
    "DESCRICAO;QUANTIDADE;VALOR\n"
    "SERVIÇOS DO CICLO ATUAL;2000;39840,00\n"
    "CRÉDITOS;0;0,00\n"
    "TOTAL DA FATURA;2000;39840,00\n"
)
CSV = STATEMENT.encode("utf-8")


@pytest.fixture
def invoices() -> Iterator[InvoiceClient]:
    transport = Transport(BASE, retry=RetryPolicy(max_attempts=3, backoff_base=0), sleep=lambda _s: None)
    store = CredentialStore(MemoryKeyring())
    store.set("test", DELEGATED_KEY, "delegated-key")
    tokens = TokenManager(transport, store, "test", use_delegated=True)
    client = OperatorClient(transport, tokens, TokenScope(Scope.LOGIN))
    yield InvoiceClient(client, TokenScope(Scope.CONTRACT, contract="9912345678", dr=20))
    client.close()


def problem(data: bytes) -> str | None:
    tail = data[-16 * 1024 :]
    return analytic_end_problem(tail, whole=len(tail) == len(data))


# --------------------------------------------------------------------------- the statement's end


@pytest.mark.parametrize(
    "data",
    [
        CSV,
        CSV.rstrip(b"\n"),  # no line break after the total
        STATEMENT.replace("\n", "\r\n").encode("cp1252"),  # Windows line ends and encoding
        b"\xef\xbb\xbf" + STATEMENT.replace("\n", ";\n").encode("utf-8"),  # BOM, trailing ';'
    ],
)
def test_whole_statements_pass(data: bytes) -> None:
    assert problem(data) is None


@pytest.mark.parametrize(
    ("cut", "reason"),
    [
        (2, "not a whole amount"),  # ...;39840,0
        (3, "is not an amount"),  # ...;39840,
        (4, "not a whole amount"),  # ...;39840
        (16, "expected 3 fields"),  # TOTAL DA FATUR
        (31, "invoice total row"),  # the total row gone, on a line boundary
        (130, "ends before the TOTALIZACAO FATURA block"),
        (len(CSV) // 2, "ends before the TOTALIZACAO FATURA block"),
    ],
)
def test_statements_cut_short_are_named(cut: int, reason: str) -> None:
    found = problem(CSV[:-cut])
    assert found is not None
    assert reason in found


# --------------------------------------------------------------------------- downloads


@responses.activate
def test_pdf_without_its_trailer_is_fetched_again(invoices: InvoiceClient, tmp_path: Path) -> None:
    responses.get(PDF_URL, body=PDF[: len(PDF) // 2], content_type="application/pdf")
    responses.get(PDF_URL, body=PDF, content_type="application/pdf")
    dest = tmp_path / "s.pdf"
    invoices.synthetic_pdf(123, "RE", 20, 1, dest)
    assert dest.read_bytes() == PDF
    assert len(responses.calls) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.pdf"]


@responses.activate
def test_pdf_always_cut_short_fails_and_leaves_nothing(invoices: InvoiceClient, tmp_path: Path) -> None:
    responses.get(PDF_URL, body=PDF[:-20], content_type="application/pdf")
    with pytest.raises(IncompleteDownloadError, match="%%EOF") as info:
        invoices.synthetic_pdf(123, "RE", 20, 1, tmp_path / "s.pdf")
    assert str(info.value).startswith("Gave up after 3 attempts")
    assert len(responses.calls) == 3
    assert list(tmp_path.iterdir()) == []


@responses.activate
def test_statement_cut_in_its_last_block_is_fetched_again(invoices: InvoiceClient, tmp_path: Path) -> None:
    responses.get(FILE, body=CSV[:-31], content_type="text/csv")
    responses.get(FILE, body=CSV, content_type="text/csv")
    dest = tmp_path / "a.csv"
    invoices.download_file("p-1", dest)
    assert dest.read_bytes() == CSV
    assert len(responses.calls) == 2


@responses.activate
def test_statement_always_cut_short_fails_and_leaves_nothing(invoices: InvoiceClient, tmp_path: Path) -> None:
    responses.get(FILE, body=CSV[: len(CSV) // 2], content_type="text/csv")
    with pytest.raises(IncompleteDownloadError, match="TOTALIZACAO FATURA"):
        invoices.download_file("p-1", tmp_path / "a.csv")
    assert list(tmp_path.iterdir()) == []


@responses.activate
def test_a_processing_file_that_is_a_pdf_is_judged_as_a_pdf(invoices: InvoiceClient, tmp_path: Path) -> None:
    """A synthetic preview's file is a PDF: its trailer, not a statement's blocks, says it is whole."""
    responses.get(FILE, body=PDF, content_type="application/pdf")
    invoices.download_file("p-1", tmp_path / "previa.pdf")
    assert (tmp_path / "previa.pdf").read_bytes() == PDF
