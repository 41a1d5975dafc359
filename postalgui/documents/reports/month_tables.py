"""The monthly report's section tables: each as wide as its cells need, up to the page.

A table of many services (a column each) must still show every amount whole: heads wrap
onto a second line before anything is cut, text columns give up room before number
columns do, and a table that still does not fit is set a point smaller; only then are
cells cut with "...". Numbers are right-aligned, the total row is bold on grey.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.enums import TA_LEFT, TA_RIGHT  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.pdfbase.pdfmetrics import stringWidth  # type: ignore[import-untyped]
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle  # type: ignore[import-untyped]

from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.tables import heading_row, padding, total_row
from postalgui.documents.text import fit

__all__ = ["ReportTable", "section_table"]

_GREY = colors.HexColor("#e8edf3")
_LIGHT = colors.HexColor("#f6f8fa")
_SIZES = (8.0, 7.0, 6.0)
_PADDING = 8.0
"""A cell's padding, left and right together, in points."""
_CELL_ROOM = _PADDING + 1
"""What a column takes beyond its text: the padding and a point to spare (no float shaves a cell)."""
_GUTTER = 18.0
_MOST_COLUMNS = 3
_LONG = 30
"""Rows from which a narrow table runs in columns."""
_FEWEST_ROWS = 3
"""A band of fewer rows a column goes to the next page."""
_NARROWEST_TEXT = 40.0
"""A text column (a service's name) is cut no narrower than this."""


@dataclass(frozen=True)
class ReportTable:
    """A section's numbers in words: a title, column heads, rows, a total row, the columns
    of numbers (right-aligned), notes under it and what it says without rows."""

    title: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    total: tuple[str, ...] | None = None
    right: frozenset[int] = frozenset()
    notes: tuple[str, ...] = ()
    empty: str = ""


@dataclass(frozen=True)
class _Layout:
    size: float
    widths: tuple[float, ...]


def _body_width(table: ReportTable, index: int, size: float) -> float:
    widths = [stringWidth(row[index], FONT, size) for row in table.rows]
    if table.total:
        widths.append(stringWidth(table.total[index], BOLD, size))
    return max(widths, default=0.0) + _CELL_ROOM


def _wanted(table: ReportTable, size: float) -> tuple[list[float], list[float]]:
    """Each column's width with its head on one line, and the least it can take."""
    wanted: list[float] = []
    least: list[float] = []
    for index, head in enumerate(table.head):
        body = _body_width(table, index, size)
        word = max((stringWidth(part, BOLD, size) for part in head.split()), default=0.0) + _CELL_ROOM
        wanted.append(max(body, stringWidth(head, BOLD, size) + _CELL_ROOM))
        least.append(max(body, word) if index in table.right else max(word, min(body, _NARROWEST_TEXT)))
    return wanted, least


def _layout(table: ReportTable, width: float) -> _Layout:
    least: list[float] = []
    for size in _SIZES:
        wanted, least = _wanted(table, size)
        if sum(wanted) <= width:
            return _Layout(size, tuple(wanted))
        if sum(least) <= width:
            spare, short = width - sum(least), sum(wanted) - sum(least)
            return _Layout(
                size,
                tuple(low + spare * (high - low) / short for high, low in zip(wanted, least, strict=True)),
            )
    scale = width / sum(least)  # even the smallest type does not fit: every column gives
    return _Layout(_SIZES[-1], tuple(column * scale for column in least))


def _heads(table: ReportTable, size: float) -> list[Paragraph]:
    styles = {
        align: ParagraphStyle(
            f"head-{align}", fontName=BOLD, fontSize=size, leading=size + 1.5, alignment=align
        )
        for align in (TA_LEFT, TA_RIGHT)
    }
    return [
        Paragraph(escape(head), styles[TA_RIGHT if index in table.right else TA_LEFT])
        for index, head in enumerate(table.head)
    ]


def _cells(line: Sequence[str], layout: _Layout, font: str) -> list[str]:
    return [fit(cell, layout.widths[index] - _PADDING, layout.size, font) for index, cell in enumerate(line)]


def section_table(table: ReportTable, width: float) -> Flowable:
    """``table`` laid out within ``width`` points, its head repeated on every page; a long
    narrow one (quotes per clerk and day) runs in columns side by side, as a phone book."""
    layout = _layout(table, width)
    columns = min(_MOST_COLUMNS, int((width + _GUTTER) // (sum(layout.widths) + _GUTTER)))
    if columns < 2 or len(table.rows) < _LONG:  # one column is no columns
        return _table(table, layout)
    return _Columns(table, layout, columns)


class _Columns(Flowable):  # type: ignore[misc]  # reportlab is untyped
    """A narrow table's rows in columns side by side, balanced; split a page's band at a
    time (each column repeats the head, the total closes the last)."""

    def __init__(self, table: ReportTable, layout: _Layout, columns: int) -> None:
        super().__init__()
        self._table, self._layout, self._columns = table, layout, columns
        self._band: Table | None = None

    def _band_of(self, count: int) -> Table:
        """The first ``count`` rows in balanced columns."""
        rows, tall = self._table.rows, math.ceil(count / self._columns)
        parts = []
        for top in range(0, count, tall):
            end = min(top + tall, count)
            total = self._table.total if end == len(rows) else None
            parts.append(_table(replace(self._table, rows=rows[top:end], total=total), self._layout))
        band = Table([parts], colWidths=[sum(self._layout.widths) + _GUTTER] * len(parts), hAlign="LEFT")
        band.setStyle(
            TableStyle(
                [("VALIGN", (0, 0), (-1, -1), "TOP"), *padding(0), ("LEFTPADDING", (0, 0), (-1, -1), 0)]
            )
        )
        return band

    def _height(self, count: int) -> float:
        """The height of a column of ``count`` rows with its head (and the total when it has one)."""
        part = replace(self._table, rows=self._table.rows[:count])
        return float(_table(part, self._layout).wrap(sum(self._layout.widths), 1e6)[1])

    def _fitting(self, height: float) -> int:
        """How many rows a column holds in ``height`` (rows are one line each: one height)."""
        one, two = self._height(1), self._height(2)
        if self._table.total:  # the last column closes with it
            height -= two - one
        return max(0, int((height - one) // (two - one)) + 1) if height >= one else 0

    def wrap(self, width: float, height: float) -> tuple[float, float]:
        self._band = self._band_of(len(self._table.rows))
        return self._band.wrap(width, height)  # type: ignore[no-any-return]

    def split(self, width: float, height: float) -> list[Flowable]:
        per_column = self._fitting(height)
        if per_column < _FEWEST_ROWS:
            return []  # the next page
        count = per_column * self._columns
        if count >= len(self._table.rows):
            return [self._band_of(len(self._table.rows))]
        rest = replace(self._table, rows=self._table.rows[count:])
        return [self._band_of(count), _Columns(rest, self._layout, self._columns)]

    def draw(self) -> None:
        if self._band is not None:
            self._band.drawOn(self.canv, 0, 0)


def _table(table: ReportTable, layout: _Layout) -> Table:
    data: list[list[Any]] = [_heads(table, layout.size), *(_cells(row, layout, FONT) for row in table.rows)]
    if table.total:
        data.append(_cells(table.total, layout, BOLD))
    size = layout.size
    commands: list[Any] = [
        ("FONT", (0, 0), (-1, -1), FONT, size),
        *heading_row(size, _GREY, 0.75, colors.black),
        ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ("ROWBACKGROUNDS", (0, 1), (-1, -2 if table.total else -1), [colors.white, _LIGHT]),
        *padding(2),
        ("LEFTPADDING", (0, 0), (-1, -1), _PADDING / 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), _PADDING / 2),
        *(("ALIGN", (index, 0), (index, -1), "RIGHT") for index in sorted(table.right)),
    ]
    if table.total:
        commands += total_row(size, 0.75, colors.black, background=_GREY)
        commands.append(("ALIGN", (0, -1), (0, -1), "LEFT"))  # "Total" under dates too
    result = Table(data, colWidths=list(layout.widths), repeatRows=1, hAlign="LEFT")
    result.setStyle(TableStyle(commands))
    return result
