"""The client's promises under faults, against the real sandbox over HTTP (issue 10).

Each test scripts the operator's misbehaviour with the sandbox's control routes and
counts what reached it with its request stats: files cut short behind a matching
``Content-Length``, 500s and unreadable answers, a server that accepts and never
answers, wrong and changed credentials, short-lived tokens.
"""

from __future__ import annotations

import threading
import time
from datetime import date
from pathlib import Path

import pytest

from postalgui.api.analytic import parse_analytic_csv
from postalgui.api.cancel import Cancelled, PlainTask, cancel_scope
from postalgui.api.client import OperatorClient
from postalgui.api.credentials import CredentialStore
from postalgui.api.errors import (
    CredentialsRefusedError,
    IncompleteDownloadError,
    RetriesExhaustedError,
    ServerError,
)
from postalgui.api.invoices import InvoiceClient
from postalgui.api.models.invoices import Invoice
from postalgui.api.models.price import PriceQuery
from postalgui.api.price import PriceClient
from postalgui.api.tokens import ACCESS_CODE_KEY, Scope, TokenScope
from postalgui.api.transport import RetryPolicy
from postalgui.cli.main import main
from postalgui.sandbox import DEMO, SandboxServer
from postalgui.services.context import build_context
from tests.e2e.conftest import CARD, CONTRACTS, SandboxControl, make_client

CONTRACT = TokenScope(Scope.CONTRACT, contract=DEMO.contract, dr=DEMO.dr)
CARD_TOKEN_ROUTE = "POST /token/v1/autentica/cartaopostagem"
NO_HANG_S = 5.0
"""A generous bound for "does not hang": the old client took 150 s for what these test."""


def route_requests(sandbox: SandboxControl, route: str) -> int:
    count: int = sandbox.stats()["requests"].get(route, 0)
    return count


@pytest.fixture
def invoices(client: OperatorClient) -> InvoiceClient:
    return InvoiceClient(client, CONTRACT)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    path = tmp_path / "out"
    path.mkdir()
    return path


def an_invoice(invoices: InvoiceClient) -> Invoice:
    """A paid RE invoice with a value: it has a synthetic statement and an analytic one."""
    listed = invoices.list_invoices(DEMO.contract, DEMO.dr, date(2000, 1, 1), date(2099, 12, 31))
    return next(i for i in listed if i.tipoDocumento == "RE" and i.status == "Paga" and (i.valor or 0) > 0)


def keys(invoice: Invoice) -> tuple[int, str, str, str]:
    """What the PDF and analytic calls take: number, document type, DR and item."""
    assert invoice.tipoDocumento
    assert invoice.drFatura
    assert invoice.itemFatura
    return invoice.id, invoice.tipoDocumento, invoice.drFatura, invoice.itemFatura


def synthetic_path(invoice: Invoice) -> str:
    return f"/faturas/v1/faturas/{invoice.id}/sintetico/pdf"


def finished_analytic(invoices: InvoiceClient, sandbox: SandboxControl, invoice: Invoice) -> str:
    """The id of a finished analytic processing of ``invoice``."""
    sandbox.processing_delay(0)
    record = invoices.request_analytic(*keys(invoice))
    return invoices.wait_processing(record.id, poll_interval=0.01).id


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --------------------------------------------------------------------------- 1. files cut short


def test_pdf_cut_short_with_a_matching_length_is_fetched_again(
    invoices: InvoiceClient, sandbox: SandboxControl, folder: Path, waits: list[float]
) -> None:
    invoice = an_invoice(invoices)
    path = synthetic_path(invoice)
    sandbox.script({"kind": "malformed", "variant": "truncated", "path_prefix": path})
    dest = folder / "fatura.pdf"
    invoices.synthetic_pdf(*keys(invoice), dest)
    assert b"%%EOF" in dest.read_bytes()[-1024:]
    assert route_requests(sandbox, f"GET {path}") == 2
    assert len(waits) == 1  # the same backoff as any transient failure
    assert leftovers(folder) == ["fatura.pdf"]


def test_pdf_cut_short_every_time_fails_and_leaves_nothing(
    invoices: InvoiceClient, sandbox: SandboxControl, folder: Path
) -> None:
    invoice = an_invoice(invoices)
    path = synthetic_path(invoice)
    sandbox.script({"kind": "malformed", "variant": "truncated", "path_prefix": path, "count": 20})
    attempts = RetryPolicy().max_attempts
    with pytest.raises(IncompleteDownloadError) as info:
        invoices.synthetic_pdf(*keys(invoice), folder / "f.pdf")
    assert "%%EOF" in str(info.value)
    assert str(info.value).startswith(f"Gave up after {attempts} attempts")
    assert route_requests(sandbox, f"GET {path}") == attempts
    assert leftovers(folder) == []  # no file, no .part


@pytest.mark.parametrize("cut_bytes", [40, 400, None])  # the total row, block 5, half the file
def test_analytic_statement_cut_short_is_fetched_again(
    invoices: InvoiceClient, sandbox: SandboxControl, folder: Path, cut_bytes: int | None
) -> None:
    invoice = an_invoice(invoices)
    processing = finished_analytic(invoices, sandbox, invoice)
    file_path = f"/faturas/v1/processamentos/{processing}/file"
    cut = {"cut_bytes": cut_bytes} if cut_bytes else {}
    sandbox.script({"kind": "malformed", "variant": "truncated", "path_prefix": file_path, **cut})
    dest = folder / "analitico.csv"
    invoices.download_file(processing, dest)
    statement = parse_analytic_csv(dest)
    assert statement.invoice_total == invoice.valor
    assert route_requests(sandbox, f"GET {file_path}") == 2
    assert leftovers(folder) == ["analitico.csv"]


def test_analytic_statement_cut_every_time_fails_and_leaves_nothing(
    invoices: InvoiceClient, sandbox: SandboxControl, folder: Path
) -> None:
    invoice = an_invoice(invoices)
    processing = finished_analytic(invoices, sandbox, invoice)
    file_path = f"/faturas/v1/processamentos/{processing}/file"
    sandbox.script(
        {"kind": "malformed", "variant": "truncated", "path_prefix": file_path, "cut_bytes": 40, "count": 10}
    )
    dest = folder / "analitico.csv"
    dest.write_bytes(b"an earlier download")
    with pytest.raises(IncompleteDownloadError, match="TOTALIZACAO FATURA"):
        invoices.download_file(processing, dest)
    assert dest.read_bytes() == b"an earlier download"
    assert leftovers(folder) == ["analitico.csv"]


def test_cli_pdf_cut_short_exits_non_zero_and_writes_nothing(
    sandbox_server: SandboxServer,
    invoices: InvoiceClient,
    sandbox: SandboxControl,
    folder: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)
    monkeypatch.setattr(RetryPolicy, "backoff", lambda _self, _attempt, _rng: 0.0)  # no real waiting
    invoice = an_invoice(invoices)
    path = synthetic_path(invoice)
    sandbox.script({"kind": "malformed", "variant": "truncated", "path_prefix": path, "count": 10})
    out_file = folder / "fatura.pdf"
    number, tipo, _dr, item = keys(invoice)
    args = ["invoices", "pdf", str(number), "--tipo-documento", tipo, "--item", item]
    code = main([*args, "--out", str(out_file)])
    _, err = capsys.readouterr()
    assert code != 0
    assert "incomplete" in err.lower()
    assert leftovers(folder) == []


# --------------------------------------------------------------------------- 2. 500 and unreadable answers


def test_500_on_a_query_is_retried(
    client: OperatorClient, sandbox: SandboxControl, waits: list[float]
) -> None:
    client.tokens.get(CARD)
    sandbox.script({"status": 500, "path_prefix": "/meucontrato", "count": 2})
    assert client.call_json("GET", CONTRACTS)
    assert route_requests(sandbox, f"GET {CONTRACTS}") == 3
    assert len(waits) == 2


def test_html_maintenance_page_with_200_is_retried(client: OperatorClient, sandbox: SandboxControl) -> None:
    client.tokens.get(CARD)
    sandbox.script({"kind": "malformed", "variant": "html", "path_prefix": "/meucontrato"})
    assert client.call_json("GET", CONTRACTS)
    assert route_requests(sandbox, f"GET {CONTRACTS}") == 2


def test_token_service_500_and_garbled_answer_are_retried(
    client: OperatorClient, sandbox: SandboxControl
) -> None:
    sandbox.script(
        {"status": 500, "path_prefix": "/token"},
        {"kind": "malformed", "variant": "truncated", "path_prefix": "/token"},
    )
    assert client.tokens.get(CARD).value
    assert route_requests(sandbox, CARD_TOKEN_ROUTE) == 3


def test_garbled_price_batch_answer_is_retried_not_failed(
    client: OperatorClient, sandbox: SandboxControl
) -> None:
    client.tokens.get(CARD)
    queries = [
        PriceQuery.model_validate(
            {
                "coProduto": "03220",
                "cepOrigem": "70002900",
                "cepDestino": "01310100",
                "psObjeto": str(300 + n),
            }
        )
        for n in range(5)
    ]
    sandbox.script({"kind": "malformed", "variant": "truncated", "path_prefix": "/preco/v1/nacional"})
    results = PriceClient(client, concurrency=1).batch(queries)
    assert [r.failure for r in results] == [None] * 5
    assert route_requests(sandbox, "POST /preco/v1/nacional") == 2


def test_request_that_starts_work_is_never_repeated(invoices: InvoiceClient, sandbox: SandboxControl) -> None:
    invoice = an_invoice(invoices)
    path = f"/faturas/v1/faturas/{invoice.id}/analitico"
    sandbox.script({"status": 500, "path_prefix": path, "method": "POST"})
    with pytest.raises(ServerError):
        invoices.request_analytic(*keys(invoice))
    assert route_requests(sandbox, f"POST {path}") == 1


# --------------------------------------------------------------------------- 3. one deadline, and cancel


def test_a_server_that_never_answers_costs_one_deadline(
    sandbox_server: SandboxServer, store: CredentialStore, sandbox: SandboxControl, waits: list[float]
) -> None:
    client = make_client(sandbox_server.url, store, waits, deadline=1.0)
    try:
        client.tokens.get(CARD)
        sandbox.script({"kind": "hang", "path_prefix": "/meucontrato", "count": 10})
        started = time.monotonic()
        with pytest.raises(RetriesExhaustedError) as info:
            client.call("GET", CONTRACTS)
        assert time.monotonic() - started < NO_HANG_S
    finally:
        client.close()
    assert str(info.value).startswith("Gave up after 1 s and 1 attempt: No answer")


@pytest.mark.parametrize("hung", ["/meucontrato", "/token"])
def test_cancel_ends_a_read_the_server_never_answers(
    client: OperatorClient, sandbox: SandboxControl, hung: str
) -> None:
    """A blocked read ends at the cancel, not at the 30 s read timeout (nor the 60 s deadline)."""
    if hung != "/token":
        client.tokens.get(CARD)
    sandbox.script({"kind": "hang", "path_prefix": hung})
    task = PlainTask()
    timer = threading.Timer(0.3, task.cancel)
    started = time.monotonic()
    timer.start()
    try:
        with cancel_scope(task.token), pytest.raises(Cancelled):
            client.call("GET", CONTRACTS)
    finally:
        timer.join()
    assert time.monotonic() - started < 2.0
    assert client.call_json("GET", CONTRACTS)  # the pool is still usable afterwards


# --------------------------------------------------------------------------- 4 and 5. credentials


def test_wrong_access_code_costs_one_login(
    client: OperatorClient, store: CredentialStore, sandbox: SandboxControl
) -> None:
    store.set("sandbox", ACCESS_CODE_KEY, "wrong-code")
    barrier = threading.Barrier(12)
    errors: list[BaseException] = []

    def call() -> None:
        barrier.wait()
        try:
            client.call("GET", CONTRACTS)
        except Exception as exc:  # noqa: BLE001  # collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=call) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for _ in range(5):
        with pytest.raises(CredentialsRefusedError) as info:
            client.call("GET", CONTRACTS)
    assert len(errors) == 12
    assert all(isinstance(e, CredentialsRefusedError) for e in errors)
    assert route_requests(sandbox, CARD_TOKEN_ROUTE) == 1
    assert info.value.remembered
    assert info.value.code == "GTW-002"
    assert "wrong-code" not in str(info.value)
    client.tokens.set_credentials(DEMO.login, DEMO.access_code)
    assert client.call_json("GET", CONTRACTS)
    assert route_requests(sandbox, CARD_TOKEN_ROUTE) == 2


def test_a_refusal_outlives_a_settings_change_that_keeps_the_credentials(
    sandbox_server: SandboxServer, sandbox: SandboxControl, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window rebuilds its client when any setting changes: not a reason to log in again."""
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)
    context = build_context()
    try:
        context.apply(context.saved_settings, login=DEMO.login, access_code="wrong-code")
        scope = context.default_scope()
        with pytest.raises(CredentialsRefusedError):
            context.backend().tokens.get(scope)
        context.apply(context.saved_settings.updated(language="en"))  # a new backend, same credentials
        with pytest.raises(CredentialsRefusedError) as info:
            context.backend().tokens.get(scope)
        assert info.value.remembered
        assert sandbox.stats()["token_requests"] == 0  # refused logins issue no token
        assert sum(n for route, n in sandbox.stats()["requests"].items() if "/token/" in route) == 1
        context.apply(context.saved_settings, login=DEMO.login, access_code=DEMO.access_code)
        assert context.backend().tokens.get(scope).value
    finally:
        context.close()


def test_changed_access_code_does_not_get_the_cached_token(
    client: OperatorClient, store: CredentialStore, sandbox: SandboxControl, waits: list[float]
) -> None:
    assert client.call_json("GET", CONTRACTS)
    store.set("sandbox", ACCESS_CODE_KEY, "wrong-code")  # as the settings dialog does
    with pytest.raises(CredentialsRefusedError):
        client.call("GET", CONTRACTS)
    restarted = make_client(sandbox.url, store, waits)  # same keyring, as after a restart
    try:
        with pytest.raises(CredentialsRefusedError):
            restarted.call("GET", CONTRACTS)
    finally:
        restarted.close()
    assert route_requests(sandbox, CARD_TOKEN_ROUTE) == 3
    store.set("sandbox", ACCESS_CODE_KEY, DEMO.access_code)
    assert client.call_json("GET", CONTRACTS)  # the first token again, from the cache
    assert route_requests(sandbox, CARD_TOKEN_ROUTE) == 3


# --------------------------------------------------------------------------- 6. short-lived tokens


def test_short_lived_token_is_reused(client: OperatorClient, sandbox: SandboxControl) -> None:
    sandbox._call("PUT", "/config", {"token_lifetime_s": 120})
    assert client.call_json("GET", CONTRACTS)
    assert client.call_json("GET", CONTRACTS)
    assert sandbox.stats()["token_requests"] == 1
