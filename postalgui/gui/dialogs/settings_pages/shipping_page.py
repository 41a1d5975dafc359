"""The settings' Shipping box: how long a return authorization is valid (`ShippingSettings.return_days`).

The customer takes the parcel to a branch within these days; the Returns page and
``postalgui returns create`` start every authorization with it. A value out of its range names
the field and the rule under it, and OK waits; the range is the model's own (read from its field).
The other shipping settings (label layout, printer) are remembered by the Shipping tab and kept
as they are.
"""

from __future__ import annotations

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QGroupBox, QLabel, QLineEdit, QWidget

from postalgui.gui.dialogs.settings_pages.form_parts import (
    add_row,
    error_label,
    form_layout,
    model_range,
    with_error,
)
from postalgui.gui.messages import arg
from postalgui.services.shipping.settings import ShippingSettings

__all__ = ["ShippingPage"]

_FIELD = "return_days"


class ShippingPage(QGroupBox):
    """The Shipping settings. Signals: ``edited()`` when a value changed."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shippingSettings")
        self.setTitle(self.tr("Shipping"))
        self.return_days_edit = QLineEdit(self)
        self.return_days_edit.setObjectName("returnDays")
        self.edits: dict[str, QLineEdit] = {_FIELD: self.return_days_edit}
        self.error_labels: dict[str, QLabel] = {_FIELD: error_label(self)}
        self.return_days_edit.setToolTip(self._rule_text())
        self.return_days_edit.textEdited.connect(self._on_return_days_edit_text_edited)
        form = form_layout(self)
        add_row(
            form,
            self.tr("Return authori&zations valid for (days):"),
            with_error(self, self.return_days_edit, self.error_labels[_FIELD]),
            self.return_days_edit,
        )

    def _rule_text(self) -> str:
        low, high = model_range(ShippingSettings, _FIELD)
        return arg(
            self.tr("%1 must be a whole number of days from %2 to %3"),
            self.tr("Returns valid for"),
            low,
            high,
        )

    def load(self, settings: ShippingSettings) -> None:
        self.return_days_edit.setText(str(settings.return_days))

    def errors(self) -> dict[str, str]:
        """The field when it breaks its rule, with the message that names it and the rule."""
        text = self.return_days_edit.text().strip()
        low, high = model_range(ShippingSettings, _FIELD)
        if text.isascii() and text.isdigit() and low <= int(text) <= high:
            return {}
        return {_FIELD: arg(self.tr("%1 (got '%2')"), self._rule_text(), self.return_days_edit.text())}

    def settings(self, kept: ShippingSettings) -> ShippingSettings:
        """``kept`` with the days typed; raises `ValueError` (pydantic's) while they break the rule."""
        return kept.updated(return_days=self.return_days_edit.text().strip())

    @Slot()
    def _on_return_days_edit_text_edited(self) -> None:
        self.edited.emit()
