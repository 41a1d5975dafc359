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
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from postalgui.api.values import format_brl, format_cep, is_valid_cep
from postalgui.api.values.text import fold
from postalgui.gui.messages import local_datetime
from postalgui.gui.models.formatting import error_colour, format_grams
from postalgui.gui.models.row_table import RowTableModel, TextRow
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


_HEADERS: tuple[object, ...] = (  # QT_TRANSLATE_NOOP is typed object; it returns the str
    QT_TRANSLATE_NOOP("ShipmentModel", "Object"),
    QT_TRANSLATE_NOOP("ShipmentModel", "Status"),
    QT_TRANSLATE_NOOP("ShipmentModel", "Label"),
    QT_TRANSLATE_NOOP("ShipmentModel", "Expires"),
    QT_TRANSLATE_NOOP("ShipmentModel", "Recipient"),
    QT_TRANSLATE_NOOP("ShipmentModel", "CEP"),
    QT_TRANSLATE_NOOP("ShipmentModel", "City/UF"),
    QT_TRANSLATE_NOOP("ShipmentModel", "Service"),
    QT_TRANSLATE_NOOP("ShipmentModel", "Weight"),
    QT_TRANSLATE_NOOP("ShipmentModel", "Declared value"),
    QT_TRANSLATE_NOOP("ShipmentModel", "Created by"),
    QT_TRANSLATE_NOOP("ShipmentModel", "Created on"),
    QT_TRANSLATE_NOOP("ShipmentModel", "Pre-posting"),
)
_NUMERIC = frozenset({ShipmentColumn.WEIGHT, ShipmentColumn.DECLARED})
URGENT_DAYS = 1
"""A pre-posting due within this many days (or expired) stands out: post it today."""


def _kept(item: Shipment, wanted: str) -> bool:
    """Whether the status filter keeps ``item``: empty any, an operator status number, or
    the office's own mark (labelled here or not)."""
    if wanted == LABELLED_FILTER:
        return item.labelled
    if wanted == UNLABELLED_FILTER:
        return not item.labelled
    return not wanted or item.number == wanted


def _cep(digits: str) -> str:
    return format_cep(digits) if is_valid_cep(digits) else digits


class ShipmentModel(RowTableModel["Shipment"]):
    """Rows are the shipments the filter keeps; `all_shipments` are every one read."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._all: list[TextRow[Shipment]] = []
        self._search: list[str] = []
        self._status = ""
        self._words: tuple[str, ...] = ()
        self._today = date.today()

    # --- the data ------------------------------------------------------------------------

    def set_shipments(self, shipments: Sequence[Shipment], today: date) -> None:
        """A newly read list: worded once (expiry counted from ``today``), then filtered as before."""
        self._today = today
        self._all = [self.make_row(shipment) for shipment in shipments]
        self._search = [fold(" ".join(row.texts)) for row in self._all]
        self._show()

    def set_filter(self, status: str, text: str) -> None:
        """Keep the shipments in ``status`` (empty: any) whose words hold every word of ``text``."""
        words = tuple(fold(text).split())
        if (status, words) != (self._status, self._words):
            self._status, self._words = status, words
            self._show()

    def _show(self) -> None:
        kept = [
            row
            for row, search in zip(self._all, self._search, strict=True)
            if _kept(row.item, self._status) and all(word in search for word in self._words)
        ]
        self.beginResetModel()
        self._rows = kept
        self.endResetModel()
        self._resort()

    def all_shipments(self) -> list[Shipment]:
        return [row.item for row in self._all]

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

    def column_count(self) -> int:
        return len(ShipmentColumn)

    def header(self, section: int) -> str:
        return QCoreApplication.translate("ShipmentModel", str(_HEADERS[section]))

    def header_tooltip(self, section: int) -> str | None:
        if section == ShipmentColumn.EXPIRES:
            return self.tr("A pre-posting not posted within 7 days expires")
        if section == ShipmentColumn.LABEL:
            return self.tr("Whether its label was issued here: the office's mark, not the operator's status")
        return None

    def is_numeric(self, column: int) -> bool:
        return column in _NUMERIC

    def tooltip(self, row: TextRow[Shipment], column: int) -> str | None:
        if column == ShipmentColumn.EXPIRES and row.item.expires_at is not None:
            return local_datetime(row.item.expires_at)
        if column == ShipmentColumn.LABEL and row.item.labelled_at is not None:
            return local_datetime(row.item.labelled_at)
        return None

    def foreground(self, row: TextRow[Shipment], column: int) -> Any:
        return error_colour() if row.failed and column == ShipmentColumn.EXPIRES else None

    def urgent(self, row: int) -> bool:
        """Due within a day, or expired: the Expires cell stands out in red."""
        return self._rows[row].failed
