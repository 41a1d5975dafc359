"""The one table-model base: columns as data, cells worked out once, native sort keys."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester

from postalgui.gui.models.formatting import error_colour
from postalgui.gui.models.roles import SORT_ROLE
from postalgui.gui.models.row_table import Column, FilteredRowTableModel, RowTableModel, TextRow

Price = tuple[str, Decimal | None, date]


def _no_price(row: TextRow[Price]) -> str | None:
    return "no price" if row.failed else None


NAME: Column[Price] = Column("Product", lambda item: item[0], alarm=True)
PRICE: Column[Price] = Column(
    "Price",
    lambda item: "" if item[1] is None else f"R$ {item[1]}",
    lambda item: item[1],
    numeric=True,
    header_tip="What one costs",
    tip=_no_price,
)
DAY: Column[Price] = Column("Day", lambda item: item[2].strftime("%d/%m/%Y"), lambda item: item[2])


class PriceModel(RowTableModel[Price]):
    """Columns as data; the price column appears only once a record carries a price."""

    def __init__(self) -> None:
        super().__init__((NAME, DAY))

    def prepare(self, items: Sequence[Price]) -> None:
        priced = any(price is not None for _, price, _ in items)
        self.set_columns((NAME, PRICE, DAY) if priced else (NAME, DAY))

    def failed(self, item: Price) -> bool:
        return item[1] is None


ITEMS: list[Price] = [
    ("SEDEX", Decimal("10.50"), date(2026, 1, 2)),
    ("PAC", Decimal("9.90"), date(2025, 12, 31)),
    ("Mini", None, date(2026, 3, 1)),
]


def test_cells_come_from_the_columns_and_sort_by_native_keys(qtmodeltester: ModelTester) -> None:
    model = PriceModel()
    model.set_items(ITEMS)
    qtmodeltester.check(model)
    assert model.columnCount() == 3
    assert model.index(0, 1).data() == "R$ 10.50"
    assert model.index(0, 1).data(SORT_ROLE) == Decimal("10.50")  # the native value, not its text
    assert model.index(1, 2).data(SORT_ROLE) == date(2025, 12, 31)
    assert model.index(2, 0).data(SORT_ROLE) == "mini"  # no key given: the folded text
    model.sort(1, Qt.SortOrder.AscendingOrder)
    assert [name for name, _, _ in model.items()] == ["PAC", "SEDEX", "Mini"]  # absent keys last
    model.sort(1, Qt.SortOrder.DescendingOrder)
    assert [name for name, _, _ in model.items()] == ["SEDEX", "PAC", "Mini"]
    model.sort(2, Qt.SortOrder.AscendingOrder)  # dates, not "02/01/2026" < "31/12/2025"
    assert [name for name, _, _ in model.items()] == ["PAC", "SEDEX", "Mini"]
    qtmodeltester.check(model)


def test_roles_answer_from_the_columns(qtmodeltester: ModelTester) -> None:
    model = PriceModel()
    model.set_items(ITEMS)
    mini = model.items().index(ITEMS[2])
    assert model.index(mini, 1).data(Qt.ItemDataRole.ToolTipRole) == "no price"
    assert model.index(0, 1).data(Qt.ItemDataRole.ToolTipRole) is None
    assert model.index(mini, 0).data(Qt.ItemDataRole.ForegroundRole) == error_colour()  # an alarm column
    assert model.index(mini, 2).data(Qt.ItemDataRole.ForegroundRole) is None
    assert model.index(0, 0).data(Qt.ItemDataRole.FontRole) is None
    right = model.index(0, 1).data(Qt.ItemDataRole.TextAlignmentRole)
    assert right & Qt.AlignmentFlag.AlignRight
    assert model.headerData(1, Qt.Orientation.Horizontal) == "Price"
    assert model.headerData(1, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) == "What one costs"
    assert model.headerData(0, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) is None
    assert model.headerData(1, Qt.Orientation.Horizontal, Qt.ItemDataRole.TextAlignmentRole) & (
        Qt.AlignmentFlag.AlignRight
    )
    assert model.headerData(0, Qt.Orientation.Vertical) is None
    qtmodeltester.check(model)


def test_columns_that_follow_the_records_change_inside_the_reset(qtmodeltester: ModelTester) -> None:
    model = PriceModel()
    qtmodeltester.check(model)
    model.set_items(ITEMS[:1])
    assert model.columnCount() == 3
    model.clear()
    assert (model.rowCount(), model.columnCount()) == (0, 2)


def test_rows_added_changed_and_removed_keep_the_sort(qtmodeltester: ModelTester) -> None:
    model = PriceModel()
    model.set_items(ITEMS[:2])
    model.sort(0, Qt.SortOrder.AscendingOrder)
    model.append_items([("Carta", Decimal("2.00"), date(2026, 2, 2))])
    assert [name for name, _, _ in model.items()] == ["Carta", "PAC", "SEDEX"]
    model.put_row(0, ("Carta registrada", Decimal("3.00"), date(2026, 2, 2)))
    assert model.index(0, 1).data() == "R$ 3.00"
    model.remove_row(0)
    assert [name for name, _, _ in model.items()] == ["PAC", "SEDEX"]
    model.show_rows([model.text_row(1)])  # a filter's choice among rows made before
    assert model.items() == [ITEMS[0]]
    qtmodeltester.check(model)


class PriceList(FilteredRowTableModel[Price]):
    """The choice "priced" keeps the records with a price."""

    def __init__(self) -> None:
        super().__init__((NAME, DAY))

    def keeps(self, item: Price, choice: str) -> bool:
        return choice == "priced" and item[1] is not None


def test_a_filter_picks_among_the_rows_read(qtmodeltester: ModelTester) -> None:
    model = PriceList()
    model.set_all(ITEMS)
    model.sort(0, Qt.SortOrder.AscendingOrder)
    assert [name for name, _, _ in model.items()] == ["Mini", "PAC", "SEDEX"]
    model.set_filter("priced", "")
    assert [name for name, _, _ in model.items()] == ["PAC", "SEDEX"]
    model.set_filter("priced", "séd")  # folded: accents and case aside, every word in the row's text
    assert [name for name, _, _ in model.items()] == ["SEDEX"]
    model.set_filter("", "")
    assert len(model.items()) == 3
    assert model.all_items() == ITEMS
    qtmodeltester.check(model)
