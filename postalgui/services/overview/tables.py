"""Each section's numbers as a table in the user's language: the window's "Numbers" view,
the clipboard, CSV/.xlsx (`write_section`), the monthly PDF and ``postalgui report table``
read the same `SectionTable`.

Cells are typed (Decimal reais, dates, ints, shares as a Decimal 0..1 shown as a
percentage), so a workbook keeps numbers as numbers and the CSV writes them as the house
does (`spreadsheet.csv_text`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from decimal import Decimal
from pathlib import Path

from postalgui.services.overview.records import (
    NOT_ITEMIZED,
    OTHER_CHARGES,
    Arrival,
    MoneyLeft,
    Overview,
    Section,
    SectionTable,
    TimingCounts,
)
from postalgui.services.spreadsheet import CellKind, SheetColumn, write_table
from postalgui.services.words import Words
from postalgui.services.words.overview import arrival_word, section_title, service_word

__all__ = ["SHARE_FORMAT", "section_table", "write_section"]

SHARE_FORMAT = "0.0%"
"""A share (a Decimal 0..1) in a workbook: ``12.5%``."""
_PLACES = Decimal("0.0001")
ARRIVALS = (Arrival.ON_TIME, Arrival.LATE, Arrival.WAITING, Arrival.LOST, Arrival.OTHER, Arrival.UNKNOWN)
"""The order of the punctuality columns (the chart's stack order)."""

_WORDS: Mapping[str, Words] = {
    "month": Words("Month", "Mês"),
    "total": Words("Total", "Total"),
    "service": Words("Service", "Serviço"),
    "parcels": Words("Parcels", "Objetos"),
    "amount": Words("Amount", "Valor"),
    "average": Words("Average price", "Preço médio"),
    "state": Words("State", "Estado"),
    "delivered": Words("Delivered", "Entregues"),
    "days": Words("Average days to deliver", "Média de dias até a entrega"),
    "week": Words("Week of", "Semana de"),
    "on_time_share": Words("On time share", "Parcela no prazo"),
    "origin": Words("From", "Origem"),
    "destination": Words("To", "Destino"),
    "late": Words("Late", "Atrasados"),
    "late_share": Words("Late share", "Parcela atrasada"),
    "what": Words("Claims", "Reclamações"),
    "count": Words("How many", "Quantidade"),
    "estimate": Words("Estimate", "Estimativa"),
    "filed": Words("Filed", "Registradas"),
    "accepted": Words("Accepted (paid included)", "Procedentes (pagas incluídas)"),
    "refused": Words("Refused", "Improcedentes"),
    "paid": Words("Paid", "Pagas"),
    "open": Words("Still to claim", "Ainda a reclamar"),
    "left": Words("Left on the table (90 days gone)", "Perdido (prazo de 90 dias vencido)"),
    "clerk": Words("Clerk", "Atendente"),
    "day": Words("Day", "Dia"),
    "quotes": Words("Quotes", "Cotações"),
    "converted": Words("Became pre-postings", "Viraram pré-postagens"),
    "share": Words("Share", "Parcela"),
    "nobody": Words("(no login)", "(sem login)"),
    "by_state": Words(
        "Amounts of the loaded analytic statements' lines to {uf} only.",
        "Só os valores das linhas dos extratos analíticos carregados para {uf}.",
    ),
    "by_service": Words("The chosen services only.", "Só os serviços escolhidos."),
    "itemized": Words(
        "{itemized} of {invoices} invoices itemized (their analytic statement loaded).",
        "{itemized} de {invoices} faturas detalhadas (extrato analítico carregado).",
    ),
    "no_state": Words("{count} parcels without a known state.", "{count} objetos sem estado conhecido."),
    "no_posting": Words(
        "{count} followed parcels never seen posted are in no period.",
        "{count} objetos acompanhados nunca vistos postados não entram em nenhum período.",
    ),
    "estimates": Words(
        "Estimates from the compensation table; the operator decides what it pays.",
        "Estimativas pela tabela de indenização; quem decide o valor pago é o operador.",
    ),
    "heuristic": Words(
        "A pre-posting of the same service to the same CEP within 7 days after the quote.",
        "Uma pré-postagem do mesmo serviço para o mesmo CEP até 7 dias depois da cotação.",
    ),
}


def _say(key: str, language: str, **values: object) -> str:
    return _WORDS[key].said(language).format(**values)


def _text(key: str, language: str) -> SheetColumn:
    return SheetColumn(_say(key, language))


def _int(key: str, language: str) -> SheetColumn:
    return SheetColumn(_say(key, language), CellKind.INT)


def _money(key: str, language: str) -> SheetColumn:
    return SheetColumn(_say(key, language), CellKind.MONEY)


def _share_column(key: str, language: str) -> SheetColumn:
    return SheetColumn(_say(key, language), CellKind.DECIMAL, number_format=SHARE_FORMAT)


def _share(part: int, whole: int) -> Decimal | None:
    return (Decimal(part) / Decimal(whole)).quantize(_PLACES) if whole else None


def _month_text(month: str) -> str:
    """``"2026-10"`` as a person reads it: ``10/2026``."""
    return f"{month[5:7]}/{month[:4]}"


def section_table(overview: Overview, money: MoneyLeft, section: Section, language: str) -> SectionTable:
    """``section``'s numbers from ``overview`` (and ``money`` for the money back)."""
    columns, rows, total, notes = _BUILDERS[section](overview, money, language)
    return SectionTable(section, section_title(section, language), columns, rows, total, notes)


Built = tuple[
    tuple[SheetColumn, ...], tuple[tuple[object, ...], ...], tuple[object, ...] | None, tuple[str, ...]
]


def _spending(overview: Overview, _left: MoneyLeft, language: str) -> Built:
    spending = overview.spending
    order = [row.service for row in spending.by_service]
    for month in spending.months:  # a service of a context month only goes last
        order += [row.service for row in month.by_service if row.service not in order]
    names = {row.service: row.name for month in spending.months for row in month.by_service}
    columns = (
        _text("month", language),
        *(SheetColumn(service_word(code, names.get(code, ""), language), CellKind.MONEY) for code in order),
        _money("total", language),
    )
    rows: list[tuple[object, ...]] = []
    sums = [Decimal(0)] * (len(order) + 1)
    for month in spending.months:
        amounts = {row.service: row.amount for row in month.by_service}
        values = [*(amounts.get(code, Decimal(0)) for code in order), month.total]
        sums = [kept + value for kept, value in zip(sums, values, strict=True)]
        rows.append((_month_text(month.month), *values))
    total = (_say("total", language), *sums) if rows else None
    return columns, tuple(rows), total, _spending_notes(overview, language)


def _spending_notes(overview: Overview, language: str) -> tuple[str, ...]:
    flt, spending = overview.filter, overview.spending
    notes = [_say("itemized", language, itemized=spending.itemized, invoices=spending.invoices)]
    if flt.state:
        notes.append(_say("by_state", language, uf=flt.state))
    if flt.services:
        notes.append(_say("by_service", language))
    return tuple(notes)


def _average(overview: Overview, _left: MoneyLeft, language: str) -> Built:
    columns = (
        _text("service", language),
        _int("parcels", language),
        _money("amount", language),
        _money("average", language),
    )
    items = [row for row in overview.spending.by_service if row.service not in (NOT_ITEMIZED, OTHER_CHARGES)]
    rows = tuple(
        (service_word(row.service, row.name, language), row.parcels, row.amount, row.average) for row in items
    )
    parcels = sum(row.parcels for row in items)
    amount = sum((row.amount for row in items), Decimal(0))
    average = (amount / parcels).quantize(Decimal("0.01")) if parcels else None
    total = (_say("total", language), parcels, amount, average) if rows else None
    return columns, rows, total, _spending_notes(overview, language)


def _states(overview: Overview, _left: MoneyLeft, language: str) -> Built:
    where = overview.where
    columns = (
        _text("state", language),
        _int("parcels", language),
        _int("delivered", language),
        SheetColumn(_say("days", language), CellKind.DECIMAL),
    )
    rows = tuple(
        (
            row.uf,
            row.parcels,
            row.delivered,
            Decimal(str(row.average_days)) if row.average_days is not None else None,
        )
        for row in where.states
    )
    total = (
        _say("total", language),
        sum(row.parcels for row in where.states),
        sum(row.delivered for row in where.states),
        None,
    )
    notes = []
    if where.no_state:
        notes.append(_say("no_state", language, count=where.no_state))
    if where.no_posting_day and overview.filter.period is not None:
        notes.append(_say("no_posting", language, count=where.no_posting_day))
    return columns, rows, total if rows else None, tuple(notes)


def _timing_columns(first: SheetColumn, language: str) -> tuple[SheetColumn, ...]:
    return (
        first,
        *(SheetColumn(arrival_word(arrival, language), CellKind.INT) for arrival in ARRIVALS),
        _int("total", language),
        _share_column("on_time_share", language),
    )


def _timing_row(first: object, counts: TimingCounts) -> tuple[object, ...]:
    values = [counts.counts.get(arrival, 0) for arrival in ARRIVALS]
    judged = counts.counts.get(Arrival.ON_TIME, 0) + counts.counts.get(Arrival.LATE, 0)
    return (first, *values, counts.total, _share(counts.counts.get(Arrival.ON_TIME, 0), judged))


def _on_time_service(overview: Overview, _left: MoneyLeft, language: str) -> Built:
    punctuality = overview.on_time
    columns = _timing_columns(_text("service", language), language)
    rows = tuple(
        _timing_row(service_word(row.key, row.name, language), row) for row in punctuality.by_service
    )
    total = _timing_row(_say("total", language), punctuality.total) if rows else None
    return columns, rows, total, ()


def _on_time_week(overview: Overview, _left: MoneyLeft, language: str) -> Built:
    punctuality = overview.on_time
    columns = _timing_columns(SheetColumn(_say("week", language), CellKind.DATE), language)
    rows = tuple(_timing_row(date.fromisoformat(row.key), row) for row in punctuality.by_week)
    total = _timing_row(_say("total", language), punctuality.total) if rows else None
    return columns, rows, total, ()


def _late_routes(overview: Overview, _left: MoneyLeft, language: str) -> Built:
    columns = (
        _text("origin", language),
        _text("destination", language),
        _int("late", language),
        _int("parcels", language),
        _share_column("late_share", language),
    )
    rows = tuple(
        (row.origin, row.destination, row.late, row.parcels, _share(row.late, row.parcels))
        for row in overview.on_time.routes
    )
    return columns, rows, None, ()


def _money_back(overview: Overview, money: MoneyLeft, language: str) -> Built:
    claims = overview.claims
    columns = (_text("what", language), _int("count", language), _money("estimate", language))
    rows = (
        (_say("filed", language), claims.filed, claims.filed_estimate),
        (_say("accepted", language), claims.accepted, claims.accepted_estimate),
        (_say("refused", language), claims.refused, claims.refused_estimate),
        (_say("paid", language), claims.paid, claims.paid_estimate),
        (_say("open", language), money.open_count, money.open_estimate),
        (_say("left", language), money.left_count, money.left_estimate),
    )
    return columns, rows, None, (_say("estimates", language),)


def _quotes_clerk(overview: Overview, _left: MoneyLeft, language: str) -> Built:
    quotes = overview.quotes
    columns = (
        _text("clerk", language),
        SheetColumn(_say("day", language), CellKind.DATE),
        _int("quotes", language),
    )
    rows = tuple((row.clerk or _say("nobody", language), row.day, row.quotes) for row in quotes.by_clerk_day)
    total = (_say("total", language), None, sum(row.quotes for row in quotes.by_clerk_day)) if rows else None
    return columns, rows, total, ()


def _conversion(overview: Overview, _left: MoneyLeft, language: str) -> Built:
    quotes = overview.quotes
    columns = (
        _text("service", language),
        _text("origin", language),
        _text("destination", language),
        _int("quotes", language),
        _int("converted", language),
        _share_column("share", language),
    )
    rows = tuple(
        (
            service_word(row.service, row.name, language),
            row.origin,
            row.destination,
            row.quotes,
            row.converted,
            _share(row.converted, row.quotes),
        )
        for row in quotes.conversions
    )
    total = (
        (
            _say("total", language),
            None,
            None,
            quotes.quotes,
            quotes.converted,
            _share(quotes.converted, quotes.quotes),
        )
        if rows
        else None
    )
    return columns, rows, total, (_say("heuristic", language),)


_BUILDERS: Mapping[Section, Callable[[Overview, MoneyLeft, str], Built]] = {
    Section.SPENDING: _spending,
    Section.AVERAGE_PRICE: _average,
    Section.STATES: _states,
    Section.ON_TIME_SERVICE: _on_time_service,
    Section.ON_TIME_WEEK: _on_time_week,
    Section.LATE_ROUTES: _late_routes,
    Section.MONEY_BACK: _money_back,
    Section.QUOTES_CLERK: _quotes_clerk,
    Section.CONVERSION: _conversion,
}


def write_section(path: Path, table: SectionTable) -> Path:
    """``table`` to ``path``: a workbook when it ends in .xlsx, else the house's CSV; the
    total row last (written whole or not at all)."""
    rows = [*table.rows, *([table.total] if table.total is not None else [])]
    return write_table(Path(path), table.columns, rows, title=table.title)
