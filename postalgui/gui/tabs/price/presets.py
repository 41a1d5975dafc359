"""`FormPresets`: the quote form's saved origins and package presets, from the office database.

A controller, not a widget: it fills the package preset combo and the origin menu,
applies a preset to the route and package fields and saves or removes them. Presets are
office data (`services.price.preset_store`, shared by every desk): they are read in a
task over the tab's `Desk` (the GUI thread never waits on a database; until then the menus
say they are loading), kept in memory, and read again when any desk changes one (the
office's change feed through `OfficeChanges`, as the history and the jobs follow theirs,
stopped when the form goes). A save names the version it read; someone else's newer
change is a question (the shared `ConflictQuestion`), never a silent loss.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog

from postalgui.api.values import InvalidValue, format_cep, parse_cep
from postalgui.gui.dialogs.conflict_question import ConflictChoice, ConflictKind, ConflictQuestion
from postalgui.gui.messages import arg, describe_error, local_time
from postalgui.gui.models.office_changes import OfficeChanges
from postalgui.gui.tabs.price.package_fields import PackageFields
from postalgui.gui.tabs.price.route_fields import RouteFields
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.office import topics
from postalgui.services.price import preset_tasks
from postalgui.services.price.form_values import package_preset
from postalgui.services.price.preset_tasks import OfficePresets, PresetConflictError

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.services.price.preset_store import Kind, Preset, StoredPreset
    from postalgui.services.price.price_settings import OriginPreset
    from postalgui.services.price.service import PriceService

__all__ = ["FormPresets"]

log = logging.getLogger(__name__)

MESSAGE_KEY = "price.presets"


@dataclass(frozen=True)
class _Edit:
    """A save (``preset``) or a removal (``preset`` None) of one preset, kept for the question."""

    kind: Kind
    name: str
    preset: Preset | None


class FormPresets(QObject):
    """Origins and packages the office saved, for the route and package fields.

    Signals: ``originRefused(InvalidValue)`` when "Save this origin" found no valid CEP
    in the origin field (the form names the problem); ``presetsLoaded()`` each time the
    presets were read from the office database; ``conflictAsked(ConflictQuestion)``
    when a save met someone else's newer change (the question is open, window-modal).
    """

    originRefused = Signal(InvalidValue)
    presetsLoaded = Signal()
    conflictAsked = Signal(ConflictQuestion)

    def __init__(self, route: RouteFields, package: PackageFields) -> None:
        super().__init__(route)
        self.route = route
        self.package = package
        self._desk: Desk[PriceService] | None = None
        self._origins: list[StoredPreset] = []
        self._packages: list[StoredPreset] = []
        self._loaded = False
        self._select_package = ""  # the package preset to show once the save comes back
        self._changes: OfficeChanges | None = None  # once the first read opened the database
        package.package_combo.activated.connect(self._on_package_combo_activated)
        package.save_package_button.clicked.connect(self._on_save_package_button_clicked)
        route.origin_menu.aboutToShow.connect(self._on_origin_menu_about_to_show)

    @property
    def origins(self) -> list[OriginPreset]:
        # lazy: the presets' models (pydantic) load after the first paint, with the presets
        from postalgui.services.price.price_settings import OriginPreset

        return [stored.preset for stored in self._origins if isinstance(stored.preset, OriginPreset)]

    @property
    def package_names(self) -> list[str]:
        return [stored.name for stored in self._packages]

    def use_desk(self, desk: Desk[PriceService]) -> None:
        """Read the office's presets over ``desk`` once the form is on screen, and again
        whenever one changes. Not before its first paint: the read loads the database
        library (about a second of work), which must not hold back the window's first
        picture (bench_startup)."""
        self._desk = desk
        self.fill_packages()
        if self.route.isVisible():
            self.reload()
        else:
            self.route.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The route fields' first paint: read the presets right after it."""
        if watched is self.route and event.type() == QEvent.Type.Paint:
            self.route.removeEventFilter(self)
            QTimer.singleShot(0, self, self.reload)
        return False

    def follow_settings(self) -> None:
        """Settings changed (perhaps the environment, and so the office database): read
        the presets again and follow the changes of the database now in force."""
        if self._changes is not None:
            self._changes.watch()
        self.reload()

    def reload(self) -> None:
        """Read the presets again in the background (the menus keep what they show till then)."""
        if self._desk is None:
            return
        self.fill_packages()
        self._desk.run(
            preset_tasks.load_presets,
            name="price presets",
            key="price.presets.load",
            on_result=self._on_load_result,
            on_error=self._on_load_error,
        )

    def fill_packages(self) -> None:
        """The package menu from the presets read; the one chosen stays chosen while it
        exists (a reload follows another desk's change, not the clerk's hand)."""
        combo = self.package.package_combo
        kept = combo.currentText() if combo.currentData() is not None else ""
        combo.clear()
        loading = self._desk is not None and not self._loaded
        combo.addItem(self.tr("(loading presets…)") if loading else self.tr("(choose a preset)"), None)
        for index, stored in enumerate(self._packages):
            combo.addItem(stored.name, index)
        if kept:
            combo.setCurrentIndex(max(0, combo.findText(kept)))

    def _ask_name(self, title: str, label: str) -> str:
        """A name typed by the user, ``""`` when cancelled or blank."""
        name, accepted = QInputDialog.getText(self.route, title, label)
        return name.strip() if accepted else ""

    # --- reading -----------------------------------------------------------------------

    @Slot(object)
    def _on_load_result(self, presets: OfficePresets) -> None:
        self._origins, self._packages = presets.origins, presets.packages
        self._loaded = True
        self.fill_packages()
        found = self.package.package_combo.findText(self._select_package) if self._select_package else -1
        if found >= 0:  # a read begun before the save committed does not hold it yet: wait for the next
            self.package.package_combo.setCurrentIndex(found)
            self._select_package = ""
        if self._desk is not None and self._changes is None:
            self._changes = OfficeChanges(self._desk.service, (topics.PRESETS,), self._desk.runner, self)
            self._changes.changed.connect(self._on_changed)
            self._changes.subscribed.connect(self._on_changed)  # a change made before it was in place
        self.presetsLoaded.emit()

    @Slot(object)
    def _on_load_error(self, error: BaseException) -> None:
        self._loaded = True
        self.fill_packages()
        self._show_error(self.tr("The presets could not be read: %1"), error)

    @Slot()
    def _on_changed(self) -> None:
        self.reload()

    def _show_error(self, template: str, error: BaseException) -> None:
        if self._desk is not None:
            self._desk.messages.show_message(
                arg(template, describe_error(error)), MessageKind.ERROR, key=MESSAGE_KEY
            )

    # --- writing -----------------------------------------------------------------------

    def _version(self, kind: Kind, name: str) -> int | None:
        """The version read of the preset called ``name`` (``None``: not known here)."""
        presets = self._origins if kind == "origin" else self._packages
        return next((stored.version for stored in presets if stored.name == name), None)

    def _write(self, edit: _Edit, *, overwrite: bool = False) -> None:
        desk = self._desk
        if desk is None:
            return
        desk.messages.clear(MESSAGE_KEY)
        expected = None if overwrite else self._version(edit.kind, edit.name)

        on_error = partial(self._on_write_error, edit)
        done = self._on_write_result
        if edit.preset is None:
            desk.run(
                preset_tasks.delete_preset,
                edit.kind,
                edit.name,
                expected,
                name="price preset",
                owner=self,
                on_result=done,
                on_error=on_error,
            )
        elif overwrite:
            desk.run(
                preset_tasks.overwrite_preset,
                edit.kind,
                edit.preset,
                name="price preset",
                owner=self,
                on_result=done,
                on_error=on_error,
            )
        else:
            desk.run(
                preset_tasks.save_preset,
                edit.kind,
                edit.preset,
                expected,
                name="price preset",
                owner=self,
                on_result=done,
                on_error=on_error,
            )

    @Slot(object)
    def _on_write_result(self, _stored: StoredPreset | None) -> None:
        self.reload()  # this desk's copy follows what the office now holds

    def _on_write_error(self, edit: _Edit, error: BaseException) -> None:
        if not isinstance(error, PresetConflictError):
            self._show_error(self.tr("The preset could not be saved: %1"), error)
            return
        text = arg(
            self.tr("The preset “%1” was changed by %2 at %3 after you opened it."),
            edit.name,
            error.current.by or self.tr("someone"),
            local_time(error.current.at),
        )
        kind = ConflictKind.DELETING if edit.preset is None else ConflictKind.CHANGED
        question = ConflictQuestion(self.route, text, kind)
        question.answered.connect(lambda choice: self._on_question_answered(edit, choice))
        question.finished.connect(question.deleteLater)
        question.open()
        self.conflictAsked.emit(question)

    def _on_question_answered(self, edit: _Edit, choice: ConflictChoice) -> None:
        if choice is ConflictChoice.OVERWRITE:
            self._write(edit, overwrite=True)
        elif choice is ConflictChoice.RELOAD:
            self.reload()

    # --- packages ----------------------------------------------------------------------

    @Slot(int)
    def _on_package_combo_activated(self, index: int) -> None:
        package = self.package
        preset_index = package.package_combo.itemData(index)
        if preset_index is None:
            return
        # lazy: the presets' models (pydantic) load after the first paint, with the presets
        from postalgui.services.price.price_settings import OriginPreset

        preset = self._packages[int(preset_index)].preset
        if isinstance(preset, OriginPreset):
            return
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
        self._select_package = name
        self._write(_Edit("package", name, preset))

    # --- origins -----------------------------------------------------------------------

    @Slot()
    def _on_origin_menu_about_to_show(self) -> None:
        menu = self.route.origin_menu
        presets = self.origins
        menu.clear()
        if self._desk is not None and not self._loaded:
            menu.addAction(self.tr("Loading saved origins…")).setEnabled(False)
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
            # lazy: the presets' models (pydantic) load after the first paint
            from postalgui.services.price.price_settings import OriginPreset

            self._write(_Edit("origin", name, OriginPreset(name=name, cep=cep)))

    @Slot()
    def _on_remove_origin_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            name = str(action.data())
            self._write(_Edit("origin", name, None))
