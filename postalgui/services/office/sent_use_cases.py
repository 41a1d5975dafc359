"""The unsettled calls (`outgoing`) as the window's "Unanswered sends" dialog and the CLI's
``sent`` reach them: plain tasks over the office database, which opens on first use."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from postalgui.services.office.outgoing import Outgoing, Resolution, SentLine

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.office.database import OfficeDatabase

__all__ = ["settle_send", "unsettled_sends"]

Office = Callable[[], "OfficeDatabase"]


def unsettled_sends(task: TaskControl, office: Office) -> list[SentLine]:
    """This environment's unsettled calls, newest first."""
    del task  # one query of the office database
    return Outgoing(office()).lines()


def settle_send(task: TaskControl, office: Office, uid: str, resolution: Resolution) -> list[SentLine]:
    """A person says what became of call ``uid``; answers the calls still unsettled."""
    book = Outgoing(office())
    book.resolve(uid, resolution, datetime.now(UTC))
    return unsettled_sends(task, office)
