"""The quote reports' paragraph styles and colours, shared by the per-quote pages and the summary."""

from __future__ import annotations

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.enums import TA_RIGHT  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]

from postalgui.documents.fonts import BOLD, FONT

__all__ = ["GREY", "LIGHT", "RED", "QuoteStyles"]

GREY = colors.HexColor("#E8E8E8")
LIGHT = colors.HexColor("#F6F6F6")
RED = colors.HexColor("#B00020")


class QuoteStyles:
    """Title, subtitle, section heads, cells, small print, the final price and an error."""

    def __init__(self) -> None:
        self.title = ParagraphStyle("title", fontName=BOLD, fontSize=16, leading=20, spaceAfter=4)
        self.subtitle = ParagraphStyle("subtitle", fontName=FONT, fontSize=9, leading=12, spaceAfter=8)
        self.heading = ParagraphStyle(
            "heading", fontName=BOLD, fontSize=11, leading=14, spaceBefore=8, spaceAfter=4
        )
        self.cell = ParagraphStyle("cell", fontName=FONT, fontSize=9, leading=11)
        self.small = ParagraphStyle("small", fontName=FONT, fontSize=7.5, leading=9)
        self.final = ParagraphStyle(
            "final", fontName=BOLD, fontSize=18, leading=24, alignment=TA_RIGHT, spaceBefore=10
        )
        self.error = ParagraphStyle(
            "error", fontName=BOLD, fontSize=11, leading=14, textColor=RED, spaceBefore=10
        )
