"""`AttendanceService`: the Attendances feature as the GUI and the CLI reach it (`AppContext.attendance`),
built from its ports (`attendance/ports.py`) only.

Owns where things are: the registration system's address and auth for this
environment, the partner server's child process, and the ledger it writes (read here
too: the tab's table and the CLI's ``attendance list`` open the same database).

The registration system lives on the operator's ``app``/``apphom`` host; in the sandbox
it is the sandbox itself. ``POSTALGUI_STER_URL`` overrides it; with only
``POSTALGUI_BASE_URL`` set it is at that base too.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from postalgui.api.cancel import Cancelled
from postalgui.api.environments import Environment
from postalgui.api.errors import ApiError, CredentialsMissingError
from postalgui.api.said import Said
from postalgui.api.scopes import ACCESS_CODE_KEY, LOGIN_KEY
from postalgui.api.values.ster import parse_ster_contract
from postalgui.sandbox import demo_account
from postalgui.services.attendance.settings import AttendanceSettings

if TYPE_CHECKING:
    from postalgui.api.ster import SterAuth, SterClient
    from postalgui.partner.ledger.store import Ledger
    from postalgui.services.attendance.ports import AttendancePorts
    from postalgui.serving.child import ChildServer
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from postalgui.api.transport import Transport
from postalgui.services.office.outgoing import Outgoing
from postalgui.store.urls import redacted

__all__ = [
    "PARTNER_APP",
    "PARTNER_KEYS",
    "AttendanceService",
    "CodeOrigin",
    "PartnerSecrets",
    "PartnerStatus",
    "SterContractMissingError",
]

PARTNER_APP = "postalgui.partner.app:app_from_environment"
"""The partner server's app factory as its child process imports it."""
PARTNER_START_TIMEOUT_S = 20.0

PARTNER_USER_KEY = "partner_user"
PARTNER_PASSWORD_KEY = "partner_password"  # noqa: S105  # keyring entry names, not secrets
PARTNER_CLIENT_ID_KEY = "partner_client_id"
PARTNER_CLIENT_SECRET_KEY = "partner_client_secret"  # noqa: S105
PARTNER_KEYS = (PARTNER_USER_KEY, PARTNER_PASSWORD_KEY, PARTNER_CLIENT_ID_KEY, PARTNER_CLIENT_SECRET_KEY)
"""Keyring entries of the partner's credentials: user, password, client id, client secret."""
_SECRET_VARS = {
    PARTNER_USER_KEY: "POSTALGUI_PARTNER_USER",
    PARTNER_PASSWORD_KEY: "POSTALGUI_PARTNER_PASSWORD",
    PARTNER_CLIENT_ID_KEY: "POSTALGUI_PARTNER_CLIENT_ID",
    PARTNER_CLIENT_SECRET_KEY: "POSTALGUI_PARTNER_CLIENT_SECRET",
}


class SterContractMissingError(ApiError):
    """No registration-system contract is set for this environment (nothing was sent)."""

    def __init__(self) -> None:
        super().__init__(
            "The registration-system contract (12 characters) is not set: set POSTALGUI_STER_CONTRACT"
            ' or "ster_contract" under "attendance" in the settings file'
        )


@dataclass(frozen=True, repr=False)
class PartnerSecrets:
    """The credentials the operator uses to call the partner (plain: they go to the child's
    environment and, in the sandbox, to its simulated counter; the server hashes them)."""

    user: str | None
    password: str | None
    client_id: str | None
    client_secret: str | None

    def __repr__(self) -> str:
        return f"PartnerSecrets(user={self.user!r}, client_id={self.client_id!r}, ...)"


@dataclass(frozen=True)
class PartnerStatus:
    """What the tab's status line shows."""

    running: bool
    url: str | None
    form_path: str
    confirm_path: str
    auth: str
    database: str


@dataclass(frozen=True)
class CodeOrigin:
    """Where an operator code must come from to decode here: what a "cannot decode" names.

    ``sandbox`` is "embedded" (ours, sealing codes with the key the keyring keeps for this
    credential set when ``key_kept``, else with this process's own) or "elsewhere" (a
    sandbox at ``url``); None outside the sandbox. ``contract`` None: none is set.
    """

    environment: str
    contract: str | None
    url: str | None
    sandbox: Literal["embedded", "elsewhere"] | None
    key_kept: bool


class AttendanceService:
    def __init__(self, ports: AttendancePorts) -> None:
        self._ports = ports
        self._lock = threading.RLock()
        self._ledger: Ledger | None = None
        self._partner: ChildServer | None = None
        self._contract: str | None = None

    # --- settings ---------------------------------------------------------------------------

    @property
    def settings(self) -> AttendanceSettings:
        return self._ports.settings().attendance

    @property
    def in_sandbox(self) -> bool:
        return self._ports.settings().environment is Environment.SANDBOX

    def ster_contract(self) -> str:
        """The settings' contract (``POSTALGUI_STER_CONTRACT`` and ``--contrato`` override it),
        else the sandbox's demo contract; `SterContractMissingError` elsewhere."""
        contract = self._contract or self.settings.ster_contract
        if not contract and self.in_sandbox:
            return demo_account.STER_CONTRACT
        if not contract:
            raise SterContractMissingError
        return contract

    def use_contract(self, contract: str) -> None:
        """Use ``contract`` for this session's calls (the CLI's ``--contrato``), unsaved."""
        self._contract = parse_ster_contract(contract)

    def code_origin(self) -> CodeOrigin:
        """Where codes that decode here come from (may ask the keyring: tasks and the CLI)."""
        overrides = self._ports.overrides
        embedded = self.in_sandbox and not overrides.base_url and not overrides.ster_url
        try:
            contract: str | None = self.ster_contract()
        except SterContractMissingError:
            contract = None
        sandbox: Literal["embedded", "elsewhere"] | None = None
        if self.in_sandbox:
            sandbox = "embedded" if embedded else "elsewhere"
        return CodeOrigin(
            environment=self._ports.settings().environment.value,
            contract=contract,
            url=None if embedded else overrides.ster_url or overrides.base_url,
            sandbox=sandbox,
            key_kept=embedded and self._ports.credentials.persistent,
        )

    def ster_base_url(self) -> str:
        """The registration system's base (blocks while the embedded sandbox starts: tasks only)."""
        overrides = self._ports.overrides
        if overrides.ster_url:
            return overrides.ster_url
        if overrides.base_url:
            return overrides.base_url
        # lazy: the command line starts without it
        from postalgui.api.ster import STER_URLS

        settings = self._ports.settings()
        environment = settings.environment
        if environment is Environment.SANDBOX:
            return self._ports.sandbox_url()
        if environment is Environment.CUSTOM:
            base = settings.custom_base_url
            if base:
                return base
        url = STER_URLS.get(environment.value)
        if url is None:
            raise ApiError(Said("No registration-system address is configured for this environment"))
        return url

    def ster_client(self) -> SterClient:
        """A client of the registration system with the partner's auth (tasks only)."""
        # lazy: the command line starts without it
        from postalgui.api.ster import SterClient, basic_auth

        transport = Transport(self.ster_base_url())
        auth: SterAuth
        if self.settings.ster_auth == "token":
            auth = self._ports.tokens().auth(self._ports.settings().profile().default_scope())
        else:
            user, password = self._identity()
            auth = basic_auth(user, password)
        return SterClient(transport, auth, self.ster_contract())

    def _identity(self) -> tuple[str, str]:
        store, env_key = self._ports.credentials, self._ports.settings().env_key
        user, password = store.get(env_key, LOGIN_KEY), store.get(env_key, ACCESS_CODE_KEY)
        if not user or not password:
            raise CredentialsMissingError(Said("The identity-portal login and access code are not set"))
        return user, password

    def outgoing(self) -> Outgoing:
        """Where a registration is written down before it is sent (the office database)."""

        office = self._ports.office
        if office is None:  # a wiring bug, for the crash log
            raise RuntimeError("This attendance service has no office database to write registrations in")
        return Outgoing(office())

    # --- the ledger ------------------------------------------------------------------------------

    def ledger_url(self) -> str:
        if self.settings.partner_database:
            return self.settings.partner_database
        # lazy: the command line starts without it
        from postalgui.partner.ledger.store import sqlite_url

        return sqlite_url(self._ports.data_dir / f"partner-ledger-{self._ports.settings().env_key}.sqlite3")

    def ledger(self) -> Ledger:
        """The ledger of this environment, opened (and migrated) on first use: any thread."""
        url = self.ledger_url()
        with self._lock:
            if self._ledger is None or self._ledger.url != url:
                from postalgui.partner.ledger.store import Ledger

                if self._ledger is not None:
                    self._ledger.close()
                self._ledger = Ledger(url)
            return self._ledger

    # --- the partner server --------------------------------------------------------------------

    def partner_secrets(self) -> PartnerSecrets:
        """From ``POSTALGUI_PARTNER_*``, else the keyring, else (sandbox) the demo partner's."""
        store, env_key = self._ports.credentials, self._ports.settings().env_key
        found = {}
        for key, var in _SECRET_VARS.items():
            found[key] = os.environ.get(var) or store.get(env_key, key)
        if self.in_sandbox and not any(found.values()):
            found = {
                PARTNER_USER_KEY: demo_account.PARTNER_USER,
                PARTNER_PASSWORD_KEY: demo_account.PARTNER_PASSWORD,
                PARTNER_CLIENT_ID_KEY: demo_account.PARTNER_CLIENT_ID,
                PARTNER_CLIENT_SECRET_KEY: demo_account.PARTNER_CLIENT_SECRET,
            }
        return PartnerSecrets(
            found[PARTNER_USER_KEY],
            found[PARTNER_PASSWORD_KEY],
            found[PARTNER_CLIENT_ID_KEY],
            found[PARTNER_CLIENT_SECRET_KEY],
        )

    def partner_environment(self) -> dict[str, str]:
        """The child's environment: the partner's settings and secrets, and the registration
        system's access for the scheduled reconciliation (blocks: tasks only)."""
        settings = self.settings
        secrets = self.partner_secrets()
        env = dict(os.environ)
        env["POSTALGUI_PARTNER_DATABASE"] = self.ledger_url()
        env["POSTALGUI_PARTNER_FORM_PATH"] = settings.partner_form_path
        env["POSTALGUI_PARTNER_AUTH"] = settings.partner_auth
        pairs = ((secrets.user, secrets.password), (secrets.client_id, secrets.client_secret))
        for (user, secret), (user_var, secret_var) in zip(
            pairs,
            (
                ("POSTALGUI_PARTNER_USER", "POSTALGUI_PARTNER_PASSWORD"),
                ("POSTALGUI_PARTNER_CLIENT_ID", "POSTALGUI_PARTNER_CLIENT_SECRET"),
            ),
            strict=True,
        ):
            if user and secret:
                env[user_var], env[secret_var] = user, secret
        try:
            user, password = self._identity()
            env |= {
                "POSTALGUI_STER_URL": self.ster_base_url(),
                "POSTALGUI_STER_CONTRACT": self.ster_contract(),
                "POSTALGUI_USER": user,
                "POSTALGUI_ACCESS_CODE": password,
            }
        except ApiError:
            pass  # no scheduled reconciliation; on demand still says why
        return env

    def start_partner(self) -> str:
        """Start the partner server as a child process on loopback; its URL (tasks only).

        Waited for outside the lock, so a quit or a status read meanwhile does not wait
        out the child's start (which takes seconds on a loaded machine); a stop meanwhile
        ends the start as cancelled.
        """
        with self._lock:
            server = self._partner
            if server is None or not server.running:
                server = self._new_partner()
                self._partner = server
        if server.wait_ready(PARTNER_START_TIMEOUT_S):
            return server.url
        with self._lock:
            stopped = self._partner is not server
            if not stopped:
                self._partner = None
        server.stop()
        if stopped:
            raise Cancelled
        raise ApiError(
            Said(
                "The partner server did not start in {seconds} s (is the port in use?)",
                seconds=int(PARTNER_START_TIMEOUT_S),
            )
        )

    def _new_partner(self) -> ChildServer:
        # lazy: the command line starts without it
        from postalgui.serving.child import ChildServer

        self.ledger()  # migrate here, once, before the child opens it
        server = ChildServer(
            PARTNER_APP,
            port=self.settings.partner_port,
            environ=self.partner_environment(),
            name="postalgui-partner",
            label="partner server",
            lifespan=True,
        )
        server.start()
        return server

    def stop_partner(self) -> None:
        with self._lock:
            server, self._partner = self._partner, None
        if server is not None:
            server.stop()

    def partner_status(self) -> PartnerStatus:
        with self._lock:
            server = self._partner
            running = server is not None and server.wait_ready(0)  # a server still starting is not running
            url = server.url if running and server is not None else None
        # lazy: the command line starts without it
        from postalgui.partner.config import DEFAULT_CONFIRM_PATH

        return PartnerStatus(
            running=running,
            url=url,
            form_path=self.settings.partner_form_path,
            confirm_path=DEFAULT_CONFIRM_PATH,
            auth=self.settings.partner_auth,
            database=shown_database(self.ledger_url()),
        )

    def sandbox_control(self) -> Transport:
        """A transport to the sandbox's control routes (the simulated counter): sandbox only."""
        if not self.in_sandbox:
            raise ApiError(Said("The simulated counter exists only in the sandbox"))

        return Transport(self.ster_base_url())

    def close(self) -> None:
        self.stop_partner()
        with self._lock:
            ledger, self._ledger = self._ledger, None
        if ledger is not None:
            ledger.close()


def shown_database(url: str) -> str:
    """A database as a person reads it: ``SQLite: /path/file`` or the URL without any part of
    its credentials (`store.urls.redacted`: a raw ``@`` of a password shows nothing of it)."""

    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        return redacted(url)
    if parsed.get_backend_name() == "sqlite":
        return f"SQLite: {parsed.database or 'memory'}"
    return redacted(url)
