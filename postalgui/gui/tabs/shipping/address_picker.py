"""`AddressPicker`: a sender or recipient chosen from the address book by typing part of it.

The new-pre-posting dialog picks its recipient (and sender) with it: an editable combo
whose completer finds the name, city or CEP anywhere in an entry, over the book's
addresses of one kind (read in a task, again when another desk changes the book).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QComboBox, QCompleter, QWidget

from postalgui.api.values import format_cep
from postalgui.gui.messages import arg
from postalgui.gui.models.office_changes import OfficeChanges
from postalgui.gui.tasks import Failure
from postalgui.services.office import topics
from postalgui.services.shipping.address_tasks import BookContents, load_addresses
from postalgui.services.shipping.addresses import Address, AddressKind

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.shipping.service import ShippingService

__all__ = ["AddressPicker"]


class AddressPicker(QComboBox):
    """The addresses of ``kind``, "name — street, city/UF, CEP" each; the default sender first.

    Signals: ``chosen(Address)`` when an address is picked; ``loaded(int)`` after each read.
    """

    chosen = Signal(object)
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
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        line = self.lineEdit()
        if line is not None:
            line.setPlaceholderText(
                self.tr("Type a sender's name, city or CEP")
                if kind is AddressKind.SENDER
                else self.tr("Type a recipient's name, city or CEP")
            )
        completer = QCompleter(self.model(), self)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.setCompleter(completer)
        self._addresses: list[Address] = []
        self.activated.connect(self._on_activated)
        self.changes = OfficeChanges(service, (topics.ADDRESSES,), desk.runner, self)
        self.changes.changed.connect(self.reload)
        self.reload()

    @Slot()
    def reload(self) -> TaskHandle:
        return self.desk.run(
            load_addresses,
            self.kind,
            name="address picker",
            key=f"shipping.picker.{id(self)}",
            owner=self,
            on_result=self._on_load_task_result,
            failure=Failure(self.tr("The address book could not be read: %1")),
        )

    @staticmethod
    def entry(address: Address) -> str:
        place = arg("%1/%2", address.city, address.state) if address.city else ""
        where = ", ".join(
            part for part in (address.street, address.number, place, format_cep(address.cep)) if part
        )
        return f"{address.name} — {where}"

    def addresses(self) -> list[Address]:
        return list(self._addresses)

    def current(self) -> Address | None:
        """The address picked (``None``: what is typed is none of the book's)."""
        index = self.currentIndex()
        if 0 <= index < len(self._addresses) and self.currentText() == self.itemText(index):
            return self._addresses[index]
        return None

    def choose(self, uid: str) -> bool:
        """Pick address ``uid`` (as if clicked); whether it is in the list."""
        for index, address in enumerate(self._addresses):
            if address.uid == uid:
                self.setCurrentIndex(index)
                self.chosen.emit(address)
                return True
        return False

    @Slot(object)
    def _on_load_task_result(self, contents: BookContents) -> None:
        picked = self.current()
        typed = self.currentText()
        self._addresses = sorted(contents.addresses, key=lambda address: not address.is_default)
        self.blockSignals(True)
        self.clear()
        self.addItems([self.entry(address) for address in self._addresses])
        uids = [address.uid for address in self._addresses]
        if picked is not None and picked.uid in uids:
            self.setCurrentIndex(uids.index(picked.uid))
        else:
            self.setCurrentIndex(-1)
            self.setEditText(typed)
        self.blockSignals(False)
        self.loaded.emit(len(self._addresses))

    @Slot(int)
    def _on_activated(self, index: int) -> None:
        if 0 <= index < len(self._addresses):
            self.chosen.emit(self._addresses[index])
