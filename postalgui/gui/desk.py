"""`Desk[S]`: what the pages and controllers of a tab work with, handed over as one.

A tab is built with its feature service, the task runner and its message area; its parts
run tasks over the service with the runner and say how they went in the message area.
Passing the three together keeps each part's constructor to what differs, and every tab
hands them over alike (the Contracts tab's desk adds its activity line).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea

__all__ = ["Desk"]

S = TypeVar("S")


@dataclass(frozen=True)
class Desk(Generic[S]):
    """The feature service, the runner and the message area of one tab."""

    service: S
    runner: TaskRunner
    messages: MessageArea
