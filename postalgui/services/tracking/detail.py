"""One object as the Tracking detail shows it: its row and the operator's last answer.

A task (`fn(task, service, code)`): the watchlist is in the office database, which may be
a server away, so the GUI thread never reads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.tracking.records import WatchedObject
    from postalgui.services.tracking.service import TrackingService

__all__ = ["object_detail"]


def object_detail(task: TaskControl, service: TrackingService, code: str) -> WatchedObject | None:
    """The followed object ``code`` with its timeline read (``None``: no longer followed)."""
    task.raise_if_cancelled()
    found = service.watchlist().detail(code)
    if found is not None:
        _ = found.answer  # parse the timeline here, not on the GUI thread
    return found
