"""Barcodes drawn as vectors, sharp at any zoom and in print.

Interleaved 2 of 5 is the bank slip's (FEBRABAN): digits only, in pairs, no check digit
of its own (the 44 digits carry theirs) and no bearer bars. The symbol's quiet zone lies
left of ``left``, so the first bar starts exactly where the caller measured. The labels'
barcodes (Code 128, DataMatrix) join here.
"""

from __future__ import annotations

from reportlab.graphics.barcode.common import I2of5  # type: ignore[import-untyped]  # reportlab is untyped
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

__all__ = ["draw_interleaved_2of5"]


def draw_interleaved_2of5(
    canvas: Canvas, digits: str, *, left: float, bottom: float, narrow: float, height: float, ratio: float = 3
) -> None:
    """Draw ``digits`` as Interleaved 2 of 5: ``narrow`` bar width, wide bars ``ratio`` times it."""
    bars = I2of5(
        digits,
        barWidth=narrow,
        ratio=ratio,
        barHeight=height,
        checksum=0,
        bearers=0,
        quiet=1,
    )
    bars.drawOn(canvas, left - bars.lquiet, bottom)
