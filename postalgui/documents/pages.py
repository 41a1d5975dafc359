"""Page furniture: a running head on every page and a "Página x de y" foot.

A foot that names the page count needs the count before the first page is written, so
`NumberedCanvas` holds each page back until ``save`` and only then draws the feet
(reportlab's own recipe); `build_numbered` wires it and the head into a platypus build.
`PageHead` and `PageFoot` hold where a document puts them and how big, so two documents
differ in numbers, not in drawing code.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.pagesizes import A4, landscape  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]
from reportlab.platypus import BaseDocTemplate, SimpleDocTemplate  # type: ignore[import-untyped]

from postalgui.documents.fonts import BOLD, FONT

__all__ = [
    "MARGIN",
    "FootDrawer",
    "HeadDrawer",
    "NumberedCanvas",
    "PageFoot",
    "PageHead",
    "build_numbered",
    "landscape_report",
    "numbered",
    "report_styles",
]

MARGIN = 15 * mm
"""The side margin of the office's A4 documents: the text, the head and the foot line up on it."""

HeadDrawer = Callable[[Canvas, Any], None]
"""Draws the head of a page: platypus's ``onPage(canvas, doc)``."""
FootDrawer = Callable[[Canvas, int, int], None]
"""Draws the foot of a page once the count is known: ``(canvas, page, pages)``."""


class NumberedCanvas(Canvas):  # type: ignore[misc]  # reportlab is untyped
    """Holds each page back until the page count is known, then draws every foot."""

    def __init__(self, *args: Any, footer: FootDrawer, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict[str, Any]] = []
        self._footer = footer

    def showPage(self) -> None:
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for number, state in enumerate(self._pages, start=1):
            self.__dict__.update(state)
            self._footer(self, number, total)
            super().showPage()
        super().save()


@dataclass(frozen=True)
class PageHead:
    """A bold text on the left, a plain one on the right, a grey rule below; distances from the top."""

    baseline: float
    left_size: float
    right_size: float
    rule: float
    rule_width: float
    margin: float = MARGIN

    def drawer(self, left: str, right: str) -> HeadDrawer:
        """The ``onPage`` hook that draws this head with these texts."""

        def draw(canvas: Canvas, _doc: Any) -> None:
            width, height = canvas._pagesize
            canvas.saveState()
            canvas.setFont(BOLD, self.left_size)
            canvas.drawString(self.margin, height - self.baseline, left)
            canvas.setFont(FONT, self.right_size)
            canvas.drawRightString(width - self.margin, height - self.baseline, right)
            canvas.setStrokeColor(colors.grey)
            canvas.setLineWidth(self.rule_width)
            canvas.line(self.margin, height - self.rule, width - self.margin, height - self.rule)
            canvas.restoreState()

        return draw


@dataclass(frozen=True)
class PageFoot:
    """An optional text on the left and the page number on the right; ``baseline`` from the bottom."""

    baseline: float
    size: float = 8
    margin: float = MARGIN

    def drawer(self, left: str, page_label: Callable[[int, int], str]) -> FootDrawer:
        """The foot drawn on each page once the count is known; ``page_label(page, pages)`` words it."""

        def draw(canvas: Canvas, page: int, pages: int) -> None:
            width, _height = canvas._pagesize
            canvas.saveState()
            canvas.setFont(FONT, self.size)
            if left:
                canvas.drawString(self.margin, self.baseline, left)
            canvas.drawRightString(width - self.margin, self.baseline, page_label(page, pages))
            canvas.restoreState()

        return draw


def build_numbered(doc: BaseDocTemplate, story: Sequence[Any], head: HeadDrawer, foot: FootDrawer) -> None:
    """Build ``story`` with ``head`` on every page and ``foot`` drawn when the count is known."""
    doc.build(
        list(story),
        onFirstPage=head,
        onLaterPages=head,
        canvasmaker=functools.partial(NumberedCanvas, footer=foot),
    )


_REPORT_HEAD = PageHead(baseline=10 * mm, left_size=9, right_size=8, rule=12 * mm, rule_width=0.5)
_REPORT_FOOT = PageFoot(baseline=8 * mm)


def numbered(pattern: str) -> Callable[[int, int], str]:
    """The foot's page label from a ``{page}`` / ``{pages}`` pattern ("Página {page} de {pages}")."""
    return lambda page, pages: pattern.format(page=page, pages=pages)


def report_styles(title_after: float = 4) -> dict[str, ParagraphStyle]:
    """A report's title, section heads and body text."""
    return {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=14, leading=18, spaceAfter=title_after),
        "head": ParagraphStyle("head", fontName=BOLD, fontSize=11, leading=14, spaceBefore=8, spaceAfter=4),
        "body": ParagraphStyle("body", fontName=FONT, fontSize=9, leading=12),
    }


def landscape_report(
    title: str,
    story: Callable[[float], Sequence[Any]],
    head: tuple[str, str],
    foot: tuple[str, Callable[[int, int], str]],
) -> bytes:
    """A landscape A4 report (the office's tables are wide): ``story(width)`` laid out
    between the margins, ``head`` (left, right) on every page, ``foot`` (left text, the
    page label of ``(page, pages)``) at the bottom."""
    pagesize = landscape(A4)
    buffer = io.BytesIO()
    margins = dict.fromkeys(("leftMargin", "rightMargin", "bottomMargin"), MARGIN)
    doc = SimpleDocTemplate(buffer, pagesize=pagesize, topMargin=MARGIN + 4 * mm, title=title, **margins)
    laid_out = story(pagesize[0] - 2 * MARGIN)
    build_numbered(doc, laid_out, _REPORT_HEAD.drawer(*head), _REPORT_FOOT.drawer(*foot))
    return buffer.getvalue()
