"""`InvoicesController`: what every controller of the Invoices tab starts from.

A controller (documents, job requests, asking again) runs its own kind of task over the
feature's `InvoiceService` with the tab's runner, and says how it went in the tab's
message area; the tab composes them. One base keeps them built alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.invoices.service import InvoiceService

__all__ = ["InvoicesController"]


class InvoicesController(QObject):
    """The service, the runner and the message area of a part of the Invoices tab."""

    def __init__(
        self, service: InvoiceService, runner: TaskRunner, messages: MessageArea, parent: QObject
    ) -> None:
        super().__init__(parent)
        self.service = service
        self.runner = runner
        self.messages = messages
