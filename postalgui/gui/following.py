"""Starting the tabs that follow the operator unseen (Tracking, Claims) without freezing the window.

Built on the GUI thread in one go, their modules (reportlab, SQLAlchemy, the models:
about 640 modules) held the window's event loop for seconds on a loaded machine, 7 s
with one busy core: the window froze and a second launch's request went unanswered.
Their modules now load in a background task first, and each tab is then built in an
event-loop turn of its own.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Slot

from postalgui.gui.tabs.contract import FollowsInBackground

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from postalgui.api.cancel import TaskControl
    from postalgui.gui.tasks import TaskRunner

__all__ = ["FollowingStarter", "import_modules"]

Unseen = Callable[[], list[tuple[int, str]]]
"""The tabs still to build, as (index, the module their factory's ``build`` imports)."""


def import_modules(handle: TaskControl, names: Sequence[str]) -> None:
    """Import ``names`` here, in a worker: the GUI thread then finds them loaded."""
    for name in names:
        handle.raise_if_cancelled()
        importlib.import_module(name)


class FollowingStarter(QObject):
    """Loads the unseen following tabs' modules in the background, then builds and starts
    each tab, one per event-loop turn; once per window."""

    def __init__(self, unseen: Unseen, build: Callable[[int], QWidget], runner: TaskRunner) -> None:
        super().__init__()
        self._unseen = unseen
        self._build = build
        self._runner = runner
        self._started = False

    def start(self) -> None:
        if self._started:
            return
        self._started = True
        modules = [module for _, module in self._unseen()]
        self._runner.run(
            import_modules,
            modules,
            name="load the following tabs",
            owner=self,
            on_finished=self._on_modules_finished,
        )

    @Slot(bool)
    def _on_modules_finished(self, cancelled: bool) -> None:
        if not cancelled:
            self._build_next()

    @Slot()
    def _build_next(self) -> None:
        unseen = self._unseen()  # again: a tab opened meanwhile is built and started already
        if not unseen:
            return
        tab = self._build(unseen[0][0])
        if isinstance(tab, FollowsInBackground):
            tab.start_following()
        if len(unseen) > 1:
            QTimer.singleShot(0, self, self._build_next)
