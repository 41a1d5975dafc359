"""Writes that happen once (`services.office.outgoing`), in the user's language: the same
request being sent by another desk, or sent and its answer lost or unreadable. Each
sentence says who sent it, when, and what to do; nothing was sent again."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import QCoreApplication

from postalgui.services.office.outgoing import (
    AlreadySentError,
    OutgoingState,
    SentLine,
    UnreadableAnswerError,
)

__all__ = ["sent_once_template"]


def _who(line: SentLine) -> str:
    return line.created_by or QCoreApplication.translate("sent_once", "another desk")


def _blocked(line: SentLine) -> str:
    state = line.shown_state(datetime.now(UTC))
    if state is OutgoingState.SENDING:
        return QCoreApplication.translate(
            "sent_once", "Being sent by %1 at %2; nothing was sent from this desk."
        )
    if state is OutgoingState.UNREADABLE:
        return QCoreApplication.translate(
            "sent_once",
            "Sent by %1 at %2: the operator took it, but its answer could not be read. Nothing was sent "
            "again: follow it up at the operator, cancel it there, or send it again on purpose.",
        )
    return QCoreApplication.translate(
        "sent_once",
        "Sent by %1 at %2 and no answer came: the operator may have it. Nothing was sent again: "
        "follow it up at the operator, or send it again on purpose.",
    )


def sent_once_template(error: BaseException) -> tuple[str, str, tuple[object, ...]] | None:
    """What the request was (its summary, may be empty), the translated template and its
    values (a `datetime` is shown in local time) for a request not sent (again); ``None``
    for any other error. `messages` fills it in: this module stays below it."""
    if isinstance(error, AlreadySentError):
        line = error.line
        return line.summary, _blocked(line), (_who(line), line.sent_at)
    if isinstance(error, UnreadableAnswerError):
        template = QCoreApplication.translate(
            "sent_once",
            "Sent: the operator took it (HTTP %1), but its answer could not be read. The answer was "
            "kept as it came; follow it up at the operator before sending it again.",
        )
        return error.line.summary, template, (error.cause.status,)
    return None
