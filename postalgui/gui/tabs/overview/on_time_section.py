"""On time: the share of parcels delivered on time, late, still waiting, lost (and other
ends: returned, compensated), per service and per week of posting, and the ten routes
(origin state to destination state) with the most late deliveries.

Bars carry counts; a bar's length is its share. Late is vermillion with white stripes
(`hatched_brush`), so it reads without colour and in grey print.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCharts import (
    QAbstractBarSeries,
    QHorizontalBarSeries,
    QHorizontalPercentBarSeries,
    QPercentBarSeries,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from postalgui.api.values import format_date_ui
from postalgui.documents.palette import ARRIVAL_COLOURS
from postalgui.gui.i18n import app_locale, ui_language
from postalgui.gui.messages import arg
from postalgui.gui.tabs.overview.chart_parts import (
    LegendStrip,
    bar_set,
    brush_of,
    category_axis,
    chart_view,
    percent_axis,
    percent_text,
    replace_series,
    set_empty,
    value_axis,
)
from postalgui.gui.tabs.overview.section_box import SectionBox
from postalgui.services.overview.records import (
    Arrival,
    LateRoute,
    Overview,
    Punctuality,
    Section,
    TimingCounts,
)
from postalgui.services.words.months import month_words
from postalgui.services.words.overview import arrival_word, service_word

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea

__all__ = ["ARRIVAL_ORDER", "OnTimeSection"]

ARRIVAL_ORDER = (Arrival.ON_TIME, Arrival.WAITING, Arrival.LATE, Arrival.LOST, Arrival.OTHER, Arrival.UNKNOWN)
"""Stack order and legend order alike."""


LABELLED = (Arrival.ON_TIME, Arrival.LATE)
"""The arrivals whose share is written on the bars (the others' slivers would overlap)."""


def _stack(series: QAbstractBarSeries, rows: Sequence[TimingCounts]) -> None:
    language = ui_language()
    for arrival in ARRIVAL_ORDER:
        counts = [row.counts.get(arrival, 0) for row in rows]
        if any(counts):
            colour = ARRIVAL_COLOURS[arrival.value]
            bars = bar_set(arrival_word(arrival, language), counts, colour, hatched=arrival is Arrival.LATE)
            if arrival not in LABELLED:
                bars.setLabelColor(QColor(0, 0, 0, 0))
            series.append(bars)
    series.setLabelsVisible(True)
    series.setLabelsFormat("@value%")
    series.setLabelsPrecision(2)
    series.setLabelsPosition(QAbstractBarSeries.LabelsPosition.LabelsCenter)


WEEKS_SHOWN = 16
"""Up to this many weeks a bar each; more (a year) are folded into months."""
LABELLED_BARS = 12
"""Up to this many bars side by side, each carries its shares."""


def fold_weeks(rows: Sequence[TimingCounts]) -> list[TimingCounts]:
    """``rows`` per week, or per month (``"2026-10"``, a Monday's month) when too many."""
    if len(rows) <= WEEKS_SHOWN:
        return list(rows)
    months: dict[str, dict[Arrival, int]] = {}
    for row in rows:
        counts = months.setdefault(row.key[:7], {})
        for arrival, count in row.counts.items():
            counts[arrival] = counts.get(arrival, 0) + count
    return [TimingCounts(month, counts) for month, counts in months.items()]


def _when(key: str, language: str) -> str:
    if len(key) == 7:
        return month_words(key, language).replace("/", "<br>").replace(" ", "<br>")
    return format_date_ui(date.fromisoformat(key))[:5]


class OnTimeSection(SectionBox):
    """Arrivals per service and per week, and the late routes."""

    SECTIONS = (Section.ON_TIME_SERVICE, Section.ON_TIME_WEEK, Section.LATE_ROUTES)

    def __init__(self, runner: TaskRunner, messages: MessageArea, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("On time"), "overviewOnTime", runner, messages, parent)
        self.service_view = chart_view(self, "overviewOnTimeService", self.tr("Arrivals per service"))
        self.week_view = chart_view(self, "overviewOnTimeWeek", self.tr("Arrivals per week of posting"))
        self.routes_view = chart_view(
            self, "overviewLateRoutes", self.tr("Routes with the most late deliveries")
        )
        language = ui_language()
        entries = [
            (
                arrival_word(arrival, language),
                brush_of(ARRIVAL_COLOURS[arrival.value], hatched=arrival is Arrival.LATE),
            )
            for arrival in ARRIVAL_ORDER
        ]
        self.legend = LegendStrip(self)
        self.legend.set_entries(entries)
        self.add_legend(self.legend)
        self.chart_row.addWidget(self.service_view, 1)
        self.chart_row.addWidget(self.week_view, 1)
        self.chart_row.addWidget(self.routes_view, 1)

    def draw(self, overview: Overview) -> None:
        on_time = overview.on_time
        self.headline.setText(self.headline_text(on_time))
        self._draw_services(on_time)
        self._draw_weeks(on_time)
        self._draw_routes(on_time.routes)

    def headline_text(self, on_time: Punctuality) -> str:
        total = on_time.total
        if not total.total:
            return self.tr("No parcel posted in the period.")
        done = total.counts.get(Arrival.ON_TIME, 0) + total.counts.get(Arrival.LATE, 0)
        on_time_share = total.counts.get(Arrival.ON_TIME, 0) / done if done else None
        text = arg(self.tr("%1 of the delivered parcels arrived on time"), percent_text(on_time_share))
        late = total.counts.get(Arrival.LATE, 0)
        return (
            text
            + "; "
            + self.tr("%Ln late", "", late)
            + ", "
            + self.tr("%Ln lost", "", total.counts.get(Arrival.LOST, 0))
        )

    def _draw_services(self, on_time: Punctuality) -> None:
        rows = [row for row in on_time.by_service if row.total]
        if not rows:
            set_empty(
                self.service_view.chart(), self.tr("Per service"), self.tr("No parcel posted in the period.")
            )
            return
        language = ui_language()
        locale = app_locale()
        series = QHorizontalPercentBarSeries()
        _stack(series, rows)
        labels = [f"{service_word(r.key, r.name, language)} ({locale.toString(r.total)})" for r in rows]
        chart = self.service_view.chart()
        chart.setTitle(self.tr("Per service"))
        replace_series(chart, series, category_axis(labels), percent_axis(), horizontal=True)
        chart.legend().setVisible(False)

    def _draw_weeks(self, on_time: Punctuality) -> None:
        rows = [row for row in on_time.by_week if row.total]
        if not rows:
            title = self.tr("Per week of posting (Monday)")
            set_empty(self.week_view.chart(), title, self.tr("No parcel posted in the period."))
            return
        folded = fold_weeks(rows)
        series = QPercentBarSeries()
        _stack(series, folded)
        series.setLabelsVisible(len(folded) <= LABELLED_BARS)
        language = ui_language()
        labels = [_when(row.key, language) for row in folded]
        chart = self.week_view.chart()
        monthly = len(folded) < len(rows)
        chart.setTitle(
            self.tr("Per month of posting") if monthly else self.tr("Per week of posting (Monday)")
        )
        replace_series(chart, series, category_axis(labels), percent_axis())
        chart.legend().setVisible(False)

    def _draw_routes(self, routes: Sequence[LateRoute]) -> None:
        shown = list(reversed(routes[:10]))  # the most late on top
        if not shown:
            set_empty(
                self.routes_view.chart(), self.tr("Late routes"), self.tr("No late delivery in the period.")
            )
            return
        series = QHorizontalBarSeries()
        late = bar_set(
            arrival_word(Arrival.LATE, ui_language()),
            [route.late for route in shown],
            ARRIVAL_COLOURS[Arrival.LATE.value],
            hatched=True,
        )
        series.append(late)
        arrow, locale = "\N{RIGHTWARDS ARROW}", app_locale()
        labels = [  # the count grouped as the interface speaks (QtCharts' own labels cannot)
            f"{r.origin} {arrow} {r.destination}  {locale.toString(r.late)} "
            f"({percent_text(r.late / r.parcels if r.parcels else None)})"
            for r in shown
        ]
        chart = self.routes_view.chart()
        chart.setTitle(self.tr("Late routes"))
        top = max((route.late for route in shown), default=0)
        replace_series(chart, series, category_axis(labels), value_axis(top, visible=False), horizontal=True)
        chart.legend().setVisible(False)
