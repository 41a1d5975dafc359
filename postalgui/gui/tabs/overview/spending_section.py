"""Spending: what the office was invoiced per month, stacked by service (twelve months
at most, ending with the period's last), the period's total against the period before,
and the average price of a parcel per service.

Colours follow the services' order by amount in the period (Okabe-Ito); "Other charges"
is black and "Not itemized" (an invoice whose analytic statement the office has not
loaded) light grey, always the last two of a stack. Amounts are in the month labels
(``out/2026`` and ``R$ 8.021``) and the service labels, as QtCharts cannot word reais.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCharts import QHorizontalBarSeries
from PySide6.QtWidgets import QWidget

from postalgui.api.values.money import format_brl
from postalgui.documents.palette import ARRIVAL_COLOURS, SERVICE_COLOURS
from postalgui.gui.i18n import ui_language
from postalgui.gui.messages import arg
from postalgui.gui.tabs.overview.chart_parts import (
    LegendStrip,
    bar_set,
    category_axis,
    chart_view,
    percent_text,
    replace_series,
    set_empty,
    value_axis,
)
from postalgui.gui.tabs.overview.section_box import SectionBox
from postalgui.gui.tabs.overview.spending_months import MonthsChart
from postalgui.services.overview.records import NOT_ITEMIZED, OTHER_CHARGES, Overview, Section, Spending
from postalgui.services.words.overview import service_word

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea

__all__ = ["SpendingSection", "service_colours"]

_LAST = (OTHER_CHARGES, NOT_ITEMIZED)


def service_colours(order: list[str]) -> dict[str, str]:
    """Each service's colour by its place in ``order``; the two kinds of rest keep theirs."""
    colours = {OTHER_CHARGES: SERVICE_COLOURS[-1], NOT_ITEMIZED: ARRIVAL_COLOURS["other"]}
    real = [service for service in order if service not in _LAST]
    colours.update(
        {service: SERVICE_COLOURS[i % (len(SERVICE_COLOURS) - 1)] for i, service in enumerate(real)}
    )
    return colours


class SpendingSection(SectionBox):
    """Invoiced per month and service, and the average price per parcel."""

    SECTIONS = (Section.SPENDING, Section.AVERAGE_PRICE)

    def __init__(self, runner: TaskRunner, messages: MessageArea, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Spending"), "overviewSpending", runner, messages, parent)
        self.months_view = chart_view(
            self, "overviewSpendingMonths", self.tr("Invoiced per month and service")
        )
        self.average_view = chart_view(self, "overviewAveragePrice", self.tr("Average price per parcel"))
        self.legend = LegendStrip(self)
        self.add_legend(self.legend)
        self.months = MonthsChart(self.months_view, self.legend, self)
        self.chart_row.addWidget(self.months_view, 3)
        self.chart_row.addWidget(self.average_view, 2)

    def draw(self, overview: Overview) -> None:
        spending = overview.spending
        self.headline.setText(self.headline_text(spending, overview.filter.state))
        language = ui_language()
        order = [amount.service for amount in sorted(spending.by_service, key=lambda a: -a.amount)]
        for month in spending.months:
            order += [a.service for a in month.by_service if a.service not in order]
        order = [s for s in order if s not in _LAST] + [s for s in _LAST if s in order]
        colours = service_colours(order)
        names = {
            a.service: service_word(a.service, a.name, language)
            for m in spending.months
            for a in m.by_service
        }
        names.update({a.service: service_word(a.service, a.name, language) for a in spending.by_service})
        self.months.draw(spending, order, colours, names)
        self._draw_average(spending, names)

    def headline_text(self, spending: Spending, state: str | None = None) -> str:
        total = arg(self.tr("Invoiced in the period: %1"), format_brl(spending.total))
        change = spending.change
        if change is not None:
            sign = "+" if change > 0 else ""
            total += " \N{EM DASH} " + arg(
                self.tr("%1 against the period before"), sign + percent_text(float(change))
            )
        if spending.invoices:
            itemized = self.tr("%1 of %n invoice(s) itemized", "", spending.invoices)
            total += ". " + arg(itemized, str(spending.itemized))
        if state is not None:  # an invoice says no state: its analytic lines do
            total += ". " + arg(self.tr("Only the analytic statements loaded say what went to %1"), state)
        return total

    def _draw_average(self, spending: Spending, names: dict[str, str]) -> None:
        priced = [a for a in reversed(spending.by_service) if a.average is not None]  # the first on top
        chart = self.average_view.chart()
        if not priced:
            note = self.tr("No analytic statement of the period in the office database.")
            set_empty(chart, self.tr("Average price per parcel"), note)
            return
        series = QHorizontalBarSeries()
        labels = [
            f"{names.get(a.service, a.service)}<br>{format_brl(a.average or Decimal(0))}" for a in priced
        ]
        values = [float(a.average or 0) for a in priced]
        series.append(bar_set(self.tr("Average price per parcel"), values, SERVICE_COLOURS[0]))
        top = max((float(a.average or 0) for a in priced), default=0.0)
        chart.setTitle(self.tr("Average price per parcel"))
        replace_series(chart, series, category_axis(labels), value_axis(top, visible=False), horizontal=True)
        chart.legend().setVisible(False)
