"""Tariff divergences of open billing for a contract and period.

The spec does not list a divergence's fields; working clients see ``codigoObjeto``,
``valorTarifadoSgpb`` and ``dataPostagem``. Those get named, formatted columns; every
other field a record carries becomes a further column titled with the operator's own
field name, so nothing the operator sends is hidden from the clerk.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import (
    QCoreApplication,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.values import InvalidValue, format_brl, parse_date_dmy, parse_date_iso, parse_date_ui
from postalgui.gui.messages import arg, describe_error
from postalgui.gui.models.key_sorted import KeySortedModel, SortKeyProxy
from postalgui.gui.models.roles import SORT_ROLE
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.invoices import documents as invoicing

if TYPE_CHECKING:
    from postalgui.api.models.invoices import Divergence
    from postalgui.services.context import AppContext
    from postalgui.services.tasks import TaskHandle, TaskRunner

__all__ = ["KNOWN_FIELDS", "DivergenceModel", "DivergencesView"]

KNOWN_FIELDS = ("codigoObjeto", "dataPostagem", "valorTarifadoSgpb")
"""The fields with their own column, in column order; the others follow as sent."""

ModelIndex = QModelIndex | QPersistentModelIndex
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


def _known_headers() -> tuple[str, ...]:
    return (
        QCoreApplication.translate("DivergenceModel", "Object code"),
        QCoreApplication.translate("DivergenceModel", "Posting date"),
        QCoreApplication.translate("DivergenceModel", "Tariffed value"),
    )


def posting_date(text: str | None) -> date | None:
    """``dataPostagem`` in any of the operator's spellings (ISO, DD/MM/YYYY, DD-MM-YYYY)."""
    if not text:
        return None
    bare = text.strip()
    for parse, head in ((parse_date_iso, bare[:10]), (parse_date_ui, bare[:10]), (parse_date_dmy, bare[:10])):
        try:
            return parse(head)
        except InvalidValue:
            continue
    return None


def _value_text(value: object) -> str:
    """An extra field's value as text: scalars as sent, lists and objects as compact JSON."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return (
            QCoreApplication.translate("DivergenceModel", "Yes")
            if value
            else QCoreApplication.translate("DivergenceModel", "No")
        )
    if isinstance(value, str):
        return value
    if isinstance(value, int | float | Decimal):
        return str(value)
    try:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)
    except (TypeError, ValueError):
        return str(value)


def _value_key(value: object) -> object:
    """An extra field's sort value: numbers as numbers, text folded; ``None`` when empty."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float | Decimal):
        return Decimal(str(value))
    if isinstance(value, str):
        try:
            return Decimal(value.strip())
        except InvalidOperation:
            return value.casefold()
    return _value_text(value).casefold()


def _numeric(value: object) -> bool:
    return not isinstance(value, bool) and isinstance(value, int | float | Decimal)


@dataclass(frozen=True, slots=True)
class _Row:
    divergence: Divergence
    texts: tuple[str, ...]
    keys: tuple[object, ...]


class DivergenceModel(KeySortedModel):
    """Divergences as a table: the known fields, then every extra field seen, in arrival order.

    `SORT_ROLE` carries native values (the value as `Decimal`, the date as `date`).
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[_Row] = []
        self._extra: list[str] = []
        self._numeric_extra: set[str] = set()

    def set_divergences(self, divergences: Sequence[Divergence]) -> None:
        extra: dict[str, None] = {}
        numeric: dict[str, bool] = {}
        for divergence in divergences:
            for name, value in (divergence.model_extra or {}).items():
                extra.setdefault(name, None)
                if value is not None and value != "":
                    numeric[name] = numeric.get(name, True) and _numeric(value)
        self.beginResetModel()
        self._extra = list(extra)
        self._numeric_extra = {name for name, is_number in numeric.items() if is_number}
        self._rows = [self._row(divergence) for divergence in divergences]
        self.endResetModel()
        self._resort()

    def _row(self, divergence: Divergence) -> _Row:
        extra = divergence.model_extra or {}
        posted = posting_date(divergence.dataPostagem)
        value = divergence.valorTarifadoSgpb
        texts = [
            divergence.codigoObjeto or "",
            posted.strftime("%d/%m/%Y") if posted is not None else (divergence.dataPostagem or ""),
            "" if value is None else format_brl(value),
        ]
        keys: list[object] = [
            (divergence.codigoObjeto or "").casefold() or None,
            posted,
            value,
        ]
        for name in self._extra:
            texts.append(_value_text(extra.get(name)))
            keys.append(_value_key(extra.get(name)))
        return _Row(divergence, tuple(texts), tuple(keys))

    def clear(self) -> None:
        self.set_divergences([])

    def divergence(self, row: int) -> Divergence:
        return self._rows[row].divergence

    def extra_fields(self) -> list[str]:
        """The extra fields' names, in the order of their columns."""
        return list(self._extra)

    def tariffed_total(self) -> Decimal:
        return sum((row.divergence.valorTarifadoSgpb or Decimal(0) for row in self._rows), Decimal(0))

    def sort_key(self, row: int, column: int) -> object:
        return self._rows[row].keys[column]

    def _right(self, column: int) -> bool:
        if column == 2:
            return True
        return column >= 3 and self._extra[column - 3] in self._numeric_extra

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008  # Qt's default
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008  # Qt's default
        return 0 if parent.isValid() else len(KNOWN_FIELDS) + len(self._extra)

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return row.texts[column]
        if role == SORT_ROLE:
            return row.keys[column]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if self._right(column) else _LEFT
        if role == Qt.ItemDataRole.ToolTipRole and column >= len(KNOWN_FIELDS):
            text = row.texts[column]
            return text if len(text) > 40 else None
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if section < len(KNOWN_FIELDS):
                return _known_headers()[section]
            return self._extra[section - len(KNOWN_FIELDS)]
        if role == Qt.ItemDataRole.ToolTipRole:
            if section < len(KNOWN_FIELDS):
                return KNOWN_FIELDS[section]
            return QCoreApplication.translate("DivergenceModel", "Field sent by the operator")
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if self._right(section) else _LEFT
        return None


class DivergencesView(QWidget):
    """Tariff divergences of a contract's open billing in a period.

    Signals: ``loaded(int)`` with the number of divergences, once they are shown.
    """

    loaded = Signal(int)

    TASK_KEY = "invoices.divergences"

    def __init__(self, context: AppContext, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("divergencesView")
        self.context = context
        self.runner = runner
        self._query: tuple[str, int, date, date] | None = None
        self._handle: TaskHandle | None = None
        self._answered = False

        self.messages = MessageArea(self)
        self.query_label = QLabel(self)
        self.query_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.busy_bar = QProgressBar(self)
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setMaximumWidth(120)
        self.busy_bar.setTextVisible(False)
        self.busy_bar.hide()
        self.refresh_button = QPushButton(self.tr("&Refresh"), self)
        self.refresh_button.setToolTip(self.tr("Ask the operator for the divergences again"))
        self.refresh_button.clicked.connect(self._on_refresh_button_clicked)

        self.model = DivergenceModel(self)
        self.proxy = SortKeyProxy(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView(self)
        self.table.setObjectName("divergencesTable")
        self.table.setModel(self.proxy)
        self.table.setAccessibleName(self.tr("Tariff divergences"))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        self.count_label = QLabel(self)

        self.empty_label = QLabel(self)
        self.empty_label.setObjectName("divergencesEmpty")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.empty_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.table)
        self.stack.addWidget(self.empty_label)

        top = QHBoxLayout()
        top.addWidget(self.query_label, 1)
        top.addWidget(self.busy_bar)
        top.addWidget(self.refresh_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.messages)
        layout.addLayout(top)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.count_label)
        self._show_state()

    # --- public API ----------------------------------------------------------------------------

    def set_query(
        self, contrato: str, dr: int, start: date, end: date, *, run: bool = True
    ) -> TaskHandle | None:
        """Show the divergences of a contract and period; asks the operator unless ``run`` is False."""
        self._query = (contrato, dr, start, end)
        self._answered = False
        self.model.clear()
        self.query_label.setText(
            arg(
                self.tr("Contract %1, DR %2, %3 to %4"),
                contrato,
                dr,
                start.strftime("%d/%m/%Y"),
                end.strftime("%d/%m/%Y"),
            )
        )
        self._show_state()
        return self.refresh() if run else None

    def query(self) -> tuple[str, int, date, date] | None:
        return self._query

    def refresh(self) -> TaskHandle | None:
        """Ask again for the current query's divergences; ``None`` when there is no query."""
        if self._query is None:
            return None
        contrato, dr, start, end = self._query
        self.messages.clear(self.TASK_KEY)
        self.busy_bar.show()
        self.refresh_button.setEnabled(False)
        self._handle = self.runner.run(
            invoicing.divergences,
            self.context.invoices,
            contrato,
            dr,
            start,
            end,
            name="tariff divergences",
            key=self.TASK_KEY,
            on_result=self._on_divergences_task_result,
            on_error=self._on_divergences_task_error,
            on_finished=self._on_divergences_task_finished,
        )
        return self._handle

    def divergences(self) -> list[Divergence]:
        """The divergences shown, in the table's order."""
        return [
            self.model.divergence(self.proxy.mapToSource(self.proxy.index(row, 0)).row())
            for row in range(self.proxy.rowCount())
        ]

    # --- state ---------------------------------------------------------------------------------

    def _show_state(self) -> None:
        count = self.model.rowCount()
        if count:
            self.stack.setCurrentWidget(self.table)
            self.count_label.setText(
                arg(
                    self.tr("%1 divergence(s) · tariffed %2"),
                    QLocale().toString(count),
                    format_brl(self.model.tariffed_total()),
                )
            )
            return
        self.count_label.clear()
        if self._query is None:
            self.empty_label.setText(self.tr("Choose a contract and a period to see tariff divergences."))
        elif not self._answered:
            self.empty_label.setText(self.tr("Looking for tariff divergences…"))
        else:
            contrato, _dr, start, end = self._query
            self.empty_label.setText(
                arg(
                    self.tr("No tariff divergences for contract %1 from %2 to %3."),
                    contrato,
                    start.strftime("%d/%m/%Y"),
                    end.strftime("%d/%m/%Y"),
                )
            )
        self.stack.setCurrentWidget(self.empty_label)

    # --- tasks ---------------------------------------------------------------------------------

    @Slot(object)
    def _on_divergences_task_result(self, value: object) -> None:
        found = cast("list[Divergence]", value)
        self._answered = True
        self.model.set_divergences(found)
        self.table.resizeColumnsToContents()
        self._show_state()
        self.loaded.emit(len(found))

    @Slot(object)
    def _on_divergences_task_error(self, error: object) -> None:
        if not isinstance(error, BaseException):
            return
        self._answered = True
        self.model.clear()
        self._show_state()
        if self._query is not None:
            self.empty_label.setText(self.tr("The divergences could not be read."))
        self.messages.show_message(
            arg(self.tr("Could not read the tariff divergences: %1"), describe_error(error)),
            MessageKind.ERROR,
            key=self.TASK_KEY,
            action_text=self.tr("&Try again"),
            on_action=self._on_error_message_action,
        )

    @Slot(bool)
    def _on_divergences_task_finished(self, cancelled: bool) -> None:
        self._handle = None
        self.busy_bar.hide()
        self.refresh_button.setEnabled(True)

    # --- widget slots --------------------------------------------------------------------------

    @Slot()
    def _on_refresh_button_clicked(self) -> None:
        self.refresh()

    @Slot()
    def _on_error_message_action(self) -> None:
        self.refresh()
