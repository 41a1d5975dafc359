"""The invoice client against the sandbox over real HTTP: what a bookkeeper gets back.

The demo invoices are computed from the sandbox's date, so the tests find theirs in the
list (an R6 invoice is there once in any 12 months) instead of naming a number.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from postalgui.api.analytic import parse_analytic_csv, reconcile
from postalgui.api.client import OperatorClient
from postalgui.api.invoices import InvoiceClient
from postalgui.api.models.invoices import Invoice
from postalgui.api.tokens import Scope, TokenScope
from postalgui.sandbox import DEMO
from tests.e2e.conftest import SandboxControl

CONTRACT = TokenScope(Scope.CONTRACT, contract=DEMO.contract, dr=DEMO.dr)
ALL_TIME = (date(2000, 1, 1), date(2099, 12, 31))


@pytest.fixture
def invoices(client: OperatorClient, sandbox: SandboxControl) -> InvoiceClient:
    sandbox.processing_delay(0)
    return InvoiceClient(client, CONTRACT)


def analytic_of(invoices: InvoiceClient, invoice: Invoice, folder: Path) -> Path:
    """The invoice's analytic statement, requested, followed and downloaded."""
    kind, dr, item = invoice.tipoDocumento, invoice.drFatura, invoice.itemFatura
    assert kind is not None
    assert dr is not None
    assert item is not None
    record = invoices.request_analytic(invoice.id, kind, dr, item)
    done = invoices.wait_processing(record.id, poll_interval=0.05, timeout=30)
    return invoices.download_file(done.id, folder / "analitico.csv")


def test_an_r6_invoice_with_only_a_debit_reconciles(invoices: InvoiceClient, tmp_path: Path) -> None:
    listed = invoices.list_invoices(DEMO.contract, DEMO.dr, *ALL_TIME)
    r6 = next(invoice for invoice in listed if invoice.tipoDocumento == "R6")
    statement = parse_analytic_csv(analytic_of(invoices, r6, tmp_path))
    assert statement.items == []
    result = reconcile(statement)
    assert result.invoice_total == Decimal("2450.00") == r6.valor
    assert result.other_rows == Decimal("2450.00")
    assert result.items_vs_invoice == 0
    assert result.services_vs_invoice == 0
    assert result.balanced


def test_the_period_is_of_closing_dates(invoices: InvoiceClient) -> None:
    """The sandbox filters on dataFechamento, as the client's and the CLI's words say: a
    month's period holds the invoices closed in it (due the month after), not those due in it."""
    everything = invoices.list_invoices(DEMO.contract, DEMO.dr, *ALL_TIME)
    closings = sorted({invoice.dataFechamento for invoice in everything if invoice.dataFechamento})
    month_end = closings[-2]  # a closed month with a closed month before it
    first = month_end.replace(day=1)
    listed = invoices.list_invoices(DEMO.contract, DEMO.dr, first, month_end)
    closed_in = sorted(i.id for i in everything if first <= (i.dataFechamento or date.min) <= month_end)
    due_in = {i.id for i in everything if first <= (i.vencimento or date.min) <= month_end}
    assert sorted(i.id for i in listed) == closed_in
    assert closed_in
    assert due_in - set(closed_in)  # due in the month, closed the month before: not listed
    assert all(i.vencimento and i.vencimento > month_end for i in listed)
    assert invoices.list_invoices(DEMO.contract, DEMO.dr, month_end, month_end) == listed
    assert invoices.list_invoices(DEMO.contract, DEMO.dr, first, month_end - timedelta(days=1)) == []
