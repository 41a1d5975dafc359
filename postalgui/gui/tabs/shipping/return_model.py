"""`ReturnModel`: the office's return authorizations on the Returns page, filtered as the user types.

Each authorization's cells and sort keys are worked out once when the list is read
(`TextRow`), with the words searched; a filter (a state and the words typed) only picks
rows. The state is the catalogue's word (`postalgui.services.words.shipping`), as
``postalgui returns list`` says it; an authorization past its validity and not posted
stands out.
"""

from __future__ import annotations

from datetime import date
from enum import IntEnum
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject

from postalgui.api.values.text import fold
from postalgui.gui.messages import local_datetime
from postalgui.gui.models.row_table import Column, FilteredRowTableModel, TextRow
from postalgui.gui.models.words import shown
from postalgui.gui.tabs.shipping.words import service_word
from postalgui.services.shipping.return_records import ReturnState

if TYPE_CHECKING:
    from postalgui.services.shipping.return_records import ReturnAuthorization

__all__ = ["ReturnColumn", "ReturnModel", "day_text"]


class ReturnColumn(IntEnum):
    """The code the customer shows at the branch first, then its state and who sends it back."""

    CODE = 0
    STATE = 1
    CUSTOMER = 2
    OUTBOUND = 3
    SERVICE = 4
    VALID_UNTIL = 5
    OBJECT = 6
    CREATED_BY = 7
    CREATED_AT = 8


_COLUMNS: tuple[Column[ReturnAuthorization], ...] = (
    Column(
        QT_TRANSLATE_NOOP("ReturnModel", "Authorization"),
        header_tip=QT_TRANSLATE_NOOP("ReturnModel", "The code the customer shows at the branch"),
    ),
    Column(QT_TRANSLATE_NOOP("ReturnModel", "State")),
    Column(QT_TRANSLATE_NOOP("ReturnModel", "Customer")),
    Column(
        QT_TRANSLATE_NOOP("ReturnModel", "Outbound object"),
        header_tip=QT_TRANSLATE_NOOP("ReturnModel", "The object the customer received"),
    ),
    Column(QT_TRANSLATE_NOOP("ReturnModel", "Service")),
    Column(QT_TRANSLATE_NOOP("ReturnModel", "Valid until"), alarm=True),
    Column(
        QT_TRANSLATE_NOOP("ReturnModel", "Return object"),
        header_tip=QT_TRANSLATE_NOOP("ReturnModel", "The object coming back, followed in Tracking"),
    ),
    Column(QT_TRANSLATE_NOOP("ReturnModel", "Created by")),
    Column(QT_TRANSLATE_NOOP("ReturnModel", "Created on")),
)

OPEN_STATES = frozenset({ReturnState.AUTHORIZED, ReturnState.UNKNOWN})
"""States a clerk may still cancel: the customer has not posted it (the operator decides an unknown one)."""


def day_text(day: date) -> str:
    """``DD/MM/AAAA`` in both languages."""
    return day.strftime("%d/%m/%Y")


class ReturnModel(FilteredRowTableModel["ReturnAuthorization"]):
    """Rows are the authorizations the filter keeps; `all_items` every one read."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(_COLUMNS, parent)

    def keeps(self, item: ReturnAuthorization, choice: str) -> bool:
        return item.state.value == choice

    def row_of_code(self, code: str) -> int | None:
        for row, shown_row in enumerate(self._rows):
            if shown_row.item.code == code:
                return row
        return None

    def make_row(self, item: ReturnAuthorization) -> TextRow[ReturnAuthorization]:
        shipment = item.shipment
        customer = shipment.order.sender.name
        texts = (
            item.code,
            shown(item.state),
            customer,
            item.outbound_code,
            service_word(shipment.order.service_code),
            day_text(item.valid_until),
            item.object_code or "",
            shipment.created_by,
            local_datetime(shipment.created_at),
        )
        keys: tuple[object, ...] = (
            item.code,
            texts[ReturnColumn.STATE],
            fold(customer),
            item.outbound_code or None,
            texts[ReturnColumn.SERVICE],
            item.valid_until,
            item.object_code or None,
            fold(shipment.created_by),
            shipment.created_at,
        )
        return TextRow(item, texts, keys, failed=item.state is ReturnState.EXPIRED)
