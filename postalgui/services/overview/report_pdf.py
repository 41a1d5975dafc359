"""The manager's monthly PDF: a month's Overview (every SQL section and the money at stake)
worded in the reader's language, drawn by `postalgui.documents.reports.month_report`.

Page one has the key figures, the money per month stacked by service (the twelve months
up to this one, as the window's chart) and the map of the parcels' destinations; page two
the arrivals per service and the late routes; then every section's table, the ones the
window's "Números" toggle and ``postalgui report table`` show (`tables.section_table`).
The biggest five services keep their colour, the rest are summed as "other services", so
a stack stays readable in print. Colours are `documents.palette`'s, as the window's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.values import format_brl, format_date_ui, format_number
from postalgui.documents.palette import (
    ARRIVAL_COLOURS,
    NOT_ITEMIZED_COLOUR,
    OTHER_SERVICES_COLOUR,
    SERVICE_COLOURS,
    service_colour,
)
from postalgui.documents.reports.month_report import (
    Bar,
    Bars,
    Figure,
    MapState,
    MonthReport,
    Series,
    StateMap,
    month_report_pdf,
)
from postalgui.services.geo.outlines import state_outlines
from postalgui.services.overview.records import (
    NOT_ITEMIZED,
    OTHER_CHARGES,
    Arrival,
    Filter,
    MoneyLeft,
    Overview,
    Period,
    Section,
    ServiceAmount,
)
from postalgui.services.overview.report_words import LABELS, month_name, percent, report_table
from postalgui.services.overview.tables import section_table
from postalgui.services.words import language_of
from postalgui.services.words.months import month_words
from postalgui.services.words.overview import arrival_word, service_word
from postalgui.store.atomic import write_atomically

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.overview.service import OverviewService

__all__ = ["month_report", "write_month_report"]

SERVICES_SHOWN = 5
"""Services with their own colour in the spending stacks; the rest are one part."""
ON_TIME_SERVICES = 8
"""Services in the arrivals chart, the most parcels first."""
ARRIVALS = (Arrival.ON_TIME, Arrival.WAITING, Arrival.LATE, Arrival.LOST, Arrival.OTHER, Arrival.UNKNOWN)
MARKED = 0.06
"""A part of an arrivals bar this wide or more says its share on it."""
_OTHERS = "\x00others"


def _separators(language: str) -> tuple[str, str]:
    return (".", ",") if language == "pt" else (",", ".")


# --------------------------------------------------------------------------- key figures


def _spent(overview: Overview, labels: Mapping[str, str], language: str) -> Figure:
    """The month's spending, and how it compares with the month before."""
    spending, period = overview.spending, overview.filter.period
    before = month_words(period.previous().months()[-1], language) if period else ""
    change = spending.change
    if change is None:
        compared = labels["no_change"].format(month=before)
    else:
        compared = labels["change"].format(
            change=("+" if change > 0 else "") + percent(change, language), month=before
        )
    return Figure(labels["spent"], format_brl(spending.total), compared)


def _parcels(overview: Overview, labels: Mapping[str, str], language: str) -> tuple[Figure, Figure]:
    """The parcels posted (and delivered), and the share of the judged ones on time."""
    timing = overview.on_time.total
    delivered = sum(state.delivered for state in overview.where.states)
    on_time, late = timing.counts.get(Arrival.ON_TIME, 0), timing.counts.get(Arrival.LATE, 0)
    share = percent(on_time / (on_time + late), language) if on_time + late else "\N{EM DASH}"
    return (
        Figure(
            labels["parcels"],
            format_number(timing.total, language),
            labels["delivered"].format(count=format_number(delivered, language)),
        ),
        Figure(labels["on_time"], share, labels["late"].format(count=format_number(late, language))),
    )


def _figures(
    overview: Overview, money: MoneyLeft, labels: Mapping[str, str], language: str
) -> tuple[Figure, ...]:
    claims, quotes = overview.claims, overview.quotes
    converted = (
        labels["converted"].format(share=percent(quotes.converted / quotes.quotes, language))
        if quotes.quotes
        else ""
    )
    return (
        _spent(overview, labels, language),
        *_parcels(overview, labels, language),
        Figure(
            labels["claims"],
            format_number(claims.filed, language),
            labels["accepted"].format(amount=format_brl(claims.accepted_estimate)),
        ),
        Figure(
            labels["left"],
            format_brl(money.left_estimate),
            labels["still_open"].format(amount=format_brl(money.open_estimate)),
        ),
        Figure(labels["quotes"], format_number(quotes.quotes, language), converted),
    )


def _notes(overview: Overview, labels: Mapping[str, str], language: str) -> tuple[str, ...]:
    spending = overview.spending
    notes: list[str] = []
    if spending.invoices > spending.itemized:
        unitemized = format_number(spending.invoices - spending.itemized, language)
        notes.append(
            labels["not_itemized"].format(
                count=unitemized, invoices=format_number(spending.invoices, language)
            )
        )
    if overview.where.no_state:
        notes.append(labels["no_state"].format(count=format_number(overview.where.no_state, language)))
    notes.append(labels["estimates"])
    return tuple(notes)


# --------------------------------------------------------------------------- charts


def _ranked(amounts: Sequence[ServiceAmount]) -> list[str]:
    """The services (not the invoice's other parts) by what they cost over the chart's months."""
    totals: dict[str, Decimal] = {}
    for amount in amounts:
        if amount.service not in (NOT_ITEMIZED, OTHER_CHARGES):
            totals[amount.service] = totals.get(amount.service, Decimal(0)) + amount.amount
    return sorted(totals, key=lambda code: (-totals[code], code))


def _spending_chart(overview: Overview, labels: Mapping[str, str], language: str) -> Bars:
    months = overview.spending.months
    amounts = [amount for month in months for amount in month.by_service]
    ranked = _ranked(amounts)
    shown = ranked[:SERVICES_SHOWN]
    names = {amount.service: amount.name for amount in amounts}
    keys: list[str] = list(shown)
    series = [
        Series(service_word(code, names.get(code, ""), language), service_colour(i))
        for i, code in enumerate(shown)
    ]
    if len(ranked) > SERVICES_SHOWN:
        keys.append(_OTHERS)
        series.append(Series(labels["other_services"], OTHER_SERVICES_COLOUR))
    present = {amount.service for amount in amounts}
    if OTHER_CHARGES in present:
        keys.append(OTHER_CHARGES)
        series.append(Series(service_word(OTHER_CHARGES, "", language), SERVICE_COLOURS[SERVICES_SHOWN]))
    if NOT_ITEMIZED in present:
        keys.append(NOT_ITEMIZED)
        series.append(Series(service_word(NOT_ITEMIZED, "", language), NOT_ITEMIZED_COLOUR, hatched=True))
    bars: list[Bar] = []
    for month in months:
        parts = dict.fromkeys(keys, Decimal(0))
        for amount in month.by_service:
            key = amount.service if amount.service in parts else _OTHERS
            parts[key] += amount.amount
        bars.append(Bar(month_words(month.month, language), tuple(parts[key] for key in keys)))
    has_money = any(month.total for month in months)
    return Bars(
        labels["spending_chart"], tuple(series), tuple(bars) if has_money else (), "R$", labels["no_invoices"]
    )


def _map(overview: Overview, labels: Mapping[str, str], language: str) -> StateMap:
    parcels = {state.uf: state.parcels for state in overview.where.states}
    highest = max(parcels.values(), default=0)
    return StateMap(
        title=labels["map"],
        states=tuple(
            MapState(
                outline.uf, outline.rings, float(parcels[outline.uf]) if parcels.get(outline.uf) else None
            )
            for outline in state_outlines()
        ),
        low="0",
        high=labels["map_high"].format(count=format_number(highest, language)),
        no_data=labels["map_none"],
        empty=labels["no_parcels"],
    )


def _on_time_chart(overview: Overview, labels: Mapping[str, str], language: str) -> Bars:
    services = sorted(
        (counts for counts in overview.on_time.by_service if counts.total),
        key=lambda counts: (-counts.total, counts.key),
    )[:ON_TIME_SERVICES]
    used = [arrival for arrival in ARRIVALS if any(counts.counts.get(arrival) for counts in services)]
    series = tuple(
        Series(arrival_word(arrival, language), ARRIVAL_COLOURS[arrival], hatched=arrival is Arrival.LATE)
        for arrival in used
    )
    bars: list[Bar] = []
    for counts in services:
        shares = [Decimal(counts.counts.get(arrival, 0)) / counts.total for arrival in used]
        marks = tuple(percent(share, language, whole=True) if share >= MARKED else "" for share in shares)
        label = service_word(counts.key, counts.name, language)
        bars.append(Bar(label, tuple(share * 100 for share in shares), marks))
    return Bars(labels["on_time_chart"], series, tuple(bars), "%", labels["no_parcels"], share=True)


def _routes_chart(overview: Overview, labels: Mapping[str, str], language: str) -> Bars:
    late = (Series(labels["late_word"], ARRIVAL_COLOURS[Arrival.LATE], hatched=True),)
    bars = tuple(
        Bar(
            f"{route.origin} \N{EN DASH} {route.destination}",
            (Decimal(route.late),),
            (
                labels["of"].format(
                    late=format_number(route.late, language), parcels=format_number(route.parcels, language)
                ),
            ),
        )
        for route in overview.on_time.routes
    )
    return Bars(labels["routes_chart"], late, bars, "", labels["no_late"])


# --------------------------------------------------------------------------- the report


def build_report(
    overview: Overview, money: MoneyLeft, month: str, language: str, *, company: str = "", generated: datetime
) -> MonthReport:
    """The report of ``month`` in words, from its Overview and the money at stake."""
    language = language_of(language)
    labels = LABELS[language]
    period = Period.month(month)
    title = labels["title"].format(month=month_name(month, language))
    local = generated.astimezone()
    when = labels["generated"].format(when=f"{format_date_ui(local.date())} {local:%H:%M}")
    subtitle = labels["period"].format(start=format_date_ui(period.start), end=format_date_ui(period.end))
    if overview.today in period and overview.today < period.end:
        subtitle += ". " + labels["unfinished"].format(today=format_date_ui(overview.today))
    tables = tuple(
        report_table(section_table(overview, money, section, language), language, labels["no_rows"])
        for section in Section
    )
    return MonthReport(
        title=title,
        subtitle=subtitle,
        head=(company or title, when),
        foot=title if company else "",
        page=labels["page"],
        figures=_figures(overview, money, labels, language),
        spending=_spending_chart(overview, labels, language),
        states=_map(overview, labels, language),
        on_time=_on_time_chart(overview, labels, language),
        routes=_routes_chart(overview, labels, language),
        tables=tables,
        notes=_notes(overview, labels, language),
        separators=_separators(language),
    )


def month_report(
    task: TaskControl, service: OverviewService, month: str, language: str, *, company: str = ""
) -> bytes:
    """The PDF of ``month`` (``"2026-10"``; `ValueError` for another form): every section
    of the whole office (all services, all states) and the money at stake."""
    flt = Filter(Period.month(month))
    overview = service.read(task, flt)
    money = service.money_left(task, flt)
    task.raise_if_cancelled()
    report = build_report(overview, money, month, language, company=company, generated=datetime.now(UTC))
    return month_report_pdf(report)


def write_month_report(
    task: TaskControl, service: OverviewService, month: str, language: str, path: Path, *, company: str = ""
) -> Path:
    """`month_report` written at ``path`` atomically (a reader never sees half a file)."""
    return write_atomically(Path(path), month_report(task, service, month, language, company=company))
