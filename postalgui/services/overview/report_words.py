"""The monthly report's words in Portuguese and English, and a section's typed table
(`SectionTable`) worded cell by cell for print: money ``R$ 1.234,56`` and days
``DD/MM/AAAA`` in both languages, counts and shares in the reader's form."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from decimal import Decimal

from postalgui.api.values import format_brl, format_date_ui, format_number
from postalgui.documents.reports.month_report import ReportTable
from postalgui.services.overview.records import SectionTable
from postalgui.services.spreadsheet import CellKind, SheetColumn
from postalgui.services.words import language_of

__all__ = ["LABELS", "cell_words", "month_name", "percent", "report_table"]

LABELS: Mapping[str, Mapping[str, str]] = {
    "pt": {
        "title": "Visão geral do mês: {month}",
        "period": "De {start} a {end}: faturas, objetos acompanhados, indenizações e cotações do banco "
        "do escritório",
        "unfinished": "O mês ainda não acabou: os números vão até hoje, {today}.",
        "generated": "Gerado em {when}",
        "page": "Página {page} de {pages}",
        "spent": "Gasto no mês",
        "change": "{change} sobre {month}",
        "no_change": "nada faturado em {month}",
        "invoices": "{count} faturas",
        "parcels": "Objetos postados",
        "delivered": "{count} entregues",
        "on_time": "Entregues no prazo",
        "late": "{count} atrasados",
        "claims": "Indenizações pedidas",
        "accepted": "{amount} procedentes",
        "left": "Deixado na mesa",
        "still_open": "{amount} ainda a pedir",
        "quotes": "Cotações",
        "converted": "{share} viraram pré-postagem",
        "not_itemized": "{count} de {invoices} faturas sem extrato analítico no banco: o valor delas aparece "
        'como "Não detalhado".',
        "no_state": "{count} objetos sem estado de destino conhecido ficam fora do mapa.",
        "estimates": "Os valores de indenização são estimativas pela tabela das Configurações: quem "
        "decide o valor pago é o operador.",
        "spending_chart": "Gasto por mês e serviço",
        "other_services": "Outros serviços",
        "map": "Objetos por estado de destino",
        "map_high": "{count} objetos",
        "map_none": "Sem objetos",
        "on_time_chart": "Pontualidade por serviço (% dos objetos)",
        "routes_chart": "Rotas com mais atrasos (atrasados de postados)",
        "late_word": "Atrasados",
        "of": "{late} de {parcels}",
        "no_invoices": "Nenhuma fatura paga ou em aberto nestes meses.",
        "no_parcels": "Nenhum objeto acompanhado postado no mês.",
        "no_late": "Nenhum atraso no mês.",
        "no_rows": "Nada no mês.",
        "months": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
    },
    "en": {
        "title": "Monthly overview: {month}",
        "period": "{start} to {end}: invoices, followed parcels, claims and quotes from the office database",
        "unfinished": "The month is not over: the figures go up to today, {today}.",
        "generated": "Generated on {when}",
        "page": "Page {page} of {pages}",
        "spent": "Spent in the month",
        "change": "{change} on {month}",
        "no_change": "nothing invoiced in {month}",
        "invoices": "{count} invoices",
        "parcels": "Parcels posted",
        "delivered": "{count} delivered",
        "on_time": "Delivered on time",
        "late": "{count} late",
        "claims": "Claims filed",
        "accepted": "{amount} accepted",
        "left": "Left on the table",
        "still_open": "{amount} still to claim",
        "quotes": "Quotes",
        "converted": "{share} became pre-postings",
        "not_itemized": "{count} of {invoices} invoices without their analytic statement in the database: "
        'their amount shows as "Not itemized".',
        "no_state": "{count} parcels whose destination state is unknown are left off the map.",
        "estimates": "Compensation amounts are estimates from the table in Settings: the operator "
        "decides what it pays.",
        "spending_chart": "Spending per month and service",
        "other_services": "Other services",
        "map": "Parcels per destination state",
        "map_high": "{count} parcels",
        "map_none": "No parcels",
        "on_time_chart": "On time per service (% of parcels)",
        "routes_chart": "Routes with the most late parcels (late of posted)",
        "late_word": "Late",
        "of": "{late} of {parcels}",
        "no_invoices": "No paid or open invoice in these months.",
        "no_parcels": "No followed parcel posted in the month.",
        "no_late": "Nothing late in the month.",
        "no_rows": "Nothing in the month.",
        "months": "January February March April May June July August September October November December",
    },
}


def month_name(month: str, language: str) -> str:
    """``"2026-10"`` as "outubro de 2026" / "October 2026" (a title's)."""
    labels = LABELS[language_of(language)]
    year, number = (int(part) for part in month.split("-"))
    name = labels["months"].split()[number - 1]
    return f"{name} de {year}" if language_of(language) == "pt" else f"{name} {year}"


def percent(share: float | Decimal, language: str, *, whole: bool = False) -> str:
    """``0.873`` as ``87%`` (a whole percent; one place below 10%, where a point matters,
    unless ``whole``)."""
    value = Decimal(str(share)) * 100
    places = 1 if 0 < value < 10 and not whole else 0  # a share under 10% keeps its point
    return f"{format_number(value, language, places=places)}%"


def cell_words(value: object, column: SheetColumn, language: str) -> str:
    """A typed cell as printed: money, dates, counts, shares (a ``%`` format) and decimals."""
    if value is None or value == "":
        return ""
    if column.kind is CellKind.MONEY and isinstance(value, Decimal | int):
        return format_brl(Decimal(value))
    if isinstance(value, datetime):
        return format_date_ui(value.date())
    if isinstance(value, date):
        return format_date_ui(value)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return format_number(value, language)
    if isinstance(value, float | Decimal):
        if "%" in (column.number_format or ""):
            return percent(value, language)
        return format_number(
            Decimal(str(value)), language, places=1 if column.kind is not CellKind.MONEY else 2
        )
    return str(value)


def report_table(table: SectionTable, language: str, empty: str) -> ReportTable:
    """A section's table worded for print; its number columns right-aligned."""
    columns = table.columns

    def worded(row: tuple[object, ...]) -> tuple[str, ...]:
        return tuple(cell_words(value, columns[index], language) for index, value in enumerate(row))

    return ReportTable(
        title=table.title,
        head=tuple(column.title for column in columns),
        rows=tuple(worded(row) for row in table.rows),
        total=worded(table.total) if table.total else None,
        right=frozenset(index for index, column in enumerate(columns) if column.kind is not CellKind.TEXT),
        notes=table.notes,
        empty=empty,
    )
