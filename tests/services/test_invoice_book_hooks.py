"""What any desk sees of invoices reaches the office database: a listing's invoices, an
analytic statement's file as it lands or is read; a book that cannot keep them leaves the
listing and the statement as they were (SQLite and PostgreSQL)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
import responses
from sqlalchemy import func, select

from postalgui.api.cancel import PlainTask
from postalgui.api.models.invoices import Invoice
from postalgui.sandbox.analytic_csv import analytic_csv
from postalgui.sandbox.invoice_data import contract_invoices
from postalgui.services.invoices.book import InvoiceBook
from postalgui.services.invoices.documents import list_invoices
from postalgui.services.invoices.following import follow_job
from postalgui.services.invoices.item_index import load_indexed
from postalgui.services.office.database import OfficeDatabase
from postalgui.store.tables import invoice, statement_item
from tests.services.test_invoice_following import DONE, STATUS_URL, MockedService, mocked_service, requested

TODAY = date(2026, 11, 25)
CONTRACT = "9912345678"
DEMO = contract_invoices(CONTRACT, TODAY)


class Listing:
    def list_invoices(self, contrato: str, dr: int, start: date, end: date) -> list[Invoice]:
        return [Invoice.model_validate(found.record()) for found in DEMO]


class BookedService(MockedService):
    """The mocked feature whose book is ``office``'s (or one that fails)."""

    office: OfficeDatabase | None = None

    def book(self) -> InvoiceBook:
        if self.office is None:
            raise RuntimeError("no office database today")
        return InvoiceBook(self.office)


def _count(office: OfficeDatabase, table: Any) -> int:
    return int(
        office.store().run(lambda c: c.execute(select(func.count()).select_from(table)).scalar(), read=True)
    )


@pytest.fixture
def booked(office: OfficeDatabase, tmp_path: Path) -> Iterator[BookedService]:
    """`test_invoice_following`'s mocked feature, whose book is ``office``'s."""
    with mocked_service(tmp_path) as service:
        service.__class__ = BookedService
        assert isinstance(service, BookedService)
        service.office = office
        yield service


def test_a_listing_keeps_its_invoices(booked: BookedService, office: OfficeDatabase) -> None:
    booked.client = Listing  # type: ignore[method-assign,assignment]
    listed = list_invoices(PlainTask(), booked, CONTRACT, 20, date(2025, 12, 1), TODAY)
    assert len(listed) == len(DEMO) == _count(office, invoice)


def test_a_book_that_fails_leaves_the_listing_whole(
    booked: BookedService, caplog: pytest.LogCaptureFixture
) -> None:
    booked.office = None
    booked.client = Listing  # type: ignore[method-assign,assignment]
    with caplog.at_level(logging.WARNING):
        listed = list_invoices(PlainTask(), booked, CONTRACT, 20, date(2025, 12, 1), TODAY)
    assert len(listed) == len(DEMO)
    assert "did not keep the invoices of contract 9912345678" in caplog.text


def _demo_statement() -> tuple[Invoice, bytes]:
    found = next(f for f in DEMO if f.doc_type == "RE")
    return Invoice.model_validate(found.record()), analytic_csv(found)


@responses.activate
def test_a_statement_is_kept_when_its_file_lands(booked: BookedService, office: OfficeDatabase) -> None:
    _, body = _demo_statement()
    responses.get(STATUS_URL, json=DONE)
    responses.get(f"{STATUS_URL}/file", body=body, content_type="text/csv")
    follow_job(PlainTask(), booked, requested(booked).id, interval_s=0)  # fatura 123456, RE
    assert InvoiceBook(office).has_statement("123456", "RE")
    assert _count(office, statement_item) > 0


def test_a_statement_read_is_kept_once(booked: BookedService, office: OfficeDatabase, tmp_path: Path) -> None:
    found, body = _demo_statement()
    path = tmp_path / "analitico.csv"
    path.write_bytes(body)
    keep = booked.statement_keeper(str(found.id), "RE")
    loaded = load_indexed(PlainTask(), path, None, keep)
    assert _count(office, statement_item) == loaded.index.size > 0
    assert InvoiceBook(office).has_statement(str(found.id), "RE")
    assert booked.statement_keeper(str(found.id), None) is None  # a file without its invoice's name
