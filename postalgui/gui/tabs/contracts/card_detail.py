"""`CardDetail`: the selected posting card's fields, its services and "Use this card for quoting".

A card's services come whole (task key ``contracts.card_services``), each new card
cancelling the answer still coming for the last one. The quoting button only asks
(``quoteRequested``); the tab owns the switch and says when one runs (`set_quoting`).
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QFormLayout, QGroupBox, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from postalgui.gui.messages import arg, describe_error, display_cnpj, or_dash
from postalgui.gui.tabs.contracts.contract_model import card_status_meaning, status_line, validity_text
from postalgui.gui.tabs.contracts.quoting import quotable
from postalgui.gui.tabs.contracts.service_model import ServiceModel
from postalgui.gui.tabs.contracts.services_panel import ServicesPanel
from postalgui.gui.widgets.selectable_label import selectable_label

if TYPE_CHECKING:
    from postalgui.api.models.contracts import Contract, PostingCard, Service
    from postalgui.gui.tabs.contracts.desk import Desk
from postalgui.services.contracts.use_cases import card_services

__all__ = ["CardDetail"]

KEY = "contracts.card_services"


class CardDetail(QGroupBox):
    """One posting card: number, holder, validity, status, its services and the quoting button.

    Signals: ``cardServicesLoaded(int)`` with the number of the card's services, once
    shown; ``quoteRequested()`` when "Use this card for quoting" is clicked.
    """

    cardServicesLoaded = Signal(int)
    quoteRequested = Signal()

    def __init__(self, desk: Desk, today: date, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Posting card"))
        self.setObjectName("cardDetail")
        self.desk = desk
        self.today = today
        self._contract: Contract | None = None
        self._card: PostingCard | None = None
        self._quoting = False
        self.card_services = ServiceModel(desk.runner, "contracts.card_services.list", self)

        self.quote_button = QPushButton(self.tr("&Use this card for quoting"), self)
        self.quote_button.setObjectName("useCardButton")
        self.quote_button.clicked.connect(self._on_quote_button_clicked)
        top = QHBoxLayout()
        top.addLayout(self._build_form(), 1)
        top.addWidget(self.quote_button, 0, Qt.AlignmentFlag.AlignTop)
        self.card_services_panel = ServicesPanel(
            desk.service, desk.runner, self.card_services, "contracts.lookup.card", self
        )
        self.card_services_panel.setObjectName("cardServicesPanel")
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.card_services_panel, 1)
        self.card_services.loadFailed.connect(self._on_card_services_load_failed)
        self._show_fields(None)
        self._update_actions()

    def _build_form(self) -> QFormLayout:
        self.card_number_value = selectable_label(self)
        self.card_holder_value = selectable_label(self)
        self.card_validity_value = selectable_label(self)
        self.card_status_value = selectable_label(self, "cardStatus")
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(self.tr("Card:"), self.card_number_value)
        form.addRow(self.tr("Holder CNPJ:"), self.card_holder_value)
        form.addRow(self.tr("Validity:"), self.card_validity_value)
        form.addRow(self.tr("Status:"), self.card_status_value)
        return form

    # --- the card ----------------------------------------------------------------------------

    @property
    def card(self) -> PostingCard | None:
        return self._card

    def show_card(self, contract: Contract | None, card: PostingCard | None) -> None:
        """Show ``card`` of ``contract`` (``None``: none) and load its services."""

        self._contract, self._card = contract, card
        self._show_fields(card)
        self.card_services.clear()
        if card is None or contract is None:
            self.card_services_panel.set_scope(None)
            self._update_actions()
            return
        self.card_services_panel.set_scope(contract.nuContrato, card.nuCartaoPostagem)
        self.desk.run(
            card_services,
            contract.nuContrato,
            card.nuCartaoPostagem,
            name="card services",
            key=KEY,
            on_result=self._on_card_services_task_result,
            on_error=self._on_card_services_task_error,
            on_finished=self._on_card_services_task_finished,
        )
        self.desk.activity.set_activity(
            KEY, arg(self.tr("Loading the services of card %1…"), card.nuCartaoPostagem)
        )
        self._update_actions()

    def refresh_contract(self, contract: Contract) -> None:
        """A fresher record of the card's contract (its status decides whether the card can quote)."""
        if self._contract is not None and contract.nuContrato == self._contract.nuContrato:
            self._contract = contract
            self._update_actions()

    @Slot(bool)
    def set_quoting(self, busy: bool) -> None:
        """A card switch is under way: one at a time, so the button waits for it."""
        self._quoting = busy
        self._update_actions()

    def _show_fields(self, card: PostingCard | None) -> None:
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

    # --- slots -------------------------------------------------------------------------------

    @Slot()
    def _on_quote_button_clicked(self) -> None:
        self.quoteRequested.emit()

    @Slot(object)
    def _on_card_services_task_result(self, found: list[Service]) -> None:
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
        self.desk.activity.set_activity(KEY, None)

    @Slot(str)
    def _on_card_services_load_failed(self, reason: str) -> None:
        self.card_services_panel.summary.setText(reason)
