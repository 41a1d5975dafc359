"""The Contracts and cards tab: the company's contracts, one contract's details, services and
posting cards, and the card the app quotes with.

The tab only wires: `postalgui.services.contracts.use_cases` does the work in the background,
the models show it. Each view has one live request (task keys ``contracts.*``): a new
selection cancels the answer still coming for the old one.

"Use this card for quoting" makes a card the active one: the profile takes the card,
its contract and DR, the Prices tab's products become the card's services; the
settings are saved on the GUI thread (`AppContext.apply` rebuilds the backend), a token
for the new scope is fetched in the background, and ``settingsApplied`` tells the
window, which makes every tab follow.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QItemSelection, QSortFilterProxyModel, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.messages import api_list, arg, describe_error, display_cnpj, local_datetime, or_dash
from postalgui.gui.models.roles import SORT_ROLE
from postalgui.gui.tabs.contracts.card_model import CardModel
from postalgui.gui.tabs.contracts.contacts_view import ContactsView
from postalgui.gui.tabs.contracts.contract_model import (
    CARD_STATUSES,
    CONTRACT_STATUSES,
    ContractModel,
    card_status_meaning,
    contract_status_meaning,
    date_text,
    expiry_note,
    status_line,
)
from postalgui.gui.tabs.contracts.services_panel import ServiceModel, ServicesPanel
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.tables import record_table

if TYPE_CHECKING:
    from postalgui.api.models.contracts import Category, Contract, PostingCard, Service
    from postalgui.services.connection import ConnectionReport
    from postalgui.services.context import AppContext
    from postalgui.services.contracts.use_cases import ContractDetail
    from postalgui.services.tasks import TaskHandle, TaskRunner

__all__ = ["ContractsTab"]


class ContractsTab(QWidget):
    """Contracts list beside the selected contract's Details, Services and Cards pages.

    Signals: ``contractsLoaded(int)`` with the number of contracts, once a list is shown;
    ``detailLoaded(str)`` with the contract number once its category and contacts are in;
    ``cardServicesLoaded(int)`` with the number of services of the selected card, once shown;
    ``contactCopied(str)`` with the contact text a Copy put on the clipboard;
    ``apisLoaded(list)`` with the API ids the current token enables, once shown;
    ``tokenRenewed(object)`` with the `ConnectionReport` of the token fetched after a
    card switch; ``settingsApplied()`` after the tab saved new settings (a card is now
    used for quoting).
    """

    contractsLoaded = Signal(int)
    detailLoaded = Signal(str)
    cardServicesLoaded = Signal(int)
    contactCopied = Signal(str)
    apisLoaded = Signal(list)
    tokenRenewed = Signal(object)
    settingsApplied = Signal()

    def __init__(self, context: AppContext, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("contractsTab")
        self.setWindowTitle(self.tr("Contracts and cards"))
        self.context = context
        self.runner = runner
        self._activity: dict[str, str] = {}
        self._profile_key = self._profile_fingerprint()
        self._contract: Contract | None = None
        self._card: PostingCard | None = None
        self._list_handle: TaskHandle | None = None
        self._quoting: tuple[Contract, PostingCard] | None = None
        self._quoting_handle: TaskHandle | None = None
        self._renew_handle: TaskHandle | None = None
        self._quoted_count = 0
        self._listed = False
        self.apis: list[int] | None = None
        """The API ids the current token enables, once known."""

        self.messages = MessageArea(self)

        self.contract_model = ContractModel(self)
        self.contract_proxy = QSortFilterProxyModel(self)
        self.contract_proxy.setSortRole(SORT_ROLE)
        self.contract_proxy.setSourceModel(self.contract_model)
        self.cards_model = CardModel(context.contracts, runner, self)
        self.contract_services = ServiceModel(runner, "contracts.services", self)
        self.card_services = ServiceModel(runner, "contracts.card_services.list", self)

        self.pages = QTabWidget(self)
        self.pages.setObjectName("contractPages")
        self.pages.addTab(self._details_page(), self.tr("&Details"))
        self.services_panel = ServicesPanel(
            context.contracts, runner, self.contract_services, "contracts.lookup.contract", self
        )
        self.services_panel.setObjectName("contractServicesPanel")
        self.pages.addTab(self.services_panel, self.tr("&Services"))
        self.pages.addTab(self._cards_page(), self.tr("C&ards"))

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.setObjectName("contractsSplitter")
        splitter.addWidget(self._list_page())
        splitter.addWidget(self.pages)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setChildrenCollapsible(False)

        self.active_label = QLabel(self)
        self.active_label.setObjectName("activeCardLabel")
        self.active_label.setWordWrap(True)
        self.apis_label = QLabel(self)
        self.apis_label.setObjectName("tokenApisLabel")
        self.apis_label.setWordWrap(True)
        self.apis_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.activity_label = QLabel(self)
        self.activity_label.setObjectName("contractsActivity")
        self.busy_bar = QProgressBar(self)
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setMaximumWidth(120)
        self.busy_bar.setTextVisible(False)
        self.busy_bar.hide()
        footer = QHBoxLayout()
        status = QVBoxLayout()
        status.addWidget(self.active_label)
        status.addWidget(self.apis_label)
        footer.addLayout(status, 1)
        footer.addWidget(self.activity_label)
        footer.addWidget(self.busy_bar)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.messages)
        layout.addWidget(splitter, 1)
        layout.addLayout(footer)

        self.cards_model.pageLoaded.connect(self._on_cards_model_page_loaded)
        self.cards_model.loadFailed.connect(self._on_cards_model_load_failed)
        self.cards_model.loadingChanged.connect(self._on_cards_model_loading_changed)
        self.cards_model.modelReset.connect(self._on_cards_model_reset)
        self.card_services.loadFailed.connect(self._on_card_services_load_failed)

        self._update_active_card()
        self.apis_label.setText(self.tr("APIs enabled for the current token: not checked yet"))
        self._show_contract_fields(None)
        self._show_card_fields(None)
        self._update_actions()
        # Everything here needs the network: start once the event loop runs.
        QTimer.singleShot(0, self._on_start_timer_timeout)

    # --- construction --------------------------------------------------------------------

    def _list_page(self) -> QWidget:
        page = QWidget(self)
        page.setObjectName("contractListPage")
        self.status_combo = QComboBox(page)
        self.status_combo.setObjectName("contractStatusFilter")
        self.status_combo.addItem(self.tr("All statuses"), "")
        for status in CONTRACT_STATUSES:
            self.status_combo.addItem(status, status)
            self.status_combo.setItemData(
                self.status_combo.count() - 1, contract_status_meaning(status), Qt.ItemDataRole.ToolTipRole
            )
        self.status_combo.setAccessibleName(self.tr("Contract status filter"))
        self.status_combo.currentIndexChanged.connect(self._on_status_combo_current_index_changed)
        self.valid_check = QCheckBox(self.tr("&Valid today only"), page)
        self.valid_check.setObjectName("validTodayCheck")
        self.valid_check.setToolTip(self.tr("Only contracts whose validity includes today"))
        self.valid_check.toggled.connect(self._on_valid_check_toggled)
        self.refresh_button = QPushButton(self.tr("&Refresh"), page)
        self.refresh_button.setObjectName("contractsRefreshButton")
        self.refresh_button.clicked.connect(self._on_refresh_button_clicked)
        status_label = QLabel(self.tr("S&tatus:"), page)
        status_label.setBuddy(self.status_combo)
        filters = QHBoxLayout()
        filters.addWidget(status_label)
        filters.addWidget(self.status_combo)
        filters.addWidget(self.valid_check)
        filters.addStretch(1)
        filters.addWidget(self.refresh_button)

        self.contract_table = record_table(page, self.contract_proxy, "contractTable", self.tr("Contracts"))
        self.contract_table.setSortingEnabled(True)
        self.contract_table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # the operator's order first
        self.contract_table.selectionModel().selectionChanged.connect(
            self._on_contract_table_selection_changed
        )
        self.contracts_summary = QLabel(page)
        self.contracts_summary.setObjectName("contractsSummary")
        self.contracts_summary.setWordWrap(True)

        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(filters)
        layout.addWidget(self.contract_table, 1)
        layout.addWidget(self.contracts_summary)
        return page

    def _details_page(self) -> QWidget:
        holder = QWidget(self)
        holder.setObjectName("contractDetailsPage")
        self.contract_title = QLabel(holder)
        font = QFont(self.contract_title.font())
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.contract_title.setFont(font)
        self.dr_value = _value_label(holder)
        self.validity_value = _value_label(holder)
        self.validity_value.setObjectName("contractValidity")
        self.status_value = _value_label(holder)
        self.status_value.setObjectName("contractStatus")
        self.combo_value = _value_label(holder)
        self.category_value = _value_label(holder)
        self.category_value.setObjectName("contractCategory")
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        form.addRow(self.tr("DR:"), self.dr_value)
        form.addRow(self.tr("Validity:"), self.validity_value)
        form.addRow(self.tr("Status:"), self.status_value)
        form.addRow(self.tr("Combo:"), self.combo_value)
        form.addRow(self.tr("Category:"), self.category_value)

        self.management_view = ContactsView(holder)
        self.management_view.setObjectName("managementContacts")
        self.management_view.contactCopied.connect(self._on_contacts_contact_copied)
        self.administration_view = ContactsView(holder)
        self.administration_view.setObjectName("administrationContacts")
        self.administration_view.contactCopied.connect(self._on_contacts_contact_copied)
        management = QGroupBox(self.tr("Management contacts (the operator's account managers)"), holder)
        QVBoxLayout(management).addWidget(self.management_view)
        administration = QGroupBox(
            self.tr("Administration contacts (the company's contract administrators)"), holder
        )
        QVBoxLayout(administration).addWidget(self.administration_view)

        column = QVBoxLayout(holder)
        column.addWidget(self.contract_title)
        column.addLayout(form)
        column.addWidget(management)
        column.addWidget(administration)
        column.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(holder)
        return scroll

    def _cards_page(self) -> QWidget:
        page = QWidget(self)
        page.setObjectName("cardsPage")
        self.card_status_combo = QComboBox(page)
        self.card_status_combo.setObjectName("cardStatusFilter")
        self.card_status_combo.addItem(self.tr("All statuses"), "")
        for status in CARD_STATUSES:
            self.card_status_combo.addItem(status, status)
            self.card_status_combo.setItemData(
                self.card_status_combo.count() - 1, card_status_meaning(status), Qt.ItemDataRole.ToolTipRole
            )
        self.card_status_combo.setAccessibleName(self.tr("Card status filter"))
        self.card_status_combo.currentIndexChanged.connect(self._on_card_status_combo_current_index_changed)
        status_label = QLabel(self.tr("Card st&atus:"), page)
        status_label.setBuddy(self.card_status_combo)
        self.cards_summary = QLabel(page)
        self.cards_summary.setObjectName("cardsSummary")
        filters = QHBoxLayout()
        filters.addWidget(status_label)
        filters.addWidget(self.card_status_combo)
        filters.addStretch(1)
        filters.addWidget(self.cards_summary)

        # The operator's order: rows arrive page by page.
        self.card_table = record_table(page, self.cards_model, "cardTable", self.tr("Posting cards"))
        self.card_table.selectionModel().selectionChanged.connect(self._on_card_table_selection_changed)

        detail = QGroupBox(self.tr("Posting card"), page)
        detail.setObjectName("cardDetail")
        self.card_number_value = _value_label(detail)
        self.card_holder_value = _value_label(detail)
        self.card_validity_value = _value_label(detail)
        self.card_status_value = _value_label(detail)
        self.card_status_value.setObjectName("cardStatus")
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(self.tr("Card:"), self.card_number_value)
        form.addRow(self.tr("Holder CNPJ:"), self.card_holder_value)
        form.addRow(self.tr("Validity:"), self.card_validity_value)
        form.addRow(self.tr("Status:"), self.card_status_value)
        self.quote_button = QPushButton(self.tr("&Use this card for quoting"), detail)
        self.quote_button.setObjectName("useCardButton")
        self.quote_button.clicked.connect(self._on_quote_button_clicked)
        top = QHBoxLayout()
        top.addLayout(form, 1)
        top.addWidget(self.quote_button, 0, Qt.AlignmentFlag.AlignTop)
        self.card_services_panel = ServicesPanel(
            self.context.contracts, self.runner, self.card_services, "contracts.lookup.card", detail
        )
        self.card_services_panel.setObjectName("cardServicesPanel")
        detail_layout = QVBoxLayout(detail)
        detail_layout.addLayout(top)
        detail_layout.addWidget(self.card_services_panel, 1)

        upper = QWidget(page)
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addLayout(filters)
        upper_layout.addWidget(self.card_table, 1)
        splitter = QSplitter(Qt.Orientation.Vertical, page)
        splitter.setObjectName("cardsSplitter")
        splitter.addWidget(upper)
        splitter.addWidget(detail)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)
        return page

    # --- the contract list -------------------------------------------------------------------

    def status_filter(self) -> str | None:
        return str(self.status_combo.currentData() or "") or None

    def refresh(self) -> TaskHandle:
        """Load the contracts with the filter bar's status and validity."""
        from postalgui.services.contracts.use_cases import list_contracts

        self.messages.clear("contracts.list")
        self._list_handle = self.runner.run(
            list_contracts,
            self.context.contracts,
            self.status_filter(),
            True if self.valid_check.isChecked() else None,
            name="contract list",
            key="contracts.list",
            on_result=self._on_list_task_result,
            on_error=self._on_list_task_error,
            on_finished=self._on_list_task_finished,
        )

        self._set_activity("contracts.list", self.tr("Loading contracts…"))
        return self._list_handle

    @property
    def loading_contracts(self) -> bool:
        return self._list_handle is not None

    def current_contract(self) -> Contract | None:
        """The contract whose pages are shown (its freshest record)."""
        return self._contract

    def select_contract(self, number: str) -> bool:
        """Select contract ``number`` in the list; False when it is not shown."""
        row = self.contract_model.row_of(number)
        if row is None:
            return False
        index = self.contract_proxy.mapFromSource(self.contract_model.index(row, 0))
        self.contract_table.selectRow(index.row())
        self.contract_table.scrollTo(index)
        return True

    def _update_contracts_summary(self) -> None:
        contracts = self.contract_model.contracts()
        if not contracts:
            self.contracts_summary.setText(self.tr("No contracts match the filter.") if self._listed else "")
            return
        text = self.tr("%n contract(s)", "", len(contracts))
        expiring = sum(1 for c in contracts if self.contract_model.expiring(c))
        if expiring:
            text += " · " + self.tr("%n expiring within 30 days", "", expiring)
        self.contracts_summary.setText(text)

    # --- one contract ----------------------------------------------------------------------

    def _show_contract(self, contract: Contract | None) -> None:
        """Fill the pages for ``contract`` and load its detail, services and cards."""
        from postalgui.services.contracts.use_cases import contract_detail

        same = (
            contract is not None
            and self._contract is not None
            and contract.nuContrato == self._contract.nuContrato
        )
        if same:
            return
        self._contract = contract
        self._show_contract_fields(contract)
        self._show_card(None)
        number = contract.nuContrato if contract is not None else None
        self.services_panel.set_scope(number)
        self.contract_services.load_contract(self.context.contracts, number)
        self.cards_model.load(number, self.card_status_filter())
        self.messages.clear("contracts.detail")
        self.messages.clear("contracts.cards")
        if contract is None:
            self.management_view.set_contacts([])
            self.administration_view.set_contacts([])
            self._update_actions()
            return
        self.management_view.show_loading()
        self.administration_view.show_loading()
        self.category_value.setText(self.tr("Loading…"))
        self.runner.run(
            contract_detail,
            self.context.contracts,
            contract.nuContrato,
            name="contract detail",
            key="contracts.detail",
            on_result=self._on_detail_task_result,
            on_error=self._on_detail_task_error,
            on_finished=self._on_detail_task_finished,
        )

        self._set_activity("contracts.detail", arg(self.tr("Loading contract %1…"), contract.nuContrato))
        self._update_actions()

    def _show_contract_fields(self, contract: Contract | None) -> None:
        if contract is None:
            self.contract_title.setText(self.tr("Select a contract"))
            for label in (self.dr_value, self.validity_value, self.status_value, self.combo_value):
                label.setText(or_dash(None))
            self.category_value.setText(or_dash(None))
            return
        self.contract_title.setText(arg(self.tr("Contract %1"), contract.nuContrato))
        self.dr_value.setText(or_dash(None if contract.nuSe is None else str(contract.nuSe)))
        self.validity_value.setText(self._validity_text(contract.dtInicioVigencia, contract.dtFimVigencia))
        status = status_line(contract.status, contract_status_meaning(contract.status))
        if (contract.status or "").upper() != "ATIVO":
            status += "\n" + self.tr("Its cards cannot be used for quoting while the contract is not active.")
        self.status_value.setText(status)
        self.combo_value.setText(or_dash(contract.nuCombo))
        if contract.categoria:
            self.category_value.setText(contract.categoria)

    def _validity_text(self, start: datetime | None, end: datetime | None) -> str:
        text = arg(self.tr("%1 to %2"), or_dash(date_text(start)), or_dash(date_text(end)))
        note = expiry_note(end, self.contract_model.today)
        return f"{text} ({note})" if note else text

    def _show_category(self, category: Category | None, error: str | None, contract: Contract) -> None:
        if error:
            self.category_value.setText(arg(self.tr("Could not be loaded: %1"), error))
            return
        parts: list[str] = []
        if category is not None:
            head = " — ".join(p for p in (category.codigo, category.descricao) if p)
            if head:
                parts.append(head)
            parts.extend(
                f"{key}: {value}" for key, value in category.extras.items() if value not in (None, "")
            )
        if not parts and contract.categoria:
            parts.append(contract.categoria)
        self.category_value.setText("\n".join(parts) or or_dash(None))

    # --- cards -----------------------------------------------------------------------------

    def card_status_filter(self) -> str | None:
        return str(self.card_status_combo.currentData() or "") or None

    def current_card(self) -> PostingCard | None:
        return self._card

    def select_card(self, number: str) -> bool:
        """Select card ``number`` among the rows loaded so far; False when it is not there."""
        row = self.cards_model.row_of(number)
        if row is None:
            return False
        self.card_table.selectRow(row)
        self.card_table.scrollTo(self.cards_model.index(row, 0))
        return True

    def _show_card(self, card: PostingCard | None) -> None:
        from postalgui.services.contracts.use_cases import card_services

        self._card = card
        self._show_card_fields(card)
        contract = self._contract
        if card is None or contract is None:
            self.card_services.clear()
            self.card_services_panel.set_scope(None)
            self._update_actions()
            return
        self.card_services_panel.set_scope(contract.nuContrato, card.nuCartaoPostagem)
        self.card_services.clear()
        self.runner.run(
            card_services,
            self.context.contracts,
            contract.nuContrato,
            card.nuCartaoPostagem,
            name="card services",
            key="contracts.card_services",
            on_result=self._on_card_services_task_result,
            on_error=self._on_card_services_task_error,
            on_finished=self._on_card_services_task_finished,
        )

        self._set_activity(
            "contracts.card_services", arg(self.tr("Loading the services of card %1…"), card.nuCartaoPostagem)
        )
        self._update_actions()

    def _show_card_fields(self, card: PostingCard | None) -> None:
        if card is None:
            for label in (
                self.card_number_value,
                self.card_holder_value,
                self.card_validity_value,
                self.card_status_value,
            ):
                label.setText(or_dash(None))
            return
        self.card_number_value.setText(card.nuCartaoPostagem)
        self.card_holder_value.setText(or_dash(display_cnpj(card.cnpjCartao or "")))
        self.card_validity_value.setText(self._validity_text(card.dtInicioVigencia, card.dtFimVigencia))
        self.card_status_value.setText(status_line(card.status, card_status_meaning(card.status)))

    def _update_cards_summary(self) -> None:
        model = self.cards_model
        if model.contract is None:
            self.cards_summary.setText("")
            return
        if model.error:
            self.cards_summary.setText(self.tr("The cards could not be loaded."))
            return
        loaded = model.rowCount()
        if model.loading and not loaded:
            self.cards_summary.setText(self.tr("Loading cards…"))
            return
        total = model.total()
        if not model.complete and total is not None and total > loaded:
            self.cards_summary.setText(arg(self.tr("%1 of %2 cards (scroll for more)"), loaded, total))
        else:
            self.cards_summary.setText(self.tr("%n card(s)", "", loaded))

    # --- the card used for quoting ---------------------------------------------------------

    def quotable(self, card: PostingCard | None = None) -> bool:
        """Whether ``card`` (default: the selected one) can be used for quoting now."""
        card = card or self._card
        contract = self._contract
        return (
            card is not None
            and contract is not None
            and (card.status or "").upper() == "ATIVO"
            and (contract.status or "").upper() == "ATIVO"
        )

    def use_card_for_quoting(self) -> TaskHandle | None:
        """Read the selected card's services, then make it the card the app quotes with."""
        from postalgui.services.contracts.use_cases import quoting_products

        card, contract = self._card, self._contract
        if card is None or contract is None or not self.quotable(card) or self._quoting_handle is not None:
            return None
        self._quoting = (contract, card)
        self._quoting_handle = self.runner.run(
            quoting_products,
            self.context.contracts,
            contract.nuContrato,
            card.nuCartaoPostagem,
            name="quoting products",
            key="contracts.quoting",
            on_result=self._on_quoting_task_result,
            on_error=self._on_quoting_task_error,
            on_finished=self._on_quoting_task_finished,
        )

        self._set_activity(
            "contracts.quoting", arg(self.tr("Reading the services of card %1…"), card.nuCartaoPostagem)
        )
        self._update_actions()
        return self._quoting_handle

    def _apply_card(self, contract: Contract, card: PostingCard, services: list[Service]) -> bool:
        """Save settings with ``card`` active and its services as products (GUI thread)."""
        try:
            self.context.contracts.use_card(contract, card, services)
        except OSError as exc:
            self.messages.show_message(
                arg(self.tr("The settings could not be saved: %1"), describe_error(exc)),
                MessageKind.ERROR,
                key="contracts.quoting",
            )
            return False
        self._profile_key = self._profile_fingerprint()
        return True

    def renew_token(self) -> TaskHandle:
        """A fresh token for the configured scope (the active card), in the background."""
        from postalgui.services.connection import renew_token

        self._renew_handle = self.runner.run(
            renew_token,
            self.context,
            name="renew token for card",
            key="contracts.renew",
            on_result=self._on_renew_task_result,
            on_error=self._on_renew_task_error,
            on_finished=self._on_renew_task_finished,
        )

        self._set_activity("contracts.renew", self.tr("Getting a token for the card…"))
        return self._renew_handle

    def _update_active_card(self) -> None:
        profile = self.context.profile
        if profile.card:
            text = arg(
                self.tr("Quoting with card %1 of contract %2 (DR %3)."),
                profile.card,
                or_dash(profile.contract),
                or_dash(None if profile.dr is None else str(profile.dr)),
            )
        else:
            text = self.tr("No posting card is set for quoting: pick an active card and use it for quoting.")
        self.active_label.setText(text)
        self.cards_model.set_active_card(profile.card)

    # --- the token's APIs --------------------------------------------------------------------

    def refresh_apis(self) -> TaskHandle:
        """Show which APIs the current token enables (its ``api`` list)."""
        from postalgui.services.contracts.use_cases import token_apis

        return self.runner.run(
            token_apis,
            self.context.contracts,
            name="token APIs",
            key="contracts.apis",
            on_result=self._on_apis_task_result,
            on_error=self._on_apis_task_error,
        )


    def _show_apis(self, apis: list[int]) -> None:
        self.apis = list(apis)
        self.apis_label.setText(arg(self.tr("APIs enabled for the current token: %1"), api_list(apis)))
        self.apisLoaded.emit(list(apis))

    # --- following settings ---------------------------------------------------------------

    def settings_changed(self) -> None:
        """The settings changed (here or elsewhere): follow the profile's contract and card.

        The list is asked again when the company, environment or contract changed
        elsewhere (its token scope did); a card switch made here keeps it as it is.
        """
        self._update_active_card()
        key = self._profile_fingerprint()
        if key != self._profile_key:
            self._profile_key = key
            self.refresh()
        if self._renew_handle is None:
            self.refresh_apis()

    def _profile_fingerprint(self) -> tuple[str, str, str]:
        profile = self.context.profile
        return self.context.env_key, profile.cnpj, profile.contract

    # --- state -------------------------------------------------------------------------------

    def _update_actions(self) -> None:
        quotable = self.quotable()
        self.quote_button.setEnabled(quotable and self._quoting_handle is None)
        if self._card is None:
            tip = self.tr("Select a posting card first")
        elif not quotable:
            tip = self.tr("Only an active card of an active contract can be used for quoting")
        else:
            tip = self.tr(
                "Make this card (with its contract and DR) the one PostalGUI quotes with; "
                "the Prices tab then compares the card's services"
            )
        self.quote_button.setToolTip(tip)

    def _set_activity(self, key: str, text: str | None) -> None:
        if text is None:
            self._activity.pop(key, None)
        else:
            self._activity[key] = text
        texts = list(self._activity.values())
        self.activity_label.setText(texts[-1] if texts else "")
        self.busy_bar.setVisible(bool(texts))

    # --- slots: start, list ------------------------------------------------------------------

    @Slot()
    def _on_start_timer_timeout(self) -> None:
        self.refresh()
        self.refresh_apis()

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
    def _on_list_task_result(self, contracts: object) -> None:
        found = cast("list[Contract]", contracts)
        shown = self._contract.nuContrato if self._contract is not None else None
        self._listed = True
        self.contract_model.set_contracts(found)
        self._update_contracts_summary()
        wanted = [n for n in (shown, self.context.profile.contract) if n]
        if not any(self.select_contract(number) for number in wanted) and self.contract_proxy.rowCount():
            self.contract_table.selectRow(0)
        if not self.contract_proxy.rowCount():
            self._show_contract(None)
        self.contractsLoaded.emit(len(found))

    @Slot(object)
    def _on_list_task_error(self, error: BaseException) -> None:
        self.contracts_summary.setText(self.tr("The contracts could not be loaded."))
        self.messages.show_message(
            arg(self.tr("The contracts could not be loaded: %1"), describe_error(error)),
            MessageKind.ERROR,
            key="contracts.list",
        )

    @Slot(bool)
    def _on_list_task_finished(self, cancelled: bool) -> None:
        self._list_handle = None
        self._set_activity("contracts.list", None)

    @Slot(QItemSelection, QItemSelection)
    def _on_contract_table_selection_changed(
        self, _selected: QItemSelection, _deselected: QItemSelection
    ) -> None:
        rows = self.contract_table.selectionModel().selectedRows()
        if not rows:
            return  # a reload clears the selection for a moment; the pages keep their contract
        self._show_contract(self.contract_model.contract(self.contract_proxy.mapToSource(rows[0]).row()))

    # --- slots: detail ------------------------------------------------------------------------

    @Slot(object)
    def _on_detail_task_result(self, result: object) -> None:
        detail = cast("ContractDetail", result)
        current = self._contract
        if current is None or detail.contract.nuContrato != current.nuContrato:
            return
        self._contract = detail.contract
        self._show_contract_fields(detail.contract)
        self._show_category(detail.category, detail.category_error, detail.contract)
        self.management_view.set_contacts(detail.management, detail.management_error)
        self.administration_view.set_contacts(detail.administration, detail.administration_error)
        self._update_actions()
        self.detailLoaded.emit(detail.contract.nuContrato)

    @Slot(object)
    def _on_detail_task_error(self, error: BaseException) -> None:
        text = describe_error(error)
        self.management_view.set_contacts([], text)
        self.administration_view.set_contacts([], text)
        self.category_value.setText(or_dash(None))
        self.messages.show_message(
            arg(self.tr("The contract's details could not be loaded: %1"), text),
            MessageKind.ERROR,
            key="contracts.detail",
        )

    @Slot(bool)
    def _on_detail_task_finished(self, cancelled: bool) -> None:
        self._set_activity("contracts.detail", None)

    @Slot(str)
    def _on_contacts_contact_copied(self, text: str) -> None:
        name = text.splitlines()[0] if text else ""
        self.messages.show_message(
            arg(self.tr("Contact copied to the clipboard (%1)."), name),
            MessageKind.INFO,
            key="contracts.copy",
        )
        self.contactCopied.emit(text)

    # --- slots: cards -------------------------------------------------------------------------

    @Slot(int)
    def _on_card_status_combo_current_index_changed(self, _index: int) -> None:
        self.cards_model.set_status(self.card_status_filter())

    @Slot(int)
    def _on_cards_model_page_loaded(self, _number: int) -> None:
        self.messages.clear("contracts.cards")
        self._update_cards_summary()

    @Slot(str)
    def _on_cards_model_load_failed(self, reason: str) -> None:
        self._update_cards_summary()
        self.messages.show_message(
            arg(self.tr("The cards could not be loaded: %1"), reason),
            MessageKind.ERROR,
            key="contracts.cards",
            action_text=self.tr("Retry"),
            on_action=self.cards_model.retry,
        )

    @Slot(bool)
    def _on_cards_model_loading_changed(self, loading: bool) -> None:
        self._set_activity("contracts.cards", self.tr("Loading cards…") if loading else None)
        self._update_cards_summary()

    @Slot()
    def _on_cards_model_reset(self) -> None:
        self._show_card(None)
        self._update_cards_summary()

    @Slot(QItemSelection, QItemSelection)
    def _on_card_table_selection_changed(
        self, _selected: QItemSelection, _deselected: QItemSelection
    ) -> None:
        rows = self.card_table.selectionModel().selectedRows()
        card = self.cards_model.card(rows[0].row()) if rows else None
        if (
            card is not None
            and self._card is not None
            and card.nuCartaoPostagem == self._card.nuCartaoPostagem
        ):
            return
        self._show_card(card)

    @Slot(object)
    def _on_card_services_task_result(self, services: object) -> None:
        found = cast("list[Service]", services)
        self.card_services.set_items(found)
        self.cardServicesLoaded.emit(len(found))

    @Slot(object)
    def _on_card_services_task_error(self, error: BaseException) -> None:
        self.card_services.clear()
        self.card_services_panel.summary.setText(
            arg(self.tr("The card's services could not be loaded: %1"), describe_error(error))
        )

    @Slot(bool)
    def _on_card_services_task_finished(self, cancelled: bool) -> None:
        self._set_activity("contracts.card_services", None)

    @Slot(str)
    def _on_card_services_load_failed(self, reason: str) -> None:
        self.card_services_panel.summary.setText(reason)

    # --- slots: quoting ---------------------------------------------------------------------

    @Slot()
    def _on_quote_button_clicked(self) -> None:
        self.use_card_for_quoting()

    @Slot(object)
    def _on_quoting_task_result(self, services: object) -> None:
        found = cast("list[Service]", services)
        if self._quoting is None:
            return
        contract, card = self._quoting
        if not self._apply_card(contract, card, found):
            return
        self._quoted_count = len({service.codigo for service in found})
        number = card.nuCartaoPostagem
        if self.context.profile.card != number:
            # A POSTALGUI_CARD (or _CONTRACT) variable wins over the settings file.
            self.messages.show_message(
                arg(
                    self.tr(
                        "Card %1 was saved in the settings, but an environment variable sets "
                        "another card for this session."
                    ),
                    number,
                ),
                MessageKind.WARNING,
                key="contracts.quoting",
            )
        else:
            self.messages.show_message(
                self._quoting_text(number, contract) + " " + self.tr("Renewing the token…"),
                MessageKind.INFO,
                key="contracts.quoting",
            )
        self._update_active_card()
        # The renewal starts before the window hears about the change, so `settings_changed`
        # does not ask for the same token a second time.
        self.renew_token()
        self.settingsApplied.emit()

    def _quoting_text(self, card: str, contract: Contract) -> str:
        if self._quoted_count:
            products = self.tr("the Prices tab now compares its %n product(s).", "", self._quoted_count)
        else:
            products = self.tr("the card lists no services, so the Prices tab keeps its products.")
        return arg(
            self.tr("Card %1 of contract %2 is now used for quoting; %3"), card, contract.nuContrato, products
        )

    @Slot(object)
    def _on_quoting_task_error(self, error: BaseException) -> None:
        card = self._quoting[1].nuCartaoPostagem if self._quoting is not None else ""
        self.messages.show_message(
            arg(
                self.tr("Card %1 was not set for quoting: its services could not be read. %2"),
                card,
                describe_error(error),
            ),
            MessageKind.ERROR,
            key="contracts.quoting",
        )

    @Slot(bool)
    def _on_quoting_task_finished(self, cancelled: bool) -> None:
        self._quoting_handle = None
        self._set_activity("contracts.quoting", None)
        self._update_actions()

    @Slot(object)
    def _on_renew_task_result(self, result: object) -> None:
        report = cast("ConnectionReport", result)
        if self._quoting is not None and self.context.profile.card == self._quoting[1].nuCartaoPostagem:
            expiry = local_datetime(report.expires_at) if report.expires_at else self.tr("unknown")
            self.messages.show_message(
                self._quoting_text(self._quoting[1].nuCartaoPostagem, self._quoting[0])
                + " "
                + arg(self.tr("Token renewed for the card (valid until %1)."), expiry),
                MessageKind.INFO,
                key="contracts.quoting",
            )
        self._show_apis(list(report.apis))
        self.tokenRenewed.emit(report)

    @Slot(object)
    def _on_renew_task_error(self, error: BaseException) -> None:
        self.messages.show_message(
            arg(
                self.tr("The card is set for quoting, but a token for it could not be obtained: %1"),
                describe_error(error),
            ),
            MessageKind.WARNING,
            key="contracts.quoting",
        )
        self.apis = None
        self.apis_label.setText(self.tr("APIs enabled for the current token: unknown (no token)"))

    @Slot(bool)
    def _on_renew_task_finished(self, cancelled: bool) -> None:
        self._renew_handle = None
        self._set_activity("contracts.renew", None)

    @Slot(object)
    def _on_apis_task_result(self, apis: object) -> None:
        self._show_apis(cast("list[int]", apis))

    @Slot(object)
    def _on_apis_task_error(self, error: BaseException) -> None:
        self.apis = None
        self.apis_label.setText(
            arg(self.tr("APIs enabled for the current token: unknown (%1)"), describe_error(error))
        )


def _value_label(parent: QWidget) -> QLabel:
    label = QLabel(parent)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(
        Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
    )
    policy = label.sizePolicy()
    policy.setHorizontalPolicy(QSizePolicy.Policy.Expanding)
    label.setSizePolicy(policy)
    return label
