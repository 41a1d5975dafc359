"""A contract's posting cards, loaded page by page as the user scrolls.

A contract can have hundreds of cards; the operator pages them (spec 001, 2.2, page
envelope), and so does the model: `canFetchMore` is true while pages remain and
`fetchMore` asks for the next one in the background. A status filter is the operator's
(``status`` query): changing it reloads from page 0.
"""

from __future__ import annotations

from datetime import date
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject
from PySide6.QtGui import QFont

from postalgui.gui.messages import arg, display_cnpj
from postalgui.gui.models.paged import PagedTableModel
from postalgui.gui.models.row_table import Column, TextRow
from postalgui.gui.tabs.contracts.contract_model import (
    alarm_colour,
    card_status_meaning,
    date_text,
    days_to_expiry,
    expiry_note,
    muted_colour,
    status_tooltip,
    status_word,
    warning_colour,
)

if TYPE_CHECKING:
    from postalgui.api.models.contracts import PostingCard
    from postalgui.gui.tasks import TaskRunner
    from postalgui.services.contracts.service import ContractService
from postalgui.services.contracts.use_cases import cards_page

__all__ = ["CARD_PAGE_SIZE", "CardColumn", "CardModel"]

CARD_PAGE_SIZE = 20
"""Cards asked for per page: a screenful, so the first page shows at once."""


class CardColumn(IntEnum):
    NUMBER = 0
    HOLDER = 1
    VALID_FROM = 2
    VALID_TO = 3
    STATUS = 4


_COLUMNS: tuple[Column[PostingCard], ...] = (
    Column(QT_TRANSLATE_NOOP("CardModel", "Card"), lambda card: card.nuCartaoPostagem, numeric=True),
    Column(QT_TRANSLATE_NOOP("CardModel", "Holder CNPJ"), lambda card: display_cnpj(card.cnpjCartao or "")),
    Column(
        QT_TRANSLATE_NOOP("CardModel", "Valid from"),
        lambda card: date_text(card.dtInicioVigencia),
        lambda card: card.dtInicioVigencia,
    ),
    Column(
        QT_TRANSLATE_NOOP("CardModel", "Valid until"),
        lambda card: date_text(card.dtFimVigencia),
        lambda card: card.dtFimVigencia,
    ),
    Column(QT_TRANSLATE_NOOP("CardModel", "Status"), lambda card: status_word(card.status)),
)


class CardModel(PagedTableModel["PostingCard"]):
    """`PostingCard`s of one contract in `CardColumn` order, page by page.

    Signals: those of `PagedTableModel`.
    """

    def __init__(
        self,
        service: ContractService,
        runner: TaskRunner,
        parent: QObject | None = None,
        today: date | None = None,
    ) -> None:
        super().__init__(runner, "contracts.cards", _COLUMNS, parent)
        self.page_size = CARD_PAGE_SIZE
        self.service = service
        self.today = today or date.today()
        self._contract: str | None = None
        self._status: str | None = None
        self._active: str = ""
        self._bold = QFont()
        self._bold.setBold(True)

    # --- the query -------------------------------------------------------------------------

    @property
    def contract(self) -> str | None:
        return self._contract

    @property
    def status(self) -> str | None:
        return self._status

    def load(self, contract: str | None, status: str | None = None) -> None:
        """The cards of ``contract`` (``None``: none) with ``status`` (``None``: any), from page 0."""

        self._contract = contract or None
        self._status = status or None
        if self._contract is None:
            self.clear()
            return
        self.set_source(cards_page, self.service, self._contract, self._status)

    def set_status(self, status: str | None) -> None:
        """Filter by status: the operator's filter, so the list reloads from page 0."""
        if (status or None) != self._status:
            self.load(self._contract, status)

    def set_active_card(self, card: str) -> None:
        """The card the app quotes with: its number is shown in bold."""
        if card != self._active:
            self._active = card
            self.refresh_rows()

    def card(self, row: int) -> PostingCard:
        return self.item(row)

    def cards(self) -> list[PostingCard]:
        return self.items()

    def row_of(self, number: str) -> int | None:
        return next((row for row, c in enumerate(self.items()) if c.nuCartaoPostagem == number), None)

    # --- cells -----------------------------------------------------------------------------

    def tooltip(self, row: TextRow[PostingCard], column: int) -> str | None:
        card = row.item
        if column == CardColumn.STATUS:
            return status_tooltip(card.status, card_status_meaning(card.status))
        if column == CardColumn.VALID_TO:
            return expiry_note(card.dtFimVigencia, self.today) or None
        if column == CardColumn.NUMBER and card.nuCartaoPostagem == self._active:
            return QCoreApplication.translate("CardModel", "The card PostalGUI quotes with")
        if column == CardColumn.HOLDER and card.cnpjCartao:
            return arg(
                QCoreApplication.translate("CardModel", "Card holder: %1"), display_cnpj(card.cnpjCartao)
            )
        return None

    def foreground(self, row: TextRow[PostingCard], column: int) -> Any:
        card = row.item
        status = (card.status or "").upper()
        if status == "IRREGULAR":
            return alarm_colour()
        days = days_to_expiry(card.dtFimVigencia, self.today)
        if status != "ATIVO" or (days is not None and days < 0):
            return muted_colour()
        if column == CardColumn.VALID_TO and expiry_note(card.dtFimVigencia, self.today):
            return warning_colour()
        return None

    def font(self, row: TextRow[PostingCard], column: int) -> Any:
        card = row.item
        if (card.status or "").upper() == "IRREGULAR" and column == CardColumn.STATUS:
            return self._bold
        if column == CardColumn.NUMBER and card.nuCartaoPostagem == self._active:
            return self._bold
        return None
