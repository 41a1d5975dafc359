"""The composition root as the connection check sees it, as a protocol: the settings in
force, the backend they name, and where the app keeps its files.

Feature facades no longer take it: each is built from its own `ports.py` (House III). The
connection test (`services/connection.py`), the window's token check and the settings
dialog's test use this view of `AppContext`, so they need not import the root; a test
hands them any object with these members.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from postalgui.api.errors import ApiError

if TYPE_CHECKING:
    from postalgui.api.client import OperatorClient
    from postalgui.api.credentials import CredentialStore
    from postalgui.api.scopes import TokenScope
    from postalgui.api.tokens import RefusedCredentials, TokenManager
    from postalgui.api.transport import Transport
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.overrides import Overrides
    from postalgui.services.paths import AppPaths
    from postalgui.services.settings import Profile, Settings

__all__ = ["Backend", "SandboxStartError", "Session", "connect"]


class SandboxStartError(ApiError):
    """The embedded sandbox did not come up."""


@dataclass(frozen=True)
class Backend:
    """What talks to the operator for the current settings."""

    base_url: str
    transport: Transport
    tokens: TokenManager
    client: OperatorClient


def connect(
    base_url: str, credentials: CredentialStore, env_key: str, profile: Profile, refused: RefusedCredentials
) -> Backend:
    """The HTTP client for ``base_url`` with ``profile``'s token (its default scope, its
    delegated key if it has one); ``refused`` outlives the backends: one refused login per set."""
    # The HTTP client loads here, in the background task, not while the window opens.
    # lazy: not needed for the first paint
    from postalgui.api.client import OperatorClient
    from postalgui.api.tokens import TokenManager
    from postalgui.api.transport import Transport

    transport = Transport(base_url)
    tokens = TokenManager(transport, credentials, env_key, use_delegated=profile.delegated, refused=refused)
    return Backend(base_url, transport, tokens, OperatorClient(transport, tokens, profile.default_scope()))


class Session(Protocol):
    """The composition root as a feature sees it (`AppContext` is one).

    `backend` and `sandbox_url` block while the embedded sandbox starts: tasks only.
    """

    @property
    def settings(self) -> Settings:
        """The settings in force (the file's, with environment overrides applied)."""
        ...

    @property
    def saved_settings(self) -> Settings:
        """The settings file's content, without environment overrides."""
        ...

    @property
    def profile(self) -> Profile: ...

    @property
    def env_key(self) -> str: ...

    @property
    def paths(self) -> AppPaths: ...

    @property
    def overrides(self) -> Overrides: ...

    @property
    def credentials(self) -> CredentialStore: ...

    def backend(self) -> Backend: ...

    def sandbox_url(self) -> str: ...

    def default_scope(self) -> TokenScope: ...

    def office(self) -> OfficeDatabase:
        """The office database of the current environment (its stores open on first use)."""
        ...

    def contract_scope(self) -> TokenScope: ...

    def apply(self, settings: Settings) -> None:
        """Save settings that change the connection (the backend is rebuilt on next use)."""
        ...

    def save_preferences(self, settings: Settings) -> None:
        """Save settings that leave the connection as it is (presets, remembered values)."""
        ...
