"""What the Branches feature needs from the app, and nothing more (DESIGN.md, "feature ports").

`AppContext.branches` wires these; a test hands in fakes. The operator's client blocks on
first use (the embedded sandbox starts): tasks only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # requests loads in the first task, not at start-up
    from postalgui.api.client import OperatorClient
    from postalgui.api.scopes import TokenScope
    from postalgui.services.branches.store import BranchCache
    from postalgui.services.settings import Settings

__all__ = ["BranchPorts"]


@dataclass(frozen=True)
class BranchPorts:
    """The Branches feature's world: the operator, the profile's contract, the cache."""

    operator: Callable[[], OperatorClient]
    """The operator's client; the branch client asks it for contract tokens."""
    contract_scope: Callable[[], TokenScope]
    """The profile's contract token scope (`SettingMissingError` when no contract is set)."""
    settings: Callable[[], Settings]
    """The settings in force (the environment: the sandbox draws no street map)."""
    cache: Callable[[], BranchCache]
    """The branch cache of the current environment (any thread)."""
    cache_dir: Path
    """The app's cache folder (the map's street tiles go under it)."""
