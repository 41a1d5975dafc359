"""What the Tracking feature needs, and nothing more: the operator's client for the settings
in force, its own settings, the office database, and the Branches feature (the branch an
object waits at). `AppContext` fills it in; a test hands in fakes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from postalgui.api.client import OperatorClient
    from postalgui.api.scopes import TokenScope
    from postalgui.services.branches.service import BranchService
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.tracking.settings import TrackingSettings

__all__ = ["TrackingPorts"]


@dataclass(frozen=True)
class TrackingPorts:
    """Each member is read when used, so a settings change or a new environment is followed."""

    operator: Callable[[], OperatorClient]
    """The operator's client of the settings in force (blocks while the sandbox starts: tasks only)."""
    scope: Callable[[], TokenScope]
    """The token scope tracking calls use: the posting card's, as prices (API 87 is per card)."""
    settings: Callable[[], TrackingSettings]
    office: Callable[[], OfficeDatabase]
    """The office database of the current environment (opens on first use: tasks only)."""
    branches: Callable[[], BranchService] | None = None
    """The Branches feature, whose data names the branch an object waits at (``None``: tests)."""
