"""``POSTALGUI_*`` environment variables (`Overrides`) and the error naming a bad one.

Read before the window opens, so nothing here loads pydantic: the settings' models (which
the overrides are applied to) load after the first paint (`settings_in_force`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from postalgui.api.environments import Environment
from postalgui.api.errors import RoutineError
from postalgui.api.values import InvalidValue
from postalgui.api.values.ster import parse_ster_contract
from postalgui.services.base_urls import url_problem
from postalgui.store.errors import StoreUrlError
from postalgui.store.urls import office_url

if TYPE_CHECKING:
    from pydantic import ValidationError

    from postalgui.services.settings import Settings

__all__ = ["ConfigError", "Overrides"]


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
    ster_url: str | None = None
    ster_contract: str | None = None
    database_url: str | None = None
    """``POSTALGUI_DATABASE_URL``: the office database for this run; unlike the setting it
    may carry its password (a variable is not a file)."""

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
                # lazy: pydantic, only for a company variable given (not for the first paint)
                from pydantic import ValidationError

                from postalgui.services.settings import Profile

                try:
                    Profile.model_validate({field: value})
                except ValidationError as exc:
                    raise ConfigError(f"{var}: {_reason(exc)}") from None
                profile[field] = value
        base_url = _url_variable(environ, "POSTALGUI_BASE_URL")
        ster_url = _url_variable(environ, "POSTALGUI_STER_URL")
        return cls(
            database_url=_database_variable(environ),
            ster_url=ster_url,
            ster_contract=_ster_contract(environ.get("POSTALGUI_STER_CONTRACT", "")),
            environment=environment,
            base_url=base_url,
            user=environ.get("POSTALGUI_USER") or None,
            access_code=environ.get("POSTALGUI_ACCESS_CODE") or None,
            profile=profile or None,
        )

    def apply(self, settings: Settings) -> Settings:
        """``settings`` with these overrides in force (nothing is saved)."""
        # lazy: the settings' models load after the first paint (`settings_in_force`)
        from postalgui.services.settings import Profile

        result = settings
        if self.environment is not None:
            result = result.model_copy(update={"environment": self.environment})
        if self.profile:
            merged = result.profile().model_dump() | dict(self.profile)
            result = result.with_profile(result.environment, Profile.model_validate(merged))
        if self.ster_contract:
            attendance = result.attendance.model_copy(update={"ster_contract": self.ster_contract})
            result = result.model_copy(update={"attendance": attendance})
        return result


def _url_variable(environ: Mapping[str, str], name: str) -> str | None:
    """The URL in the variable ``name`` without its last ``/``; None when unset."""
    url = environ.get(name, "").strip()
    problem = url_problem(url) if url else None
    if problem is not None:  # the value is not repeated: a URL may carry a password
        raise ConfigError(f"{name}: {problem}")
    return url.rstrip("/") or None


def _database_variable(environ: Mapping[str, str]) -> str | None:
    """``POSTALGUI_DATABASE_URL``, checked (its value is never repeated: it may carry a password)."""
    value = environ.get("POSTALGUI_DATABASE_URL", "").strip()
    if not value:
        return None

    try:
        office_url(value, field="POSTALGUI_DATABASE_URL", allow_password=True)
    except StoreUrlError as exc:
        raise ConfigError(str(exc)) from None
    return value


def _ster_contract(value: str) -> str | None:
    """``POSTALGUI_STER_CONTRACT``: the registration-system contract, 12 characters."""
    if not value.strip():
        return None
    try:
        return parse_ster_contract(value)
    except InvalidValue as exc:
        raise ConfigError(f"POSTALGUI_STER_CONTRACT: {exc.message}") from None


def _reason(exc: ValidationError) -> str:
    err = exc.errors()[0]
    ctx_error = (err.get("ctx") or {}).get("error")
    if isinstance(ctx_error, InvalidValue):
        return str(ctx_error)
    return str(err["msg"]).removeprefix("Value error, ")
