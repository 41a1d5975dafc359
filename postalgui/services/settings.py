"""User settings: a versioned pydantic model in a JSON file, plus environment overrides.

Nothing secret lives here: login, access code, delegated key and tokens go to the
credential store (OS keyring). Company numbers are kept per environment, because a
homologation contract is not a production one and the sandbox has its demo company.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, field_validator

from postalgui.api.environments import BASE_URLS, Environment
from postalgui.api.errors import RoutineError
from postalgui.api.scopes import Scope, TokenScope
from postalgui.api.values import pad_card_number, pad_contract_number, parse_cnpj
from postalgui.api.values.errors import cut
from postalgui.sandbox import demo_account
from postalgui.services.attendance.settings import AttendanceSettings
from postalgui.services.base_urls import url_problem
from postalgui.services.blank_or import blank_or
from postalgui.services.claims.settings import ClaimsSettings
from postalgui.services.first_look import SCHEMA_VERSION, env_key_of
from postalgui.services.frozen_model import FrozenModel
from postalgui.services.price.price_settings import PriceSettings
from postalgui.services.settings_repair import (
    MAX_DEPTH,
    ResetField,
    drop_deep,
    shallow_json,
    validate_leniently,
)
from postalgui.services.shipping.settings import ShippingSettings
from postalgui.services.tracking.settings import TrackingSettings
from postalgui.store.aside import aside_path
from postalgui.store.atomic import write_atomically

log = logging.getLogger(__name__)

LANGUAGES = ("", "pt_BR", "en")  # "" follows the system locale


class Profile(FrozenModel):
    """The company's numbers in one environment."""

    cnpj: Annotated[str, blank_or(parse_cnpj)] = ""
    contract: Annotated[str, blank_or(pad_contract_number)] = ""
    card: Annotated[str, blank_or(pad_card_number)] = ""
    dr: int | None = Field(default=None, ge=1, le=99)
    delegated: bool = False
    database_url: str = ""
    """The office database shared by every desk (PostgreSQL), ``""`` for this desk's own
    file; its password is in the keyring (`DATABASE_PASSWORD_KEY`), never here."""

    @field_validator("database_url")
    @classmethod
    def _database_url(cls, value: str) -> str:
        value = value.strip()
        if value:
            from postalgui.store.errors import StoreUrlError  # SQLAlchemy loads only for a URL given
            from postalgui.store.urls import office_url

            try:
                office_url(value)
            except StoreUrlError as exc:
                raise ValueError(str(exc).removeprefix("Office database URL: ")) from None
        return value

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
    first_tab: str = ""
    """The tab the window shows first, by its key ("overview"); "" (or a tab it has not): as ever."""
    first_run_done: bool = False
    profiles: dict[Environment, Profile] = Field(default_factory=dict)
    prices: PriceSettings = Field(default_factory=PriceSettings)
    attendance: AttendanceSettings = Field(default_factory=AttendanceSettings)
    tracking: TrackingSettings = Field(default_factory=TrackingSettings)
    claims: ClaimsSettings = Field(default_factory=ClaimsSettings)
    shipping: ShippingSettings = Field(default_factory=ShippingSettings)

    @field_validator("custom_base_url")
    @classmethod
    def _url(cls, value: str) -> str:
        value = value.strip().rstrip("/")
        problem = url_problem(value) if value else None
        if problem is not None:
            raise ValueError(f"the base URL {problem.removeprefix('the ')}")
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
        return env_key_of(self.environment, self.custom_base_url)

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


class SettingsNewerError(RoutineError, OSError):
    """The settings file belongs to a newer PostalGUI: it is read, never overwritten.

    An `OSError` too, so every place that already reports a failed save says this.
    """


_LOGGED = 20
"""Reset settings named with their reasons in the log; the rest are counted in the notice."""

_INDEX = re.compile(r"\[\d+\]")


class SettingsStore:
    """Loads and saves `Settings`; nothing in the file is lost silently, and loading never writes it.

    A value that does not validate (a CNPJ with a wrong check digit, an unknown
    environment) is used at its default, every other field is kept, and the original
    file is copied beside it once (``settings.json.bad-<time>``; a later load of the
    same content finds that copy instead of making another). A file that is not JSON
    at all is used as defaults and copied the same way. The file itself is replaced
    only by `save`, that is when the user changes a setting. A file of a newer
    PostalGUI (``schema_version`` above ours) is read as far as it can be and never
    overwritten: `save` raises `SettingsNewerError`.

    After `load`: ``reset_fields``, ``unreadable`` (why the whole file could not be
    read), ``kept_copy``, ``newer_version`` and ``problem``, one English sentence
    saying all that (the CLI prints it; the window composes its own, translated).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.reset_fields: list[ResetField] = []
        self.unreadable: str | None = None
        self.kept_copy: Path | None = None
        self.newer_version: int | None = None

    @property
    def read_only(self) -> bool:
        """The file is a newer PostalGUI's: `save` refuses to overwrite it."""
        return self.newer_version is not None

    def load(self) -> Settings:
        self.reset_fields, self.unreadable, self.kept_copy, self.newer_version = [], None, None, None
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return Settings()
        except OSError as exc:
            self.unreadable = exc.strerror or type(exc).__name__
            log.warning("Settings file unreadable, defaults used: %s", exc)
            return Settings()
        try:
            data = json.loads(shallow_json(raw.decode("utf-8")))
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except (ValueError, RecursionError) as exc:  # RecursionError: nested past Python's stack
            self.unreadable = (
                f"nested more than {MAX_DEPTH} levels deep"
                if isinstance(exc, RecursionError)
                else cut(f"{type(exc).__name__}: {exc}", 120)
            )
            self.kept_copy = self._keep_copy(raw)
            log.info("Settings file unreadable, defaults used: %s", self.unreadable)  # the notice says it
            return Settings()
        version_reset = self._version_reset(data)
        data = self._checked_version(data)
        too_deep = drop_deep(data)
        settings, self.reset_fields = validate_leniently(Settings, data)
        inside = tuple(name for field in self.reset_fields for name in (f"{field.name}.", f"{field.name}["))
        self.reset_fields[:0] = version_reset + [
            field for field in too_deep if not field.name.startswith(inside)
        ]
        if self.reset_fields:
            log.info(  # the notice names them; the log keeps the reasons, the first ones
                "Settings reset to their defaults: %s",
                "; ".join(f"{field.name} ({field.reason})" for field in self.reset_fields[:_LOGGED]),
            )
            if not self.read_only:
                self.kept_copy = self._keep_copy(raw)
        return settings

    @staticmethod
    def _version_reset(data: dict[str, Any]) -> list[ResetField]:
        version = data.get("schema_version", SCHEMA_VERSION)
        if isinstance(version, int) and not isinstance(version, bool):
            return []
        return [ResetField("schema_version", f"not a version number: {version!r}")]

    def _checked_version(self, data: dict[str, Any]) -> dict[str, Any]:
        version = data.get("schema_version", SCHEMA_VERSION)
        if isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION:
            self.newer_version = version
            log.warning("Settings file of a newer PostalGUI (version %d): read only", version)
            data = dict(data)
            data["schema_version"] = SCHEMA_VERSION
            return data
        return migrate(data)

    def _keep_copy(self, raw: bytes) -> Path | None:
        """The original beside the file, written once: an identical earlier copy is reused."""
        for earlier in sorted(self.path.parent.glob(f"{self.path.name}.bad-*")):
            try:
                if earlier.read_bytes() == raw:
                    return earlier
            except OSError:
                continue
        target = aside_path(self.path)
        try:
            with target.open("xb") as handle:
                handle.write(raw)
        except OSError as exc:
            log.warning("Could not keep a copy of the settings file: %s", exc)
            return None
        return target

    @property
    def problem(self) -> str | None:
        """What `load` found, in one line; None when the file was fine."""
        copy = f"; the original is kept as {self.kept_copy}" if self.kept_copy else ""
        if self.unreadable is not None:
            reason = self.unreadable
            return f"the settings file {self.path} could not be read ({reason}); defaults are used{copy}"
        parts: list[str] = []
        if self.newer_version is not None:
            parts.append(
                f"the settings file {self.path} was written by a newer PostalGUI (settings version "
                f"{self.newer_version}, this one knows {SCHEMA_VERSION}): it is read as far as possible "
                "and never overwritten, so changes are not saved"
            )
        if self.reset_fields:
            parts.append(f"invalid settings reset to their defaults: {self.reset_names()}{copy}")
        return "; ".join(parts) or None

    def reset_groups(self) -> list[tuple[str, int]]:
        """The reset settings as (name, count), in order: a setting alone with count 1, the
        entries of one list under the list's name with how many (``prices.products``, 300),
        for the one-line notices of the CLI (`reset_names`) and the window."""
        groups: dict[str, list[str]] = {}
        for field in self.reset_fields:
            groups.setdefault(_INDEX.sub("", field.name), []).append(field.name)
        return [(found[0], 1) if len(found) == 1 else (name, len(found)) for name, found in groups.items()]

    def reset_names(self, shown: int = 3) -> str:
        """The reset settings for a one-line notice: entries of one list counted under its
        name (``prices.products (300 entries)``), the first ``shown`` names, then how many more."""
        names = [
            cut(name) if count == 1 else f"{cut(name)} ({count:,} entries)"
            for name, count in self.reset_groups()
        ]
        more = len(names) - shown
        return ", ".join(names[:shown]) + (f" and {more:,} more" if more > 0 else "")

    def save(self, settings: Settings) -> None:
        """Write atomically: a crash mid-save leaves the previous file intact.

        Raises `SettingsNewerError`, writing nothing, over a newer PostalGUI's file.
        """
        if self.newer_version is not None:
            raise SettingsNewerError(
                f"The settings file {self.path} was written by a newer PostalGUI (settings version "
                f"{self.newer_version}); it is not overwritten"
            )
        write_atomically(self.path, settings.model_dump_json(indent=2).encode("utf-8"))
        self.reset_fields, self.unreadable = [], None


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older settings document to `SCHEMA_VERSION` (a version that is not a number
    is taken as ours: the fields then say what they can)."""
    data = dict(data)
    data["schema_version"] = SCHEMA_VERSION
    return data
