"""`Desk`: what every page and controller of the Contracts tab works with, handed over as one.

The pages share the feature service, the task runner, the tab's message area and its
activity line; passing the four together keeps each constructor to what differs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from postalgui.gui.tabs.contracts.activity import ActivityIndicator
    from postalgui.gui.tasks import TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.contracts.service import ContractService

__all__ = ["Desk"]


@dataclass(frozen=True)
class Desk:
    """The feature service, the runner, the message area and the activity line of the tab."""

    service: ContractService
    runner: TaskRunner
    messages: MessageArea
    activity: ActivityIndicator
