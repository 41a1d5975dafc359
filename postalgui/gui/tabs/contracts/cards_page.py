"""`CardsPage`: a contract's posting cards page by page above the selected card (`CardDetail`).

The cards arrive as the user scrolls (`CardModel`, task key ``contracts.cards``); the
status filter is the operator's, so changing it reloads from page 0. A page that fails
says so in the tab's message area with a Retry.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, Qt, Slot
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from postalgui.gui.messages import arg
from postalgui.gui.tabs.contracts.card_detail import CardDetail
from postalgui.gui.tabs.contracts.card_model import CardModel
from postalgui.gui.tabs.contracts.contract_model import (
    CARD_STATUSES,
    card_status_meaning,
    status_tooltip,
    status_word,
)
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.tables import record_table
from postalgui.gui.widgets.window_state import RememberedSplitter

if TYPE_CHECKING:
    from postalgui.api.models.contracts import Contract, PostingCard
    from postalgui.gui.tabs.contracts.desk import Desk

__all__ = ["CardsPage"]

CARDS_KEY = "contracts.cards"


class CardsPage(QWidget):
    """The Cards page of the selected contract: the filter, the cards table, `detail` below."""

    def __init__(self, desk: Desk, today: date, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cardsPage")
        self.desk = desk
        self.today = today
        self._contract: Contract | None = None
        self.cards_model = CardModel(desk.service, desk.runner, self)
        self.detail = CardDetail(desk, today, self)

        upper = QWidget(self)
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addLayout(self._build_filters())
        # The operator's order: rows arrive page by page.
        self.card_table = record_table(upper, self.cards_model, "cardTable", self.tr("Posting cards"))
        self.card_table.selectionModel().selectionChanged.connect(self._on_card_table_selection_changed)
        upper_layout.addWidget(self.card_table, 1)
        # A useful list: some seven cards in sight, not three, at 1366x768.
        table = self.card_table
        rows = table.verticalHeader().defaultSectionSize()
        chrome = table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
        table.setMinimumHeight(7 * rows + chrome + table.horizontalScrollBar().sizeHint().height())
        splitter = RememberedSplitter.of(
            "contracts.cards", Qt.Orientation.Vertical, self, ((upper, 1), (self.detail, 1))
        )
        splitter.setObjectName("cardsSplitter")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

        self.cards_model.pageLoaded.connect(self._on_cards_model_page_loaded)
        self.cards_model.loadFailed.connect(self._on_cards_model_load_failed)
        self.cards_model.loadingChanged.connect(self._on_cards_model_loading_changed)
        self.cards_model.modelReset.connect(self._on_cards_model_reset)

    def _build_filters(self) -> QHBoxLayout:
        self.card_status_combo = QComboBox(self)
        self.card_status_combo.setObjectName("cardStatusFilter")
        self.card_status_combo.addItem(self.tr("All statuses"), "")
        for status in CARD_STATUSES:
            self.card_status_combo.addItem(status_word(status), status)
            self.card_status_combo.setItemData(
                self.card_status_combo.count() - 1,
                status_tooltip(status, card_status_meaning(status)),
                Qt.ItemDataRole.ToolTipRole,
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

    # --- the contract and its cards ----------------------------------------------------------

    def card_status_filter(self) -> str | None:
        return str(self.card_status_combo.currentData() or "") or None

    def set_contract(self, contract: Contract | None) -> None:
        """The cards of ``contract`` (``None``: none), from page 0 with the page's status filter."""
        self._contract = contract
        self.detail.show_card(contract, None)
        self.cards_model.load(
            contract.nuContrato if contract is not None else None, self.card_status_filter()
        )
        self.desk.messages.clear(CARDS_KEY)

    def refresh_contract(self, contract: Contract) -> None:
        """A fresher record of the shown contract (its status decides whether its cards can quote)."""
        if self._contract is not None and contract.nuContrato == self._contract.nuContrato:
            self._contract = contract
            self.detail.refresh_contract(contract)

    @property
    def contract(self) -> Contract | None:
        return self._contract

    def current_card(self) -> PostingCard | None:
        return self.detail.card

    def select_card(self, number: str) -> bool:
        """Select card ``number`` among the rows loaded so far; False when it is not there."""
        row = self.cards_model.row_of(number)
        if row is None:
            return False
        self.card_table.selectRow(row)
        self.card_table.scrollTo(self.cards_model.index(row, 0))
        return True

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
        self.desk.messages.clear(CARDS_KEY)
        self._update_summary()

    @Slot(str)
    def _on_cards_model_load_failed(self, reason: str) -> None:
        self._update_summary()
        self.desk.messages.show_message(
            arg(self.tr("The cards could not be loaded: %1"), reason),
            MessageKind.ERROR,
            key=CARDS_KEY,
            action_text=self.tr("Retry"),
            on_action=self.cards_model.retry,
        )

    @Slot(bool)
    def _on_cards_model_loading_changed(self, loading: bool) -> None:
        self.desk.activity.set_activity(CARDS_KEY, self.tr("Loading cards…") if loading else None)
        self._update_summary()

    @Slot()
    def _on_cards_model_reset(self) -> None:
        self.detail.show_card(self._contract, None)
        self._update_summary()

    @Slot(QItemSelection, QItemSelection)
    def _on_card_table_selection_changed(
        self, _selected: QItemSelection, _deselected: QItemSelection
    ) -> None:
        rows = self.card_table.selectionModel().selectedRows()
        card = self.cards_model.card(rows[0].row()) if rows else None
        shown = self.detail.card
        if card is not None and shown is not None and card.nuCartaoPostagem == shown.nuCartaoPostagem:
            return
        self.detail.show_card(self._contract, card)
