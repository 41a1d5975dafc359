"""The question asked when someone else changed or deleted a record after this desk read it.

Presets, addresses and every record people edit are office data: two clerks may edit the
same one, and a save or a delete that finds a newer version writes nothing (the store's
`VersionConflictError`, as each feature words it). The user decides, never the app:
**Reload** takes their version, **Overwrite** keeps this desk's (over that newer version
only: changed again, asked again), Cancel leaves both. A record deleted meanwhile offers
**Save as new** or **Discard** instead (a stale copy never revives it); a delete that met
a change offers **Delete anyway**. The caller words what happened (its record, who, when);
this dialog holds the buttons, so every feature asks the same way. Window-modal and
asynchronous (``open``), so the event loop, and the desk's other tasks, go on while the
question waits.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QWidget

__all__ = ["ConflictChoice", "ConflictKind", "ConflictQuestion"]


class ConflictChoice(Enum):
    RELOAD = "reload"
    """Take theirs (for a deleted record: discard mine)."""
    OVERWRITE = "overwrite"
    """Keep mine (a deleted record: save it as a new one; a delete: delete anyway)."""
    CANCEL = "cancel"


class ConflictKind(Enum):
    """What this desk was doing, and what the other desk did."""

    CHANGED = "changed"
    """A save met a newer version."""
    DELETED = "deleted"
    """A save met a deletion."""
    DELETING = "deleting"
    """A delete met a newer version."""


class ConflictQuestion(QMessageBox):
    """“The preset “X” was changed by clerk.b at 14:02 after you opened it.”, with the
    buttons of its ``kind``: ``reload_button`` takes theirs, ``overwrite_button`` keeps mine.

    Signals: ``answered(ConflictChoice)`` once, when the user chose (closing it is Cancel).
    """

    answered = Signal(ConflictChoice)

    def __init__(self, parent: QWidget, text: str, kind: ConflictKind = ConflictKind.CHANGED) -> None:
        super().__init__(parent)
        self.setObjectName("conflictQuestion")
        self.kind = kind
        self.setIcon(QMessageBox.Icon.Warning)
        self.setText(text)
        if kind is ConflictKind.DELETED:
            self.setWindowTitle(self.tr("Deleted on another desk"))
            self.setInformativeText(self.tr("Save as new keeps yours as a new record; Discard lets it go."))
            theirs, mine = self.tr("&Discard"), self.tr("&Save as new")
        else:
            self.setWindowTitle(self.tr("Changed on another desk"))
            if kind is ConflictKind.DELETING:
                self.setInformativeText(self.tr("Reload shows their version; Delete anyway deletes it."))
                mine = self.tr("&Delete anyway")
            else:
                self.setInformativeText(self.tr("Reload takes their version; Overwrite keeps yours."))
                mine = self.tr("&Overwrite")
            theirs = self.tr("&Reload")
        self.reload_button = self.addButton(theirs, QMessageBox.ButtonRole.AcceptRole)
        self.overwrite_button = self.addButton(mine, QMessageBox.ButtonRole.DestructiveRole)
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
