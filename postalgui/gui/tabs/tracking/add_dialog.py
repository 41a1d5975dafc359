"""`AddDialog`: paste object codes from anywhere (an e-mail, a spreadsheet column) to follow them.

As the text changes it says what it found ("12 codes found, 1 bad: XX… (check digit …)"),
so a clerk sees a mistyped code before anything is saved; Add is enabled only when there
are codes and no bad one. An optional tag (customer, order) goes with every code.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Slot
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.values.object_codes import FoundCodes, codes_in_text
from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg, rule_message

__all__ = ["AddDialog", "found_text"]

_BAD_SHOWN = 3


def found_text(found: FoundCodes) -> str:
    """ "Codes found: 12. Fix or remove the bad ones to add them (1): XX… (why)", in the
    interface's language (counts after a colon: no plural to agree with)."""
    locale = app_locale()
    text = arg(QCoreApplication.translate("AddDialog", "Codes found: %1."), locale.toString(len(found.codes)))
    if found.bad:
        reasons = "; ".join(rule_message(error) for error in found.bad[:_BAD_SHOWN])
        more = len(found.bad) - _BAD_SHOWN
        if more > 0:
            reasons += " " + arg(
                QCoreApplication.translate("AddDialog", "(and %1 more)"), locale.toString(more)
            )
        text += " " + arg(
            QCoreApplication.translate("AddDialog", "Fix or remove the bad ones to add them (%1): %2"),
            locale.toString(len(found.bad)),
            reasons,
        )
    return text


class AddDialog(QDialog):
    """The paste box, what it holds, and the tag. `found` and `tag` after it was accepted."""

    def __init__(self, parent: QWidget | None = None, text: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("trackingAddDialog")
        self.setWindowTitle(self.tr("Follow objects"))
        self.paste_edit = QPlainTextEdit(self)
        self.paste_edit.setObjectName("trackingPasteEdit")
        self.paste_edit.setAccessibleName(self.tr("Object codes"))
        self.paste_edit.setPlaceholderText(
            self.tr("Paste object codes (AA123456789BR) from an e-mail, a spreadsheet, anywhere")
        )
        self.paste_edit.setTabChangesFocus(True)
        self.found_label = QLabel(self)
        self.found_label.setObjectName("trackingFoundLabel")
        self.found_label.setWordWrap(True)
        self.tag_edit = QLineEdit(self)
        self.tag_edit.setObjectName("trackingTagEdit")
        self.tag_edit.setMaxLength(60)
        self.tag_edit.setPlaceholderText(self.tr("Optional: a customer, an order…"))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.add_button = self.buttons.addButton(self.tr("&Add"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.add_button.setShortcut(QKeySequence("Ctrl+Return"))
        form = QFormLayout()
        form.addRow(self.tr("&Tag:"), self.tag_edit)
        layout = QVBoxLayout(self)
        layout.addWidget(self.paste_edit, 1)
        layout.addWidget(self.found_label)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.resize(520, 360)
        self.found = FoundCodes((), ())
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.paste_edit.textChanged.connect(self._on_paste_edit_text_changed)
        self.paste_edit.setPlainText(text)
        self._on_paste_edit_text_changed()

    @property
    def tag(self) -> str:
        return " ".join(self.tag_edit.text().split())

    @Slot()
    def _on_paste_edit_text_changed(self) -> None:
        self.found = codes_in_text(self.paste_edit.toPlainText())
        self.found_label.setText(
            found_text(self.found) if not self.found.empty else self.tr("No object codes yet.")
        )
        self.add_button.setEnabled(bool(self.found.codes) and not self.found.bad)
