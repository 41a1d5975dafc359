"""Connection checks: what the token service says about the configured account.

Task functions for `TaskRunner`: plain functions of their inputs and a handle. They take
the `Session` protocol, not the composition root, so the window, a tab or the CLI can
call them with what they hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from keyring.backends import fail

from postalgui.api.cancel import TaskControl
from postalgui.api.credentials import CredentialStore
from postalgui.api.environments import Environment
from postalgui.api.scopes import ACCESS_CODE_KEY, DELEGATED_KEY, LOGIN_KEY, REFRESH_MARGIN, TokenScope
from postalgui.services.session import Session
from postalgui.services.setting_missing import SettingMissingError
from postalgui.services.settings import Settings

if TYPE_CHECKING:  # the HTTP client loads inside the tasks, off the GUI thread
    from postalgui.api.tokens import Token
from postalgui.api.tokens import TokenManager
from postalgui.api.transport import Transport


@dataclass(frozen=True)
class ConnectionReport:
    """What a token says: shown by Test connection, the status bar and ``postalgui token``."""

    base_url: str
    scope: TokenScope
    expires_at: datetime | None
    delegated: bool = False
    ambiente: str | None = None
    perfil: str | None = None
    cnpj: str | None = None
    login: str | None = None
    apis: list[int] = field(default_factory=list)

    @property
    def renew_at(self) -> datetime | None:
        """When the app will stop reusing this token and fetch a new one."""
        if self.expires_at is None or self.delegated:
            return None
        return self.expires_at - REFRESH_MARGIN

    @classmethod
    def from_token(cls, token: Token, base_url: str, scope: TokenScope) -> ConnectionReport:
        info = token.info
        if info is None:
            return cls(base_url, scope, token.expires_at, delegated=token.delegated)
        return cls(
            base_url,
            scope,
            token.expires_at,
            delegated=token.delegated,
            ambiente=info.ambiente,
            perfil=info.perfil,
            cnpj=info.cnpj,
            login=info.id,
            apis=info.api_ids,
        )


def current_token(handle: TaskControl, session: Session, scope: TokenScope | None = None) -> ConnectionReport:
    """The token the app uses now (cached when still good), for the status bar."""
    return _token_report(handle, session, scope, fresh=False)


def renew_token(handle: TaskControl, session: Session) -> ConnectionReport:
    """A new token for the configured scope, whatever the cache holds ("Renew token")."""
    return _token_report(handle, session, None, fresh=True)


def _token_report(
    handle: TaskControl, session: Session, scope: TokenScope | None, *, fresh: bool
) -> ConnectionReport:
    backend = session.backend()
    handle.raise_if_cancelled()
    scope = scope or session.default_scope()
    token = backend.tokens.fetch(scope) if fresh else backend.tokens.get(scope)
    return ConnectionReport.from_token(token, backend.base_url, scope)


def check_connection(
    handle: TaskControl,
    session: Session,
    candidate: Settings,
    login: str,
    access_code: str,
    delegated_key: str = "",
) -> ConnectionReport:
    """Fetch a fresh token with settings the user has not saved yet.

    Uses a throw-away session-only credential store: nothing is saved or cached.
    """
    profile = candidate.profile()
    if candidate.environment is Environment.SANDBOX and not session.overrides.base_url:
        base_url = session.sandbox_url()
    else:
        base_url = session.overrides.base_url or candidate.base_url() or ""
    if not base_url:
        raise SettingMissingError("connection.base_url")
    handle.raise_if_cancelled()

    store = CredentialStore(fail.Keyring())  # type: ignore[no-untyped-call]  # keyring is untyped
    env_key = candidate.env_key
    store.remember(env_key, LOGIN_KEY, login)
    store.remember(env_key, ACCESS_CODE_KEY, access_code)
    if delegated_key:
        store.remember(env_key, DELEGATED_KEY, delegated_key)
    transport = Transport(base_url)
    try:
        tokens = TokenManager(transport, store, env_key, use_delegated=profile.delegated)
        scope = profile.default_scope()
        return ConnectionReport.from_token(tokens.fetch(scope), base_url, scope)
    finally:
        transport.close()
