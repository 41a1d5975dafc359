"""Web Mercator (EPSG:3857) as map tiles use it: longitude/latitude to "world pixels".

The world at zoom 0 is a square of `WORLD` (256) units, x growing east from longitude
-180, y growing south from latitude 85.05; at zoom ``z`` a pixel of the screen is
``2**-z`` of those units, and tile ``(x, y)`` covers ``256 / 2**z`` units from
``(x, y) * 256 / 2**z``. The map's scene is this square, so the view's scale *is* the
zoom (``scale = 2**z``) and tiles, points and outlines all share one coordinate system.
"""

from __future__ import annotations

import math

__all__ = [
    "MAX_LATITUDE",
    "WORLD",
    "lonlat",
    "project",
    "tile_range",
    "zoom_for_scale",
]

WORLD = 256.0
MAX_LATITUDE = 85.0511287798
"""Where Web Mercator stops (the square world): latitudes beyond are clamped."""


def project(lon: float, lat: float) -> tuple[float, float]:
    """World coordinates of a longitude and latitude (degrees)."""
    lat = max(-MAX_LATITUDE, min(MAX_LATITUDE, lat))
    x = (lon + 180.0) / 360.0 * WORLD
    phi = math.radians(lat)
    y = (1.0 - math.log(math.tan(phi) + 1.0 / math.cos(phi)) / math.pi) / 2.0 * WORLD
    return x, y


def lonlat(x: float, y: float) -> tuple[float, float]:
    """Longitude and latitude of world coordinates (the inverse of `project`)."""
    lon = x / WORLD * 360.0 - 180.0
    n = math.pi * (1.0 - 2.0 * y / WORLD)
    return lon, math.degrees(math.atan(math.sinh(n)))


def zoom_for_scale(scale: float) -> float:
    """The zoom level whose pixels the view's ``scale`` shows (``2**z = scale``)."""
    return math.log2(max(scale, 1e-9))


def tile_range(left: float, top: float, right: float, bottom: float, zoom: int) -> list[tuple[int, int]]:
    """The tiles of level ``zoom`` that cover a world rectangle, row by row."""
    count = 2**zoom
    size = WORLD / count
    first_x, last_x = max(0, int(left // size)), min(count - 1, int(right // size))
    first_y, last_y = max(0, int(top // size)), min(count - 1, int(bottom // size))
    return [(x, y) for y in range(first_y, last_y + 1) for x in range(first_x, last_x + 1)]
