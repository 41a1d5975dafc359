"""The Batch page's results: the table with its filter and status choice, the selected
quote's breakdown beside it, and the exports of what the filter shows.

One component for one task (``price.batch.export``, through `ResultsExporter`); the
run fills ``model`` and this view only looks at it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, Qt, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.tabs.price.breakdown_view import BreakdownView
from postalgui.gui.tabs.price.error_column import ErrorColumn
from postalgui.gui.tabs.price.exporter import PdfLayout, ResultsExporter
from postalgui.gui.tabs.price.quote_table import quote_table
from postalgui.gui.tabs.price.results_model import (
    DEADLINE_COLUMNS,
    Column,
    QuoteFilterProxy,
    QuoteResultsModel,
)
from postalgui.gui.widgets.window_state import RememberedSplitter

if TYPE_CHECKING:
    from postalgui.api.models.price import QuoteResult
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.price.service import PriceService

__all__ = ["BATCH_COLUMNS", "BatchResultsView"]

BATCH_COLUMNS: tuple[Column, ...] = (
    Column.LINE,
    Column.PRODUCT,
    Column.DESTINATION,
    Column.WEIGHT,
    Column.FINAL,
    Column.ERROR,  # beside the price: a failed row says why without scrolling sideways
    Column.CHARGED_WEIGHT,
    Column.CUBIC,
    Column.SERVICES,
    *DEADLINE_COLUMNS,  # filled beside the prices, a window at a time
)
_WIDTHS = {
    Column.LINE: 6,
    Column.PRODUCT: 18,
    Column.DESTINATION: 11,
    Column.WEIGHT: 10,
    Column.FINAL: 12,
    Column.CHARGED_WEIGHT: 13,
    Column.CUBIC: 7,
    Column.SERVICES: 11,
}
"""Starting widths in digits: measuring 1,000 rows on every insert would stall the GUI."""


class BatchResultsView(QWidget):
    """Filter, Show, the exports, and the results table beside the breakdown."""

    EXPORT_TASK_KEY = "price.batch.export"

    def __init__(
        self, price: PriceService, runner: TaskRunner, messages: MessageArea, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.model = QuoteResultsModel(BATCH_COLUMNS, self)
        self.proxy = QuoteFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self._build_filter_row()
        self.exporter = ResultsExporter(
            price,
            runner,
            messages,
            self.EXPORT_TASK_KEY,
            self.results_to_export,
            self,
            deadlines=self.model.deadlines,
        )
        self._build_export_buttons()
        self._build_table()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._filter_row)
        layout.addWidget(self.splitter, 1)

    def _build_filter_row(self) -> None:
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText(self.tr("Filter by product, destination or error"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self._on_filter_edit_text_changed)
        filter_label = QLabel(self.tr("F&ilter:"), self)
        filter_label.setBuddy(self.filter_edit)
        self.status_combo = QComboBox(self)
        self.status_combo.addItem(self.tr("All quotes"), "all")
        self.status_combo.addItem(self.tr("Quoted"), "ok")
        self.status_combo.addItem(self.tr("Failed"), "failed")
        self.status_combo.currentIndexChanged.connect(self._on_status_combo_current_index_changed)
        show_label = QLabel(self.tr("Sho&w:"), self)
        show_label.setBuddy(self.status_combo)
        self._filter_row = QHBoxLayout()
        self._filter_row.addWidget(filter_label)
        self._filter_row.addWidget(self.filter_edit, 2)
        self._filter_row.addWidget(show_label)
        self._filter_row.addWidget(self.status_combo)
        self._filter_row.addStretch(1)

    def _build_export_buttons(self) -> None:
        self.export_csv_button = QPushButton(self.tr("Export &spreadsheet…"), self)
        self.export_csv_button.setToolTip(self.tr("The results shown, as an Excel workbook (.xlsx) or CSV"))
        self.export_csv_button.clicked.connect(self._on_export_csv_button_clicked)
        self.export_pdf_button = QToolButton(self)
        self.export_pdf_button.setText(self.tr("Export &PDF…"))
        self.export_pdf_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.export_pdf_button.setMenu(self.exporter.pdf_menu(self.export_pdf_button))
        self.export_pdf_button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._filter_row.addWidget(self.export_csv_button)
        self._filter_row.addWidget(self.export_pdf_button)

    def _build_table(self) -> None:
        """The results table beside the selected quote's breakdown."""
        widths = {self.model.column_of(column): chars for column, chars in _WIDTHS.items()}
        self.table = quote_table(
            self,
            self.proxy,
            "batchResults",
            self.tr("Batch results"),
            (0, Qt.SortOrder.AscendingOrder),
            {position: chars for position, chars in widths.items() if position is not None},
        )
        self.table.selectionModel().currentRowChanged.connect(self._on_table_current_row_changed)
        self.error_column = ErrorColumn(self.table, BATCH_COLUMNS.index(Column.ERROR))
        self.breakdown = BreakdownView(self)
        # The table first: its price and error columns in sight.
        self.splitter = RememberedSplitter.of(
            "price.batch", Qt.Orientation.Horizontal, self, ((self.table, 2), (self.breakdown, 1))
        )

    def focus_order(self) -> list[QWidget]:
        """This view's widgets in the order Tab goes through them."""
        return [
            self.filter_edit,
            self.status_combo,
            self.export_csv_button,
            self.export_pdf_button,
            self.table,
            self.breakdown,
        ]

    def clear(self) -> None:
        self.model.clear()
        self.breakdown.show_result(None)

    def set_exportable(self, exportable: bool) -> None:
        self.export_csv_button.setEnabled(exportable)
        self.export_pdf_button.setEnabled(exportable)

    def results_to_export(self) -> list[QuoteResult]:
        """The results the filter shows, in line order."""
        rows = (
            self.proxy.mapToSource(self.proxy.index(row, 0)).row() for row in range(self.proxy.rowCount())
        )
        return sorted((self.model.result(row) for row in rows), key=lambda result: result.index)

    def export_csv(self, path: Path) -> TaskHandle:
        return self.exporter.export_csv(path, self.results_to_export())

    def export_pdf(self, path: Path, layout: PdfLayout = "per_quote") -> TaskHandle:
        return self.exporter.export_pdf(path, self.results_to_export(), layout)

    @Slot()
    def _on_export_csv_button_clicked(self) -> None:
        self.exporter.ask_table()

    @Slot(str)
    def _on_filter_edit_text_changed(self, text: str) -> None:
        self.proxy.set_text(text)

    @Slot(int)
    def _on_status_combo_current_index_changed(self, index: int) -> None:
        self.proxy.set_status(str(self.status_combo.itemData(index)))

    @Slot(QModelIndex, QModelIndex)
    def _on_table_current_row_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        del previous
        if not current.isValid():
            self.breakdown.show_result(None)
            return
        source = self.proxy.mapToSource(current)
        self.breakdown.show_result(self.model.result(source.row()))
