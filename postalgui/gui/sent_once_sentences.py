"""Writes that happen once (`services.office.outgoing`), in the user's language: the same
request being sent by another desk, or sent and its answer lost or unreadable. Each
sentence says who sent it, when, and what to do; nothing was sent again."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import QCoreApplication

from postalgui.gui.messages import arg, local_datetime
from postalgui.services.office.outgoing import (
    AlreadySentError,
    OutgoingState,
    SentLine,
    UnreadableAnswerError,
)

__all__ = ["sent_once_sentence"]

_CONTEXT = "sent_once"


def _who(line: SentLine) -> str:
    return line.created_by or QCoreApplication.translate(_CONTEXT, "another desk")


def _blocked(line: SentLine) -> str:
    state = line.shown_state(datetime.now(UTC))
    if state is OutgoingState.SENDING:
        text = QCoreApplication.translate(
            _CONTEXT, "Being sent by %1 at %2; nothing was sent from this desk."
        )
    elif state is OutgoingState.UNREADABLE:
        text = QCoreApplication.translate(
            _CONTEXT,
            "Sent by %1 at %2: the operator took it, but its answer could not be read. Nothing was sent "
            "again: follow it up at the operator, cancel it there, or send it again on purpose.",
        )
    else:
        text = QCoreApplication.translate(
            _CONTEXT,
            "Sent by %1 at %2 and no answer came: the operator may have it. Nothing was sent again: "
            "follow it up at the operator, or send it again on purpose.",
        )
    said = arg(text, _who(line), local_datetime(line.sent_at))
    return f"{line.summary}: {said}" if line.summary else said


def sent_once_sentence(error: BaseException) -> str | None:
    """The sentence for a request not sent (again), or ``None`` for any other error."""
    if isinstance(error, AlreadySentError):
        return _blocked(error.line)
    if isinstance(error, UnreadableAnswerError):
        return arg(
            QCoreApplication.translate(
                _CONTEXT,
                "Sent: the operator took it (HTTP %1), but its answer could not be read. The answer was "
                "kept as it came; follow it up at the operator before sending it again.",
            ),
            error.cause.status,
        )
    return None
