"""Quotes as a PDF for a customer or the files: each quote on its own A4 page
(`quote_pages`) or a landscape summary of them all (`quote_summary`), with the company,
its CNPJ and the time of issue at the top of every page and "Página x de y" at the bottom.

The price service words every cell (`services.price.report`); this lays them out.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from reportlab.lib.pagesizes import A4, landscape  # type: ignore[import-untyped]
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.platypus import SimpleDocTemplate  # type: ignore[import-untyped]

from postalgui.documents.pages import MARGIN, PageFoot, PageHead, build_numbered, numbered
from postalgui.documents.reports.quote_pages import LadderLine, QuotePage, per_quote_story
from postalgui.documents.reports.quote_styles import QuoteStyles
from postalgui.documents.reports.quote_summary import QuoteSummary, SummaryLine, summary_story
from postalgui.documents.text import paragraph

__all__ = ["LadderLine", "QuotePage", "QuoteSummary", "QuotesReport", "SummaryLine", "quotes_pdf"]

_HEAD = PageHead(baseline=10 * mm, left_size=9, right_size=8, rule=12 * mm, rule_width=0.5)
_FOOT = PageFoot(baseline=8 * mm)


@dataclass(frozen=True)
class QuotesReport:
    """The quotes in words: ``pages`` (portrait, a page each) or a ``summary`` (landscape);
    neither, or no quote, prints ``no_quotes``. ``head`` is the company line and the time
    of issue, ``page`` the foot's ``{page}``/``{pages}`` pattern; ``compress=False``
    writes uncompressed, reproducible output (``invariant``) that tests read as text."""

    title: str
    author: str
    head: tuple[str, str]
    page: str
    no_quotes: str
    pages: tuple[QuotePage, ...] = ()
    summary: QuoteSummary | None = None
    compress: bool = True


def quotes_pdf(report: QuotesReport) -> bytes:
    """The report's PDF."""
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=A4 if report.summary is None else landscape(A4),
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN + 4 * mm,
        bottomMargin=MARGIN,
        title=report.title,
        author=report.author,
        creator="PostalGUI",
        invariant=0 if report.compress else 1,
        pageCompression=1 if report.compress else 0,
    )
    story: list[Any]
    if report.summary is not None and report.summary.lines:
        story = summary_story(report.summary, doc.width)
    elif report.pages:
        story = per_quote_story(report.pages, doc.width, doc.height)
    else:
        story = [paragraph(report.no_quotes, QuoteStyles().cell)]
    build_numbered(doc, story, _HEAD.drawer(*report.head), _FOOT.drawer("", numbered(report.page)))
    return buffer.getvalue()
