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
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

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
from postalgui.services.embedded_sandbox import SANDBOX_APP, EmbeddedSandbox
from postalgui.services.first_look import sandbox_credentials
from postalgui.services.overrides import ConfigError, Overrides
from postalgui.services.paths import AppPaths, app_paths
from postalgui.services.price.ports import PricePorts
from postalgui.services.session import Backend, SandboxStartError, connect
from postalgui.services.setting_missing import SettingMissingError
from postalgui.services.settings_in_force import SettingsInForce

if TYPE_CHECKING:
    import keyring.backend

    from postalgui.api.cancel import TaskControl
    from postalgui.api.client import OperatorClient
    from postalgui.api.tokens import RefusedCredentials, TokenManager
    from postalgui.services.attendance.service import AttendanceService
    from postalgui.services.branches.service import BranchService
    from postalgui.services.branches.store import BranchCache
    from postalgui.services.claims.service import ClaimsService
    from postalgui.services.contracts.service import ContractService
    from postalgui.services.invoices.jobs import JobStore
    from postalgui.services.invoices.service import InvoiceService
    from postalgui.services.office.database import OfficeDatabase
    from postalgui.services.office.service import OfficeService
    from postalgui.services.ports import Follow, NewObject
    from postalgui.services.price.history import QuoteHistory
    from postalgui.services.price.preset_store import PresetStore
    from postalgui.services.price.price_settings import PriceSettings
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

    It wires each feature's ports (``services/<feature>/ports.py``) from its own parts; the
    features never import this module.
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

    # --- the features (each builds its client with its own scope rule) -----------------

    @cached_property
    def price(self) -> PriceService:
        # lazy: the command line starts without it
        from postalgui.services.price.service import PriceService

        def save_prices(prices: PriceSettings) -> None:
            self.save_preferences(self.saved_settings.updated(prices=prices))

        return PriceService(
            PricePorts(
                operator=self._operator,
                tokens=self._tokens,
                settings=self._settings_in_force,
                form_prices=self._in_force.form_prices,
                save_prices=save_prices,
                history=self.quote_history,
                office=self.office,
                presets=self.preset_store,
            )
        )

    @cached_property
    def invoices(self) -> InvoiceService:
        # lazy: not needed for the first paint (nor its ports)
        from postalgui.services.invoices.ports import InvoicePorts
        from postalgui.services.invoices.service import InvoiceService

        return InvoiceService(
            InvoicePorts(
                operator=self._operator,
                contract_scope=self.contract_scope,
                settings=self._settings_in_force,
                jobs=self.job_store,
                office=self.office,
                cache_dir=self.paths.cache_dir,
                follow=self.following,
            )
        )

    @cached_property
    def following(self) -> Follow:
        """ "Follow these objects" (`Follow`), kept by Tracking's watchlist (`TrackingOffer`)."""
        return self.tracking_offer

    @cached_property
    def contracts(self) -> ContractService:
        # lazy: not needed for the first paint (nor its ports)
        from postalgui.services.contracts.ports import ContractPorts
        from postalgui.services.contracts.service import ContractService

        return ContractService(
            ContractPorts(
                operator=self._operator,
                tokens=self._tokens,
                settings=self._settings_in_force,
                saved_settings=lambda: self.saved_settings,
                apply=self.apply,
            )
        )

    @cached_property
    def attendance(self) -> AttendanceService:
        # lazy: not needed for the first paint (nor its ports)
        from postalgui.services.attendance.ports import AttendancePorts
        from postalgui.services.attendance.service import AttendanceService

        return AttendanceService(
            AttendancePorts(
                settings=self._settings_in_force,
                overrides=self.overrides,
                credentials=self.credentials,
                sandbox_url=self.sandbox_url,
                tokens=self._tokens,
                data_dir=self.paths.data_dir,
                office=self.office,
            )
        )

    @cached_property
    def branches(self) -> BranchService:
        # lazy: not needed for the first paint (nor its ports)
        from postalgui.services.branches.ports import BranchPorts
        from postalgui.services.branches.service import BranchService

        return BranchService(
            BranchPorts(
                operator=self._operator,
                contract_scope=self.contract_scope,
                settings=self._settings_in_force,
                cache=self.branch_cache,
                cache_dir=self.paths.cache_dir,
            )
        )

    @cached_property
    def office_service(self) -> OfficeService:
        """Settings' Test and Copy of a typed office database (not `office`, the one in force)."""
        # lazy: SQLAlchemy, for the dialog only
        from postalgui.services.office.ports import OfficePorts
        from postalgui.services.office.service import OfficeService

        return OfficeService(OfficePorts(self.paths.data_dir, author=lambda: self.login or ""))

    def _settings_in_force(self) -> Settings:
        """The settings port: read on each use, since `apply` replaces them."""
        return self.settings

    def _operator(self) -> OperatorClient:
        """The client port: the backend's, built on first use (blocks: tasks only)."""
        return self.backend().client

    def _tokens(self) -> TokenManager:
        """The tokens port: the backend's token manager (blocks: tasks only)."""
        return self.backend().tokens

    @cached_property
    def tracking(self) -> TrackingService:
        # lazy: not needed for the first paint
        from postalgui.services.tracking.ports import TrackingPorts
        from postalgui.services.tracking.service import TrackingService

        return TrackingService(
            TrackingPorts(
                operator=self._operator,
                scope=self.default_scope,
                settings=lambda: self.settings.tracking,
                office=self.office,
                branches=lambda: self.branches,
            )
        )

    @cached_property
    def tracking_offer(self) -> TrackingOffer:
        """What Tracking offers the other features: `Follow`, and claims' `TrackedObjects`."""
        # lazy: not needed for the first paint
        from postalgui.services.tracking.offers import TrackingOffer

        return TrackingOffer(lambda: self.tracking)

    @cached_property
    def claims(self) -> ClaimsService:
        # lazy: not needed for the first paint
        from postalgui.services.claims.ports import ClaimsPorts
        from postalgui.services.claims.recipients import ShipmentRecipients
        from postalgui.services.claims.service import ClaimsService
        from postalgui.services.tracking.imports import objects_from_invoice

        def recipients(codes: Sequence[str]) -> Mapping[str, str]:
            # The claims feature reads the pre-postings' recipients through this port only.
            return ShipmentRecipients(self.office())(codes)

        def invoice_objects(
            task: TaskControl, number: str, document_type: str, *, interval_s: float | None = None
        ) -> Sequence[NewObject]:
            return objects_from_invoice(
                task, self.tracking, self.invoices, number, document_type, interval_s=interval_s
            )

        return ClaimsService(
            ClaimsPorts(
                operator=self._operator,
                scope=self.default_scope,
                profile=lambda: self.profile,
                settings=lambda: self.settings.claims,
                saved=lambda: self.saved_settings.claims,
                keep=lambda claims: self._keep(claims=claims),
                office=self.office,
                tracked=self.tracking_offer,
                clock=lambda: self.tracking.now(),
                invoice_objects=invoice_objects,
                recipients=recipients,
                proofs=self.tracking_offer,
            )
        )

    @cached_property
    def shipping(self) -> ShippingService:
        # lazy: not needed for the first paint
        from postalgui.services.shipping.ports import ShippingPorts
        from postalgui.services.shipping.service import ShippingService

        return ShippingService(
            ShippingPorts(
                operator=self._operator,
                scope=self.default_scope,
                profile=lambda: self.profile,
                settings=lambda: self.settings.shipping,
                remember=lambda shipping: self._keep(shipping=shipping),
                login=lambda: self.credentials.get(self.env_key, LOGIN_KEY),
                env_key=lambda: self.env_key,
                data_dir=lambda: self.paths.data_dir,
                office=self.office,
                follow=self.following,
            )
        )

    def _keep(self, **sections: Any) -> None:
        """Keep a feature's settings ``sections`` in the file (`save_preferences`)."""
        self.save_preferences(self.saved_settings.updated(**sections))

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
