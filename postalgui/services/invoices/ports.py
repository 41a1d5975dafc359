"""What the Invoices feature needs from the app, and nothing more (DESIGN.md, "feature ports").

`AppContext.invoices` wires these; a test hands in fakes. The operator's client blocks on
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
    from postalgui.services.invoices.jobs import JobStore
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.ports import Follow
    from postalgui.services.settings import Settings

__all__ = ["InvoicePorts"]


@dataclass(frozen=True)
class InvoicePorts:
    """The Invoices feature's world: the operator, the profile's contract, the jobs, Tracking."""

    operator: Callable[[], OperatorClient]
    """The operator's client; the invoice client asks it for contract tokens."""
    contract_scope: Callable[[], TokenScope]
    """The profile's contract token scope (`SettingMissingError` when no contract is set)."""
    settings: Callable[[], Settings]
    """The settings in force: the environment and the profile's contract and DR."""
    jobs: Callable[[], JobStore]
    """The asynchronous requests in the current office database (any thread)."""
    office: Callable[[], OfficeDatabase]
    """The office database, whose change feed the jobs panel follows."""
    cache_dir: Path
    """Where downloads go before "Save as"."""
    follow: Follow
    """Tracking's "follow these objects" (a statement's objects)."""
