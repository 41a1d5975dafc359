"""`ListPage`: a page that lists records: a toolbar of actions, a filter row, the table and a
summary line below it, built the same way on every list (filed claims, pre-postings, the
address book, invoices, tracked objects).

The table's columns start at the width their values need (``widths``, in pixels) and never
narrower than their title in the language shown; the user drags them after: fitting
thousands of rows to their contents would read every cell. A short list (a period's
invoices) passes no widths: its columns fit their contents. Object names follow the
page's ``name``: ``<name>Table``, ``<name>Toolbar``, ``<name>Summary``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QSortFilterProxyModel, Qt, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.models.row_table import FilteredRowTableModel, RowTableModel
from postalgui.gui.widgets.filter_row import FilterRow
from postalgui.gui.widgets.page_action import page_action
from postalgui.gui.widgets.tables import read_only_table

__all__ = ["ListPage", "fit_columns"]


def fit_columns(
    table: QTableView, widths: Mapping[Any, int], *, least: int | None = None, pad: int = 0
) -> None:
    """Each column at its ``widths`` entry (keyed by a column enum or number; else ``least``;
    else left as it is), never narrower than its title plus ``pad``."""
    header = table.horizontalHeader()
    for column in range(header.count()):
        width = widths.get(column, least)
        if width is not None:
            header.resizeSection(column, max(width, header.sectionSizeHint(column) + pad))


class ListPage(QWidget):
    """A list of records: `build_table` makes the table of a `FilteredRowTableModel`,
    `build_frame` sets the toolbar, the filter row and the summary around it. A filter
    change filters the model (`apply_filter`); then, and on every change of selection, the
    page's `update_summary` and `update_actions` say what is shown and what can be done.
    A page that filters with its own rule (a second choice, the records' own matching)
    gives a plain `RowTableModel` and says how in `apply_filter`; one that sorts and filters
    in a proxy's C++ hands the proxy to `build_table`. ``selection`` says how many rows the
    user picks at once (several, unless a page acts on one record). A page with more than
    the list (a query bar above, a panel beside) places the list part itself
    (``build_frame(placed=False)``). A list of many filters and its own model (Tracking's
    index) gives its filter bar and wires it, and says what its selection holds.

    Signals: none of its own (the page says what it lists).
    """

    table: QTableView
    toolbar: QToolBar
    summary_label: QLabel
    filter_row: FilterRow
    list_model: QAbstractItemModel
    list_proxy: QSortFilterProxyModel | None = None
    list_part: QWidget

    def __init__(
        self,
        name: str,
        parent: QWidget | None = None,
        *,
        selection: QAbstractItemView.SelectionMode = QAbstractItemView.SelectionMode.ExtendedSelection,
    ) -> None:
        super().__init__(parent)
        self.list_name = name
        self.selection_mode = selection

    def build_table(
        self,
        model: QAbstractItemModel,
        accessible_name: str,
        sort_by: tuple[int, Qt.SortOrder],
        widths: Mapping[Any, int] | None,
        *,
        least: int | None = None,
        pad: int = 16,
        proxy: QSortFilterProxyModel | None = None,
    ) -> QTableView:
        """The table of ``model`` (shown through ``proxy``, when given): rows selectable as
        the page's ``selection`` says, sorted by ``sort_by`` until a header is clicked,
        widths the user drags (`fit_columns`), or fitting the contents without ``widths``."""
        self.list_model, self.list_proxy = model, proxy
        columns = (
            QHeaderView.ResizeMode.Interactive
            if widths is not None
            else QHeaderView.ResizeMode.ResizeToContents
        )
        self.table = read_only_table(self, proxy or model, f"{self.list_name}Table", accessible_name, columns)
        self.table.setSelectionMode(self.selection_mode)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(*sort_by)
        if widths is not None:
            fit_columns(self.table, widths, least=least, pad=pad)
        return self.table

    def action(self, text: str, tip: str, keys: QKeySequence | None = None) -> QAction:
        """One of the page's actions (`page_action`): the toolbar shows its text."""
        return page_action(self, text, tip, keys)

    def build_frame(
        self,
        actions: Iterable[QAction],
        filters: FilterRow | QWidget,
        footer: Sequence[QWidget] = (),
        *,
        placed: bool = True,
        header: Sequence[QWidget] = (),
        table_part: QWidget | None = None,
    ) -> QWidget:
        """The toolbar (text buttons) above the ``header`` widgets (counts), the filter row
        and the table; the summary below, beside the ``footer`` widgets. A long summary
        wraps; it never widens the window. Returns the list part (all of that); ``placed``:
        it fills the page, else the page places it (in a splitter, under a query bar).
        ``filters``: a `FilterRow` the page filters by (`apply_filter`), or a filter bar of
        its own (several choices) it wires itself. ``table_part``: what stands in the
        table's place (a splitter holding the table and the selected record's detail)."""
        self.toolbar = QToolBar(self)
        self.toolbar.setObjectName(f"{self.list_name}Toolbar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for action in actions:
            self.toolbar.addAction(action)
        self.summary_label = QLabel(self)
        self.summary_label.setObjectName(f"{self.list_name}Summary")
        self.summary_label.setWordWrap(True)
        self.list_part = QWidget(self)
        layout = QVBoxLayout(self.list_part)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.toolbar, *header):
            layout.addWidget(widget)
        if isinstance(filters, FilterRow):
            self.filter_row = filters
            layout.addLayout(filters)
            filters.search.textChanged.connect(self._on_filter_changed)
            filters.choice.currentIndexChanged.connect(self._on_filter_changed)
        else:
            layout.addWidget(filters)
        layout.addWidget(table_part or self.table, 1)
        row = QHBoxLayout()
        row.addWidget(self.summary_label, 1)
        for widget in footer:
            row.addWidget(widget)
        layout.addLayout(row)
        if placed:
            page = QVBoxLayout(self)
            page.setContentsMargins(0, 0, 0, 0)
            page.addWidget(self.list_part)
        self.table.selectionModel().selectionChanged.connect(self._on_list_selection_changed)
        return self.list_part

    # --- what a page says ---------------------------------------------------------------------

    def apply_filter(self, choice: str, text: str) -> None:
        """Show the records of ``choice`` (empty: any) that hold the words of ``text``."""
        if isinstance(self.list_model, FilteredRowTableModel):
            self.list_model.set_filter(choice, text)

    def update_actions(self) -> None:
        """Enable the actions the selection allows."""

    def update_summary(self) -> None:
        """Say how many records are shown, of how many."""

    def selected_items(self) -> list[Any]:
        """The selected records, in the order shown (of a `RowTableModel`: a page of another
        model says what its selection holds)."""
        if not isinstance(self.list_model, RowTableModel):
            raise TypeError("selected_items needs a RowTableModel")
        shown = sorted(self.table.selectionModel().selectedRows(), key=lambda index: index.row())
        if self.list_proxy is not None:
            shown = [self.list_proxy.mapToSource(index) for index in shown]
        return [self.list_model.item(index.row()) for index in shown]

    # --- slots ---------------------------------------------------------------------------------

    @Slot()
    def _on_filter_changed(self) -> None:
        choice = str(self.filter_row.choice.currentData() or "")
        self.apply_filter(choice, self.filter_row.search.text())
        self.update_summary()
        self.update_actions()

    @Slot()
    def _on_list_selection_changed(self) -> None:
        self.update_actions()
