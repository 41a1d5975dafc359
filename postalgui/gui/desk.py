"""`Desk[S]`: what the pages and controllers of a tab work with, handed over as one.

A tab is built with its feature service, the task runner and its message area; its parts
run tasks over the service with the runner and say how they went in the message area.
Passing the three together keeps each part's constructor to what differs, and every tab
hands them over alike (the Contracts tab's desk adds its activity line).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Never, TypeVar, TypeVarTuple, Unpack

from typing_extensions import TypeVar as DefaultTypeVar  # a TypeVar's default (PEP 696) before Python 3.13

if TYPE_CHECKING:
    from postalgui.gui.tasks import RunOptions, TaskHandle, TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea

__all__ = ["Desk"]

S = TypeVar("S")
R = TypeVar("R")
Ts = TypeVarTuple("Ts")
P = DefaultTypeVar("P", default=Never)


@dataclass(frozen=True)
class Desk(Generic[S]):
    """The feature service, the runner and the message area of one tab."""

    service: S
    runner: TaskRunner
    messages: MessageArea

    def run(
        self, fn: Callable[[TaskHandle[P], S, *Ts], R], *args: *Ts, **options: Unpack[RunOptions[R, P]]
    ) -> TaskHandle[P]:
        """Run the use case ``fn(handle, service, *args)`` over this desk's service, as
        `TaskRunner.run` runs any task (typed the same way)."""
        return self.runner.run(fn, self.service, *args, **options)
