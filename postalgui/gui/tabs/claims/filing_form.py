"""`FilingForm`: what a claim says besides the object: reason, kind, packaging, reply e-mail
and phone, and the recipient's name per object.

Defaults come from the candidates (each one's own reason; a mixed selection keeps "each
object's own reason") and from Settings (packaging, e-mail, phone). An e-mail or phone
typed here may be kept as Settings' default ("Keep as the default": ticked when Settings
had none, so the clerk types them once). `problem` names the first bad field and its
rule, so the dialog sends nothing until the form is right.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHeaderView,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from postalgui.api.values import InvalidValue
from postalgui.api.values.claims import (
    Manifestation,
    Packaging,
    parse_claim_email,
    parse_claim_name,
    parse_claim_phone,
)
from postalgui.gui.messages import arg, rule_message
from postalgui.gui.tabs.claims.words import REASON_CODES, manifestation_word, package_word, reason_word
from postalgui.services.claims.candidates import Candidate
from postalgui.services.claims.settings import ClaimsSettings

__all__ = ["FilingForm"]

_NAME_COLUMN = 1


def _as_shown(error: InvalidValue, label: str) -> InvalidValue:
    """A control character's refusal names its field as the form shows it (``Reply e-mail``,
    not the API's ``emailResposta``: the character is invisible, the label is not)."""
    return error.renamed(label) if error.rule == "text.control" else error


class FilingForm(QWidget):
    """The form's fields; `problem` says what is wrong (empty: nothing)."""

    def __init__(
        self,
        candidates: Sequence[Candidate],
        settings: ClaimsSettings,
        parent: QWidget | None = None,
        known: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.candidates = list(candidates)
        self.known = dict(known or {})
        self.settings = settings
        self.reason_combo = QComboBox(self)
        self.reason_combo.setObjectName("claimsReasonCombo")
        own = {candidate.reason for candidate in self.candidates}
        if len(own) > 1:
            self.reason_combo.addItem(self.tr("Each object's own reason"), None)
        for code in REASON_CODES:
            self.reason_combo.addItem(reason_word(code), code)
        if len(own) == 1:
            self.reason_combo.setCurrentIndex(max(self.reason_combo.findData(next(iter(own))), 0))
        self.kind_combo = QComboBox(self)
        self.kind_combo.setObjectName("claimsKindCombo")
        for manifestation in (Manifestation.COMPENSATION, Manifestation.COMPLAINT):
            self.kind_combo.addItem(manifestation_word(manifestation.value), manifestation.value)
        self.package_combo = QComboBox(self)
        self.package_combo.setObjectName("claimsPackageCombo")
        for package in (Packaging.BOX, Packaging.ENVELOPE):
            self.package_combo.addItem(package_word(package.value), package.value)
        self.package_combo.setCurrentIndex(max(self.package_combo.findData(settings.package.value), 0))
        self.email_edit = QLineEdit(settings.reply_email, self)
        self.email_edit.setObjectName("claimsEmailEdit")
        self.email_edit.setToolTip(self.tr("Where the operator answers (default: Settings, Claims)"))
        self.phone_edit = QLineEdit(settings.phone, self)
        self.phone_edit.setObjectName("claimsPhoneEdit")
        self.phone_edit.setToolTip(
            self.tr("With the area code, such as 11987654321 (default: Settings, Claims)")
        )
        self.keep_check = QCheckBox(self.tr("&Keep as the default (Settings, Claims)"), self)
        self.keep_check.setObjectName("claimsKeepReplyCheck")
        self.keep_check.setToolTip(
            self.tr("Save this reply e-mail and phone in Settings for the next claims")
        )
        self.keep_check.setChecked(not settings.reply_email and not settings.phone)
        self.names_table = self._names_table()
        form = QFormLayout(self)
        form.addRow(self.tr("&Reason:"), self.reason_combo)
        form.addRow(self.tr("&Ask for:"), self.kind_combo)
        form.addRow(self.tr("&Packaging:"), self.package_combo)
        form.addRow(self.tr("Reply &e-mail:"), self.email_edit)
        form.addRow(self.tr("P&hone:"), self.phone_edit)
        form.addRow("", self.keep_check)
        form.addRow(self.tr("Recipients (required):"), self.names_table)
        self.email_edit.textChanged.connect(self._on_reply_edit_text_changed)
        self.phone_edit.textChanged.connect(self._on_reply_edit_text_changed)
        self._on_reply_edit_text_changed()

    def _names_table(self) -> QTableWidget:
        table = QTableWidget(len(self.candidates), 2, self)
        table.setObjectName("claimsNamesTable")
        table.setHorizontalHeaderLabels([self.tr("Object"), self.tr("Recipient's name")])
        table.verticalHeader().hide()
        table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)
        table.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        for row, candidate in enumerate(self.candidates):
            code = QTableWidgetItem(candidate.code)
            code.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            table.setItem(row, 0, code)
            table.setItem(row, _NAME_COLUMN, QTableWidgetItem(self.known.get(candidate.code, "")))
        table.setMaximumHeight(160)
        return table

    # --- what the form says --------------------------------------------------------------------

    @property
    def reason(self) -> int | None:
        """The reason for every object; ``None``: each object's own."""
        data = self.reason_combo.currentData()
        return None if data is None else int(data)

    def reason_of(self, candidate: Candidate) -> int:
        return self.reason if self.reason is not None else candidate.reason

    @property
    def manifestation(self) -> Manifestation:
        return Manifestation(str(self.kind_combo.currentData()))

    @property
    def package(self) -> Packaging:
        return Packaging(str(self.package_combo.currentData()))

    @property
    def email(self) -> str:
        return self.email_edit.text().strip()

    @property
    def phone(self) -> str:
        """The digits typed (the client checks and sends them)."""
        return "".join(char for char in self.phone_edit.text() if char.isdigit())

    @property
    def keeps_reply_address(self) -> bool:
        """Whether the e-mail and phone typed are to be kept as Settings' default (ticked,
        and not what Settings already has)."""
        return self.keep_check.isEnabled() and self.keep_check.isChecked()

    def _reply_address_is_new(self) -> bool:
        settings = self.settings
        return (self.email, self.phone) != (settings.reply_email.strip(), settings.phone)

    def names(self) -> dict[str, str]:
        """The recipients' names given (objects without one are left out)."""
        found: dict[str, str] = {}
        for row, candidate in enumerate(self.candidates):
            item = self.names_table.item(row, _NAME_COLUMN)
            name = " ".join(item.text().split()) if item is not None else ""
            if name:
                found[candidate.code] = name
        return found

    def problem(self) -> tuple[str, QWidget | None]:
        """The first bad field, named with its rule (the client's own checks: nothing is sent
        while one fails), and the field; ``("", None)`` when right."""
        if not self.email:
            text = self.tr("Reply e-mail: required, the operator answers there (set it here or in Settings)")
            return text, self.email_edit
        if not self.phone_edit.text().strip():
            return self.tr(
                "Phone: required, with the area code (set it here or in Settings)"
            ), self.phone_edit
        checks: tuple[tuple[Callable[[str], str], str, QWidget, str], ...] = (
            (parse_claim_email, self.email, self.email_edit, self.tr("Reply e-mail")),
            (parse_claim_phone, self.phone_edit.text(), self.phone_edit, self.tr("Phone")),
        )
        for parse, value, field, label in checks:
            try:
                parse(value)
            except InvalidValue as error:
                return rule_message(_as_shown(error, label)), field
        return self._name_problem()

    def _name_problem(self) -> tuple[str, QWidget | None]:
        """The first object whose recipient's name breaks the rule (the operator refuses a
        claim without one, code 301): named, its cell made current."""
        names = self.names()
        for row, candidate in enumerate(self.candidates):
            try:
                parse_claim_name(names.get(candidate.code, ""))
            except InvalidValue as error:
                self.names_table.setCurrentCell(row, _NAME_COLUMN)
                said = rule_message(_as_shown(error, self.tr("Recipient's name")))
                return arg(self.tr("%1: %2"), candidate.code, said), self.names_table
        return "", None

    @Slot()
    def _on_reply_edit_text_changed(self) -> None:
        self.keep_check.setEnabled(self._reply_address_is_new())
