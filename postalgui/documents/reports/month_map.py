"""The monthly report's map: the 27 states shaded by a value (parcels sent there), from
plain rings, as a reportlab `Drawing`.

One hue from light to dark (`palette.ramp`), so the order reads in grey print too; a state
with nothing is left blank. Each state carries its abbreviation, inside it when it fits,
else beside the map with a leader line (the small states of the coast and the Federal
District). The rings are Web Mercator world coordinates (``y`` grows southwards, as
`services.geo.outlines` gives them); the drawing fits them to its box.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.graphics.shapes import Drawing, Line, Polygon, Rect, String  # type: ignore[import-untyped]
from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.pdfbase.pdfmetrics import stringWidth  # type: ignore[import-untyped]

from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.palette import NO_DATA, ramp
from postalgui.documents.reports.month_charts import LABEL_SIZE, TITLE_SIZE
from postalgui.documents.text import fit

__all__ = ["MapState", "StateMap", "map_drawing"]

Ring = tuple[tuple[float, float], ...]

_UF_SIZE = 6
_CALLOUT_ROOM = 30.0
_LEGEND_ROOM = 22.0
_RAMP_STEPS = 24


@dataclass(frozen=True)
class MapState:
    """A state: its abbreviation, its rings and its value (``None``: nothing to show)."""

    uf: str
    rings: tuple[Ring, ...]
    value: float | None = None


@dataclass(frozen=True)
class StateMap:
    """The map in words: its title, the states, the legend's ends (``"0"``, ``"1.234
    objetos"``), the blank states' words and what it says when no state has a value."""

    title: str
    states: tuple[MapState, ...]
    low: str = ""
    high: str = ""
    no_data: str = ""
    empty: str = ""


@dataclass(frozen=True)
class _Fit:
    """World coordinates to the drawing's points."""

    left: float
    top: float
    scale: float
    x: float
    y: float

    def point(self, wx: float, wy: float) -> tuple[float, float]:
        return self.x + (wx - self.left) * self.scale, self.y - (wy - self.top) * self.scale


def _fit(states: Sequence[MapState], x: float, y: float, width: float, height: float) -> _Fit:
    xs = [px for state in states for ring in state.rings for px, _ in ring]
    ys = [py for state in states for ring in state.rings for _, py in ring]
    left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
    scale = min(width / max(right - left, 1e-9), height / max(bottom - top, 1e-9))
    spare = width - (right - left) * scale
    return _Fit(left, top, scale, x + spare / 2, y + height)


def _area(ring: Sequence[tuple[float, float]]) -> float:
    return (
        abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, [*ring[1:], ring[0]], strict=True))) / 2
    )


def _centre(ring: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The ring's centroid (its vertices' mean when it has no area)."""
    twice = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(ring, [*ring[1:], ring[0]], strict=True):
        cross = x0 * y1 - x1 * y0
        twice += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(twice) < 1e-12:
        return sum(x for x, _ in ring) / len(ring), sum(y for _, y in ring) / len(ring)
    return cx / (3 * twice), cy / (3 * twice)


def _inside(x: float, y: float, ring: Sequence[tuple[float, float]]) -> bool:
    """Whether the point is inside the ring (even-odd rule)."""
    inside = False
    for (x0, y0), (x1, y1) in zip(ring, [*ring[1:], ring[0]], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _fits(ring: Sequence[tuple[float, float]], label: str, x: float, y: float) -> bool:
    """Whether the abbreviation's box, with a margin, centred on ``(x, y)``, lies inside the ring."""
    half_wide = stringWidth(label, BOLD, _UF_SIZE) / 2 + 1.5
    half_tall = _UF_SIZE / 2 + 1.5
    corners = [(x + dx, y + dy) for dx in (-half_wide, 0, half_wide) for dy in (-half_tall, half_tall)]
    return all(_inside(cx, cy, ring) for cx, cy in corners)


def _spots(ring: Sequence[tuple[float, float]], cx: float, cy: float) -> list[tuple[float, float]]:
    """Where a label may go, best first: the centroid, the box's centre, a little either side."""
    xs, ys = [x for x, _ in ring], [y for _, y in ring]
    middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    wide, tall = (max(xs) - min(xs)) / 5, (max(ys) - min(ys)) / 5
    return [(cx, cy), middle, (cx - wide, cy), (cx + wide, cy), (cx, cy - tall), (cx, cy + tall)]


def _states(drawing: Drawing, shaded: StateMap, fit: _Fit) -> list[tuple[str, float, float]]:
    """Each state drawn and labelled; the ones too small for their label returned with their centre."""
    highest = max((state.value or 0.0 for state in shaded.states), default=0.0) or 1.0
    outside: list[tuple[str, float, float]] = []
    for state in shaded.states:
        share = None if state.value is None else state.value / highest
        fill = colors.HexColor(NO_DATA if share is None else ramp(share))
        projected = [[fit.point(x, y) for x, y in ring] for ring in state.rings]
        for ring in projected:
            points = [value for point in ring for value in point]
            drawing.add(
                Polygon(points, fillColor=fill, strokeColor=colors.HexColor("#555555"), strokeWidth=0.35)
            )
        largest = max(projected, key=_area)
        cx, cy = _centre(largest)
        spot = next((point for point in _spots(largest, cx, cy) if _fits(largest, state.uf, *point)), None)
        if spot is not None:
            cx, cy = spot
            ink = colors.white if share is not None and share > 0.5 else colors.black
            drawing.add(
                String(
                    cx,
                    cy - _UF_SIZE / 3,
                    state.uf,
                    fontName=BOLD,
                    fontSize=_UF_SIZE,
                    fillColor=ink,
                    textAnchor="middle",
                )
            )
        else:
            outside.append((state.uf, cx, cy))
    return outside


def _callouts(drawing: Drawing, outside: list[tuple[str, float, float]], x: float, bottom: float) -> None:
    """The small states' labels in a column at ``x``, top to bottom as on the map, not overlapping."""
    gap = _UF_SIZE + 2.5
    ordered = sorted(outside, key=lambda item: -item[2])
    placed: list[float] = []
    for _uf, _cx, cy in ordered:
        placed.append(cy if not placed else min(cy, placed[-1] - gap))
    shift = max(0.0, bottom - placed[-1]) if placed else 0.0
    leader = colors.HexColor("#555555")
    for (uf, cx, cy), y in zip(ordered, placed, strict=True):
        drawing.add(Line(cx, cy, x - 2, y + shift + _UF_SIZE / 3, strokeColor=leader, strokeWidth=0.35))
        drawing.add(String(x, y + shift, uf, fontName=BOLD, fontSize=_UF_SIZE))


def _legend(drawing: Drawing, shaded: StateMap, width: float) -> None:
    """The ramp from its low end to its high one, and a blank swatch for "no data"."""
    ramp_width = min(120.0, width * 0.45)
    step = ramp_width / _RAMP_STEPS
    y = 8.0
    for index in range(_RAMP_STEPS):
        colour = colors.HexColor(ramp(index / (_RAMP_STEPS - 1)))
        drawing.add(Rect(index * step, y, step + 0.2, 7, fillColor=colour, strokeColor=None))
    drawing.add(Rect(0, y, ramp_width, 7, fillColor=None, strokeColor=colors.black, strokeWidth=0.3))
    drawing.add(String(0, 0, shaded.low, fontName=FONT, fontSize=LABEL_SIZE))
    drawing.add(String(ramp_width, 0, shaded.high, fontName=FONT, fontSize=LABEL_SIZE, textAnchor="end"))
    if shaded.no_data:
        left = ramp_width + 12
        drawing.add(
            Rect(left, y, 7, 7, fillColor=colors.HexColor(NO_DATA), strokeColor=colors.black, strokeWidth=0.3)
        )
        text = fit(shaded.no_data, width - left - 10, LABEL_SIZE)
        drawing.add(String(left + 10, y + 1, text, fontName=FONT, fontSize=LABEL_SIZE))


def map_drawing(shaded: StateMap, width: float, height: float) -> Drawing:
    """The map in a ``width`` x ``height`` box: title on top, legend below, labels beside."""
    drawing = Drawing(width, height)
    drawing.add(
        String(
            0,
            height - TITLE_SIZE,
            fit(shaded.title, width, TITLE_SIZE, BOLD),
            fontName=BOLD,
            fontSize=TITLE_SIZE,
        )
    )
    if not shaded.states:
        drawing.add(
            String(width / 2, height / 2, shaded.empty, fontName=FONT, fontSize=9, textAnchor="middle")
        )
        return drawing
    box_height = height - TITLE_SIZE - 8 - _LEGEND_ROOM
    fit_ = _fit(shaded.states, 0, _LEGEND_ROOM, width - _CALLOUT_ROOM, box_height)
    outside = _states(drawing, shaded, fit_)
    right = max(fit_.point(x, 0)[0] for state in shaded.states for ring in state.rings for x, _ in ring)
    _callouts(drawing, outside, min(right + 10, width - 12), _LEGEND_ROOM)
    if any(state.value for state in shaded.states):
        _legend(drawing, shaded, width)
    else:  # a blank map, and why
        drawing.add(String(0, 8, fit(shaded.empty, width, 9), fontName=FONT, fontSize=9))
    return drawing
