"""Many labels in one PDF, in the layouts offices print: A4 with four, thermal 100x150 and 100x80, A4 one.

Speed (1,000 thermal labels in well under 3 s, `tests/benchmarks/bench_labels.py`): what
every label repeats (frames, headings, signature lines) is drawn once into a PDF form
and placed per label, and so is each sender logo (one image however many labels carry
it); the barcodes are one path each (`postalgui.documents.barcodes`); the page streams
are left uncompressed, which costs a larger file and saves the zlib pass (measured in
the benchmark's docstring).
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from reportlab.lib.pagesizes import A4  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.utils import ImageReader  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from postalgui.documents.reports.labels import compact, full
from postalgui.documents.reports.labels.data import LabelData, Layout
from postalgui.documents.reports.labels.datamatrix import datamatrix_text
from postalgui.documents.reports.labels.pen import Pen, mm

__all__ = ["RenderCancelled", "render_labels"]

Draw = Callable[[Pen, LabelData, str, "str | None"], None]


class RenderCancelled(Exception):  # noqa: N818  # a user decision, not an error
    """The caller's ``cancelled()`` said stop: no PDF."""


@dataclass(frozen=True)
class _Sheet:
    """A layout: page size, the label drawing and where each label of a page has its top left corner."""

    page: tuple[float, float]
    furniture: Callable[[Pen], None]
    contents: Draw
    size: tuple[float, float]
    slots: tuple[tuple[float, float], ...]
    """(left, top) of each label in mm from the page's top left, in filling order."""
    cut_marks: bool = False


_THERMAL_150 = (100 * mm, 150 * mm)
_THERMAL_80 = (100 * mm, 80 * mm)
_A4_SLOTS = ((2.5, 4.25), (107.5, 4.25), (2.5, 152.75), (107.5, 152.75))
_SHEETS = {
    Layout.THERMAL_100x150: _Sheet(_THERMAL_150, full.furniture, full.contents, (100, 150), ((0, 0),)),
    Layout.THERMAL_100x80: _Sheet(_THERMAL_80, compact.furniture, compact.contents, (100, 80), ((0, 0),)),
    Layout.A4_FOUR: _Sheet(A4, full.furniture, full.contents, (100, full.HEIGHT), _A4_SLOTS, cut_marks=True),
    Layout.A4_ONE: _Sheet(A4, full.furniture, full.contents, (100, 150), ((55, 10),), cut_marks=True),
}  # fmt: skip


def _furniture_form(canvas: Canvas, sheet: _Sheet) -> str:
    width, height = sheet.size
    canvas.beginForm("furniture", lowerx=0, lowery=0, upperx=width * mm, uppery=height * mm)
    sheet.furniture(Pen(canvas, 0, height * mm))
    canvas.endForm()
    return "furniture"


def _logo_form(canvas: Canvas, logo: bytes, forms: dict[bytes, str]) -> str:
    """The form that draws ``logo`` in the logo box, made on first use; fitted, aspect kept."""
    name = forms.get(logo)
    if name is None:
        name = f"logo{hashlib.sha1(logo, usedforsecurity=False).hexdigest()[:12]}"
        side = 24 * mm
        canvas.beginForm(name, lowerx=0, lowery=0, upperx=side, uppery=side)
        image = ImageReader(io.BytesIO(logo))
        canvas.drawImage(image, 0, 0, side, side, preserveAspectRatio=True, anchor="c", mask="auto")
        canvas.endForm()
        forms[logo] = name
    return name


def _cut_marks(canvas: Canvas, sheet: _Sheet, used: int) -> None:
    """Thin dashed frames around the labels of an A4 page, for the scissors."""
    canvas.saveState()
    canvas.setDash(2, 2)
    canvas.setLineWidth(0.3)
    canvas.setStrokeGray(0.6)
    width, height = sheet.size
    for left, top in sheet.slots[:used]:
        canvas.rect(left * mm, sheet.page[1] - (top + height) * mm, width * mm, height * mm)
    canvas.restoreState()


def _pages(labels: Sequence[LabelData], per_page: int) -> Iterator[Sequence[LabelData]]:
    for start in range(0, len(labels), per_page):
        yield labels[start : start + per_page]


def render_labels(
    labels: Sequence[LabelData],
    layout: Layout,
    *,
    progress: Callable[[int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> bytes:
    """One PDF of ``labels`` in ``layout``; ``progress(done)`` after each label, `RenderCancelled` when
    ``cancelled()`` says so (checked before each label)."""
    sheet = _SHEETS[Layout(layout)]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=sheet.page, pageCompression=0, title="Etiquetas")
    furniture = _furniture_form(canvas, sheet)
    logos: dict[bytes, str] = {}
    done = 0
    for page in _pages(labels, len(sheet.slots)):
        if sheet.cut_marks:
            _cut_marks(canvas, sheet, len(page))
        for label, (left, top) in zip(page, sheet.slots, strict=False):
            if cancelled is not None and cancelled():
                raise RenderCancelled
            pen = Pen(canvas, left * mm, sheet.page[1] - top * mm)
            canvas.saveState()
            canvas.translate(pen.left, pen.top - sheet.size[1] * mm)
            canvas.doForm(furniture)
            canvas.restoreState()
            logo = _logo_form(canvas, label.sender_logo, logos) if label.sender_logo else None
            sheet.contents(pen, label, datamatrix_text(label), logo)
            done += 1
            if progress is not None:
                progress(done)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
