"""The "Comprovante de entrega": one A4 page per delivered object, to hand a customer who
says it never arrived.

Each page: the title, the object's code as text and as Code 128, the facts in label/value
lines (status, date and time, place, receiver and document), then its pictures (the AR
digital first, then the delivery images) scaled to fit the rest of the page, two a row,
and at the foot who fetched it and when, and "Página x de y". The tracking service words
every line (`services.tracking.proof_pdf`); this draws them. A picture reportlab cannot
draw (a PDF receipt, a damaged image) is named by its caption and a line saying it is
kept apart.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.pagesizes import A4  # type: ignore[import-untyped]
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.lib.utils import ImageReader  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from postalgui.documents.barcodes import draw_code128
from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.pages import MARGIN
from postalgui.documents.text import fit

__all__ = ["ProofDocument", "ProofPage", "ProofPicture", "delivery_proof_pdf"]

_LINE = 6.2 * mm
_LABEL_WIDTH = 42 * mm
_GAP = 6 * mm
_CAPTION = 5 * mm
_GREY = colors.HexColor("#e8edf3")


@dataclass(frozen=True)
class ProofPicture:
    """A picture of a proof: its bytes, its caption, and whether it is an image reportlab draws."""

    data: bytes = field(repr=False)
    caption: str
    drawable: bool = True


@dataclass(frozen=True)
class ProofPage:
    """One object's page, every line in words: ``lines`` are (label, value) pairs."""

    code: str
    lines: Sequence[tuple[str, str]]
    pictures: Sequence[ProofPicture]
    foot: str
    """``"Obtido por ana.souza em 20/11/2026 14:03"``."""


@dataclass(frozen=True)
class ProofDocument:
    """The document in words: ``page`` is the foot's ``{page}``/``{pages}`` pattern;
    ``no_pictures`` and ``kept_apart`` say what a page without a picture, or a picture
    not drawn, shows instead."""

    title: str
    page: str
    no_pictures: str
    kept_apart: str
    pages: Sequence[ProofPage]


def _head(canvas: Canvas, title: str, code: str, top: float, width: float) -> float:
    """Title, code as text and barcode; answers where the next line starts."""
    canvas.setFont(BOLD, 16)
    canvas.drawString(MARGIN, top - 6 * mm, title)
    canvas.setFont(BOLD, 13)
    canvas.drawString(MARGIN, top - 14 * mm, code)
    bar_height = 14 * mm
    draw_code128(
        canvas, code, left=MARGIN, bottom=top - 32 * mm, width=min(80 * mm, width), height=bar_height,
        module=0.4 * mm,
    )  # fmt: skip
    return float(top - 38 * mm)


def _lines(canvas: Canvas, lines: Sequence[tuple[str, str]], top: float, width: float) -> float:
    y = top
    for label, value in lines:
        canvas.setFont(BOLD, 10)
        canvas.drawString(MARGIN, y, fit(label, _LABEL_WIDTH - 2 * mm, 10, BOLD))
        canvas.setFont(FONT, 10)
        canvas.drawString(MARGIN + _LABEL_WIDTH, y, fit(value, width - _LABEL_WIDTH, 10))
        y -= _LINE
    canvas.setStrokeColor(colors.grey)
    canvas.setLineWidth(0.5)
    canvas.line(MARGIN, y + 2 * mm, MARGIN + width, y + 2 * mm)
    return float(y - 4 * mm)


def _picture(
    canvas: Canvas, picture: ProofPicture, box: tuple[float, float, float, float], kept_apart: str
) -> None:
    """``picture`` scaled to fit ``box`` (left, bottom, width, height), its caption above."""
    left, bottom, width, height = box
    canvas.setFont(BOLD, 9)
    canvas.drawString(left, bottom + height - 3.5 * mm, fit(picture.caption, width, 9, BOLD))
    room = height - _CAPTION
    reader = None
    if picture.drawable:
        try:
            reader = ImageReader(io.BytesIO(picture.data))
            size = reader.getSize()
        except Exception:  # noqa: BLE001  # an image the operator sent damaged is shown as kept apart
            reader = None
    if reader is None:
        canvas.setFillColor(_GREY)
        canvas.rect(left, bottom + room - 14 * mm, width, 14 * mm, stroke=0, fill=1)
        canvas.setFillColor(colors.black)
        canvas.setFont(FONT, 9)
        canvas.drawString(left + 2 * mm, bottom + room - 8 * mm, fit(kept_apart, width - 4 * mm, 9))
        return
    scale = min(width / size[0], room / size[1])
    shown = (size[0] * scale, size[1] * scale)
    canvas.drawImage(reader, left, bottom + room - shown[1], shown[0], shown[1])
    canvas.setStrokeColor(colors.grey)
    canvas.setLineWidth(0.3)
    canvas.rect(left, bottom + room - shown[1], shown[0], shown[1])


def _pictures(canvas: Canvas, page: ProofPage, document: ProofDocument, top: float, width: float) -> None:
    """The page's pictures in the room between ``top`` and the foot, two a row."""
    bottom = 18 * mm
    if not page.pictures:
        canvas.setFont(FONT, 10)
        canvas.drawString(MARGIN, top - 4 * mm, document.no_pictures)
        return
    count = len(page.pictures)
    columns = 1 if count == 1 else 2
    rows = (count + columns - 1) // columns
    cell_width = (width - (columns - 1) * _GAP) / columns
    cell_height = (top - bottom - (rows - 1) * _GAP) / rows
    for index, picture in enumerate(page.pictures):
        row, column = divmod(index, columns)
        left = MARGIN + column * (cell_width + _GAP)
        cell_bottom = top - (row + 1) * cell_height - row * _GAP
        _picture(canvas, picture, (left, cell_bottom, cell_width, cell_height), document.kept_apart)


def delivery_proof_pdf(document: ProofDocument) -> bytes:
    """The document's PDF: one page per object."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4)
    canvas.setTitle(document.title)
    width, height = A4
    text_width = width - 2 * MARGIN
    total = len(document.pages)
    for number, page in enumerate(document.pages, start=1):
        top = _head(canvas, document.title, page.code, height - MARGIN, text_width)
        top = _lines(canvas, page.lines, top, text_width)
        _pictures(canvas, page, document, top, text_width)
        canvas.setFont(FONT, 8)
        canvas.setFillColor(colors.black)
        canvas.drawString(MARGIN, 8 * mm, fit(page.foot, text_width - 40 * mm, 8))
        canvas.drawRightString(width - MARGIN, 8 * mm, document.page.format(page=number, pages=total))
        canvas.showPage()
    if not document.pages:
        canvas.setFont(FONT, 10)
        canvas.drawString(MARGIN, height - MARGIN - 6 * mm, document.title)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
