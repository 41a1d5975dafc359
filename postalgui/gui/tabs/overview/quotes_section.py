"""Quotes: how many quotes each clerk made per day (per week or month over a longer
period, so a year stays readable), and the share of quotes that became pre-postings per
route and service (the same service to the same CEP within seven days: a heuristic, and
the tooltip says so)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import date, timedelta
from typing import TYPE_CHECKING

from PySide6.QtCharts import QAbstractBarSeries, QHorizontalPercentBarSeries, QStackedBarSeries
from PySide6.QtWidgets import QWidget

from postalgui.api.values import format_date_ui
from postalgui.documents.palette import ARRIVAL_COLOURS, SERVICE_COLOURS
from postalgui.gui.i18n import app_locale, ui_language
from postalgui.gui.messages import arg
from postalgui.gui.tabs.overview.chart_parts import (
    bar_set,
    category_axis,
    chart_view,
    count_axis,
    percent_axis,
    percent_text,
    replace_series,
    set_empty,
)
from postalgui.gui.tabs.overview.section_box import SectionBox
from postalgui.services.overview.records import ClerkDay, Conversion, Overview, QuoteFigures, Section
from postalgui.services.words.months import month_words
from postalgui.services.words.overview import service_word

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea

__all__ = ["QuotesSection", "bucket_of"]

DAYS_SHOWN = 31
WEEKS_SHOWN = 120
ROUTES_SHOWN = 6


def bucket_of(day: date, span: int) -> str:
    """The bar a quote's day falls in: the day itself over a month, its ISO week's Monday
    up to four months, else its month (``"2026-10"``)."""
    if span <= DAYS_SHOWN:
        return day.isoformat()
    if span <= WEEKS_SHOWN:
        return (day - timedelta(days=day.weekday())).isoformat()
    return day.strftime("%Y-%m")


def _bucket_label(bucket: str) -> str:
    if len(bucket) == 7:
        return month_words(bucket, ui_language())
    return format_date_ui(date.fromisoformat(bucket))[:5]


class QuotesSection(SectionBox):
    """Quotes per clerk and time, and their conversion to pre-postings."""

    SECTIONS = (Section.QUOTES_CLERK, Section.CONVERSION)

    def __init__(self, runner: TaskRunner, messages: MessageArea, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Quotes"), "overviewQuotes", runner, messages, parent)
        self.clerks_view = chart_view(self, "overviewQuotesClerk", self.tr("Quotes per clerk"))
        self.conversion_view = chart_view(
            self, "overviewConversion", self.tr("Quotes that became pre-postings")
        )
        self.conversion_view.setToolTip(
            self.tr(
                "A quote counts as converted when a pre-posting of the same service to the same CEP "
                "was registered within seven days after it: an estimate."
            )
        )
        self.chart_row.addWidget(self.clerks_view, 3)
        self.chart_row.addWidget(self.conversion_view, 2)

    def draw(self, overview: Overview) -> None:
        quotes = overview.quotes
        self.headline.setText(self.headline_text(quotes))
        days = [row.day for row in quotes.by_clerk_day]
        period = overview.filter.period
        if period is not None:
            span = (period.end - period.start).days + 1
        else:
            span = (max(days) - min(days)).days + 1 if days else 0
        self._draw_clerks(quotes.by_clerk_day, span)
        self._draw_conversions(quotes.conversions)

    def headline_text(self, quotes: QuoteFigures) -> str:
        text = self.tr("%Ln quote(s)", "", quotes.quotes)
        share = quotes.converted / quotes.quotes if quotes.quotes else None
        return text + "; " + arg(self.tr("%1 became pre-postings"), percent_text(share)) + "."

    def _draw_clerks(self, rows: Sequence[ClerkDay], span: int) -> None:
        counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        totals: dict[str, int] = defaultdict(int)
        for row in rows:
            counts[row.clerk or self.tr("(no name)")][bucket_of(row.day, span)] += row.quotes
            totals[row.clerk or self.tr("(no name)")] += row.quotes
        buckets = sorted({bucket for clerk in counts.values() for bucket in clerk})
        if not buckets:
            set_empty(
                self.clerks_view.chart(), self.tr("Quotes per clerk"), self.tr("No quote in the period.")
            )
            return
        clerks = sorted(counts, key=lambda clerk: -totals[clerk])
        series = QStackedBarSeries()
        for place, clerk in enumerate(clerks):
            values = [counts[clerk].get(bucket, 0) for bucket in buckets]
            series.append(bar_set(clerk, values, SERVICE_COLOURS[place % len(SERVICE_COLOURS)]))
        per_bucket = [sum(counts[clerk].get(bucket, 0) for clerk in clerks) for bucket in buckets]
        chart = self.clerks_view.chart()
        chart.setTitle(self.tr("Quotes per clerk"))
        replace_series(
            chart,
            series,
            category_axis([_bucket_label(b) for b in buckets], upright=True),
            count_axis(max(per_bucket, default=0)),
        )
        chart.legend().setVisible(bool(clerks))

    def _draw_conversions(self, conversions: Sequence[Conversion]) -> None:
        shown = sorted(conversions, key=lambda c: -c.quotes)[:ROUTES_SHOWN]
        shown.reverse()  # the most quoted on top
        if not shown:
            title = self.tr("Became pre-postings")
            set_empty(self.conversion_view.chart(), title, self.tr("No quote in the period."))
            return
        language, locale = ui_language(), app_locale()
        series = QHorizontalPercentBarSeries()
        series.append(
            bar_set(self.tr("Became pre-postings"), [c.converted for c in shown], SERVICE_COLOURS[0])
        )
        series.append(
            bar_set(self.tr("Did not"), [c.quotes - c.converted for c in shown], ARRIVAL_COLOURS["other"])
        )
        series.setLabelsVisible(True)
        series.setLabelsFormat("@value%")
        series.setLabelsPosition(QAbstractBarSeries.LabelsPosition.LabelsCenter)
        of = self.tr("%1/%2", "converted/quotes")
        labels = [
            f"{service_word(c.service, c.name, language)} {c.origin}\N{RIGHTWARDS ARROW}{c.destination}"
            f" ({arg(of, locale.toString(c.converted), locale.toString(c.quotes))})"
            for c in shown
        ]
        chart = self.conversion_view.chart()
        chart.setTitle(self.tr("Became pre-postings"))
        replace_series(chart, series, category_axis(labels), percent_axis(), horizontal=True)
