"""The quotes' summary: a landscape table of every quote with a repeated header row and the
total of the final prices; with deadlines an "arrives by" column before the errors."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.pdfbase.pdfmetrics import stringWidth  # type: ignore[import-untyped]
from reportlab.platypus import Spacer, Table, TableStyle  # type: ignore[import-untyped]

from postalgui.documents.fonts import FONT
from postalgui.documents.reports.quote_styles import GREY, LIGHT, RED, QuoteStyles
from postalgui.documents.tables import heading_row, padding, total_row
from postalgui.documents.text import fit, paragraph

__all__ = ["QuoteSummary", "SummaryLine", "summary_story"]

_SIZE = 8
_ERROR_CHARS = 160  # about three lines of the error column; the GUI has the whole text
_WIDTHS_MM = (12, 48, 22, 22, 20, 24, 14, 26, 28)  # the error column takes the rest
_ARRIVES_MM = 20


@dataclass(frozen=True)
class SummaryLine:
    """A quote's line in words: line, product, origin, destination, weight, charged weight,
    cubic, services, final price, (arrives by,) then its error (empty when none)."""

    cells: Sequence[str]
    error: str


@dataclass(frozen=True)
class QuoteSummary:
    """The table in words: the heading row, the lines, the total row's count and amount;
    ``arrives`` when the lines carry an "arrives by" cell."""

    title: str
    headings: Sequence[str]
    lines: Sequence[SummaryLine]
    count: str
    total: str
    arrives: bool = False


def _error_cell(error: str, width: float, style: ParagraphStyle) -> Any:
    if not error:
        return ""
    error = error if len(error) <= _ERROR_CHARS else error[: _ERROR_CHARS - 3] + "..."
    return error if stringWidth(error, FONT, 7) <= width - 6 else paragraph(error, style)


def _summary_style(last: int) -> TableStyle:
    """Header, stripes, alignments and the total row of the summary table."""
    size = _SIZE
    return TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT, size),
            *heading_row(size, GREY, 0.75, colors.black),
            ("ROWBACKGROUNDS", (0, 1), (-1, last - 1), [colors.white, LIGHT]),
            ("ALIGN", (0, 0), (0, -1), "RIGHT"),
            ("ALIGN", (4, 0), (5, -1), "RIGHT"),
            ("ALIGN", (6, 0), (6, -1), "CENTER"),
            ("ALIGN", (7, 0), (8, -1), "RIGHT"),
            ("TEXTCOLOR", (-1, 1), (-1, -1), RED),
            ("FONTSIZE", (-1, 1), (-1, -1), 7),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            *padding(2),
            ("SPAN", (1, last), (7, last)),
            *total_row(size, 0.75, colors.black, row=last, background=GREY),
        ]
    )


def summary_story(summary: QuoteSummary, width: float) -> list[Any]:
    """The summary's title and table."""
    widths = [value * mm for value in _WIDTHS_MM]
    if summary.arrives:
        widths.append(_ARRIVES_MM * mm)
    widths.append(width - sum(widths))
    error_style = ParagraphStyle("summary_error", fontName=FONT, fontSize=7, leading=8.5, textColor=RED)
    data: list[list[Any]] = [list(summary.headings)]
    for line in summary.lines:
        cells = list(line.cells)
        cells[1] = fit(cells[1], widths[1] - 6, _SIZE)
        data.append([*cells, _error_cell(line.error, widths[-1], error_style)])
    data.append(["", summary.count, "", "", "", "", "", "", summary.total] + [""] * (len(widths) - 9))
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(_summary_style(len(data) - 1))
    return [paragraph(summary.title, QuoteStyles().title), Spacer(1, 4), table]
