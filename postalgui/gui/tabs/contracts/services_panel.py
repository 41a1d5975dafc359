"""A service list with search, the selected service's detail and "Check service".

The panel shows a contract's services (page by page) or a card's (whole), both as a
`ServiceModel`. "Check service" asks the operator about one code for this card (or
contract). A card that lacks the service is an answer, not a failure (``CON-011``, a
404): the panel says so in one sentence with the operator's code and text, which its
support desk asks for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QItemSelection,
    QModelIndex,
    QPersistentModelIndex,
    QRegularExpression,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from postalgui.gui.messages import arg, describe_error
from postalgui.gui.tabs.contracts.service_model import (
    ServiceFilterProxy,
    ServiceModel,
    lookup_text,
    service_detail_text,
)
from postalgui.gui.widgets.search_line import search_line
from postalgui.gui.widgets.selectable_label import selectable_label
from postalgui.gui.widgets.tables import record_table

if TYPE_CHECKING:
    from postalgui.api.models.contracts import Service, ServiceLookup
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.services.contracts.service import ContractService
from postalgui.services.contracts.use_cases import service_lookup

__all__ = ["ServicesPanel"]


class ServicesPanel(QWidget):
    """A service list with search, the selected service's detail and "Check service".

    Signals: ``serviceChecked(str)`` with the sentence shown once a lookup has answered
    (the service is there, is missing, or the question failed).
    """

    serviceChecked = Signal(str)

    def __init__(
        self,
        service: ContractService,
        runner: TaskRunner,
        model: ServiceModel,
        lookup_key: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.service = service
        self.runner = runner
        self.model = model
        self._lookup_key = lookup_key
        self._contract: str | None = None
        self._card: str | None = None
        self._asked: tuple[str, str | None] | None = None
        self._lookup: TaskHandle | None = None

        self.proxy = ServiceFilterProxy(self)
        self.proxy.setSourceModel(model)
        tools = self._build_tools()
        self.table = record_table(self, self.proxy, "serviceTable", self.tr("Services"))
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # the operator's order until clicked
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.summary = QLabel(self)
        self.summary.setObjectName("serviceSummary")
        self.detail = selectable_label(self, "serviceDetail")
        self.detail.hide()
        self.answer = selectable_label(self, "serviceAnswer")
        self.answer.hide()

        model.pageLoaded.connect(self._on_model_page_loaded)
        model.loadFailed.connect(self._on_model_load_failed)
        model.modelReset.connect(self._on_model_reset)
        model.rowsInserted.connect(self._on_model_rows_inserted)
        self.proxy.layoutChanged.connect(self._update_summary)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(tools)
        layout.addWidget(self.answer)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.detail)
        self._update_actions()
        self._update_summary()

    def _build_tools(self) -> QHBoxLayout:
        """The search field, the service code field and "Check service"."""
        self.search_edit = search_line(
            self, "serviceSearch", self.tr("Search: code, description, segment…"), self.tr("Search services")
        )
        self.search_edit.textChanged.connect(self._on_search_edit_text_changed)

        self.code_edit = QLineEdit(self)
        self.code_edit.setObjectName("serviceCodeEdit")
        self.code_edit.setPlaceholderText(self.tr("Service code, e.g. 03220"))
        self.code_edit.setValidator(
            QRegularExpressionValidator(QRegularExpression("[A-Za-z0-9]{0,10}"), self.code_edit)
        )
        self.code_edit.setMaximumWidth(180)
        self.code_edit.returnPressed.connect(self._on_check_button_clicked)
        self.code_edit.textChanged.connect(self._on_code_edit_text_changed)
        self.check_button = QPushButton(self.tr("Check service"), self)
        self.check_button.setObjectName("checkServiceButton")
        self.check_button.setToolTip(self.tr("Ask the operator whether this has the service"))
        self.check_button.clicked.connect(self._on_check_button_clicked)

        search = QLabel(self.tr("&Search:"), self)
        search.setBuddy(self.search_edit)
        code = QLabel(self.tr("Service &code:"), self)
        code.setBuddy(self.code_edit)
        tools = QHBoxLayout()
        tools.addWidget(search)
        tools.addWidget(self.search_edit, 1)
        tools.addSpacing(12)
        tools.addWidget(code)
        tools.addWidget(self.code_edit)
        tools.addWidget(self.check_button)
        return tools

    # --- what it is about ------------------------------------------------------------------

    def set_scope(self, contract: str | None, card: str | None = None) -> None:
        """Lookups ask about ``card`` of ``contract`` (or the contract alone without ``card``)."""
        if (contract, card) == (self._contract, self._card):
            return
        self._contract, self._card = contract or None, card or None
        if self._lookup is not None:
            self._lookup.cancel()
            self._lookup = None
        self._show(self.answer, "")
        self._update_actions()

    @property
    def contract(self) -> str | None:
        return self._contract

    @property
    def card(self) -> str | None:
        return self._card

    def current_service(self) -> Service | None:
        rows = self.table.selectionModel().selectedRows()
        return self.proxy.service(rows[0].row()) if rows else None

    def check_service(self, code: str | None = None) -> TaskHandle | None:
        """Ask whether the card (or contract) has service ``code`` (default: the code field)."""

        if code is not None:
            self.code_edit.setText(code)
        code = self.code_edit.text().strip()
        if not code or not self._contract:
            return None
        self._asked = (self._contract, self._card)
        self._show(self.answer, self.tr("Asking the operator…"))
        self._lookup = self.runner.run(
            service_lookup,
            self.service,
            self._contract,
            self._card,
            code,
            name="service lookup",
            key=self._lookup_key,
            on_result=self._on_lookup_task_result,
            on_error=self._on_lookup_task_error,
            on_finished=self._on_lookup_task_finished,
        )

        self._update_actions()
        return self._lookup

    # --- state -------------------------------------------------------------------------------

    def _show(self, label: QLabel, text: str) -> None:
        label.setText(text)
        label.setVisible(bool(text))

    def _update_actions(self) -> None:
        self.check_button.setEnabled(
            bool(self._contract) and bool(self.code_edit.text().strip()) and self._lookup is None
        )

    def _update_summary(self) -> None:
        model = self.model
        if model.error:
            self.summary.setText(arg(self.tr("The services could not be loaded: %1"), model.error))
            return
        loaded = model.rowCount()
        if model.loading and not loaded:
            self.summary.setText(self.tr("Loading services…"))
            return
        total = model.total()
        shown = self.proxy.rowCount()
        if self.search_edit.text().strip():
            text = arg(self.tr("%1 of %2 services match"), shown, loaded)
        elif not model.complete and total is not None and total > loaded:
            text = arg(self.tr("%1 of %2 services (scroll for more)"), loaded, total)
        else:
            text = self.tr("%n service(s)", "", loaded)
        self.summary.setText(text)

    # --- slots ---------------------------------------------------------------------------------

    @Slot(str)
    def _on_search_edit_text_changed(self, text: str) -> None:
        self.proxy.set_text(text)
        self._update_summary()

    @Slot(str)
    def _on_code_edit_text_changed(self, _text: str) -> None:
        self._update_actions()

    @Slot()
    def _on_check_button_clicked(self) -> None:
        self.check_service()

    @Slot(QItemSelection, QItemSelection)
    def _on_table_selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        service = self.current_service()
        self._show(self.detail, "" if service is None else service_detail_text(service))

    @Slot(int)
    def _on_model_page_loaded(self, _number: int) -> None:
        self._update_summary()

    @Slot(str)
    def _on_model_load_failed(self, _reason: str) -> None:
        self._update_summary()

    @Slot()
    def _on_model_reset(self) -> None:
        self._show(self.detail, "")
        self._update_summary()

    @Slot(QModelIndex, int, int)
    def _on_model_rows_inserted(
        self, _parent: QModelIndex | QPersistentModelIndex, _first: int, _last: int
    ) -> None:
        self._update_summary()

    @Slot(object)
    def _on_lookup_task_result(self, lookup: ServiceLookup) -> None:
        contract, card = self._asked or (self._contract or "", self._card)
        text = lookup_text(lookup, contract or "", card)
        if lookup.service is not None:
            text = f"{text}\n{service_detail_text(lookup.service)}"
        self._show(self.answer, text)
        self.serviceChecked.emit(text)

    @Slot(object)
    def _on_lookup_task_error(self, error: BaseException) -> None:
        text = arg(self.tr("The service could not be checked: %1"), describe_error(error))
        self._show(self.answer, text)
        self.serviceChecked.emit(text)

    @Slot(bool)
    def _on_lookup_task_finished(self, cancelled: bool) -> None:
        self._lookup = None
        self._update_actions()
