"""`HistoryLive`: the history panel follows the quotes every desk records, as they commit.

When topic ``"quote"`` arrives (`OfficeChanges`), the panel searches again with the text
typed; what the clerk was looking at stays: the selected quotes (by id), the current
one and the scroll position (the top row shown stays on top unless the table was at its
top, where a new quote appears). Apart from the search so that the panel's search and
filters stay about searching.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QObject, Slot
from PySide6.QtWidgets import QAbstractItemView

from postalgui.gui.models.office_changes import OfficeChanges
from postalgui.gui.tabs.price.history_search import HistorySearch
from postalgui.gui.tasks import TaskRunner
from postalgui.services.office import topics
from postalgui.services.price.service import PriceService

__all__ = ["HistoryLive"]

TOPIC = topics.QUOTES


@dataclass(frozen=True)
class _View:
    """What the clerk was looking at, by entry id (rows move when quotes arrive)."""

    selected: frozenset[int]
    current: int | None
    top: int | None
    scrolled: bool


class HistoryLive(QObject):
    """Refreshes ``search`` (the panel's) when a quote is committed by any desk."""

    def __init__(self, price: PriceService, runner: TaskRunner, search: HistorySearch) -> None:
        super().__init__(search)
        self.search = search
        self._kept: _View | None = None
        self.changes = OfficeChanges(price, (TOPIC,), runner, self)
        self.changes.changed.connect(self._on_changes_changed)
        # After the panel's own slot (which clears the breakdown): the view comes back last.
        search.searched.connect(self._on_search_searched)

    def _id_at(self, proxy_row: int) -> int | None:
        if proxy_row < 0 or proxy_row >= self.search.proxy.rowCount():
            return None
        return self.search.entry_at(proxy_row).id

    def _view(self) -> _View:
        table = self.search.table
        current = table.selectionModel().currentIndex()
        return _View(
            selected=frozenset(entry.id for entry in self.search.selected_entries()),
            current=self._id_at(current.row()) if current.isValid() else None,
            top=self._id_at(table.rowAt(0)),
            scrolled=table.verticalScrollBar().value() > 0,
        )

    def _restore(self, view: _View) -> None:
        rows = {self.search.entry_at(row).id: row for row in range(self.search.proxy.rowCount())}
        proxy, table = self.search.proxy, self.search.table
        last = proxy.columnCount() - 1
        selection = QItemSelection()
        for entry_id in view.selected & rows.keys():
            selection.select(proxy.index(rows[entry_id], 0), proxy.index(rows[entry_id], last))
        flags = QItemSelectionModel.SelectionFlag
        model = table.selectionModel()
        if view.current in rows:
            model.setCurrentIndex(proxy.index(rows[view.current], 0), flags.NoUpdate)
        model.select(selection, flags.ClearAndSelect | flags.Rows)
        if view.scrolled and view.top in rows:
            table.scrollTo(proxy.index(rows[view.top], 0), QAbstractItemView.ScrollHint.PositionAtTop)

    @Slot()
    def _on_changes_changed(self) -> None:
        if self._kept is None:  # a refresh already under way keeps the view from before it
            self._kept = self._view()
        self.search.refresh()

    @Slot()
    def _on_search_searched(self) -> None:
        view, self._kept = self._kept, None
        if view is not None:
            self._restore(view)
