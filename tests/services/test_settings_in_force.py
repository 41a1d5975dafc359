"""`SettingsInForce`: the first paint's questions answered from a first look, the file read
in full once on first use (from any thread), and what that read found kept."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from postalgui.api.environments import Environment
from postalgui.services.overrides import Overrides
from postalgui.services.settings import Settings, SettingsStore
from postalgui.services.settings_in_force import SettingsInForce


def settings_file(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def count_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    reads: list[int] = []
    plain_load = SettingsStore.load

    def load(store: SettingsStore) -> Settings:
        reads.append(1)
        return plain_load(store)

    monkeypatch.setattr(SettingsStore, "load", load)
    return reads


def test_the_first_paint_s_questions_read_no_more_than_the_first_look(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads = count_reads(monkeypatch)
    path = settings_file(
        tmp_path,
        {
            "environment": "homologacao",
            "profiles": {"homologacao": {"delegated": True, "database_url": "postgresql://c@db/postalgui"}},
            "prices": {"origin_cep": "01310100"},
            "language": "xx",  # wrong, but not the first paint's business
        },
    )
    settings = SettingsInForce(path, Overrides(), look_first=True)
    assert (settings.environment, settings.env_key, settings.delegated) == (
        Environment.HOMOLOGATION,
        "homologacao",
        True,
    )
    assert settings.database_url == "postgresql://c@db/postalgui"
    assert settings.form_prices().origin_cep == "01310100"
    assert not settings.loaded
    assert reads == []
    # The first use of the whole settings reads the file in full, and says what it found.
    assert settings.current.language == ""
    assert settings.loaded
    assert settings.store.reset_fields[0].name == "language"
    assert settings.form_prices() is settings.current.prices
    assert reads == [1]


def test_a_file_the_first_look_cannot_take_is_read_in_full_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads = count_reads(monkeypatch)
    path = settings_file(tmp_path, {"prices": {"origin_cep": "01310-100"}})
    settings = SettingsInForce(path, Overrides(), look_first=True)
    assert settings.loaded
    assert reads == [1]
    assert settings.form_prices().origin_cep == "01310100"


def test_without_look_first_the_file_is_read_at_once(tmp_path: Path) -> None:
    settings = SettingsInForce(settings_file(tmp_path, {"environment": "producao"}), Overrides())
    assert settings.loaded
    assert settings.environment is Environment.PRODUCTION


def test_threads_asking_together_read_the_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reads = count_reads(monkeypatch)
    settings = SettingsInForce(
        settings_file(tmp_path, {"first_run_done": True}), Overrides(), look_first=True
    )
    start = threading.Barrier(4)
    seen: list[Settings] = []

    def ask() -> None:
        start.wait()
        seen.append(settings.saved)

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert reads == [1]
    assert len(seen) == 4
    assert all(one is seen[0] for one in seen)


def test_saved_settings_replace_the_first_look(tmp_path: Path) -> None:
    path = settings_file(tmp_path, {"environment": "sandbox"})
    settings = SettingsInForce(path, Overrides(environment=Environment.PRODUCTION), look_first=True)
    changed = Settings(environment=Environment.HOMOLOGATION, first_run_done=True)
    settings.store.save(changed)
    settings.replace(changed)
    assert settings.saved is changed
    assert settings.current.environment is Environment.PRODUCTION  # the variable still wins
    assert settings.env_key == "producao"
