"""`AddressDialog`: a sender or recipient typed or corrected, then saved to the address book.

The person's fields are the `PersonForm` the new pre-posting dialog uses too: a complete
CEP fills street, district, city and state (a task: `lookup_cep`, this desk's cache
first), an unknown one is said under the field, and every field stays editable meanwhile
and after. The dialog adds the kind, the group and, for a sender, the company's logo
(PNG or JPEG, shown small; labels print it) and whether it is the default. Save checks
the fields as a pre-posting will send them (`check_address`): a bad one is named with its
rule, in the UI language, its editor focused, nothing saved. Saving is a task too (the
office database may be a server); a failure keeps the dialog open with what was typed.

The save names the version the address was opened at: another desk's newer change asks
(the shared `ConflictQuestion`, saying who and when) whether to Reload (their version
fills the dialog, what was typed is dropped) or Overwrite (mine, over that version
only); an address deleted meanwhile offers Save as new or Discard, never a silent revival.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.values import InvalidValue
from postalgui.gui.dialogs.conflict_question import ConflictChoice, ConflictQuestion
from postalgui.gui.dialogs.settings_pages.form_parts import error_label
from postalgui.gui.messages import arg, describe_error
from postalgui.gui.tabs.shipping.address_conflict import address_conflict_question
from postalgui.gui.tabs.shipping.person_form import PersonForm
from postalgui.services.shipping.address_tasks import read_address, save_address
from postalgui.services.shipping.addresses import (
    Address,
    AddressConflictError,
    AddressDeletedError,
    AddressKind,
    check_address,
)

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.services.shipping.service import ShippingService

__all__ = ["LOGO_LIMIT", "AddressDialog"]

LOGO_LIMIT = 512 * 1024
"""Bytes of a logo kept in the office database (a label prints it a few centimetres wide)."""
LOGO_SIDE = 64
SAVE_KEY = "shipping.address.save"
WIDTH_EMS = 100
"""The dialog's least width in average characters: a street, a district and an e-mail
read whole, and the form's two columns do not squeeze the CEP or the CPF/CNPJ."""


class AddressDialog(QDialog):
    """New (``address`` without uid) or edit an address; `saved` is set when accepted.

    Signals: ``conflictAsked(ConflictQuestion)`` when a save met another desk's change or
    deletion (the question is open, window-modal); ``reloaded()`` when their version
    filled the dialog (``form.cepLooked`` after each CEP lookup).
    """

    conflictAsked = Signal(ConflictQuestion)
    reloaded = Signal()

    def __init__(
        self, desk: Desk[ShippingService], address: Address, groups: list[str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("shippingAddressDialog")
        self.desk = desk
        self.original = address
        self.saved: Address | None = None
        self.logo = address.logo
        self.choose_logo: Callable[[], Path | None] = self._ask_logo_path
        self.setWindowTitle(self.tr("Edit address") if address.uid else self.tr("New address"))
        self.kind_combo = QComboBox(self)
        self.kind_combo.setObjectName("shippingAddressKind")
        self.kind_combo.addItem(self.tr("Recipient"), AddressKind.RECIPIENT.value)
        self.kind_combo.addItem(self.tr("Sender"), AddressKind.SENDER.value)
        self.form = PersonForm(desk, "shippingAddress", self)
        self.group_combo = QComboBox(self)
        self.group_combo.setObjectName("shippingAddressGroup")
        self.group_combo.setEditable(True)
        self.group_combo.addItems(["", *groups])
        self.default_check = QCheckBox(self.tr("Default &sender (orders files are sent from it)"), self)
        self.default_check.setObjectName("shippingAddressDefault")
        self.logo_label = QLabel(self)
        self.logo_label.setObjectName("shippingAddressLogo")
        self.logo_label.setFixedSize(LOGO_SIDE, LOGO_SIDE)
        self.logo_button = QPushButton(self.tr("&Logo…"), self)
        self.logo_button.setObjectName("shippingAddressLogoButton")
        self.logo_button.setToolTip(self.tr("The company's logo for the labels: a PNG or JPEG file"))
        self.logo_clear = QPushButton(self.tr("No logo"), self)
        self.logo_clear.setObjectName("shippingAddressLogoClear")
        self.error = error_label(self)
        self.error.setObjectName("shippingAddressError")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self._lay_out()
        self._fill(address)
        self.form.edits["name"].setFocus()  # the kind is right more often than not
        self.kind_combo.currentIndexChanged.connect(self._on_kind_changed)
        self.logo_button.clicked.connect(self._on_logo_button_clicked)
        self.logo_clear.clicked.connect(self._on_logo_clear_clicked)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    def _lay_out(self) -> None:
        """The form's rows with the dialog's own in its columns: kind first; group, logo and
        default after."""
        kind_label = QLabel(self.tr("&Kind:"), self)
        kind_label.setBuddy(self.kind_combo)
        self.form.add_row(kind_label, self.kind_combo, top=True)
        group_label = QLabel(self.tr("&Group:"), self)
        group_label.setBuddy(self.group_combo)
        self.form.add_row(group_label, self.group_combo)
        logo_row = QHBoxLayout()
        logo_row.addWidget(self.logo_label)
        logo_row.addWidget(self.logo_button)
        logo_row.addWidget(self.logo_clear)
        logo_row.addStretch(1)
        self.logo_row_label = QLabel(self.tr("Logo:"), self)
        self.form.add_row(self.logo_row_label, logo_row)
        self.form.add_row(None, self.default_check)
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)
        layout.addWidget(self.error)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(WIDTH_EMS * self.fontMetrics().averageCharWidth())

    def _fill(self, address: Address) -> None:
        """Show ``address`` (the one opened, or another desk's version on Reload)."""
        self.original = address
        self.logo = address.logo
        self.kind_combo.setCurrentIndex(self.kind_combo.findData(address.kind.value))
        self.form.fill(address)
        self.group_combo.setCurrentText(address.group)
        self.default_check.setChecked(address.is_default)
        self._show_logo()
        self._on_kind_changed()

    # --- what was typed ----------------------------------------------------------------

    @property
    def kind(self) -> AddressKind:
        return AddressKind(self.kind_combo.currentData())

    def address(self) -> Address:
        """The address as typed (not checked)."""
        sender = self.kind is AddressKind.SENDER
        person = self.form.person()
        return replace(
            self.original,
            kind=self.kind,
            group=self.group_combo.currentText(),
            logo=self.logo if sender else None,
            is_default=sender and self.default_check.isChecked(),
            name=person.name, cep=person.cep, street=person.street, number=person.number,
            complement=person.complement, district=person.district, city=person.city,
            state=person.state, email=person.email, phone=person.phone, cpf_cnpj=person.cpf_cnpj,
        )  # fmt: skip

    # --- OK ------------------------------------------------------------------------------

    def accept(self) -> None:
        address = self.address()
        try:
            check_address(address)
        except InvalidValue as exc:
            field = str(exc.params.get("field", "")).rsplit(".", 1)[-1]
            label = self.form.label(field)  # "Name", as the dialog shows it, not "destinatario.nome"
            self._say(describe_error(exc if label is None else exc.renamed(label)))
            self.form.focus(field)
            return
        self._save(address)

    def _save(self, address: Address) -> None:
        """Save ``address`` over the version it names (``uid`` ``""``: as a new address)."""
        self._say("")
        self.save_button.setEnabled(False)
        self.desk.run(
            save_address,
            address,
            name="save address",
            key=SAVE_KEY,
            owner=self,
            on_result=self._on_save_task_result,
            on_error=self._on_save_task_error,
            on_finished=self._on_save_task_finished,
        )

    def _say(self, text: str) -> None:
        self.error.setText(text)
        self.error.setVisible(bool(text))

    @Slot(object)
    def _on_save_task_result(self, saved: Address) -> None:
        self.saved = saved
        super().accept()

    @Slot(object)
    def _on_save_task_error(self, error: BaseException) -> None:
        if not isinstance(error, (AddressConflictError, AddressDeletedError)):
            self._say(describe_error(error))
            return
        question = address_conflict_question(self, error)
        question.answered.connect(partial(self._on_question_answered, error))
        self.conflictAsked.emit(question)

    def _on_question_answered(
        self, error: AddressConflictError | AddressDeletedError, choice: ConflictChoice
    ) -> None:
        if choice is ConflictChoice.CANCEL:
            return  # what was typed stays; nothing was written
        typed = self.address()
        if isinstance(error, AddressDeletedError):
            if choice is ConflictChoice.OVERWRITE:
                self._save(replace(typed, uid="", version=0))  # save as new
            else:
                self.reject()  # discard: the deletion stands
        elif choice is ConflictChoice.OVERWRITE:
            self._save(replace(typed, version=error.current.version))  # over that version only
        else:
            self.desk.run(
                read_address,
                self.original.uid,
                name="reload address",
                key=SAVE_KEY,
                owner=self,
                on_result=self._on_reload_task_result,
                on_error=self._on_save_task_error,
            )

    @Slot(object)
    def _on_reload_task_result(self, theirs: Address | None) -> None:
        if theirs is None:  # deleted after their change too: what was typed is a new address
            self.original = replace(self.original, uid="", version=0)
            self._say(self.tr("It was deleted on another desk meanwhile: Save keeps it as a new address."))
        else:
            self._fill(theirs)
        self.reloaded.emit()

    @Slot(bool)
    def _on_save_task_finished(self, _cancelled: bool) -> None:
        self.save_button.setEnabled(True)

    # --- logo ----------------------------------------------------------------------------

    @Slot()
    def _on_kind_changed(self) -> None:
        sender = self.kind is AddressKind.SENDER
        for widget in (
            self.logo_row_label,
            self.logo_label,
            self.logo_button,
            self.logo_clear,
            self.default_check,
        ):
            widget.setVisible(sender)

    @Slot()
    def _on_logo_button_clicked(self) -> None:
        path = self.choose_logo()
        if path is not None:
            self.load_logo(path)

    def load_logo(self, path: Path) -> bool:
        """Take the image at ``path`` as the logo; a file too big or not an image is said."""
        try:
            data = path.read_bytes()
        except OSError as exc:
            self._say(arg(self.tr("Logo: %1 cannot be read (%2)"), path.name, exc))
            return False
        if len(data) > LOGO_LIMIT or not QPixmap().loadFromData(data):
            self._say(arg(self.tr("Logo: %1 must be a PNG or JPEG image of at most 512 KB"), path.name))
            return False
        self.logo = data
        self._say("")
        self._show_logo()
        return True

    @Slot()
    def _on_logo_clear_clicked(self) -> None:
        self.logo = None
        self._show_logo()

    def _show_logo(self) -> None:
        pixmap = QPixmap()
        if self.logo and pixmap.loadFromData(self.logo):
            self.logo_label.setPixmap(
                pixmap.scaled(
                    LOGO_SIDE,
                    LOGO_SIDE,
                    Qt.AspectRatioMode.KeepAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                )
            )
        else:
            self.logo_label.clear()
            self.logo_label.setText(self.tr("none"))
        self.logo_clear.setEnabled(self.logo is not None)

    def _ask_logo_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(
            self, self.tr("Choose the logo"), "", self.tr("Images (*.png *.jpg *.jpeg)")
        )
        return Path(name) if name else None
