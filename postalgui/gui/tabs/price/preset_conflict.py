"""The question asked when a preset was changed by someone else after this desk read it.

Presets are office data: two clerks may edit the same one. A save or a delete that finds a
newer version wrote nothing (`PresetConflictError`); the user decides, never the app:
**Reload** takes their version, **Overwrite** keeps this desk's, Cancel leaves both.
Window-modal and asynchronous (``open``), so the event loop, and the desk's other tasks,
go on while the question waits.
"""

from __future__ import annotations

from datetime import datetime
from enum import Enum

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QWidget

from postalgui.gui.messages import arg

__all__ = ["ConflictChoice", "PresetConflictQuestion"]


class ConflictChoice(Enum):
    RELOAD = "reload"
    OVERWRITE = "overwrite"
    CANCEL = "cancel"


class PresetConflictQuestion(QMessageBox):
    """“The preset “X” was changed by clerk.b at 14:02 after you opened it.”

    Signals: ``answered(ConflictChoice)`` once, when the user chose (closing it is Cancel).
    """

    answered = Signal(object)

    def __init__(self, parent: QWidget, name: str, by: str, at: datetime) -> None:
        super().__init__(parent)
        self.setObjectName("presetConflict")
        self.setIcon(QMessageBox.Icon.Warning)
        self.setWindowTitle(self.tr("Preset changed"))
        who = by or self.tr("someone")
        when = at.astimezone().strftime("%H:%M")
        self.setText(
            arg(self.tr("The preset “%1” was changed by %2 at %3 after you opened it."), name, who, when)
        )
        self.setInformativeText(self.tr("Reload takes their version; Overwrite keeps yours."))
        self.reload_button = self.addButton(self.tr("&Reload"), QMessageBox.ButtonRole.AcceptRole)
        self.overwrite_button = self.addButton(self.tr("&Overwrite"), QMessageBox.ButtonRole.DestructiveRole)
        self.cancel_button = self.addButton(QMessageBox.StandardButton.Cancel)
        self.setDefaultButton(self.reload_button)
        self.setEscapeButton(self.cancel_button)
        self._answered = False
        self.buttonClicked.connect(self._on_button_clicked)
        self.finished.connect(self._on_finished)

    @Slot(QAbstractButton)
    def _on_button_clicked(self, button: QAbstractButton) -> None:
        if button is self.reload_button:
            self._answer(ConflictChoice.RELOAD)
        elif button is self.overwrite_button:
            self._answer(ConflictChoice.OVERWRITE)
        else:
            self._answer(ConflictChoice.CANCEL)

    @Slot(int)
    def _on_finished(self, _result: int) -> None:
        self._answer(ConflictChoice.CANCEL)  # closed without a button: nothing is written

    def _answer(self, choice: ConflictChoice) -> None:
        if not self._answered:
            self._answered = True
            self.answered.emit(choice)
