"""What some invoices add up to: what is still owed, what was paid, what was invoiced.

Qt-free, so the Invoices tab's totals line and the Overview's spending (the office
database's sum of the same invoices) are one rule: `invoiced` is what both show.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from postalgui.api.models.invoices import Invoice

__all__ = ["InvoiceTotals", "invoice_totals", "open_amount"]


def open_amount(invoice: Invoice) -> Decimal:
    """What is still owed: ``valorEmAberto`` when sent, else the amount of an open invoice."""
    if not invoice.open:
        return Decimal(0)
    if invoice.valorEmAberto is not None:
        return invoice.valorEmAberto
    return invoice.valor or Decimal(0)


@dataclass(frozen=True)
class InvoiceTotals:
    """Open and paid sums of some invoices, with how many of each; ``invoiced`` is the
    amount of the paid and open ones (not reversed, not under review): what the office
    spent, as the Overview sums it."""

    count: int = 0
    open_total: Decimal = Decimal(0)
    open_count: int = 0
    paid_total: Decimal = Decimal(0)
    paid_count: int = 0
    invoiced: Decimal = Decimal(0)


def invoice_totals(invoices: Iterable[Invoice]) -> InvoiceTotals:
    """Open: `open_amount` of the open invoices; paid: the amount of the paid ones;
    invoiced: the amount of both."""
    count = open_count = paid_count = 0
    open_total = paid_total = invoiced = Decimal(0)
    for invoice in invoices:
        count += 1
        if invoice.open:
            open_count += 1
            open_total += open_amount(invoice)
            invoiced += invoice.valor or Decimal(0)
        elif invoice.paid:
            paid_count += 1
            paid_total += invoice.valor or Decimal(0)
            invoiced += invoice.valor or Decimal(0)
    return InvoiceTotals(count, open_total, open_count, paid_total, paid_count, invoiced)
