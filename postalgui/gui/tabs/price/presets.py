"""`FormPresets`: the quote form's saved origins and package presets.

A controller, not a widget: it fills the package preset combo and the origin menu,
applies a preset to the route and package fields and saves new ones. It knows the form
only as a `SettingsOwner` (the settings it holds and how to change them), so the arrows
point one way: the form builds its presets, the presets never import the form. A new
value of the settings goes through `SettingsOwner.change_prices`, so it reaches the tab
(which saves it) like any other change.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog

from postalgui.api.values import InvalidValue, format_cep, parse_cep
from postalgui.gui.tabs.price.package_fields import PackageFields
from postalgui.gui.tabs.price.route_fields import RouteFields
from postalgui.services.price.form_values import package_preset, with_named, without_named
from postalgui.services.price.products import OriginPreset, PriceSettings

__all__ = ["FormPresets", "SettingsOwner"]


class SettingsOwner(Protocol):
    """Who holds the price settings the presets read and change (the quote form)."""

    @property
    def prices(self) -> PriceSettings: ...

    def change_prices(self, **changes: object) -> None: ...


class FormPresets(QObject):
    """Origins and packages the clerk saved, for the route and package fields.

    Signals: ``originRefused(InvalidValue)`` when "Save this origin" found no valid CEP
    in the origin field (the form names the problem).
    """

    originRefused = Signal(object)

    def __init__(self, owner: SettingsOwner, route: RouteFields, package: PackageFields) -> None:
        super().__init__(route)
        self.owner = owner
        self.route = route
        self.package = package
        package.package_combo.activated.connect(self._on_package_combo_activated)
        package.save_package_button.clicked.connect(self._on_save_package_button_clicked)
        route.origin_menu.aboutToShow.connect(self._on_origin_menu_about_to_show)

    def fill_packages(self) -> None:
        combo = self.package.package_combo
        combo.clear()
        combo.addItem(self.tr("(choose a preset)"), None)
        for index, preset in enumerate(self.owner.prices.package_presets):
            combo.addItem(preset.name, index)

    def _ask_name(self, title: str, label: str) -> str:
        """A name typed by the user, ``""`` when cancelled or blank."""
        name, accepted = QInputDialog.getText(self.route, title, label)
        return name.strip() if accepted else ""

    # --- packages ----------------------------------------------------------------------

    @Slot(int)
    def _on_package_combo_activated(self, index: int) -> None:
        package = self.package
        preset_index = package.package_combo.itemData(index)
        if preset_index is None:
            return
        preset = self.owner.prices.package_presets[int(preset_index)]
        package.set_format(preset.format)
        package.set_sizes(preset.length, preset.width, preset.height, preset.diameter)
        if preset.weight_g:
            package.weight_spin.setValue(preset.weight_g)
        package.weight_spin.setFocus()
        package.weight_spin.selectAll()

    @Slot()
    def _on_save_package_button_clicked(self) -> None:
        name = self._ask_name(self.tr("Save package preset"), self.tr("Preset name:"))
        if not name:
            return
        package = self.package
        shown = {name: spin.value() for name, spin in package.sizes() if spin.isVisible()}
        fmt = str(package.format_combo.currentData())
        preset = package_preset(name, fmt, shown, package.weight_spin.value())
        self.owner.change_prices(package_presets=with_named(self.owner.prices.package_presets, preset))
        self.fill_packages()
        package.package_combo.setCurrentIndex(package.package_combo.count() - 1)

    # --- origins -----------------------------------------------------------------------

    @Slot()
    def _on_origin_menu_about_to_show(self) -> None:
        menu = self.route.origin_menu
        presets = self.owner.prices.origin_presets
        menu.clear()
        for preset in presets:
            action = QAction(f"{preset.name} — {format_cep(preset.cep)}", menu)
            action.setData(preset.cep)
            action.triggered.connect(self._on_origin_preset_triggered)
            menu.addAction(action)
        if presets:
            menu.addSeparator()
        save = menu.addAction(self.tr("Save this origin…"))
        save.triggered.connect(self._on_save_origin_triggered)
        if presets:
            remove = menu.addMenu(self.tr("Remove"))
            for preset in presets:
                action = QAction(preset.name, remove)
                action.setData(preset.name)
                action.triggered.connect(self._on_remove_origin_triggered)
                remove.addAction(action)

    @Slot()
    def _on_origin_preset_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            self.route.origin_edit.setText(format_cep(str(action.data())))
            self.route.destination_edit.setFocus()

    @Slot()
    def _on_save_origin_triggered(self) -> None:
        try:
            cep = parse_cep(self.route.origin_edit.text())
        except InvalidValue as exc:
            self.originRefused.emit(exc)
            return
        name = self._ask_name(self.tr("Save origin"), self.tr("Name of this origin:"))
        if name:
            origin = OriginPreset(name=name, cep=cep)
            self.owner.change_prices(origin_presets=with_named(self.owner.prices.origin_presets, origin))

    @Slot()
    def _on_remove_origin_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            kept = without_named(self.owner.prices.origin_presets, str(action.data()))
            self.owner.change_prices(origin_presets=kept)
