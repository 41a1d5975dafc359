"""`ReadBack`: the quote history's rows made into `HistoryEntry`s once, kept by the row's ``uid``.

A search per keystroke reads back mostly the quotes the last one showed (newest first):
making an entry validates its query and response JSON through pydantic, about 60 µs a
quote, 30 ms for a page of 500 and most of a keystroke's time (bench_history_view). A
stored quote never changes (its ``uid`` names one row's content on every desk and server),
only the deadline joined to it may arrive later, so an entry is kept with the deadline's
text it was made with and made again when that differs.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from postalgui.services.price.history_rows import HistoryEntry, entry_from_row

__all__ = ["KEPT", "ReadBack"]

log = logging.getLogger(__name__)

KEPT = 2_000
"""Entries kept, the least recently read dropped first: four pages of a search, a few MB."""


class ReadBack:
    """Entries of ``quote`` rows (joined with the deadline's ``outcome``), made once per row.

    Thread-safe: searches run on workers.
    """

    def __init__(self, kept: int = KEPT) -> None:
        self._size = kept
        self._kept: OrderedDict[str, tuple[str | None, HistoryEntry]] = OrderedDict()
        self._lock = threading.Lock()

    def entries(self, rows: Sequence[Mapping[str, Any]]) -> list[HistoryEntry]:
        """The rows' entries, in order; a row that cannot be read back is left out (logged)."""
        with self._lock:
            known = [self._known(row) for row in rows]
        made: list[tuple[str, str | None, HistoryEntry]] = []
        entries: list[HistoryEntry] = []
        for row, entry in zip(rows, known, strict=True):
            if entry is None:
                try:
                    entry = entry_from_row(row)
                except (ValidationError, ValueError) as exc:
                    log.warning("Quote %s in the history could not be read back: %s", row["id"], exc)
                    continue
                made.append((row["uid"], row["outcome"], entry))
            entries.append(entry)
        if made:
            with self._lock:
                for uid, outcome, entry in made:
                    self._kept[uid] = (outcome, entry)
                    self._kept.move_to_end(uid)
                while len(self._kept) > self._size:
                    self._kept.popitem(last=False)
        return entries

    def _known(self, row: Mapping[str, Any]) -> HistoryEntry | None:
        uid = row["uid"]
        found = self._kept.get(uid)
        if found is None or found[0] != row["outcome"]:
            return None
        self._kept.move_to_end(uid)
        return found[1]
