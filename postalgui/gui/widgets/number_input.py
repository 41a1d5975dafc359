"""Number inputs that read as the interface speaks, and say what they understood.

A spin box of Qt reads numbers in its locale, which it inherits from the system: with
the interface in Portuguese on an English system, "20,5" cm became 205 cm. These read
in the app's language instead (`app_locale`; money always in Brazilian form), and they
also accept the other language's form, since a clerk types what they are used to:

- Text that reads one way only is taken that way: "20.5" in Portuguese is 20,5 cm
  ("20.5" cannot be Portuguese thousands), and "150.50" is R$ 150,50.
- Text that reads two ways ("1.500": one and a half, or fifteen hundred) is taken the
  way that is plausible for the field (a weight from 1 g to 30 kg in whole grams, a
  size from 1 to 200 cm); when both are plausible, the interface language's way wins.
- Whenever the text could be read otherwise, or was read in the other language's
  form, the field says what it understood ("entendido: 1,5 cm") next to it, so a
  value is never silently taken 10x or 1000x off.
- A weight also takes kilograms: "1,5 kg" is 1.500 g.

`understand` is the rule, free of widgets (`postalgui.api.values.typed_numbers`, which the
CLI reads ``--peso`` with too); `MeasureSpinBox` (sizes), `GramsSpinBox`
(weights) and `MoneySpinBox` (declared values) apply it, and emit ``noteChanged(str)``
with the sentence to show next to them (empty when there is nothing to say).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Protocol

from PySide6.QtCore import QCoreApplication, Signal, SignalInstance
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox, QWidget

from postalgui.api.values.typed_numbers import (
    ENGLISH_FORM,
    GRAMS,
    PORTUGUESE_FORM,
    Form,
    Plausible,
    Understood,
    understand,
    understand_weight,
)
from postalgui.gui.i18n import PORTUGUESE, app_locale, money_locale, ui_language
from postalgui.gui.messages import arg

__all__ = [
    "ENGLISH_FORM",
    "PORTUGUESE_FORM",
    "Form",
    "GramsSpinBox",
    "MeasureSpinBox",
    "MoneySpinBox",
    "Plausible",
    "Understood",
    "understand",
]


_ALLOWED = re.compile(r"[\d.,\s]*[a-zA-Z$]*\s*", flags=re.ASCII)


def _core(text: str, prefix: str, suffix: str) -> str:
    """The typed number without the box's prefix and suffix."""
    core = text.strip()
    if prefix.strip() and core.startswith(prefix.strip()):
        core = core[len(prefix.strip()) :]
    if suffix.strip() and core.endswith(suffix.strip()):
        core = core[: -len(suffix.strip())]
    return core.strip()


def _state(understood: Understood, core: str, low: float, high: float) -> QValidator.State:
    if understood.value is not None and low <= float(understood.value) <= high:
        return QValidator.State.Acceptable
    return QValidator.State.Intermediate if _ALLOWED.fullmatch(core) else QValidator.State.Invalid


def _form_for(language: str | None) -> Form:
    """How numbers are written in ``language`` (the UI's when None)."""
    return PORTUGUESE_FORM if (language or ui_language()) == PORTUGUESE else ENGLISH_FORM


def _follow_typing(box: MeasureSpinBox | GramsSpinBox, language: str | None) -> None:
    """Once the Qt box is built: the language's locale, and the note following what is typed."""
    box.setLocale(app_locale(language))
    box.lineEdit().textEdited.connect(box._on_text_edited)
    box.editingFinished.connect(box._on_editing_finished)


def _understood_note(text: str) -> str:
    return arg(QCoreApplication.translate("NumberInput", "understood: %1"), text)


class _SpinBoxLike(Protocol):
    """What `_ReadsAsSpoken` needs of the spin box it is mixed into."""

    noteChanged: SignalInstance
    note: str
    _typed: str

    def prefix(self) -> str: ...
    def suffix(self) -> str: ...
    def minimum(self) -> float: ...
    def maximum(self) -> float: ...
    def text(self) -> str: ...
    def specialValueText(self) -> str: ...
    def hasAcceptableInput(self) -> bool: ...
    def understand(self, text: str) -> Understood: ...
    def not_understood(self, typed: str) -> str: ...
    def shown(self, value: Decimal) -> str: ...
    def always_say(self, text: str) -> bool: ...
    def _set_note(self, note: str) -> None: ...


class _ReadsAsSpoken:
    """What the number boxes share: reading as `understand` says, and the note.

    Mixed in before the Qt spin box (so `validate` overrides Qt's); each box gives
    `understand`, `not_understood` and `shown`, and declares ``noteChanged``.
    """

    def validate(self: _SpinBoxLike, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        if self.specialValueText() and text == self.specialValueText():
            return QValidator.State.Acceptable, text, pos
        core = _core(text, self.prefix(), self.suffix())
        return _state(self.understand(text), core, self.minimum(), self.maximum()), text, pos

    def always_say(self, text: str) -> bool:
        """Whether to say what was understood even when the text reads one way only."""
        return False

    def _set_note(self: _SpinBoxLike, note: str) -> None:
        if note != self.note:
            self.note = note
            self.noteChanged.emit(note)

    def _on_text_edited(self: _SpinBoxLike, text: str) -> None:
        self._typed = text
        understood = self.understand(text)
        if understood.value is None:
            self._set_note("")  # said when the editing ends, not at every keystroke
        elif understood.say or self.always_say(text):
            self._set_note(_understood_note(self.shown(understood.value)))
        else:
            self._set_note("")

    def _on_editing_finished(self: _SpinBoxLike) -> None:
        typed, self._typed = self._typed, ""
        if typed.strip() and self.understand(typed).value is None:
            self._set_note(self.not_understood(typed))

    def setValue(self: _SpinBoxLike, value: float) -> None:
        """A value set by the program (a preset, a re-run): nothing typed is left to explain."""
        self._set_note("")
        super().setValue(value)  # type: ignore[misc]  # the Qt spin box after this mixin (MRO)

    def stepBy(self: _SpinBoxLike, steps: int) -> None:
        """A step by arrow or wheel: the same."""
        self._set_note("")
        super().stepBy(steps)  # type: ignore[misc]  # the Qt spin box after this mixin (MRO)

    def unreadable(self: _SpinBoxLike) -> str:
        """Why the text in the box is not a value (typed, not yet taken), or ``""``."""
        text = self.text()
        return "" if not text.strip() or self.hasAcceptableInput() else self.not_understood(text)


class MeasureSpinBox(_ReadsAsSpoken, QDoubleSpinBox):
    """Centimetres (one decimal) read as `understand` says; ``noteChanged(str)``."""

    noteChanged = Signal(str)

    PLAUSIBLE = Plausible(Decimal(1), Decimal(200))

    def __init__(self, parent: QWidget | None = None, *, language: str | None = None) -> None:
        self._form = _form_for(language)
        self._plausible = self.PLAUSIBLE
        self.note = ""
        self._typed = ""
        super().__init__(parent)
        _follow_typing(self, language)

    def understand(self, text: str) -> Understood:
        core = _core(text, self.prefix(), self.suffix())
        if core.lower().endswith("cm"):
            core = core[:-2].strip()
        return understand(core, self._form, self._plausible)

    def shown(self, value: Decimal) -> str:
        return (self.prefix() + self.textFromValue(float(value)) + self.suffix()).strip()

    def valueFromText(self, text: str) -> float:
        value = self.understand(text).value
        return self.value() if value is None else float(value)

    def not_understood(self, typed: str) -> str:
        typed = _core(typed, self.prefix(), self.suffix())
        return arg(QCoreApplication.translate("NumberInput", "“%1” is not a size in cm"), typed)


class MoneySpinBox(MeasureSpinBox):
    """Reais, always in Brazilian form (``R$ 1.234,56``) whatever the language."""

    PLAUSIBLE = Plausible(Decimal("0.01"), Decimal(1_000_000))

    def __init__(self, parent: QWidget | None = None, *, language: str | None = None) -> None:
        super().__init__(parent, language=language)
        self._form = PORTUGUESE_FORM
        self.setLocale(money_locale())

    def understand(self, text: str) -> Understood:
        core = _core(text, self.prefix(), self.suffix())
        if core.upper().startswith("R$"):
            core = core[2:].strip()
        return understand(core, self._form, self._plausible)

    def not_understood(self, typed: str) -> str:
        typed = _core(typed, self.prefix(), self.suffix())
        return arg(QCoreApplication.translate("NumberInput", "“%1” is not an amount in reais"), typed)


class GramsSpinBox(_ReadsAsSpoken, QSpinBox):
    """Whole grams, or kilograms with "kg" ("1,5 kg" is 1.500 g); ``noteChanged(str)``."""

    noteChanged = Signal(str)

    PLAUSIBLE = GRAMS

    def __init__(self, parent: QWidget | None = None, *, language: str | None = None) -> None:
        self._form = _form_for(language)
        self.note = ""
        self._typed = ""
        super().__init__(parent)
        _follow_typing(self, language)

    def understand(self, text: str) -> Understood:
        return understand_weight(text, self._form, self.PLAUSIBLE)

    def always_say(self, text: str) -> bool:
        return "k" in text.lower()  # kilograms typed: say the grams taken

    def shown(self, value: Decimal) -> str:
        return (self.textFromValue(int(value)) + self.suffix()).strip()

    def valueFromText(self, text: str) -> int:
        value = self.understand(text).value
        return self.value() if value is None else int(value)

    def not_understood(self, typed: str) -> str:
        hint = QCoreApplication.translate(
            "NumberInput", "“%1” is not a weight: type whole grams (1500) or kilograms (%2)"
        )
        return arg(hint, _core(typed, self.prefix(), self.suffix()), f"1{self._form.decimal}5 kg")
