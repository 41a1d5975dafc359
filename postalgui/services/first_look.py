"""What the window's first paint reads of the settings file, read without pydantic.

The first paint needs a handful of settings: the environment (the title, the credential
set, whether the embedded sandbox runs), whether the profile's token is delegated, the
office database's URL (the status bar), the tab shown first and the Prices section (the
tab on screen when it is the first).
Validating the whole file loads pydantic and every feature's settings model, about a
third of the start-up's imports (bench_startup); `first_look` reads those few values
from the JSON as it is, and only when each is a value validation keeps unchanged. Any
other file (a value edited by hand, a custom base URL, another schema version, not JSON)
gives None, and the settings are read in full before the window is built, as always.
The full read follows one event-loop turn after the first paint (`SettingsInForce`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from postalgui.api.environments import Environment
from postalgui.sandbox import demo_account
from postalgui.services.price.price_view import PriceView

if TYPE_CHECKING:
    from postalgui.services.price.price_settings import PriceSettings

__all__ = ["SCHEMA_VERSION", "FirstLook", "env_key_of", "first_look", "sandbox_credentials"]

SCHEMA_VERSION = 1


@dataclass(frozen=True)
class FirstLook:
    """The settings the first paint reads, as the file holds them (overrides applied)."""

    prices: PriceView
    environment: Environment = Environment.SANDBOX
    delegated: bool = False
    database_url: str = ""
    first_tab: str = ""

    @property
    def env_key(self) -> str:
        return env_key_of(self.environment, "")


def env_key_of(environment: Environment, custom_base_url: str) -> str:
    """Names the credential set and token cache: one per environment (REFERENCE.md), a
    custom one by its URL."""
    if environment is Environment.CUSTOM:
        digest = hashlib.sha256(custom_base_url.encode()).hexdigest()[:10]
        return f"custom-{digest}"
    return environment.value


def sandbox_credentials() -> tuple[str, str]:
    """The embedded sandbox's demo login and access code."""
    return demo_account.LOGIN, demo_account.ACCESS_CODE


def first_look(
    path: Path, prices: Callable[[], PriceSettings], environment: Environment | None = None
) -> FirstLook | None:
    """The first look at the settings file at ``path``; None when it must be read in full.

    ``prices`` gives the validated Prices section, which the view hands a change to;
    ``environment`` is the one a variable sets (`Overrides.environment`), if any.
    """
    try:
        data: Any = json.loads(path.read_bytes())
    except FileNotFoundError:
        data = {}
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or not _ours(data.get("schema_version", SCHEMA_VERSION)):
        return None
    saved = _environment(data.get("environment", Environment.SANDBOX.value))
    view = PriceView.read(data.get("prices"), prices)
    if saved is None or view is None:
        return None
    environment = environment or saved
    profiles = data.get("profiles", {})
    profile = profiles.get(environment.value, {}) if isinstance(profiles, dict) else None
    if not isinstance(profile, dict):
        return None
    delegated = profile.get("delegated", False)
    database_url = profile.get("database_url", "")
    if not isinstance(delegated, bool) or not isinstance(database_url, str):
        return None
    if database_url != database_url.strip():  # validation would strip it
        return None
    first_tab = data.get("first_tab", "")
    if not isinstance(first_tab, str):
        return None
    return FirstLook(view, environment, delegated, database_url, first_tab)


def _environment(value: object) -> Environment | None:
    """A saved environment other than a custom one (whose key needs its checked URL)."""
    if not isinstance(value, str):
        return None
    try:
        environment = Environment(value)
    except ValueError:
        return None
    return None if environment is Environment.CUSTOM else environment


def _ours(version: object) -> bool:
    return type(version) is int and version == SCHEMA_VERSION
