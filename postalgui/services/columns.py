"""Rows of a big list kept as columns: sorted, filtered and searched with C loops, not comparisons.

Shared by the features (the invoice's analytic items use it; the branches list will): a list is
a set of `Column`s over row numbers ``0..n-1``; an order is an ``array`` of rows (a
sort permutation, worked out once on a worker); a filter is an ``array`` of rows
in file order; a search is words looked up in one folded text per row.

Why columns and arrays, measured on 100,000 rows: the GUI thread must never stall more
than 50 ms. A worker holds the interpreter lock through any single C call (a
``sorted`` of 100,000 strings: 30-70 ms), so work on a worker comes in steps of
`STEP` rows; 100,000 Python objects cost each garbage collection of their generation
about 100 ms, so rows are codes in arrays the collector never walks.
"""

from __future__ import annotations

import itertools
from array import array
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from operator import contains
from typing import Any

STEP = 8192
"""Rows per step of work that runs in C on a worker (a sort, a copy, a free): short
steps let the GUI thread take the interpreter lock between them."""

ROWS = "I"
"""Array type code of row numbers (unsigned int: 4 bytes, no Python objects)."""


class Column:
    """One field of every item, stored so the garbage collector never walks it.

    With few distinct values (cards, services, dates, most amounts), ``values`` holds
    them sorted and ``codes[row]`` (an ``array``: no Python objects) the position of a
    row's value, so codes order rows as the values do. With many (labels, CEPs),
    ``values`` holds one value per row and ``codes`` is ``None``.

    Why: 100,000 `AnalyticItem` objects cost every garbage collection of their
    generation about 100 ms, on the GUI thread; plain tuples of 100,000 strings cost
    the first collection after a load about 60 ms for a statement's columns. Arrays
    cost nothing, and the few tuples left are walked once and then untracked.
    """

    __slots__ = ("codes", "values")

    def __init__(self, values: tuple[Any, ...], codes: array[int] | None = None) -> None:
        self.values = values
        self.codes = codes

    def __len__(self) -> int:
        return len(self.values) if self.codes is None else len(self.codes)

    def __getitem__(self, row: int) -> Any:
        return self.values[row] if self.codes is None else self.values[self.codes[row]]

    def take(self, rows: Iterable[int]) -> list[Any]:
        """The values of these rows (a C loop: for blocks of rows)."""
        if self.codes is None:
            return list(map(self.values.__getitem__, rows))
        return list(map(self.values.__getitem__, map(self.codes.__getitem__, rows)))


def encode(values: Sequence[Any], *, key: Callable[[Any], Any] | None = None, force: bool = False) -> Column:
    """A `Column` of these values; coded when few are distinct (or ``force``)."""
    distinct: set[Any] = set()
    for start in range(0, len(values), STEP):
        distinct.update(values[start : start + STEP])
    if not force and len(distinct) > max(256, len(values) // 4):
        return Column(tuple(values))
    ordered = tuple(sorted(distinct, key=key))
    position = {value: place for place, value in enumerate(ordered)}
    codes = array(ROWS)
    for start in range(0, len(values), STEP):
        codes.extend(map(position.__getitem__, values[start : start + STEP]))
    return Column(ordered, codes)


def sorted_rows(rows: Sequence[int], keys: Sequence[Any]) -> array[int]:
    """``rows`` stably sorted by ``keys[row]``, in steps that never hold the GIL long.

    One ``sorted`` of 100,000 strings runs 30-70 ms in C without releasing the
    interpreter lock, so the GUI thread waits that long. Blocks of `STEP` rows are
    sorted, then merged two by two (`merge_runs`), every step a few milliseconds.
    """
    key = keys.__getitem__
    runs = [sorted(rows[start : start + STEP], key=key) for start in range(0, len(rows), STEP)]
    while len(runs) > 1:
        runs = [
            merge_runs(runs[position], runs[position + 1], key)
            if position + 1 < len(runs)
            else runs[position]
            for position in range(0, len(runs), 2)
        ]
    return array(ROWS, runs[0] if runs else ())


def merge_runs(first: list[int], second: list[int], key: Callable[[int], Any]) -> list[int]:
    """Two sorted runs as one, ``first``'s rows before ``second``'s on equal keys.

    Cut at a value at most `STEP` rows ahead in either run, so each ``sorted`` (of two
    runs: a single merge in C) takes at most 2 * `STEP` rows.
    """
    merged: list[int] = []
    i = j = 0
    while True:
        cuts = [key(run[at + STEP]) for run, at in ((first, i), (second, j)) if at + STEP < len(run)]
        if not cuts:
            merged.extend(sorted(first[i:] + second[j:], key=key))
            return merged
        cut = min(cuts)
        next_i = bisect_left(first, cut, lo=i, key=key)
        next_j = bisect_left(second, cut, lo=j, key=key)
        if next_i == i and next_j == j:  # both runs start at the cut value: its rows, first's first
            next_i = bisect_right(first, cut, lo=i, key=key)
            next_j = bisect_right(second, cut, lo=j, key=key)
            merged.extend(first[i:next_i])
            merged.extend(second[j:next_j])
        else:
            merged.extend(sorted(first[i:next_i] + second[j:next_j], key=key))
        i, j = next_i, next_j


def rows_by_code(codes: array[int], count: int) -> list[array[int]]:
    """The rows of each code, in file order (a counting sort)."""
    if count <= 8:  # a C pass per code
        return [
            array(ROWS, itertools.compress(range(len(codes)), map(code.__eq__, codes)))
            for code in range(count)
        ]
    buckets = [array(ROWS) for _ in range(count)]
    for row, code in enumerate(codes):
        buckets[code].append(row)
    return buckets


def joined(parts: Iterable[array[int]]) -> array[int]:
    joined = array(ROWS)
    for part in parts:
        joined.extend(part)
    return joined


def free_in_steps(values: list[Any]) -> None:
    """Empty a big list in steps (freeing 100,000 objects at once holds the GIL ~25 ms)."""
    while values:
        del values[-STEP:]


def ordered_rows(
    order: array[int], present: int, *, descending: bool = False, subset: Sequence[int] | None = None
) -> array[int]:
    """The rows of a sort permutation (``order``: every row ascending), as shown.

    ``present`` rows of ``order`` have a value; the others (at its end) stay last
    either way. With ``subset``, only its rows are kept (a byte mask: C passes only).
    """
    if descending:
        order = order[present - 1 :: -1] + order[present:] if present else order
    if subset is None:
        return array(ROWS, order)
    mask = bytearray(len(order))
    deque(map(mask.__setitem__, subset, itertools.repeat(1)), maxlen=0)
    return array(ROWS, itertools.compress(order, map(mask.__getitem__, order)))


def word_filter(search: Sequence[str], text: str, rows: Sequence[int] | None = None) -> Sequence[int] | None:
    """The rows (of ``rows``, default every one) whose folded ``search`` text holds every word.

    ``search`` is one case-folded text per row; ``None`` when ``text`` has no word and
    ``rows`` is ``None`` (nothing filters). C loops: ``contains`` over the texts.
    """
    chosen = rows
    for word in text.casefold().split():
        if chosen is None:
            chosen = array(
                ROWS, itertools.compress(range(len(search)), map(contains, search, itertools.repeat(word)))
            )
        else:
            found = map(contains, map(search.__getitem__, chosen), itertools.repeat(word))
            chosen = array(ROWS, itertools.compress(chosen, found))
    return chosen
