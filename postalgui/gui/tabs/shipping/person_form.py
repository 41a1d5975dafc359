"""`PersonForm`: a sender's or recipient's fields, with the CEP filling the address.

One form for the address book's dialog and for both sides of a new pre-posting, so the
two read, fill and check a person the same way. Typing a complete CEP asks the
operator's CEP service in the background (`lookup_cep`, cached per desk): street,
district, city and state are filled where they are empty or were filled by the previous
CEP; an unknown CEP (or one that could not be asked) is said beside the field, in room
of its own (the field keeps its width; a long text is cut at the form's edge and read
whole in its tooltip), so nothing moves or shrinks when it shows; every field stays
editable. The values are not checked here: the dialog checks the whole (an order,
an address) and puts the cursor where a rule points (`focus`).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QComboBox, QGridLayout, QHBoxLayout, QLabel, QLayout, QLineEdit, QWidget

from postalgui.api.models.prepostings import FROM_CEP, WIRE_NAMES, Person
from postalgui.api.values import format_cep, is_valid_cep
from postalgui.api.values.claims import format_claim_phone
from postalgui.api.values.shipping import STATES
from postalgui.api.values.taxid import format_tax_id
from postalgui.gui.messages import arg, describe_error
from postalgui.gui.widgets.cep_edit import CepEdit
from postalgui.gui.widgets.reserved_label import reserve_lines
from postalgui.services.shipping.cep import lookup_cep

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.services.shipping.addresses import Address
    from postalgui.services.shipping.cep import CepLookup
    from postalgui.services.shipping.service import ShippingService

__all__ = ["TEXT_FIELDS", "PersonForm"]

TEXT_FIELDS = (
    "name",
    "cep",
    "number",
    "street",
    "complement",
    "district",
    "city",
    "email",
    "phone",
    "cpf_cnpj",
)
"""The fields with a line editor (the state has a list), as `Person` names them."""


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)


class PersonForm(QWidget):
    """Name, CEP (filling the address), number, street, complement, district, city, state,
    e-mail, mobile and CPF/CNPJ, two to a row.

    Signals: ``cepLooked(str)`` after each CEP lookup, with what the line under the CEP
    says (the address found, "Unknown CEP" with the operator's words in its tooltip, or why it
    could not be asked).

    ``letters``: the fields whose labels keep their Alt letters (``None``: all). The
    pre-posting dialog gives them to the recipient's name, CEP and number only, so its
    own letters (Service, Weight, Create...) stay single.
    """

    cepLooked = Signal(str)

    def __init__(
        self,
        desk: Desk[ShippingService],
        key: str,
        parent: QWidget | None = None,
        *,
        letters: Collection[str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.desk = desk
        self._key = key
        self._auto: dict[str, str] = {}  # what the last CEP filled, field by field
        self._asked = ""
        self.edits: dict[str, QLineEdit] = {
            name: CepEdit(self) if name == "cep" else QLineEdit(self) for name in TEXT_FIELDS
        }
        for name, edit in self.edits.items():
            edit.setObjectName(f"{key}_{name}")
        self.cep_edit = self.edits["cep"]
        self.state_combo = QComboBox(self)
        self.state_combo.setObjectName(f"{key}_state")
        self.state_combo.addItems(["", *sorted(STATES)])
        self.cep_note = reserve_lines(QLabel(self))
        self.cep_note.setObjectName(f"{key}_cepNote")
        self._lay_out(letters)
        self.cep_edit.textChanged.connect(self._on_cep_text_changed)

    def _labels(self) -> dict[str, str]:
        return {
            "name": self.tr("&Name:"), "cep": self.tr("C&EP:"), "number": self.tr("N&umber:"),
            "street": self.tr("S&treet:"), "complement": self.tr("Com&plement:"),
            "district": self.tr("&District:"), "city": self.tr("C&ity:"), "state": self.tr("St&ate:"),
            "email": self.tr("E-&mail:"), "phone": self.tr("Mo&bile:"), "cpf_cnpj": self.tr("CPF/&CNPJ:"),
        }  # fmt: skip

    def _lay_out(self, letters: Collection[str] | None) -> None:
        """Name; CEP with what it found beside it; street and number, as an envelope has
        them; then the rest two to a row."""
        labels: dict[str, QLabel] = {}
        for name, text in self._labels().items():
            shown = text if letters is None or name in letters else text.replace("&", "")
            labels[name] = QLabel(shown, self)
            labels[name].setBuddy(self.editor(name))
            self.editor(name).setAccessibleName(shown.replace("&", "").rstrip(":"))
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        cep_row = QHBoxLayout()
        cep_row.addWidget(self.cep_edit)
        cep_row.addWidget(self.cep_note, 1)
        street_row = QHBoxLayout()
        street_row.addWidget(self.edits["street"], 1)
        street_row.addWidget(labels["number"])
        street_row.addWidget(self.edits["number"])
        rows: tuple[tuple[str, ...], ...] = (
            ("name",), ("cep",), ("street",), ("complement", "district"), ("city", "state"), ("email",),
            ("phone", "cpf_cnpj"),
        )  # fmt: skip
        whole = {"cep": cep_row, "street": street_row}
        self._grid = grid
        for row, names in enumerate(rows, start=1):  # row 0: a dialog's own first row
            for place, name in enumerate(names):
                grid.addWidget(labels[name], row, place * 2)
                if name in whole:
                    grid.addLayout(whole[name], row, 1, 1, 3)
                else:
                    grid.addWidget(self.editor(name), row, place * 2 + 1, 1, 3 if len(names) == 1 else 1)
        metrics = self.fontMetrics()
        for name, widest in (
            ("phone", "(00) 00000-0000"),
            ("cpf_cnpj", "00.000.000/0000-00"),
            ("number", "000000"),
        ):
            width = metrics.horizontalAdvance(widest) + 2 * metrics.averageCharWidth()
            self.edits[name].setMinimumWidth(width)
        number = self.edits["number"]
        number.setMaximumWidth(number.minimumWidth() + 2 * metrics.averageCharWidth())
        self.cep_note.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)

    def add_row(self, label: QLabel | None, field: QWidget | QLayout, *, top: bool = False) -> None:
        """A row of the dialog's own (kind, group, logo) in the form's columns, first or last."""
        row = 0 if top else self._grid.rowCount()
        if label is not None:
            self._grid.addWidget(label, row, 0)
        if isinstance(field, QLayout):
            self._grid.addLayout(field, row, 1, 1, 3)
        else:
            self._grid.addWidget(field, row, 1, 1, 3)

    def editor(self, name: str) -> QWidget:
        """The editor of `Person` field ``name``."""
        return self.state_combo if name == "state" else self.edits[name]

    def in_tab_order(self) -> list[QWidget]:
        """The editors as the eye reads them: name, CEP, street, number, ... state, e-mail,
        mobile, CPF/CNPJ (a dialog chains them with its own fields)."""
        names = (
            "name",
            "cep",
            "street",
            "number",
            "complement",
            "district",
            "city",
            "state",
            "email",
            "phone",
            "cpf_cnpj",
        )
        return [self.editor(name) for name in names]

    def label(self, api_name: str) -> str | None:
        """The label of the field the API calls ``api_name`` as the form shows it (``Name``),
        or None when it is not here."""
        name = WIRE_NAMES.get(api_name, "")
        return self.editor(name).accessibleName() if name else None

    # --- values --------------------------------------------------------------------------

    def person(self) -> Person:
        """What is typed, as the API's person (CEP, phone and CPF/CNPJ as digits)."""
        text = {name: edit.text().strip() for name, edit in self.edits.items()}
        cep = text["cep"]
        return Person(
            name=text["name"],
            cep=_digits(cep) if re.fullmatch(r"[\d.\- ]*", cep) else cep,
            street=text["street"],
            number=text["number"],
            complement=text["complement"],
            district=text["district"],
            city=text["city"],
            state=self.state_combo.currentText(),
            email=text["email"],
            phone=_digits(text["phone"]),
            cpf_cnpj="".join(char for char in text["cpf_cnpj"] if char not in " .-/").upper(),
        )

    def fill(self, person: Person | Address) -> None:
        """Every field from ``person`` (an address book entry, a default sender); its CEP is
        not asked again."""
        self._asked = _digits(person.cep)
        self._auto = {}
        for name, edit in self.edits.items():
            edit.setText(str(getattr(person, name)))
        self.cep_edit.setText(format_cep(person.cep) if is_valid_cep(person.cep) else person.cep)
        self.edits["phone"].setText(format_claim_phone(person.phone))
        self.edits["cpf_cnpj"].setText(format_tax_id(person.cpf_cnpj))
        self.set_state(person.state)
        self._note("")

    def set_state(self, state: str) -> None:
        """The state's two letters (one the list lacks is added, for the check to name)."""
        state = state.strip().upper()
        if self.state_combo.findText(state) < 0:
            self.state_combo.addItem(state)
        self.state_combo.setCurrentText(state)

    def focus(self, api_name: str) -> bool:
        """Put the cursor in the field the API calls ``api_name`` (``cep``, ``logradouro``: a
        rule named it); False when it is not here."""
        name = WIRE_NAMES.get(api_name, "")
        if not name:
            return False
        editor = self.editor(name)
        editor.setFocus()
        if isinstance(editor, QLineEdit):
            editor.selectAll()
        return True

    # --- the CEP -------------------------------------------------------------------------

    def _note(self, text: str, more: str = "") -> None:
        self.cep_note.setText(text)
        self.cep_note.setToolTip(more or text)

    @Slot(str)
    def _on_cep_text_changed(self, text: str) -> None:
        digits = _digits(text)
        if len(digits) != 8 or digits == self._asked:
            if len(digits) != 8:
                self._note("")
            return
        self._asked = digits
        self._note(self.tr("Looking the CEP up…"))
        self.desk.run(
            lookup_cep,
            digits,
            name="cep lookup",
            key=f"shipping.cep.{self._key}",
            owner=self,
            on_result=self._on_lookup_task_result,
            on_error=self._on_lookup_task_error,
            on_finished=self._on_lookup_task_finished,
        )

    @Slot(object)
    def _on_lookup_task_result(self, found: CepLookup) -> None:
        if found.cep != _digits(self.cep_edit.text()):
            return  # the clerk typed another CEP meanwhile
        if found.address is None:
            self._note(self.tr("Unknown CEP"), found.unknown)  # the operator's words on hover
            self.cepLooked.emit(self.cep_note.text())
            return
        address = found.address
        values = found.fields()
        for name in FROM_CEP:
            if name == "state":
                if not self.state_combo.currentText() or self.state_combo.currentText() == self._auto.get(
                    name
                ):
                    self.set_state(values[name])
                continue
            edit = self.edits[name]
            if not edit.text().strip() or edit.text() == self._auto.get(name):
                edit.setText(values[name])
        self._auto = values
        self._note(
            arg(self.tr("%1, %2/%3"), address.street or address.localidade, address.localidade, address.uf)
        )
        self.cepLooked.emit(self.cep_note.text())

    @Slot(object)
    def _on_lookup_task_error(self, error: BaseException) -> None:
        self._note(arg(self.tr("The CEP could not be looked up: %1"), describe_error(error)))
        self.cepLooked.emit(self.cep_note.text())

    @Slot(bool)
    def _on_lookup_task_finished(self, cancelled: bool) -> None:
        if cancelled or self.cep_note.text() == self.tr("Looking the CEP up…"):
            self._note("")
