"""Small layout pieces the settings pages share: labelled rows and a field's error line.

Kept apart so every page lays out its rows alike (a buddy label for Alt+letter, the rule
message under its field) without a base class.
"""

from __future__ import annotations

from annotated_types import Ge, Le
from pydantic import BaseModel
from PySide6.QtWidgets import QFormLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

ERROR_STYLE = "color: #c42b1c;"


def form_layout(box: QWidget) -> QFormLayout:
    """A form on ``box`` whose fields take the width they are given."""
    form = QFormLayout(box)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    return form


def add_row(form: QFormLayout, text: str, field: QWidget, buddy: QWidget) -> QLabel:
    """A row whose label's ``&`` letter moves the focus to ``buddy``."""
    label = QLabel(text, form.parentWidget())
    label.setBuddy(buddy)
    form.addRow(label, field)
    return label


def error_label(parent: QWidget) -> QLabel:
    """A hidden, wrapping, red line for a field's rule message."""
    label = QLabel(parent)
    label.setWordWrap(True)
    label.setStyleSheet(ERROR_STYLE)
    label.hide()
    return label


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
