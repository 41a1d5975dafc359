"""The Contracts and cards tab: the company's contracts, one contract's details, services and
posting cards, and the card the app quotes with.

The tab only composes and wires: the contracts list (`ContractListPage`) beside the
selected contract's Details (`ContractDetailPage`), Services (`ServicesPanel`) and Cards
(`CardsPage`) pages, the card switch (`CardQuoting`) and a footer with the active card,
the token's APIs (`TokenApisLabel`) and what is loading (`ActivityIndicator`).
`postalgui.services.contracts.use_cases` does the work in the background; each view
has one live request (task keys ``contracts.*``): a new selection cancels the answer
still coming for the old one. Failures go to the tab's message area.

"Use this card for quoting" makes a card the active one; ``settingsApplied`` then tells
the window (`Handoffs.settings_changed`), which makes every tab follow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QTabWidget, QVBoxLayout, QWidget

from postalgui.api.models.contracts import Contract
from postalgui.gui.messages import arg, or_dash
from postalgui.gui.tabs.contracts.activity import ActivityIndicator
from postalgui.gui.tabs.contracts.cards_page import CardsPage
from postalgui.gui.tabs.contracts.desk import Desk
from postalgui.gui.tabs.contracts.detail_page import ContractDetailPage
from postalgui.gui.tabs.contracts.list_page import ContractListPage
from postalgui.gui.tabs.contracts.quoting import CardQuoting, quotable
from postalgui.gui.tabs.contracts.service_model import ServiceModel
from postalgui.gui.tabs.contracts.services_panel import ServicesPanel
from postalgui.gui.tabs.contracts.token_apis import TokenApisLabel
from postalgui.gui.widgets.window_state import RememberedSplitter
from postalgui.services.contracts.use_cases import TokenSummary

if TYPE_CHECKING:
    from postalgui.api.models.contracts import Contract, PostingCard
    from postalgui.gui.tabs.contract import Handoffs
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.contracts.service import ContractService

__all__ = ["ContractsTab"]


class ContractsTab(QWidget):
    """Contracts list beside the selected contract's Details, Services and Cards pages.

    Signals: ``contractsLoaded(int)`` with the number of contracts, once a list is shown;
    ``detailLoaded(str)`` with the contract number once its category and contacts are in;
    ``cardServicesLoaded(int)`` with the number of services of the selected card, once shown;
    ``contactCopied(str)`` with the contact text a Copy put on the clipboard;
    ``apisLoaded(list)`` with the API ids the current token enables, once shown;
    ``tokenRenewed(TokenSummary)`` with the `TokenSummary` of the token fetched after a
    card switch; ``settingsApplied()`` after the tab saved new settings (a card is now
    used for quoting).
    """

    contractsLoaded = Signal(int)
    detailLoaded = Signal(str)
    cardServicesLoaded = Signal(int)
    contactCopied = Signal(str)
    apisLoaded = Signal(list)
    tokenRenewed = Signal(TokenSummary)
    settingsApplied = Signal()

    def __init__(
        self,
        service: ContractService,
        runner: TaskRunner,
        messages: MessageArea,
        parent: QWidget | None = None,
        *,
        handoffs: Handoffs | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("contractsTab")
        if handoffs is not None:
            self.settingsApplied.connect(handoffs.settings_changed)
        self.setWindowTitle(self.tr("Contracts and cards"))
        self.service = service
        self.runner = runner
        self._profile_key = self._profile_fingerprint()
        self._contract: Contract | None = None

        self.messages = messages
        messages.setParent(self)  # the runner's default error sink is found among the tab's children
        self.activity = ActivityIndicator(self)
        desk = Desk(service, runner, messages, self.activity)
        self.list_page = ContractListPage(desk, self)
        today = self.list_page.contract_model.today
        self.detail_page = ContractDetailPage(desk, today, self)
        self.contract_services = ServiceModel(runner, "contracts.services", self)
        self.services_panel = ServicesPanel(
            service, runner, self.contract_services, "contracts.lookup.contract", self
        )
        self.services_panel.setObjectName("contractServicesPanel")
        self.cards_page = CardsPage(desk, today, self)
        self.quoting = CardQuoting(desk, self)
        self.pages = QTabWidget(self)
        self.pages.setObjectName("contractPages")
        self.pages.addTab(self.detail_page, self.tr("&Details"))
        self.pages.addTab(self.services_panel, self.tr("&Services"))
        self.pages.addTab(self.cards_page, self.tr("C&ards"))
        # The list a little wider than the pages: its five columns are whole at the default
        # window on a 1366x768 screen.
        splitter = RememberedSplitter.of(
            "contracts.main", Qt.Orientation.Horizontal, self, ((self.list_page, 6), (self.pages, 5))
        )
        splitter.setObjectName("contractsSplitter")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.messages)
        layout.addWidget(splitter, 1)
        layout.addLayout(self._build_footer())
        self._connect()
        self._update_active_card()
        # Everything here needs the network: start once the event loop runs.
        QTimer.singleShot(0, self, self._on_start_timer_timeout)

    def _build_footer(self) -> QHBoxLayout:
        self.active_label = QLabel(self)
        self.active_label.setObjectName("activeCardLabel")
        self.active_label.setWordWrap(True)
        self.apis_label = TokenApisLabel(self.service, self.runner, self)
        status = QVBoxLayout()
        status.addWidget(self.active_label)
        status.addWidget(self.apis_label)
        footer = QHBoxLayout()
        footer.addLayout(status, 1)
        footer.addWidget(self.activity)
        return footer

    def _connect(self) -> None:
        self.list_page.contractsLoaded.connect(self.contractsLoaded)
        self.list_page.contractSelected.connect(self._on_list_page_contract_selected)
        self.list_page.selectionCleared.connect(self._on_list_page_selection_cleared)
        self.detail_page.detailLoaded.connect(self._on_detail_page_detail_loaded)
        self.detail_page.contactCopied.connect(self.contactCopied)
        self.cards_page.detail.cardServicesLoaded.connect(self.cardServicesLoaded)
        self.cards_page.detail.quoteRequested.connect(self._on_card_detail_quote_requested)
        self.quoting.busyChanged.connect(self.cards_page.detail.set_quoting)
        self.quoting.cardApplied.connect(self._on_quoting_card_applied)
        self.quoting.tokenRenewed.connect(self._on_quoting_token_renewed)
        self.quoting.tokenFailed.connect(self.apis_label.show_no_token)
        self.apis_label.apisLoaded.connect(self.apisLoaded)

    # --- what the window and the tests ask ----------------------------------------------------

    @property
    def apis(self) -> list[int] | None:
        """The API ids the current token enables, once known."""
        return self.apis_label.apis

    def refresh(self) -> TaskHandle:
        """Load the contracts with the filter bar's status and validity."""
        return self.list_page.refresh()

    @property
    def loading_contracts(self) -> bool:
        return self.list_page.loading

    def current_contract(self) -> Contract | None:
        """The contract whose pages are shown (its freshest record)."""
        return self._contract

    def select_contract(self, number: str) -> bool:
        """Select contract ``number`` in the list; False when it is not shown."""
        return self.list_page.select_contract(number)

    def current_card(self) -> PostingCard | None:
        return self.cards_page.current_card()

    def select_card(self, number: str) -> bool:
        """Select card ``number`` among the rows loaded so far; False when it is not there."""
        return self.cards_page.select_card(number)

    def quotable(self, card: PostingCard | None = None) -> bool:
        """Whether ``card`` (default: the selected one) can be used for quoting now."""
        return quotable(self._contract, card or self.current_card())

    def use_card_for_quoting(self) -> TaskHandle | None:
        """Read the selected card's services, then make it the card the app quotes with."""
        return self.quoting.use(self._contract, self.current_card())

    def refresh_apis(self) -> TaskHandle:
        """Show which APIs the current token enables (its ``api`` list)."""
        return self.apis_label.refresh()

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
        if not self.quoting.renewing:
            self.refresh_apis()

    # --- state -------------------------------------------------------------------------------

    def _profile_fingerprint(self) -> tuple[str, str, str]:
        profile = self.service.profile
        return self.service.env_key, profile.cnpj, profile.contract

    def _show_contract(self, contract: Contract | None) -> None:
        """Fill the pages for ``contract``: its detail, services and cards load in the background."""
        if (
            contract is not None
            and self._contract is not None
            and contract.nuContrato == self._contract.nuContrato
        ):
            return
        self._contract = contract
        number = contract.nuContrato if contract is not None else None
        self.detail_page.show_contract(contract)
        self.cards_page.set_contract(contract)
        self.services_panel.set_scope(number)
        self.contract_services.load_contract(self.service, number)

    def _update_active_card(self) -> None:
        profile = self.service.profile
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
        self.cards_page.cards_model.set_active_card(profile.card)

    # --- slots -------------------------------------------------------------------------------

    @Slot()
    def _on_start_timer_timeout(self) -> None:
        self.refresh()
        self.refresh_apis()

    @Slot(Contract)
    def _on_list_page_contract_selected(self, contract: Contract) -> None:
        self._show_contract(contract)

    @Slot()
    def _on_list_page_selection_cleared(self) -> None:
        self._show_contract(None)

    @Slot(Contract)
    def _on_detail_page_detail_loaded(self, fresh: Contract) -> None:
        self._contract = fresh
        self.cards_page.refresh_contract(fresh)
        self.detailLoaded.emit(fresh.nuContrato)

    @Slot()
    def _on_card_detail_quote_requested(self) -> None:
        self.use_card_for_quoting()

    @Slot()
    def _on_quoting_card_applied(self) -> None:
        self._profile_key = self._profile_fingerprint()
        self._update_active_card()
        self.settingsApplied.emit()

    @Slot(TokenSummary)
    def _on_quoting_token_renewed(self, summary: TokenSummary) -> None:
        self.apis_label.show_apis(list(summary.apis))
        self.tokenRenewed.emit(summary)
