"""`ReopenDialog`: why a refused claim should be looked at again, asked before `reopen_claim`.

The operator takes a reason (``motivoReativacao``) and a note (``observacao``); the
reason is required (an empty one names the field and nothing is sent), the note is not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QPlainTextEdit

from postalgui.gui.dialogs.settings_pages.form_parts import error_label
from postalgui.gui.messages import arg
from postalgui.services.claims.records import Claim

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

__all__ = ["REASON_LIMIT", "ReopenDialog"]

REASON_LIMIT = 200
"""Characters of the reason kept (the operator's form field is short; no figure published)."""


class ReopenDialog(QDialog):
    """The reason and the note for reopening ``claim``; OK only with a reason."""

    def __init__(self, claim: Claim, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("claimsReopenDialog")
        self.setWindowTitle(self.tr("Reopen claim"))
        self.claim = claim
        heading = QLabel(
            arg(
                self.tr("Ask the operator to look again at claim %1 (object %2)."),
                claim.protocol or "",
                claim.code,
            ),
            self,
        )
        heading.setWordWrap(True)
        self.reason_edit = QLineEdit(self)
        self.reason_edit.setObjectName("claimsReopenReason")
        self.reason_edit.setMaxLength(REASON_LIMIT)
        self.reason_edit.setPlaceholderText(self.tr("e.g. the object was never delivered"))
        self.note_edit = QPlainTextEdit(self)
        self.note_edit.setObjectName("claimsReopenNote")
        self.note_edit.setTabChangesFocus(True)
        self.note_edit.setMaximumHeight(90)
        self.reason_error = error_label(self)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("&Reopen"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(heading)
        reason_label = QLabel(self.tr("&Reason:"), self)
        reason_label.setBuddy(self.reason_edit)
        form.addRow(reason_label, self.reason_edit)
        form.addRow("", self.reason_error)
        note_label = QLabel(self.tr("&Note:"), self)
        note_label.setBuddy(self.note_edit)
        form.addRow(note_label, self.note_edit)
        form.addRow(self.buttons)
        self.reason_edit.textEdited.connect(self._on_reason_edit_text_edited)

    @property
    def reason(self) -> str:
        return self.reason_edit.text().strip()

    @property
    def note(self) -> str:
        return self.note_edit.toPlainText().strip()

    def reason_rule(self) -> str:
        """The message under an empty reason ("" when it is given)."""
        return (
            ""
            if self.reason
            else self.tr("Reason must be filled in: say why the claim should be looked at again")
        )

    def accept(self) -> None:
        rule = self.reason_rule()
        self.reason_error.setText(rule)
        self.reason_error.setVisible(bool(rule))
        if not rule:
            super().accept()

    @Slot()
    def _on_reason_edit_text_edited(self) -> None:
        if self.reason_error.isVisible() and self.reason:
            self.reason_error.hide()
