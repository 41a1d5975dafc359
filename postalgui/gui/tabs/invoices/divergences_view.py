"""Tariff divergences of open billing for a contract and period: the query, the table (its
model is `divergence_model`: the operator's fields in the office's words), the totals line
and the empty and error states.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.values import format_brl
from postalgui.gui.messages import arg, describe_error
from postalgui.gui.models.key_sorted import SortKeyProxy
from postalgui.gui.tabs.invoices.divergence_model import (
    FIELD_ORDER,
    KNOWN_FIELDS,
    DivergenceModel,
    DivergenceTotals,
    posting_date,
    reason_text,
    weight_text,
)
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.tables import sortable_table
from postalgui.services.invoices import documents as invoicing

if TYPE_CHECKING:
    from postalgui.api.models.invoices import Divergence
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.services.invoices.service import InvoiceService

__all__ = [
    "FIELD_ORDER",
    "KNOWN_FIELDS",
    "DivergenceModel",
    "DivergenceTotals",
    "DivergencesView",
    "posting_date",
    "reason_text",
    "weight_text",
]


class DivergencesView(QWidget):
    """Tariff divergences of a contract's open billing in a period.

    Signals: ``loaded(int)`` with the number of divergences, once they are shown.
    """

    loaded = Signal(int)

    TASK_KEY = "invoices.divergences"

    def __init__(self, service: InvoiceService, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("divergencesView")
        self.service = service
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
        self.table = sortable_table(self, self.proxy, "divergencesTable", self.tr("Tariff divergences"))
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
            self.service,
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
            self.count_label.setText(self._totals_text(count))
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

    def _totals_text(self, count: int) -> str:
        """``"3 divergences · charged R$ 10,00 · tariffed R$ 15,00 · difference R$ 5,00"``."""
        totals = self.model.totals()
        if totals.charged is None or totals.difference is None:
            return arg(
                self.tr("%Ln divergence(s) · tariffed %1", "", count),
                format_brl(totals.tariffed),
            )
        return arg(
            self.tr("%Ln divergence(s) · charged %1 · tariffed %2 · difference %3", "", count),
            format_brl(totals.charged),
            format_brl(totals.tariffed),
            format_brl(totals.difference),
        )

    # --- tasks ---------------------------------------------------------------------------------

    @Slot(object)
    def _on_divergences_task_result(self, found: list[Divergence]) -> None:
        self._answered = True
        self.model.set_divergences(found)
        self.table.resizeColumnsToContents()
        self._show_state()
        self.loaded.emit(len(found))

    @Slot(object)
    def _on_divergences_task_error(self, error: BaseException) -> None:
        """Not only the message: the empty state says why, and the message offers Try again."""
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
