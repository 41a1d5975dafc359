"""The address book's words for another desk's change: who changed or deleted an address,
and when, asked with the shared `ConflictQuestion` (the Addresses page's delete and the
address dialog's save ask the same way). Context ``AddressConflict``."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
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
        change, kind = error.current, ConflictKind.DELETING if deleting else ConflictKind.CHANGED
        said = QT_TRANSLATE_NOOP(
            "AddressConflict", "The address “%1” was changed by %2 on %3 after you opened it."
        )
    elif error.deletion is None:
        text = arg(
            QCoreApplication.translate(
                "AddressConflict", "The address “%1” was deleted after you opened it."
            ),
            name,
        )
        return _opened(ConflictQuestion(parent, text, ConflictKind.DELETED))
    else:
        change, kind = error.deletion, ConflictKind.DELETED
        said = QT_TRANSLATE_NOOP(
            "AddressConflict", "The address “%1” was deleted by %2 on %3 after you opened it."
        )
    who, when = change.by or _someone(), local_datetime(change.at)
    text = arg(QCoreApplication.translate("AddressConflict", str(said)), name, who, when)
    return _opened(ConflictQuestion(parent, text, kind))


def _opened(question: ConflictQuestion) -> ConflictQuestion:
    question.finished.connect(question.deleteLater)
    question.open()
    return question
