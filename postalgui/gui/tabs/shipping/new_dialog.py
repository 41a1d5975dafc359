"""`NewPrepostingDialog`: one parcel registered with the operator (API 36).

The dialog composes: the sender (the address book's default sender, changeable), the
recipient, each a `PersonForm` under an `AddressPicker` (type part of a saved name,
CPF/CNPJ, CEP or group, or of the name in its own field, and pick: every field is filled),
and the object (`OrderFields`). A recipient typed by hand is kept in the address book
after the pre-posting is created when the clerk ticks "Save the recipient in the address
book" (once: an entry of the same person is updated, not repeated; the tab remembers the
tick for the next dialog). Create checks every field first (`check_order`: the first bad
field is named as the API names it, with its rule, in the UI language, and the cursor
goes there; nothing is sent), then runs `create_typed` in the background with its
progress; the operator's refusal is said in its own words with its code, and the dialog
stays open to correct it. A Prices result ("Ship this") arrives as a `ShipDraft`: only
the recipient is left to pick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.models.prepostings import Order, Person
from postalgui.api.values import InvalidValue, format_cep
from postalgui.api.values.shipping import check_order
from postalgui.gui.messages import arg, describe_error
from postalgui.gui.tabs.shipping.address_picker import AddressPicker
from postalgui.gui.tabs.shipping.order_fields import OrderFields
from postalgui.gui.tabs.shipping.outcome_words import outcome_text
from postalgui.gui.tabs.shipping.person_form import PersonForm
from postalgui.gui.tabs.shipping.two_persons import TwoPersons, fitted_size, person_box
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.shipping.address_tasks import keep_person
from postalgui.services.shipping.addresses import Address, AddressKind, Kept
from postalgui.services.shipping.use_cases import CreationReport

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.shipping.draft import ShipDraft
    from postalgui.services.shipping.service import ShippingService
from postalgui.services.shipping.use_cases import create_typed

__all__ = ["CREATE_KEY", "KEEP_KEY", "NewPrepostingDialog"]

CREATE_KEY = "shipping.create"
KEEP_KEY = "shipping.create.keep"
WIDTH, MAX_WIDTH, MAX_HEIGHT = 1080, 1300, 740
"""The dialog's width when the screen has it (streets and e-mails read whole), and its
largest size: it fits a 1366x768 screen with a window frame around it."""


class NewPrepostingDialog(QDialog):
    """Sender, recipient and object; Create sends once every field is right.

    Signals: ``created(CreationReport)`` with the `CreationReport` of a pre-posting the operator
    accepted (the dialog then closes, once the recipient is kept when asked);
    ``recipientKept(Address)`` with the address book's entry of the recipient kept.
    """

    created = Signal(CreationReport)
    recipientKept = Signal(Address)

    def __init__(
        self,
        desk: Desk[ShippingService],
        parent: QWidget | None = None,
        draft: ShipDraft | None = None,
        *,
        keep_recipient: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("shippingNewDialog")
        self.setWindowTitle(self.tr("New pre-posting"))
        self.desk = desk
        self.task: TaskHandle | None = None
        self._done = False  # created: Create stays off while the recipient is kept
        self._created_text = ""
        self.sender_fields = PersonForm(desk, "sender", self, letters=())
        self.recipient_fields = PersonForm(desk, "recipient", self, letters=("name", "cep", "number"))
        self.sender_picker = AddressPicker(desk.service, desk, AddressKind.SENDER, self)
        self.sender_picker.setObjectName("shippingSenderPicker")
        self.recipient_picker = AddressPicker(desk.service, desk, AddressKind.RECIPIENT, self)
        self.recipient_picker.setObjectName("shippingRecipientPicker")
        self.sender_picker.attach(self.sender_fields.edits["name"])
        self.recipient_picker.attach(self.recipient_fields.edits["name"])
        self.keep_check = QCheckBox(self.tr("Save the recipient in the address book"), self)
        self.keep_check.setObjectName("shippingKeepRecipient")
        self.keep_check.setToolTip(
            self.tr("Once the pre-posting is created; a recipient already there is updated, not repeated")
        )
        self.keep_check.setChecked(keep_recipient)
        self.order_fields = OrderFields(self)
        self.problem_label = QLabel(self)
        self.problem_label.setObjectName("shippingNewProblem")
        self.problem_label.setWordWrap(True)
        self.problem_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.draft_label = QLabel(self)
        self.draft_label.setWordWrap(True)
        self.draft_label.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.create_button = QPushButton(self.tr("C&reate"), self)
        self.create_button.setDefault(True)
        self.buttons.addButton(self.create_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self._lay_out()
        self.create_button.clicked.connect(self._on_create_button_clicked)
        self.buttons.rejected.connect(self.reject)
        self.sender_picker.chosen.connect(self._on_sender_picker_chosen)
        self.recipient_picker.chosen.connect(self._on_recipient_picker_chosen)
        if draft is not None:
            self.fill_draft(draft)
        self.fit_screen()

    def _lay_out(self) -> None:
        body = QWidget(self)
        grid = QGridLayout(body)
        grid.setContentsMargins(0, 0, 0, 0)
        sender = person_box(
            self, self.tr("Sender"), self.sender_picker, self.sender_fields, self.tr("Address book:")
        )
        recipient = person_box(
            self,
            self.tr("Recipient"),
            self.recipient_picker,
            self.recipient_fields,
            self.tr("Address &book:"),
        )
        recipient_layout = recipient.layout()
        if recipient_layout is not None:
            recipient_layout.addWidget(self.keep_check)
        grid.addWidget(sender, 0, 0)
        grid.addWidget(recipient, 1, 0)
        grid.addWidget(self.order_fields, 0, 1, 2, 1)
        grid.setColumnStretch(0, 3)  # the persons' streets and e-mails want the room
        grid.setColumnStretch(1, 2)
        scroll = QScrollArea(self)
        scroll.setWidget(body)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.addWidget(self.draft_label)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.buttons)
        self._body, self._scroll = body, scroll

    def fit_screen(self) -> None:
        """As big as the form asks, within the screen (the form scrolls inside when it must)."""
        self.fit((self.parentWidget() or self).screen().availableGeometry().size())

    def fit(self, screen: QSize) -> None:
        """As big as the form asks, within ``screen`` and the largest size (`fitted_size`)."""
        self.resize(fitted_size(self, self._scroll, screen, WIDTH, QSize(MAX_WIDTH, MAX_HEIGHT)))

    # --- what the tab and the tests ask ----------------------------------------------------

    def set_sender(self, sender: Person) -> None:
        """The sender's fields from the address book (its default sender, or one chosen)."""
        self.sender_fields.fill(sender)

    def set_recipient(self, recipient: Person) -> None:
        self.recipient_fields.fill(recipient)

    def fill_draft(self, draft: ShipDraft) -> None:
        """A quote to ship: the object and the recipient's CEP; the cursor on the recipient's name."""
        self.order_fields.fill_draft(draft)
        self.recipient_fields.edits["cep"].setText(draft.destination_cep)
        if not self.sender_fields.edits["cep"].text():
            self.sender_fields.edits["cep"].setText(draft.origin_cep)
        self.draft_label.setText(
            arg(
                self.tr("From a quote: %1 to %2. Pick the recipient."),
                self.order_fields.service_combo.currentText(),
                format_cep(draft.destination_cep),
            )
        )
        self.draft_label.show()
        self.recipient_fields.edits["name"].setFocus()

    def order(self) -> Order | None:
        """The order typed, every field checked; ``None`` (the problem said, the cursor on its
        field) when one is wrong."""
        contents, problem = self.order_fields.contents.lines()
        if problem:
            self._refuse(problem, "itensDeclaracaoConteudo")
            return None
        order = self.order_fields.order(self.sender_fields.person(), self.recipient_fields.person(), contents)
        try:
            check_order(order)
        except InvalidValue as error:
            field = str(error.params.get("field", ""))
            self._refuse(describe_error(self._as_shown(error, field)), field)
            return None
        self.problem_label.clear()
        return order

    def _as_shown(self, error: InvalidValue, field: str) -> InvalidValue:
        """A refusal names its field as the form shows it (``Recipient ▸ CEP``, `TwoPersons`)."""
        return self._sides().shown(error, field)

    def _sides(self) -> TwoPersons:
        return TwoPersons(
            self.tr("Sender"),
            self.sender_fields,
            self.tr("Recipient"),
            self.recipient_fields,
            self.order_fields,
        )

    def send(self) -> TaskHandle | None:
        """Check, then send; ``None`` when a field is wrong (nothing sent)."""
        order = self.order()
        if order is None:
            return None

        self.create_button.setEnabled(False)
        self.problem_label.setText(self.tr("Sending to the operator…"))
        self.task = self.desk.run(
            create_typed,
            [order],
            name="create preposting",
            key=CREATE_KEY,
            owner=self,
            on_result=self._on_create_task_result,
            on_error=self._on_create_task_error,
            on_finished=self._on_create_task_finished,
        )
        return self.task

    # --- state -----------------------------------------------------------------------------

    def _refuse(self, text: str, field: str) -> None:
        self.problem_label.setText(arg(self.tr("Nothing was sent. %1"), text))
        self._sides().focus(field)

    @Slot(object)
    def _on_create_task_result(self, report: CreationReport) -> None:
        if report.refused:
            _index, words = report.refused[0]
            self.problem_label.setText(arg(self.tr("The operator refused the pre-posting: %1"), words))
            return
        if not report.created:  # sent before, or sent and its answer unreadable: said, not "not sent"
            self.problem_label.setText(outcome_text(report.outcome(0)))
            return
        shipment = report.created[0]
        self._done = True
        self._created_text = arg(
            self.tr("Pre-posting %1 created for %2: post it within 7 days."),
            shipment.prepost_id,
            shipment.order.recipient.name,
        )
        self.desk.messages.show_message(self._created_text, MessageKind.INFO, key=CREATE_KEY)
        self.created.emit(report)
        if not self.keep_check.isChecked():
            self.accept()
            return
        self.problem_label.setText(self.tr("Saving the recipient in the address book…"))
        self.desk.run(
            keep_person,
            shipment.order.recipient,
            AddressKind.RECIPIENT,
            name="keep recipient",
            key=KEEP_KEY,
            owner=self,
            on_result=self._on_keep_task_result,
            on_error=self._on_keep_task_error,
            on_finished=self._on_keep_task_finished,
        )

    @Slot(object)
    def _on_keep_task_result(self, kept: tuple[Address, Kept]) -> None:
        address, how = kept
        said = {
            Kept.ADDED: self.tr("%1 is now in the address book."),
            Kept.UPDATED: self.tr("%1's entry in the address book is updated."),
            Kept.UNCHANGED: self.tr("%1 was already in the address book."),
        }[how]
        self.desk.messages.show_message(
            f"{self._created_text} {arg(said, address.name)}", MessageKind.INFO, key=CREATE_KEY
        )
        self.recipientKept.emit(address)

    @Slot(object)
    def _on_keep_task_error(self, error: BaseException) -> None:
        self.desk.messages.show_message(
            arg(
                self.tr(
                    "The pre-posting was created, but its recipient could not be saved in the address "
                    "book: %1"
                ),
                describe_error(error),
            ),
            MessageKind.WARNING,
            key=KEEP_KEY,
        )

    @Slot(bool)
    def _on_keep_task_finished(self, _cancelled: bool) -> None:
        self.accept()

    @Slot(Address)
    def _on_sender_picker_chosen(self, address: Address) -> None:
        self.sender_fields.fill(address)

    @Slot(Address)
    def _on_recipient_picker_chosen(self, address: Address) -> None:
        self.recipient_fields.fill(address)
        weight = self.order_fields.weight_spin
        (weight if weight.value() == 0 else self.create_button).setFocus()

    @Slot(object)
    def _on_create_task_error(self, error: BaseException) -> None:
        self.problem_label.setText(
            arg(self.tr("The pre-posting could not be created: %1"), describe_error(error))
        )

    @Slot(bool)
    def _on_create_task_finished(self, _cancelled: bool) -> None:
        self.task = None
        self.create_button.setEnabled(not self._done)

    @Slot()
    def _on_create_button_clicked(self) -> None:
        self.send()
