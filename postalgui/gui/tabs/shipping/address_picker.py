"""`AddressPicker`: a sender or recipient found in the address book by typing part of it.

The new pre-posting dialog picks its recipient (and sender) with it: a search line whose
list shows, as the clerk types, the book's entries holding every word typed in their
name, CPF/CNPJ (with or without its dots), CEP (with or without its hyphen), group, city,
street or e-mail, accents and case aside ("jose 20040" finds José Araújo at 20040-020).
The same list opens under the form's name field (`attach`), so typing a name offers the
saved ones. The entries of one kind are read in a task, again when another desk changes
the book; the filtering is `WordFilterProxy`'s, in C++, so a book of thousands keeps up
with the typing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractProxyModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtWidgets import QCompleter, QLineEdit, QWidget

from postalgui.api.values import format_cep
from postalgui.api.values.taxid import format_tax_id
from postalgui.api.values.text import fold
from postalgui.gui.messages import arg
from postalgui.gui.models.office_changes import OfficeChanges
from postalgui.gui.models.row_table import Column, RowTableModel, TextRow
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.word_filter import FILTER_ROLE, WordFilterProxy, filter_key
from postalgui.services.office import topics
from postalgui.services.shipping.address_tasks import BookContents, load_addresses
from postalgui.services.shipping.addresses import Address, AddressKind

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.shipping.service import ShippingService

__all__ = ["NAME_ROLE", "AddressPicker", "EntryModel", "entry_text", "search_text"]

NAME_ROLE = Qt.ItemDataRole.UserRole + 20
"""An entry's name alone: what the name field's list writes in the field."""
SHOWN = 12
"""Entries the list shows before it scrolls."""
POPUP_EMS = 115
"""The list's least width in average characters: name, street, city, CEP, CPF/CNPJ and group."""


def search_text(address: Address) -> str:
    """What typing finds ``address`` by, folded: its words, and its CEP and CPF/CNPJ with and
    without their separators."""
    parts = (
        address.name, address.cpf_cnpj, format_tax_id(address.cpf_cnpj), address.cep, format_cep(address.cep),
        address.group, address.city, address.street, address.district, address.email,
    )  # fmt: skip
    return fold(" ".join(part for part in parts if part))


def entry_text(address: Address) -> str:
    """``José Araújo — Rua da Assembleia, 10, Rio de Janeiro/RJ, 20040-020 · Atacado``."""
    place = arg("%1/%2", address.city, address.state) if address.city else ""
    where = ", ".join(
        part for part in (address.street, address.number, place, format_cep(address.cep)) if part
    )
    extra = [part for part in (format_tax_id(address.cpf_cnpj), address.group) if part]
    return " · ".join([f"{address.name} — {where}", *extra])


@dataclass(frozen=True, slots=True)
class _Entry:
    """An address and its `filter_key`, worked out once when the book is read."""

    address: Address
    filter: str


class EntryModel(RowTableModel[_Entry]):
    """The book's entries as one column (`entry_text`, also the tooltip); `FILTER_ROLE` for
    `WordFilterProxy` and `NAME_ROLE` for a form's name field. Never sorted: the default
    sender stays first."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((Column("", text=lambda entry: entry_text(entry.address), tip=_whole),), parent)
        self.answer_role(FILTER_ROLE, self._filter_key)
        self.answer_role(NAME_ROLE, self._name)

    def set_addresses(self, addresses: list[Address]) -> None:
        self.set_items([_Entry(address, filter_key("", search_text(address))) for address in addresses])

    @staticmethod
    def _filter_key(row: TextRow[_Entry], column: int) -> str:
        del column
        return row.item.filter

    @staticmethod
    def _name(row: TextRow[_Entry], column: int) -> str:
        del column
        return row.item.address.name


def _whole(row: TextRow[_Entry]) -> str:
    """The entry in full: the list may be narrower than it."""
    return row.texts[0]


class AddressPicker(QLineEdit):
    """The addresses of ``kind`` offered as the clerk types ("name — street, city/UF, CEP ·
    CPF/CNPJ · group" each); the default sender first.

    Signals: ``chosen(Address)`` when an entry is picked (here or in an attached field);
    ``loaded(int)`` after each read of the book.
    """

    chosen = Signal(Address)
    loaded = Signal(int)

    def __init__(
        self,
        service: ShippingService,
        desk: Desk[ShippingService],
        kind: AddressKind,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("shippingAddressPicker")
        self.service = service
        self.desk = desk
        self.kind = kind
        self.setClearButtonEnabled(True)
        self.setPlaceholderText(self.tr("Name, CPF/CNPJ, CEP or group"))
        self._addresses: list[Address] = []
        self.model = EntryModel(self)
        self.proxy = WordFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.setCompleter(self._completer(Qt.ItemDataRole.DisplayRole))
        self.textEdited.connect(self._on_text_edited)
        self.changes = OfficeChanges(service, (topics.ADDRESSES,), desk.runner, self)
        self.changes.changed.connect(self.reload)
        self.reload()

    def _completer(self, role: Qt.ItemDataRole | int) -> QCompleter:
        completer = QCompleter(self.proxy, self)
        completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
        completer.setCompletionRole(role)
        completer.setMaxVisibleItems(SHOWN)
        popup = completer.popup()
        if popup is not None:  # wider than the line: an entry reads whole
            popup.setMinimumWidth(POPUP_EMS * self.fontMetrics().averageCharWidth())
        # the index overload: the entry by its row, not by its text (two may read alike)
        completer.activated[QModelIndex].connect(self._on_completer_activated)  # type: ignore[index]
        return completer

    def attach(self, edit: QLineEdit) -> QCompleter:
        """Offer the book's entries while ``edit`` (a form's name field) is typed; choosing one
        writes its name there and picks it."""
        completer = self._completer(NAME_ROLE)
        edit.setCompleter(completer)
        edit.textEdited.connect(self._on_text_edited)
        return completer

    @Slot()
    def reload(self) -> TaskHandle:
        return self.desk.run(
            load_addresses,
            self.kind,
            name="address picker",
            key=f"shipping.picker.{self.kind.value}.{id(self)}",
            owner=self,
            on_result=self._on_load_task_result,
            failure=Failure(self.tr("The address book could not be read: %1")),
        )

    @staticmethod
    def entry(address: Address) -> str:
        """``José Araújo — Rua da Assembleia, 10, Rio de Janeiro/RJ, 20040-020 · Atacado``."""
        return entry_text(address)

    def addresses(self) -> list[Address]:
        """The book's entries of this kind, in the order offered."""
        return list(self._addresses)

    def offered(self) -> list[Address]:
        """The entries the list offers for what is typed now."""
        rows = (
            self.proxy.mapToSource(self.proxy.index(row, 0)).row() for row in range(self.proxy.rowCount())
        )
        return [self._addresses[row] for row in rows]

    def choose(self, uid: str) -> bool:
        """Pick address ``uid`` (as if clicked in the list); whether it is in the book."""
        for address in self._addresses:
            if address.uid == uid:
                self._pick(address)
                return True
        return False

    def _pick(self, address: Address) -> None:
        self.setText(self.entry(address))
        self.setCursorPosition(0)
        self.chosen.emit(address)

    @Slot(str)
    def _on_text_edited(self, text: str) -> None:
        self.proxy.set_text(fold(text))

    @Slot(object)
    def _on_load_task_result(self, contents: BookContents) -> None:
        self._addresses = sorted(contents.addresses, key=lambda address: not address.is_default)
        self.model.set_addresses(self._addresses)
        self.loaded.emit(len(self._addresses))

    @Slot(QModelIndex)
    def _on_completer_activated(self, index: QModelIndex | QPersistentModelIndex) -> None:
        model = index.model()
        if isinstance(model, QAbstractProxyModel):  # the completer's own model over ours
            index = model.mapToSource(index)
        row = self.proxy.mapToSource(self.proxy.index(index.row(), 0)).row()
        if 0 <= row < len(self._addresses):
            address = self._addresses[row]
            if self.completer() is not self.sender():  # a form's field: it shows the name
                self.setText(self.entry(address))
            QTimer.singleShot(0, self, self._on_entry_written)  # the completer writes it next
            self.chosen.emit(address)

    @Slot()
    def _on_entry_written(self) -> None:
        self.setCursorPosition(0)  # the name shows, not the entry's end
