"""The Overview's colours, shared by the window's charts and the monthly PDF: one list, so
the screen and the paper never disagree on what blue means.

Okabe and Ito's eight colours (2008) stay apart for the common colour-blind readers; the
services take them in this order. Arrivals keep their own: on time blue, waiting sky
blue, late vermillion (drawn with a diagonal pattern, so it reads in grey print and
without colour), lost black, anything else light grey. The map shades one hue, light to
dark blue (`STATE_RAMP`), which stays in order in grey. Hex strings: Qt-free, reportlab-free.
"""

from __future__ import annotations

__all__ = [
    "ARRIVAL_COLOURS",
    "GRID",
    "HATCHED_ARRIVALS",
    "NO_VALUE",
    "OTHER",
    "SERVICE_COLOURS",
    "STATE_RAMP",
    "TEXT_GREY",
    "service_colour",
]

SERVICE_COLOURS: tuple[str, ...] = (
    "#0072B2",  # blue
    "#E69F00",  # orange
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#56B4E9",  # sky blue
    "#D55E00",  # vermillion
    "#F0E442",  # yellow: drawn with an outline
    "#000000",  # black
)
OTHER = "#BBBBBB"
"""What no service colour names: other arrivals, an amount not itemized."""

ARRIVAL_COLOURS: dict[str, str] = {
    "on_time": "#0072B2",
    "waiting": "#56B4E9",
    "late": "#D55E00",
    "lost": "#000000",
    "other": OTHER,
    "unknown": "#E0E0E0",
}
"""By `Arrival` value (the records' words: ``"late"``)."""
HATCHED_ARRIVALS: frozenset[str] = frozenset({"late"})
"""Arrivals drawn with a diagonal pattern over their colour."""

STATE_RAMP: tuple[str, str] = ("#DEEBF7", "#08306B")
"""The map's lightest (least) and darkest (most) fill."""
NO_VALUE = "#F4F4F4"
"""A state with nothing in the period."""
TEXT_GREY = "#404040"
GRID = "#D9D9D9"


def service_colour(position: int) -> str:
    """The colour of the ``position``-th service shown (0-based), cycling after eight."""
    return SERVICE_COLOURS[position % len(SERVICE_COLOURS)]
