"""The Shipping tab's reads as tasks (`fn(task, service, ...)`): the office's shipments, the
default sender and an orders file, none of which may run on the GUI thread (the office
database may be a PostgreSQL server; the file may be large)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.api.models.prepostings import Person
    from postalgui.services.shipping.orders import OrderFile
    from postalgui.services.shipping.records import Shipment
    from postalgui.services.shipping.service import ShippingService
from postalgui.services.shipping.orders import read_order_file

__all__ = ["default_sender", "list_shipments", "read_orders_file"]


def list_shipments(task: TaskControl, service: ShippingService) -> list[Shipment]:
    """Every shipment of this environment the office sends, from the office's book (no
    network): return authorizations are the Returns page's (the customer posts those)."""
    task.raise_if_cancelled()
    return service.book().shipments(returns=False)


def default_sender(task: TaskControl, service: ShippingService) -> Person | None:
    """The address book's default sender as the API's person; ``None`` without one."""
    task.raise_if_cancelled()
    sender = service.addresses().default_sender()
    return sender.person() if sender is not None else None


def read_orders_file(task: TaskControl, service: ShippingService, path: Path, sender: Person) -> OrderFile:
    """`read_order_file` as a task: the file is read off the GUI thread."""

    task.raise_if_cancelled()
    return read_order_file(path, sender)
