"""The shared row table: cells worked out once, native sort keys, hooks for the roles."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester

from postalgui.gui.models.roles import SORT_ROLE
from postalgui.gui.models.row_table import RowTableModel, TextRow


class PriceModel(RowTableModel[tuple[str, Decimal | None]]):
    """Two columns whose second appears only once a record carries a price."""

    def __init__(self) -> None:
        super().__init__()
        self.columns = 1

    def prepare(self, items: Sequence[tuple[str, Decimal | None]]) -> None:
        self.columns = 2 if any(price is not None for _, price in items) else 1

    def make_row(self, item: tuple[str, Decimal | None]) -> TextRow[tuple[str, Decimal | None]]:
        name, price = item
        return TextRow(item, (name, "" if price is None else f"R$ {price}"), (name, price), price is None)

    def column_count(self) -> int:
        return self.columns

    def header(self, section: int) -> str:
        return ("Product", "Price")[section]

    def is_numeric(self, column: int) -> bool:
        return column == 1

    def tooltip(self, row: TextRow[tuple[str, Decimal | None]], column: int) -> str | None:
        return "no price" if row.failed else None


def test_rows_show_their_texts_and_sort_by_native_keys(qtmodeltester: ModelTester) -> None:
    model = PriceModel()
    model.set_items([("SEDEX", Decimal("10.50")), ("PAC", Decimal("9.90")), ("Mini", None)])
    qtmodeltester.check(model)
    assert model.columnCount() == 2
    model.sort(1, Qt.SortOrder.AscendingOrder)
    assert [name for name, _ in model.items()] == ["PAC", "SEDEX", "Mini"]  # absent keys last
    model.sort(1, Qt.SortOrder.DescendingOrder)
    assert [name for name, _ in model.items()] == ["SEDEX", "PAC", "Mini"]
    assert model.data(model.index(0, 1), SORT_ROLE) == Decimal("10.50")
    assert model.data(model.index(2, 1), Qt.ItemDataRole.ToolTipRole) == "no price"
    right = model.headerData(1, Qt.Orientation.Horizontal, Qt.ItemDataRole.TextAlignmentRole)
    assert right & Qt.AlignmentFlag.AlignRight


def test_columns_that_follow_the_records_change_inside_the_reset(qtmodeltester: ModelTester) -> None:
    model = PriceModel()
    qtmodeltester.check(model)
    model.set_items([("SEDEX", Decimal("10.50"))])
    assert model.columnCount() == 2
    model.clear()
    assert (model.rowCount(), model.columnCount()) == (0, 1)
