"""The settings dialog's unsaved values: one draft per environment, checked and turned into `Settings`.

Each environment keeps its own numbers and secrets (a homologation contract is not a
production one), so while the dialog is open it holds a draft per environment the user
has looked at; nothing is saved before OK. Qt-free, so the rules (which values are
invalid, which secrets changed, what OK writes) are tested without a dialog; the dialog
only moves text between its fields and these drafts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from postalgui.api.environments import Environment
from postalgui.api.scopes import ACCESS_CODE_KEY, DATABASE_PASSWORD_KEY, DELEGATED_KEY, LOGIN_KEY
from postalgui.api.values import InvalidValue, pad_card_number, pad_contract_number, parse_cnpj
from postalgui.services.first_look import env_key_of, sandbox_credentials
from postalgui.services.office.problems import UrlRule, url_rule
from postalgui.services.settings import Profile, Settings

if TYPE_CHECKING:
    from postalgui.api.credentials import CredentialStore
    from postalgui.services.overrides import Overrides

__all__ = ["ProfileDraft", "SettingsDrafts", "env_key", "override_names", "url_problem"]

UrlProblem = Literal["empty", "scheme"]


@dataclass
class ProfileDraft:
    """What the form holds for one environment while the dialog is open.

    ``stored_*`` are the secrets as loaded, so OK writes only what the user changed
    (and never copies the sandbox's public demo login into the keyring).
    """

    cnpj: str = ""
    contract: str = ""
    card: str = ""
    dr: int = 0
    delegated: bool = False
    login: str = ""
    access_code: str = ""
    delegated_key: str = ""
    database_url: str = ""
    database_password: str = ""
    stored_login: str = ""
    stored_access_code: str = ""
    stored_delegated_key: str = ""
    stored_database_password: str = ""

    def credentials_changed(self) -> bool:
        return (self.login, self.access_code) != (self.stored_login, self.stored_access_code)

    def key_changed(self) -> bool:
        return self.delegated_key != self.stored_delegated_key

    def database_password_changed(self) -> bool:
        return self.database_password != self.stored_database_password

    def database_url_rule(self) -> UrlRule | None:
        """The rule the office database URL breaks (`url_rule`); None when it is usable or empty."""
        return url_rule(self.database_url)

    def profile(self) -> Profile:
        """The validated profile; raises `InvalidValue` for a bad number."""
        return Profile(
            cnpj=parse_cnpj(self.cnpj) if self.cnpj.strip() else "",
            contract=pad_contract_number(self.contract) if self.contract.strip() else "",
            card=pad_card_number(self.card) if self.card.strip() else "",
            dr=self.dr or None,
            delegated=self.delegated,
            database_url=self.database_url.strip(),
        )

    def errors(self) -> dict[str, InvalidValue]:
        """Field name ("cnpj", "contract", "card") -> the rule each filled field breaks."""
        found: dict[str, InvalidValue] = {}
        for name, text, check in (
            ("cnpj", self.cnpj, parse_cnpj),
            ("contract", self.contract, pad_contract_number),
            ("card", self.card, pad_card_number),
        ):
            if text.strip():
                try:
                    check(text)
                except InvalidValue as exc:
                    found[name] = exc
        return found


def env_key(environment: Environment, custom_url: str) -> str:
    """The credential-store key of an environment (custom ones are keyed by URL)."""
    return env_key_of(environment, custom_url.strip().rstrip("/"))


def url_problem(text: str) -> UrlProblem | None:
    """What is wrong with a custom API address: nothing, ``"empty"`` or ``"scheme"``."""
    url = text.strip()
    if not url:
        return "empty"
    if not url.startswith(("http://", "https://")) or len(url) <= len("https://"):
        return "scheme"
    return None


def override_names(overrides: Overrides) -> list[str]:
    """The ``POSTALGUI_*`` variables that override saved values in this session."""
    names = []
    if overrides.environment is not None:
        names.append("POSTALGUI_ENV")
    if overrides.base_url:
        names.append("POSTALGUI_BASE_URL")
    if overrides.user:
        names.append("POSTALGUI_USER")
    if overrides.access_code:
        names.append("POSTALGUI_ACCESS_CODE")
    for field in overrides.profile or {}:
        names.append(f"POSTALGUI_{field.upper()}")
    if overrides.database_url:
        names.append("POSTALGUI_DATABASE_URL")
    return names


class SettingsDrafts:
    """The drafts of the environments looked at, loaded from the settings and the keyring on first use."""

    def __init__(self, saved: Settings, credentials: CredentialStore) -> None:
        self.saved = saved
        self.credentials = credentials
        self._drafts: dict[Environment, ProfileDraft] = {}

    def draft(self, environment: Environment, custom_url: str) -> ProfileDraft:
        """The draft of ``environment``; ``custom_url`` keys a custom one's secrets."""
        found = self._drafts.get(environment)
        if found is not None:
            return found
        profile = self.saved.profile(environment)
        key = env_key(environment, custom_url)
        login = self.credentials.get(key, LOGIN_KEY) or ""
        code = self.credentials.get(key, ACCESS_CODE_KEY) or ""
        if environment is Environment.SANDBOX and not login:
            login, code = sandbox_credentials()
        delegated_key = self.credentials.get(key, DELEGATED_KEY) or ""
        database_password = self.credentials.get(key, DATABASE_PASSWORD_KEY) or ""
        draft = ProfileDraft(
            cnpj=profile.cnpj,
            contract=profile.contract,
            card=profile.card,
            dr=profile.dr or 0,
            delegated=profile.delegated,
            login=login,
            access_code=code,
            delegated_key=delegated_key,
            database_url=profile.database_url,
            database_password=database_password,
            stored_login=login,
            stored_access_code=code,
            stored_delegated_key=delegated_key,
            stored_database_password=database_password,
        )
        self._drafts[environment] = draft
        return draft

    def invalid_others(self, current: Environment) -> list[Environment]:
        """The environments besides ``current`` whose drafts break a rule."""
        return [
            environment
            for environment, draft in self._drafts.items()
            if environment is not current and draft.errors()
        ]

    def settings(self, current: Environment, language: str, custom_url: str) -> Settings:
        """Settings as the drafts say; raises `InvalidValue`/`ValueError` if one is invalid."""
        changes: dict[str, object] = {"environment": current, "language": language, "first_run_done": True}
        if current is Environment.CUSTOM or url_problem(custom_url) is None:
            changes["custom_base_url"] = custom_url
        settings = self.saved.updated(**changes)
        for environment, draft in self._drafts.items():
            profile = draft.profile()
            if profile != self.saved.profile(environment):
                settings = settings.with_profile(environment, profile)
        return settings

    def active_secrets(
        self, current: Environment, settings: Settings
    ) -> tuple[str | None, str | None, str | None]:
        """Login, access code and delegated key of ``current`` that OK must write (None: keep).

        A new custom address is a new key in the keyring, so its secrets are written anew.
        """
        url_changed = (
            settings.environment is Environment.CUSTOM
            and settings.custom_base_url != self.saved.custom_base_url
        )
        active = self._drafts[current]
        login = code = key = None
        if url_changed or active.credentials_changed():
            login, code = active.login, active.access_code
        if url_changed or active.key_changed():
            key = active.delegated_key
        return login, code, key

    def save_other_secrets(self, current: Environment, custom_url: str) -> None:
        """Write the secrets the user changed in environments other than ``current``."""
        for environment, draft in self._drafts.items():
            if environment is current:
                continue
            key = env_key(environment, custom_url)
            if draft.credentials_changed():
                self.credentials.set(key, LOGIN_KEY, draft.login.strip())
                self.credentials.set(key, ACCESS_CODE_KEY, draft.access_code.strip())
            if draft.key_changed():
                self.credentials.set(key, DELEGATED_KEY, draft.delegated_key.strip())
            if draft.database_password_changed():
                self.credentials.set(key, DATABASE_PASSWORD_KEY, draft.database_password or None)

    def database_password(self, current: Environment, settings: Settings) -> str | None:
        """The office database password of ``current`` that OK must write (None: keep it);
        ``""`` removes it. A new custom address is a new key, so it is written anew."""
        url_changed = (
            settings.environment is Environment.CUSTOM
            and settings.custom_base_url != self.saved.custom_base_url
        )
        active = self._drafts[current]
        if url_changed or active.database_password_changed():
            return active.database_password
        return None
