"""Barcodes drawn as vectors, sharp at any zoom and in print.

Interleaved 2 of 5 is the bank slip's (FEBRABAN): digits only, in pairs, no check digit
of its own (the 44 digits carry theirs) and no bearer bars. The symbol's quiet zone lies
left of ``left``, so the first bar starts exactly where the caller measured.

Code 128 and DataMatrix are the labels': zxing-cpp (compiled) encodes them and hands back
the module grid, and each symbol is written as one filled path of rectangles, one per run
of dark modules in a row, in whole modules under one scaling (``cm``), straight into the
page's content stream. Measured on 1,000
labels: reportlab's pure-Python DataMatrix takes about 100 ms a symbol and its Code 128
draws one `rect` call a bar; the runs as one path cost about 0.2 ms a DataMatrix, and
stay vectors (an image of the grid would be as fast but a viewer may smooth it). One
fill also leaves no hairline seams between neighbouring modules. The caller leaves the
quiet zone (ten modules for Code 128, one for DataMatrix) white around the symbol.
"""

from __future__ import annotations

import re

import zxingcpp
from reportlab.graphics.barcode.common import I2of5  # type: ignore[import-untyped]  # reportlab is untyped
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

__all__ = ["draw_code128", "draw_datamatrix", "draw_interleaved_2of5"]

_DARK_RUN = re.compile(rb"\x00+")
"""zxing-cpp's grid is one byte a module: 0 dark, 255 light."""


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


def _grid(text: str, barcode_format: zxingcpp.BarcodeFormat, **options: bool) -> tuple[int, int, bytes]:
    """(rows, columns, one byte a module) of ``text`` encoded, without quiet zones."""
    image = zxingcpp.create_barcode(text, barcode_format, **options).to_image(scale=1, add_quiet_zones=False)
    view = memoryview(image)  # type: ignore[arg-type]  # zxing-cpp's Image has the buffer protocol
    rows, columns = view.shape or (0, 0)
    return rows, columns, view.tobytes()


def _runs(grid: bytes, start: int, columns: int, y: int) -> list[str]:
    """The ``x y w 1 re`` operators, in modules, of the dark runs of the row that starts at ``start``."""
    return [
        f"{run.start() - start} {y} {run.end() - run.start()} 1 re"
        for run in _DARK_RUN.finditer(grid, start, start + columns)
    ]


def _fill(canvas: Canvas, runs: list[str], origin: tuple[float, float], module: tuple[float, float]) -> None:
    """Fill ``runs`` (in modules) in black as one path, one module ``module`` (width, height) points and
    the symbol's lower left corner at ``origin``; the graphics state is kept."""
    (left, bottom), (width, height) = origin, module
    head = f"q 0 g {width:.4f} 0 0 {height:.4f} {left:.3f} {bottom:.3f} cm\n"
    canvas.addLiteral(head + "\n".join(runs) + "\nf Q")


def draw_code128(
    canvas: Canvas,
    text: str,
    *,
    left: float,
    bottom: float,
    width: float,
    height: float,
    module: float,
    centre: bool = False,
) -> float:
    """Draw ``text`` as Code 128 at most ``width`` wide, modules at most ``module`` wide; answers its width.

    The symbol starts at ``left``, or is ``centre``d in ``width`` (its quiet zone lies outside)."""
    _rows, columns, grid = _grid(text, zxingcpp.BarcodeFormat.Code128)
    step = min(module, width / columns)
    if centre:
        left += (width - columns * step) / 2
    _fill(canvas, _runs(grid, 0, columns, 0), (left, bottom), (step, height))
    return columns * step


def draw_datamatrix(canvas: Canvas, text: str, *, left: float, bottom: float, size: float) -> None:
    """Draw ``text`` as a square DataMatrix ``size`` wide and high, lower left corner at (left, bottom)."""
    rows, columns, grid = _grid(text, zxingcpp.BarcodeFormat.DataMatrix, force_square=True)
    step = size / max(rows, columns)
    cells: list[str] = []
    for row in range(rows):
        cells.extend(_runs(grid, row * columns, columns, rows - 1 - row))
    _fill(canvas, cells, (left, bottom), (step, step))
