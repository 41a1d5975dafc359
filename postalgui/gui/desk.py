"""`Desk[S]`: what the pages and controllers of a tab work with, handed over as one.

A tab is built with its feature service, the task runner and its message area; its parts
run tasks over the service with the runner and say how they went in the message area.
Passing the three together keeps each part's constructor to what differs, and every tab
hands them over alike (the Contracts tab's desk adds its activity line).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar, TypeVarTuple

if TYPE_CHECKING:
    from PySide6.QtCore import QObject

    from postalgui.api.cancel import Progress
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.gui.widgets.failure import Failure
    from postalgui.gui.widgets.message_bar import MessageArea

__all__ = ["Desk"]

S = TypeVar("S")
R = TypeVar("R")
Ts = TypeVarTuple("Ts")


@dataclass(frozen=True)
class Desk(Generic[S]):
    """The feature service, the runner and the message area of one tab."""

    service: S
    runner: TaskRunner
    messages: MessageArea

    def run(
        self,
        fn: Callable[[TaskHandle, S, *Ts], R],
        *args: *Ts,
        owner: QObject | None = None,
        name: str | None = None,
        key: str | None = None,
        on_result: Callable[[R], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
        on_progress: Callable[[Progress], None] | None = None,
        on_finished: Callable[[bool], None] | None = None,
        failure: Failure | None = None,
    ) -> TaskHandle:
        """Run the use case ``fn(handle, service, *args)`` over this desk's service, as
        `TaskRunner.run` runs any task (typed the same way)."""
        return self.runner.run(
            fn,
            self.service,
            *args,
            owner=owner,
            name=name,
            key=key,
            on_result=on_result,
            on_error=on_error,
            on_progress=on_progress,
            on_finished=on_finished,
            failure=failure,
        )
