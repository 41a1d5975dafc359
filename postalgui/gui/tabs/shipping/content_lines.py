"""`ContentLines`: the content declaration's lines (what is inside, how many, worth how much).

Apart from the dialog's other fields because it is a small table with its own Add and
Remove. A line is read when Create is pressed: a quantity or value that is not a number
is named (its row and column) and nothing is sent. Enter belongs to the table: it ends
the cell being typed, or opens the current one, and never reaches the dialog, whose
default button (Create) would send the pre-posting half-declared.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.models.prepostings import ContentLine
from postalgui.api.values import InvalidValue, parse_money
from postalgui.gui.messages import arg, describe_error

__all__ = ["ContentLines"]

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class _LinesTable(QTableWidget):
    """The lines' table, keeping Enter to itself (see the module)."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() not in _ENTER:
            super().keyPressEvent(event)
            return
        event.accept()
        current = self.currentIndex()
        if self.state() != QAbstractItemView.State.EditingState and current.isValid():
            self.edit(current)


class ContentLines(QWidget):
    """Content, quantity and value per line; Add line / Remove line. Signals: none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = _LinesTable(0, 3, self)
        self.table.setObjectName("shippingContents")
        self.table.setAccessibleName(self.tr("Content declaration"))
        self.table.setHorizontalHeaderLabels([self.tr("Content"), self.tr("Quantity"), self.tr("Value (R$)")])
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()  # the content takes what quantity and value leave
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setMinimumHeight(70)
        self.add_button = QPushButton(self.tr("Add &line"), self)
        self.remove_button = QPushButton(self.tr("Remove line"), self)
        buttons = QHBoxLayout()  # below the table: beside it they left the content a sliver
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.add_button.clicked.connect(self._on_add_button_clicked)
        self.remove_button.clicked.connect(self._on_remove_button_clicked)

    def add_line(self, content: str = "", quantity: int = 1, value: str = "") -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column, text in enumerate((content, str(quantity), value)):
            self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.setCurrentCell(row, 0)

    def lines(self) -> tuple[tuple[ContentLine, ...], str]:
        """The lines typed (empty rows skipped) and the first problem in words ("" without)."""
        found: list[ContentLine] = []
        for row in range(self.table.rowCount()):
            content, quantity, value = (self._text(row, column) for column in range(3))
            if not (content or value):
                continue
            where = arg(self.tr("Content line %1"), row + 1)
            if not quantity.isdigit() or int(quantity) < 1:
                return (), arg(self.tr("%1: quantity must be a whole number of 1 or more"), where)
            try:
                money = parse_money(value) if value else Decimal(0)
            except InvalidValue as error:
                return (), describe_error(error, arg(self.tr("%1, value"), where))
            found.append(ContentLine(content=content, quantity=int(quantity), value=money))
        return tuple(found), ""

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text().strip() if item is not None else ""

    @Slot()
    def _on_add_button_clicked(self) -> None:
        self.add_line()
        self.table.setFocus()

    @Slot()
    def _on_remove_button_clicked(self) -> None:
        rows = sorted({index.row() for index in self.table.selectedIndexes()}, reverse=True)
        for row in rows:
            self.table.removeRow(row)
