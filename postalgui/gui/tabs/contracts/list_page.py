"""`ContractListPage`: the company's contracts, filtered by status and validity, one selected.

The filters are the operator's (``status`` and ``vigente`` queries), so changing one
asks again; the list has one live request (task key ``contracts.list``). After a
reload the page keeps the contract that was shown, else selects the profile's, else
the first, so the other pages never lose their contract to a refresh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, Qt, Signal, Slot
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from postalgui.api.models.contracts import Contract
from postalgui.gui.messages import arg, describe_error
from postalgui.gui.models.key_sorted import SortKeyProxy
from postalgui.gui.tabs.contracts.contract_model import (
    CONTRACT_STATUSES,
    ContractColumn,
    ContractModel,
    contract_status_meaning,
    status_tooltip,
    status_word,
)
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.tables import record_table

if TYPE_CHECKING:
    from postalgui.gui.tabs.contracts.desk import Desk
    from postalgui.gui.tasks import TaskHandle
from postalgui.services.contracts.service import ContractNotSetError
from postalgui.services.contracts.use_cases import list_contracts

__all__ = ["ContractListPage"]

KEY = "contracts.list"


class ContractListPage(QWidget):
    """The filter bar, the contracts table and a summary line.

    Signals: ``contractsLoaded(int)`` with the number of contracts, once a list is shown;
    ``contractSelected(Contract)`` with the selected `Contract`; ``selectionCleared()`` when
    the list came back empty.
    """

    contractsLoaded = Signal(int)
    contractSelected = Signal(Contract)
    selectionCleared = Signal()

    def __init__(self, desk: Desk, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("contractListPage")
        self.desk = desk
        self._handle: TaskHandle | None = None
        self._listed = False
        self._shown: str | None = None

        self.contract_model = ContractModel(self)
        self.contract_proxy = SortKeyProxy(self)
        self.contract_proxy.setSourceModel(self.contract_model)

        filters = self._build_filters()
        self.contract_table = record_table(self, self.contract_proxy, "contractTable", self.tr("Contracts"))
        self.contract_table.setSortingEnabled(True)
        self.contract_table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # the operator's order first
        # Number, DR, end, status and "Attention" fit the list's share of the window on a
        # 1366x768 screen; the start of validity is in the end's tooltip and in Details.
        self.contract_table.setColumnHidden(ContractColumn.VALID_FROM, True)
        self.contract_table.selectionModel().selectionChanged.connect(
            self._on_contract_table_selection_changed
        )
        self.contracts_summary = QLabel(self)
        self.contracts_summary.setObjectName("contractsSummary")
        self.contracts_summary.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(filters)
        layout.addWidget(self.contract_table, 1)
        layout.addWidget(self.contracts_summary)

    def _build_filters(self) -> QHBoxLayout:
        self.status_combo = QComboBox(self)
        self.status_combo.setObjectName("contractStatusFilter")
        self.status_combo.addItem(self.tr("All statuses"), "")
        for status in CONTRACT_STATUSES:
            self.status_combo.addItem(status_word(status), status)
            self.status_combo.setItemData(
                self.status_combo.count() - 1,
                status_tooltip(status, contract_status_meaning(status)),
                Qt.ItemDataRole.ToolTipRole,
            )
        self.status_combo.setAccessibleName(self.tr("Contract status filter"))
        self.status_combo.currentIndexChanged.connect(self._on_status_combo_current_index_changed)
        self.valid_check = QCheckBox(self.tr("&Valid today only"), self)
        self.valid_check.setObjectName("validTodayCheck")
        self.valid_check.setToolTip(self.tr("Only contracts whose validity includes today"))
        self.valid_check.toggled.connect(self._on_valid_check_toggled)
        self.refresh_button = QPushButton(self.tr("&Refresh"), self)
        self.refresh_button.setObjectName("contractsRefreshButton")
        self.refresh_button.clicked.connect(self._on_refresh_button_clicked)
        status_label = QLabel(self.tr("S&tatus:"), self)
        status_label.setBuddy(self.status_combo)
        filters = QHBoxLayout()
        filters.addWidget(status_label)
        filters.addWidget(self.status_combo)
        filters.addWidget(self.valid_check)
        filters.addStretch(1)
        filters.addWidget(self.refresh_button)
        return filters

    # --- the list ----------------------------------------------------------------------------

    def status_filter(self) -> str | None:
        return str(self.status_combo.currentData() or "") or None

    def refresh(self) -> TaskHandle:
        """Load the contracts with the filter bar's status and validity."""

        self.desk.messages.clear(KEY)
        self._handle = self.desk.run(
            list_contracts,
            self.status_filter(),
            True if self.valid_check.isChecked() else None,
            name="contract list",
            key=KEY,
            on_result=self._on_list_task_result,
            on_error=self._on_list_task_error,
            on_finished=self._on_list_task_finished,
        )
        self.desk.activity.set_activity(KEY, self.tr("Loading contracts…"))
        return self._handle

    @property
    def loading(self) -> bool:
        return self._handle is not None

    def select_contract(self, number: str) -> bool:
        """Select contract ``number`` in the list; False when it is not shown."""
        row = self.contract_model.row_of(number)
        if row is None:
            return False
        index = self.contract_proxy.mapFromSource(self.contract_model.index(row, 0))
        self.contract_table.selectRow(index.row())
        self.contract_table.scrollTo(index)
        return True

    def _choose(self, contract: Contract | None) -> None:
        if contract is None:
            self._shown = None
            self.selectionCleared.emit()
        else:
            self._shown = contract.nuContrato
            self.contractSelected.emit(contract)

    def _update_summary(self) -> None:
        contracts = self.contract_model.contracts()
        if not contracts:
            self.contracts_summary.setText(self.tr("No contracts match the filter.") if self._listed else "")
            return
        text = self.tr("%n contract(s)", "", len(contracts))
        expiring = sum(1 for c in contracts if self.contract_model.expiring(c))
        if expiring:
            text += " · " + self.tr("%n expiring within 30 days", "", expiring)
        self.contracts_summary.setText(text)

    # --- slots -------------------------------------------------------------------------------

    @Slot()
    def _on_refresh_button_clicked(self) -> None:
        self.refresh()

    @Slot(int)
    def _on_status_combo_current_index_changed(self, _index: int) -> None:
        self.refresh()

    @Slot(bool)
    def _on_valid_check_toggled(self, _checked: bool) -> None:
        self.refresh()

    @Slot(object)
    def _on_list_task_result(self, found: list[Contract]) -> None:
        self._listed = True
        self.contract_model.set_contracts(found)
        self._update_summary()
        wanted = [n for n in (self._shown, self.desk.service.profile.contract) if n]
        if not any(self.select_contract(number) for number in wanted) and self.contract_proxy.rowCount():
            self.contract_table.selectRow(0)
        if not self.contract_proxy.rowCount():
            self._choose(None)
        self.contractsLoaded.emit(len(found))

    @Slot(object)
    def _on_list_task_error(self, error: BaseException) -> None:

        if isinstance(error, ContractNotSetError):  # nothing was sent: say which setting is missing
            self.contracts_summary.setText(self.tr("No contract is set."))
            text = self.tr(
                "The contract service is authorized by a contract token: "
                "enter the contract number in Settings (Contract), then Refresh."
            )
            self.desk.messages.show_message(text, MessageKind.WARNING, key=KEY)
            return
        self.contracts_summary.setText(self.tr("The contracts could not be loaded."))
        self.desk.messages.show_message(
            arg(self.tr("The contracts could not be loaded: %1"), describe_error(error)),
            MessageKind.ERROR,
            key=KEY,
        )

    @Slot(bool)
    def _on_list_task_finished(self, cancelled: bool) -> None:
        self._handle = None
        self.desk.activity.set_activity(KEY, None)

    @Slot(QItemSelection, QItemSelection)
    def _on_contract_table_selection_changed(
        self, _selected: QItemSelection, _deselected: QItemSelection
    ) -> None:
        rows = self.contract_table.selectionModel().selectedRows()
        if not rows:
            return  # a reload clears the selection for a moment; the pages keep their contract
        self._choose(self.contract_model.contract(self.contract_proxy.mapToSource(rows[0]).row()))
