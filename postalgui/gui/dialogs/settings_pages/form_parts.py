"""Small layout pieces the settings pages share: labelled rows and a field's error line.

Kept apart so every page lays out its rows alike (a buddy label for Alt+letter, the rule
message under its field) without a base class.
"""

from __future__ import annotations

import re

from annotated_types import Ge, Le
from pydantic import BaseModel
from PySide6.QtWidgets import QFormLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

ERROR_STYLE = "color: #c42b1c;"

WORD_BREAK = "\N{ZERO WIDTH SPACE}"
"""Where a long word may wrap (`breakable`); no width, and nothing a screen reader says."""
_LONG_WORD = re.compile(r"\S{30,}")
_SEPARATOR = re.compile(r"[/.:@_?&=,;-]")
_CHUNK = re.compile(rf"[^{WORD_BREAK}]{{20}}(?=[^{WORD_BREAK}])")


def form_layout(box: QWidget) -> QFormLayout:
    """A form on ``box`` whose fields take the width they are given.

    A field too narrow beside its label goes under it: a long Portuguese label and its
    field side by side made Settings 1,659 px wide on a 1,366 px screen.
    """
    form = QFormLayout(box)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    return form


def add_row(form: QFormLayout, text: str, field: QWidget, buddy: QWidget) -> QLabel:
    """A row whose label's ``&`` letter moves the focus to ``buddy``."""
    label = QLabel(text, form.parentWidget())
    label.setBuddy(buddy)
    form.addRow(label, field)
    return label


def note_label(parent: QWidget, text: str = "") -> QLabel:
    """A wrapping label that takes the width the fields beside it give, never more.

    A wrapping label asks for a width of its own (about 80 characters); the settings'
    long notes made their columns, and the dialog, wider than the screen.
    """
    label = QLabel(text, parent)
    label.setWordWrap(True)
    policy = label.sizePolicy()  # keeps the height-for-width flag word wrap set
    policy.setHorizontalPolicy(QSizePolicy.Policy.Ignored)
    label.setSizePolicy(policy)
    return label


def error_label(parent: QWidget) -> QLabel:
    """A hidden, wrapping, red line for a field's rule message (as wide as its field)."""
    label = note_label(parent)
    label.setStyleSheet(ERROR_STYLE)
    label.hide()
    return label


def breakable(text: str) -> str:
    """``text`` with zero-width break opportunities inside its long words (a URL, a host,
    a pasted value): a wrapping label breaks only between words, so one 300-character
    word made its label, and the Settings dialog, wider than the screen (1,467 px)."""

    def split(word: re.Match[str]) -> str:
        return _CHUNK.sub(rf"\g<0>{WORD_BREAK}", _SEPARATOR.sub(rf"\g<0>{WORD_BREAK}", word[0]))

    return _LONG_WORD.sub(split, text)


def with_error(parent: QWidget, editor: QWidget, error: QLabel) -> QWidget:
    """The editor with its (normally hidden) error message underneath."""
    box = QWidget(parent)
    column = QVBoxLayout(box)
    column.setContentsMargins(0, 0, 0, 0)
    column.setSpacing(2)
    column.addWidget(editor)
    column.addWidget(error)
    return box


def side_by_side(parent: QWidget, *widgets: QWidget) -> QWidget:
    """Widgets in a row; the first takes the room."""
    box = QWidget(parent)
    row = QHBoxLayout(box)
    row.setContentsMargins(0, 0, 0, 0)
    for index, widget in enumerate(widgets):
        row.addWidget(widget, 1 if index == 0 else 0)
    return box


def model_range(model: type[BaseModel], name: str) -> tuple[int, int]:
    """The lowest and highest value ``model`` takes for its field ``name`` (its own rules,
    so a form and the saved model never disagree)."""
    low, high = 0, 0
    for rule in model.model_fields[name].metadata:
        if isinstance(rule, Ge):
            low = int(rule.ge)  # type: ignore[call-overload]  # annotated_types types ge as a protocol
        elif isinstance(rule, Le):
            high = int(rule.le)  # type: ignore[call-overload]  # idem
    return low, high
