"""`RegistrationForm`: model 2 of spec 002, the partner's own application at the counter.

The attendant arrives with the partner URL (``?codigoOperador=``) or the code itself;
the code box (`OperatorCodeBox`) decodes it: who is attending, where, and how old the
code is (it expires). The clerk then fills what the service charged and for whom; every field is
checked here first (`Registration` raises `InvalidValue`), and a bad one is named inline
with its rule, outlined, and nothing is sent; editing that field clears the error (as
on the Quote page). Register answers the protocol, which the clerk may copy; a 400 or a
500 (reverted: a new attendance must start) shows the operator's words.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from itertools import pairwise
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.errors import OperatorError
from postalgui.api.models.ster import OperatorCode
from postalgui.api.values import InvalidValue
from postalgui.api.values.ster import check_client_key, check_operator_code, check_quantity, ticket_from_text
from postalgui.api.values.taxid import parse_tax_id
from postalgui.gui.messages import arg, describe_error
from postalgui.gui.models.formatting import error_colour
from postalgui.gui.tabs.attendance.code_box import OperatorCodeBox
from postalgui.gui.tabs.attendance.ticket import preview_html, preview_lines
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.number_input import MoneySpinBox
from postalgui.gui.widgets.reserved_label import reserve_lines
from postalgui.gui.widgets.selectable_label import selectable_label
from postalgui.services.attendance.use_cases import Registration, code_from_text, register_attendance

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.attendance.service import AttendanceService
    from postalgui.services.attendance.use_cases import Registered

__all__ = ["RegistrationForm"]

REGISTER_KEY = "attendance.register"
MAX_AMOUNT = 99_999_999.99
"""Ten digits in cents: the larger reading of the spec's amount size (2.4)."""
BAD_REQUEST = 400
SERVER_FAILURE = 500


class RegistrationForm(QWidget):
    """Decode an operator code (`OperatorCodeBox`), fill the registration, register it.

    Signals: ``decoded(OperatorCode)`` with the `OperatorCode`; ``registered(str)`` with the
    protocol the operator answered; ``invalid(str)`` with the inline error shown when a
    field broke its rule (nothing was sent).
    """

    decoded = Signal(OperatorCode)
    registered = Signal(str)
    invalid = Signal(str)

    def __init__(self, desk: Desk[AttendanceService], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.desk = desk
        self._register_handle: TaskHandle | None = None
        self._invalid: QWidget | None = None
        self.code_box = OperatorCodeBox(desk, self)
        self.code_edit = self.code_box.code_edit
        self._build_fields()
        self._build_ticket()
        self._layout()
        self._connect()
        self._update_preview()
        self._update_buttons()

    # --- building ------------------------------------------------------------------------------

    def _build_fields(self) -> None:
        self.amount_spin = MoneySpinBox(self)
        self.amount_spin.setObjectName("amount")
        self.amount_spin.setRange(0, MAX_AMOUNT)
        self.amount_spin.setDecimals(2)
        self.amount_spin.setPrefix("R$ ")
        self.amount_spin.setGroupSeparatorShown(True)
        self.amount_spin.setSpecialValueText(self.tr("none (ERP tariff)"))
        self.amount_note = QLabel(self)
        self.amount_note.setObjectName("amountNote")
        self.amount_note.hide()
        self.tax_id_edit = QLineEdit(self)
        self.tax_id_edit.setObjectName("clientTaxId")
        self.tax_id_edit.setPlaceholderText(self.tr("CPF or CNPJ (optional)"))
        self.quantity_spin = QSpinBox(self)
        self.quantity_spin.setObjectName("quantity")
        self.quantity_spin.setRange(1, 999)
        self.client_key_edit = QLineEdit(self)
        self.client_key_edit.setObjectName("clientKey")
        self.client_key_edit.setMaxLength(30)
        self.client_key_edit.setPlaceholderText(self.tr("order, title or proposal number (optional)"))

    def _build_ticket(self) -> None:
        fixed = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.ticket_edit = QPlainTextEdit(self)
        self.ticket_edit.setObjectName("ticketText")
        self.ticket_edit.setFont(fixed)
        self.ticket_edit.setTabChangesFocus(True)
        self.ticket_edit.setPlaceholderText(
            self.tr("One printed line per line; a longer one wraps at 50 characters")
        )
        self.ticket_edit.setAccessibleName(self.tr("Ticket text"))
        self.preview = QTextEdit(self)
        self.preview.setObjectName("ticketPreview")
        self.preview.setReadOnly(True)
        self.preview.setFont(fixed)
        self.preview.setLineWrapMode(QTextEdit.LineWrapMode.NoWrap)
        self.preview.setAccessibleName(self.tr("Ticket preview"))
        self.preview.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.register_button = QPushButton(self.tr("&Register"), self)
        self.register_button.setObjectName("registerButton")
        self.problems_label = QLabel(self)
        self.problems_label.setObjectName("registrationProblems")
        self.problems_label.setWordWrap(True)
        self.problems_label.setStyleSheet(f"color: {error_colour().name()};")
        reserve_lines(self.problems_label, 2)  # the row under it stays put when an error comes or goes
        self.problems_label.hide()
        self.protocol_edit = QLineEdit(self)
        self.protocol_edit.setObjectName("protocol")
        self.protocol_edit.setReadOnly(True)
        self.protocol_edit.setPlaceholderText(self.tr("the protocol appears here"))
        self.result_label = selectable_label(self, "registrationResult")

    def _layout(self) -> None:
        """Two columns: who and what on the left with Register under them (the inline error
        beside the fields it names), the ticket on the right; fits the default window."""
        columns = QHBoxLayout(self)
        columns.setContentsMargins(4, 4, 4, 4)
        left = QVBoxLayout()
        left.addWidget(self.code_box)
        left.addWidget(self._what_box())
        left.addWidget(self.problems_label)
        result = QHBoxLayout()
        result.addWidget(self.register_button)
        protocol_label = QLabel(self.tr("Protocol:"), self)
        protocol_label.setBuddy(self.protocol_edit)
        result.addWidget(protocol_label)
        result.addWidget(self.protocol_edit, 1)
        left.addLayout(result)
        left.addWidget(self.result_label)
        left.addStretch(1)
        columns.addLayout(left, 1)
        columns.addWidget(self._ticket_box(), 1)
        order = (
            self.code_edit,
            self.code_box.decode_button,
            self.amount_spin,
            self.tax_id_edit,
            self.quantity_spin,
            self.client_key_edit,
            self.register_button,
            self.protocol_edit,
            self.ticket_edit,
        )
        for first, second in pairwise(order):
            self.setTabOrder(first, second)

    def _what_box(self) -> QGroupBox:
        what = QGroupBox(self.tr("Service"), self)
        what_form = QFormLayout(what)
        for text, field in (
            (self.tr("Amo&unt:"), self.amount_spin),
            (self.tr("Client CPF/CNP&J:"), self.tax_id_edit),
            (self.tr("&Quantity:"), self.quantity_spin),
            (self.tr("Client &key:"), self.client_key_edit),
        ):
            label = QLabel(text, what)
            label.setBuddy(field)
            what_form.addRow(label, field)
        what_form.insertRow(1, "", self.amount_note)
        return what

    def _ticket_box(self) -> QGroupBox:
        ticket = QGroupBox(self.tr("Ticket"), self)
        ticket_layout = QVBoxLayout(ticket)
        ticket_label = QLabel(self.tr("Ticket te&xt:"), ticket)
        ticket_label.setBuddy(self.ticket_edit)
        ticket_layout.addWidget(ticket_label)
        ticket_layout.addWidget(self.ticket_edit, 1)
        ticket_layout.addWidget(QLabel(self.tr("Preview (50 characters a line):"), ticket))
        ticket_layout.addWidget(self.preview, 1)
        lines = self.fontMetrics().lineSpacing()
        for editor in (self.ticket_edit, self.preview):
            editor.setMinimumHeight(lines * 4)
        return ticket

    def _connect(self) -> None:
        self.code_box.decoded.connect(self.decoded)
        self.register_button.clicked.connect(self._on_register_button_clicked)
        self.ticket_edit.textChanged.connect(self._on_ticket_edit_text_changed)
        self.amount_spin.noteChanged.connect(self._on_amount_spin_note_changed)
        for edit in (self.code_edit, self.tax_id_edit, self.client_key_edit):
            edit.textChanged.connect(self._on_field_edited)
        self.amount_spin.textChanged.connect(self._on_field_edited)
        self.quantity_spin.textChanged.connect(self._on_field_edited)
        self.ticket_edit.textChanged.connect(self._on_field_edited)

    # --- what the tab and the tests ask --------------------------------------------------------

    def set_code_text(self, text: str) -> None:
        """Put a partner URL or a code in the field (the counter's model 2) and clear the rest."""
        self.code_edit.setText(text)
        self.protocol_edit.clear()
        self.result_label.clear()
        self.code_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    @property
    def code(self) -> OperatorCode | None:
        """The decoded operator code (None before a decode, or after one failed)."""
        return self.code_box.code

    def registration(self) -> Registration | None:
        """The form as a `Registration`; None after naming the first bad field inline."""
        code = code_from_text(self.code_edit.text())
        tax_id = self.tax_id_edit.text().strip()
        key = self.client_key_edit.text().strip()
        checks: list[tuple[str, QWidget, Callable[[], object]]] = [
            (self.tr("Operator code"), self.code_edit, lambda: check_operator_code(code)),
            (self.tr("Client CPF/CNPJ"), self.tax_id_edit, lambda: parse_tax_id(tax_id) if tax_id else ""),
            (
                self.tr("Quantity"),
                self.quantity_spin,
                lambda: check_quantity(str(self.quantity_spin.value())),
            ),
            (self.tr("Client key"), self.client_key_edit, lambda: check_client_key(key)),
            (self.tr("Ticket"), self.ticket_edit, lambda: ticket_from_text(self.ticket_edit.toPlainText())),
        ]
        unreadable = self.amount_spin.unreadable()
        if unreadable:
            self._refuse(arg(self.tr("%1: %2"), self.tr("Amount"), unreadable), self.amount_spin)
            return None
        current: tuple[str, QWidget] = (checks[0][0], checks[0][1])
        try:
            for field, widget, check in checks:
                current = (field, widget)
                check()
            current = (self.tr("Amount"), self.amount_spin)
            return Registration(
                code,
                quantity=str(self.quantity_spin.value()),
                amount=self.amount(),
                client_tax_id=tax_id or None,
                client_key=key or None,
                ticket=ticket_from_text(self.ticket_edit.toPlainText()) or None,
            )
        except InvalidValue as error:
            if error.rule == "text.control":  # "Ticket: Field Ticket: ...": the field once, as shown
                self._refuse(describe_error(error.renamed(current[0])), current[1])
            else:
                self._refuse(describe_error(error, current[0]), current[1])
            return None

    def amount(self) -> Decimal | None:
        value = self.amount_spin.value()
        return None if value <= 0 else Decimal(f"{value:.2f}")

    def register(self) -> TaskHandle | None:
        registration = self.registration()
        if registration is None:
            return None
        self._clear_problem()
        self.desk.messages.clear(REGISTER_KEY)
        self.result_label.setText(self.tr("Registering…"))
        decoded = self.code_box.current_code()
        self._register_handle = self.desk.run(
            register_attendance,
            registration,
            decoded,
            name="register attendance",
            key=REGISTER_KEY,
            on_result=self._on_register_task_result,
            on_error=self._on_register_task_error,
            on_finished=self._on_register_task_finished,
        )
        self._update_buttons()
        return self._register_handle

    def preview_problems(self) -> list[int]:
        """Numbers of the printed ticket lines holding a ``+`` (longer ones wrap, see `ticket`)."""
        return [line.number for line in preview_lines(self.ticket_edit.toPlainText()) if line.has_plus]

    # --- state ---------------------------------------------------------------------------------

    def _refuse(self, text: str, widget: QWidget) -> None:
        self._clear_problem()
        self.problems_label.setText(text)
        self.problems_label.show()
        self._invalid = widget
        if isinstance(widget, QLineEdit | QPlainTextEdit):
            widget.setStyleSheet(f"border: 1px solid {error_colour().name()};")
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        self.invalid.emit(text)

    def _clear_problem(self) -> None:
        """The inline error and its field's outline go (the field was edited, or sent)."""
        if self._invalid is not None:
            self._invalid.setStyleSheet("")
            self._invalid = None
        self.problems_label.clear()
        self.problems_label.hide()

    def _update_buttons(self) -> None:
        self.register_button.setEnabled(self._register_handle is None)

    def _update_preview(self) -> None:
        plus = self.tr("'+' separates ticket lines: it cannot be inside one")
        wrapped = self.tr("wrapped: continues the line above")
        lines = preview_lines(self.ticket_edit.toPlainText())
        self.preview.setHtml(preview_html(lines, error_colour().name(), plus, wrapped))

    # --- slots ---------------------------------------------------------------------------------

    @Slot()
    def _on_register_button_clicked(self) -> None:
        self.register()

    @Slot()
    def _on_ticket_edit_text_changed(self) -> None:
        self._update_preview()

    @Slot()
    def _on_field_edited(self) -> None:
        """The field the inline error names was edited: its error no longer applies."""
        if self._invalid is not None and self.sender() is self._invalid:
            self._clear_problem()

    @Slot(str)
    def _on_amount_spin_note_changed(self, note: str) -> None:
        self.amount_note.setText(note)
        self.amount_note.setVisible(bool(note))

    @Slot(object)
    def _on_register_task_result(self, registered: Registered) -> None:
        protocol = registered.answer.protocol
        self.protocol_edit.setText(protocol)
        text = arg(self.tr("Registered: protocol %1. %2"), protocol, registered.answer.mensagem or "")
        if "amount_over_8_digits" in registered.warnings:
            text += " " + self.tr(
                "Note: the amount has more than 8 digits in cents; the spec gives the size as 8 and as 10."
            )
        self.result_label.setText(text.strip())
        self.registered.emit(protocol)

    @Slot(object)
    def _on_register_task_error(self, error: BaseException) -> None:
        """More than the default sink: the result line says it too, worded by the status."""
        # By status, as the spec words it (4.1): a 500 was reverted, a 400 registered nothing.
        status = error.status if isinstance(error, OperatorError) else None
        if status == SERVER_FAILURE:
            template = self.tr("The operator reverted the registration; start a new attendance. %1")
        elif status == BAD_REQUEST:
            template = self.tr("The operator refused the registration: %1")
        else:
            template = self.tr("The attendance was not registered: %1")
        text = arg(template, describe_error(error))
        self.result_label.setText(text)
        self.desk.messages.show_message(text, MessageKind.ERROR, key=REGISTER_KEY)

    @Slot(bool)
    def _on_register_task_finished(self, _cancelled: bool) -> None:
        self._register_handle = None
        self._update_buttons()
