"""What the Overview's charts share: a chart view set up once, bar sets in the palette's
colours (late with a diagonal pattern over its colour), axes, and the page's words for
numbers (a share as ``12%``, a count grouped as the interface speaks).

QtCharts formats a bar's label from a printf-like pattern (no ``R$ 1.234,56``, no
Portuguese decimal comma), so money and shares go into the category labels, worded here,
and bars carry only counts. Charts never animate: a period change must redraw at once
(issue 42's 200 ms), and a chart that moves is harder to read when it follows the feed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from decimal import Decimal

from PySide6.QtCharts import (
    QAbstractBarSeries,
    QBarCategoryAxis,
    QBarSet,
    QCategoryAxis,
    QChart,
    QChartView,
    QValueAxis,
)
from PySide6.QtCore import QMargins, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from postalgui.api.values.money import format_brl
from postalgui.gui.i18n import app_locale

__all__ = [
    "LegendStrip",
    "bar_set",
    "brush_of",
    "category_axis",
    "chart_view",
    "count_axis",
    "hatched_brush",
    "label_colour",
    "money_axis",
    "nice_step",
    "percent_axis",
    "percent_text",
    "replace_series",
    "set_empty",
    "value_axis",
    "whole_reais",
]

TILE = 8
TEXT_GREY = "#404040"
GRID = "#D9D9D9"


def chart_view(parent: QWidget, object_name: str, accessible_name: str) -> QChartView:
    """An empty chart: white, no animation, legend at the bottom, small margins."""
    chart = QChart()
    chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
    chart.setBackgroundRoundness(0)
    chart.setMargins(QMargins(2, 10, 2, 2))
    chart.layout().setContentsMargins(0, 0, 0, 0)
    chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
    chart.legend().setLabelColor(QColor(TEXT_GREY))
    title_font = QFont(chart.titleFont())
    title_font.setBold(True)
    chart.setTitleFont(title_font)
    view = QChartView(chart, parent)
    view.setObjectName(object_name)
    view.setAccessibleName(accessible_name)
    view.setRenderHint(QPainter.RenderHint.Antialiasing)
    view.setMinimumSize(QSize(260, 240))
    view.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
    return view


def hatched_brush(colour: str) -> QBrush:
    """``colour`` with white diagonal stripes: "late" reads without colour and in grey."""
    tile = QPixmap(TILE, TILE)
    tile.fill(QColor(colour))
    painter = QPainter(tile)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor("#FFFFFF"), 1.6))
    painter.drawLine(0, TILE, TILE, 0)
    painter.drawLine(-TILE // 2, TILE // 2, TILE // 2, -TILE // 2)
    painter.drawLine(TILE // 2, TILE + TILE // 2, TILE + TILE // 2, TILE // 2)
    painter.end()
    return QBrush(tile)


def label_colour(colour: str) -> QColor:
    """Black or white, whichever reads on ``colour`` (its relative luminance)."""
    fill = QColor(colour)
    luminance = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF()
    return QColor("#000000") if luminance > 0.45 else QColor("#FFFFFF")


def brush_of(colour: str, *, hatched: bool = False) -> QBrush:
    return hatched_brush(colour) if hatched else QBrush(QColor(colour))


def bar_set(name: str, values: Sequence[float], colour: str, *, hatched: bool = False) -> QBarSet:
    """A bar set in ``colour`` (patterned when ``hatched``: its labels bold black), outlined
    so yellow shows on white."""
    bars = QBarSet(name)
    bars.append([float(value) for value in values])
    bars.setBrush(brush_of(colour, hatched=hatched))
    bars.setPen(QPen(QColor(colour).darker(130), 0.8))
    bars.setLabelColor(QColor("#000000") if hatched else label_colour(colour))
    if hatched:
        font = QFont(bars.labelFont())
        font.setBold(True)
        bars.setLabelFont(font)
    return bars


class LegendStrip(QWidget):
    """One legend for a section's charts, in a row across the section (a chart's own legend
    cuts its names short when they do not fit: "Outras cobra..."): a swatch in the bars'
    brush, pattern and all, and a name per entry. Signals: none."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.names: list[str] = []

    def set_entries(self, entries: Sequence[tuple[str, QBrush]]) -> None:
        """Show ``entries`` (name, brush) in order, replacing those shown."""
        while self.row.count():
            item = self.row.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.names = [name for name, _ in entries]
        for name, brush in entries:
            swatch = QPixmap(14, 14)
            swatch.fill(QColor("#FFFFFF"))
            painter = QPainter(swatch)
            painter.fillRect(0, 0, 14, 14, brush)
            painter.setPen(QColor(TEXT_GREY))
            painter.drawRect(0, 0, 13, 13)
            painter.end()
            icon = QLabel(self)
            icon.setPixmap(swatch)
            self.row.addWidget(icon)
            self.row.addWidget(QLabel(name, self))
            self.row.addSpacing(10)
        self.row.addStretch(1)


UPRIGHT_LABELS = 12
"""Over this many bars side by side, their labels stand upright (they would overlap)."""


def category_axis(labels: Sequence[str], *, upright: bool = False) -> QBarCategoryAxis:
    """Bars' labels, never cut short; ``upright`` (many bars) turns them a quarter turn."""
    axis = QBarCategoryAxis()
    axis.append(list(labels))
    if upright and len(labels) > UPRIGHT_LABELS:
        axis.setLabelsAngle(-90)
    axis.setLabelsColor(QColor(TEXT_GREY))
    axis.setGridLineVisible(False)
    axis.setTruncateLabels(False)  # a label cut to "..." says nothing; the sections keep them short
    return axis


def value_axis(top: float, *, whole: bool = True, visible: bool = True) -> QValueAxis:
    """0 to a little above ``top`` (room for the bar labels), grey grid lines."""
    axis = QValueAxis()
    axis.setRange(0, max(top * 1.08, 1.0))
    axis.setLabelFormat("%d" if whole else "%.0f")
    axis.setLabelsColor(QColor(TEXT_GREY))
    axis.setGridLineColor(QColor(GRID))
    axis.setTickCount(5)
    axis.setVisible(visible)
    if whole:
        axis.applyNiceNumbers()
    return axis


def percent_axis() -> QValueAxis:
    """0 to 100 %, hidden: a percent bar's length is its share of the whole bar."""
    axis = QValueAxis()
    axis.setRange(0, 100)
    axis.setVisible(False)
    return axis


def nice_step(rough: float) -> float:
    """The round step (1, 2 or 5 times a power of ten) at or above ``rough``."""
    if rough <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(rough))
    return next(power * k for k in (1, 2, 5, 10) if power * k >= rough)


def money_axis(top: float) -> QCategoryAxis:
    """A value axis of reais, its ticks worded ``R$ 500.000`` (QtCharts' own labels are
    printf patterns: no grouping, no ``R$``)."""
    return worded_axis(top, lambda value: whole_reais(Decimal(value)))


def count_axis(top: float) -> QCategoryAxis:
    """A value axis of counts, grouped as the interface speaks (``1.500``)."""
    return worded_axis(top, lambda value: app_locale().toString(round(value)))


def worded_axis(top: float, word: Callable[[float], str]) -> QCategoryAxis:
    """0 to a round number above ``top``, four or five ticks, each worded by ``word``."""
    step = nice_step(top / 4)
    count = max(1, math.ceil(top * 1.05 / step))
    axis = QCategoryAxis()
    axis.setLabelsPosition(QCategoryAxis.AxisLabelsPosition.AxisLabelsPositionOnValue)
    axis.setRange(0, step * count)
    axis.setStartValue(0)
    for tick in range(1, count + 1):
        axis.append(word(step * tick), step * tick)
    axis.setLabelsColor(QColor(TEXT_GREY))
    axis.setGridLineColor(QColor(GRID))
    return axis


def whole_reais(amount: Decimal) -> str:
    """``R$ 1.234`` (a chart's label: no cents)."""
    return format_brl(amount.quantize(Decimal(1))).removesuffix(",00")


def replace_series(
    chart: QChart,
    series: QAbstractBarSeries,
    categories: QBarCategoryAxis,
    values: QValueAxis,
    *,
    horizontal: bool = False,
) -> None:
    """Show ``series`` alone on ``chart`` with its two axes (the old ones removed)."""
    chart.removeAllSeries()
    for axis in chart.axes():
        chart.removeAxis(axis)
    chart.addSeries(series)
    category_side = Qt.AlignmentFlag.AlignLeft if horizontal else Qt.AlignmentFlag.AlignBottom
    value_side = Qt.AlignmentFlag.AlignBottom if horizontal else Qt.AlignmentFlag.AlignLeft
    chart.addAxis(categories, category_side)
    chart.addAxis(values, value_side)
    series.attachAxis(categories)
    series.attachAxis(values)


def set_empty(chart: QChart, title: str, note: str) -> None:
    """A chart with nothing to draw says so under its title (no empty axes from 0 to 0)."""
    chart.removeAllSeries()
    for axis in chart.axes():
        chart.removeAxis(axis)
    chart.legend().setVisible(False)
    chart.setTitle(f"{title}<br><br><span style='font-weight:normal'>{note}</span>")


def percent_text(share: float | None) -> str:
    """``0.123`` -> ``"12%"`` (no decimals: a chart's label); ``"–"`` for no share."""
    if share is None:
        return "\N{EN DASH}"
    return f"{app_locale().toString(round(share * 100))}%"
