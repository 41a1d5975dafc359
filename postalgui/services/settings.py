"""User settings: a versioned pydantic model in a JSON file, plus environment overrides.

Nothing secret lives here: login, access code, delegated key and tokens go to the
credential store (OS keyring). Company numbers are kept per environment, because a
homologation contract is not a production one and the sandbox has its demo company.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, field_validator

from postalgui.api.environments import BASE_URLS, Environment
from postalgui.api.errors import RoutineError
from postalgui.api.scopes import Scope, TokenScope
from postalgui.api.values import InvalidValue, pad_card_number, pad_contract_number, parse_cnpj
from postalgui.sandbox import demo_account
from postalgui.services.frozen_model import FrozenModel
from postalgui.services.price.products import PriceSettings

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
LANGUAGES = ("", "pt_BR", "en")  # "" follows the system locale


class Profile(FrozenModel):
    """The company's numbers in one environment."""

    cnpj: str = ""
    contract: str = ""
    card: str = ""
    dr: int | None = Field(default=None, ge=1, le=99)
    delegated: bool = False

    @field_validator("cnpj")
    @classmethod
    def _cnpj(cls, value: str) -> str:
        return parse_cnpj(value) if value.strip() else ""

    @field_validator("contract")
    @classmethod
    def _contract(cls, value: str) -> str:
        return pad_contract_number(value) if value.strip() else ""

    @field_validator("card")
    @classmethod
    def _card(cls, value: str) -> str:
        return pad_card_number(value) if value.strip() else ""

    def default_scope(self) -> TokenScope:
        """Card if one is configured, else contract, else login (issue 2)."""
        if self.card:
            return TokenScope(Scope.CARD, contract=self.contract or None, card=self.card, dr=self.dr)
        if self.contract:
            return TokenScope(Scope.CONTRACT, contract=self.contract, dr=self.dr)
        return TokenScope(Scope.LOGIN)

    def scope(self, kind: Scope) -> TokenScope:
        if kind is Scope.CARD:
            return TokenScope(Scope.CARD, contract=self.contract or None, card=self.card, dr=self.dr)
        if kind is Scope.CONTRACT:
            return TokenScope(Scope.CONTRACT, contract=self.contract, dr=self.dr)
        return TokenScope(Scope.LOGIN)


class Settings(FrozenModel):
    """Everything the user sets, saved as ``settings.json``; frozen (`FrozenModel`)."""

    schema_version: int = SCHEMA_VERSION
    environment: Environment = Environment.SANDBOX
    custom_base_url: str = ""
    language: str = ""
    first_run_done: bool = False
    profiles: dict[Environment, Profile] = Field(default_factory=dict)
    prices: PriceSettings = Field(default_factory=PriceSettings)

    @field_validator("custom_base_url")
    @classmethod
    def _url(cls, value: str) -> str:
        value = value.strip().rstrip("/")
        if value and not value.startswith(("http://", "https://")):
            raise ValueError("the base URL must start with http:// or https://")
        return value

    @field_validator("language")
    @classmethod
    def _language(cls, value: str) -> str:
        if value not in LANGUAGES:
            raise ValueError(f"language must be one of {', '.join(repr(v) for v in LANGUAGES)}")
        return value

    def profile(self, environment: Environment | None = None) -> Profile:
        environment = environment or self.environment
        found = self.profiles.get(environment)
        if found is not None:
            return found
        if environment is Environment.SANDBOX:
            return sandbox_profile()
        return Profile()

    def with_profile(self, environment: Environment, profile: Profile) -> Settings:
        profiles = dict(self.profiles)
        profiles[environment] = profile
        return self.model_copy(update={"profiles": profiles})

    @property
    def env_key(self) -> str:
        """Names the credential set and token cache: one per environment (REFERENCE.md)."""
        if self.environment is Environment.CUSTOM:
            digest = hashlib.sha256(self.custom_base_url.encode()).hexdigest()[:10]
            return f"custom-{digest}"
        return self.environment.value

    def base_url(self) -> str | None:
        """The API base; ``None`` for the embedded sandbox (its port is chosen at start)."""
        if self.environment is Environment.CUSTOM:
            return self.custom_base_url or None
        return BASE_URLS.get(self.environment)


def sandbox_profile() -> Profile:
    """The demo company of the embedded sandbox."""
    return Profile(
        cnpj=demo_account.CNPJ, contract=demo_account.CONTRACT, card=demo_account.CARD, dr=demo_account.DR
    )


def sandbox_credentials() -> tuple[str, str]:
    return demo_account.LOGIN, demo_account.ACCESS_CODE


class ConfigError(RoutineError, ValueError):
    """An environment variable or setting is invalid; names the variable and the rule."""


@dataclass(frozen=True)
class Overrides:
    """``POSTALGUI_*`` environment variables: they win over the settings file, unsaved.

    ``base_url`` replaces the API base of whatever environment is active (so
    ``POSTALGUI_ENV=sandbox`` with ``POSTALGUI_BASE_URL`` talks to a sandbox served
    elsewhere, with the demo credentials); the embedded sandbox is then not started.
    """

    environment: Environment | None = None
    base_url: str | None = None
    user: str | None = None
    access_code: str | None = None
    profile: Mapping[str, Any] | None = None

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> Overrides:
        env_name = environ.get("POSTALGUI_ENV", "").strip().lower()
        environment: Environment | None = None
        if env_name:
            try:
                environment = Environment(env_name)
            except ValueError:
                raise ConfigError(
                    f"POSTALGUI_ENV: must be one of sandbox, homologacao, producao (got {env_name!r})"
                ) from None
        profile: dict[str, Any] = {}
        for var, field in (
            ("POSTALGUI_CNPJ", "cnpj"),
            ("POSTALGUI_CONTRACT", "contract"),
            ("POSTALGUI_CARD", "card"),
            ("POSTALGUI_DR", "dr"),
        ):
            value = environ.get(var, "").strip()
            if value:
                try:
                    Profile.model_validate({field: value})
                except ValidationError as exc:
                    raise ConfigError(f"{var}: {_reason(exc)}") from None
                profile[field] = value
        base_url = environ.get("POSTALGUI_BASE_URL", "").strip().rstrip("/") or None
        if base_url and not base_url.startswith(("http://", "https://")):
            raise ConfigError("POSTALGUI_BASE_URL: must start with http:// or https://")
        return cls(
            environment=environment,
            base_url=base_url,
            user=environ.get("POSTALGUI_USER") or None,
            access_code=environ.get("POSTALGUI_ACCESS_CODE") or None,
            profile=profile or None,
        )

    def apply(self, settings: Settings) -> Settings:
        result = settings
        if self.environment is not None:
            result = result.model_copy(update={"environment": self.environment})
        if self.profile:
            merged = result.profile().model_dump() | dict(self.profile)
            result = result.with_profile(result.environment, Profile.model_validate(merged))
        return result


def _reason(exc: ValidationError) -> str:
    err = exc.errors()[0]
    ctx_error = (err.get("ctx") or {}).get("error")
    if isinstance(ctx_error, InvalidValue):
        return str(ctx_error)
    return str(err["msg"]).removeprefix("Value error, ")


class SettingsStore:
    """Loads and saves `Settings`; a broken file is set aside, never lost silently."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None

    def load(self) -> Settings:
        if not self.path.exists():
            return Settings()
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            data = migrate(data)
            return Settings.model_validate(data)
        except (OSError, ValueError, ValidationError) as exc:
            backup = self.path.with_name(f"{self.path.name}.bad-{datetime.now():%Y%m%d-%H%M%S}")
            try:
                self.path.replace(backup)
            except OSError:
                backup = self.path
            self.problem = (
                f"The settings file could not be read ({type(exc).__name__}); it was kept as {backup}."
            )
            log.warning("Settings file unreadable, defaults used: %s", exc)
            return Settings()

    def save(self, settings: Settings) -> None:
        """Write atomically: a crash mid-save leaves the previous file intact."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = settings.model_dump_json(indent=2)
        fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".json", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older settings document to `SCHEMA_VERSION`."""
    version = data.get("schema_version", 1)
    if not isinstance(version, int) or version > SCHEMA_VERSION:
        raise ValueError(f"unknown settings schema version {version!r}")
    data["schema_version"] = SCHEMA_VERSION
    return data
