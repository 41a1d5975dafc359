"""The benchmarks' busy office (`tests.benchmarks.office_year`), small, on SQLite and
PostgreSQL: its rows read back through the stores as their own, and its invoices add up."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import func, select

from postalgui.services.claims.book import ClaimBook
from postalgui.services.claims.records import ClaimState
from postalgui.services.invoices.book import InvoiceBook
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.tracking.watchlist import Watchlist
from postalgui.store import tables
from tests.benchmarks.office_year import seed_office_year

TODAY = date(2026, 11, 28)


def test_a_small_busy_year_reads_back_through_the_stores(office: OfficeDatabase) -> None:
    seed_office_year(office, today=TODAY, parcels=2_000, items=3_000, claims=50, quotes=400, shipments=100)
    watched = Watchlist(office).objects() + Watchlist(office).objects(archived=True)
    assert len(watched) == 2_000
    assert all(w.posted_on is not None and TODAY.replace(year=2025) <= w.posted_on <= TODAY for w in watched)
    late = sum(1 for w in watched if w.arrived_on and w.expected_on and w.arrived_on > w.expected_on)
    assert 0.04 < late / len(watched) < 0.15
    claims = ClaimBook(office).claims()
    assert len(claims) == 50
    assert sum(claim.state is ClaimState.FILED for claim in claims) > 40

    def counts(connection):  # type: ignore[no-untyped-def]
        found = {
            table.name: connection.execute(select(func.count()).select_from(table)).scalar()
            for table in (tables.invoice, tables.statement_item, tables.quote, tables.shipment)
        }
        sums = [
            connection.execute(select(func.sum(column))).scalar()
            for column in (
                tables.statement_service.c.valor_liquido_cents,
                tables.statement_item.c.valor_liquido_cents,
                tables.statement.c.services_cents,
            )
        ]
        return found, *sums

    found, services, items, heads = office.store().run(counts, read=True)
    assert found == {"invoice": 25, "statement_item": 3_000, "quote": 400, "shipment": 100}
    assert services == items == heads
    assert InvoiceBook(office).has_statement("1000000", "RE")
    assert not InvoiceBook(office).has_statement("1000023", "RE")  # the newest: not itemized yet
    assert Decimal(services) > 0
