"""`PositionOrder`: a big list's shown positions kept in its sort order, per keystroke.

A list filtered per keystroke (the branches, the tracked objects: 10,000 rows and more)
sorts every loaded row once per sort column (`sort_positions`), then keeps a
keystroke's rows in that order through a mask, a C loop: sorting the kept rows each time
cost 10 ms per keystroke with the whole country shown (bench_branch_filter).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt

__all__ = ["PositionOrder", "Sorting", "sort_positions"]

Sorting = tuple[int, Qt.SortOrder]
Key = Callable[[int, int], object]
"""``key(position, column)``: the native sort key, ``None`` when absent."""


def sort_positions(positions: Sequence[int] | range, sorting: Sorting, key: Key) -> list[int]:
    """``positions`` by ``key`` of the sorting's column; absent keys last in both directions."""
    column, order = sorting
    keys = {position: key(position, column) for position in positions}
    present = [position for position in positions if keys[position] is not None]
    missing = [position for position in positions if keys[position] is None]
    descending = order == Qt.SortOrder.DescendingOrder
    try:
        present.sort(key=lambda position: keys[position], reverse=descending)  # type: ignore[arg-type,return-value]  # keys of one column compare
    except TypeError:  # mixed kinds in one column: order by text, never fail a view
        present.sort(key=lambda position: str(keys[position]), reverse=descending)
    return present + missing


class PositionOrder:
    """The full order of ``size`` positions for one sorting, worked out when first needed."""

    def __init__(self) -> None:
        self._full: tuple[Sorting, list[int]] | None = None

    def clear(self) -> None:
        """The keys changed (a new set, the clock, distances): sort again when asked."""
        self._full = None

    def ordered(self, rows: Sequence[int] | range, size: int, sorting: Sorting | None, key: Key) -> list[int]:
        """``rows`` (positions below ``size``) in ``sorting``'s order (as given without one)."""
        kept = list(rows)
        if sorting is None or len(kept) < 2:
            return kept
        if self._full is None or self._full[0] != sorting:
            self._full = (sorting, sort_positions(range(size), sorting, key))
        full = self._full[1]
        if len(kept) == len(full):
            return list(full)
        mask = bytearray(size)
        for position in kept:
            mask[position] = 1
        return list(itertools.compress(full, map(mask.__getitem__, full)))
