"""Small builders the quote form's parts share: a labelled row with its buddy, the note
line under a number box, a list that elides long names, and the form's field names.

The parts (`RouteFields`, `PackageFields`, ...) add their rows to one `QFormLayout` per
group box, so the labels of a group line up as they did when one class built them all.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFormLayout, QHBoxLayout, QLabel, QListWidget, QWidget

__all__ = ["add_row", "elide_items", "field_label", "note_label"]


def add_row(
    form: QFormLayout, text: str, field_item: QWidget | QHBoxLayout, buddy: QWidget | None = None
) -> QLabel:
    """A row labelled ``text`` whose mnemonic focuses ``buddy`` (else the field itself)."""
    label = QLabel(text, form.parentWidget())
    target = buddy if buddy is not None else field_item
    if isinstance(target, QWidget):
        label.setBuddy(target)
    form.addRow(label, field_item)
    return label


def note_label(parent: QWidget, name: str) -> QLabel:
    """A small hidden line saying how a box read what was typed ("understood: 1,5 cm")."""
    label = QLabel(parent)
    label.setObjectName(name)
    label.setWordWrap(True)
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 0.9)
    label.setFont(font)
    label.hide()
    return label


def elide_items(view: QListWidget) -> None:
    """Names end in "…" (the whole name in the tooltip) instead of a sideways scroll bar."""
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setTextElideMode(Qt.TextElideMode.ElideRight)


def field_label(field_name: str) -> str:
    """The form's own name for an operator field, for notes and error messages."""
    labels = {
        "cepOrigem": QCoreApplication.translate("FormFields", "Origin CEP"),
        "cepDestino": QCoreApplication.translate("FormFields", "Destination CEP"),
        "sgPaisDestino": QCoreApplication.translate("FormFields", "Country"),
        "psObjeto": QCoreApplication.translate("FormFields", "Weight"),
        "tpObjeto": QCoreApplication.translate("FormFields", "Format"),
        "comprimento": QCoreApplication.translate("FormFields", "Length"),
        "largura": QCoreApplication.translate("FormFields", "Width"),
        "altura": QCoreApplication.translate("FormFields", "Height"),
        "diametro": QCoreApplication.translate("FormFields", "Diameter"),
        "vlDeclarado": QCoreApplication.translate("FormFields", "Declared value"),
        "dtEvento": QCoreApplication.translate("FormFields", "Date"),
        "servicosAdicionais": QCoreApplication.translate("FormFields", "Additional services"),
        "coProduto": QCoreApplication.translate("FormFields", "Products"),
        "nuContrato": QCoreApplication.translate("FormFields", "Contract"),
    }
    return labels.get(field_name, field_name)
