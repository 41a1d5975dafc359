"""The customer's return authorization ("Autorização de postagem"): one A4 page each, what the
customer needs at the branch and nothing else.

From the top: the title and who pays; the authorization code as large text and as a Code 128
the counter's scanner reads (`barcodes.draw_code128`, quiet zone left white); the facts (object
code, service, valid until, the outbound object); who sends (the customer) and to whom (the
office), side by side as on an envelope; where to take it; a foot with the code and dates. The
service words every line (`services.shipping.return_words`); this draws them.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.pagesizes import A4  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.lib.units import mm as _mm  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from postalgui.documents.barcodes import draw_code128
from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.pages import MARGIN
from postalgui.documents.text import fit, paragraph

__all__ = ["AuthorizationPage", "return_authorization_pdf"]

mm: float = _mm
_INK = colors.HexColor("#1f2d3d")
_RULE = colors.HexColor("#b8c4d0")
_BARCODE_MM = (130, 22, 0.5)
"""The barcode's widest width, its height and its widest module (mm): a counter scanner reads
a 0.5 mm module from a home printer's page."""


@dataclass(frozen=True)
class AuthorizationPage:
    """One authorization in words: ``facts`` are (label, value) lines; ``sender`` and
    ``recipient`` the envelope's lines (name first)."""

    title: str
    subtitle: str
    code_label: str
    code: str
    facts: Sequence[tuple[str, str]]
    sender_title: str
    sender: Sequence[str]
    recipient_title: str
    recipient: Sequence[str]
    where_title: str
    where: str
    foot: str


def _text(canvas: Canvas, text: str, left: float, top: float, size: float, *, font: str = FONT) -> float:
    """One line whose cap height hangs from ``top``, cut to the page; answers the next line's top."""
    width = A4[0] - MARGIN - left
    canvas.setFont(font, size)
    canvas.drawString(left, top - size, fit(text, width, size, font))
    return top - size * 1.35


def _rule(canvas: Canvas, top: float) -> float:
    canvas.setStrokeColor(_RULE)
    canvas.setLineWidth(0.6)
    canvas.line(MARGIN, top, A4[0] - MARGIN, top)
    return top - 5 * mm


def _code(canvas: Canvas, page: AuthorizationPage, top: float) -> float:
    top = _text(canvas, page.code_label, MARGIN, top, 11)
    top = _text(canvas, page.code, MARGIN, top - 1 * mm, 30, font=BOLD)
    width, height, module = (value * mm for value in _BARCODE_MM)
    bottom = top - 2 * mm - height
    draw_code128(
        canvas, page.code, left=MARGIN + 10 * module, bottom=bottom, width=width, height=height, module=module
    )
    return bottom - 8 * mm


def _facts(canvas: Canvas, facts: Sequence[tuple[str, str]], top: float) -> float:
    for label, value in facts:
        canvas.setFont(FONT, 11)
        canvas.drawString(MARGIN, top - 11, fit(label, 55 * mm, 11))
        _text(canvas, value, MARGIN + 58 * mm, top, 12, font=BOLD)
        top -= 7 * mm
    return top - 3 * mm


def _party(canvas: Canvas, title: str, lines: Sequence[str], left: float, top: float) -> float:
    column = (A4[0] - 2 * MARGIN) / 2 - 5 * mm
    canvas.setFont(BOLD, 10)
    canvas.drawString(left, top - 10, fit(title.upper(), column, 10, BOLD))
    top -= 16
    for index, line in enumerate(lines):
        size, font = (12, BOLD) if index == 0 else (11, FONT)
        canvas.setFont(font, size)
        canvas.drawString(left, top - size, fit(line, column, size, font))
        top -= size * 1.4
    return top


def _where(canvas: Canvas, page: AuthorizationPage, top: float) -> float:
    top = _text(canvas, page.where_title.upper(), MARGIN, top, 10, font=BOLD)
    style = ParagraphStyle("where", fontName=FONT, fontSize=12, leading=16, textColor=_INK)
    flowing = paragraph(page.where, style)
    height = float(flowing.wrapOn(canvas, A4[0] - 2 * MARGIN, A4[1])[1])
    flowing.drawOn(canvas, MARGIN, top - height - 2 * mm)
    return top - height - 8 * mm


def _draw(canvas: Canvas, page: AuthorizationPage) -> None:
    canvas.setFillColor(_INK)
    top = A4[1] - MARGIN
    top = _text(canvas, page.title, MARGIN, top, 22, font=BOLD)
    top = _text(canvas, page.subtitle, MARGIN, top - 1 * mm, 11)
    top = _rule(canvas, top - 2 * mm)
    top = _code(canvas, page, top)
    top = _facts(canvas, page.facts, top)
    top = _rule(canvas, top)
    middle = A4[0] / 2 + 2 * mm
    low = min(
        _party(canvas, page.sender_title, page.sender, MARGIN, top),
        _party(canvas, page.recipient_title, page.recipient, middle, top),
    )
    top = _rule(canvas, low - 3 * mm)
    _where(canvas, page, top)
    canvas.setFont(FONT, 8)
    canvas.drawString(MARGIN, MARGIN - 4 * mm, fit(page.foot, A4[0] - 2 * MARGIN, 8))


def return_authorization_pdf(pages: Sequence[AuthorizationPage]) -> bytes:
    """One A4 page per authorization (an empty list: one blank page, as reportlab saves it)."""
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=A4, pageCompression=1)
    canvas.setTitle(pages[0].title if pages else "")
    for page in pages:
        _draw(canvas, page)
        canvas.showPage()
    canvas.save()
    return out.getvalue()
