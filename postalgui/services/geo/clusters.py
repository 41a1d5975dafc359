"""Grid clustering of map points: 12,000 units readable at any zoom, and fast.

At zoom level ``z`` the world is cut in square cells of `CELL_PX` screen pixels
(``CELL_PX / 2**z`` world units); the points of a cell become one cluster drawn at
their mean position with their count, and a cell with one point draws the point. A
grid (not a distance-based merge) keeps a zoom step cheap and stable: a cluster splits
only into the clusters of its own cell one level down, never jumps.

`ClusterIndex` keeps, per level, each point's cell (computed once for all points, on
first use of the level); a filter only regroups the points still shown
(`ClusterIndex.clusters`), a plain dict fill over the visible rows: measured in
tests/benchmarks/bench_map.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["CELL_PX", "MAX_LEVEL", "Cluster", "ClusterIndex"]

CELL_PX = 56.0
"""A cell's side in screen pixels: big enough for a cluster's count to be read."""

NEAR = 0.75
"""Neighbour cells' clusters closer than this many cells are drawn as one."""

MAX_LEVEL = 20
"""Below this zoom every point is its own cluster (OpenStreetMap tiles stop at 19)."""


@dataclass(frozen=True, slots=True)
class Cluster:
    """Points of one cell: ``members`` are their positions in the point list."""

    x: float
    y: float
    members: tuple[int, ...]

    @property
    def count(self) -> int:
        return len(self.members)

    def bounds(self, xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float, float, float]:
        """The members' bounding box (left, top, right, bottom) in world units."""
        mx = [xs[i] for i in self.members]
        my = [ys[i] for i in self.members]
        return min(mx), min(my), max(mx), max(my)


class ClusterIndex:
    """The points of one set (world coordinates) and their clusters per zoom level."""

    def __init__(self, xs: Sequence[float], ys: Sequence[float]) -> None:
        self.xs = list(xs)
        self.ys = list(ys)
        self._cells: dict[int, list[int]] = {}
        self._clusters: dict[tuple[int, int, tuple[float, float, float, float] | None], list[Cluster]] = {}

    def __len__(self) -> int:
        return len(self.xs)

    def cells(self, level: int) -> list[int]:
        """Each point's cell at ``level`` as one integer (row * 2**24 + column)."""
        level = max(0, min(level, MAX_LEVEL))
        found = self._cells.get(level)
        if found is None:
            size = CELL_PX / 2.0**level
            found = [
                int(y // size) * 16_777_216 + int(x // size) for x, y in zip(self.xs, self.ys, strict=True)
            ]
            self._cells[level] = found
        return found

    def clusters(
        self,
        level: int,
        rows: Sequence[int] | None = None,
        *,
        generation: int = 0,
        area: tuple[float, float, float, float] | None = None,
    ) -> list[Cluster]:
        """The clusters of the points ``rows`` (default all) at ``level``, only those in
        ``area`` (left, top, right, bottom, world units) when given.

        ``generation`` names the set of rows: the answer is kept per (level, generation,
        area), so the caller bumps it whenever ``rows`` changes (a new filter). Deep in,
        where thousands of clusters exist but a screen shows a few, the caller passes the
        screen's surroundings as ``area`` (snapped, so a small pan reuses the answer).
        """
        key = (max(0, min(level, MAX_LEVEL)), generation, area)
        kept = self._clusters.get(key)
        if kept is not None:
            return kept
        cells = self.cells(level)
        chosen: Sequence[int] = range(len(self.xs)) if rows is None else rows
        if area is not None:
            left, top, right, bottom = area
            xs, ys = self.xs, self.ys
            chosen = [row for row in chosen if left <= xs[row] <= right and top <= ys[row] <= bottom]
        groups: dict[int, list[int]] = {}
        for row in chosen:
            cell = cells[row]
            group = groups.get(cell)
            if group is None:
                groups[cell] = [row]
            else:
                group.append(row)
        result = self._merged(groups, CELL_PX * NEAR / 2.0 ** key[0])
        if len(self._clusters) > 64:
            self._clusters.clear()
        self._clusters[key] = result
        return result

    def _merged(self, groups: dict[int, list[int]], near: float) -> list[Cluster]:
        """Clusters of the cells' groups, a group joined to a neighbour cell's when their
        centres are closer than ``near`` (two discs straddling a cell border would overlap)."""
        xs, ys = self.xs, self.ys
        sums = {
            cell: (sum(map(xs.__getitem__, group)), sum(map(ys.__getitem__, group)))
            for cell, group in groups.items()
        }
        owner: dict[int, int] = {}
        limit = near * near
        for cell in sorted(groups):
            home = owner.get(cell, cell)
            hx, hy = sums[home]
            hn = len(groups[home])
            for step in (1, 16_777_215, 16_777_216, 16_777_217):  # right, and the row below
                other = cell + step
                if other in groups and other not in owner:
                    ox, oy = sums[other]
                    on = len(groups[other])
                    if (ox / on - hx / hn) ** 2 + (oy / on - hy / hn) ** 2 < limit:
                        owner[other] = home
        if not owner:
            return [Cluster(sums[c][0] / len(g), sums[c][1] / len(g), tuple(g)) for c, g in groups.items()]
        joined: dict[int, list[int]] = {}
        for cell in groups:
            joined.setdefault(owner.get(cell, cell), []).append(cell)
        result = []
        for cells in joined.values():
            members = tuple(row for cell in cells for row in groups[cell])
            sx = sum(sums[cell][0] for cell in cells)
            sy = sum(sums[cell][1] for cell in cells)
            result.append(Cluster(sx / len(members), sy / len(members), members))
        return result
