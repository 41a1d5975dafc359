"""The address book's words for another desk's change: who changed or deleted an address,
and when, asked with the shared `ConflictQuestion` (the Addresses page's delete and the
address dialog's save ask the same way). Context ``AddressConflict``."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from postalgui.gui.dialogs.conflict_question import ConflictKind, ConflictQuestion
from postalgui.gui.messages import arg, local_datetime
from postalgui.services.shipping.addresses import AddressConflictError, AddressDeletedError

__all__ = ["address_conflict_question"]


def _someone() -> str:
    return QCoreApplication.translate("AddressConflict", "someone")


def address_conflict_question(
    parent: QWidget, error: AddressConflictError | AddressDeletedError, *, deleting: bool = False
) -> ConflictQuestion:
    """The question for ``error``, opened (window-modal) and deleted once answered;
    ``deleting``: it met a delete, not a save."""
    name = error.address.name
    if isinstance(error, AddressConflictError):
        by, at = error.current.by, local_datetime(error.current.at)
        text = arg(
            QCoreApplication.translate(
                "AddressConflict", "The address “%1” was changed by %2 on %3 after you opened it."
            ),
            name,
            by or _someone(),
            at,
        )
        kind = ConflictKind.DELETING if deleting else ConflictKind.CHANGED
    elif error.deletion is None:
        text = arg(
            QCoreApplication.translate(
                "AddressConflict", "The address “%1” was deleted after you opened it."
            ),
            name,
        )
        kind = ConflictKind.DELETED
    else:
        by, at = error.deletion.by, local_datetime(error.deletion.at)
        text = arg(
            QCoreApplication.translate(
                "AddressConflict", "The address “%1” was deleted by %2 on %3 after you opened it."
            ),
            name,
            by or _someone(),
            at,
        )
        kind = ConflictKind.DELETED
    question = ConflictQuestion(parent, text, kind)
    question.finished.connect(question.deleteLater)
    question.open()
    return question
