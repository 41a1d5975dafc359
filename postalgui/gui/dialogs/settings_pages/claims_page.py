"""The settings' Claims box: what a claim is filed with and how claims are followed (`ClaimsSettings`).

The reply e-mail and phone the operator answers to, claims per call (the lot), follow
every N minutes, the default packaging, and the compensation table that estimates what
a late parcel brings back (PAC and SEDEX bands, the express percentage; "Restore
defaults" puts the consumer guides' figures back). A value out of its rule names the
field and the rule under it, and OK waits; the number ranges are `ClaimsSettings`' own.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QComboBox, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from postalgui.api.values import InvalidValue
from postalgui.api.values.claims import Packaging, parse_claim_email, parse_claim_phone
from postalgui.gui.dialogs.settings_pages.form_parts import (
    add_row,
    error_label,
    form_layout,
    model_range,
    note_label,
    with_error,
)
from postalgui.gui.messages import arg, rule_message
from postalgui.services.claims.compensation import Band, CompensationTable
from postalgui.services.claims.settings import ClaimsSettings

__all__ = ["ClaimsPage"]

_NUMBERS = ("lot_size", "follow_minutes")
_BANDS = ("pac", "sedex")


class ClaimsPage(QGroupBox):
    """The Claims settings. Signals: ``edited()`` when a value changed.

    Few Alt letters: the dialog's other boxes hold most; e-mail, packaging and SEDEX have one.
    """

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("claimsSettings")
        self.setTitle(self.tr("Claims"))
        self.email_edit = QLineEdit(self)
        self.phone_edit = QLineEdit(self)
        self.phone_edit.setPlaceholderText(self.tr("area code and number, e.g. 11987654321"))
        for edit in (self.email_edit, self.phone_edit):  # an address and the hint read whole
            edit.setMinimumWidth(edit.fontMetrics().horizontalAdvance(self.phone_edit.placeholderText()) + 16)
        self.lot_edit = QLineEdit(self)
        self.follow_edit = QLineEdit(self)
        self.package_combo = QComboBox(self)
        self.package_combo.addItem(self.tr("Box"), Packaging.BOX.value)
        self.package_combo.addItem(self.tr("Envelope"), Packaging.ENVELOPE.value)
        self.pac_edit = QLineEdit(self)
        self.sedex_edit = QLineEdit(self)
        self.express_edit = QLineEdit(self)
        self.restore_button = QPushButton(self.tr("Restore defaults"), self)
        self.restore_button.setToolTip(self.tr("The compensation table of the consumer guides"))
        self.edits: dict[str, QLineEdit] = {
            "reply_email": self.email_edit,
            "phone": self.phone_edit,
            "lot_size": self.lot_edit,
            "follow_minutes": self.follow_edit,
            "pac": self.pac_edit,
            "sedex": self.sedex_edit,
            "express_percent": self.express_edit,
        }
        self.error_labels: dict[str, QLabel] = {f"claims.{name}": error_label(self) for name in self.edits}
        self._lay_out()
        for edit in self.edits.values():
            edit.textEdited.connect(self._on_edit_text_edited)
        self.package_combo.currentIndexChanged.connect(self._on_edit_text_edited)
        self.restore_button.clicked.connect(self._on_restore_button_clicked)

    def _lay_out(self) -> None:
        form = form_layout(self)
        texts = {
            "reply_email": self.tr("Reply e-&mail:"),
            "phone": self.tr("Phone:"),
            "lot_size": self.tr("Claims per request:"),
            "follow_minutes": self.tr("Follow every (minutes):"),
        }
        for name, text in texts.items():
            edit = self.edits[name]
            edit.setToolTip(self._rule_text(name))
            add_row(form, text, with_error(self, edit, self.error_labels[f"claims.{name}"]), edit)
        add_row(form, self.tr("Pac&kaging:"), self.package_combo, self.package_combo)
        note = note_label(
            self,
            self.tr(
                "Compensation for delay, an estimate from consumer guides (no official table): "
                "bands of days late:percent separated by semicolons, the last one for more days."
            ),
        )
        form.addRow(note)
        for name, text in (
            ("pac", self.tr("PAC:")),
            ("sedex", self.tr("SEDE&X:")),
            ("express_percent", self.tr("SEDEX 10, 12, Hoje (%):")),
        ):
            edit = self.edits[name]
            edit.setToolTip(self._rule_text(name))
            add_row(form, text, with_error(self, edit, self.error_labels[f"claims.{name}"]), edit)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.restore_button)
        form.addRow(row)

    def _label(self, name: str) -> str:
        return {
            "reply_email": self.tr("Reply e-mail"),
            "phone": self.tr("Phone"),
            "lot_size": self.tr("Claims per request"),
            "follow_minutes": self.tr("Follow every"),
            "pac": self.tr("PAC compensation"),
            "sedex": self.tr("SEDEX compensation"),
            "express_percent": self.tr("Express compensation"),
        }[name]

    def _rule_text(self, name: str) -> str:
        label = self._label(name)
        if name == "reply_email":
            return arg(self.tr("%1: the address the operator answers to (empty until you set it)"), label)
        if name == "phone":
            return arg(self.tr("%1: 10 or 11 digits with the area code (empty until you set it)"), label)
        if name in ("pac", "sedex"):
            return arg(
                self.tr(
                    "%1 must be bands of days:percent, growing, the last without days (e.g. 5:5; 10:10; :15)"
                ),
                label,
            )
        if name == "express_percent":
            return arg(self.tr("%1 must be a percentage from 0 to 100"), label)
        low, high = model_range(ClaimsSettings, name)
        if name == "follow_minutes":
            return arg(self.tr("%1 must be a whole number of minutes from %2 to %3"), label, low, high)
        return arg(self.tr("%1 must be a whole number from %2 to %3"), label, low, high)

    def focus_chain(self) -> list[QWidget]:
        """The fields in the order they are laid out (the dialog's Tab order)."""
        edits = self.edits
        first = [edits["reply_email"], edits["phone"], edits["lot_size"], edits["follow_minutes"]]
        return [
            *first,
            self.package_combo,
            self.pac_edit,
            self.sedex_edit,
            self.express_edit,
            self.restore_button,
        ]

    # --- values ------------------------------------------------------------------------------

    def load(self, settings: ClaimsSettings) -> None:
        self.email_edit.setText(settings.reply_email)
        self.phone_edit.setText(settings.phone)
        self.lot_edit.setText(str(settings.lot_size))
        self.follow_edit.setText(str(settings.follow_minutes))
        self.package_combo.setCurrentIndex(
            max(self.package_combo.findData(Packaging(settings.package).value), 0)
        )
        self.load_table(settings.compensation)

    def load_table(self, table: CompensationTable) -> None:
        self.pac_edit.setText(_bands_text(table.pac))
        self.sedex_edit.setText(_bands_text(table.sedex))
        self.express_edit.setText(_number_text(table.express_percent).replace(".", ","))

    def errors(self) -> dict[str, str]:
        """Each field that breaks its rule (keyed ``claims.<field>``), with its message."""
        found: dict[str, str] = {}
        for name, edit in self.edits.items():
            if name in ("reply_email", "phone"):  # the client's own rules; empty: not set yet
                parse = parse_claim_email if name == "reply_email" else parse_claim_phone
                try:
                    if edit.text().strip():
                        parse(edit.text())
                except InvalidValue as error:
                    found[f"claims.{name}"] = rule_message(error)
            elif not self._valid(name, edit.text().strip()):
                found[f"claims.{name}"] = arg(self.tr("%1 (got '%2')"), self._rule_text(name), edit.text())
        return found

    def _valid(self, name: str, text: str) -> bool:
        if name in _BANDS:
            return _bands(text) is not None
        if name == "express_percent":
            percent = _percent(text)
            return percent is not None and percent <= 100
        low, high = model_range(ClaimsSettings, name)
        return text.isascii() and text.isdigit() and low <= int(text) <= high

    def settings(self) -> ClaimsSettings:
        """The settings as typed; raises `ValueError` (pydantic's) while a field breaks its rule."""
        table = CompensationTable.model_validate(
            {
                "pac": _bands(self.pac_edit.text()),
                "sedex": _bands(self.sedex_edit.text()),
                "express_percent": _percent(self.express_edit.text()),
            }
        )
        return ClaimsSettings.model_validate(
            {
                "reply_email": self.email_edit.text().strip(),
                "phone": self.phone_edit.text().strip(),  # the model keeps its digits
                "lot_size": self.lot_edit.text().strip(),
                "follow_minutes": self.follow_edit.text().strip(),
                "package": str(self.package_combo.currentData()),
                "compensation": table,
            }
        )

    @Slot()
    def _on_edit_text_edited(self) -> None:
        self.edited.emit()

    @Slot()
    def _on_restore_button_clicked(self) -> None:
        self.load_table(CompensationTable())
        self.edited.emit()


def _number_text(value: Decimal) -> str:
    return format(value.normalize(), "f")


def _bands_text(bands: Sequence[Band]) -> str:
    """Bands up to 5, 10 and any more days as ``5:5; 10:10; :15`` (a decimal comma in a percent)."""
    parts = []
    for band in bands:
        shown = "" if band.days is None else str(band.days)
        parts.append(f"{shown}:{_number_text(band.percent).replace('.', ',')}")
    return "; ".join(parts)


def _percent(text: str) -> Decimal | None:
    try:
        value = Decimal(text.strip().replace(",", "."))
    except InvalidOperation:
        return None
    return value if value.is_finite() and value >= 0 else None


def _bands(text: str) -> list[dict[str, object]] | None:
    """``5:5; 10:10; :15`` read back; ``None`` unless the days grow and only the last has none."""
    bands: list[tuple[int | None, Decimal]] = []
    for part in (piece.strip() for piece in text.split(";")):
        days, colon, percent_text = part.partition(":")
        percent = _percent(percent_text)
        if not colon or percent is None or percent > 100:
            return None
        days = days.strip()
        if days and not (days.isascii() and days.isdigit() and int(days) > 0):
            return None
        bands.append((int(days) if days else None, percent))
    limits = [days for days, _ in bands]
    if limits[-1] is not None or None in limits[:-1]:
        return None
    growing = [days for days in limits[:-1] if days is not None]
    if growing != sorted(set(growing)) or any(days > 365 for days in growing):
        return None
    return [{"days": days, "percent": percent} for days, percent in bands]
