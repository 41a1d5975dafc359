"""Fitting a label's texts into their boxes: shrink first, then wrap, never run over.

A label's boxes are fixed (the sorting machines and the clerk look in the same place on
every label), while names and streets are as long as customers make them. A block is a
few items (the name, the street, the district, the CEP line), each with its font, its
size and how many lines it may take. `fit_block` gives each item the largest of
`_SCALES` at which it wraps within its lines (so a long street does not shrink a short
name), then makes the whole block smaller in the same steps until it fits its height,
never below `_SMALLEST` of an item's size. Whatever still does not fit there is cut
with "..." (`postalgui.documents.text.fit`), or its last lines dropped, so a text may
lose its end but never leaves its box.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit  # type: ignore[import-untyped]  # reportlab ships no type hints

from postalgui.documents.text import fit

__all__ = ["LEADING", "Item", "Line", "fit_block"]

LEADING = 1.18
"""Line height over font size: tight enough for a label, loose enough that accents clear the line above."""
_SCALES = (1.0, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6)
_SMALLEST = _SCALES[-1]


@dataclass(frozen=True)
class Item:
    """A text of a block: its font, its size at full scale and the lines it may wrap into."""

    text: str
    font: str
    size: float
    max_lines: int = 1


@dataclass(frozen=True)
class Line:
    """A line to draw: its text, font and size, and its baseline below the block's top (points)."""

    text: str
    font: str
    size: float
    baseline: float


def _wrapped(item: Item, width: float, size: float, *, cut: bool) -> list[str] | None:
    """``item`` in at most its lines at ``size``; None when it needs more (or, with ``cut``, cut to fit)."""
    lines = simpleSplit(item.text, item.font, size, width) or [""]
    if len(lines) > item.max_lines:
        if not cut:
            return None
        lines = [*lines[: item.max_lines - 1], " ".join(lines[item.max_lines - 1 :])]
    if not cut and any(fit(line, width, size, item.font) != line for line in lines):
        return None  # one word wider than the box: a smaller size may hold it
    return [fit(line, width, size, item.font) for line in lines]


def _own_scale(item: Item, width: float) -> float:
    """The largest scale at which ``item`` wraps within its lines, words whole; the smallest if none."""
    for scale in _SCALES:
        if _wrapped(item, width, item.size * scale, cut=False) is not None:
            return scale
    return _SMALLEST


def _laid_out(items: Sequence[Item], scales: Sequence[float], width: float) -> list[Line]:
    drawn: list[Line] = []
    top = 0.0
    for item, scale in zip(items, scales, strict=True):
        size = item.size * scale
        for text in _wrapped(item, width, size, cut=True) or []:
            drawn.append(Line(text, item.font, size, top + size))
            top += size * LEADING
    return drawn


def _height(lines: Sequence[Line]) -> float:
    return lines[-1].baseline + lines[-1].size * (LEADING - 1) if lines else 0.0


def fit_block(items: Sequence[Item], width: float, height: float) -> list[Line]:
    """The lines of ``items`` laid out ``width`` wide within ``height``: each item at the largest
    scale at which it keeps to its lines, then all smaller together until the block fits."""
    items = [item for item in items if item.text]
    own = [_own_scale(item, width) for item in items]
    lines: list[Line] = []
    for factor in _SCALES:
        lines = _laid_out(items, [max(scale * factor, _SMALLEST) for scale in own], width)
        if _height(lines) <= height:
            return lines
    return [line for line in lines if line.baseline + line.size * (LEADING - 1) <= height]
