"""The Shipping tab: parcels registered with the operator (pre-postings), labelled and followed.

The tab composes and wires: its message area on top, then its pages in an inner tab
widget, all on one `Desk`: "Pre-postings" (`ShipmentPage`: the office's pre-postings,
refresh, cancel; the labels part adds its actions to it), "Returns" (`ReturnsPage`: the
return authorizations) and "Addresses" (the address book). New… opens
`NewPrepostingDialog`, From orders file… the `OrdersDialog`, New return… the
`ReturnDialog`; a Prices result's "Ship this" arrives from the window
(`Handoffs.draftOpened`) as `open_draft`, Tracking's "Authorize a return…"
(`Handoffs.returnOpened`) as `open_return`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QWidget

from postalgui.gui.desk import Desk
from postalgui.gui.tabs.shipping.address_page import AddressPage
from postalgui.gui.tabs.shipping.labels_actions import LabelsActions
from postalgui.gui.tabs.shipping.new_dialog import NewPrepostingDialog
from postalgui.gui.tabs.shipping.orders_dialog import OrdersDialog
from postalgui.gui.tabs.shipping.return_dialog import ReturnDialog
from postalgui.gui.tabs.shipping.returns_page import ReturnsPage
from postalgui.gui.tabs.shipping.shipment_page import ShipmentPage
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.tab_pages import tab_pages
from postalgui.services.shipping.desk_reads import default_sender
from postalgui.services.shipping.draft import ShipDraft

if TYPE_CHECKING:
    from postalgui.api.models.prepostings import Person
    from postalgui.gui.tabs.contract import Handoffs
    from postalgui.gui.tasks import TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.shipping.service import ShippingService

__all__ = ["ShippingTab"]

SENDER_KEY = "shipping.sender"


class ShippingTab(QWidget):
    """The message area and the pages. Signals: none (the dialogs' results reach the page
    through the office database)."""

    def __init__(
        self,
        service: ShippingService,
        runner: TaskRunner,
        messages: MessageArea,
        parent: QWidget | None = None,
        *,
        handoffs: Handoffs | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("shippingTab")
        if handoffs is not None:  # Prices' "Ship this", Tracking's return, once the window showed this tab
            handoffs.draftOpened.connect(self._on_handoffs_draft_opened)
            handoffs.returnOpened.connect(self._on_handoffs_return_opened)
        self.setWindowTitle(self.tr("Shipping"))
        self.service = service
        self.messages = messages
        desk = Desk(service, runner, messages)
        self.desk = desk
        self.pages = tab_pages(self, messages, "shippingPages")
        self.shipments = ShipmentPage(desk, self.pages)
        self.labels = LabelsActions(desk, self.shipments.selected_ids, self.shipments)
        self.shipments.add_actions(self.labels.actions())
        self.pages.addTab(self.shipments, self.tr("P&re-postings"))
        self.returns = ReturnsPage(desk, self.pages)
        self.pages.addTab(self.returns, self.tr("Retur&ns"))
        self.addresses = self._address_page()
        self.pages.addTab(self.addresses, self.tr("A&ddresses"))
        self.dialog: NewPrepostingDialog | OrdersDialog | ReturnDialog | None = None  # the one open, if any
        self.keep_recipient = False
        """The last new pre-posting dialog's "Save the recipient in the address book" tick."""
        self.shipments.newRequested.connect(self._on_shipments_new_requested)
        self.shipments.ordersRequested.connect(self._on_shipments_orders_requested)
        self.returns.newRequested.connect(self._on_returns_new_requested)

    def _address_page(self) -> AddressPage:
        page = AddressPage(self.service, self.desk, self.pages)
        page.setObjectName("shippingAddressPage")
        return page

    def settings_changed(self) -> None:
        """Settings changed (perhaps the office database): the pages follow."""
        self.shipments.settings_changed()
        self.returns.settings_changed()

    def new_preposting(self, draft: ShipDraft | None = None) -> NewPrepostingDialog:
        """Open the new pre-posting dialog (prefilled from ``draft``), non-modal; returns it."""
        self.pages.setCurrentWidget(self.shipments)
        dialog = NewPrepostingDialog(self.desk, self, draft, keep_recipient=self.keep_recipient)
        self._show(dialog)
        self._read_default_sender()
        return dialog

    def open_draft(self, draft: ShipDraft) -> NewPrepostingDialog:
        """A Prices result to ship (the window hands it over): the dialog, only the recipient
        left to pick."""
        return self.new_preposting(draft)

    def new_return(self, outbound_code: str = "") -> ReturnDialog:
        """Open the return dialog (prefilled from the object ``outbound_code``, when given) on
        the Returns page, non-modal; returns it."""
        self.pages.setCurrentWidget(self.returns)
        dialog = ReturnDialog(self.desk, outbound_code, self)
        self._show(dialog)
        dialog.start()
        return dialog

    def open_return(self, outbound_code: str) -> ReturnDialog:
        """A delivered object to authorize a return of (Tracking hands it over through the window)."""
        return self.new_return(outbound_code)

    @Slot(str)
    def _on_handoffs_return_opened(self, code: str) -> None:
        self.open_return(code)

    @Slot()
    def _on_returns_new_requested(self) -> None:
        self.new_return()

    @Slot(ShipDraft)
    def _on_handoffs_draft_opened(self, draft: ShipDraft) -> None:
        self.open_draft(draft)

    def orders_file(self) -> OrdersDialog:
        """Open the orders file dialog, non-modal; returns it."""
        self.pages.setCurrentWidget(self.shipments)
        dialog = OrdersDialog(self.desk, self)
        self._show(dialog)
        self._read_default_sender()
        return dialog

    def _read_default_sender(self) -> None:
        """The address book's default sender, for the dialog open (read off the GUI thread)."""
        self.desk.run(
            default_sender,
            name="default sender",
            key=SENDER_KEY,
            owner=self,
            on_result=self._on_sender_task_result,
            failure=Failure(self.tr("The default sender could not be read: %1"), SENDER_KEY),
        )

    def _show(self, dialog: NewPrepostingDialog | OrdersDialog | ReturnDialog) -> None:
        if self.dialog is not None:
            self.dialog.close()
        self.dialog = dialog
        dialog.finished.connect(self._on_dialog_finished)
        dialog.open()

    @Slot()
    def _on_shipments_new_requested(self) -> None:
        self.new_preposting()

    @Slot()
    def _on_shipments_orders_requested(self) -> None:
        self.orders_file()

    @Slot(object)
    def _on_sender_task_result(self, sender: Person | None) -> None:
        if isinstance(self.dialog, ReturnDialog):
            return  # its draft names the office
        if self.dialog is not None and sender is not None:
            self.dialog.set_sender(sender)
        elif isinstance(self.dialog, OrdersDialog):
            self.dialog.set_sender(None)

    @Slot(int)
    def _on_dialog_finished(self, _result: int) -> None:
        dialog, self.dialog = self.dialog, None
        if isinstance(dialog, NewPrepostingDialog):
            self.keep_recipient = dialog.keep_check.isChecked()
        if dialog is not None:
            dialog.deleteLater()
