"""`value_label`: the read-only, selectable text of a field (a contract's DR, a card's status);
`field_label`: an operator field the spec does not name, in words (``ramal`` -> "Extension").
"""

from __future__ import annotations

import re

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

__all__ = ["field_label", "value_label"]

# Fields of contacts, categories and services seen beyond the spec's (QT_TRANSLATE_NOOP is
# typed as returning object).
_FIELD_LABELS: dict[str, object] = {
    "ramal": QT_TRANSLATE_NOOP("FieldLabel", "Extension"),
    "horarioAtendimento": QT_TRANSLATE_NOOP("FieldLabel", "Office hours"),
    "unidade": QT_TRANSLATE_NOOP("FieldLabel", "Unit"),
    "nivel": QT_TRANSLATE_NOOP("FieldLabel", "Level"),
    "fax": QT_TRANSLATE_NOOP("FieldLabel", "Fax"),
    "departamento": QT_TRANSLATE_NOOP("FieldLabel", "Department"),
    "setor": QT_TRANSLATE_NOOP("FieldLabel", "Sector"),
    "observacao": QT_TRANSLATE_NOOP("FieldLabel", "Note"),
    "endereco": QT_TRANSLATE_NOOP("FieldLabel", "Address"),
    "cep": QT_TRANSLATE_NOOP("FieldLabel", "CEP"),
}
_WORD = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


def field_label(key: str) -> str:
    """An operator's field name in words: known ones translated (``horarioAtendimento`` ->
    "Office hours"), others split at their capitals (``dataCadastro`` -> "Data cadastro")."""
    known = _FIELD_LABELS.get(key)
    if known is not None:
        return QCoreApplication.translate("FieldLabel", str(known))
    words = _WORD.findall(key.replace("_", " "))
    if not words:
        return key
    text = " ".join(word if word.isupper() and len(word) > 1 else word.lower() for word in words)
    return text[:1].upper() + text[1:]


def value_label(parent: QWidget, name: str = "") -> QLabel:
    """Plain text that wraps, can be selected and copied (the office quotes it on the phone)."""
    label = QLabel(parent)
    if name:
        label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(
        Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
    )
    policy = label.sizePolicy()
    policy.setHorizontalPolicy(QSizePolicy.Policy.Expanding)
    label.setSizePolicy(policy)
    return label
