"""What the new pre-posting dialog and the return dialog share: two persons (each a
`PersonForm` under an `AddressPicker`) beside the parcel's box, sized to the screen, and a
refusal of the rules shown where the clerk looks.

A rule names its field as the API does (``destinatario.endereco.cep``, ``pesoInformado``);
`TwoPersons` says it as the form shows it (``Recipient ▸ CEP``: a clerk looks for a label,
and a control character is invisible) and puts the cursor there. A field the form does not
show keeps the API's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QFormLayout, QGroupBox, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from postalgui.api.values import InvalidValue
from postalgui.gui.tabs.shipping.address_picker import AddressPicker
from postalgui.gui.tabs.shipping.person_form import PersonForm

__all__ = ["ParcelBox", "TwoPersons", "fitted_size", "form_label", "person_box"]

ARROW = "\N{BLACK RIGHT-POINTING SMALL TRIANGLE}"
SCREEN_ROOM = 40
"""Pixels of the screen left around a dialog (the frame, a panel)."""


class ParcelBox(Protocol):
    """The parcel's group of fields: its title, and each field's widget by its API name."""

    widgets: dict[str, QWidget]

    def title(self) -> str: ...

    def label(self, api_name: str) -> str | None: ...


def form_label(box: QWidget, widget: QWidget | None) -> str | None:
    """The text of ``widget``'s label in ``box``'s form, without its Alt letter and colon
    (None when it has none: a side of the box)."""
    layout = box.layout()
    found = layout.labelForField(widget) if isinstance(layout, QFormLayout) and widget else None
    return found.text().replace("&", "").rstrip(":") if isinstance(found, QLabel) else None


def person_box(
    parent: QWidget, title: str, picker: AddressPicker, form: PersonForm, picker_text: str
) -> QGroupBox:
    """A person's group: the address book's picker above the person's fields."""
    box = QGroupBox(title, parent)
    row = QHBoxLayout()
    label = QLabel(picker_text, box)
    label.setBuddy(picker)
    row.addWidget(label)
    row.addWidget(picker, 1)
    layout = QVBoxLayout(box)
    layout.addLayout(row)
    layout.addWidget(form)
    return box


def fitted_size(dialog: QWidget, scroll: QScrollArea, screen: QSize, width: int, largest: QSize) -> QSize:
    """As big as the dialog's scrolled form asks (at least ``width`` wide), within ``screen``
    less `SCREEN_ROOM` and ``largest``: the form scrolls inside when it must."""
    body = scroll.widget()
    bar = scroll.verticalScrollBar().sizeHint().width()
    form = body.sizeHint() if body is not None else QSize()
    wanted = dialog.sizeHint() - scroll.sizeHint() + form + QSize(bar, 0)
    high = min(largest.height(), screen.height() - SCREEN_ROOM)
    wide = max(wanted.width(), width)
    return QSize(min(wide, largest.width(), screen.width() - SCREEN_ROOM), min(wanted.height(), high))


@dataclass(frozen=True)
class TwoPersons:
    """The sender's and the recipient's forms with their titles, and the parcel's box."""

    sender_title: str
    sender: PersonForm
    recipient_title: str
    recipient: PersonForm
    parcel: ParcelBox

    def shown(self, error: InvalidValue, field: str) -> InvalidValue:
        """``error`` naming ``field`` as the form shows it (``Recipient ▸ CEP``)."""
        role, _, rest = field.partition(".")
        if role in ("remetente", "destinatario"):
            sender = role == "remetente"
            title = self.sender_title if sender else self.recipient_title
            label = (self.sender if sender else self.recipient).label(rest.rsplit(".", 1)[-1])
        else:
            title, label = self.parcel.title(), self.parcel.label(field.split("[", 1)[0])
        return error if label is None else error.renamed(f"{title} {ARROW} {label}")

    def focus(self, field: str) -> None:
        """The cursor in the field the API calls ``field``, when the form shows it."""
        role, _, rest = field.partition(".")
        key = rest.rsplit(".", 1)[-1]
        if role == "remetente":
            self.sender.focus(key)
        elif role == "destinatario":
            self.recipient.focus(key)
        else:
            widget = self.parcel.widgets.get(field.split("[", 1)[0])
            if widget is not None:
                widget.setFocus()
