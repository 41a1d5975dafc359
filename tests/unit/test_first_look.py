"""`first_look`: what the window's first paint reads of the settings file, without
pydantic, agrees with the file read in full; any file it cannot read that way is None."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from postalgui.api.environments import Environment
from postalgui.services.first_look import FirstLook, first_look
from postalgui.services.overrides import Overrides
from postalgui.services.price.price_settings import PriceSettings
from postalgui.services.settings import SettingsStore


def no_full() -> PriceSettings:
    raise AssertionError("the first look read the validated settings")


def look(tmp_path: Path, data: Any, overrides: Overrides | None = None) -> FirstLook | None:
    path = tmp_path / "settings.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return first_look(path, no_full, (overrides or Overrides()).environment)


def test_no_file_is_the_sandbox(tmp_path: Path) -> None:
    found = first_look(tmp_path / "settings.json", no_full)
    assert found is not None
    assert (found.environment, found.env_key, found.delegated, found.database_url) == (
        Environment.SANDBOX,
        "sandbox",
        False,
        "",
    )
    assert found.prices.products == tuple(PriceSettings().products)


@pytest.mark.parametrize(
    "data",
    [
        {"schema_version": 1, "first_run_done": True},
        {"environment": "producao", "profiles": {"producao": {"delegated": True, "cnpj": "34028316000103"}}},
        {
            "environment": "homologacao",
            "profiles": {"homologacao": {"database_url": "postgresql://clerk@server:5432/postalgui"}},
            "prices": {"origin_cep": "01310100", "handling_days": 2},
            "language": "en",
            "first_tab": "overview",
        },
        {"environment": "sandbox", "profiles": {"producao": {"delegated": True}}},  # another environment's
    ],
)
def test_it_agrees_with_the_file_read_in_full(tmp_path: Path, data: dict[str, Any]) -> None:
    found = look(tmp_path, data)
    assert found is not None
    full = SettingsStore(tmp_path / "settings.json").load()
    profile = full.profile()
    assert (found.environment, found.env_key) == (full.environment, full.env_key)
    assert (found.delegated, found.database_url) == (profile.delegated, profile.database_url)
    assert found.first_tab == full.first_tab  # the window's first tab, before the full read
    assert (found.prices.origin_cep, found.prices.handling_days) == (
        full.prices.origin_cep,
        full.prices.handling_days,
    )


def test_the_environment_variable_wins(tmp_path: Path) -> None:
    data = {"environment": "sandbox", "profiles": {"producao": {"delegated": True}}}
    found = look(tmp_path, data, Overrides(environment=Environment.PRODUCTION))
    assert found is not None
    assert (found.environment, found.env_key, found.delegated) == (Environment.PRODUCTION, "producao", True)


@pytest.mark.parametrize(
    "data",
    [
        "{not json",
        "[]",
        {"schema_version": 2},  # a newer PostalGUI's: read only, and said
        {"schema_version": True},
        {"environment": "moon"},
        {
            "environment": "custom",
            "custom_base_url": "https://api.example.com",
        },  # its key needs the URL checked
        {"environment": 3},
        {"profiles": []},
        {"profiles": {"sandbox": "x"}},
        {"profiles": {"sandbox": {"delegated": "yes"}}},
        {"profiles": {"sandbox": {"database_url": " postgresql://clerk@server/postalgui"}}},
        {"profiles": {"sandbox": {"database_url": None}}},
        {"prices": {"origin_cep": "01310-100"}},
        {"first_tab": 3},
    ],
)
def test_a_file_it_cannot_read_as_is_is_read_in_full(tmp_path: Path, data: Any) -> None:
    assert look(tmp_path, data) is None


def test_an_unreadable_file_is_read_in_full(tmp_path: Path) -> None:
    (tmp_path / "settings.json").mkdir()
    assert first_look(tmp_path / "settings.json", no_full) is None
