"""Text for table cells and flowing paragraphs: escaped for reportlab's markup, or cut to fit.

Reportlab reads a `Paragraph`'s text as mini-HTML, so a customer's "A & B <Ltda>" must be
escaped or it breaks the build; plain table cells are drawn as they are, so a long one is
cut with "..." to its column instead of running into the next.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.pdfbase.pdfmetrics import stringWidth  # type: ignore[import-untyped]
from reportlab.platypus import Paragraph  # type: ignore[import-untyped]

from postalgui.documents.fonts import FONT

__all__ = ["bold_paragraph", "fit", "paragraph"]


def paragraph(text: str, style: ParagraphStyle) -> Paragraph:
    """``text`` as a paragraph, markup characters escaped."""
    return Paragraph(escape(text), style)


def bold_paragraph(text: str, style: ParagraphStyle) -> Paragraph:
    """``text`` in bold, markup characters escaped (a label beside its value)."""
    return Paragraph(f"<b>{escape(text)}</b>", style)


def fit(text: str, width: float, size: float, font: str = FONT) -> str:
    """``text`` cut with "..." so that it fits ``width`` points in ``font`` at ``size``."""
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "...", font, size) > width:
        text = text[: max(0, len(text) - max(1, len(text) // 10))]
    return text + "..."
