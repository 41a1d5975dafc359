"""`PackageFields`: the package's preset row, format, weight and sizes in the form's
"Package" group (placed by `package_grid`).

The format decides which sizes show (and so which are sent: `size_fields`); each
number box says under it how it read what was typed.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QToolButton, QWidget

from postalgui.gui.messages import arg
from postalgui.gui.tabs.price.form_rows import buddy_label, field_label, note_label
from postalgui.gui.widgets.number_input import GramsSpinBox, MeasureSpinBox
from postalgui.services.price.form_values import size_fields

if TYPE_CHECKING:
    from postalgui.api.models.price import PriceQuery

__all__ = ["PackageFields"]


class PackageFields(QObject):
    """The fields that say what is shipped, with their labels, in ``box``."""

    def __init__(self, box: QWidget) -> None:
        super().__init__(box)
        self.package_combo = QComboBox(box)
        self.package_combo.setObjectName("packagePreset")
        self.save_package_button = QToolButton(box)
        self.save_package_button.setText(self.tr("Save…"))
        self.save_package_button.setToolTip(self.tr("Save this format, size and weight as a package preset"))
        self._build_format(box)
        self._build_sizes(box)
        self.presets_row = QHBoxLayout()
        self.presets_row.addWidget(self.package_combo, 1)
        self.presets_row.addWidget(self.save_package_button)
        self.preset_label = buddy_label(box, self.tr("Pr&eset:"), self.package_combo)
        self.format_label = buddy_label(box, self.tr("&Format:"), self.format_combo)
        self.weight_label = buddy_label(box, self.tr("&Weight:"), self.weight_spin)
        self.sizes_label = buddy_label(box, self.tr("Si&zes:"), self.length_spin)
        self._on_format_combo_current_index_changed()

    def _build_format(self, box: QWidget) -> None:
        self.format_combo = QComboBox(box)
        self.format_combo.setObjectName("format")
        self.format_combo.addItem(self.tr("Envelope"), "1")
        self.format_combo.addItem(self.tr("Package (box)"), "2")
        self.format_combo.addItem(self.tr("Roll (tube)"), "3")
        self.format_combo.setCurrentIndex(1)
        self.format_combo.currentIndexChanged.connect(self._on_format_combo_current_index_changed)

        self.weight_spin = GramsSpinBox(box)
        self.weight_spin.setObjectName("weight")
        self.weight_spin.setRange(0, 300_000)
        self.weight_spin.setSuffix(" g")
        self.weight_spin.setGroupSeparatorShown(True)
        self.weight_spin.setSpecialValueText("—")
        self.weight_spin.setValue(300)
        self.weight_note = note_label(box, "weightNote")
        self.weight_spin.noteChanged.connect(self._on_spin_note_changed)

    def _build_sizes(self, box: QWidget) -> None:
        """Length, width, height and diameter in one row (the format decides which show)."""
        self.length_spin = self._size_spin(box, "length")
        self.width_spin = self._size_spin(box, "width")
        self.height_spin = self._size_spin(box, "height")
        self.diameter_spin = self._size_spin(box, "diameter")
        self.sizes_note = note_label(box, "sizesNote")
        self.sizes_row = QWidget(box)
        sizes = QHBoxLayout(self.sizes_row)
        sizes.setContentsMargins(0, 0, 0, 0)
        self.length_label = QLabel(self.tr("L"), self.sizes_row)
        self.width_label = QLabel(self.tr("W"), self.sizes_row)
        self.height_label = QLabel(self.tr("H"), self.sizes_row)
        self.diameter_label = QLabel(self.tr("Ø"), self.sizes_row)
        self._labels = {
            "comprimento": self.length_label,
            "largura": self.width_label,
            "altura": self.height_label,
            "diametro": self.diameter_label,
        }
        for name, spin in self.sizes():
            label = self._labels[name]
            label.setBuddy(spin)
            sizes.addWidget(label)
            sizes.addWidget(spin, 1)

    def _size_spin(self, box: QWidget, name: str) -> MeasureSpinBox:
        spin = MeasureSpinBox(box)
        spin.setObjectName(name)
        spin.setRange(0, 500)
        spin.setDecimals(1)
        spin.setSuffix(" cm")
        spin.setSpecialValueText("—")
        spin.noteChanged.connect(self._on_spin_note_changed)
        return spin

    # --- state ------------------------------------------------------------------------

    def sizes(self) -> tuple[tuple[str, MeasureSpinBox], ...]:
        """The size boxes by wire name, in the order shown."""
        return (
            ("comprimento", self.length_spin),
            ("largura", self.width_spin),
            ("altura", self.height_spin),
            ("diametro", self.diameter_spin),
        )

    def size_values(self) -> dict[str, float]:
        """Every size box's value by wire name (the format picks which are sent)."""
        return {name: spin.value() for name, spin in self.sizes()}

    def format(self) -> str | None:
        data = self.format_combo.currentData()
        return None if data is None else str(data)

    def set_format(self, fmt: str) -> None:
        self.format_combo.setCurrentIndex(max(self.format_combo.findData(fmt), 0))

    def set_sizes(self, *values: Decimal | None) -> None:
        """Length, width, height and diameter (``None``: empty), from a preset or a query."""
        for (_, spin), value in zip(self.sizes(), values, strict=True):
            spin.setValue(float(value) if value is not None else 0.0)

    def load(self, query: PriceQuery) -> None:
        """The package of a query (history re-run)."""
        if query.tpObjeto is not None:
            self.set_format(query.tpObjeto.value)
        self.weight_spin.setValue(query.psObjeto or 0)
        self.set_sizes(query.comprimento, query.largura, query.altura, query.diametro)

    # --- slots ------------------------------------------------------------------------

    @Slot()
    def _on_format_combo_current_index_changed(self) -> None:
        shown = size_fields(self.format_combo.currentData())
        for name, spin in self.sizes():
            self._labels[name].setVisible(name in shown)
            spin.setVisible(name in shown)

    @Slot(str)
    def _on_spin_note_changed(self, _note: str) -> None:
        """Say under the weight and the sizes how each read what was typed."""
        sizes = [
            arg(self.tr("%1: %2"), field_label(name), spin.note) for name, spin in self.sizes() if spin.note
        ]
        for label, text in ((self.weight_note, self.weight_spin.note), (self.sizes_note, "; ".join(sizes))):
            label.setText(text)
            label.setVisible(bool(text))
