"""Small builders the quote form's parts share: a label with its buddy, the note line
under a number box, a list that elides long names, and the form's field names.

The parts (`PackageFields`, `DeclaredValue`, ...) build their labels and fields; the
"Package" group places them in two columns (`package_grid`), so its labels line up as
they did when one class built them all.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QListWidget, QWidget

from postalgui.gui.widgets.reserved_label import reserve_lines

__all__ = ["buddy_label", "elide_items", "field_label", "note_label"]


def buddy_label(parent: QWidget, text: str, buddy: QWidget) -> QLabel:
    """A field's label ``text`` whose mnemonic focuses ``buddy``."""
    label = QLabel(text, parent)
    label.setBuddy(buddy)
    return label


def note_label(parent: QWidget, name: str) -> QLabel:
    """A small hidden line saying how a box read what was typed ("understood: 1,5 cm").

    Its line is kept while it is hidden (`reserve_lines`): the note comes and goes without
    moving the rows below it.
    """
    label = QLabel(parent)
    label.setObjectName(name)
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 0.9)
    label.setFont(font)
    reserve_lines(label)
    label.hide()
    return label


def elide_items(view: QListWidget) -> None:
    """Names end in "…" (the whole name in the tooltip) instead of a sideways scroll bar."""
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setTextElideMode(Qt.TextElideMode.ElideRight)


_FIELD_NAMES: dict[str, object] = {  # QT_TRANSLATE_NOOP is typed as returning object
    "cepOrigem": QT_TRANSLATE_NOOP("FormFields", "Origin CEP"),
    "cepDestino": QT_TRANSLATE_NOOP("FormFields", "Destination CEP"),
    "sgPaisDestino": QT_TRANSLATE_NOOP("FormFields", "Country"),
    "psObjeto": QT_TRANSLATE_NOOP("FormFields", "Weight"),
    "tpObjeto": QT_TRANSLATE_NOOP("FormFields", "Format"),
    "comprimento": QT_TRANSLATE_NOOP("FormFields", "Length"),
    "largura": QT_TRANSLATE_NOOP("FormFields", "Width"),
    "altura": QT_TRANSLATE_NOOP("FormFields", "Height"),
    "diametro": QT_TRANSLATE_NOOP("FormFields", "Diameter"),
    "vlDeclarado": QT_TRANSLATE_NOOP("FormFields", "Declared value"),
    "dtEvento": QT_TRANSLATE_NOOP("FormFields", "Date"),
    "servicosAdicionais": QT_TRANSLATE_NOOP("FormFields", "Additional services"),
    "coProduto": QT_TRANSLATE_NOOP("FormFields", "Products"),
    "nuContrato": QT_TRANSLATE_NOOP("FormFields", "Contract"),
}
"""The form's English name of each operator field it names (translated by `field_label`)."""


def field_label(field_name: str) -> str:
    """The form's own name for an operator field, for notes and error messages."""
    english = _FIELD_NAMES.get(field_name)
    return field_name if english is None else QCoreApplication.translate("FormFields", str(english))
