"""What the Attendances feature needs from the app, and nothing more (DESIGN.md, "feature ports").

`AppContext.attendance` wires these; a test hands in fakes. ``sandbox_url`` and ``tokens``
block on first use (the embedded sandbox starts): tasks only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the token manager loads in the first task, not at start-up
    from postalgui.api.credentials import CredentialStore
    from postalgui.api.tokens import TokenManager
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.overrides import Overrides
    from postalgui.services.settings import Settings

__all__ = ["AttendancePorts"]


@dataclass(frozen=True)
class AttendancePorts:
    """The Attendances feature's world: the registration system's address and auth, the
    partner's secrets, where its ledger lives and where registrations are written down."""

    settings: Callable[[], Settings]
    """The settings in force: the environment, its custom address, the Attendances section."""
    overrides: Overrides
    """The ``POSTALGUI_*`` overrides (the registration system's or the API's address)."""
    credentials: CredentialStore
    """The keyring: the login and access code, the partner's secrets."""
    sandbox_url: Callable[[], str]
    """The sandbox's address, the embedded one started on first use."""
    tokens: Callable[[], TokenManager]
    """The token manager (the registration system's token auth)."""
    data_dir: Path
    """The data folder (the partner's SQLite ledger)."""
    office: Callable[[], OfficeDatabase] | None = None
    """The office database a registration is written down in before it is sent (None: none)."""
