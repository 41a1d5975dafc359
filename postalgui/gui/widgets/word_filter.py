"""Filtering big tables in C++: a status and every typed word, over one role of the first cell.

A Python ``filterAcceptsRow`` runs per row, and while background tasks hold the GIL
each call waits its turn; a regular expression of look-aheads over a prepared text
keeps filtering entirely inside Qt. A model puts `filter_key` on each row's first
cell under `FILTER_ROLE`; `WordFilterProxy` matches it.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QObject, QRegularExpression, QSortFilterProxyModel

from postalgui.gui.models.roles import FILTER_ROLE, SORT_ROLE, filter_key

__all__ = ["FILTER_ROLE", "SORT_ROLE", "WordFilterProxy", "filter_key"]

_FIELD = "\x1f"


class WordFilterProxy(QSortFilterProxyModel):
    """Sorting by `SORT_ROLE`, a text filter (every word must appear) and a status filter.

    Subclasses name their statuses in `STATUSES` (``"all"`` first: no status filter).
    """

    STATUSES: tuple[str, ...] = ("all",)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._words: tuple[str, ...] = ()
        self._status = "all"
        self.setSortRole(SORT_ROLE)
        self.setDynamicSortFilter(True)
        self.setFilterRole(FILTER_ROLE)
        self.setFilterKeyColumn(0)

    def text(self) -> str:
        return " ".join(self._words)

    def status(self) -> str:
        return self._status

    def set_text(self, text: str) -> None:
        words = tuple(text.casefold().split())
        if words != self._words:
            self._words = words
            self._apply()

    def set_status(self, status: str) -> None:
        if status not in self.STATUSES:
            raise ValueError(f"status must be one of {', '.join(self.STATUSES)}, not {status!r}")
        if status != self._status:
            self._status = status
            self._apply()

    def _apply(self) -> None:
        status = "" if self._status == "all" else f"(?={re.escape(self._status)}{_FIELD})"
        words = "".join(f"(?=.*{re.escape(word)})" for word in self._words)
        pattern = f"^{status}{words}" if status or words else ""
        self.setFilterRegularExpression(
            QRegularExpression(
                pattern,
                QRegularExpression.PatternOption.CaseInsensitiveOption
                | QRegularExpression.PatternOption.DotMatchesEverythingOption,
            )
        )
