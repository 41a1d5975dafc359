"""An invoice's analytic statement: its items, filtered and sorted, against its own totals.

A statement can hold 100,000 detail lines. The GUI thread must never stall more than
50 ms, and with a Python model it has three ways to:

- Work on the GUI thread. The worker that reads the CSV also builds an `ItemIndex`:
  the items as columns, each column's rows in ascending order, the rows of each card
  and service, a folded search text per row. Filtering is then a few C passes over
  those columns into an array of rows; sorting keeps the filtered rows in a
  precomputed order (``itertools.compress`` over a byte mask): no comparison runs on
  the GUI thread. The model formats a cell only when Qt asks for it and hands the
  rows out in blocks (``canFetchMore``/``fetchMore``).
- The interpreter lock. A worker holds it through any single C call (a ``sorted`` of
  100,000 strings: 30-70 ms), so the worker's work comes in steps of `_STEP` rows
  (`sorted_rows`, `_merge`). And while the worker runs, every Python call the GUI
  thread makes waits up to the 5 ms switch interval: painting the table (``data()``
  per cell) took over a second, so a busy page without a Python model stands in for
  the table while a statement loads.
- Garbage collection. 100,000 `AnalyticItem` objects cost each collection of their
  generation about 100 ms; the index keeps the items as arrays of codes into a few
  distinct values (`Column`), which the collector never walks.

Money is always `Decimal`; the reconciliation (block 3 against blocks 4 and 5) comes
from `postalgui.api.analytic.reconcile`.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QDate,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QStandardPaths,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QColor,
    QGuiApplication,
    QPalette,
    QStandardItem,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.models.invoices import AnalyticItem
from postalgui.api.values import InvalidValue, format_brl, format_cep
from postalgui.gui.messages import arg, describe_error, display_cnpj
from postalgui.gui.models.formatting import error_colour, format_grams
from postalgui.gui.models.roles import SORT_ROLE
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.saved_file import SavedFileReporter
from postalgui.services.invoices.columns import ROWS
from postalgui.services.invoices.item_index import (
    ItemColumn,
    ItemIndex,
    LoadedStatement,
    export_rows,
    filter_rows,
    index_items,
    key_date,
    load_indexed,
)

if TYPE_CHECKING:
    from postalgui.api.analytic import Reconciliation
    from postalgui.api.models.invoices import AnalyticStatement, ServiceTotal
    from postalgui.services.context import AppContext
    from postalgui.services.tasks import TaskHandle, TaskRunner

__all__ = [
    "FETCH_BLOCK",
    "AnalyticItemsModel",
    "AnalyticView",
]

FETCH_BLOCK = 1000
"""Rows the items table takes from the model at a time (`AnalyticItemsModel.fetchMore`)."""

FILTER_DELAY_MS = 250
"""Typing in the search field or a date waits this long before filtering 100,000 rows."""

ModelIndex = QModelIndex | QPersistentModelIndex
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_ZERO = Decimal(0)
_CENT_ZERO = Decimal("0.00")


_NUMERIC = frozenset(
    {
        ItemColumn.WEIGHT,
        ItemColumn.UNIT_VALUE,
        ItemColumn.DISCOUNT,
        ItemColumn.QUANTITY,
        ItemColumn.NET_VALUE,
        ItemColumn.DECLARED_VALUE,
    }
)


def _item_headers() -> tuple[str, ...]:
    return (
        QCoreApplication.translate("AnalyticItemsModel", "Card"),
        QCoreApplication.translate("AnalyticItemsModel", "Service"),
        QCoreApplication.translate("AnalyticItemsModel", "Posting date"),
        QCoreApplication.translate("AnalyticItemsModel", "Label"),
        QCoreApplication.translate("AnalyticItemsModel", "Destination CEP"),
        QCoreApplication.translate("AnalyticItemsModel", "Weight"),
        QCoreApplication.translate("AnalyticItemsModel", "Unit value"),
        QCoreApplication.translate("AnalyticItemsModel", "Discount"),
        QCoreApplication.translate("AnalyticItemsModel", "Quantity"),
        QCoreApplication.translate("AnalyticItemsModel", "Net value"),
        QCoreApplication.translate("AnalyticItemsModel", "Declared value"),
    )


# --- the items model -------------------------------------------------------------------------


def _grouped(number: int) -> str:
    return f"{number:,}".replace(",", ".")


_MONEY = frozenset(
    {ItemColumn.UNIT_VALUE, ItemColumn.DISCOUNT, ItemColumn.NET_VALUE, ItemColumn.DECLARED_VALUE}
)

_DISPLAY_ROLE = int(Qt.ItemDataRole.DisplayRole)
_ALIGNMENT_ROLE = int(Qt.ItemDataRole.TextAlignmentRole)
_SORT_ROLE = int(SORT_ROLE)
_ROLES = frozenset({_DISPLAY_ROLE, _ALIGNMENT_ROLE, _SORT_ROLE, int(Qt.ItemDataRole.ToolTipRole)})

_ITEM_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

_TOOLTIPS = {
    ItemColumn.CARD: "titular",
    ItemColumn.SERVICE: "servicos_adicionais",
    ItemColumn.LABEL: "documento",
    ItemColumn.CEP: "unidade_postagem",
}
"""The field a column's tooltip shows: the holder, additional services, document, unit."""


def _cep(text: str) -> str:
    try:
        return format_cep(text)
    except InvalidValue:
        return text


class AnalyticItemsModel(QAbstractTableModel):
    """The items of a statement: a filtered, sorted list of file rows over an `ItemIndex`.

    The rows shown come in blocks of `FETCH_BLOCK` (``canFetchMore``/``fetchMore``);
    ``row_count()`` is how many pass the filter. Texts are made when Qt asks for a cell.
    `SORT_ROLE` gives the native value (``Decimal``, ``int``, the date as ``YYYYMMDD``).
    The model sorts itself with the index's precomputed orders; columns without a
    value (an unreadable date) go last either way.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._index: ItemIndex | None = None
        self._subset: Sequence[int] | None = None
        self._net: Decimal | None = None
        self._rows: array[int] = array(ROWS)
        self._fetched = 0
        self._sorting: tuple[int, Qt.SortOrder] | None = None
        self._announcing_change = False

    # --- content ----------------------------------------------------------------------------

    def set_index(self, index: ItemIndex | None) -> None:
        """Show a statement's items (all of them: the filter is cleared)."""
        self._index = index
        self._subset = None
        self._net = None
        self._reset()

    def set_subset(self, rows: Sequence[int] | None, net: Decimal | None = None) -> None:
        """Show only these file rows (`filter_rows`); ``None`` shows every row.

        ``net`` is their net sum when the caller knows it (a card's, a service's).
        """
        self._subset = rows
        self._net = net
        self._reset()

    def item_index(self) -> ItemIndex | None:
        return self._index

    def row_count(self) -> int:
        """How many items pass the filter (not only the rows fetched so far)."""
        return len(self._rows)

    def file_rows(self) -> array[int]:
        """The file rows passing the filter, in the order shown."""
        return array(ROWS, self._rows)

    def items(self) -> list[AnalyticItem]:
        """The items passing the filter, in the order shown (rebuilt: a worker's job for many)."""
        if self._index is None:
            return []
        return self._index.items_at(self._rows)

    def item(self, row: int) -> AnalyticItem:
        """The item shown in a row of the model."""
        if self._index is None:
            raise IndexError(row)
        return self._index.item(self._rows[row])

    def net_total(self) -> Decimal:
        """The sum of the net values of the items passing the filter."""
        if self._index is None:
            return _ZERO
        if self._subset is None:
            return self._index.net_total
        if self._net is None:
            self._net = self._index.net_of(self._subset)
        return self._net

    def sorting(self) -> tuple[int, Qt.SortOrder] | None:
        return self._sorting

    def _reset(self) -> None:
        self.beginResetModel()
        self._rows = self._arranged()
        self._fetched = min(FETCH_BLOCK, len(self._rows))
        with self._announcing():
            self.endResetModel()

    @contextmanager
    def _announcing(self) -> Iterator[None]:
        """No fetching while a reset, a new order or a block of rows is being announced.

        Views and Qt's model tester ask for more rows from their handlers of these
        signals; rows inserted then would reach the listeners not yet told of the
        change in the middle of it (a proxy, the tester's own bookkeeping), and a
        nested ``fetchMore`` would count the same block twice. The rows already there
        stay; further blocks come on the next ask.
        """
        self._announcing_change = True
        try:
            yield
        finally:
            self._announcing_change = False

    def _arranged(self) -> array[int]:
        """The filtered rows in the current sort order (a few C passes over the rows)."""
        index = self._index
        if index is None:
            return array(ROWS)
        if self._sorting is None:
            return array(ROWS, index.rows if self._subset is None else self._subset)
        column, order = self._sorting
        descending = order == Qt.SortOrder.DescendingOrder
        return index.ordered(column, descending=descending, subset=self._subset)

    # --- sorting ----------------------------------------------------------------------------

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Order by a column (``-1``: file order) with the precomputed orders: no comparisons."""
        self._sorting = (column, order) if 0 <= column < ItemColumn.COUNT else None
        rows = self._arranged()
        if rows == self._rows:
            return
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        old_rows = self._rows
        self._rows = rows
        if before:
            wanted = {old_rows[index.row()] for index in before if index.row() < len(old_rows)}
            if len(wanted) <= 8:
                position = {row: rows.index(row) for row in wanted}
            else:
                position = {row: place for place, row in enumerate(rows) if row in wanted}
            after = []
            for index in before:
                place = position.get(old_rows[index.row()], -1) if index.row() < len(old_rows) else -1
                after.append(
                    self.index(place, index.column()) if 0 <= place < self._fetched else QModelIndex()
                )
            self.changePersistentIndexList(before, after)
        with self._announcing():
            self.layoutChanged.emit()

    # --- lazy rows --------------------------------------------------------------------------

    def canFetchMore(self, parent: ModelIndex) -> bool:
        return not parent.isValid() and not self._announcing_change and self._fetched < len(self._rows)

    def fetchMore(self, parent: ModelIndex) -> None:
        if parent.isValid() or self._announcing_change:
            return
        count = min(FETCH_BLOCK, len(self._rows) - self._fetched)
        if count <= 0:
            return
        with self._announcing():  # a listener asking for more now would fetch this block twice
            self.beginInsertRows(QModelIndex(), self._fetched, self._fetched + count - 1)
            self._fetched += count
            self.endInsertRows()

    # --- Qt's model API ---------------------------------------------------------------------

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008  # Qt's default
        return 0 if parent.isValid() else self._fetched

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008  # Qt's default
        return 0 if parent.isValid() else ItemColumn.COUNT

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        return _ITEM_FLAGS if index.isValid() else Qt.ItemFlag.NoItemFlags

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Qt asks about ten roles per painted cell; the unused ones leave at the first test.
        if role not in _ROLES or self._index is None:
            return None
        row = index.row()
        if row < 0:  # an invalid index
            return None
        column = index.column()
        if role == _DISPLAY_ROLE:
            return self._text(self._index, self._rows[row], column)
        if role == _ALIGNMENT_ROLE:
            return _RIGHT if column in _NUMERIC else _LEFT
        if role == _SORT_ROLE:
            return self._index.sort_value(column, self._rows[row])
        name = _TOOLTIPS.get(column)  # the tooltip role
        return (self._index.fields[name][self._rows[row]] or None) if name else None

    @staticmethod
    def _text(index: ItemIndex, row: int, column: int) -> str:
        value = index.column(column)[row]
        if column == ItemColumn.SERVICE:
            name = index.fields["servico"][row]
            return f"{value} {name}" if name else str(value)
        if column == ItemColumn.CEP:
            return _cep(value)
        if column == ItemColumn.WEIGHT:
            return format_grams(value)
        if column == ItemColumn.QUANTITY:
            return _grouped(value)
        if column in _MONEY:
            return format_brl(value)
        return str(value)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < ItemColumn.COUNT:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return _item_headers()[section]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if section in _NUMERIC else _LEFT
        return None


# --- small read-only tables --------------------------------------------------------------------


def _signed(amount: Decimal) -> str:
    """``+R$ 1,00`` / ``-R$ 1,00``: a difference says which way it goes."""
    return f"+{format_brl(amount)}" if amount > 0 else format_brl(amount)


def _adjustments(statement: AnalyticStatement) -> Decimal:
    """What block 5 adds besides the services and the total (charges, credits, complement, ...)."""
    rows = statement.invoice_totals[:-1]
    return sum((row.valor for row in rows if not _fold(row.descricao).startswith("SERVICOS")), _ZERO)


def ok_colour() -> QColor:
    """A green that reads on the current palette."""
    base = QGuiApplication.palette().color(QPalette.ColorRole.Base)
    return QColor("#6ccb5f") if base.lightness() < 128 else QColor("#107c10")


def _cell(
    text: str, *, right: bool = False, colour: QColor | None = None, key: object = None
) -> QStandardItem:
    item = QStandardItem(text)
    item.setEditable(False)
    item.setData(_RIGHT if right else _LEFT, Qt.ItemDataRole.TextAlignmentRole)
    if colour is not None:
        item.setForeground(colour)
    if key is not None:
        item.setData(key, SORT_ROLE)
    return item


def _small_table(parent: QWidget, model: QStandardItemModel, name: str) -> QTableView:
    table = QTableView(parent)
    table.setObjectName(name)
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    table.verticalHeader().hide()
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
    return table


# --- the view ----------------------------------------------------------------------------------


_HEADER_FIELDS = (
    ("invoice", ("Nº DA FATURA", "N° DA FATURA", "NO DA FATURA", "NUMERO DA FATURA", "FATURA")),
    ("cnpj", ("CNPJ",)),
    ("company", ("RAZAO SOCIAL", "RAZÃO SOCIAL")),
    ("contract", ("CONTRATO",)),
    ("dr", ("SE DO CONTRATO",)),
    ("cost_centre", ("CENTRO DE CUSTO",)),
    ("status", ("STATUS",)),
    ("due", ("DATA VENCIMENTO", "DATA DE VENCIMENTO")),
    ("closed", ("DATA FECHAMENTO", "DATA DE FECHAMENTO")),
    ("customer", ("CODIGO DO CLIENTE", "CÓDIGO DO CLIENTE")),
    ("paid", ("DATA PAGAMENTO", "DATA DE PAGAMENTO")),
)


def _fold(title: str) -> str:
    import unicodedata

    bare = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return " ".join(bare.upper().replace("º", "").replace("°", "").split())


def header_fields(values: dict[str, str]) -> dict[str, str]:
    """The header block's values by our own names; titles matched without accents or case."""
    folded = {_fold(title): value.strip() for title, value in values.items()}
    found: dict[str, str] = {}
    for name, titles in _HEADER_FIELDS:
        for title in titles:
            value = folded.get(_fold(title))
            if value is not None:
                found[name] = value
                break
    return found


class AnalyticView(QWidget):
    """An analytic statement: header, items (filter, sort, export), totals and reconciliation.

    Signals: ``loaded(int)`` with the number of items, once a statement is shown;
    ``loadFailed(str)`` with the message shown, when one could not be read;
    ``exported(object)`` with the `Path` the items shown were saved to.
    """

    loaded = Signal(int)
    loadFailed = Signal(str)
    exported = Signal(object)

    TASK_KEY = "invoices.analytic"
    EXPORT_TASK_KEY = "invoices.analytic.export"

    def __init__(self, context: AppContext, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("analyticView")
        self.context = context
        self.runner = runner
        self._handle: TaskHandle | None = None
        self._loaded: LoadedStatement | None = None
        self._path: Path | None = None
        self._title = ""
        documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        self._folder = Path(documents) if documents else Path.home()

        self.messages = MessageArea(self)
        self.saved = SavedFileReporter(self.messages, self.EXPORT_TASK_KEY, self)
        self.saved.exported.connect(self.exported)

        # --- header block
        self.title_label = QLabel(self)
        self.title_label.setObjectName("analyticTitle")
        font = self.title_label.font()
        font.setBold(True)
        self.title_label.setFont(font)
        self.title_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.header_box = QGroupBox(self.tr("Invoice"), self)
        self.header_labels: dict[str, QLabel] = {}
        header_form = QFormLayout()
        header_form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        second_form = QFormLayout()
        for name, caption, form in (
            ("invoice", self.tr("Invoice number:"), header_form),
            ("company", self.tr("Company:"), header_form),
            ("contract", self.tr("Contract:"), header_form),
            ("status", self.tr("Status:"), header_form),
            ("due", self.tr("Due date:"), second_form),
            ("closed", self.tr("Closing date:"), second_form),
            ("paid", self.tr("Payment date:"), second_form),
            ("cost_centre", self.tr("Cost centre:"), second_form),
        ):
            label = QLabel(self.header_box)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.header_labels[name] = label
            form.addRow(caption, label)
        header_row = QHBoxLayout(self.header_box)
        header_row.addLayout(header_form, 3)
        header_row.addLayout(second_form, 2)

        # --- the page shown while a statement loads: widgets without a Python model.
        # While the worker parses, every Python call the GUI thread makes (each cell a
        # table paints asks `data()`) waits for the interpreter lock, up to the 5 ms
        # switch interval each: repainting the items table then took over a second.
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

        # --- reconciliation line
        self.reconciliation_label = QLabel(self)
        self.reconciliation_label.setObjectName("reconciliationLine")
        self.reconciliation_label.setWordWrap(True)
        self.reconciliation_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        # --- filters
        self.card_combo = QComboBox(self)
        self.card_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.card_combo.currentIndexChanged.connect(self._on_card_combo_current_index_changed)
        card_label = QLabel(self.tr("C&ard:"), self)
        card_label.setBuddy(self.card_combo)
        self.service_combo = QComboBox(self)
        self.service_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.service_combo.currentIndexChanged.connect(self._on_service_combo_current_index_changed)
        service_label = QLabel(self.tr("Ser&vice:"), self)
        service_label.setBuddy(self.service_combo)
        self.date_from = QDateEdit(self)
        self.date_to = QDateEdit(self)
        for edit in (self.date_from, self.date_to):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("dd/MM/yyyy")
        self.date_from.dateChanged.connect(self._on_date_from_date_changed)
        self.date_to.dateChanged.connect(self._on_date_to_date_changed)
        from_label = QLabel(self.tr("&From:"), self)
        from_label.setBuddy(self.date_from)
        to_label = QLabel(self.tr("&To:"), self)
        to_label.setBuddy(self.date_to)
        self.search_edit = QLineEdit(self)
        self.search_edit.setPlaceholderText(self.tr("Label, CEP, document, date"))
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.textChanged.connect(self._on_search_edit_text_changed)
        search_label = QLabel(self.tr("S&earch:"), self)
        search_label.setBuddy(self.search_edit)
        self._filter_timer = QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(FILTER_DELAY_MS)
        self._filter_timer.timeout.connect(self._on_filter_timer_timeout)

        # --- items table
        self.model = AnalyticItemsModel(self)
        self.table = QTableView(self)
        self.table.setObjectName("analyticItemsTable")
        self.table.setModel(self.model)
        self.table.setAccessibleName(self.tr("Statement items"))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        vertical = self.table.verticalHeader()
        vertical.hide()
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # file order until a header is clicked
        self.table.setSortingEnabled(True)
        char = self.fontMetrics().horizontalAdvance("0")
        for column, chars in (
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
        ):
            self.table.setColumnWidth(column, chars * char + 16)
        self.count_label = QLabel(self)
        self.count_label.setObjectName("filteredTotals")
        self.export_button = QPushButton(self.tr("Export C&SV…"), self)
        self.export_button.setToolTip(self.tr("The items shown, with the filters applied"))
        self.export_button.clicked.connect(self._on_export_button_clicked)

        # --- totals per service (block 4 against the items) and the invoice's totals (block 5)
        self.services_model = QStandardItemModel(0, 7, self)
        self.services_table = _small_table(self, self.services_model, "serviceTotalsTable")
        self.services_table.setAccessibleName(self.tr("Totals per service"))
        self.totals_model = QStandardItemModel(0, 3, self)
        self.totals_table = _small_table(self, self.totals_model, "invoiceTotalsTable")
        self.totals_table.setAccessibleName(self.tr("Invoice totals"))
        self._set_table_headers()

        # --- pages
        items_page = QWidget(self)
        filters = QHBoxLayout()
        filters.addWidget(card_label)
        filters.addWidget(self.card_combo)
        filters.addWidget(service_label)
        filters.addWidget(self.service_combo)
        filters.addWidget(from_label)
        filters.addWidget(self.date_from)
        filters.addWidget(to_label)
        filters.addWidget(self.date_to)
        filters.addWidget(search_label)
        filters.addWidget(self.search_edit, 1)
        footer = QHBoxLayout()
        footer.addWidget(self.count_label, 1)
        footer.addWidget(self.export_button)
        items_layout = QVBoxLayout(items_page)
        items_layout.addLayout(filters)
        items_layout.addWidget(self.table, 1)
        items_layout.addLayout(footer)
        self.pages = QTabWidget(self)
        self.pages.addTab(items_page, self.tr("&Items"))
        self.pages.addTab(self.services_table, self.tr("Totals per ser&vice"))
        self.pages.addTab(self.totals_table, self.tr("Invoice &totals"))

        self.empty_label = QLabel(self.tr("Open an analytic statement to see its items."), self)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        content = QWidget(self)
        content_layout = QVBoxLayout(content)
        content_layout.setContentsMargins(0, 0, 0, 0)
        content_layout.addWidget(self.title_label)
        content_layout.addWidget(self.header_box)
        content_layout.addWidget(self.reconciliation_label)
        content_layout.addWidget(self.pages, 1)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.empty_label)
        self.stack.addWidget(content)
        self.stack.addWidget(self.busy_page)
        self._content = content

        layout = QVBoxLayout(self)
        layout.addWidget(self.messages)
        layout.addWidget(self.stack, 1)
        self._update_actions()

    # --- public API ----------------------------------------------------------------------------

    def load(self, path: Path, title: str) -> TaskHandle:
        """Read a statement CSV in the background and show it (`loaded` when shown).

        The statement shown so far goes at once (its memory is freed by the task), and
        a busy page stands in for the table until the new one is ready.
        """
        self._path = Path(path)
        self._title = title
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
            name="load analytic statement",
            key=self.TASK_KEY,
            on_result=self._on_load_task_result,
            on_error=self._on_load_task_error,
            on_finished=self._on_load_task_finished,
        )
        return self._handle

    def statement(self) -> AnalyticStatement | None:
        """The statement shown: its title, header and totals. Its ``items`` list is empty:
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
        self._filter_timer.stop()
        index = self.model.item_index()
        if index is None:
            return
        first, last = self._date_bounds(index)
        card, service, text = (
            self.card_combo.currentData(),
            self.service_combo.currentData(),
            self.search_edit.text(),
        )
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
        """Save the items shown (filters applied, in the table's order) as CSV."""
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
        """Ask where to save the items shown, then save them."""
        if self.model.row_count() == 0:
            return None
        stem = self._path.stem if self._path is not None else "analytic"
        suggested = self._folder / f"{stem}-items.csv"
        chosen, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export items to CSV"), str(suggested), self.tr("CSV files (*.csv)")
        )
        if not chosen:
            return None
        path = Path(chosen)
        if path.suffix.lower() != ".csv":
            path = path.with_name(f"{path.name}.csv")
        self._folder = path.parent
        return self.export_csv(path)

    # --- showing a statement ----------------------------------------------------------------

    def _show(self, loaded: LoadedStatement) -> None:
        self._loaded = loaded
        statement, index = loaded.statement, loaded.index
        self.title_label.setText(self._title or statement.title)
        self.title_label.setToolTip(statement.title)
        self._show_header(statement.header.values)
        self._fill_filters(index)
        self.model.set_index(index)
        self._show_filtered_totals()
        self._show_services(statement, loaded.reconciliation)
        self._show_invoice_totals(statement)
        self._show_reconciliation(statement, loaded.reconciliation)
        self.stack.setCurrentWidget(self._content)
        self._update_actions()

    def _show_header(self, values: dict[str, str]) -> None:
        fields = header_fields(values)
        company = fields.get("company", "")
        cnpj = fields.get("cnpj", "")
        if cnpj:
            company = f"{company} ({display_cnpj(cnpj)})" if company else display_cnpj(cnpj)
        contract = fields.get("contract", "")
        if fields.get("dr"):
            contract = arg(self.tr("%1, DR %2"), contract, fields["dr"]) if contract else fields["dr"]
        texts = {
            "invoice": fields.get("invoice", ""),
            "company": company,
            "contract": contract,
            "status": fields.get("status", ""),
            "due": fields.get("due", ""),
            "closed": fields.get("closed", ""),
            "paid": fields.get("paid", ""),
            "cost_centre": fields.get("cost_centre", ""),
        }
        for name, label in self.header_labels.items():
            label.setText(texts.get(name) or "\N{EM DASH}")

    def _fill_filters(self, index: ItemIndex) -> None:
        for combo in (self.card_combo, self.service_combo):
            combo.blockSignals(True)
            combo.clear()
        self.card_combo.addItem(self.tr("All cards"), None)
        for card in sorted(index.by_card):
            holder = index.holders.get(card, "")
            self.card_combo.addItem(f"{card} \N{EM DASH} {holder}" if holder else card, card)
        self.service_combo.addItem(self.tr("All services"), None)
        for code in sorted(index.by_service):
            name = index.service_names.get(code, "")
            self.service_combo.addItem(f"{code} {name}" if name else code, code)
        for combo in (self.card_combo, self.service_combo):
            combo.setCurrentIndex(0)
            combo.blockSignals(False)
        self.search_edit.blockSignals(True)
        self.search_edit.clear()
        self.search_edit.blockSignals(False)
        first = key_date(index.first_date) if index.first_date is not None else date.today()
        last = key_date(index.last_date) if index.last_date is not None else first
        for edit in (self.date_from, self.date_to):
            edit.blockSignals(True)
            edit.setDateRange(
                QDate(first.year, first.month, first.day), QDate(last.year, last.month, last.day)
            )
            edit.setEnabled(index.first_date is not None)
        self.date_from.setDate(QDate(first.year, first.month, first.day))
        self.date_to.setDate(QDate(last.year, last.month, last.day))
        for edit in (self.date_from, self.date_to):
            edit.blockSignals(False)

    def _date_bounds(self, index: ItemIndex) -> tuple[int | None, int | None]:
        """The date filter as ``YYYYMMDD`` bounds; ``None`` where it does not narrow."""
        if index.first_date is None or index.last_date is None:
            return None, None
        start, end = self.date_from.date(), self.date_to.date()
        first = start.year() * 10000 + start.month() * 100 + start.day()
        last = end.year() * 10000 + end.month() * 100 + end.day()
        return (
            first if first > index.first_date else None,
            last if last < index.last_date else None,
        )

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

    def _set_table_headers(self) -> None:
        self.services_model.setHorizontalHeaderLabels(
            [
                self.tr("Service"),
                self.tr("Quantity"),
                self.tr("Service value"),
                self.tr("Discount"),
                self.tr("Net (service totals)"),
                self.tr("Net (sum of items)"),
                self.tr("Difference"),
            ]
        )
        self.totals_model.setHorizontalHeaderLabels(
            [self.tr("Description"), self.tr("Quantity"), self.tr("Value")]
        )
        for model, numeric in ((self.services_model, range(1, 7)), (self.totals_model, range(1, 3))):
            for column in numeric:
                model.setHeaderData(
                    column, Qt.Orientation.Horizontal, _RIGHT, Qt.ItemDataRole.TextAlignmentRole
                )

    def _show_services(self, statement: AnalyticStatement, reconciliation: Reconciliation) -> None:
        """Block 4 beside the items' own sums, one row per service found in either."""
        block4: dict[str, list[ServiceTotal]] = {}
        for total in statement.service_totals:
            block4.setdefault(total.codigo_servico, []).append(total)
        index = self.model.item_index()
        names = {} if index is None else index.service_names
        self.services_model.setRowCount(0)
        red = error_colour()
        for code, difference in reconciliation.service_differences.items():
            rows = block4.get(code, [])
            name = rows[0].descricao if rows else names.get(code, "")
            if rows:
                quantity = _grouped(sum(row.quantidade for row in rows))
                gross = format_brl(sum((row.valor_servico for row in rows), _ZERO))
                discount = format_brl(sum((row.desconto for row in rows), _ZERO))
                net = format_brl(reconciliation.service_totals.get(code, _ZERO))
            else:
                quantity = gross = discount = net = "\N{EM DASH}"
            items_net = reconciliation.items_by_service.get(code)
            self.services_model.appendRow(
                [
                    _cell(f"{code} {name}" if name else code),
                    _cell(quantity, right=True),
                    _cell(gross, right=True),
                    _cell(discount, right=True),
                    _cell(net, right=True),
                    _cell("\N{EM DASH}" if items_net is None else format_brl(items_net), right=True),
                    _cell(format_brl(difference), right=True, colour=red if difference else None),
                ]
            )
        self.services_model.appendRow(
            [
                _cell(self.tr("Total")),
                _cell(""),
                _cell(""),
                _cell(""),
                _cell(format_brl(reconciliation.services_total), right=True),
                _cell(format_brl(reconciliation.items_total), right=True),
                _cell(
                    format_brl(reconciliation.items_total - reconciliation.services_total),
                    right=True,
                    colour=red if reconciliation.items_total != reconciliation.services_total else None,
                ),
            ]
        )
        last = self.services_model.rowCount() - 1
        for column in range(self.services_model.columnCount()):
            cell = self.services_model.item(last, column)
            if cell is not None:
                font = cell.font()
                font.setBold(True)
                cell.setFont(font)

    def _show_invoice_totals(self, statement: AnalyticStatement) -> None:
        self.totals_model.setRowCount(0)
        for row in statement.invoice_totals:
            quantity = "" if row.quantidade is None else _grouped(row.quantidade)
            self.totals_model.appendRow(
                [
                    _cell(row.descricao),
                    _cell(quantity, right=True),
                    _cell(format_brl(row.valor), right=True),
                ]
            )

    def _show_reconciliation(self, statement: AnalyticStatement, reconciliation: Reconciliation) -> None:
        """One line: items, services, invoice total and the difference; green or red."""
        dash = "\N{EM DASH}"
        total = reconciliation.invoice_total
        difference = reconciliation.items_vs_invoice
        text = arg(
            self.tr("Items %1 · services %2 · invoice total %3 · difference %4"),
            format_brl(reconciliation.items_total),
            format_brl(reconciliation.services_total),
            dash if total is None else format_brl(total),
            dash if difference is None else _signed(difference),
        )
        balanced = reconciliation.balanced
        if not balanced:
            problems = [
                arg(self.tr("service %1: items %2"), code, _signed(reconciliation.service_differences[code]))
                for code in reconciliation.mismatched_services
            ]
            if total is None:
                problems.append(self.tr("the file names no invoice total"))
            else:
                if difference:
                    problems.append(arg(self.tr("items against the invoice total: %1"), _signed(difference)))
                    adjustments = _adjustments(statement)
                    if adjustments and adjustments == -difference:
                        problems.append(
                            arg(
                                self.tr("the invoice's other rows (charges, credits, …) add %1"),
                                _signed(adjustments),
                            )
                        )
                if reconciliation.services_vs_invoice:
                    problems.append(
                        arg(
                            self.tr("service totals against the invoice total: %1"),
                            _signed(reconciliation.services_vs_invoice),
                        )
                    )
            text = arg(self.tr("%1 — differences: %2"), text, "; ".join(problems))
        colour = ok_colour() if balanced else error_colour()
        self.reconciliation_label.setText(text)
        self.reconciliation_label.setStyleSheet(f"QLabel#reconciliationLine {{ color: {colour.name()}; }}")
        self.reconciliation_label.setProperty("balanced", balanced)
        self.reconciliation_label.setAccessibleDescription(
            self.tr("The statement adds up") if balanced else self.tr("The statement does not add up")
        )

    def _update_actions(self) -> None:
        self.export_button.setEnabled(self.model.row_count() > 0)

    # --- tasks ---------------------------------------------------------------------------------

    @Slot(object)
    def _on_load_task_result(self, value: object) -> None:
        loaded = cast("LoadedStatement", value)
        self._stop_busy()
        self._show(loaded)
        self.loaded.emit(len(loaded.index))

    @Slot(object)
    def _on_load_task_error(self, error: object) -> None:
        if not isinstance(error, BaseException):
            return
        from postalgui.api.analytic import AnalyticFormatError

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

    @Slot(int)
    def _on_card_combo_current_index_changed(self, _index: int) -> None:
        self.apply_filters()

    @Slot(int)
    def _on_service_combo_current_index_changed(self, _index: int) -> None:
        self.apply_filters()

    @Slot(QDate)
    def _on_date_from_date_changed(self, _date: QDate) -> None:
        self._filter_timer.start()

    @Slot(QDate)
    def _on_date_to_date_changed(self, _date: QDate) -> None:
        self._filter_timer.start()

    @Slot(str)
    def _on_search_edit_text_changed(self, _text: str) -> None:
        self._filter_timer.start()

    @Slot()
    def _on_filter_timer_timeout(self) -> None:
        self.apply_filters()

    @Slot()
    def _on_export_button_clicked(self) -> None:
        self.ask_export()
