"""An invoice's analytic statement: its items, filtered and sorted, against its own totals.

A statement can hold 100,000 detail lines and the GUI thread must never stall more than
50 ms. The worker that reads the CSV also builds the Qt-free `ItemIndex`
(`postalgui.services.invoices.item_index`: why and how, measured); `AnalyticItemsModel`
is a thin adapter over it. While the worker runs, every Python call the GUI thread
makes waits for the interpreter lock (up to the 5 ms switch interval): painting the
table (``data()`` per cell) took over a second, so a busy page without a Python model
stands in for the table while a statement loads.

The view composes its parts: the header (`analytic_header`), the filters bar
(`analytic_filters`), the items model (`analytic_items_model`) and the totals with the
reconciliation line (`analytic_totals`). Money is always `Decimal`; the reconciliation
(block 3 against blocks 4 and 5) comes from `postalgui.api.analytic.reconcile`.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.values import format_brl
from postalgui.gui.messages import arg, describe_error
from postalgui.gui.tabs.invoices.analytic_filters import ItemFiltersBar
from postalgui.gui.tabs.invoices.analytic_header import StatementHeader, header_fields
from postalgui.gui.tabs.invoices.analytic_items_model import FETCH_BLOCK, AnalyticItemsModel
from postalgui.gui.tabs.invoices.analytic_totals import ReconciliationLine, StatementTotals
from postalgui.gui.tabs.invoices.track_objects import TrackObjects
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.saved_file import SavedFileReporter, ask_save_path, table_types
from postalgui.gui.widgets.tables import sortable_table
from postalgui.services.invoices.item_index import (
    ItemColumn,
    LoadedStatement,
    export_rows,
    filter_rows,
    index_items,
    load_indexed,
)
from postalgui.services.tracking.invoice_objects import InvoiceObjects

if TYPE_CHECKING:
    from postalgui.api.analytic import Reconciliation
    from postalgui.api.models.invoices import AnalyticStatement
    from postalgui.gui.tabs.contract import Handoffs
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.services.invoices.book import StatementKeeper
    from postalgui.services.ports import Follow
from postalgui.api.analytic import AnalyticFormatError

__all__ = ["FETCH_BLOCK", "AnalyticItemsModel", "AnalyticView", "header_fields"]

_COLUMN_CHARS = (
    (ItemColumn.CARD, 11),
    (ItemColumn.SERVICE, 22),
    (ItemColumn.DATE, 11),
    (ItemColumn.LABEL, 14),
    (ItemColumn.CEP, 10),
    (ItemColumn.WEIGHT, 9),
    (ItemColumn.UNIT_VALUE, 12),
    (ItemColumn.DISCOUNT, 11),
    (ItemColumn.QUANTITY, 6),
    (ItemColumn.NET_VALUE, 12),
)
"""Starting widths of the items table's columns, in digits."""


class AnalyticView(QWidget):
    """An analytic statement: header, items (filter, sort, export), totals and reconciliation.

    Signals: ``loaded(int)`` with the number of items, once a statement is shown;
    ``loadFailed(str)`` with the message shown, when one could not be read;
    ``exported(Path)`` with the `Path` the items shown were saved to;
    ``objectsFollowed(InvoiceObjects)`` with the objects of the lines followed
    ("Track these objects": `TrackObjects`, given a ``follow`` port).
    """

    loaded = Signal(int)
    loadFailed = Signal(str)
    exported = Signal(Path)
    objectsFollowed = Signal(InvoiceObjects)

    TASK_KEY = "invoices.analytic"
    EXPORT_TASK_KEY = "invoices.analytic.export"

    def __init__(
        self,
        runner: TaskRunner,
        parent: QWidget | None = None,
        *,
        follow: Follow | None = None,
        handoffs: Handoffs | None = None,
    ) -> None:
        """Reads files only (a job's download, a file chosen): no service, the runner does the
        work; ``follow`` (the Invoices feature's port) lets "Track these objects" follow lines."""
        super().__init__(parent)
        self.setObjectName("analyticView")
        self.runner = runner
        self._handle: TaskHandle | None = None
        self._loaded: LoadedStatement | None = None
        self._path: Path | None = None
        self._title = ""
        self._invoice: str | None = None

        self.messages = MessageArea(self)
        self.saved = SavedFileReporter(self.messages, self.EXPORT_TASK_KEY, self)
        self.saved.exported.connect(self.exported)

        self.title_label = self._title_label()
        self.header_box = StatementHeader(self)
        self.header_labels = self.header_box.labels
        self.reconciliation_label = ReconciliationLine(self)
        self.filters = ItemFiltersBar(self)
        self.filters.changed.connect(self._on_filters_changed)
        self.card_combo, self.service_combo = self.filters.card_combo, self.filters.service_combo
        self.date_from, self.date_to = self.filters.date_from, self.filters.date_to
        self.search_edit = self.filters.search_edit
        self.model = AnalyticItemsModel(self)
        self.table = self._items_table()
        self.count_label = QLabel(self)
        self.count_label.setObjectName("filteredTotals")
        self.export_button = self._export_button()
        self.tracking = TrackObjects(
            self.table, self.model, runner, self.messages, self, follow=follow, handoffs=handoffs
        )
        self.tracking.objectsFollowed.connect(self.objectsFollowed)
        self.track_button = self.tracking.button
        self.totals = StatementTotals(self)
        self.services_model, self.totals_model = self.totals.services_model, self.totals.totals_model
        self.empty_label = QLabel(self.tr("Open an analytic statement to see its items."), self)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self._build_busy_page()
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.empty_label)
        self._content = self._build_content()
        self.stack.addWidget(self._content)
        self.stack.addWidget(self.busy_page)
        layout = QVBoxLayout(self)
        layout.addWidget(self.messages)
        layout.addWidget(self.stack, 1)
        self._update_actions()

    def _export_button(self) -> QPushButton:
        button = QPushButton(self.tr("Export &spreadsheet…"), self)
        button.setToolTip(
            self.tr("The items shown, with the filters applied, as an Excel workbook (.xlsx) or CSV")
        )
        button.clicked.connect(self._on_export_button_clicked)
        return button

    def _title_label(self) -> QLabel:
        label = QLabel(self)
        label.setObjectName("analyticTitle")
        font = label.font()
        font.setBold(True)
        label.setFont(font)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    def _items_table(self) -> QTableView:
        table = sortable_table(self, self.model, "analyticItemsTable", self.tr("Statement items"))
        vertical = table.verticalHeader()
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = table.horizontalHeader()
        char = self.fontMetrics().horizontalAdvance("0")
        chars = dict(_COLUMN_CHARS)
        for column in range(self.model.columnCount()):
            # Never narrower than its title: "Quantidade" is longer than any quantity.
            width = chars.get(column, 0) * char + 16
            table.setColumnWidth(column, max(width, header.sectionSizeHint(column)))
        return table

    def _build_busy_page(self) -> None:
        """The page shown while a statement loads: widgets without a Python model (module docstring)."""
        self.busy_page = QWidget(self)
        self.busy_bar = QProgressBar(self.busy_page)
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setMaximumWidth(240)
        self.busy_bar.setTextVisible(False)
        self.busy_label = QLabel(self.busy_page)
        self.busy_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.cancel_button = QPushButton(self.tr("Cancel"), self.busy_page)
        self.cancel_button.clicked.connect(self._on_cancel_button_clicked)
        busy_layout = QVBoxLayout(self.busy_page)
        busy_layout.addStretch(1)
        busy_layout.addWidget(self.busy_label, 0, Qt.AlignmentFlag.AlignHCenter)
        busy_layout.addWidget(self.busy_bar, 0, Qt.AlignmentFlag.AlignHCenter)
        busy_layout.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignHCenter)
        busy_layout.addStretch(1)

    def _build_content(self) -> QWidget:
        """Title, header, reconciliation line and the three pages: items, per service, invoice totals."""
        items_page = QWidget(self)
        footer = QHBoxLayout()
        footer.addWidget(self.count_label, 1)
        footer.addWidget(self.track_button)
        footer.addWidget(self.export_button)
        items_layout = QVBoxLayout(items_page)
        items_layout.addWidget(self.filters)
        items_layout.addWidget(self.table, 1)
        items_layout.addLayout(footer)
        self.pages = QTabWidget(self)
        self.pages.addTab(items_page, self.tr("&Items"))
        self.pages.addTab(self.totals.services_table, self.tr("Totals per ser&vice"))
        self.pages.addTab(self.totals.totals_table, self.tr("Invoice &totals"))
        content = QWidget(self)
        content_layout = QVBoxLayout(content)
        content_layout.setContentsMargins(0, 0, 0, 0)
        content_layout.addWidget(self.title_label)
        content_layout.addWidget(self.header_box)
        content_layout.addWidget(self.reconciliation_label)
        content_layout.addWidget(self.pages, 1)
        return content

    # --- public API ----------------------------------------------------------------------------

    def load(
        self, path: Path, title: str, invoice: str | None = None, keep: StatementKeeper | None = None
    ) -> TaskHandle:
        """Read a statement CSV in the background and show it (`loaded` when shown).

        ``invoice`` names the statement as its objects are tracked (``"RE 1234567"``: the
        document type and number it was asked with); without it, the header's number.
        ``keep`` (`InvoiceService.statement_keeper`) hands the statement read to the office
        database (the Overview's spending), on the task's thread.

        The statement shown so far goes at once (its memory is freed by the task), and
        a busy page stands in for the table until the new one is ready.
        """
        self._path = Path(path)
        self._title = title
        self._invoice = invoice
        self.messages.clear(self.TASK_KEY)
        previous = self._loaded
        self._loaded = None
        self.model.set_index(None)
        self.busy_label.setText(arg(self.tr("Reading %1…"), self._path.name))
        self.stack.setCurrentWidget(self.busy_page)
        self.setCursor(Qt.CursorShape.BusyCursor)
        self._update_actions()
        self._handle = self.runner.run(
            load_indexed,
            self._path,
            None if previous is None else previous.index,
            keep,
            name="load analytic statement",
            key=self.TASK_KEY,
            on_result=self._on_load_task_result,
            on_error=self._on_load_task_error,
            on_finished=self._on_load_task_finished,
        )
        return self._handle

    def statement(self) -> AnalyticStatement | None:
        """The statement shown: its title, header and totals. Its ``items`` are emptied:
        the items live in the model's `ItemIndex` (``self.model.items()`` rebuilds them)."""
        return None if self._loaded is None else self._loaded.statement

    def reconciliation(self) -> Reconciliation | None:
        return None if self._loaded is None else self._loaded.reconciliation

    def filtered_count(self) -> int:
        """How many items pass the filters."""
        return self.model.row_count()

    def filtered_net(self) -> Decimal:
        """The sum of the net values of the items passing the filters."""
        return self.model.net_total()

    def apply_filters(self) -> None:
        """Filter now (typing waits `FILTER_DELAY_MS`; tests and the combos do not)."""
        card, service, first, last, text = self.filters.filters()
        index = self.model.item_index()
        if index is None:
            return
        rows = filter_rows(index, card=card, service=service, first=first, last=last, text=text)
        net = None
        if first is None and last is None and not text.split():  # a card's or a service's own sum
            if service is None:
                net = index.net_by_card.get(card) if card is not None else None
            elif card is None:
                net = index.net_by_service.get(service)
        self.model.set_subset(rows, net)
        self._show_filtered_totals()
        self._update_actions()

    def export_csv(self, path: Path) -> TaskHandle:
        """Save the items shown (filters applied, in the table's order) as CSV, or as an Excel
        workbook when ``path`` ends in ``.xlsx``."""
        index = self.model.item_index()
        return self.runner.run(
            export_rows,
            Path(path),
            index if index is not None else index_items([]),
            self.model.file_rows(),
            name="export analytic items",
            key=self.EXPORT_TASK_KEY,
            on_result=self.saved.saved,
            on_error=self.saved.failed,
        )

    def ask_export(self) -> TaskHandle | None:
        """Ask where to save the items shown (an Excel workbook by default, or CSV), then save them."""
        if self.model.row_count() == 0:
            return None
        stem = self._path.stem if self._path is not None else "analytic"
        path = ask_save_path(self, self.tr("Export items"), arg(self.tr("%1-items"), stem), table_types())
        return None if path is None else self.export_csv(path)

    # --- showing a statement ----------------------------------------------------------------

    def _show(self, loaded: LoadedStatement) -> None:
        self._loaded = loaded
        statement, index = loaded.statement, loaded.index
        self.title_label.setText(self._title or statement.title)
        self.title_label.setToolTip(statement.title)
        self.header_box.show_values(statement.header.values)
        self.tracking.invoice = self._invoice or header_fields(statement.header.values).get("invoice") or None
        self.filters.fill(index)
        self.model.set_index(index)
        self._show_filtered_totals()
        self.totals.show_statement(statement, loaded.reconciliation, index.service_names)
        self.reconciliation_label.show_result(loaded.reconciliation)
        self.stack.setCurrentWidget(self._content)
        self._update_actions()

    def _show_filtered_totals(self) -> None:
        index = self.model.item_index()
        total = 0 if index is None else len(index)
        shown = self.model.row_count()
        net = format_brl(self.model.net_total())
        if shown == total:
            text = arg(self.tr("%1 items · net %2"), QLocale().toString(shown), net)
        else:
            text = arg(
                self.tr("%1 of %2 items · net %3"), QLocale().toString(shown), QLocale().toString(total), net
            )
        self.count_label.setText(text)

    def _update_actions(self) -> None:
        self.export_button.setEnabled(self.model.row_count() > 0)
        self.tracking.update_enabled()

    # --- tasks ---------------------------------------------------------------------------------

    @Slot(object)
    def _on_load_task_result(self, loaded: LoadedStatement) -> None:
        self._stop_busy()
        self._show(loaded)
        self.loaded.emit(len(loaded.index))

    @Slot(object)
    def _on_load_task_error(self, error: BaseException) -> None:
        """Not only the message: it names the file and the line, and says ``loadFailed``."""

        self._stop_busy()

        name = self._path.name if self._path is not None else ""
        if isinstance(error, AnalyticFormatError) and error.line is not None:
            text = arg(
                self.tr("%1 is not a readable analytic statement: line %2: %3"),
                name,
                error.line,
                error.reason,
            )
        elif isinstance(error, AnalyticFormatError):
            text = arg(self.tr("%1 is not a readable analytic statement: %2"), name, error.reason)
        elif isinstance(error, OSError):
            text = arg(self.tr("Could not open %1: %2"), name, error.strerror or str(error))
        else:
            text = arg(self.tr("Could not read %1: %2"), name, describe_error(error))
        self.messages.show_message(text, MessageKind.ERROR, key=self.TASK_KEY)
        self.loadFailed.emit(text)

    @Slot(bool)
    def _on_load_task_finished(self, cancelled: bool) -> None:
        self._handle = None
        self._stop_busy()

    def _stop_busy(self) -> None:
        if self.stack.currentWidget() is self.busy_page:
            self.stack.setCurrentWidget(self.empty_label)
        self.unsetCursor()

    # --- widget slots --------------------------------------------------------------------------

    @Slot()
    def _on_cancel_button_clicked(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self._stop_busy()

    @Slot()
    def _on_filters_changed(self) -> None:
        self.apply_filters()

    @Slot()
    def _on_export_button_clicked(self) -> None:
        self.ask_export()
