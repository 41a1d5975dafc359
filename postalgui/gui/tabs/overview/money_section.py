"""Money back: the claims filed in the period (filed, accepted, refused, paid, each with
its estimate) and the money recovered against the money at stake: what can still be
claimed and what was left on the table (late parcels not claimed within the 90 days),
with a button to the Claims tab's candidates (`candidatesRequested`).

The claims' figures come with the page's read; the candidates (Claims' own list) after
it (`draw_money`), so the charts paint first.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCharts import QHorizontalBarSeries, QHorizontalStackedBarSeries
from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from postalgui.api.values.money import format_brl
from postalgui.documents.palette import ARRIVAL_COLOURS, SERVICE_COLOURS
from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.tabs.overview.chart_parts import (
    bar_set,
    category_axis,
    chart_view,
    replace_series,
    set_empty,
    value_axis,
)
from postalgui.gui.tabs.overview.section_box import SectionBox
from postalgui.services.overview.records import ClaimFigures, MoneyLeft, Overview, Section

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea

__all__ = ["MoneySection"]


class MoneySection(SectionBox):
    """Claims and money at stake. Signals: ``candidatesRequested()`` (the candidates button)."""

    candidatesRequested = Signal()
    SECTIONS = (Section.MONEY_BACK,)

    def __init__(self, runner: TaskRunner, messages: MessageArea, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Money back"), "overviewMoney", runner, messages, parent)
        self.claims_view = chart_view(self, "overviewClaims", self.tr("Claims filed in the period"))
        self.stake_view = chart_view(self, "overviewAtStake", self.tr("Money recovered and at stake"))
        self.candidates_button = QPushButton(self.tr("Claims candidates…"), self)
        self.candidates_button.setObjectName("overviewCandidatesButton")
        self.candidates_button.setToolTip(self.tr("Open the Claims tab's candidates, past the 90 days too"))
        self.candidates_button.setEnabled(False)
        stake = QVBoxLayout()
        stake.addWidget(self.stake_view, 1)
        stake.addWidget(self.candidates_button)
        self.chart_row.addWidget(self.claims_view, 1)
        self.chart_row.addLayout(stake, 1)
        self.candidates_button.clicked.connect(self._on_candidates_button_clicked)

    def draw(self, overview: Overview) -> None:
        claims = overview.claims
        self.headline.setText(self.headline_text(claims, self.money))
        rows = [
            (self.tr("Filed"), claims.filed, claims.filed_estimate, SERVICE_COLOURS[0]),
            (self.tr("Accepted"), claims.accepted, claims.accepted_estimate, SERVICE_COLOURS[2]),
            (self.tr("Paid"), claims.paid, claims.paid_estimate, SERVICE_COLOURS[4]),
            (self.tr("Refused"), claims.refused, claims.refused_estimate, SERVICE_COLOURS[5]),
        ]
        rows.reverse()  # a horizontal chart draws its first category at the bottom
        if not claims.filed:
            note = self.tr("No claim filed in the period.")
            set_empty(self.claims_view.chart(), self.tr("Claims (count; estimate)"), note)
            self.draw_money(self.money)
            return
        series = QHorizontalBarSeries()
        series.append(bar_set(self.tr("Claims"), [count for _, count, _, _ in rows], SERVICE_COLOURS[0]))
        locale = app_locale()  # counts in the labels, grouped (QtCharts' bar labels cannot)
        labels = [
            f"{name}: {locale.toString(count)}<br>{format_brl(amount)}" for name, count, amount, _ in rows
        ]
        chart = self.claims_view.chart()
        chart.setTitle(self.tr("Claims (count; estimate)"))
        top = max((count for _, count, _, _ in rows), default=0)
        replace_series(chart, series, category_axis(labels), value_axis(top, visible=False), horizontal=True)
        chart.legend().setVisible(False)
        self.draw_money(self.money)

    def headline_text(self, claims: ClaimFigures, money: MoneyLeft) -> str:
        text = arg(
            self.tr("Recovered (accepted): %1 of %2 claimed"),
            format_brl(claims.accepted_estimate),
            format_brl(claims.filed_estimate),
        )
        if money.left_count:
            text += "; " + arg(self.tr("left on the table: %1"), format_brl(money.left_estimate))
        return text + "."

    def draw_money(self, money: MoneyLeft) -> None:
        if self.overview is None:
            return
        claims = self.overview.claims
        self.headline.setText(self.headline_text(claims, money))
        rows = [
            (self.tr("Left on the table"), money.left_estimate, ARRIVAL_COLOURS["late"], True),
            (self.tr("Still claimable"), money.open_estimate, SERVICE_COLOURS[4], False),
            (self.tr("Recovered"), claims.accepted_estimate, SERVICE_COLOURS[2], False),
        ]
        # one set per bar, stacked on zeros: QtCharts fills a set, not a bar, and "left on
        # the table" must read apart (its stripes) from what came back
        self.candidates_button.setText(self._button_text(money))
        self.candidates_button.setEnabled(bool(money.left_count or money.open_count))
        if not any(amount for _, amount, _, _ in rows):
            note = self.tr("Nothing at stake in the period.")
            set_empty(self.stake_view.chart(), self.tr("Recovered and at stake"), note)
            return
        series = QHorizontalStackedBarSeries()
        for place, (name, amount, colour, hatched) in enumerate(rows):
            values = [float(amount) if row == place else 0.0 for row in range(len(rows))]
            series.append(bar_set(name, values, colour, hatched=hatched))
        labels = [f"{name}<br>{format_brl(amount)}" for name, amount, _, _ in rows]
        chart = self.stake_view.chart()
        chart.setTitle(self.tr("Recovered and at stake"))
        top = max((float(amount) for _, amount, _, _ in rows), default=0.0)
        replace_series(chart, series, category_axis(labels), value_axis(top, visible=False), horizontal=True)
        chart.legend().setVisible(False)

    def _button_text(self, money: MoneyLeft) -> str:
        if money.left_estimate > Decimal(0):
            return arg(self.tr("Left on the table: %1 — Show candidates"), format_brl(money.left_estimate))
        return self.tr("Show candidates")

    @Slot()
    def _on_candidates_button_clicked(self) -> None:
        self.candidatesRequested.emit()
