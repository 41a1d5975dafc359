"""The Overview's colours, shared by the window's charts and the monthly PDF so a service or
an arrival has one colour wherever a manager sees it.

Services take the Okabe-Ito palette in order (safe for the common colour blindnesses);
arrivals have fixed colours, late the warm one (drawn with a pattern too: grey print and a
reader who cannot tell the hues apart still find it); the map shades one hue from light to
dark, so its order survives grey print. Plain ``#RRGGBB`` strings: Qt-free, reportlab-free.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = [
    "ARRIVAL_COLOURS",
    "MAP_HIGH",
    "MAP_LOW",
    "NOT_ITEMIZED_COLOUR",
    "NO_DATA",
    "OTHER_SERVICES_COLOUR",
    "SERVICE_COLOURS",
    "ramp",
    "service_colour",
]

SERVICE_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
"""Okabe-Ito, in the order services are ranked (the biggest first)."""

ARRIVAL_COLOURS: Mapping[str, str] = MappingProxyType(
    {
        "on_time": "#0072B2",
        "waiting": "#56B4E9",
        "late": "#D55E00",
        "lost": "#000000",
        "other": "#BBBBBB",
        "unknown": "#E5E5E5",
    }
)
"""By `Arrival` value (a ``StrEnum``: ``ARRIVAL_COLOURS[Arrival.LATE]`` works)."""

NOT_ITEMIZED_COLOUR = "#BBBBBB"
"""An invoice's amount without its analytic statement: grey (and hatched in print), no service's."""
OTHER_SERVICES_COLOUR = "#F0E442"
"""The services past the biggest few, summed in one part."""

MAP_LOW = "#DEEBF7"
MAP_HIGH = "#08306B"
NO_DATA = "#FFFFFF"
"""A state with nothing to show: blank, outlined."""


def service_colour(index: int) -> str:
    """The colour of the ``index``-th service (0 the biggest); the palette repeats past eight."""
    return SERVICE_COLOURS[index % len(SERVICE_COLOURS)]


def _channels(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def ramp(share: float) -> str:
    """The map's shade of ``share`` (0 the lightest, 1 the darkest; clamped)."""
    share = min(1.0, max(0.0, share))
    low, high = _channels(MAP_LOW), _channels(MAP_HIGH)
    red, green, blue = (round(a + (b - a) * share) for a, b in zip(low, high, strict=True))
    return f"#{red:02X}{green:02X}{blue:02X}"
