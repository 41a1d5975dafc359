"""The composition root: builds settings, credential store, token manager, client and
the embedded sandbox, and hands them to the window, the tabs and the CLI.

Building is cheap and never touches the network; the backend (sandbox start, HTTP
client) is built on first use, normally from a background task, so the window shows
at once and `requests` and the web stack load off the GUI thread.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING

from postalgui.api.credentials import CredentialStore
from postalgui.api.environments import Environment
from postalgui.api.scopes import (
    ACCESS_CODE_KEY,
    DATABASE_PASSWORD_KEY,
    DELEGATED_KEY,
    LOGIN_KEY,
    Scope,
    TokenScope,
)
from postalgui.services import feature_wiring
from postalgui.services.embedded_sandbox import SANDBOX_APP, EmbeddedSandbox
from postalgui.services.first_look import sandbox_credentials
from postalgui.services.overrides import ConfigError, Overrides
from postalgui.services.paths import AppPaths, app_paths
from postalgui.services.session import Backend, SandboxStartError, connect
from postalgui.services.setting_missing import SettingMissingError
from postalgui.services.settings_in_force import SettingsInForce

if TYPE_CHECKING:
    import keyring.backend

    from postalgui.api.tokens import RefusedCredentials
    from postalgui.services.attendance.service import AttendanceService
    from postalgui.services.branches.service import BranchService
    from postalgui.services.branches.store import BranchCache
    from postalgui.services.claims.service import ClaimsService
    from postalgui.services.contracts.service import ContractService
    from postalgui.services.invoices.jobs import JobStore
    from postalgui.services.invoices.service import InvoiceService
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.office.service import OfficeService
    from postalgui.services.overview.service import OverviewService
    from postalgui.services.ports import Follow
    from postalgui.services.price.history import QuoteHistory
    from postalgui.services.price.preset_store import PresetStore
    from postalgui.services.price.service import PriceService
    from postalgui.services.settings import Profile, Settings, SettingsStore
    from postalgui.services.shipping.service import ShippingService
    from postalgui.services.tracking.offers import TrackingOffer
    from postalgui.services.tracking.service import TrackingService
from postalgui.store.errors import StoreError

log = logging.getLogger(__name__)

__all__ = ["SANDBOX_APP", "AppContext", "Backend", "SandboxStartError", "build_context"]


class AppContext:
    """Owns the long-lived parts of the app; one per process.

    It keeps the parts each feature's ports (``services/<feature>/ports.py``) are wired from
    and one cached property per feature, built by `feature_wiring`; the features never
    import this module.
    """

    def __init__(
        self,
        paths: AppPaths,
        settings: SettingsInForce,
        credentials: CredentialStore,
    ) -> None:
        """``settings``: the file read in full, or still a first look (`SettingsInForce`)."""
        self.paths = paths
        self.credentials = credentials
        self.overrides = settings.overrides
        self._in_force = settings
        self._lock = threading.RLock()
        self._backend: Backend | None = None
        self._refused: RefusedCredentials | None = None  # outlives the backends: one refused login per set
        self._sandbox = EmbeddedSandbox(self._sandbox_environment)
        self._history: QuoteHistory | None = None
        self._jobs: JobStore | None = None
        self._branch_cache: BranchCache | None = None
        self._office: OfficeDatabase | None = None
        self._prefill_credentials()

    # --- what the UI shows -------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        """The settings in force (the file's, with the overrides); the first use reads the
        file in full (pydantic), which the window's first paint does not."""
        return self._in_force.current

    @property
    def saved_settings(self) -> Settings:
        """The settings file's content, without environment overrides (Settings dialog)."""
        return self._in_force.saved

    @property
    def settings_read(self) -> bool:
        """The settings file was read in full (else the first paint's first look stands)."""
        return self._in_force.loaded

    @property
    def store(self) -> SettingsStore:
        """The settings file, read in full (its ``problem`` says what the read found)."""
        return self._in_force.store

    @property
    def profile(self) -> Profile:
        return self.settings.profile()

    @property
    def env_key(self) -> str:
        return self._in_force.env_key

    @property
    def environment(self) -> Environment:
        """The environment in force (read for the first paint without the whole settings)."""
        return self._in_force.environment

    @property
    def delegated(self) -> bool:
        """The profile in force uses a delegated token (read like `environment`)."""
        return self._in_force.delegated

    @property
    def first_tab(self) -> str:
        """The key of the tab the window shows first (read like `environment`)."""
        return self._in_force.first_tab

    @property
    def uses_embedded_sandbox(self) -> bool:
        return self._in_force.environment is Environment.SANDBOX and not self.overrides.base_url

    @property
    def login(self) -> str | None:
        if self._in_force.delegated:
            return None
        if not self.credentials.resolved:  # the window's first paint must not wait for the keyring
            return self.credentials.peek(self.env_key, LOGIN_KEY)
        return self.credentials.get(self.env_key, LOGIN_KEY)

    def default_scope(self) -> TokenScope:
        return self.profile.default_scope()

    def contract_scope(self) -> TokenScope:
        """The token scope of the invoice and branch-search services, authorized by contract (spec 001, 5).

        Raises `ApiError` when no contract is configured for the environment.
        """
        profile = self.profile
        if not profile.contract:
            raise SettingMissingError("contract.contract")
        return TokenScope(Scope.CONTRACT, contract=profile.contract, dr=profile.dr)

    # --- the features (each builds its client with its own scope rule: `feature_wiring`) -

    @cached_property
    def price(self) -> PriceService:
        return feature_wiring.build_price(self, self._in_force.form_prices)

    @cached_property
    def invoices(self) -> InvoiceService:
        return feature_wiring.build_invoices(self)

    @cached_property
    def following(self) -> Follow:
        """ "Follow these objects" (`Follow`), kept by Tracking's watchlist (`TrackingOffer`)."""
        return self.tracking_offer

    @cached_property
    def contracts(self) -> ContractService:
        return feature_wiring.build_contracts(self)

    @cached_property
    def attendance(self) -> AttendanceService:
        return feature_wiring.build_attendance(self)

    @cached_property
    def branches(self) -> BranchService:
        return feature_wiring.build_branches(self)

    @cached_property
    def office_service(self) -> OfficeService:
        """Settings' Test and Copy of a typed office database (not `office`, the one in force)."""
        return feature_wiring.build_office_service(self)

    @cached_property
    def tracking(self) -> TrackingService:
        return feature_wiring.build_tracking(self)

    @cached_property
    def tracking_offer(self) -> TrackingOffer:
        """What Tracking offers the other features: `Follow`, and claims' `TrackedObjects`."""
        return feature_wiring.build_tracking_offer(self)

    @cached_property
    def claims(self) -> ClaimsService:
        return feature_wiring.build_claims(self)

    @cached_property
    def shipping(self) -> ShippingService:
        return feature_wiring.build_shipping(self)

    @cached_property
    def overview(self) -> OverviewService:
        """The manager's Overview: the office database summed up per period."""
        return feature_wiring.build_overview(self)

    # --- the backend ---------------------------------------------------------------------

    def backend(self) -> Backend:
        """The backend for the current settings, built (and the sandbox started) once.

        Blocks while the sandbox starts: call it from a background task.
        """
        if self.uses_embedded_sandbox:
            self.sandbox_url()  # waited for outside the lock, which quitting needs
        with self._lock:
            if self._backend is None:
                self._backend = self._build_backend()
            return self._backend

    def _build_backend(self) -> Backend:
        # lazy: not needed for the first paint
        from postalgui.api.tokens import RefusedCredentials

        base_url = self.overrides.base_url or self.settings.base_url()
        if base_url is None:
            if not self.uses_embedded_sandbox:
                raise SettingMissingError("connection.base_url")
            base_url = self.sandbox_url()
        if self._refused is None:
            self._refused = RefusedCredentials()
        return connect(base_url, self.credentials, self.env_key, self.profile, self._refused)

    def sandbox_url(self) -> str:
        """The sandbox's URL: the embedded one, started if needed (blocks: background only).

        In the Sandbox environment with a base URL override, that URL: a sandbox run
        elsewhere (``postalgui sandbox``, the tests' shared one), nothing started here.
        """
        if self._in_force.environment is Environment.SANDBOX and self.overrides.base_url:
            return self.overrides.base_url
        return self._sandbox.url()

    def _sandbox_environment(self) -> dict[str, str]:
        # lazy: asks the keyring, background tasks only (the sandbox starts there)
        from postalgui.services.attendance.sandbox_key import sandbox_environment

        # Its codes decode in the CLI too; its claims outlive the session (in the data folder).
        return sandbox_environment(self.credentials, self.env_key, data_dir=self.paths.data_dir)

    def stop_sandbox_if_starting(self) -> None:
        """Quitting: stop an embedded sandbox still starting rather than wait for it."""
        self._sandbox.stop_if_starting()

    # --- changes ---------------------------------------------------------------------------

    def apply(
        self,
        settings: Settings,
        *,
        login: str | None = None,
        access_code: str | None = None,
        delegated_key: str | None = None,
        database_password: str | None = None,
    ) -> None:
        """Save new settings and secrets; the backend is rebuilt on next use, and so is the
        office database when its password changed (a new URL rebuilds it by itself)."""
        self.store.save(settings)
        office = None
        with self._lock:
            self._in_force.replace(settings)
            if login is not None and access_code is not None:
                self.credentials.set(self.env_key, LOGIN_KEY, login.strip())
                self.credentials.set(self.env_key, ACCESS_CODE_KEY, access_code.strip())
            if delegated_key is not None:
                self.credentials.set(self.env_key, DELEGATED_KEY, delegated_key.strip() or None)
            if database_password is not None:
                self.credentials.set(self.env_key, DATABASE_PASSWORD_KEY, database_password or None)
                office, self._office = self._office, None
            self._prefill_credentials()
            old, self._backend = self._backend, None
            if not self.uses_embedded_sandbox:
                self._sandbox.stop()
        if office is not None:
            office.close()
        if old is not None:
            old.client.close()
            if login is not None or delegated_key is not None:
                old.tokens.forget_tokens()

    def save_preferences(self, settings: Settings) -> None:
        """Save settings that do not touch the connection (presets, remembered values).

        Unlike `apply`, the backend and its cached tokens stay as they are.
        """
        self.store.save(settings)
        with self._lock:
            self._in_force.replace(settings)

    def opened_office(self) -> OfficeDatabase | None:
        """The office database if this session built it (None: nothing asked for it)."""
        with self._lock:
            return self._office

    def office(self) -> OfficeDatabase:
        """The office database of the current environment and URL, rebuilt when either changes."""
        url = self.overrides.database_url or self._in_force.database_url
        with self._lock:
            office = self._office
            if office is None or office.env_key != self.env_key or office.url != url:
                from postalgui.services.office.database import OfficeDatabase

                if office is not None:
                    office.close()
                env_key = self.env_key
                office = OfficeDatabase(
                    self.paths.data_dir,
                    env_key,
                    url,
                    password=lambda: self.credentials.get(env_key, DATABASE_PASSWORD_KEY),
                    author=lambda: self.login or "",
                    allow_password_in_url=bool(self.overrides.database_url),
                )
                self._office = office
            return office

    def preset_store(self) -> PresetStore:
        """The Prices tab's presets in the office database of the current environment."""
        # lazy: not needed for the first paint
        from postalgui.services.price.preset_store import PresetStore

        return PresetStore(self.office().store())

    def quote_history(self) -> QuoteHistory:
        """The quote history on the office database, rebuilt when the office changes
        (environment or URL); opened on first use (any thread)."""
        office = self.office()
        with self._lock:
            history = self._history
            if history is None or history.office is not office:
                from postalgui.services.price.history import QuoteHistory

                if history is not None:
                    history.close()
                history = self._history = QuoteHistory(office)
            return history

    def job_store(self) -> JobStore:
        """The asynchronous requests (invoice statements, previews) in the office database,
        rebuilt when the office changes (environment, URL); a bad URL is a `JobStoreError`."""
        # lazy: not needed for the first paint
        from postalgui.services.invoices.jobs import JobStore, JobStoreError

        try:
            office = self.office().store()
        except StoreError as exc:
            raise JobStoreError(str(exc)) from None
        with self._lock:
            if self._jobs is None or self._jobs.office is not office:
                self._jobs = JobStore(office)
            return self._jobs

    def branch_cache(self) -> BranchCache:
        """The branch cache of the current environment (``branches-<env>.sqlite3``), opened on first use."""
        name = f"branches-{self.env_key}.sqlite3"
        with self._lock:
            if self._branch_cache is None or self._branch_cache.path.name != name:
                from postalgui.services.branches.store import BranchCache

                if self._branch_cache is not None:
                    self._branch_cache.close()
                self._branch_cache = BranchCache(self.paths.data_dir / name)
            return self._branch_cache

    def _prefill_credentials(self) -> None:
        """Environment overrides and the sandbox's demo login, held for this session only."""
        env_key = self.env_key
        if self.overrides.user:
            self.credentials.remember(env_key, LOGIN_KEY, self.overrides.user)
        if self.overrides.access_code:
            self.credentials.remember(env_key, ACCESS_CODE_KEY, self.overrides.access_code)
        if self._in_force.environment is Environment.SANDBOX:
            # A default, not a lookup: the keyring is asked on first use, off the GUI thread.
            for name, demo_value in zip((LOGIN_KEY, ACCESS_CODE_KEY), sandbox_credentials(), strict=True):
                self.credentials.remember_default(env_key, name, demo_value)

    def close(self) -> None:
        """Stop the sandbox and the partner server, close sessions; safe to call twice."""
        if "attendance" in self.__dict__:
            self.attendance.close()
        if "overview" in self.__dict__:
            self.overview.close()  # its money cache follows the office's changes
        with self._lock:
            backend, self._backend = self._backend, None
            history, self._history = self._history, None
            jobs, self._jobs = self._jobs, None
            branch_cache, self._branch_cache = self._branch_cache, None
            office, self._office = self._office, None
        if history is not None:
            history.close()
        if office is not None:
            office.close()
        if branch_cache is not None:
            branch_cache.close()
        if jobs is not None:
            jobs.close()
        if backend is not None:
            backend.client.close()
        self._sandbox.close()


def build_context(
    environ: Mapping[str, str] | None = None,
    *,
    keyring_backend: keyring.backend.KeyringBackend | None = None,
    look_first: bool = False,
) -> AppContext:
    """Everything from the settings file, the environment and the keyring.

    ``look_first`` (the window): the settings file is read in full on first use, not now;
    until then the first paint reads a first look at it (`SettingsInForce`).
    Raises `ConfigError` for an invalid ``POSTALGUI_*`` variable.
    """
    environ = os.environ if environ is None else environ
    paths = app_paths(environ).ensure()
    _check_dr(environ.get("POSTALGUI_DR", ""))
    overrides = Overrides.from_environ(environ)
    settings = SettingsInForce(paths.settings_file, overrides, look_first=look_first)
    return AppContext(paths, settings, CredentialStore(keyring_backend))


def _check_dr(value: str) -> None:
    """``POSTALGUI_DR`` named with its rule (the settings model would give pydantic's
    generic "Input should be a valid integer")."""
    text = value.strip()
    if not text:
        return
    if not (text.isascii() and text.isdigit() and len(text) <= 2 and int(text) >= 1):
        shown = text if len(text) <= 20 else text[:19] + "\N{HORIZONTAL ELLIPSIS}"
        raise ConfigError(
            f"POSTALGUI_DR: the regional office (DR) must be a whole number from 1 to 99 (got {shown!r})"
        )
