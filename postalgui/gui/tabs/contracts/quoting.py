"""`CardQuoting`: "Use this card for quoting", from reading the card's services to its new token.

The switch reads the card's services in the background (key ``contracts.quoting``),
then saves, on the GUI thread, settings where the profile takes the card, its contract
and DR and the Prices tab's products become the card's services
(`ContractService.use_card`; saving rebuilds the backend for the new token scope).
A token for that scope is then fetched in the background (key ``contracts.renew``,
`postalgui.services.contracts.use_cases.renew_token`).
One switch at a time; every step says how it went in the tab's message area under
``contracts.quoting``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot

from postalgui.gui.messages import arg, describe_error, local_datetime
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.contracts.use_cases import TokenSummary

if TYPE_CHECKING:
    from postalgui.api.models.contracts import Contract, PostingCard, Service
    from postalgui.gui.tabs.contracts.desk import Desk
    from postalgui.gui.tasks import TaskHandle
from postalgui.services.contracts.use_cases import quoting_products, renew_token

__all__ = ["CardQuoting", "quotable"]

KEY = "contracts.quoting"
RENEW_KEY = "contracts.renew"


def quotable(contract: Contract | None, card: PostingCard | None) -> bool:
    """Whether ``card`` of ``contract`` can be used for quoting: both ATIVO."""
    return (
        card is not None
        and contract is not None
        and (card.status or "").upper() == "ATIVO"
        and (contract.status or "").upper() == "ATIVO"
    )


class CardQuoting(QObject):
    """Makes a card the one the app quotes with.

    Signals: ``busyChanged(bool)`` when a switch starts or ends; ``cardApplied()`` once
    the settings are saved (the token renewal has already started, so whoever follows
    the settings need not ask for the same token again); ``tokenRenewed(TokenSummary)`` with
    the `ConnectionReport` of the card's new token; ``tokenFailed()`` when none could
    be obtained.
    """

    busyChanged = Signal(bool)
    cardApplied = Signal()
    tokenRenewed = Signal(TokenSummary)
    tokenFailed = Signal()

    def __init__(self, desk: Desk, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.desk = desk
        self._quoting: tuple[Contract, PostingCard] | None = None
        self._handle: TaskHandle | None = None
        self._renew_handle: TaskHandle | None = None
        self._quoted_count = 0

    @property
    def busy(self) -> bool:
        """A switch is reading the card's services."""
        return self._handle is not None

    @property
    def renewing(self) -> bool:
        """The token for the new card is on its way."""
        return self._renew_handle is not None

    def use(self, contract: Contract | None, card: PostingCard | None) -> TaskHandle | None:
        """Read ``card``'s services, then make it the card the app quotes with.

        Nothing happens (``None``) for a card that cannot quote or while a switch runs.
        """

        if contract is None or card is None or not quotable(contract, card) or self.busy:
            return None
        self._quoting = (contract, card)
        failed = self.tr("Card %1 was not set for quoting: its services could not be read. %2")
        self._handle = self.desk.run(
            quoting_products,
            contract.nuContrato,
            card.nuCartaoPostagem,
            name="quoting products",
            key=KEY,
            on_result=self._on_quoting_task_result,
            on_finished=self._on_quoting_task_finished,
            failure=Failure(arg(failed, card.nuCartaoPostagem, "%1"), KEY),  # %1: the error, in the sink
        )
        self.desk.activity.set_activity(
            KEY, arg(self.tr("Reading the services of card %1…"), card.nuCartaoPostagem)
        )
        self.busyChanged.emit(True)
        return self._handle

    def renew_token(self) -> TaskHandle:
        """A fresh token for the configured scope (the active card), in the background."""

        self._renew_handle = self.desk.run(
            renew_token,
            name="renew token for card",
            key=RENEW_KEY,
            on_result=self._on_renew_task_result,
            on_error=self._on_renew_task_error,
            on_finished=self._on_renew_task_finished,
        )
        self.desk.activity.set_activity(RENEW_KEY, self.tr("Getting a token for the card…"))
        return self._renew_handle

    def _apply(self, contract: Contract, card: PostingCard, services: list[Service]) -> bool:
        """Save settings with ``card`` active and its services as products (GUI thread)."""
        try:
            self.desk.service.use_card(contract, card, services)
        except OSError as exc:
            self.desk.messages.show_message(
                arg(self.tr("The settings could not be saved: %1"), describe_error(exc)),
                MessageKind.ERROR,
                key=KEY,
            )
            return False
        return True

    def _quoting_text(self, card: str, contract: Contract) -> str:
        if self._quoted_count:
            products = self.tr("the Prices tab now compares its %n product(s).", "", self._quoted_count)
        else:
            products = self.tr("the card lists no services, so the Prices tab keeps its products.")
        return arg(
            self.tr("Card %1 of contract %2 is now used for quoting; %3"), card, contract.nuContrato, products
        )

    # --- slots: the card's services ----------------------------------------------------------

    @Slot(object)
    def _on_quoting_task_result(self, found: list[Service]) -> None:
        if self._quoting is None:
            return
        contract, card = self._quoting
        if not self._apply(contract, card, found):
            return
        self._quoted_count = len({service.codigo for service in found})
        number = card.nuCartaoPostagem
        if self.desk.service.profile.card != number:
            # A POSTALGUI_CARD (or _CONTRACT) variable wins over the settings file.
            text = arg(
                self.tr(
                    "Card %1 was saved in the settings, but an environment variable sets "
                    "another card for this session."
                ),
                number,
            )
            self.desk.messages.show_message(text, MessageKind.WARNING, key=KEY)
        else:
            text = self._quoting_text(number, contract) + " " + self.tr("Renewing the token…")
            self.desk.messages.show_message(text, MessageKind.INFO, key=KEY)
        # The renewal starts before anyone hears about the change, so following the new
        # settings does not ask for the same token a second time.
        self.renew_token()
        self.cardApplied.emit()

    @Slot(bool)
    def _on_quoting_task_finished(self, cancelled: bool) -> None:
        self._handle = None
        self.desk.activity.set_activity(KEY, None)
        self.busyChanged.emit(False)

    # --- slots: the token --------------------------------------------------------------------

    @Slot(object)
    def _on_renew_task_result(self, report: TokenSummary) -> None:
        if self._quoting is not None and self.desk.service.profile.card == self._quoting[1].nuCartaoPostagem:
            expiry = local_datetime(report.expires_at) if report.expires_at else self.tr("unknown")
            self.desk.messages.show_message(
                self._quoting_text(self._quoting[1].nuCartaoPostagem, self._quoting[0])
                + " "
                + arg(self.tr("Token renewed for the card (valid until %1)."), expiry),
                MessageKind.INFO,
                key=KEY,
            )
        self.tokenRenewed.emit(report)

    @Slot(object)
    def _on_renew_task_error(self, error: BaseException) -> None:
        self.desk.messages.show_message(
            arg(
                self.tr("The card is set for quoting, but a token for it could not be obtained: %1"),
                describe_error(error),
            ),
            MessageKind.WARNING,
            key=KEY,
        )
        self.tokenFailed.emit()

    @Slot(bool)
    def _on_renew_task_finished(self, cancelled: bool) -> None:
        self._renew_handle = None
        self.desk.activity.set_activity(RENEW_KEY, None)
