"""`AddressModel`: the address book's senders and recipients as a table, one row each.

The kind is a word in the UI language ("Remetente"/"Sender"), the default sender says so
beside it; the CEP reads ``00000-000``; the street with its number and complement; the
city with its state.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from postalgui.api.values import format_cep
from postalgui.api.values.text import fold
from postalgui.gui.messages import arg
from postalgui.gui.models.row_table import Column, RowTableModel, TextRow
from postalgui.services.shipping.addresses import Address, AddressKind

__all__ = ["AddressColumn", "AddressModel", "kind_text"]


class AddressColumn:
    KIND = 0
    NAME = 1
    CEP = 2
    STREET = 3
    DISTRICT = 4
    CITY = 5
    GROUP = 6
    EMAIL = 7
    COUNT = 8


_COLUMNS: tuple[Column[Address], ...] = tuple(
    Column(title)
    for title in (
        QT_TRANSLATE_NOOP("AddressModel", "Kind"),
        QT_TRANSLATE_NOOP("AddressModel", "Name"),
        QT_TRANSLATE_NOOP("AddressModel", "CEP"),
        QT_TRANSLATE_NOOP("AddressModel", "Street"),
        QT_TRANSLATE_NOOP("AddressModel", "District"),
        QT_TRANSLATE_NOOP("AddressModel", "City"),
        QT_TRANSLATE_NOOP("AddressModel", "Group"),
        QT_TRANSLATE_NOOP("AddressModel", "E-mail"),
    )
)


def kind_text(kind: AddressKind, *, default: bool = False) -> str:
    """ "Sender", "Sender (default)" or "Recipient" in the UI language."""
    if kind is AddressKind.RECIPIENT:
        return QCoreApplication.translate("AddressModel", "Recipient")
    if default:
        return QCoreApplication.translate("AddressModel", "Sender (default)")
    return QCoreApplication.translate("AddressModel", "Sender")


def street_text(address: Address) -> str:
    """``Avenida Paulista, 1000, sala 2``."""
    return ", ".join(part for part in (address.street, address.number, address.complement) if part)


class AddressModel(RowTableModel[Address]):
    """The addresses shown (the page filters them)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(_COLUMNS, parent)

    def make_row(self, item: Address) -> TextRow[Address]:
        city = arg(self.tr("%1/%2", "city/state"), item.city, item.state) if item.city else ""
        texts = (
            kind_text(item.kind, default=item.is_default),
            item.name,
            format_cep(item.cep) if len(item.cep) == 8 else item.cep,
            street_text(item),
            item.district,
            city,
            item.group,
            item.email,
        )
        keys = (
            (item.kind is not AddressKind.SENDER, not item.is_default),
            fold(item.name),
            item.cep,
            fold(texts[AddressColumn.STREET]),
            fold(item.district),
            fold(city),
            fold(item.group),
            item.email.casefold(),
        )
        return TextRow(item, texts, keys)

    def row_of(self, uid: str) -> int:
        """The row showing address ``uid`` (-1: none)."""
        for row, item in enumerate(self.items()):
            if item.uid == uid:
                return row
        return -1
