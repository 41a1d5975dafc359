"""`AddressDialog`: a sender or recipient typed or corrected, then saved to the address book.

Typing a complete CEP asks the operator's CEP service (a task: `lookup_cep`, this desk's
cache first) and fills street, district, city and state; an unknown CEP is said beside
the field, and every field stays editable meanwhile and after. A sender may carry the
company's logo (PNG or JPEG, shown small; labels print it). OK checks the fields as a
pre-posting will send them (`check_address`): a bad one is named with its rule, in the
UI language, its editor focused, nothing saved. Saving is a task too (the office
database may be a server); a failure keeps the dialog open with what was typed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
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
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from postalgui.api.values import InvalidValue, is_valid_cep, parse_cep
from postalgui.api.values.shipping import STATES
from postalgui.gui.dialogs.settings_pages.form_parts import error_label
from postalgui.gui.messages import arg, describe_error
from postalgui.services.shipping.address_tasks import save_address
from postalgui.services.shipping.addresses import Address, AddressKind, check_address
from postalgui.services.shipping.cep import CepLookup, lookup_cep

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.services.shipping.service import ShippingService

__all__ = ["LOGO_LIMIT", "AddressDialog"]

LOGO_LIMIT = 512 * 1024
"""Bytes of a logo kept in the office database (a label prints it a few centimetres wide)."""
LOGO_SIDE = 64
CEP_KEY = "shipping.address.cep"
SAVE_KEY = "shipping.address.save"
_TEXT_FIELDS = (
    ("name", "nome"), ("street", "logradouro"), ("number", "numero"), ("complement", "complemento"),
    ("district", "bairro"), ("city", "cidade"), ("email", "email"), ("phone", "celular"),
    ("cpf_cnpj", "cpfCnpj"),
)  # fmt: skip
"""`Address` fields with a line editor, and the API's name of each (what a rule names)."""


class AddressDialog(QDialog):
    """New (``address`` without uid) or edit an address; `saved` is set when accepted.

    Signals: ``cepLooked(str)`` with what the CEP line says after a lookup ("" when found).
    """

    cepLooked = Signal(str)

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
        self.kind_combo.setCurrentIndex(self.kind_combo.findData(address.kind.value))
        self.edits: dict[str, QLineEdit] = {}
        for field, api_name in _TEXT_FIELDS:
            edit = QLineEdit(str(getattr(address, field)), self)
            edit.setObjectName(f"shippingAddress_{api_name}")
            self.edits[field] = edit
        self.cep_edit = QLineEdit(address.cep, self)
        self.cep_edit.setObjectName("shippingAddress_cep")
        self.cep_edit.setPlaceholderText("00000-000")
        self.cep_status = QLabel(self)
        self.cep_status.setObjectName("shippingAddressCepStatus")
        self._build_combos(address, groups)
        self.default_check = QCheckBox(self.tr("Def&ault sender (orders files are sent from it)"), self)
        self.default_check.setObjectName("shippingAddressDefault")
        self.default_check.setChecked(address.is_default)
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
        self._show_logo()
        self._on_kind_changed()
        self.kind_combo.currentIndexChanged.connect(self._on_kind_changed)
        self.cep_edit.textEdited.connect(self._on_cep_edit_text_edited)
        self.logo_button.clicked.connect(self._on_logo_button_clicked)
        self.logo_clear.clicked.connect(self._on_logo_clear_clicked)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    def _build_combos(self, address: Address, groups: list[str]) -> None:
        self.state_combo = QComboBox(self)
        self.state_combo.setObjectName("shippingAddress_uf")
        self.state_combo.addItems(["", *sorted(STATES)])
        self.state_combo.setCurrentText(address.state)
        self.group_combo = QComboBox(self)
        self.group_combo.setObjectName("shippingAddressGroup")
        self.group_combo.setEditable(True)
        self.group_combo.addItems(["", *groups])
        self.group_combo.setCurrentText(address.group)

    def _lay_out(self) -> None:
        form = QFormLayout(self)
        form.addRow(self.tr("&Kind:"), self.kind_combo)
        form.addRow(self.tr("&Name:"), self.edits["name"])
        cep_row = QHBoxLayout()
        cep_row.addWidget(self.cep_edit)
        cep_row.addWidget(self.cep_status, 1)
        cep_label = QLabel(self.tr("&CEP:"), self)
        cep_label.setBuddy(self.cep_edit)
        form.addRow(cep_label, cep_row)
        labels = {
            "street": self.tr("&Street:"), "number": self.tr("N&umber:"),
            "complement": self.tr("Co&mplement:"), "district": self.tr("&District:"),
            "city": self.tr("C&ity:"),
        }  # fmt: skip
        for field, text in labels.items():
            form.addRow(text, self.edits[field])
        form.addRow(self.tr("S&tate:"), self.state_combo)
        form.addRow(self.tr("&E-mail:"), self.edits["email"])
        form.addRow(self.tr("Mo&bile phone:"), self.edits["phone"])
        form.addRow(self.tr("CPF/CN&PJ:"), self.edits["cpf_cnpj"])
        form.addRow(self.tr("&Group:"), self.group_combo)
        logo_row = QHBoxLayout()
        logo_row.addWidget(self.logo_label)
        logo_row.addWidget(self.logo_button)
        logo_row.addWidget(self.logo_clear)
        logo_row.addStretch(1)
        self.logo_row_label = QLabel(self.tr("Logo:"), self)
        form.addRow(self.logo_row_label, logo_row)
        form.addRow("", self.default_check)
        form.addRow(self.error)
        form.addRow(self.buttons)

    # --- what was typed ----------------------------------------------------------------

    @property
    def kind(self) -> AddressKind:
        return AddressKind(self.kind_combo.currentData())

    def address(self) -> Address:
        """The address as typed (not checked)."""
        sender = self.kind is AddressKind.SENDER
        texts = {field: edit.text() for field, edit in self.edits.items()}
        return replace(
            self.original,
            kind=self.kind,
            cep=self.cep_edit.text(),
            state=self.state_combo.currentText(),
            group=self.group_combo.currentText(),
            logo=self.logo if sender else None,
            is_default=sender and self.default_check.isChecked(),
            **texts,
        )

    def editor_of(self, field: str) -> QWidget | None:
        """The editor of a rule's field (``destinatario.endereco.cep`` -> the CEP line)."""
        name = field.rsplit(".", 1)[-1]
        if name == "cep":
            return self.cep_edit
        if name == "uf":
            return self.state_combo
        return next((self.edits[f] for f, api in _TEXT_FIELDS if api == name), None)

    # --- OK ------------------------------------------------------------------------------

    def accept(self) -> None:
        address = self.address()
        try:
            check_address(address)
        except InvalidValue as exc:
            self._say(describe_error(exc))
            editor = self.editor_of(str(exc.params.get("field", "")))
            if editor is not None:
                editor.setFocus()
            return
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
        self._say(describe_error(error))

    @Slot(bool)
    def _on_save_task_finished(self, _cancelled: bool) -> None:
        self.save_button.setEnabled(True)

    # --- CEP -----------------------------------------------------------------------------

    @Slot(str)
    def _on_cep_edit_text_edited(self, text: str) -> None:
        if not is_valid_cep(text):
            self.cep_status.clear()
            return
        self.cep_status.setText(self.tr("Looking the CEP up…"))
        self.desk.run(
            lookup_cep,
            parse_cep(text),
            name="CEP lookup",
            key=CEP_KEY,
            owner=self,
            on_result=self._on_cep_task_result,
            on_error=self._on_cep_task_error,
        )

    @Slot(object)
    def _on_cep_task_result(self, found: CepLookup) -> None:
        if not is_valid_cep(self.cep_edit.text()) or parse_cep(self.cep_edit.text()) != found.cep:
            return  # typed on meanwhile
        if found.address is None:
            self.cep_status.setText(self.tr("Unknown CEP"))
            self.cep_status.setToolTip(found.unknown)
        else:
            values = found.fields()
            for name in ("street", "district", "city"):
                self.edits[name].setText(values[name])
            self.state_combo.setCurrentText(values["state"])
            self.cep_status.clear()
            self.cep_status.setToolTip("")
        self.cepLooked.emit(self.cep_status.text())

    @Slot(object)
    def _on_cep_task_error(self, error: BaseException) -> None:
        self.cep_status.setText(arg(self.tr("CEP not looked up: %1"), describe_error(error)))
        self.cepLooked.emit(self.cep_status.text())

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
