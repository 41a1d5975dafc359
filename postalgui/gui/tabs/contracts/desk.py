"""`Desk`: what every page and controller of the Contracts tab works with, handed over as one.

Every tab's desk (`postalgui.gui.desk`): the feature service, the task runner and the
tab's message area; the Contracts pages also share the tab's activity line, so theirs
adds it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from postalgui.gui import desk
from postalgui.services.contracts.service import ContractService

if TYPE_CHECKING:
    from postalgui.gui.tabs.contracts.activity import ActivityIndicator

__all__ = ["Desk"]


@dataclass(frozen=True)
class Desk(desk.Desk[ContractService]):
    """The feature service, the runner, the message area and the activity line of the tab."""

    activity: ActivityIndicator
