"""The Overview's spending: what the office was invoiced per month, stacked by service, in SQL.

An invoice counts when paid or open (``Paga``, ``Em aberto``: not reversed, not under
review), in its ``month`` (closing day, else due day). An itemized invoice (its analytic
statement is in the office database) stacks its statement's services (block 4) and what
the invoice charges beyond them (`OTHER_CHARGES`); one not itemized is one `NOT_ITEMIZED`
amount: each month's stack sums to its invoices' amounts exactly. A service filter keeps
those services' amounts only; a state filter reads the statements' lines to that state
(only itemized invoices say where a parcel went).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, Connection, Select, and_, func, select

from postalgui.services.overview.queries import Ask, money
from postalgui.services.overview.records import (
    NOT_ITEMIZED,
    OTHER_CHARGES,
    MonthSpending,
    ServiceAmount,
    Spending,
    add_months,
)
from postalgui.store.tables import invoice, statement, statement_item, statement_service

__all__ = ["CONTEXT_MONTHS", "INVOICED", "spending"]

CONTEXT_MONTHS = 12
"""The chart shows up to a year of months, ending with the period's last."""
INVOICED = ("paga", "em aberto")
"""The statuses that count (`Invoice.paid`, `Invoice.open`: trimmed, any case)."""
ZERO = Decimal(0)

# (month, service) -> [cents, parcels]
Amounts = dict[tuple[str, str], list[int]]


def _months(ask: Ask) -> tuple[list[str], set[str], set[str]]:
    """The chart's months (a year ending with the period's last, and every month of a
    longer period), the period's, and the period before's (the change); all time: none."""
    period = ask.flt.period
    if period is None:
        return [], set(), set()
    inside = period.months()
    context = {*_months_back(inside[-1], CONTEXT_MONTHS), *inside}
    return sorted(context), set(inside), set(period.previous().months())


def _months_back(last: str, count: int) -> list[str]:
    first = date.fromisoformat(f"{last}-01")
    return [add_months(first, -back).strftime("%Y-%m") for back in range(count)]


def _invoices(ask: Ask, months: list[str], before: set[str]) -> list[ColumnElement[bool]]:
    found: list[ColumnElement[bool]] = [
        invoice.c.environment == ask.environment,
        func.lower(func.trim(invoice.c.status)).in_(INVOICED),
    ]
    if months:
        wanted = sorted({*months, *before})
        found.append(invoice.c.month.between(wanted[0], wanted[-1]))
    return found


def _invoice_totals(ask: Ask, scope: list[ColumnElement[bool]]) -> Select[Any]:
    """Per month and itemized or not: how many invoices and their amount."""
    on = and_(
        statement.c.environment == invoice.c.environment,
        statement.c.fatura == invoice.c.fatura,
        statement.c.tipo_documento == invoice.c.tipo_documento,
    )
    itemized = statement.c.fatura.is_not(None).label("itemized")
    return (
        select(invoice.c.month, itemized, func.count(), func.sum(invoice.c.valor_cents))
        .select_from(invoice.outerjoin(statement, on))
        .where(*scope)
        .group_by(invoice.c.month, itemized)
    )


def _billed(scope: list[ColumnElement[bool]]) -> Select[Any]:
    """The invoices of the months, one row per statement they are itemized by."""
    return (
        select(invoice.c.environment, invoice.c.fatura, invoice.c.tipo_documento, invoice.c.month)
        .where(*scope)
        .distinct()
    )


def _service_totals(ask: Ask, scope: list[ColumnElement[bool]]) -> Select[Any]:
    """Per month and service: the statements' block 4 (or, for a state, their lines to it)."""
    billed = _billed(scope).subquery("billed")
    source = statement_item if ask.flt.state else statement_service
    on = and_(
        source.c.environment == billed.c.environment,
        source.c.fatura == billed.c.fatura,
        source.c.tipo_documento == billed.c.tipo_documento,
    )
    query = (
        select(
            billed.c.month,
            source.c.codigo_servico,
            func.sum(source.c.valor_liquido_cents),
            func.sum(source.c.quantidade),
        )
        .select_from(billed.join(source, on))
        .group_by(billed.c.month, source.c.codigo_servico)
    )
    if ask.flt.state:
        query = query.where(statement_item.c.destination_uf == ask.flt.state)
    if ask.flt.services:
        query = query.where(source.c.codigo_servico.in_(sorted(ask.flt.services)))
    return query


def spending(connection: Connection, ask: Ask) -> Spending:
    """Invoiced per month (the chart's year) and in the period, with the period before's total."""
    months, inside, before = _months(ask)
    scope = _invoices(ask, months, before)
    amounts: Amounts = defaultdict(lambda: [0, 0])
    counted: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # month -> [invoices, itemized]
    itemized_cents: dict[str, int] = defaultdict(int)
    whole = not ask.flt.services and not ask.flt.state
    for month, itemized, count, cents in connection.execute(_invoice_totals(ask, scope)):
        counted[month][0] += int(count)
        if itemized:
            counted[month][1] += int(count)
            itemized_cents[month] += int(cents or 0)
        elif whole:
            amounts[month, NOT_ITEMIZED][0] += int(cents or 0)
    for month, service, cents, parcels in connection.execute(_service_totals(ask, scope)):
        amounts[month, service][0] += int(cents or 0)
        amounts[month, service][1] += int(parcels or 0)
        if whole:
            itemized_cents[month] -= int(cents or 0)
    if whole:
        for month, rest in itemized_cents.items():
            if rest:
                amounts[month, OTHER_CHARGES][0] += rest
    return _spending(ask, amounts, counted, months or sorted(counted), inside, before)


def _spending(
    ask: Ask,
    amounts: Amounts,
    counted: dict[str, list[int]],
    months: list[str],
    inside: set[str],
    before: set[str],
) -> Spending:
    everything = ask.flt.period is None
    shown = [month for month in months if month in counted or any(key[0] == month for key in amounts)]
    charts = tuple(_month(ask, month, amounts, everything or month in inside) for month in shown)
    in_period = [row for row in charts if row.in_period]
    return Spending(
        months=charts,
        total=sum((row.total for row in in_period), ZERO),
        previous_total=sum((money(amounts[key][0]) for key in list(amounts) if key[0] in before), ZERO),
        by_service=_summed(
            ask, ((key, value) for key, value in amounts.items() if everything or key[0] in inside)
        ),
        invoices=sum(counted[month][0] for month in counted if everything or month in inside),
        itemized=sum(counted[month][1] for month in counted if everything or month in inside),
    )


def _month(ask: Ask, month: str, amounts: Amounts, in_period: bool) -> MonthSpending:
    rows = _summed(ask, ((key, value) for key, value in amounts.items() if key[0] == month))
    return MonthSpending(month, sum((row.amount for row in rows), ZERO), rows, in_period)


def _summed(ask: Ask, items: Iterable[tuple[tuple[str, str], list[int]]]) -> tuple[ServiceAmount, ...]:
    """Per service, the largest first (not itemized and other charges last)."""
    summed: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for (_month, service), (cents, parcels) in items:
        summed[service][0] += cents
        summed[service][1] += parcels
    rows = [
        ServiceAmount(service, ask.name(service), money(cents), parcels)
        for service, (cents, parcels) in summed.items()
    ]
    rows.sort(
        key=lambda row: (
            row.service in (NOT_ITEMIZED, OTHER_CHARGES),
            row.service == NOT_ITEMIZED,
            -row.amount,
            row.service,
        )
    )
    return tuple(rows)
