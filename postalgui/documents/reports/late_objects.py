"""The late-objects report: a landscape A4 table of the month's late objects, then the totals
per product and the grand total, with the house's head and "Página x de y".

The tracking service words every cell (`services.tracking.late_pdf`); this draws them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.platypus import Spacer, Table, TableStyle  # type: ignore[import-untyped]

from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.pages import landscape_report, numbered, report_styles
from postalgui.documents.tables import heading_row, padding, total_row
from postalgui.documents.text import fit, paragraph

__all__ = ["LateReport", "LateRow", "LateTotal", "late_objects_pdf"]

_SIZE = 8
_GREY = colors.HexColor("#e8edf3")
_LIGHT = colors.HexColor("#f6f8fa")
_WIDTHS_MM = (30, 46, 22, 22, None, 24, 34, 26)
"""Code, product, posted, expected, delivered / last event (the rest), days, tag, amount."""


@dataclass(frozen=True)
class LateRow:
    """A late object's line, every cell in words."""

    code: str
    product: str
    posted: str
    expected: str
    arrived: str
    days: str
    tag: str
    amount: str


@dataclass(frozen=True)
class LateTotal:
    """A line of the totals: product, objects, average days late, amount."""

    product: str
    count: str
    average: str
    amount: str


@dataclass(frozen=True)
class LateReport:
    """The report in words: ``labels`` hold the column heads (``code`` ... ``amount``,
    ``count``, ``average``), ``totals`` and ``none``; ``page`` is the foot's
    ``{page}``/``{pages}`` pattern."""

    title: str
    generated: str
    page: str
    labels: Mapping[str, str]
    rows: Sequence[LateRow]
    totals: Sequence[LateTotal]
    total: LateTotal


def _widths(total: float) -> list[float]:
    fixed = sum(width for width in _WIDTHS_MM if width is not None) * mm
    return [width * mm if width is not None else total - fixed for width in _WIDTHS_MM]


def _objects_table(rows: Sequence[LateRow], labels: Mapping[str, str], width: float) -> Table:
    widths = _widths(width)
    keys = ("code", "product", "posted", "expected", "arrived", "days", "tag", "amount")
    data: list[list[Any]] = [[fit(labels[key], widths[i] - 6, _SIZE, BOLD) for i, key in enumerate(keys)]]
    for row in rows:
        data.append(
            [
                row.code,
                fit(row.product, widths[1] - 6, _SIZE),
                row.posted,
                row.expected,
                fit(row.arrived, widths[4] - 6, _SIZE),
                row.days,
                fit(row.tag, widths[6] - 6, _SIZE),
                row.amount,
            ]
        )
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, _SIZE),
                *heading_row(_SIZE, _GREY, 0.75, colors.black),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, _LIGHT]),
                ("ALIGN", (5, 0), (5, -1), "RIGHT"),
                ("ALIGN", (7, 0), (7, -1), "RIGHT"),
                *padding(2),
            ]
        )
    )
    return table


def _totals_table(totals: Sequence[LateTotal], total: LateTotal, labels: Mapping[str, str]) -> Table:
    data: list[list[str]] = [[labels["product"], labels["count"], labels["average"], labels["amount"]]]
    widths = [90 * mm, 25 * mm, 30 * mm, 35 * mm]
    for line in totals:
        data.append([fit(line.product, widths[0] - 6, _SIZE), line.count, line.average, line.amount])
    data.append([total.product, total.count, total.average, total.amount])
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, _SIZE),
                *heading_row(_SIZE, _GREY, 0.75, colors.black),
                ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                *padding(2),
                *total_row(_SIZE, 0.75, colors.black, background=_GREY),
            ]
        )
    )
    return table


def late_objects_pdf(report: LateReport) -> bytes:
    """The report's PDF."""
    labels = report.labels
    styles = report_styles()

    def story(width: float) -> list[Any]:
        laid: list[Any] = [paragraph(report.title, styles["title"]), Spacer(1, 2 * mm)]
        if report.rows:
            laid.append(_objects_table(report.rows, labels, width))
        else:
            laid.append(paragraph(labels["none"], styles["body"]))
        totals = _totals_table(report.totals, report.total, labels)
        return [*laid, paragraph(labels["totals"], styles["head"]), totals]

    foot = ("", numbered(report.page))
    return landscape_report(report.title, story, (report.title, report.generated), foot)
