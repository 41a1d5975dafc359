"""The settings' Company box: CNPJ, contract, posting card and DR, each with its rule message.

A number is shown in its canonical form (``00.000.000/0000-00``, zero-padded) once its
field is left; a number that breaks a rule stays as typed, and the line under it says why.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QGroupBox, QLabel, QLineEdit, QSpinBox, QWidget

from postalgui.api.values import InvalidValue, pad_card_number, pad_contract_number
from postalgui.gui.dialogs.settings_pages.form_parts import add_row, error_label, form_layout, with_error
from postalgui.gui.messages import display_cnpj
from postalgui.services.settings_drafts import ProfileDraft


class CompanyPage(QGroupBox):
    """The company's numbers. Signals: ``edited()`` while a number is typed;
    ``fieldLeft(str)`` with the field's name ("cnpj", "contract", "card") once it was left."""

    edited = Signal()
    fieldLeft = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Company"))
        self.cnpj_edit = self._number_edit("00.000.000/0000-00", self.tr("Company CNPJ"))
        self.contract_edit = self._number_edit("0000000000", self.tr("Contract number"))
        self.card_edit = self._number_edit("0000000000", self.tr("Posting card number"))
        self.dr_spin = QSpinBox(self)
        self.dr_spin.setRange(0, 99)
        self.dr_spin.setSpecialValueText(self.tr("None"))
        self.dr_spin.setAccessibleName(self.tr("Regional office (DR)"))
        self.dr_spin.setToolTip(self.tr("Regional office (DR) of the contract; None when not needed"))
        self.cnpj_error = error_label(self)
        self.contract_error = error_label(self)
        self.card_error = error_label(self)
        self.error_labels: dict[str, QLabel] = {
            "cnpj": self.cnpj_error,
            "contract": self.contract_error,
            "card": self.card_error,
        }
        form = form_layout(self)
        add_row(
            form, self.tr("Company C&NPJ:"), with_error(self, self.cnpj_edit, self.cnpj_error), self.cnpj_edit
        )
        contract = with_error(self, self.contract_edit, self.contract_error)
        add_row(form, self.tr("C&ontract:"), contract, self.contract_edit)
        add_row(
            form, self.tr("&Posting card:"), with_error(self, self.card_edit, self.card_error), self.card_edit
        )
        add_row(form, self.tr("D&R:"), self.dr_spin, self.dr_spin)
        self._canonical: dict[QLineEdit, tuple[str, Callable[[str], str]]] = {
            self.cnpj_edit: ("cnpj", display_cnpj),
            self.contract_edit: ("contract", pad_contract_number),
            self.card_edit: ("card", pad_card_number),
        }

    def _number_edit(self, placeholder: str, name: str) -> QLineEdit:
        edit = QLineEdit(self)
        edit.setPlaceholderText(placeholder)
        edit.setAccessibleName(name)
        edit.textChanged.connect(self._on_number_edit_text_changed)
        edit.editingFinished.connect(self._on_number_edit_editing_finished)
        return edit

    def load(self, draft: ProfileDraft) -> None:
        self.cnpj_edit.setText(display_cnpj(draft.cnpj))
        self.contract_edit.setText(draft.contract)
        self.card_edit.setText(draft.card)
        self.dr_spin.setValue(draft.dr)

    def store(self, draft: ProfileDraft) -> None:
        draft.cnpj = self.cnpj_edit.text()
        draft.contract = self.contract_edit.text()
        draft.card = self.card_edit.text()
        draft.dr = self.dr_spin.value()

    def filled(self) -> set[str]:
        """The names of the number fields that hold text."""
        return {name for edit, (name, _) in self._canonical.items() if edit.text()}

    @Slot(str)
    def _on_number_edit_text_changed(self, text: str) -> None:
        del text
        self.edited.emit()

    @Slot()
    def _on_number_edit_editing_finished(self) -> None:
        """Leaving a field: show it in its canonical form, and say which it was."""
        edit = self.sender()
        if not isinstance(edit, QLineEdit) or edit not in self._canonical:
            return
        name, canonical = self._canonical[edit]
        text = edit.text()
        if text.strip():
            with contextlib.suppress(InvalidValue):  # left as typed; the message under the field says why
                edit.setText(canonical(text))
        self.fieldLeft.emit(name)
