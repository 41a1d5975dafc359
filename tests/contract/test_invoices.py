"""The invoice service held to the operator's documents, both ways.

No invoice answer is printed whole in the documents; every fixture here is assembled from
the field lists, with their types:
- ``invoices-list-answer``: spec 001 §2.1 "Invoice" (``id`` integer, ``valor`` number, dates
  YYYY-MM-DD, the rest strings).
- ``invoices-empty-answer``: REFERENCE.md "Invoice service" (404 with ``FAT-001`` is an
  empty list) in spec 000 §7's MessageResponse (every field a string but ``msgs``); the
  message text after the code is ours.
- ``invoices-processing-requested-answer`` / ``-done-answer``: spec 001 §2.1 "Processing
  record" and §3 (SOLICITADO on request; SUCESSO adds ``dataFimProcessamento``,
  ``nomeArquivo`` and ``tiporquivo``, spelled as the spec spells it).
- ``invoices-divergences-answer``: REFERENCE.md (the spec shows no fields): the keys working
  clients read, ``codigoObjeto``, ``valorTarifadoSgpb``, ``dataPostagem``. Their types are
  not documented: money as a number and the date as YYYY-MM-DD follow the invoice record.
"""

from __future__ import annotations

import json
from datetime import date, datetime
from decimal import Decimal

import pytest
import responses

from postalgui.api.client import OperatorClient
from postalgui.api.invoices import InvoiceClient
from postalgui.api.models.invoices import ProcessingStatus
from postalgui.api.tokens import Scope, TokenScope
from postalgui.sandbox import DEMO
from tests.contract.conftest import NO_TRACE, Wire, serve, without_trace
from tests.contract.shapes import assert_same_shape, load, raw
from tests.e2e.conftest import SandboxControl

CONTRACT = TokenScope(Scope.CONTRACT, contract=DEMO.contract, dr=DEMO.dr)
ALL_TIME = {"dataInicial": "01-01-2000", "dataFinal": "31-12-2099"}
INVOICE_EXTRA = {
    # REFERENCE.md, Invoice service: "records in the wild also carry" these.
    "nomeContrato",
    "centroCusto",
    "drFatura",
    "valorEmAberto",
}
DIVERGENCE_EXTRA: frozenset[str] = frozenset()
"""None: the documents name no other divergence key, so the sandbox sends none (a new key
fails here first)."""
PERIOD = (date(2023, 4, 1), date(2023, 4, 30))


def test_an_invoice_is_read_with_its_amount_and_dates(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    serve(mocked, "GET", "/faturas/v1/faturas", raw("invoices-list-answer"))

    [invoice] = InvoiceClient(operator).list_invoices("9912345678", 10, *PERIOD)

    assert invoice.id == 123456789
    assert invoice.valor == Decimal("1234.56")
    assert (invoice.vencimento, invoice.dataFechamento) == (date(2023, 5, 22), date(2023, 4, 30))
    assert invoice.open
    assert invoice.document_type is not None


def test_fat_001_is_an_empty_period(operator: OperatorClient, mocked: responses.RequestsMock) -> None:
    serve(mocked, "GET", "/faturas/v1/faturas", raw("invoices-empty-answer"), status=404)

    assert InvoiceClient(operator).list_invoices("9912345678", 10, *PERIOD) == []


def test_processing_records_are_read_from_request_to_file(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    requested = load("invoices-processing-requested-answer")
    path = f"/faturas/v1/processamentos/{requested['id']}"
    serve(mocked, "GET", path, raw("invoices-processing-requested-answer"))
    serve(mocked, "GET", path, raw("invoices-processing-done-answer"))
    invoices = InvoiceClient(operator)

    first = invoices.processing(requested["id"])
    done = invoices.processing(requested["id"])

    assert (first.status, first.dataSolicitacao) == (
        ProcessingStatus.SOLICITADO,
        datetime(2023, 5, 2, 10, 15, 30),
    )
    assert first.parametros["idFatura"] == "123456789"
    assert done.status is ProcessingStatus.SUCESSO
    assert (done.file_type, done.nomeArquivo) == ("text/csv", "EXTRATO_ANALITICO_123456789_001.csv")


def test_a_status_word_not_in_the_documents_is_unknown_not_a_failure(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    record = {**load("invoices-processing-requested-answer"), "status": "AGUARDANDO_FILA"}
    serve(mocked, "GET", f"/faturas/v1/processamentos/{record['id']}", json.dumps(record).encode())

    read = InvoiceClient(operator).processing(record["id"])

    assert (read.status, read.status_text) == (ProcessingStatus.UNKNOWN, "AGUARDANDO_FILA")


def test_divergences_are_read_with_money_as_decimal(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    serve(mocked, "GET", "/faturas/v1/faturas/divergencias", raw("invoices-divergences-answer"))

    [divergence] = InvoiceClient(operator).divergences("9912345678", 10, *PERIOD)

    assert divergence.codigoObjeto == "DG049186226BR"
    assert divergence.valorTarifadoSgpb == Decimal("48.9")


@pytest.mark.usefixtures("sandbox")
def test_the_sandboxs_invoices_are_shaped_like_spec_2_1(wire: Wire) -> None:
    params = {"contrato": DEMO.contract, "dr": str(DEMO.dr), **ALL_TIME}

    answer = wire("GET", "/faturas/v1/faturas", params=params, scope=CONTRACT)

    assert answer
    assert_same_shape(load("invoices-list-answer"), answer, extra=INVOICE_EXTRA)


def test_the_sandboxs_empty_period_is_the_documents_fat_001(
    client: OperatorClient, sandbox: SandboxControl
) -> None:
    params = {
        "contrato": DEMO.contract,
        "dr": str(DEMO.dr),
        "dataInicial": "01-01-2001",
        "dataFinal": "31-12-2001",
    }

    assert (
        InvoiceClient(client, CONTRACT).list_invoices(
            DEMO.contract, DEMO.dr, date(2001, 1, 1), date(2001, 12, 31)
        )
        == []
    )
    with pytest.raises(Exception) as caught:  # noqa: PT011  (the typed error is read below)
        client.call_json("GET", "/faturas/v1/faturas", params=params, scope=CONTRACT)

    assert getattr(caught.value, "status", None) == 404
    body = getattr(caught.value, "body", None)
    assert isinstance(body, dict)
    assert body["msgs"][0].startswith("FAT-001: ")
    assert_same_shape(load("invoices-empty-answer"), without_trace(body), optional=NO_TRACE)


def test_the_sandboxs_processing_records_are_shaped_like_spec_2_1(
    wire: Wire, sandbox: SandboxControl
) -> None:
    sandbox.processing_delay(0)
    listing = {"contrato": DEMO.contract, "dr": str(DEMO.dr), **ALL_TIME}
    invoice = wire("GET", "/faturas/v1/faturas", params=listing, scope=CONTRACT)[0]
    params = {"tipoDocumento": invoice["tipoDocumento"], "drFatura": invoice["drFatura"],
              "itemFatura": invoice["itemFatura"]}  # fmt: skip

    requested = wire("POST", f"/faturas/v1/faturas/{invoice['id']}/analitico", params=params, scope=CONTRACT)
    done = wire("GET", f"/faturas/v1/processamentos/{requested['id']}", scope=CONTRACT)

    assert_same_shape(load("invoices-processing-requested-answer"), requested)
    assert done["status"] == "SUCESSO"
    assert_same_shape(load("invoices-processing-done-answer"), done)


@pytest.mark.usefixtures("sandbox")
def test_the_sandboxs_divergences_carry_the_keys_clients_read(wire: Wire) -> None:
    params = {
        "contrato": DEMO.contract,
        "dr": str(DEMO.dr),
        "dataInicial": "01-01-2000",
        "dataFinal": "31-12-2099",
    }

    answer = wire("GET", "/faturas/v1/faturas/divergencias", params=params, scope=CONTRACT)

    assert answer, "the sandbox has no divergence to compare"
    assert_same_shape(load("invoices-divergences-answer"), answer, extra=DIVERGENCE_EXTRA)
