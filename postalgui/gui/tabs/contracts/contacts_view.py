"""A contract's contacts: each one's fields, including those the spec does not name, copyable.

The spec publishes no contact fields (spec 001, 2.2); the model types the usual ones
and keeps the rest (`Contact.extras`), and this view shows them all, because a
branch extension or office hours is exactly what the office needs when it calls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.messages import arg
from postalgui.gui.models.operator_words import operator_word
from postalgui.gui.tabs.contracts.labels import field_label

if TYPE_CHECKING:
    from postalgui.api.models.contracts import Contact

__all__ = ["ContactCard", "ContactsView", "contact_fields", "contact_kind", "contact_text"]


def contact_kind(tipo: str | None) -> str:
    """``"PRINCIPAL"`` -> "Main contact" / "Contato principal"; another type as sent, written
    to be read (``"GESTOR"`` -> "Gestor")."""
    return operator_word(tipo, calm=True)


def contact_fields(contact: Contact) -> list[tuple[str, str]]:
    """(label, value) of every field the contact has: the usual ones first, then the extras
    (``ramal`` as "Extension")."""
    named = (
        (QCoreApplication.translate("ContactCard", "Name"), contact.nome),
        (QCoreApplication.translate("ContactCard", "Role"), contact.cargo),
        (QCoreApplication.translate("ContactCard", "E-mail"), contact.email),
        (QCoreApplication.translate("ContactCard", "Phone"), contact.telefone),
        (QCoreApplication.translate("ContactCard", "Mobile"), contact.celular),
        (QCoreApplication.translate("ContactCard", "Type"), contact_kind(contact.tipo)),
    )
    fields = [(label, str(value)) for label, value in named if value]
    fields.extend(
        (field_label(key), str(value))
        for key, value in contact.extras.items()
        if value is not None and str(value) != ""
    )
    return fields


def contact_text(contact: Contact) -> str:
    """The contact as plain text, one ``label: value`` a line: what Copy puts on the clipboard."""
    return "\n".join(f"{label}: {value}" for label, value in contact_fields(contact))


class ContactCard(QFrame):
    """One contact's fields with a Copy button (and a Copy context action).

    Signals: ``copied(str)`` with the text put on the clipboard.
    """

    copied = Signal(str)

    def __init__(self, contact: Contact, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.contact = contact
        self.setObjectName("contactCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for label, value in contact_fields(contact):
            text = QLabel(value, self)
            text.setTextFormat(Qt.TextFormat.PlainText)
            text.setWordWrap(True)
            text.setTextInteractionFlags(
                Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
            )
            form.addRow(f"{label}:", text)
        self.copy_button = QPushButton(self.tr("Copy"), self)
        self.copy_button.setObjectName("copyContactButton")
        self.copy_button.setToolTip(self.tr("Copy this contact as text"))
        self.copy_button.setAccessibleName(self.tr("Copy contact"))
        self.copy_button.clicked.connect(self._on_copy_button_clicked)
        self.copy_action = QAction(self.tr("Copy contact"), self)
        self.copy_action.triggered.connect(self._on_copy_action_triggered)
        self.addAction(self.copy_action)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

        layout = QHBoxLayout(self)
        layout.addLayout(form, 1)
        layout.addWidget(self.copy_button, 0, Qt.AlignmentFlag.AlignTop)

    def copy(self) -> str:
        text = contact_text(self.contact)
        QApplication.clipboard().setText(text)
        self.copied.emit(text)
        return text

    @Slot()
    def _on_copy_button_clicked(self) -> None:
        self.copy()

    @Slot()
    def _on_copy_action_triggered(self) -> None:
        self.copy()


class ContactsView(QWidget):
    """A group of contacts (management or administration), or why there are none.

    Signals: ``contactCopied(str)`` with the text a contact's Copy put on the clipboard.
    """

    contactCopied = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self._layout.addWidget(self.note)
        self._cards: list[ContactCard] = []
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

    def cards(self) -> list[ContactCard]:
        return list(self._cards)

    def set_contacts(self, contacts: Sequence[Contact], error: str | None = None) -> None:
        self._remove_cards()
        if error:
            self.note.setText(arg(self.tr("The contacts could not be loaded: %1"), error))
        elif not contacts:
            self.note.setText(self.tr("The operator lists no contacts here."))
        else:
            self.note.setText("")
        self.note.setVisible(bool(self.note.text()))
        for contact in contacts:
            card = ContactCard(contact, self)
            card.copied.connect(self._on_card_copied)
            self._layout.addWidget(card)
            self._cards.append(card)

    def show_loading(self) -> None:
        self._remove_cards()
        self.note.setText(self.tr("Loading…"))
        self.note.show()

    def _remove_cards(self) -> None:
        for card in self._cards:
            self._layout.removeWidget(card)
            card.hide()
            card.deleteLater()
        self._cards = []

    @Slot(str)
    def _on_card_copied(self, text: str) -> None:
        self.contactCopied.emit(text)
