"""`FilterRow`: a list page's search box and its one choice (a status, a state) on one line:
the words typed and the choice both narrow the list shown."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QWidget

__all__ = ["FilterRow"]


class FilterRow(QHBoxLayout):
    """``search`` (three parts of the width) beside ``label`` and ``choice`` (one part); the
    choice's first item, ``everything`` (data ``""``), keeps every row."""

    def __init__(
        self,
        owner: QWidget,
        name: str,
        *,
        hint: str,
        search_name: str,
        label: str,
        choice_name: str,
        everything: str,
        choices: Iterable[tuple[str, str]],
    ) -> None:
        super().__init__()
        self.search = QLineEdit(owner)
        self.search.setObjectName(f"{name}Search")
        self.search.setPlaceholderText(hint)
        self.search.setAccessibleName(search_name)
        self.search.setClearButtonEnabled(True)
        self.choice = QComboBox(owner)
        self.choice.setAccessibleName(choice_name)
        self.choice.addItem(everything, "")
        for text, data in choices:
            self.choice.addItem(text, data)
        self.label = QLabel(label, owner)
        self.label.setBuddy(self.choice)
        self.addWidget(self.search, 3)
        self.addWidget(self.label)
        self.addWidget(self.choice, 1)
