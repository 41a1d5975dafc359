"""`DeclaredValue`: the declared value row of the quote form, with the note on what was
typed and one line of the products' limits (every product's in its tooltip).

The limits come from the services the products offer (`declared_limits`); the line shows
only while a value is entered.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QLabel, QWidget

from postalgui.api.values import format_brl
from postalgui.gui.messages import arg
from postalgui.gui.tabs.price.form_rows import buddy_label, note_label
from postalgui.gui.widgets.number_input import MoneySpinBox
from postalgui.gui.widgets.reserved_label import reserve_lines
from postalgui.services.price.form_values import DeclaredLimits

__all__ = ["DeclaredValue"]


class DeclaredValue(QObject):
    """The value to insure, with its label, note and limits, in ``box``.

    Signals: ``valueEntered()`` when the value became or changed to more than zero (the
    form checks the "Declared value" service).
    """

    valueEntered = Signal()

    def __init__(self, box: QWidget) -> None:
        super().__init__(box)
        self._limits: DeclaredLimits | None = None
        self.declared_spin = MoneySpinBox(box)
        self.declared_spin.setObjectName("declaredValue")
        self.declared_spin.setRange(0, 1_000_000)
        self.declared_spin.setDecimals(2)
        self.declared_spin.setPrefix("R$ ")
        self.declared_spin.setGroupSeparatorShown(True)
        self.declared_spin.setSpecialValueText(self.tr("none"))
        self.declared_spin.valueChanged.connect(self._on_declared_spin_value_changed)
        self.declared_note = note_label(box, "declaredNote")
        self.declared_spin.noteChanged.connect(self._on_declared_spin_note_changed)
        self.declared_hint = reserve_lines(QLabel(box))  # comes with a value; moves no row below
        self.declared_label = buddy_label(box, self.tr("Decla&red value:"), self.declared_spin)

    def show_limits(self, limits: DeclaredLimits | None) -> None:
        """One short line under the value (the widest range), every product's limits in its tooltip."""
        self._limits = limits
        if limits is None:
            self.declared_hint.clear()
            self.declared_hint.setToolTip("")
            self.declared_hint.hide()
            return
        self.declared_hint.setText(
            arg(
                self.tr("Limits: %1 to %2, by product"), format_brl(limits.lowest), format_brl(limits.highest)
            )
        )
        self.declared_hint.setToolTip(
            "\n".join(
                arg(self.tr("%1 to %2: %3"), format_brl(low), format_brl(high), ", ".join(names))
                for low, high, names in limits.ranges
            )
        )
        self.declared_hint.setVisible(self.declared_spin.value() > 0)

    def forget_limits(self) -> None:
        """The products' services are gone (mode or settings changed): the line stays
        until the value changes, then hides."""
        self._limits = None

    @Slot()
    def _on_declared_spin_value_changed(self) -> None:
        if self.declared_spin.value() > 0:
            self.valueEntered.emit()
        self.show_limits(self._limits)

    @Slot(str)
    def _on_declared_spin_note_changed(self, note: str) -> None:
        self.declared_note.setText(note)
        self.declared_note.setVisible(bool(note))
