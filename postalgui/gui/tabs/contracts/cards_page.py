"""`CardsPage`: a contract's posting cards page by page, the selected card and its services.

The cards arrive as the user scrolls (`CardModel`, task key ``contracts.cards``); the
status filter is the operator's, so changing it reloads from page 0. Selecting a card
shows its fields and loads its services whole (key ``contracts.card_services``); the
"Use this card for quoting" button asks the tab, which owns the switch.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QItemSelection, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.messages import arg, describe_error, display_cnpj, or_dash
from postalgui.gui.tabs.contracts.card_model import CardModel
from postalgui.gui.tabs.contracts.contract_model import (
    CARD_STATUSES,
    card_status_meaning,
    status_line,
    validity_text,
)
from postalgui.gui.tabs.contracts.labels import value_label
from postalgui.gui.tabs.contracts.quoting import quotable
from postalgui.gui.tabs.contracts.service_model import ServiceModel
from postalgui.gui.tabs.contracts.services_panel import ServicesPanel
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.tables import record_table

if TYPE_CHECKING:
    from postalgui.api.models.contracts import Contract, PostingCard, Service
    from postalgui.gui.tabs.contracts.activity import ActivityIndicator
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.context import AppContext
    from postalgui.services.tasks import TaskRunner

__all__ = ["CardsPage"]

CARDS_KEY = "contracts.cards"
SERVICES_KEY = "contracts.card_services"


class CardsPage(QWidget):
    """The Cards page of the selected contract.

    Signals: ``cardServicesLoaded(int)`` with the number of services of the selected
    card, once shown; ``quoteRequested()`` when "Use this card for quoting" is clicked.
    """

    cardServicesLoaded = Signal(int)
    quoteRequested = Signal()

    def __init__(
        self,
        context: AppContext,
        runner: TaskRunner,
        messages: MessageArea,
        activity: ActivityIndicator,
        today: date,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("cardsPage")
        self.context = context
        self.runner = runner
        self.messages = messages
        self.activity = activity
        self.today = today
        self._contract: Contract | None = None
        self._card: PostingCard | None = None
        self._quoting = False
        self.cards_model = CardModel(context.contracts, runner, self)
        self.card_services = ServiceModel(runner, "contracts.card_services.list", self)

        upper = QWidget(self)
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addLayout(self._build_filters())
        # The operator's order: rows arrive page by page.
        self.card_table = record_table(upper, self.cards_model, "cardTable", self.tr("Posting cards"))
        self.card_table.selectionModel().selectionChanged.connect(self._on_card_table_selection_changed)
        upper_layout.addWidget(self.card_table, 1)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.setObjectName("cardsSplitter")
        splitter.addWidget(upper)
        splitter.addWidget(self._build_detail())
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

        self.cards_model.pageLoaded.connect(self._on_cards_model_page_loaded)
        self.cards_model.loadFailed.connect(self._on_cards_model_load_failed)
        self.cards_model.loadingChanged.connect(self._on_cards_model_loading_changed)
        self.cards_model.modelReset.connect(self._on_cards_model_reset)
        self.card_services.loadFailed.connect(self._on_card_services_load_failed)
        self._show_fields(None)
        self._update_actions()

    def _build_filters(self) -> QHBoxLayout:
        self.card_status_combo = QComboBox(self)
        self.card_status_combo.setObjectName("cardStatusFilter")
        self.card_status_combo.addItem(self.tr("All statuses"), "")
        for status in CARD_STATUSES:
            self.card_status_combo.addItem(status, status)
            self.card_status_combo.setItemData(
                self.card_status_combo.count() - 1, card_status_meaning(status), Qt.ItemDataRole.ToolTipRole
            )
        self.card_status_combo.setAccessibleName(self.tr("Card status filter"))
        self.card_status_combo.currentIndexChanged.connect(self._on_card_status_combo_current_index_changed)
        status_label = QLabel(self.tr("Card st&atus:"), self)
        status_label.setBuddy(self.card_status_combo)
        self.cards_summary = QLabel(self)
        self.cards_summary.setObjectName("cardsSummary")
        filters = QHBoxLayout()
        filters.addWidget(status_label)
        filters.addWidget(self.card_status_combo)
        filters.addStretch(1)
        filters.addWidget(self.cards_summary)
        return filters

    def _build_detail(self) -> QGroupBox:
        detail = QGroupBox(self.tr("Posting card"), self)
        detail.setObjectName("cardDetail")
        self.card_number_value = value_label(detail)
        self.card_holder_value = value_label(detail)
        self.card_validity_value = value_label(detail)
        self.card_status_value = value_label(detail, "cardStatus")
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
        return detail

    # --- the contract and its cards ----------------------------------------------------------

    def card_status_filter(self) -> str | None:
        return str(self.card_status_combo.currentData() or "") or None

    def set_contract(self, contract: Contract | None) -> None:
        """The cards of ``contract`` (``None``: none), from page 0 with the page's status filter."""
        self._contract = contract
        self._show_card(None)
        self.cards_model.load(
            contract.nuContrato if contract is not None else None, self.card_status_filter()
        )
        self.messages.clear(CARDS_KEY)

    def refresh_contract(self, contract: Contract) -> None:
        """A fresher record of the shown contract (its status decides whether its cards can quote)."""
        if self._contract is not None and contract.nuContrato == self._contract.nuContrato:
            self._contract = contract
            self._update_actions()

    @property
    def contract(self) -> Contract | None:
        return self._contract

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

    @Slot(bool)
    def set_quoting(self, busy: bool) -> None:
        """A card switch is under way: one at a time, so the button waits for it."""
        self._quoting = busy
        self._update_actions()

    # --- one card ----------------------------------------------------------------------------

    def _show_card(self, card: PostingCard | None) -> None:
        from postalgui.services.contracts.use_cases import card_services

        self._card = card
        self._show_fields(card)
        contract = self._contract
        self.card_services.clear()
        if card is None or contract is None:
            self.card_services_panel.set_scope(None)
            self._update_actions()
            return
        self.card_services_panel.set_scope(contract.nuContrato, card.nuCartaoPostagem)
        self.runner.run(
            card_services,
            self.context.contracts,
            contract.nuContrato,
            card.nuCartaoPostagem,
            name="card services",
            key=SERVICES_KEY,
            on_result=self._on_card_services_task_result,
            on_error=self._on_card_services_task_error,
            on_finished=self._on_card_services_task_finished,
        )
        self.activity.set_activity(
            SERVICES_KEY, arg(self.tr("Loading the services of card %1…"), card.nuCartaoPostagem)
        )
        self._update_actions()

    def _show_fields(self, card: PostingCard | None) -> None:
        labels = (
            self.card_number_value,
            self.card_holder_value,
            self.card_validity_value,
            self.card_status_value,
        )
        if card is None:
            for label in labels:
                label.setText(or_dash(None))
            return
        self.card_number_value.setText(card.nuCartaoPostagem)
        self.card_holder_value.setText(or_dash(display_cnpj(card.cnpjCartao or "")))
        self.card_validity_value.setText(validity_text(card.dtInicioVigencia, card.dtFimVigencia, self.today))
        self.card_status_value.setText(status_line(card.status, card_status_meaning(card.status)))

    def _update_actions(self) -> None:
        can_quote = quotable(self._contract, self._card)
        self.quote_button.setEnabled(can_quote and not self._quoting)
        if self._card is None:
            tip = self.tr("Select a posting card first")
        elif not can_quote:
            tip = self.tr("Only an active card of an active contract can be used for quoting")
        else:
            tip = self.tr(
                "Make this card (with its contract and DR) the one PostalGUI quotes with; "
                "the Prices tab then compares the card's services"
            )
        self.quote_button.setToolTip(tip)

    def _update_summary(self) -> None:
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

    # --- slots: the cards --------------------------------------------------------------------

    @Slot(int)
    def _on_card_status_combo_current_index_changed(self, _index: int) -> None:
        self.cards_model.set_status(self.card_status_filter())

    @Slot(int)
    def _on_cards_model_page_loaded(self, _number: int) -> None:
        self.messages.clear(CARDS_KEY)
        self._update_summary()

    @Slot(str)
    def _on_cards_model_load_failed(self, reason: str) -> None:
        self._update_summary()
        self.messages.show_message(
            arg(self.tr("The cards could not be loaded: %1"), reason),
            MessageKind.ERROR,
            key=CARDS_KEY,
            action_text=self.tr("Retry"),
            on_action=self.cards_model.retry,
        )

    @Slot(bool)
    def _on_cards_model_loading_changed(self, loading: bool) -> None:
        self.activity.set_activity(CARDS_KEY, self.tr("Loading cards…") if loading else None)
        self._update_summary()

    @Slot()
    def _on_cards_model_reset(self) -> None:
        self._show_card(None)
        self._update_summary()

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

    @Slot()
    def _on_quote_button_clicked(self) -> None:
        self.quoteRequested.emit()

    # --- slots: the card's services ----------------------------------------------------------

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
        self.activity.set_activity(SERVICES_KEY, None)

    @Slot(str)
    def _on_card_services_load_failed(self, reason: str) -> None:
        self.card_services_panel.summary.setText(reason)
