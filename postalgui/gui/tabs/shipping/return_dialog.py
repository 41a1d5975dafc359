"""`ReturnDialog`: a return authorization for a customer (a pre-posting with reverse logistics).

The dialog composes: the customer (who sends the parcel back: a `PersonForm` under an
`AddressPicker` of the address book's recipients), the office (who receives it: the
default sender address, or another entry of the book) and the parcel (`ReturnFields`).
It opens pre-filled by `return_draft` run as its task (from a delivered object: its
recipient becomes the customer, its package and service the return's). Authorize checks
every field first (`checked_order`: the first bad field is named as the form shows it,
with its rule, and the cursor goes there; nothing is sent), then runs `authorize_return`
in the background; the operator's refusal is said in its words and the dialog stays open.
Once authorized, the code shows large, with Print, Save as PDF and Copy e-mail text at once
(`ReturnActions`), and the return object is followed in Tracking with its "return" mark.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.models.prepostings import Order
from postalgui.api.values import InvalidValue
from postalgui.api.values.shipping import checked_order
from postalgui.gui.messages import arg, describe_error
from postalgui.gui.tabs.shipping.address_picker import AddressPicker
from postalgui.gui.tabs.shipping.person_form import PersonForm
from postalgui.gui.tabs.shipping.return_actions import ReturnActions
from postalgui.gui.tabs.shipping.return_fields import ReturnFields
from postalgui.gui.tabs.shipping.return_model import day_text
from postalgui.gui.tabs.shipping.two_persons import TwoPersons, fitted_size, person_box
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.shipping.addresses import Address, AddressKind
from postalgui.services.shipping.return_records import ReturnAuthorization, ReturnDraft
from postalgui.services.shipping.returns import authorize_return, return_draft

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.shipping.service import ShippingService

__all__ = ["AUTHORIZE_KEY", "DRAFT_KEY", "ReturnDialog"]

AUTHORIZE_KEY = "shipping.returns.authorize"
DRAFT_KEY = "shipping.returns.draft"
WIDTH, MAX_WIDTH, MAX_HEIGHT = 1040, 1300, 740
"""The dialog's width when the screen has it, and its largest size: it fits a 1366x768
screen with a window frame around it."""


class ReturnDialog(QDialog):
    """Customer, office and parcel; Authorize sends once every field is right.

    Signals: ``drafted(ReturnDraft)`` once the draft filled the form; ``authorized(ReturnAuthorization)``
    with the authorization the operator gave (the dialog then shows its code and what to hand over).
    """

    drafted = Signal(ReturnDraft)
    authorized = Signal(ReturnAuthorization)

    def __init__(
        self, desk: Desk[ShippingService], outbound_code: str = "", parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("shippingReturnDialog")
        self.setWindowTitle(self.tr("New return authorization"))
        self.desk = desk
        self.outbound_code = outbound_code
        self.task: TaskHandle | None = None
        self.result_authorization: ReturnAuthorization | None = None
        self.customer_fields = PersonForm(desk, "customer", self, letters=("name", "cep", "number"))
        self.office_fields = PersonForm(desk, "office", self, letters=())
        self.customer_picker = AddressPicker(desk.service, desk, AddressKind.RECIPIENT, self)
        self.customer_picker.setObjectName("shippingCustomerPicker")
        self.office_picker = AddressPicker(desk.service, desk, AddressKind.SENDER, self)
        self.office_picker.setObjectName("shippingOfficePicker")
        self.customer_picker.attach(self.customer_fields.edits["name"])
        self.fields = ReturnFields(desk.service.today(), self)
        self.note_label = QLabel(self)
        self.note_label.setObjectName("shippingReturnNote")
        self.note_label.setWordWrap(True)
        self.problem_label = QLabel(self)
        self.problem_label.setObjectName("shippingReturnProblem")
        self.problem_label.setWordWrap(True)
        self.problem_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.busy_bar = QProgressBar(self)  # a draft read or an authorization asked: no count to show
        self.busy_bar.setObjectName("shippingReturnBusy")
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setMaximumWidth(120)
        self.busy_bar.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.authorize_button = QPushButton(self.tr("&Authorize"), self)
        self.authorize_button.setObjectName("shippingAuthorizeButton")
        self.authorize_button.setDefault(True)
        self.buttons.addButton(self.authorize_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.documents = ReturnActions(desk, self._made, self)
        self.documents.update()  # nothing made yet: their keys do nothing
        self.result_box = self._result_box()
        self._lay_out()
        self.authorize_button.clicked.connect(self._on_authorize_button_clicked)
        self.buttons.rejected.connect(self.reject)
        self.customer_picker.chosen.connect(self._on_customer_picker_chosen)
        self.office_picker.chosen.connect(self._on_office_picker_chosen)
        self._chain_tabs()
        self.fit_screen()

    def _chain_tabs(self) -> None:
        """Tab goes as the eye reads: the customer (picker, then fields), the office, the
        parcel, Authorize."""
        parcel = self.fields
        chain: list[QWidget] = [
            self.customer_picker,
            *self.customer_fields.in_tab_order(),
            self.office_picker,
            *self.office_fields.in_tab_order(),
            parcel.outbound_edit,
            parcel.service_combo,
            parcel.weight_spin,
            parcel.format_combo,
            *parcel.size_spins.values(),
            parcel.contents_edit,
            parcel.declared_spin,
            parcel.valid_edit,
            self.authorize_button,
        ]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _result_box(self) -> QGroupBox:
        """The authorization made: its code large, and what to hand the customer."""
        box = QGroupBox(self.tr("Return authorized"), self)
        box.setObjectName("shippingReturnResult")
        self.code_label = QLabel(box)
        self.code_label.setObjectName("shippingReturnCode")
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.code_label.font()
        font.setPointSizeF(font.pointSizeF() * 2.2)
        font.setBold(True)
        self.code_label.setFont(font)
        self.result_label = QLabel(box)
        self.result_label.setWordWrap(True)
        buttons = QHBoxLayout()
        self.document_buttons: list[QPushButton] = []
        for action in self.documents.actions():
            button = QPushButton(action.text(), box)
            button.setToolTip(action.toolTip())
            button.clicked.connect(action.trigger)
            buttons.addWidget(button)
            self.document_buttons.append(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(box)
        layout.addWidget(self.code_label)
        layout.addWidget(self.result_label)
        layout.addLayout(buttons)
        box.hide()
        return box

    def _lay_out(self) -> None:
        body = QWidget(self)
        grid = QGridLayout(body)
        grid.setContentsMargins(0, 0, 0, 0)
        customer = person_box(
            self,
            self.tr("Customer (sends it back)"),
            self.customer_picker,
            self.customer_fields,
            self.tr("Address &book:"),
        )
        office = person_box(
            self,
            self.tr("Office (receives it)"),
            self.office_picker,
            self.office_fields,
            self.tr("Address book:"),
        )
        grid.addWidget(customer, 0, 0)
        grid.addWidget(office, 1, 0)
        grid.addWidget(self.fields, 0, 1, 2, 1, Qt.AlignmentFlag.AlignTop)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)
        scroll = QScrollArea(self)
        scroll.setWidget(body)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note_label)
        layout.addWidget(self.result_box)
        layout.addWidget(scroll, 1)
        status = QHBoxLayout()
        status.addWidget(self.problem_label, 1)
        status.addWidget(self.busy_bar)
        layout.addLayout(status)
        layout.addWidget(self.buttons)
        self._scroll = scroll

    def fit_screen(self) -> None:
        """As big as the form asks, within the screen (the form scrolls inside when it must)."""
        screen = (self.parentWidget() or self).screen().availableGeometry().size()
        self.resize(fitted_size(self, self._scroll, screen, WIDTH, QSize(MAX_WIDTH, MAX_HEIGHT)))

    # --- the draft -------------------------------------------------------------------------------

    def start(self) -> TaskHandle:
        """Read the draft (the outbound object's recipient and package, the default office, the
        validity) in the background; Authorize waits for it."""
        self.authorize_button.setEnabled(False)
        if self.outbound_code:
            self.note_label.setText(arg(self.tr("Reading object %1…"), self.outbound_code))
        else:
            self.note_label.setText(self.tr("Reading the office's address…"))
        self._busy(True)
        self.task = self.desk.run(
            return_draft,
            self.outbound_code,
            name="return draft",
            key=DRAFT_KEY,
            owner=self,
            on_result=self._on_draft_task_result,
            on_error=self._on_draft_task_error,
            on_finished=self._on_task_finished,
        )
        return self.task

    def fill(self, draft: ReturnDraft) -> None:
        """Every field the draft knows; the cursor where the clerk starts (Authorize when all is there)."""
        if draft.customer is not None:
            self.customer_fields.fill(draft.customer)
        if draft.office is not None:
            self.office_fields.fill(draft.office)
        self.fields.fill(draft)
        if draft.outbound_code and draft.customer is not None:
            self.note_label.setText(
                arg(
                    self.tr("A return of object %1 from %2: check the parcel, then Authorize."),
                    draft.outbound_code,
                    draft.customer.name,
                )
            )
        elif draft.outbound_code:
            self.note_label.setText(
                arg(
                    self.tr(
                        "A return of object %1: the office does not know its recipient; fill the customer in."
                    ),
                    draft.outbound_code,
                )
            )
        else:
            self.note_label.setText(self.tr("Pick the customer from the address book, or type them in."))
        if draft.office is None:
            self.note_label.setText(
                self.note_label.text()
                + " "
                + self.tr(
                    "No default sender in Addresses: fill the office in, or pick it from the address book."
                )
            )
        if draft.customer is None:
            self.customer_fields.edits["name"].setFocus()
        elif draft.office is None:
            self.office_fields.edits["name"].setFocus()
        else:  # everything known: Enter authorizes
            (self.authorize_button if draft.weight_g > 0 else self.fields.weight_spin).setFocus()

    @Slot(object)
    def _on_draft_task_result(self, draft: ReturnDraft) -> None:
        self.authorize_button.setEnabled(True)  # before the cursor may go there
        self.fill(draft)
        self.drafted.emit(draft)

    @Slot(object)
    def _on_draft_task_error(self, error: BaseException) -> None:
        self.note_label.setText(arg(self.tr("The return could not be prepared: %1"), describe_error(error)))
        self.customer_fields.edits["name"].setFocus()

    # --- authorizing -----------------------------------------------------------------------------

    def order(self) -> Order | None:
        """The return typed, every field checked; ``None`` (the problem said, the cursor on its
        field) when one is wrong."""
        order = self.fields.order(self.customer_fields.person(), self.office_fields.person())
        try:
            checked_order(order, today=self.desk.service.today())
        except InvalidValue as error:
            field = str(error.params.get("field", ""))
            self._refuse(describe_error(self._sides().shown(error, field)), field)
            return None
        self.problem_label.clear()
        return order

    def _sides(self) -> TwoPersons:
        """The customer sends, the office receives: a rule's ``remetente`` is the customer."""
        return TwoPersons(
            self.tr("Customer"), self.customer_fields, self.tr("Office"), self.office_fields, self.fields
        )

    def _refuse(self, text: str, field: str) -> None:
        self.problem_label.setText(arg(self.tr("Nothing was sent. %1"), text))
        self._sides().focus(field)

    def send(self) -> TaskHandle | None:
        """Check, then send; ``None`` when a field is wrong (nothing sent)."""
        order = self.order()
        if order is None:
            return None
        self.authorize_button.setEnabled(False)
        self.problem_label.setText(self.tr("Asking the operator for the authorization…"))
        self._busy(True)
        self.task = self.desk.run(
            authorize_return,
            order,
            name="authorize return",
            key=AUTHORIZE_KEY,
            owner=self,
            on_result=self._on_authorize_task_result,
            on_error=self._on_authorize_task_error,
            on_finished=self._on_task_finished,
        )
        return self.task

    def _busy(self, busy: bool) -> None:
        """The bar moving and a busy cursor over the dialog while its task runs."""
        self.busy_bar.setVisible(busy)
        if busy:
            self.setCursor(Qt.CursorShape.BusyCursor)
        else:
            self.unsetCursor()

    def _made(self) -> list[ReturnAuthorization]:
        return [self.result_authorization] if self.result_authorization is not None else []

    def show_result(self, authorization: ReturnAuthorization) -> None:
        """The code large, until when, and Print / Save as PDF / Copy e-mail text; the form read-only."""
        self.result_authorization = authorization
        self.code_label.setText(authorization.code)
        self.result_label.setText(
            arg(
                self.tr(
                    "%1 may take the parcel to any branch with this code until %2. "
                    "It is followed in Tracking with the return mark."
                ),
                authorization.shipment.order.sender.name,
                day_text(authorization.valid_until),
            )
        )
        self.result_box.show()
        self._scroll.setEnabled(False)
        self.note_label.hide()
        self.problem_label.clear()
        self.authorize_button.hide()
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Close)
        self.documents.update()
        self.document_buttons[0].setDefault(True)
        self.document_buttons[0].setFocus()

    @Slot(object)
    def _on_authorize_task_result(self, authorization: ReturnAuthorization) -> None:
        self.desk.messages.show_message(
            arg(
                self.tr("Return authorization %1 created for %2, valid until %3."),
                authorization.code,
                authorization.shipment.order.sender.name,
                day_text(authorization.valid_until),
            ),
            MessageKind.INFO,
            key=AUTHORIZE_KEY,
        )
        self.show_result(authorization)
        self.authorized.emit(authorization)

    @Slot(object)
    def _on_authorize_task_error(self, error: BaseException) -> None:
        self.problem_label.setText(
            arg(self.tr("The return could not be authorized: %1"), describe_error(error))
        )

    @Slot(bool)
    def _on_task_finished(self, _cancelled: bool) -> None:
        self.task = None
        self._busy(False)
        self.authorize_button.setEnabled(self.result_authorization is None)

    @Slot()
    def _on_authorize_button_clicked(self) -> None:
        self.send()

    @Slot(Address)
    def _on_customer_picker_chosen(self, address: Address) -> None:
        self.customer_fields.fill(address)
        weight = self.fields.weight_spin
        (weight if weight.value() == 0 else self.authorize_button).setFocus()

    @Slot(Address)
    def _on_office_picker_chosen(self, address: Address) -> None:
        self.office_fields.fill(address)
