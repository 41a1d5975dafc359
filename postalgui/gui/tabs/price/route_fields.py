"""`RouteFields`: the quote form's "Route" group, national or international, origin
CEP with its presets button, destination CEP or country.

Its own group so the route's rules live together: a CEP is shown as ``00000-000`` once
typed, the destination field follows the mode, and Tab goes origin, destination, then
Presets (the two CEPs are typed in a row).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QRadioButton,
    QToolButton,
    QWidget,
)

from postalgui.api.values import InvalidValue, format_cep, parse_cep
from postalgui.gui.i18n import ui_language
from postalgui.gui.tabs.price.countries import country_names

if TYPE_CHECKING:
    from postalgui.api.models.price import PriceQuery

__all__ = ["RouteFields"]


class RouteFields(QGroupBox):
    """Where the package goes from and to.

    Signals: ``modeToggled()`` when national or international was chosen;
    ``cepEdited(QLineEdit)`` with the CEP field typed in; ``countryChanged()`` when the
    destination country changed.
    """

    modeToggled = Signal()
    cepEdited = Signal(QLineEdit)
    countryChanged = Signal()

    def __init__(self, origin_cep: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Route"))
        self._build_mode()
        self._build_ceps(origin_cep)
        self._build_country()
        self._lay_out()
        self.setTabOrder(self.origin_edit, self.destination_edit)
        self.setTabOrder(self.destination_edit, self.origin_presets_button)
        self.setTabOrder(self.origin_presets_button, self.country_combo)

    def _build_mode(self) -> None:
        self.national_radio = QRadioButton(self.tr("&National"), self)
        self.international_radio = QRadioButton(self.tr("&International"), self)
        self.national_radio.setChecked(True)
        self.mode_group = QButtonGroup(self)
        self.mode_group.addButton(self.national_radio)
        self.mode_group.addButton(self.international_radio)
        self.national_radio.toggled.connect(self._on_national_radio_toggled)

    def _build_ceps(self, origin_cep: str) -> None:
        self.origin_edit = self._cep_edit("originCep")
        if origin_cep:
            self.origin_edit.setText(format_cep(origin_cep))
        self.origin_presets_button = QToolButton(self)
        self.origin_presets_button.setText(self.tr("Presets"))
        self.origin_presets_button.setToolTip(self.tr("Saved origins"))
        self.origin_presets_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.origin_menu = QMenu(self.origin_presets_button)
        self.origin_presets_button.setMenu(self.origin_menu)
        self.destination_edit = self._cep_edit("destinationCep")

    def _cep_edit(self, name: str) -> QLineEdit:
        edit = QLineEdit(self)
        edit.setObjectName(name)
        edit.setPlaceholderText("00000-000")
        edit.setMaxLength(10)
        edit.editingFinished.connect(self._on_cep_editing_finished)
        edit.textEdited.connect(self._on_cep_text_edited)
        return edit

    def _build_country(self) -> None:
        self.country_combo = QComboBox(self)
        self.country_combo.setObjectName("country")
        for code, name in country_names(ui_language()):
            self.country_combo.addItem(f"{name} ({code})", code)
        us = self.country_combo.findData("US")
        self.country_combo.setCurrentIndex(max(us, 0))
        self.country_combo.currentIndexChanged.connect(self._on_country_combo_current_index_changed)

    def _lay_out(self) -> None:
        form = QFormLayout(self)
        modes = QHBoxLayout()
        modes.addWidget(self.national_radio)
        modes.addWidget(self.international_radio)
        modes.addStretch(1)
        form.addRow(modes)
        origin = QHBoxLayout()
        origin.addWidget(self.origin_edit, 1)
        origin.addWidget(self.origin_presets_button)
        self.origin_label = QLabel(self.tr("&Origin CEP:"), self)
        self.origin_label.setBuddy(self.origin_edit)
        form.addRow(self.origin_label, origin)
        self.destination_label = QLabel(self.tr("&Destination CEP:"), self)
        self.destination_label.setBuddy(self.destination_edit)
        form.addRow(self.destination_label, self.destination_edit)
        self.country_label = QLabel(self.tr("&Country:"), self)
        self.country_label.setBuddy(self.country_combo)
        form.addRow(self.country_label, self.country_combo)

    # --- state ------------------------------------------------------------------------

    @property
    def international(self) -> bool:
        return self.international_radio.isChecked()

    def country(self) -> str:
        return str(self.country_combo.currentData() or "")

    def show_mode(self) -> None:
        """Show the destination CEP at home, the country abroad."""
        international = self.international
        self.destination_label.setVisible(not international)
        self.destination_edit.setVisible(not international)
        self.country_label.setVisible(international)
        self.country_combo.setVisible(international)

    def load(self, query: PriceQuery) -> None:
        """The route of a query (history re-run)."""
        self.international_radio.setChecked(query.international)
        self.national_radio.setChecked(not query.international)
        if query.cepOrigem:
            self.origin_edit.setText(format_cep(query.cepOrigem))
        if query.cepDestino:
            self.destination_edit.setText(format_cep(query.cepDestino))
        if query.sgPaisDestino:
            index = self.country_combo.findData(query.sgPaisDestino)
            if index >= 0:
                self.country_combo.setCurrentIndex(index)

    def origin_cep(self) -> str | None:
        """The origin as the wire's CEP, ``None`` while it is no valid CEP."""
        try:
            return parse_cep(self.origin_edit.text())
        except InvalidValue:
            return None

    # --- slots ------------------------------------------------------------------------

    @Slot(bool)
    def _on_national_radio_toggled(self, _national: bool) -> None:
        self.modeToggled.emit()

    @Slot(str)
    def _on_cep_text_edited(self, _text: str) -> None:
        edit = self.sender()
        if isinstance(edit, QLineEdit):
            self.cepEdited.emit(edit)

    @Slot(int)
    def _on_country_combo_current_index_changed(self, _index: int) -> None:
        self.countryChanged.emit()

    @Slot()
    def _on_cep_editing_finished(self) -> None:
        edit = self.sender()
        if isinstance(edit, QLineEdit) and edit.text().strip():
            with contextlib.suppress(InvalidValue):  # named when the user quotes
                edit.setText(format_cep(parse_cep(edit.text())))
