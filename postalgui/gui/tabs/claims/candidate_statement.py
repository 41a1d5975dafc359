"""`StatementDialog`: which analytic statement to list candidates from (invoice number and type).

Both are asked for here (an empty one is named and the dialog stays open); their rules
are the use case's, the same as ``postalgui claims candidates --from-invoice N
--tipo-documento T`` (`invoice_candidates` checks them before anything is sent: widgets
may not import the invoice client that holds them), and the page names a bad one.
"""

from __future__ import annotations

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

__all__ = ["StatementDialog"]


class StatementDialog(QDialog):
    """The invoice number and document type; `number` and `document_type` once accepted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("claimsStatementDialog")
        self.setWindowTitle(self.tr("Candidates from a statement"))
        self.number_edit = QLineEdit(self)
        self.number_edit.setObjectName("claimsInvoiceNumberEdit")
        self.number_edit.setPlaceholderText(self.tr("Digits only, such as 1234567"))
        self.type_edit = QLineEdit("RE", self)
        self.type_edit.setObjectName("claimsDocumentTypeEdit")
        self.type_edit.setMaxLength(2)
        self.type_edit.setToolTip(self.tr("The invoice's document type: RE, RT…"))
        self.error_label = QLabel(self)
        self.error_label.setObjectName("claimsStatementError")
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        note = QLabel(
            self.tr("The analytic statement is downloaded if it is not here yet: this can take a while."),
            self,
        )
        note.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        form = QFormLayout()
        form.addRow(self.tr("&Invoice number:"), self.number_edit)
        form.addRow(self.tr("&Document type:"), self.type_edit)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.error_label)
        layout.addWidget(buttons)
        self.number = ""
        self.document_type = ""
        buttons.accepted.connect(self._on_buttons_accepted)
        buttons.rejected.connect(self.reject)

    def check(self) -> bool:
        """Both given (kept in `number` and `document_type`, trimmed), else the empty one named."""
        number = self.number_edit.text().strip()
        kind = self.type_edit.text().strip().upper()
        if not number:
            return self._refuse(
                self.tr("Invoice number: required (digits, such as 1234567)"), self.number_edit
            )
        if not kind:
            return self._refuse(self.tr("Document type: required (RE, RT…)"), self.type_edit)
        self.number, self.document_type = number, kind
        self.error_label.hide()
        return True

    def _refuse(self, text: str, edit: QLineEdit) -> bool:
        self.error_label.setText(text)
        self.error_label.show()
        edit.setFocus()
        return False

    @Slot()
    def _on_buttons_accepted(self) -> None:
        if self.check():
            self.accept()
