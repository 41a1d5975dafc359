"""`FormPresets`: the quote form's saved origins and package presets.

A controller, not a widget: it fills the form's preset combo and origin menu, applies a
preset to the form's fields and saves new ones. Saving goes through the form's
`QuoteForm.change_prices`, so the new settings reach the tab (which saves them) like any
other change. Its texts keep the ``QuoteForm`` translation context they always had.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDoubleSpinBox, QInputDialog

from postalgui.api.values import format_cep
from postalgui.services.price.products import PackagePreset

if TYPE_CHECKING:
    from postalgui.gui.tabs.price.quote_form import QuoteForm


def _tr(text: str) -> str:
    return QCoreApplication.translate("QuoteForm", text)


class FormPresets(QObject):
    """Origins and packages the clerk saved, for the form it is a child of."""

    def __init__(self, form: QuoteForm) -> None:
        super().__init__(form)
        self.form = form
        form.package_combo.activated.connect(self._on_package_activated)
        form.save_package_button.clicked.connect(self._on_save_package_clicked)
        form.origin_menu.aboutToShow.connect(self._on_origin_menu_about_to_show)

    def fill_packages(self) -> None:
        combo = self.form.package_combo
        combo.clear()
        combo.addItem(_tr("(choose a preset)"), None)
        for index, preset in enumerate(self.form.prices.package_presets):
            combo.addItem(preset.name, index)

    # --- packages ----------------------------------------------------------------------

    @Slot(int)
    def _on_package_activated(self, index: int) -> None:
        form = self.form
        preset_index = form.package_combo.itemData(index)
        if preset_index is None:
            return
        preset = form.prices.package_presets[int(preset_index)]
        form.format_combo.setCurrentIndex(max(form.format_combo.findData(preset.format), 0))
        for spin, value in (
            (form.length_spin, preset.length),
            (form.width_spin, preset.width),
            (form.height_spin, preset.height),
            (form.diameter_spin, preset.diameter),
        ):
            spin.setValue(float(value) if value is not None else 0.0)
        if preset.weight_g:
            form.weight_spin.setValue(preset.weight_g)
        form.weight_spin.setFocus()
        form.weight_spin.selectAll()

    @Slot()
    def _on_save_package_clicked(self) -> None:
        form = self.form
        name, accepted = QInputDialog.getText(form, _tr("Save package preset"), _tr("Preset name:"))
        name = name.strip()
        if not accepted or not name:
            return

        def size(spin: QDoubleSpinBox) -> Decimal | None:
            return Decimal(str(round(spin.value(), 1))) if spin.isVisible() and spin.value() > 0 else None

        preset = PackagePreset(
            name=name,
            format=str(form.format_combo.currentData()),
            length=size(form.length_spin),
            width=size(form.width_spin),
            height=size(form.height_spin),
            diameter=size(form.diameter_spin),
            weight_g=form.weight_spin.value() or None,
        )
        presets = [existing for existing in form.prices.package_presets if existing.name != name]
        form.change_prices(package_presets=[*presets, preset])
        self.fill_packages()
        form.package_combo.setCurrentIndex(form.package_combo.count() - 1)

    # --- origins -----------------------------------------------------------------------

    @Slot()
    def _on_origin_menu_about_to_show(self) -> None:
        menu = self.form.origin_menu
        presets = self.form.prices.origin_presets
        menu.clear()
        for preset in presets:
            action = QAction(f"{preset.name} — {format_cep(preset.cep)}", menu)
            action.setData(preset.cep)
            action.triggered.connect(self._on_origin_preset_triggered)
            menu.addAction(action)
        if presets:
            menu.addSeparator()
        save = menu.addAction(_tr("Save this origin…"))
        save.triggered.connect(self._on_save_origin_triggered)
        if presets:
            remove = menu.addMenu(_tr("Remove"))
            for preset in presets:
                action = QAction(preset.name, remove)
                action.setData(preset.name)
                action.triggered.connect(self._on_remove_origin_triggered)
                remove.addAction(action)

    @Slot()
    def _on_origin_preset_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            self.form.origin_edit.setText(format_cep(str(action.data())))
            self.form.destination_edit.setFocus()

    @Slot()
    def _on_save_origin_triggered(self) -> None:
        from postalgui.api.values import InvalidValue, parse_cep
        from postalgui.services.price.products import OriginPreset

        form = self.form
        try:
            cep = parse_cep(form.origin_edit.text())
        except InvalidValue as exc:
            form.show_problems([form.problem("cepOrigem", exc, str(exc))])
            return
        name, accepted = QInputDialog.getText(form, _tr("Save origin"), _tr("Name of this origin:"))
        name = name.strip()
        if not accepted or not name:
            return
        kept = [preset for preset in form.prices.origin_presets if preset.name != name]
        form.change_prices(origin_presets=[*kept, OriginPreset(name=name, cep=cep)])

    @Slot()
    def _on_remove_origin_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            name = str(action.data())
            kept = [preset for preset in self.form.prices.origin_presets if preset.name != name]
            self.form.change_prices(origin_presets=kept)
