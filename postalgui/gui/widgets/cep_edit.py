"""`CepEdit`: a CEP typed as ``00000-000``, the hyphen put in while the digits come.

A validator, not an input mask: a mask shows ``_____-___`` in an empty field, puts the
cursor where the click lands among the blanks and refuses a pasted ``01.310-100``; this
takes digits with the separators people type (``-``, ``.``, a space), keeps at most eight
and writes them ``00000-000`` as they are typed, pasted or set, the cursor staying after
the digit it was after. Letters are refused while typing; a value set that is no CEP
(an address book's old entry) is kept as it is, for the form's check to name.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QKeyEvent, QValidator
from PySide6.QtWidgets import QLineEdit, QWidget

__all__ = ["CepEdit", "CepValidator", "formatted_cep"]

_SEPARATORS = frozenset("-. ")
_DIGITS = 8
_HEAD = 5
"""``00000-000``: the hyphen after the fifth digit."""


def formatted_cep(digits: str) -> str:
    """Up to eight digits as they read while typed: ``01310``, ``01310-1``, ``01310-100``."""
    return f"{digits[:_HEAD]}-{digits[_HEAD:]}" if len(digits) > _HEAD else digits


class CepValidator(QValidator):
    """Digits and separators, at most eight digits, written ``00000-000``."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        if any(not char.isdigit() and char not in _SEPARATORS for char in text):
            return QValidator.State.Invalid, text, pos
        digits = "".join(char for char in text if char.isdigit())
        if len(digits) > _DIGITS:
            return QValidator.State.Invalid, text, pos
        before = sum(char.isdigit() for char in text[:pos])
        shown = formatted_cep(digits)
        cursor = before + (1 if before > _HEAD else 0)
        state = QValidator.State.Acceptable if len(digits) in (0, _DIGITS) else QValidator.State.Intermediate
        return state, shown, cursor


class CepEdit(QLineEdit):
    """A line for one CEP (`CepValidator`), as wide as ``00000-000``. Signals: QLineEdit's.

    Delete just before the hyphen deletes the digit after it (the validator would put
    the hyphen straight back), as Backspace after it moves over it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setValidator(CepValidator(self))
        self.setPlaceholderText("00000-000")
        metrics = self.fontMetrics()  # fixed: a note beside it never squeezes it
        self.setFixedWidth(metrics.horizontalAdvance("00000-0000") + 3 * metrics.averageCharWidth())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        cursor = self.cursorPosition()
        if (
            event.key() == Qt.Key.Key_Delete
            and not self.hasSelectedText()
            and self.text()[cursor : cursor + 1] == "-"
        ):
            self.setCursorPosition(cursor + 1)
        super().keyPressEvent(event)
