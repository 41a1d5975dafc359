"""`InvoicesController`: what every controller of the Invoices tab starts from.

A controller (documents, job requests, asking again, removing) runs its own kind of task
over the feature's `InvoiceService` with the tab's runner, and says how it went in the
tab's message area: the tab's `Desk`. The tab composes them; one base keeps them built alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.services.invoices.service import InvoiceService

__all__ = ["InvoicesController"]


class InvoicesController(QObject):
    """A part of the Invoices tab, on the tab's desk (service, runner, message area)."""

    def __init__(self, desk: Desk[InvoiceService], parent: QObject) -> None:
        super().__init__(parent)
        self.desk = desk
