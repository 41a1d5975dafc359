"""`field_label`: an operator field the spec does not name, in words (``ramal`` -> "Extension").

A field's value is a `gui.widgets.selectable_label`, as in every tab.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

__all__ = ["field_label"]

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
