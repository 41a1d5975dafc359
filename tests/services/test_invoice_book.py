"""The invoice book in the office database (SQLite and PostgreSQL): a listing's invoices
kept by their key and told once, a statement kept whole with its services and lines, and
the totals the Invoices tab and the Overview share."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

from sqlalchemy import func, select

from postalgui.api.analytic import parse_analytic_csv, reconcile
from postalgui.api.models.invoices import Invoice
from postalgui.api.values.states import uf_of_cep
from postalgui.sandbox.analytic_csv import analytic_csv
from postalgui.sandbox.invoice_data import contract_invoices
from postalgui.services.invoices.book import InvoiceBook, cents, invoice_month
from postalgui.services.invoices.totals import invoice_totals
from postalgui.services.office.database import OfficeDatabase
from postalgui.store.tables import invoice, statement, statement_item, statement_service

TODAY = date(2026, 11, 25)
TODAY_MOMENT = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
CONTRACT = "9912345678"


def _listed() -> list[Invoice]:
    return [Invoice.model_validate(found.record()) for found in contract_invoices(CONTRACT, TODAY)]


def test_a_listing_is_kept_by_key_and_a_second_one_writes_only_what_changed(office: OfficeDatabase) -> None:
    book = InvoiceBook(office)
    listed = _listed()
    assert book.keep_invoices(listed, CONTRACT) == len(listed)
    assert book.keep_invoices(listed, CONTRACT) == 0  # nothing new: nothing written
    paid = next(found for found in listed if found.open)
    changed = [
        paid.model_copy(update={"status": "Paga", "valorEmAberto": Decimal(0)}) if f is paid else f
        for f in listed
    ]
    assert book.keep_invoices(changed, CONTRACT) == 1
    rows = office.store().run(
        lambda c: c.execute(select(invoice).where(invoice.c.fatura == str(paid.id))).mappings().all(),
        read=True,
    )
    assert [(row["status"], row["valor_em_aberto_cents"], row["seen_by"]) for row in rows] == [
        ("Paga", 0, "clerk.a")
    ]
    count = office.store().run(
        lambda c: c.execute(select(func.count()).select_from(invoice)).scalar(), read=True
    )
    assert count == len(listed)
    # Another environment keeps its own.
    assert InvoiceBook(office, environment="production").keep_invoices(listed[:2], CONTRACT) == 2


def test_the_books_sum_is_what_the_invoice_list_calls_invoiced(office: OfficeDatabase) -> None:
    listed = _listed()
    InvoiceBook(office).keep_invoices(listed, CONTRACT)
    spent = select(func.sum(invoice.c.valor_cents)).where(
        invoice.c.environment == "sandbox", invoice.c.status.in_(("Paga", "Em aberto"))
    )
    total = office.store().run(lambda c: c.execute(spent).scalar(), read=True)
    assert Decimal(total) / 100 == invoice_totals(listed).invoiced
    statuses = {found.status for found in listed}
    assert {"Paga", "Em aberto"} <= statuses  # the demo has both, and others left out


def test_a_statement_is_kept_whole_and_replaced_whole(office: OfficeDatabase) -> None:
    book = InvoiceBook(office)
    found = next(f for f in contract_invoices(CONTRACT, TODAY) if f.doc_type == "RE")
    analytic = parse_analytic_csv(analytic_csv(found))
    fatura = str(found.id)
    assert not book.has_statement(fatura, "re")
    book.keep_statement(fatura, "re", analytic)
    book.keep_statement(fatura, "RE", analytic)  # again: replaced, not doubled
    assert book.has_statement(fatura, "RE")

    def read(c):  # type: ignore[no-untyped-def]
        head = c.execute(select(statement)).mappings().one()
        services = c.execute(
            select(
                statement_service.c.codigo_servico,
                statement_service.c.quantidade,
                statement_service.c.valor_liquido_cents,
            ).order_by(statement_service.c.codigo_servico)
        ).all()
        items = c.execute(
            select(
                func.count(),
                func.sum(statement_item.c.valor_liquido_cents),
                func.min(statement_item.c.position),
                func.max(statement_item.c.position),
            )
        ).one()
        states = c.execute(select(func.count()).where(statement_item.c.destination_uf.is_(None))).scalar()
        return head, services, tuple(items), states

    head, services, items, no_state = office.store().run(read, read=True)
    assert head["item_count"] == len(analytic.items) == items[0]
    assert (items[2], items[3]) == (0, len(analytic.items) - 1)
    assert head["services_cents"] == sum(cents(total.valor_liquido) for total in analytic.service_totals)
    assert head["total_cents"] == cents(analytic.invoice_total)
    assert [tuple(row) for row in services] == sorted(
        (t.codigo_servico, t.quantidade, cents(t.valor_liquido)) for t in analytic.service_totals
    )
    assert items[1] == cents(reconcile(analytic).items_total)
    blank = [cep for cep in analytic.items.column("cep_destinatario") if uf_of_cep(cep) is None]
    assert no_state == len(blank) < len(analytic.items)  # a line without a CEP has no state
    assert head["loaded_by"] == "clerk.a"


def test_cents_and_months() -> None:
    assert cents(Decimal("1234.565")) == 123457
    assert cents(Decimal("-0.01")) == -1
    assert cents(None) is None
    listed = Invoice.model_validate({"id": 1, "vencimento": "2026-11-10", "dataFechamento": "2026-10-31"})
    assert invoice_month(listed, TODAY_MOMENT) == "2026-10"
    due = Invoice.model_validate({"id": 1, "vencimento": "2026-11-10"})
    assert invoice_month(due, TODAY_MOMENT) == "2026-11"
    assert invoice_month(Invoice.model_validate({"id": 1}), TODAY_MOMENT) == "2026-11"


def test_invoiced_is_the_paid_and_the_open_not_the_reversed_nor_those_under_review() -> None:
    def listed(status: str, valor: str, open_: str | None = None) -> Invoice:
        return Invoice.model_validate({"id": 1, "status": status, "valor": valor, "valorEmAberto": open_})

    totals = invoice_totals(
        [
            listed("Paga", "100.00"),
            listed("Em aberto", "50.00", "20.00"),
            listed("Estornada", "70.00"),
            listed("Em apuração", "30.00"),
        ]
    )
    assert (totals.count, totals.paid_total, totals.open_total) == (4, Decimal("100.00"), Decimal("20.00"))
    assert totals.invoiced == Decimal("150.00")
