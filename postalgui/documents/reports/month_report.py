"""The manager's monthly PDF: a month of the office at a glance, then its numbers.

Page one: the month's key figures, the money per month stacked by service and the map of
where the parcels went; page two: arrivals per service and the routes with the most late
deliveries; then each section's table. Landscape A4 with the house's head and "Página x de
y", as the other reports. The overview service words every label and cell in the reader's
language (`services.overview.report_pdf`); this draws them, from plain records.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.platypus import CondPageBreak, KeepTogether, PageBreak, Spacer, Table, TableStyle  # type: ignore[import-untyped]

from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.pages import landscape_report, numbered, report_styles
from postalgui.documents.reports.month_charts import Bar, Bars, Series, column_chart, row_chart
from postalgui.documents.reports.month_map import MapState, StateMap, map_drawing
from postalgui.documents.reports.month_tables import ReportTable, section_table
from postalgui.documents.tables import padding
from postalgui.documents.text import fit, paragraph

__all__ = [
    "Bar",
    "Bars",
    "Figure",
    "MapState",
    "MonthReport",
    "ReportTable",
    "Series",
    "StateMap",
    "month_report_pdf",
]

_SIZE = 8
_LIGHT = colors.HexColor("#f6f8fa")
_CHART_HEIGHT = 118 * mm
_ROWS_HEIGHT = 95 * mm
_CELL_ROOM = 8
"""A cell's padding, left and right together, in points."""


@dataclass(frozen=True)
class Figure:
    """A key figure: what it is, its value and a line beside it (``"+12% sobre set/2026"``)."""

    label: str
    value: str
    detail: str = ""


@dataclass(frozen=True)
class MonthReport:
    """The report in words. ``head`` is the running head (left, right), ``page`` the foot's
    ``{page}``/``{pages}`` pattern, ``separators`` the reader's thousands and decimal marks
    (the charts' axes), ``notes`` the lines under the key figures (what the data leaves out)."""

    title: str
    subtitle: str
    head: tuple[str, str]
    foot: str
    page: str
    figures: tuple[Figure, ...]
    spending: Bars
    states: StateMap
    on_time: Bars
    routes: Bars
    tables: tuple[ReportTable, ...]
    notes: tuple[str, ...] = field(default=())
    separators: tuple[str, str] = (".", ",")


def _figures(figures: Sequence[Figure], width: float) -> Table:
    """The key figures side by side, each a box: its label, its value large, its detail."""
    column = width / max(1, len(figures))
    room = column - _CELL_ROOM - 4
    cells = [
        [
            fit(figure.label, room, _SIZE),
            fit(figure.value, room, 14, BOLD),
            fit(figure.detail, room, _SIZE - 1),
        ]
        for figure in figures
    ]
    table = Table(
        [[Table([[line] for line in cell], rowHeights=(10, 17, 10)) for cell in cells]], colWidths=column
    )
    table.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 0.5, colors.grey),
                ("LINEAFTER", (0, 0), (-2, -1), 0.5, colors.grey),
                ("BACKGROUND", (0, 0), (-1, -1), _LIGHT),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                *padding(1),
            ]
        )
    )
    for inner in table._cellvalues[0]:  # reportlab keeps its cells nowhere public
        inner.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, _SIZE),
                    ("FONT", (0, 1), (-1, 1), BOLD, 14),
                    ("FONT", (0, 2), (-1, 2), FONT, _SIZE - 1),
                    ("TEXTCOLOR", (0, 2), (-1, 2), colors.HexColor("#444444")),
                    *padding(0),
                ]
            )
        )
    return table


def _section(table: ReportTable, width: float, styles: dict[str, Any]) -> list[Any]:
    """A table under its title, the title kept with the first rows; its notes after it."""
    head = paragraph(table.title, styles["head"])
    if not table.rows:
        return [KeepTogether([head, paragraph(table.empty, styles["body"])])]
    flowables: list[Any] = [CondPageBreak(40 * mm), head, section_table(table, width)]
    flowables += [paragraph(note, styles["note"]) for note in table.notes]
    return flowables


def _pair(left: Any, right: Any, widths: tuple[float, float]) -> Table:
    """Two drawings side by side."""
    table = Table([[left, right]], colWidths=widths, hAlign="LEFT")
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), *padding(0)]))
    return table


def _story(report: MonthReport, width: float) -> list[Any]:
    styles = report_styles(title_after=0)
    styles["note"] = styles["body"].clone(
        "note", fontSize=7.5, leading=10, textColor=colors.HexColor("#444444")
    )
    story: list[Any] = [
        paragraph(report.title, styles["title"]),
        paragraph(report.subtitle, styles["body"]),
        Spacer(1, 3 * mm),
        _figures(report.figures, width),
    ]
    story += [paragraph(note, styles["note"]) for note in report.notes]
    story.append(Spacer(1, 3 * mm))
    left, right = width * 0.58, width * 0.42
    spending = column_chart(report.spending, left - 6 * mm, _CHART_HEIGHT, report.separators)
    story.append(_pair(spending, map_drawing(report.states, right, _CHART_HEIGHT), (left, right)))
    story.append(PageBreak())
    half = width / 2
    on_time = row_chart(report.on_time, half - 6 * mm, _ROWS_HEIGHT, report.separators)
    routes = row_chart(report.routes, half - 6 * mm, _ROWS_HEIGHT, report.separators)
    story.append(_pair(on_time, routes, (half, half)))
    for table in report.tables:
        story += _section(table, width, styles)
    return story


def month_report_pdf(report: MonthReport) -> bytes:
    """The report's PDF."""
    return landscape_report(
        report.title,
        lambda width: _story(report, width),
        report.head,
        (report.foot, numbered(report.page)),
    )
