"""The address book's use cases as tasks (``fn(task, service, ...)``): the Addresses page,
its dialogs and the pickers read and write the office database through these, never on
the GUI thread (a shared server may be slow or away). A save or a delete names the version
it read; another desk's newer change or deletion is `AddressConflictError` or
`AddressDeletedError` (routine errors that keep who and when, for the window to ask)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.services.shipping.address_import import AddressFile, complete_addresses, read_address_file
from postalgui.services.shipping.addresses import PERSON_FIELDS, Address, AddressKind, Kept

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.api.models.prepostings import Person
    from postalgui.services.shipping.service import ShippingService

__all__ = [
    "BookContents",
    "delete_addresses",
    "keep_person",
    "load_addresses",
    "make_default_sender",
    "preview_addresses",
    "read_address",
    "save_address",
]


@dataclass(frozen=True)
class BookContents:
    """Every address of a kind (``None``: both) and the groups in use."""

    addresses: list[Address]
    groups: list[str]


def load_addresses(
    task: TaskControl, service: ShippingService, kind: AddressKind | None = None
) -> BookContents:
    task.raise_if_cancelled()
    book = service.addresses()
    return BookContents(book.list(kind=kind), book.groups())


def read_address(task: TaskControl, service: ShippingService, uid: str) -> Address | None:
    """The address as the book holds it now (``None``: deleted): "reload, take theirs"."""
    task.raise_if_cancelled()
    return service.addresses().get(uid)


def save_address(task: TaskControl, service: ShippingService, address: Address) -> Address:
    """Save ``address`` over the version it names (``uid`` ``""``: a new address)."""
    task.raise_if_cancelled()
    return service.addresses().save(address)


def keep_person(
    task: TaskControl, service: ShippingService, person: Person, kind: AddressKind
) -> tuple[Address, Kept]:
    """A pre-posting's person kept in the address book, once (`AddressBook.keep`)."""
    task.raise_if_cancelled()
    address = Address(kind, **{name: getattr(person, name) for name in PERSON_FIELDS})
    return service.addresses().keep(address)


def delete_addresses(task: TaskControl, service: ShippingService, addresses: Sequence[Address]) -> int:
    """Delete ``addresses`` at the versions read (`AddressBook.delete`); how many."""
    task.raise_if_cancelled()
    return service.addresses().delete(addresses)


def make_default_sender(task: TaskControl, service: ShippingService, uid: str) -> None:
    task.raise_if_cancelled()
    service.addresses().set_default_sender(uid)


def preview_addresses(
    task: TaskControl, service: ShippingService, path: Path, kind: AddressKind
) -> AddressFile:
    """The rows of ``path`` checked and completed from their CEPs (what an import would
    save), and the columns it did not read."""
    read = read_address_file(path, kind)
    return AddressFile(complete_addresses(task, service, read.rows), read.ignored)
