"""`ShipmentModel`: the office's pre-postings on the Pre-postings page, filtered as the user types.

Each shipment's cells and sort keys are worked out once when the list is read (`TextRow`),
with the words searched; a filter (a status and the words typed) only picks rows. The
expiry counts days from the day the list was read (`set_shipments`' ``today``): a
pre-posting not posted within 7 days expires, and one due within a day stands out.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from enum import IntEnum
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject

from postalgui.api.values import format_brl, format_cep, is_valid_cep
from postalgui.api.values.text import fold
from postalgui.gui.messages import local_datetime
from postalgui.gui.models.formatting import format_grams
from postalgui.gui.models.row_table import Column, FilteredRowTableModel, TextRow
from postalgui.gui.tabs.shipping.words import (
    LABELLED_FILTER,
    UNLABELLED_FILTER,
    expiry_text,
    labelled_word,
    service_word,
    status_word,
)

if TYPE_CHECKING:
    from postalgui.services.shipping.records import Shipment

__all__ = ["ShipmentColumn", "ShipmentModel"]


class ShipmentColumn(IntEnum):
    """The object code first (what the counter and Tracking know), the operator's status
    and beside it the office's own "labelled" mark, the operator's long pre-posting id last."""

    OBJECT_CODE = 0
    STATUS = 1
    LABEL = 2
    EXPIRES = 3
    RECIPIENT = 4
    CEP = 5
    CITY = 6
    SERVICE = 7
    WEIGHT = 8
    DECLARED = 9
    CREATED_BY = 10
    CREATED_AT = 11
    ID = 12


def _expires_tip(row: TextRow[Shipment]) -> str | None:
    return local_datetime(row.item.expires_at) if row.item.expires_at is not None else None


def _label_tip(row: TextRow[Shipment]) -> str | None:
    return local_datetime(row.item.labelled_at) if row.item.labelled_at is not None else None


_COLUMNS: tuple[Column[Shipment], ...] = (
    Column(QT_TRANSLATE_NOOP("ShipmentModel", "Object")),
    Column(QT_TRANSLATE_NOOP("ShipmentModel", "Status")),
    Column(
        QT_TRANSLATE_NOOP("ShipmentModel", "Label"),
        header_tip=QT_TRANSLATE_NOOP(
            "ShipmentModel", "Whether its label was issued here: the office's mark, not the operator's status"
        ),
        tip=_label_tip,
    ),
    Column(
        QT_TRANSLATE_NOOP("ShipmentModel", "Expires"),
        header_tip=QT_TRANSLATE_NOOP("ShipmentModel", "A pre-posting not posted within 7 days expires"),
        tip=_expires_tip,
        alarm=True,
    ),
    Column(QT_TRANSLATE_NOOP("ShipmentModel", "Recipient")),
    Column(QT_TRANSLATE_NOOP("ShipmentModel", "CEP")),
    Column(QT_TRANSLATE_NOOP("ShipmentModel", "City/UF")),
    Column(QT_TRANSLATE_NOOP("ShipmentModel", "Service")),
    Column(QT_TRANSLATE_NOOP("ShipmentModel", "Weight"), numeric=True),
    Column(QT_TRANSLATE_NOOP("ShipmentModel", "Declared value"), numeric=True),
    Column(QT_TRANSLATE_NOOP("ShipmentModel", "Created by")),
    Column(QT_TRANSLATE_NOOP("ShipmentModel", "Created on")),
    Column(QT_TRANSLATE_NOOP("ShipmentModel", "Pre-posting")),
)
URGENT_DAYS = 1
"""A pre-posting due within this many days (or expired) stands out: post it today."""


def _kept(item: Shipment, wanted: str) -> bool:
    """Whether the status filter keeps ``item``: an operator status number, or the office's
    own mark (labelled here or not)."""
    if wanted == LABELLED_FILTER:
        return item.labelled
    if wanted == UNLABELLED_FILTER:
        return not item.labelled
    return item.number == wanted


def _cep(digits: str) -> str:
    return format_cep(digits) if is_valid_cep(digits) else digits


class ShipmentModel(FilteredRowTableModel["Shipment"]):
    """Rows are the shipments the filter keeps; `all_shipments` are every one read."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(_COLUMNS, parent)
        self._today = date.today()

    # --- the data ------------------------------------------------------------------------

    def set_shipments(self, shipments: Sequence[Shipment], today: date) -> None:
        """A newly read list: worded once (expiry counted from ``today``), then filtered as before."""
        self._today = today
        self.set_all(shipments)

    def keeps(self, item: Shipment, choice: str) -> bool:
        return _kept(item, choice)

    def all_shipments(self) -> list[Shipment]:
        return self.all_items()

    def shipment(self, row: int) -> Shipment:
        return self.item(row)

    def row_of_id(self, prepost_id: str) -> int | None:
        for row, shown in enumerate(self._rows):
            if shown.item.prepost_id == prepost_id:
                return row
        return None

    # --- cells -----------------------------------------------------------------------------

    def make_row(self, item: Shipment) -> TextRow[Shipment]:
        order = item.order
        recipient = order.recipient
        days = item.expires_in_days(self._today)
        city = f"{recipient.city}/{recipient.state}" if recipient.city and recipient.state else recipient.city
        texts = (
            item.object_code or "",
            status_word(item.number, item.status_word),
            labelled_word(item.labelled),
            expiry_text(days, item.number),
            recipient.name,
            _cep(recipient.cep),
            city,
            service_word(order.service_code),
            format_grams(order.weight_g),
            format_brl(order.declared_value) if order.declared_value else "",
            item.created_by,
            local_datetime(item.created_at),
            item.prepost_id,
        )
        keys: tuple[object, ...] = (
            item.object_code or None,
            texts[ShipmentColumn.STATUS],
            item.labelled_at,
            days if texts[ShipmentColumn.EXPIRES] else None,
            fold(recipient.name),
            recipient.cep,
            fold(city) if city else None,
            texts[ShipmentColumn.SERVICE],
            order.weight_g,
            order.declared_value,
            fold(item.created_by),
            item.created_at,
            item.prepost_id,
        )
        urgent = bool(texts[ShipmentColumn.EXPIRES]) and (days is None or days <= URGENT_DAYS)
        return TextRow(item, texts, keys, failed=urgent)

    def urgent(self, row: int) -> bool:
        """Due within a day, or expired: the Expires cell stands out in red."""
        return self._rows[row].failed
