"""What the Shipping feature needs, and nothing more: the operator's client for the settings in
force, the profile (its card) and the login that asks a cancel, how labels are printed (read
and remembered), this desk's data folder, the office database, the `Follow` port (labelled
objects join Tracking's watchlist) and the `Whereabouts` port (how far a return came home).
`AppContext` fills it in; a test hands in fakes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from postalgui.api.client import OperatorClient
    from postalgui.api.scopes import TokenScope
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.ports import Follow, Whereabouts
    from postalgui.services.settings import Profile
    from postalgui.services.shipping.settings import ShippingSettings

__all__ = ["ShippingPorts"]


@dataclass(frozen=True)
class ShippingPorts:
    """Each member is read when used, so a settings change or a new environment is followed."""

    operator: Callable[[], OperatorClient]
    """The operator's client of the settings in force (blocks while the sandbox starts: tasks only)."""
    scope: Callable[[], TokenScope]
    """The token scope of pre-postings and CEP lookups: the posting card's, as prices."""
    profile: Callable[[], Profile]
    settings: Callable[[], ShippingSettings]
    """How labels are printed: the last layout, printer and source."""
    remember: Callable[[ShippingSettings], None]
    """Keep shipping settings in the settings file (`OSError` when it cannot be written); the
    connection stays as it is."""
    login: Callable[[], str | None]
    """The identity-portal login of the environment (the credential store's; tasks only)."""
    env_key: Callable[[], str]
    """The environment in force, which names this desk's CEP cache file."""
    data_dir: Callable[[], Path]
    office: Callable[[], OfficeDatabase] | None = None
    follow: Follow | None = None
    """Labelled objects join Tracking's watchlist; a cancelled one leaves it."""
    whereabouts: Whereabouts | None = None
    """How far a return's object came (Tracking's watchlist), and "ask about these now"."""
