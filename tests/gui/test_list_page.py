"""The one list page: toolbar, filter row, table and summary, the filter and selection wired."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHeaderView,
    QLabel,
    QSplitter,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from postalgui.gui.models.row_table import Column, FilteredRowTableModel, RowTableModel
from postalgui.gui.widgets.filter_row import FilterRow
from postalgui.gui.widgets.list_page import ListPage

Price = tuple[str, Decimal | None, date]
NAME: Column[Price] = Column("Product", lambda item: item[0])
DAY: Column[Price] = Column("Day", lambda item: item[2].isoformat(), lambda item: item[2])
ITEMS: list[Price] = [
    ("SEDEX", Decimal("10.50"), date(2026, 1, 2)),
    ("PAC", Decimal("9.90"), date(2025, 12, 31)),
    ("Mini", None, date(2026, 3, 1)),
]


def filter_row(page: ListPage, label: str, choice: tuple[str, str]) -> FilterRow:
    """A search and one choice besides "All"."""
    return FilterRow(
        page,
        page.list_name,
        hint="Search",
        search_name="Search the prices",
        label=label,
        choice_name=label.strip("&:"),
        everything="All",
        choices=(choice,),
    )


class Prices(FilteredRowTableModel[Price]):
    def __init__(self, parent: QWidget) -> None:
        super().__init__((NAME, DAY), parent)

    def keeps(self, item: Price, choice: str) -> bool:
        return choice == "priced" and item[1] is not None


class PricePage(ListPage):
    def __init__(self) -> None:
        super().__init__("prices")
        self.summaries = 0
        self.model = Prices(self)
        self.build_table(self.model, "Prices", (1, Qt.SortOrder.DescendingOrder), {0: 300}, least=50)
        self.drop = self.action("&Drop", "Drop the selected prices")
        self.build_frame((self.drop,), filter_row(self, "&Kind:", ("Priced", "priced")))
        self.model.set_all(ITEMS)

    def update_actions(self) -> None:
        self.drop.setEnabled(bool(self.selected_items()))

    def update_summary(self) -> None:
        self.summaries += 1
        self.summary_label.setText(f"{self.model.rowCount()} of {len(self.model.all_items())}")


def test_the_page_lays_out_filters_and_follows_the_selection(qtbot: QtBot) -> None:
    page = PricePage()
    qtbot.addWidget(page)
    assert page.table.objectName() == "pricesTable"
    assert page.toolbar.objectName() == "pricesToolbar"
    assert page.summary_label.objectName() == "pricesSummary"
    assert page.table.horizontalHeader().sectionSize(0) >= 300
    assert [name for name, _, _ in page.model.items()] == ["Mini", "SEDEX", "PAC"]  # newest day first
    page.filter_row.choice.setCurrentIndex(1)
    assert [name for name, _, _ in page.model.items()] == ["SEDEX", "PAC"]
    page.filter_row.search.setText("pa")
    assert page.summary_label.text() == "1 of 3"
    assert not page.drop.isEnabled()
    page.table.selectRow(0)
    assert page.selected_items() == [ITEMS[1]]
    assert page.drop.isEnabled()


class OwnRulePage(ListPage):
    """A page with its own rule: a plain model, the choice a minimum length of name."""

    def __init__(self) -> None:
        super().__init__("own")
        self.model: RowTableModel[Price] = RowTableModel((NAME, DAY), self)
        self.build_table(self.model, "Prices", (0, Qt.SortOrder.AscendingOrder), {})
        self.build_frame((), filter_row(self, "&Length:", ("Long", "4")))
        self.model.set_items(ITEMS)

    def apply_filter(self, choice: str, text: str) -> None:
        least = int(choice or 0)
        self.model.set_items([item for item in ITEMS if len(item[0]) >= least and text in item[0]])

    def update_summary(self) -> None:
        self.summary_label.setText(str(self.model.rowCount()))


def test_a_page_with_its_own_rule_filters_a_plain_model(qtbot: QtBot) -> None:
    page = OwnRulePage()
    qtbot.addWidget(page)
    page.filter_row.choice.setCurrentIndex(1)
    assert [name for name, _, _ in page.model.items()] == ["Mini", "SEDEX"]
    page.filter_row.search.setText("SE")
    assert [name for name, _, _ in page.model.items()] == ["SEDEX"]
    assert page.summary_label.text() == "1"


class ProxiedPage(ListPage):
    """One record at a time, shown through a sorting proxy, columns fitting their contents,
    the list part in a splitter under a bar the page adds."""

    def __init__(self) -> None:
        super().__init__("proxied", selection=QAbstractItemView.SelectionMode.SingleSelection)
        self.model: RowTableModel[Price] = RowTableModel((NAME, DAY), self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.build_table(self.model, "Prices", (0, Qt.SortOrder.AscendingOrder), None, proxy=self.proxy)
        part = self.build_frame((), filter_row(self, "&Kind:", ("Priced", "priced")), placed=False)
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.addWidget(part)
        self.splitter.addWidget(QLabel("jobs", self))
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("query bar", self))
        layout.addWidget(self.splitter)
        self.model.set_items(ITEMS)


def test_a_page_picks_one_record_through_a_proxy_in_a_splitter(qtbot: QtBot) -> None:
    page = ProxiedPage()
    qtbot.addWidget(page)
    assert page.table.model() is page.proxy
    assert page.table.selectionMode() == QAbstractItemView.SelectionMode.SingleSelection
    header = page.table.horizontalHeader()
    assert header.sectionResizeMode(0) == QHeaderView.ResizeMode.ResizeToContents
    assert page.splitter.widget(0) is page.list_part
    assert page.list_part.isAncestorOf(page.table)
    assert page.list_part.isAncestorOf(page.summary_label)
    page.table.selectRow(0)  # "Mini", the first by name through the proxy
    page.table.selectRow(1)
    assert page.selected_items() == [ITEMS[1]]  # "PAC": one row only, mapped to the model's


def test_a_page_picks_several_records_by_default(qtbot: QtBot) -> None:
    page = PricePage()
    qtbot.addWidget(page)
    assert page.table.selectionMode() == QAbstractItemView.SelectionMode.ExtendedSelection
    assert page.table.horizontalHeader().sectionResizeMode(0) == QHeaderView.ResizeMode.Interactive
    assert page.layout().indexOf(page.list_part) == 0


class DetailedPage(ListPage):
    """Counts between the toolbar and the filters, a filter bar of its own (a check it
    wires itself), the table in a splitter above the selected record's detail."""

    def __init__(self) -> None:
        super().__init__("detailed")
        self.model = Prices(self)
        self.build_table(self.model, "Prices", (0, Qt.SortOrder.AscendingOrder), {})
        self.counts = QLabel("3 prices", self)
        self.bar = QCheckBox("Priced only", self)
        self.bar.toggled.connect(self._on_bar_toggled)
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(QLabel("detail", self))
        self.build_frame((), self.bar, header=(self.counts,), table_part=self.splitter)
        self.model.set_all(ITEMS)

    def _on_bar_toggled(self, checked: bool) -> None:
        self.model.set_filter("priced" if checked else "", "")


def test_a_page_has_counts_its_own_filter_bar_and_a_detail_under_the_table(qtbot: QtBot) -> None:
    page = DetailedPage()
    qtbot.addWidget(page)
    layout = page.list_part.layout()
    shown = [layout.itemAt(i).widget() for i in range(layout.count())]
    assert shown[:4] == [page.toolbar, page.counts, page.bar, page.splitter]
    assert page.splitter.widget(0) is page.table
    assert not hasattr(page, "filter_row")
    page.bar.setChecked(True)
    assert [name for name, _, _ in page.model.items()] == ["PAC", "SEDEX"]
