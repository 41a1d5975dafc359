"""What the Prices feature needs from the app, and nothing more (DESIGN.md, "feature ports").

`AppContext.price` wires these; a test hands in fakes. The operator's client and its tokens
block on first use (the embedded sandbox starts): tasks only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # requests and the token manager load in the first task, not at start-up
    from postalgui.api.client import OperatorClient
    from postalgui.api.tokens import TokenManager
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.price.history import QuoteHistory
    from postalgui.services.price.preset_store import PresetStore
    from postalgui.services.price.price_settings import PriceSettings
    from postalgui.services.price.price_view import PriceChoices
    from postalgui.services.settings import Settings

__all__ = ["PricePorts"]


@dataclass(frozen=True)
class PricePorts:
    """The Prices feature's world: the operator, its settings, its stores."""

    operator: Callable[[], OperatorClient]
    """The operator's client with the profile's token (prices and delivery times)."""
    tokens: Callable[[], TokenManager]
    """The token manager (which APIs the quoting token may use)."""
    settings: Callable[[], Settings]
    """The settings in force: the profile a quote is sent with, the language, the Prices section."""
    form_prices: Callable[[], PriceChoices]
    """The Prices section as the form reads it: before the settings are read in full (the
    window's first paint), a plain view of the file (`PriceView`); then ``settings().prices``."""
    save_prices: Callable[[PriceSettings], None]
    """Keep a new Prices section in the settings file, leaving the connection as it is."""
    history: Callable[[], QuoteHistory]
    """The quote history of the current office database (any thread)."""
    office: Callable[[], OfficeDatabase]
    """The office database, whose change feed the history and presets follow."""
    presets: Callable[[], PresetStore] | None = None
    """The saved origins and package presets (None: this build keeps none)."""
