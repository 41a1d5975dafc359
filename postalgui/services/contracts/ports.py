"""What the Contracts feature needs from the app, and nothing more (DESIGN.md, "feature ports").

`AppContext.contracts` wires these; a test hands in fakes. The operator's client and its
tokens block on first use (the embedded sandbox starts): tasks only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # requests and the token manager load in the first task, not at start-up
    from postalgui.api.client import OperatorClient
    from postalgui.api.tokens import TokenManager
    from postalgui.services.settings import Settings

__all__ = ["ContractPorts"]


@dataclass(frozen=True)
class ContractPorts:
    """The Contracts feature's world: the operator, its tokens, the settings it reads and changes."""

    operator: Callable[[], OperatorClient]
    """The operator's client (the contract client asks it for contract tokens)."""
    tokens: Callable[[], TokenManager]
    """The token manager (the tab shows the token and asks a fresh one)."""
    settings: Callable[[], Settings]
    """The settings in force: the environment and the profile's company, contract and card."""
    saved_settings: Callable[[], Settings]
    """The settings file's content, without environment overrides (what a card switch edits)."""
    apply: Callable[[Settings], None]
    """Save settings that change the connection (a new card's token scope)."""
