"""The operator's own words (a status, a kind, a reason) in the UI's language.

The operator writes some values as Portuguese words: an invoice ``Em aberto``, an agency
``Terceirizada`` (spec 002 ``tipoAgencia``), a contact ``PRINCIPAL``, a divergence
``DIMENSOES DIVERGENTES``. A reader of the English UI needs them in English, and a
reader of either needs them not shouted. `WORDS` maps each known word, case-folded, to
its English source text (context ``OperatorWords``); a word it lacks is shown as sent.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

__all__ = ["WORDS", "operator_word"]

CONTEXT = "OperatorWords"

WORDS: dict[str, object] = {  # QT_TRANSLATE_NOOP is typed as returning object
    # invoice statuses
    "em aberto": QT_TRANSLATE_NOOP("OperatorWords", "Open"),
    "paga": QT_TRANSLATE_NOOP("OperatorWords", "Paid"),
    "estornada": QT_TRANSLATE_NOOP("OperatorWords", "Reversed"),
    # agency kinds (tipoAgencia)
    "propria": QT_TRANSLATE_NOOP("OperatorWords", "own unit"),
    "própria": QT_TRANSLATE_NOOP("OperatorWords", "own unit"),
    "terceirizada": QT_TRANSLATE_NOOP("OperatorWords", "outsourced unit"),
    # contact types
    "principal": QT_TRANSLATE_NOOP("OperatorWords", "Main contact"),
    "secundario": QT_TRANSLATE_NOOP("OperatorWords", "Secondary contact"),
    "substituto": QT_TRANSLATE_NOOP("OperatorWords", "Substitute"),
    # divergence reasons
    "peso divergente": QT_TRANSLATE_NOOP("OperatorWords", "Different weight"),
    "dimensoes divergentes": QT_TRANSLATE_NOOP("OperatorWords", "Different dimensions"),
    "cep de destino divergente": QT_TRANSLATE_NOOP("OperatorWords", "Different destination CEP"),
}


def operator_word(value: str | None, *, calm: bool = False) -> str:
    """``value`` in the UI's words when `WORDS` knows it (by its case-folded form);
    otherwise as the operator wrote it, or with ``calm`` not in capitals (``GESTOR`` -> "Gestor")."""
    text = (value or "").strip()
    known = WORDS.get(text.casefold())
    if known is not None:
        return QCoreApplication.translate(CONTEXT, str(known))
    return text[:1] + text[1:].lower() if calm and text.isupper() else text
