"""The attendance reconciliation report: the day, a summary of counts, then each non-empty
list as a table, then the errors (A4, to file or send).

The attendance service words every cell (`services.attendance.export`); this draws them.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.pagesizes import A4  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.platypus import SimpleDocTemplate, Spacer, Table, TableStyle  # type: ignore[import-untyped]

from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.text import paragraph

__all__ = ["ReconciliationReport", "ReportSection", "reconciliation_pdf"]

Rows = Sequence[Sequence[str]]
"""A table's rows in words, its heading row first."""


class ReportSection(NamedTuple):
    """A titled table of the report."""

    title: str
    rows: Rows


@dataclass(frozen=True)
class ReconciliationReport:
    """The report in words: ``title`` and ``ran_at`` at the top, ``preview`` (a note, or
    empty) below, the ``summary`` table, the ``sections`` and the ``errors`` under
    ``errors_title``; ``document_title`` names the file in a viewer."""

    title: str
    ran_at: str
    preview: str
    summary: Rows
    sections: Sequence[ReportSection]
    errors_title: str
    errors: Sequence[str]
    document_title: str


@functools.cache
def _styles() -> dict[str, ParagraphStyle]:
    return {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=15, leading=19, spaceAfter=4),
        "head": ParagraphStyle("head", fontName=BOLD, fontSize=11, leading=14, spaceBefore=8),
        "body": ParagraphStyle("body", fontName=FONT, fontSize=8.5, leading=11),
    }


def _table(rows: Rows, widths: Sequence[float]) -> Table:
    body = _styles()["body"]
    cells = [[paragraph(cell, body) for cell in row] for row in rows]
    table = Table(cells, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8edf3")),
                ("GRID", (0, 0), (-1, -1), 0.3, colors.HexColor("#b8c2cc")),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    return table


def reconciliation_pdf(report: ReconciliationReport) -> bytes:
    """The report's PDF."""
    styles = _styles()
    story: list[Any] = [
        paragraph(report.title, styles["title"]),
        paragraph(report.ran_at, styles["body"]),
        *([paragraph(report.preview, styles["body"])] if report.preview else []),
        Spacer(1, 4 * mm),
        _table(report.summary, [120 * mm, 30 * mm]),
    ]
    widths = [30 * mm, 24 * mm, 20 * mm, 26 * mm, 26 * mm, 54 * mm]
    for section in report.sections:
        story.append(paragraph(section.title, styles["head"]))
        story.append(_table(section.rows, widths))
    if report.errors:
        story.append(paragraph(report.errors_title, styles["head"]))
        story.extend(paragraph(text, styles["body"]) for text in report.errors)
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=14 * mm,
        rightMargin=14 * mm,
        topMargin=14 * mm,
        bottomMargin=14 * mm,
        title=report.document_title,
    )
    document.build(story)
    return buffer.getvalue()
