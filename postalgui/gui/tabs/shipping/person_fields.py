"""`PersonFields`: a sender's or recipient's fields in the new pre-posting dialog, with the
CEP filling the address.

Apart from the dialog because both sides use it. Typing a complete CEP asks the
operator's CEP service in the background (`lookup_cep`, cached per desk): street,
district, city and state are filled where they are empty or were filled by the previous
CEP; an unknown CEP is said beside the field, and every field stays editable. The values
are not checked here: the whole order is, by `check_order`, when the clerk presses Create.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QLineEdit, QWidget

from postalgui.api.models.prepostings import FROM_CEP, WIRE_NAMES, Person
from postalgui.api.values import format_cep, is_valid_cep
from postalgui.api.values.claims import format_claim_phone
from postalgui.api.values.taxid import format_tax_id
from postalgui.gui.messages import arg
from postalgui.gui.tasks import Failure
from postalgui.services.shipping.cep import lookup_cep

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.services.shipping.cep import CepLookup
    from postalgui.services.shipping.service import ShippingService

__all__ = ["PersonFields"]


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)


class PersonFields(QGroupBox):
    """Name, CEP (filling the address), number, complement, street, district, city, UF,
    e-mail, mobile and CPF/CNPJ, in a group titled ``title``. Signals: none.

    ``letters``: the labels keep their Alt letters; the dialog gives them to one group only
    (the recipient's), so Alt+N goes to the name the clerk types, not in turn to the sender's.
    """

    def __init__(
        self,
        desk: Desk[ShippingService],
        title: str,
        key: str,
        parent: QWidget | None = None,
        *,
        letters: bool = True,
    ) -> None:
        super().__init__(title, parent)
        self.desk = desk
        self._key = key
        self._auto: dict[str, str] = {}  # what the last CEP filled, field by field
        self._asked = ""
        self.edits: dict[str, QLineEdit] = {}
        grid = QGridLayout(self)
        rows = (
            (("name", self.tr("&Name:"), 3),),
            (("cep", self.tr("C&EP:"), 1), ("number", self.tr("N&umber:"), 1)),
            (("street", self.tr("Street:"), 3),),
            (("complement", self.tr("Complement:"), 1), ("district", self.tr("District:"), 1)),
            (("city", self.tr("City:"), 1), ("state", self.tr("UF:"), 1)),
            (("email", self.tr("E-mail:"), 3),),
            (("phone", self.tr("Mobile:"), 1), ("cpf_cnpj", self.tr("CPF/CNPJ:"), 1)),
        )
        for row, fields in enumerate(rows):
            for place, (name, shown, span) in enumerate(fields):
                text = shown if letters else shown.replace("&", "")
                edit = QLineEdit(self)
                edit.setObjectName(f"{key}_{name}")
                label = QLabel(text, self)
                label.setBuddy(edit)
                edit.setAccessibleName(text.replace("&", "").rstrip(":"))
                grid.addWidget(label, row, place * 2)
                grid.addWidget(edit, row, place * 2 + 1, 1, span)
                self.edits[name] = edit
        metrics = self.fontMetrics()
        for name, widest in (
            ("cep", "00000-000"),
            ("phone", "(00) 00000-0000"),
            ("cpf_cnpj", "00.000.000/0000-00"),
        ):
            self.edits[name].setMinimumWidth(
                metrics.horizontalAdvance(widest) + 2 * metrics.averageCharWidth()
            )
        self.edits["state"].setMaxLength(2)
        self.edits["cep"].setInputMask("")
        self.cep_note = QLabel(self)
        self.cep_note.setObjectName(f"{key}_cepNote")
        self.cep_note.setWordWrap(True)
        grid.addWidget(self.cep_note, len(rows), 0, 1, 4)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        self.edits["cep"].textChanged.connect(self._on_cep_text_changed)

    # --- values --------------------------------------------------------------------------

    def person(self) -> Person:
        """What is typed, as the API's person (CEP, phone and CPF/CNPJ as digits)."""
        text = {name: edit.text().strip() for name, edit in self.edits.items()}
        return Person(
            name=text["name"],
            cep=_digits(text["cep"]) if text["cep"] else "",
            street=text["street"],
            number=text["number"],
            complement=text["complement"],
            district=text["district"],
            city=text["city"],
            state=text["state"].upper(),
            email=text["email"],
            phone=_digits(text["phone"]),
            cpf_cnpj=_digits(text["cpf_cnpj"]),
        )

    def fill(self, person: Person) -> None:
        """Every field from ``person`` (an address book entry); its CEP is not asked again."""
        self._asked = _digits(person.cep)
        self._auto = {}
        for name in self.edits:
            self.edits[name].setText(str(getattr(person, name)))
        self.edits["cep"].setText(format_cep(person.cep) if is_valid_cep(person.cep) else person.cep)
        self.edits["phone"].setText(format_claim_phone(person.phone))
        if person.cpf_cnpj:
            self.edits["cpf_cnpj"].setText(format_tax_id(person.cpf_cnpj))
        self.cep_note.clear()

    def focus(self, api_name: str) -> bool:
        """Put the cursor in the field the API calls ``api_name`` (``cep``, ``logradouro``: a
        check named it); False when it is not here."""
        edit = self.edits.get(WIRE_NAMES.get(api_name, ""))
        if edit is None:
            return False
        edit.setFocus()
        edit.selectAll()
        return True

    # --- the CEP -------------------------------------------------------------------------

    @Slot(str)
    def _on_cep_text_changed(self, text: str) -> None:
        digits = _digits(text)
        if len(digits) != 8 or digits == self._asked:
            if len(digits) != 8:
                self.cep_note.clear()
            return
        self._asked = digits
        self.cep_note.setText(self.tr("Looking the CEP up…"))
        self.desk.run(
            lookup_cep,
            digits,
            name="cep lookup",
            key=f"shipping.cep.{self._key}",
            owner=self,
            on_result=self._on_lookup_task_result,
            failure=Failure(self.tr("The CEP could not be looked up: %1"), f"shipping.cep.{self._key}"),
            on_finished=self._on_lookup_task_finished,
        )

    @Slot(object)
    def _on_lookup_task_result(self, found: CepLookup) -> None:
        if found.cep != _digits(self.edits["cep"].text()):
            return  # the clerk typed another CEP meanwhile
        if found.address is None:
            self.cep_note.setText(arg(self.tr("Unknown CEP: %1"), found.unknown or found.cep))
            return
        address = found.address
        values = found.fields()
        for name in FROM_CEP:
            edit = self.edits[name]
            if not edit.text().strip() or edit.text() == self._auto.get(name):
                edit.setText(values[name])
        self._auto = values
        self.cep_note.setText(
            arg(self.tr("%1, %2/%3"), address.street or address.localidade, address.localidade, address.uf)
        )

    @Slot(bool)
    def _on_lookup_task_finished(self, cancelled: bool) -> None:
        if cancelled or self.cep_note.text() == self.tr("Looking the CEP up…"):
            self.cep_note.clear()
