"""The monthly report's bar charts, drawn with ``reportlab.graphics.charts``: money per month
stacked by service, and rows of parts (arrivals per service, late routes).

Readable in grey print and without telling hues apart: stacked parts are split by white
lines and listed in the legend in the order they stack, a `Series` may be hatched (late
parcels), and the words on a bar say its share or count. The caller words every label
and mark; the charts only format the value axis with the caller's separators.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from reportlab.graphics.charts.barcharts import (  # type: ignore[import-untyped]  # reportlab ships no type hints
    BarChart,
    HorizontalBarChart,
    VerticalBarChart,
)
from reportlab.graphics.shapes import Drawing, Group, Line, Rect, String  # type: ignore[import-untyped]
from reportlab.graphics.widgetbase import AttrMap, AttrMapValue  # type: ignore[import-untyped]
from reportlab.lib import colors  # type: ignore[import-untyped]
from reportlab.pdfbase.pdfmetrics import stringWidth  # type: ignore[import-untyped]

from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.text import fit

__all__ = ["Bar", "Bars", "Series", "column_chart", "grouping", "row_chart"]

TITLE_SIZE = 10
LABEL_SIZE = 7
_LEGEND_SWATCH = 7
_LEGEND_LINE = _LEGEND_SWATCH + 5
_WIDEST_COLUMN = 36.0
_HATCH_STEP = 3.5
_DARK_SHADES = 0.55
"""Below this luminance a mark on a part is written in white."""


@dataclass(frozen=True)
class Series:
    """One part of every bar: its name in the legend, its ``#RRGGBB`` colour, hatched or not."""

    name: str
    colour: str
    hatched: bool = False


@dataclass(frozen=True)
class Bar:
    """A bar: its label, one value per series (in the series' order) and the words written on
    each part (``"87%"``; ``""`` none) or, with one series, at the bar's end."""

    label: str
    values: tuple[Decimal, ...]
    marks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bars:
    """A chart: its title, the parts each bar stacks, the bars, the value axis's words
    (``"R$"``) and what it says when there is no bar. ``share``: every bar fills the axis
    (its parts are shares of 100)."""

    title: str
    series: tuple[Series, ...]
    bars: tuple[Bar, ...]
    axis: str = ""
    empty: str = ""
    share: bool = False


def grouping(separators: tuple[str, str], unit: str = "") -> Callable[[float], str]:
    """A value axis label in the reader's form: ``12.000`` (``separators`` = thousands,
    decimal), ``unit`` after it (``"%"``)."""
    thousands, decimal = separators

    def label(value: float) -> str:
        text = f"{value:,.0f}" if float(value).is_integer() or abs(value) >= 10 else f"{value:,.1f}"
        return text.replace(",", "\0").replace(".", decimal).replace("\0", thousands) + unit

    return label


def _luminance(colour: str) -> float:
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def _title(drawing: Drawing, text: str, width: float) -> None:
    top = drawing.height - TITLE_SIZE
    drawing.add(String(0, top, fit(text, width, TITLE_SIZE, BOLD), fontName=BOLD, fontSize=TITLE_SIZE))


def _empty(drawing: Drawing, text: str) -> Drawing:
    middle = drawing.height / 2
    drawing.add(
        Rect(0, middle - 30, drawing.width, 60, fillColor=colors.HexColor("#F6F8FA"), strokeColor=None)
    )
    drawing.add(String(drawing.width / 2, middle - 3, text, fontName=FONT, fontSize=9, textAnchor="middle"))
    return drawing


def _key(drawing: Drawing, item: Series, x: float, y: float, width: float) -> None:
    """One entry of a legend: a swatch (hatched like its parts) and the name, cut to ``width``."""
    swatch = Rect(x, y, _LEGEND_SWATCH, _LEGEND_SWATCH, fillColor=colors.HexColor(item.colour))
    swatch.strokeColor, swatch.strokeWidth = colors.black, 0.3
    drawing.add(swatch)
    if item.hatched:
        drawing.add(_hatch(x, y, _LEGEND_SWATCH, _LEGEND_SWATCH, item.colour))
    name = fit(item.name, width - _LEGEND_SWATCH - 4, LABEL_SIZE)
    drawing.add(String(x + _LEGEND_SWATCH + 3, y + 1, name, fontName=FONT, fontSize=LABEL_SIZE))


def _legend(drawing: Drawing, series: Sequence[Series], x: float, top: float, width: float) -> None:
    """The series in a column, from the top of the stack down."""
    for index, item in enumerate(reversed(series)):
        _key(drawing, item, x, top - index * _LEGEND_LINE, width)


def _legend_width(series: Sequence[Series]) -> float:
    widest = max((stringWidth(item.name, FONT, LABEL_SIZE) for item in series), default=0.0)
    return min(widest, 120.0) + _LEGEND_SWATCH + 8


def _hatch(x: float, y: float, width: float, height: float, colour: str) -> Group:
    """Diagonal lines across a rectangle (``/``), white on a dark part and black on a light one."""
    ink = colors.white if _luminance(colour) < _DARK_SHADES else colors.black
    group = Group()
    offset = 0.0
    while offset < width + height:
        # the line x - y = offset - height, clipped to the rectangle
        x0, y0 = max(0.0, offset - height), max(0.0, height - offset)
        x1, y1 = min(width, offset), min(height, height - offset + width)
        if x1 > x0:
            group.add(Line(x + x0, y + y0, x + x1, y + y1, strokeColor=ink, strokeWidth=0.5))
        offset += _HATCH_STEP
    return group


class _Columns(VerticalBarChart):  # type: ignore[misc]  # reportlab is untyped
    """Vertical bars whose hatched series get their pattern over each part as it is drawn."""

    _attrMap = AttrMap(BASE=VerticalBarChart, hatched=AttrMapValue(None, desc="the hatched series' colours"))

    def _makeBar(self, g: Group, x: float, y: float, width: float, height: float, *rest: Any) -> None:
        """Reportlab's hook for one part: ``rest`` is its series and its style."""
        BarChart._makeBar(self, g, x, y, width, height, *rest)
        if self.hatched and rest[0] in self.hatched:
            g.add(_hatch(x, y, width, height, self.hatched[rest[0]]))


class _Rows(HorizontalBarChart):  # type: ignore[misc]  # reportlab is untyped
    """Horizontal bars, hatched as `_Columns`."""

    _attrMap = AttrMap(
        BASE=HorizontalBarChart, hatched=AttrMapValue(None, desc="the hatched series' colours")
    )
    _makeBar = _Columns._makeBar


def _style(chart: Any, bars: Bars) -> None:
    """Parts coloured, split by white lines, the hatched ones named to the chart."""
    for index, item in enumerate(bars.series):
        chart.bars[index].fillColor = colors.HexColor(item.colour)
        chart.bars[index].strokeColor = colors.white
        chart.bars[index].strokeWidth = 0.6
    chart.hatched = {index: item.colour for index, item in enumerate(bars.series) if item.hatched}
    chart.data = [[float(bar.values[row]) for bar in bars.bars] for row in range(len(bars.series))]
    chart.categoryAxis.style = "stacked"
    chart.categoryAxis.categoryNames = [bar.label for bar in bars.bars]
    chart.categoryAxis.labels.fontName = FONT
    chart.categoryAxis.labels.fontSize = LABEL_SIZE
    chart.valueAxis.labels.fontName = FONT
    chart.valueAxis.labels.fontSize = LABEL_SIZE
    chart.valueAxis.valueMin = 0
    chart.valueAxis.visibleGrid = True
    chart.valueAxis.gridStrokeColor = colors.HexColor("#DDDDDD")
    chart.valueAxis.gridStrokeWidth = 0.3


def _marks(chart: Any, bars: Bars) -> None:
    """The words on each part, white on a dark one; a single series' beside its bar's end."""
    chart.barLabelFormat = "values"
    chart.barLabelArray = [
        [bar.marks[row] if row < len(bar.marks) else "" for bar in bars.bars]
        for row in range(len(bars.series))
    ]
    labels = chart.barLabels
    labels.fontName, labels.fontSize = FONT, LABEL_SIZE - 0.5
    if len(bars.series) == 1:
        labels.boxAnchor, labels.nudge = ("w" if chart._flipXY else "s"), 3
        return
    labels.boxAnchor, labels.boxTarget, labels.nudge = "c", "mid", 0
    for row, item in enumerate(bars.series):
        if item.hatched:  # black on a white box over the pattern
            labels[row].boxFillColor, labels[row].fillColor = colors.white, colors.black
            labels[row].leftPadding = labels[row].rightPadding = 1
        else:
            labels[row].fillColor = colors.white if _luminance(item.colour) < _DARK_SHADES else colors.black


def _scale(largest: float) -> tuple[float, float]:
    """A round axis end at or above ``largest`` and its step: four or five steps of 1, 2 or
    5 times a power of ten, never under 1 (counts get whole ticks)."""
    raw = max(largest, 1.0) / 4
    power = 10 ** math.floor(math.log10(raw))
    step = max(1.0, float(next(unit * power for unit in (1, 2, 5, 10) if unit * power >= raw)))
    return step * math.ceil(max(largest, 1.0) / step), step


def column_chart(bars: Bars, width: float, height: float, separators: tuple[str, str]) -> Drawing:
    """Vertical stacked bars (money per month and service), the legend on the right."""
    drawing = Drawing(width, height)
    _title(drawing, bars.title, width)
    if not bars.bars:
        return _empty(drawing, bars.empty)
    legend = _legend_width(bars.series)
    chart = _Columns()
    label_room = 22.0
    chart.x, chart.y = 42, label_room
    chart.width, chart.height = width - chart.x - legend - 10, height - TITLE_SIZE - 14 - label_room
    _style(chart, bars)
    slot = chart.width / len(bars.bars)
    widest = max(stringWidth(bar.label, FONT, LABEL_SIZE) for bar in bars.bars)
    if widest > slot - 2:
        chart.categoryAxis.labels.angle = 45
        chart.categoryAxis.labels.boxAnchor = "ne"
    filled = min(0.65, _WIDEST_COLUMN / slot)  # of each month's slot (relative sizes)
    chart.barWidth, chart.groupSpacing = 10, 10 * (1 - filled) / filled
    totals = [sum(float(value) for value in bar.values) for bar in bars.bars]
    chart.valueAxis.valueMax, chart.valueAxis.valueStep = _scale(max(totals))
    chart.valueAxis.labelTextFormat = grouping(separators)
    drawing.add(String(0, chart.y + chart.height + 4, bars.axis, fontName=FONT, fontSize=LABEL_SIZE))
    _legend(drawing, bars.series, width - legend, chart.y + chart.height - _LEGEND_SWATCH, legend)
    drawing.add(chart)
    return drawing


ROW_SLOT = 24.0
"""The most a horizontal bar takes (with its gap): a chart of few rows is short."""


def row_chart(bars: Bars, width: float, height: float, separators: tuple[str, str]) -> Drawing:
    """Horizontal bars, the first on top (arrivals per service, late routes), at most
    ``height`` tall (less for few bars); stacked parts get a legend below."""
    several = len(bars.series) > 1
    keys = _flowed(bars.series, width) if several else []
    lines = 1 + max((line for _item, _x, line in keys), default=-1)
    below = 14 + lines * _LEGEND_LINE + (4 if lines else 0)
    room = height - TITLE_SIZE - 12 - below
    height = min(height, TITLE_SIZE + 12 + below + min(room, ROW_SLOT * max(3, len(bars.bars))))
    drawing = Drawing(width, height)
    _title(drawing, bars.title, width)
    if not bars.bars:
        return _empty(drawing, bars.empty)
    labels = min(max(stringWidth(bar.label, FONT, LABEL_SIZE) for bar in bars.bars), width * 0.35)
    marks = [stringWidth(mark, FONT, LABEL_SIZE) for bar in bars.bars for mark in bar.marks]
    end_room = 0.0 if several else max(marks, default=0.0) + 6
    chart = _Rows()
    chart.x, chart.y = labels + 6, below
    chart.width, chart.height = width - chart.x - 4 - end_room, height - TITLE_SIZE - 12 - below
    ordered = Bars(bars.title, bars.series, tuple(reversed(bars.bars)), bars.axis, bars.empty, bars.share)
    _style(chart, ordered)
    chart.categoryAxis.categoryNames = [fit(bar.label, labels, LABEL_SIZE) for bar in ordered.bars]
    chart.categoryAxis.labels.boxAnchor = "e"
    chart.barWidth, chart.groupSpacing = 7, 3
    if bars.share:
        chart.valueAxis.valueMax, chart.valueAxis.valueStep = 100, 25
    else:
        chart.valueAxis.valueMax, chart.valueAxis.valueStep = _scale(
            max(float(sum(bar.values)) for bar in bars.bars)
        )
    chart.valueAxis.labelTextFormat = grouping(separators, "%" if bars.share else "")
    _marks(chart, ordered)
    for item, x, line in keys:
        _key(drawing, item, x, 2 + (lines - 1 - line) * _LEGEND_LINE, width - x)
    drawing.add(chart)
    return drawing


def _flowed(series: Sequence[Series], width: float) -> list[tuple[Series, float, int]]:
    """Each legend entry's place in lines of ``width`` (left to right as they stack): its
    series, its left and its line (0 the first)."""
    placed: list[tuple[Series, float, int]] = []
    x, line = 0.0, 0
    for item in series:
        wide = _LEGEND_SWATCH + 3 + stringWidth(item.name, FONT, LABEL_SIZE) + 12
        if x and x + wide > width:
            x, line = 0.0, line + 1
        placed.append((item, x, line))
        x += wide
    return placed
