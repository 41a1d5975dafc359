"""Drawing on a label in millimetres from its top left corner, as label drawings are measured.

reportlab measures in points from the page's bottom left; every label on a page is the
same drawing moved, so a `Pen` holds where this label's top left corner is and turns
(x right, y down) millimetres into page points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib import units  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from postalgui.documents.barcodes import draw_code128, draw_datamatrix
from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.reports.labels.lines import Item, fit_block

__all__ = ["Pen", "mm"]

mm: float = units.mm
"""Points in a millimetre."""


@dataclass(frozen=True)
class Pen:
    """A canvas and the page point (``left``, ``top``) where the label's top left corner lies."""

    canvas: Canvas
    left: float
    top: float

    def x(self, x_mm: float) -> float:
        return self.left + x_mm * mm

    def y(self, y_mm: float) -> float:
        return self.top - y_mm * mm

    def text(
        self, x: float, y: float, text: str, *, size: float, font: str = FONT, centre: bool = False
    ) -> None:
        """``text`` with its baseline ``y`` mm down, starting (or ``centre``d) at ``x`` mm."""
        self.canvas.setFont(font, size)
        if centre:
            self.canvas.drawCentredString(self.x(x), self.y(y), text)
        else:
            self.canvas.drawString(self.x(x), self.y(y), text)

    def block(
        self, items: Sequence[Item], box: tuple[float, float, float, float], *, centre: bool = False
    ) -> None:
        """``items`` shrunk or wrapped into ``box`` = (x, y, width, height) in mm."""
        x, y, width, height = box
        for line in fit_block(items, width * mm, height * mm):
            self.canvas.setFont(line.font, line.size)
            baseline = self.y(y) - line.baseline
            if centre:
                self.canvas.drawCentredString(self.x(x + width / 2), baseline, line.text)
            else:
                self.canvas.drawString(self.x(x), baseline, line.text)

    def rule(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.6) -> None:
        self.canvas.setLineWidth(width)
        self.canvas.line(self.x(x1), self.y(y1), self.x(x2), self.y(y2))

    def rect(self, box: tuple[float, float, float, float], *, fill: bool = False, radius: float = 0) -> None:
        """A rectangle (x, y, width, height) in mm, stroked, or filled black."""
        x, y, width, height = box
        if radius:
            self.canvas.roundRect(
                self.x(x), self.y(y + height), width * mm, height * mm, radius * mm, fill=fill
            )
        else:
            self.canvas.rect(
                self.x(x), self.y(y + height), width * mm, height * mm, stroke=0 if fill else 1, fill=fill
            )

    def heading(self, box: tuple[float, float, float, float], text: str, size: float) -> None:
        """White bold ``text`` on a black bar: the SIGEP label's "DESTINATÁRIO"."""
        x, y, _width, height = box
        self.rect(box, fill=True)
        self.canvas.setFillGray(1)
        cap_height = 0.72 * size / mm  # Helvetica's capitals stand 0.72 of the size
        self.text(x + 1.2, y + (height + cap_height) / 2, text, size=size, font=BOLD)
        self.canvas.setFillGray(0)

    def signature(self, x: float, y: float, right: float, caption: str, size: float) -> None:
        """``caption`` and a line to ``right`` to write on (Recebedor, Assinatura, Documento)."""
        self.text(x, y, caption, size=size)
        start = x + self.canvas.stringWidth(caption, FONT, size) / mm + 1
        self.rule(start, y + 0.4, right, y + 0.4, width=0.4)

    def code128(self, text: str, box: tuple[float, float, float, float], module: float = 0.5) -> None:
        """``text``'s Code 128 centred in ``box`` (x, y, width, height) mm, modules at most ``module`` mm."""
        x, y, width, height = box
        draw_code128(
            self.canvas, text, left=self.x(x), bottom=self.y(y + height), width=width * mm,
            height=height * mm, module=module * mm, centre=True,
        )  # fmt: skip

    def datamatrix(self, text: str, x: float, y: float, size: float) -> None:
        draw_datamatrix(self.canvas, text, left=self.x(x), bottom=self.y(y + size), size=size * mm)
