"""`MonthsChart`: what was invoiced per month, stacked by service, with each stack's amount
on hover (a tooltip: the month, the service, its amount and the month's total).

Up to six months, a month's label carries its total (``out/2026`` over ``R$ 7.976``); more
(the twelve months up to a year's end) leave only the month, in two short lines, so
every label stays whole at 1,100 pixels; the totals are then in the tooltips and the
Numbers table. The value axis words reais itself (`money_axis`).
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCharts import QBarSet, QChartView, QStackedBarSeries
from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QToolTip

from postalgui.api.values.money import format_brl
from postalgui.gui.i18n import ui_language
from postalgui.gui.messages import arg
from postalgui.gui.tabs.overview.chart_parts import (
    LegendStrip,
    bar_set,
    category_axis,
    money_axis,
    replace_series,
    set_empty,
    whole_reais,
)
from postalgui.services.overview.records import MonthSpending, Spending
from postalgui.services.words.months import month_words

__all__ = ["LABELLED_MONTHS", "MonthsChart", "month_label"]

LABELLED_MONTHS = 6
"""Up to this many months, each label says the month's total."""


def month_label(month: MonthSpending, count: int, language: str) -> str:
    """A month's category label (rich text: QtCharts breaks lines at ``<br>``)."""
    words = month_words(month.month, language)
    if count <= LABELLED_MONTHS:
        return f"{words}<br>{whole_reais(month.total)}"
    return words.replace("/", "<br>").replace(" ", "<br>")


class MonthsChart(QObject):
    """Draws ``view``'s chart. Signals: none."""

    def __init__(self, view: QChartView, legend: LegendStrip, parent: QObject) -> None:
        super().__init__(parent)
        self.view = view
        self.legend = legend
        self.months: tuple[MonthSpending, ...] = ()
        self.services: list[str] = []

    def draw(
        self, spending: Spending, order: list[str], colours: dict[str, str], names: dict[str, str]
    ) -> None:
        chart = self.view.chart()
        self.months = spending.months
        if not any(month.total for month in spending.months):
            note = self.tr("No invoice listed for these months: the Invoices tab lists them.")
            set_empty(chart, self.tr("Invoiced per month"), note)
            self.legend.set_entries([])
            return
        chart.setTitle("")
        series = QStackedBarSeries()
        self.services = []
        for service in order:
            amounts = [float(self._amount(month, service)) for month in spending.months]
            if any(amounts):
                series.append(bar_set(names.get(service, service), amounts, colours[service]))
                self.services.append(service)
        self.legend.set_entries([(bars.label(), bars.brush()) for bars in series.barSets()])
        language = ui_language()
        labels = [month_label(month, len(spending.months), language) for month in spending.months]
        top = max((float(month.total) for month in spending.months), default=0.0)
        replace_series(chart, series, category_axis(labels), money_axis(top))
        chart.legend().setVisible(False)  # the section's legend strip names them in full
        series.hovered.connect(self._on_series_hovered)

    @staticmethod
    def _amount(month: MonthSpending, service: str) -> Decimal:
        return next((a.amount for a in month.by_service if a.service == service), Decimal(0))

    def tip(self, index: int, bars: QBarSet) -> str:
        """What hovering a stack says: the month, the service's amount, the month's total."""
        month = self.months[index]
        amount = Decimal(str(bars.at(index))).quantize(Decimal("0.01"))
        text = arg(
            self.tr("%1 in %2: %3"), bars.label(), month_words(month.month, ui_language()), format_brl(amount)
        )
        return text + "\n" + arg(self.tr("Month's total: %1"), format_brl(month.total))

    @Slot(bool, int, QBarSet)
    def _on_series_hovered(self, status: bool, index: int, bars: QBarSet) -> None:
        if status and 0 <= index < len(self.months):
            QToolTip.showText(QCursor.pos(), self.tip(index, bars), self.view)
        else:
            QToolTip.hideText()
