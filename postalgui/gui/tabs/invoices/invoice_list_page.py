"""The Invoices page: the query bar (contract, DR, period), the invoice table with its
filters and actions, the summary of what it shows, and the jobs panel below.

A `ListPage` (toolbar, filter row, table, summary) under the query bar, in a splitter
with the jobs panel. The page holds widgets and what they show; the tab runs the tasks.
Texts keep the `InvoicesTab` translation context, where the catalog has them.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QDate, QModelIndex, Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDateEdit,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.models.invoices import Invoice
from postalgui.api.values import InvalidValue, format_brl, pad_contract_number
from postalgui.gui.messages import arg, rule_message
from postalgui.gui.tabs.invoices.activity import ActivityIndicator
from postalgui.gui.tabs.invoices.invoice_model import (
    InvoiceColumn,
    InvoiceFilterProxy,
    InvoiceModel,
    InvoiceTotals,
    invoice_totals,
)
from postalgui.gui.widgets.filter_row import FilterRow
from postalgui.gui.widgets.list_page import ListPage
from postalgui.gui.widgets.window_state import RememberedSplitter

if TYPE_CHECKING:
    from postalgui.gui.tabs.invoices.invoice_actions import InvoiceActions
    from postalgui.gui.tabs.invoices.jobs_panel import JobsPanel

__all__ = ["InvoiceListPage", "InvoiceQuery"]

InvoiceQuery = tuple[str, int, date, date]
"""Contract (10 digits), DR, first and last day of the period."""


def _day(value: QDate) -> date:
    """A `QDate` as a `date` (``toPython`` is typed as returning ``object``)."""
    return date(value.year(), value.month(), value.day())


def _date_edit(value: date, parent: QWidget) -> QDateEdit:
    edit = QDateEdit(QDate(value.year, value.month, value.day), parent)
    edit.setDisplayFormat("dd/MM/yyyy")
    edit.setCalendarPopup(True)
    return edit


class InvoiceListPage(ListPage):
    """Query bar, invoice table (filtered by words and status), summary, activity and jobs.

    Signals: ``refreshRequested()`` (Refresh, Enter in the contract, F5);
    ``cancelRequested()`` (Escape); ``invoiceActivated(Invoice)`` with the `Invoice`
    double-clicked or entered; ``exportRequested()`` (Export spreadsheet); ``rowsChanged()``
    when the rows shown changed (a list, a filter); ``stateChanged()`` when the selection
    or the query changed.
    """

    refreshRequested = Signal()
    cancelRequested = Signal()
    invoiceActivated = Signal(Invoice)
    exportRequested = Signal()
    rowsChanged = Signal()
    stateChanged = Signal()

    def __init__(
        self,
        contract: tuple[str, int | None],
        period: tuple[date, date],
        actions: InvoiceActions,
        jobs: JobsPanel,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("invoice", parent, selection=QAbstractItemView.SelectionMode.SingleSelection)
        self.setObjectName("invoiceListPage")
        self.model = InvoiceModel(self)
        self.proxy = InvoiceFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        query = self._build_query_bar(contract, period)
        self._build_table(actions)
        filters = self._build_filters()
        self.activity = ActivityIndicator(self)
        upper = self.build_frame(
            (*actions.on_invoice, actions.preview),
            filters,
            (self.activity.label, self.activity.busy_bar),
            placed=False,
        )
        self.toolbar.setWindowTitle(QCoreApplication.translate("InvoicesTab", "Invoice actions"))
        self.summary = self.summary_label
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        splitter = RememberedSplitter.of(
            "invoices.list", Qt.Orientation.Vertical, self, ((upper, 3), (jobs, 1))
        )
        splitter.setObjectName("invoiceSplitter")
        layout = QVBoxLayout(self)
        layout.addLayout(query)
        layout.addWidget(splitter, 1)
        self._add_shortcuts()

    # --- construction ----------------------------------------------------------------

    def _build_query_bar(self, contract: tuple[str, int | None], period: tuple[date, date]) -> QHBoxLayout:
        """``contract``: the contract number and DR the bar starts with (Settings')."""
        self.contract_edit = QLineEdit(contract[0], self)
        self.contract_edit.setObjectName("contractEdit")
        self.contract_edit.setPlaceholderText(QCoreApplication.translate("InvoicesTab", "Contract number"))
        self.contract_edit.setMaxLength(10)
        self.contract_edit.returnPressed.connect(self.refreshRequested)
        self.contract_edit.textChanged.connect(self.stateChanged)
        self.dr_spin = QSpinBox(self)
        self.dr_spin.setObjectName("drSpin")
        self.dr_spin.setRange(0, 99)
        self.dr_spin.setSpecialValueText("\N{EM DASH}")
        self.dr_spin.setValue(contract[1] or 0)
        self.dr_spin.setToolTip(QCoreApplication.translate("InvoicesTab", "State office (DR) number"))
        self.dr_spin.valueChanged.connect(self.stateChanged)
        self.from_edit = _date_edit(period[0], self)
        self.from_edit.setObjectName("fromDate")
        self.from_edit.setToolTip(
            QCoreApplication.translate("InvoicesTab", "Invoices closed on this day or later (closing date)")
        )
        self.to_edit = _date_edit(period[1], self)
        self.to_edit.setObjectName("toDate")
        self.to_edit.setToolTip(
            QCoreApplication.translate("InvoicesTab", "Invoices closed on this day or earlier (closing date)")
        )
        self.refresh_button = QPushButton(QCoreApplication.translate("InvoicesTab", "&Refresh"), self)
        self.refresh_button.setObjectName("refreshButton")
        self.refresh_button.setToolTip(
            QCoreApplication.translate("InvoicesTab", "Load the invoices of the period (F5)")
        )
        self.refresh_button.clicked.connect(self.refreshRequested)
        query = QHBoxLayout()
        for text, widget in (
            (QCoreApplication.translate("InvoicesTab", "&Contract:"), self.contract_edit),
            (QCoreApplication.translate("InvoicesTab", "D&R:"), self.dr_spin),
            (QCoreApplication.translate("InvoicesTab", "&From:"), self.from_edit),
            (QCoreApplication.translate("InvoicesTab", "&To:"), self.to_edit),
        ):
            label = QLabel(text, self)
            label.setBuddy(widget)
            query.addWidget(label)
            query.addWidget(widget)
        query.addWidget(self.refresh_button)
        query.addStretch(1)
        return query

    def _build_filters(self) -> FilterRow:
        """Words and status narrow the list; Export saves what they leave."""
        filters = FilterRow(
            self,
            self.list_name,
            hint=QCoreApplication.translate("InvoicesTab", "Filter: number, date, amount, document…"),
            search_name=QCoreApplication.translate("InvoicesTab", "Search the invoices"),
            label=QCoreApplication.translate("InvoicesTab", "Stat&us:"),
            choice_name=QCoreApplication.translate("InvoicesTab", "Status filter"),
            everything=QCoreApplication.translate("InvoicesTab", "All statuses"),
            choices=(
                (QCoreApplication.translate("InvoicesTab", "Open"), "open"),
                (QCoreApplication.translate("InvoicesTab", "Paid"), "paid"),
                (QCoreApplication.translate("InvoicesTab", "Reversed"), "reversed"),
                (QCoreApplication.translate("InvoicesTab", "Other"), "other"),
            ),
        )
        self.filter_edit, self.status_combo = filters.search, filters.choice
        self.filter_edit.setMinimumWidth(240)
        self.export_button = QPushButton(
            QCoreApplication.translate("InvoicesTab", "Export &spreadsheet…"), self
        )
        self.export_button.setObjectName("exportInvoicesButton")
        self.export_button.setToolTip(
            QCoreApplication.translate(
                "InvoicesTab", "The invoices shown, as an Excel workbook (.xlsx) or CSV"
            )
        )
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(self.exportRequested)
        self.rowsChanged.connect(self._on_rows_changed)
        filters.addWidget(self.export_button)
        return filters

    def _build_table(self, actions: InvoiceActions) -> None:
        table = self.build_table(
            self.model,
            QCoreApplication.translate("InvoicesTab", "Invoices"),
            (InvoiceColumn.DUE, Qt.SortOrder.DescendingOrder),
            None,
            proxy=self.proxy,
        )
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for action in actions.on_invoice:
            table.addAction(action)
        separator = QAction(self)
        separator.setSeparator(True)
        table.addAction(separator)
        table.addAction(actions.preview)
        table.activated.connect(self._on_table_activated)
        self.proxy.modelReset.connect(self._on_proxy_model_reset)
        self.proxy.rowsInserted.connect(self._on_proxy_rows_inserted_or_removed)
        self.proxy.rowsRemoved.connect(self._on_proxy_rows_inserted_or_removed)

    def _add_shortcuts(self) -> None:
        refresh = QShortcut(QKeySequence(QKeySequence.StandardKey.Refresh), self)
        refresh.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        refresh.activated.connect(self.refreshRequested)
        if QKeySequence(Qt.Key.Key_F5) not in QKeySequence.keyBindings(QKeySequence.StandardKey.Refresh):
            f5 = QShortcut(QKeySequence(Qt.Key.Key_F5), self)
            f5.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            f5.activated.connect(self.refreshRequested)
        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        escape.activated.connect(self.cancelRequested)

    # --- what the page holds ---------------------------------------------------------

    def query(self) -> tuple[InvoiceQuery | None, list[str]]:
        """Contract, DR and period from the query bar, or ``None`` and what is wrong with them."""
        problems: list[str] = []
        contract = self.contract_edit.text().strip()
        if not contract:
            problems.append(QCoreApplication.translate("InvoicesTab", "Enter the contract number."))
        else:
            try:
                contract = pad_contract_number(contract)
            except InvalidValue as exc:
                problems.append(rule_message(exc))
        dr = self.dr_spin.value()
        if dr <= 0:
            problems.append(QCoreApplication.translate("InvoicesTab", "Enter the DR (state office number)."))
        start, end = _day(self.from_edit.date()), _day(self.to_edit.date())
        if start > end:
            problems.append(QCoreApplication.translate("InvoicesTab", "The period starts after it ends."))
        return (None, problems) if problems else ((contract, dr, start, end), [])

    def has_contract(self) -> bool:
        """Contract and DR are filled in (not checked)."""
        return bool(self.contract_edit.text().strip()) and self.dr_spin.value() > 0

    def totals(self) -> InvoiceTotals:
        """Open and paid sums of the invoices the filter shows."""
        return invoice_totals(self.proxy.invoices())

    def current_invoice(self) -> Invoice | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.invoice(self.proxy.mapToSource(rows[0]).row())

    def select_invoice(self, number: int, item: str | None = None) -> bool:
        """Select the row of invoice ``number`` (and ``item``, for instalments); False when not shown."""
        for row in range(self.proxy.rowCount()):
            invoice = self.proxy.invoice(row)
            if invoice.id == number and (item is None or invoice.itemFatura == item):
                self.table.selectRow(row)
                self.table.scrollTo(self.proxy.index(row, 0))
                return True
        return False

    def apply_filter(self, choice: str, text: str) -> None:
        """The proxy filters, in its C++; ``choice`` empty: every status."""
        self.proxy.set_text(text)
        self.proxy.set_status(choice or "all")
        self.rowsChanged.emit()

    def update_actions(self) -> None:
        """The tab enables the actions (they need its state too)."""
        self.stateChanged.emit()

    def show_summary(self, *, loading: bool, queried: bool) -> None:
        """Counts and sums of what the table shows (or why it shows nothing); the tab knows
        whether a list is loading or was ever asked for."""
        total = self.model.rowCount()
        if loading and not total:
            self.summary.setText(QCoreApplication.translate("InvoicesTab", "Loading invoices…"))
            return
        if not queried and not total:
            self.summary.setText("")
            return
        if not total:
            self.summary.setText(QCoreApplication.translate("InvoicesTab", "No invoices in this period."))
            return
        totals = self.totals()
        if totals.count == total:
            count = QCoreApplication.translate("InvoicesTab", "%n invoice(s)", "", total)
        else:
            count = arg(
                QCoreApplication.translate("InvoicesTab", "Showing %1 of %2 invoices"), totals.count, total
            )
        self.summary.setText(
            arg(
                QCoreApplication.translate("InvoicesTab", "%1 · Open: %2 (%3) · Paid: %4 (%5)"),
                count,
                format_brl(totals.open_total),
                totals.open_count,
                format_brl(totals.paid_total),
                totals.paid_count,
            )
        )

    # --- slots -------------------------------------------------------------------------

    @Slot()
    def _on_proxy_model_reset(self) -> None:
        self.rowsChanged.emit()

    @Slot(QModelIndex, int, int)
    def _on_proxy_rows_inserted_or_removed(self, _parent: QModelIndex, _first: int, _last: int) -> None:
        self.rowsChanged.emit()

    @Slot()
    def _on_rows_changed(self) -> None:
        self.export_button.setEnabled(self.proxy.rowCount() > 0)

    @Slot(QModelIndex)
    def _on_table_activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.invoiceActivated.emit(self.model.invoice(self.proxy.mapToSource(index).row()))
