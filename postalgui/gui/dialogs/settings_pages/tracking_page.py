"""The settings' Tracking box: how the Tracking tab follows the watchlist (`TrackingSettings`).

Refresh every N minutes, codes per call, archive delivered objects after N days (0:
never) and desktop notifications. A value out of its range names the field and the
rule under it, and OK waits; the ranges are `TrackingSettings`' own (read from its
fields), so the form and the saved model never disagree.
"""

from __future__ import annotations

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QCheckBox, QGroupBox, QLabel, QLineEdit, QWidget

from postalgui.gui.dialogs.settings_pages.form_parts import (
    add_row,
    error_label,
    form_layout,
    model_range,
    note_label,
    with_error,
)
from postalgui.gui.messages import arg
from postalgui.services.tracking.settings import TrackingSettings

__all__ = ["TrackingPage", "field_range"]

_FIELDS = ("refresh_minutes", "codes_per_call", "archive_after_days")


def field_range(name: str) -> tuple[int, int]:
    """The lowest and highest value `TrackingSettings` takes for field ``name``."""
    return model_range(TrackingSettings, name)


class TrackingPage(QGroupBox):
    """The Tracking settings. Signals: ``edited()`` when a value changed."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trackingSettings")
        self.setTitle(self.tr("Tracking"))
        self.refresh_edit = QLineEdit(self)
        self.codes_edit = QLineEdit(self)
        self.archive_edit = QLineEdit(self)
        # A short box and its note under it: the one long line made the dialog too wide in Portuguese.
        self.notify_check = QCheckBox(self.tr("Desktop noti&fications"), self)
        notify_note = note_label(
            self,
            self.tr(
                "For objects a person must act on: waiting at a branch, returned, a failed delivery, late."
            ),
        )
        notify_note.setEnabled(False)
        self.edits: dict[str, QLineEdit] = dict(
            zip(_FIELDS, (self.refresh_edit, self.codes_edit, self.archive_edit), strict=True)
        )
        self.error_labels: dict[str, QLabel] = {name: error_label(self) for name in _FIELDS}
        form = form_layout(self)
        for name, text in zip(
            _FIELDS,
            (
                self.tr("Refresh e&very (minutes):"),
                self.tr("Codes per re&quest:"),
                self.tr("Arc&hive delivered on time after (days):"),
            ),
            strict=True,
        ):
            edit = self.edits[name]
            edit.setToolTip(self._rule_text(name))
            edit.textEdited.connect(self._on_edit_text_edited)
            add_row(form, text, with_error(self, edit, self.error_labels[name]), edit)
        self.notify_check.toggled.connect(self._on_edit_text_edited)
        form.addRow(self.notify_check)
        form.addRow(notify_note)

    def _label(self, name: str) -> str:
        return {
            "refresh_minutes": self.tr("Refresh every"),
            "codes_per_call": self.tr("Codes per request"),
            "archive_after_days": self.tr("Archive delivered on time after"),
        }[name]

    def _rule_text(self, name: str) -> str:
        low, high = field_range(name)
        if name == "archive_after_days":
            return arg(
                self.tr("%1 must be a whole number of days from %2 to %3 (0: never)"),
                self._label(name),
                low,
                high,
            )
        if name == "refresh_minutes":
            return arg(
                self.tr("%1 must be a whole number of minutes from %2 to %3"), self._label(name), low, high
            )
        return arg(self.tr("%1 must be a whole number from %2 to %3"), self._label(name), low, high)

    def load(self, settings: TrackingSettings) -> None:
        for name, edit in self.edits.items():
            edit.setText(str(getattr(settings, name)))
        self.notify_check.setChecked(settings.notify)

    def errors(self) -> dict[str, str]:
        """Each field that breaks its rule, with the message that names it and the rule."""
        found: dict[str, str] = {}
        for name, edit in self.edits.items():
            text = edit.text().strip()
            low, high = field_range(name)
            if not (text.isascii() and text.isdigit() and low <= int(text) <= high):
                found[name] = arg(self.tr("%1 (got '%2')"), self._rule_text(name), edit.text())
        return found

    def settings(self) -> TrackingSettings:
        """The settings as typed; raises `ValueError` (pydantic's) while a field breaks its rule."""
        values: dict[str, object] = {name: edit.text().strip() for name, edit in self.edits.items()}
        return TrackingSettings.model_validate({**values, "notify": self.notify_check.isChecked()})

    @Slot()
    def _on_edit_text_edited(self) -> None:
        self.edited.emit()
