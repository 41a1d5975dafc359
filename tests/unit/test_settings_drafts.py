"""The settings dialog's drafts without Qt: per-environment values, rules, what OK writes."""

from __future__ import annotations

import pytest

from postalgui.api.credentials import CredentialStore
from postalgui.api.environments import Environment
from postalgui.services.overrides import Overrides
from postalgui.services.settings import Profile, Settings
from postalgui.services.settings_drafts import SettingsDrafts, env_key, override_names, url_problem
from tests.conftest import MemoryKeyring


def _drafts(memory_keyring: MemoryKeyring, saved: Settings | None = None) -> SettingsDrafts:
    return SettingsDrafts(saved or Settings(), CredentialStore(memory_keyring))


def test_the_sandbox_draft_carries_the_demo_login_but_none_is_written(memory_keyring: MemoryKeyring) -> None:
    drafts = _drafts(memory_keyring)
    draft = drafts.draft(Environment.SANDBOX, "")
    assert draft.login == "empresa.demo"
    assert not draft.credentials_changed()
    settings = drafts.settings(Environment.SANDBOX, "", "")
    assert drafts.active_secrets(Environment.SANDBOX, settings) == (None, None, None)
    drafts.save_other_secrets(Environment.SANDBOX, "")
    assert memory_keyring.passwords == {}


def test_rules_are_named_per_field_and_other_environments_are_reported(memory_keyring: MemoryKeyring) -> None:
    drafts = _drafts(memory_keyring)
    production = drafts.draft(Environment.PRODUCTION, "")
    production.cnpj, production.card = "11.222.333/0001-00", "12a"
    assert {name: error.rule for name, error in production.errors().items()} == {
        "cnpj": "cnpj.check_digits",
        "card": "card.digits",
    }
    drafts.draft(Environment.SANDBOX, "")
    assert drafts.invalid_others(Environment.SANDBOX) == [Environment.PRODUCTION]
    assert drafts.invalid_others(Environment.PRODUCTION) == []
    with pytest.raises(ValueError, match="CNPJ check digits"):
        drafts.settings(Environment.SANDBOX, "", "")


def test_settings_hold_changed_profiles_and_secrets_of_other_environments(
    memory_keyring: MemoryKeyring,
) -> None:
    drafts = _drafts(memory_keyring)
    homologation = drafts.draft(Environment.HOMOLOGATION, "")
    homologation.card, homologation.login, homologation.access_code = "74512345", "hom.user", "code"
    drafts.draft(Environment.SANDBOX, "")
    settings = drafts.settings(Environment.SANDBOX, "en", "")
    assert settings.language == "en"
    assert settings.first_run_done
    assert settings.profile(Environment.HOMOLOGATION) == Profile(card="0074512345")
    drafts.save_other_secrets(Environment.SANDBOX, "")
    assert memory_keyring.passwords[("postalgui:homologacao", "login")] == "hom.user"


def test_a_new_custom_address_writes_its_secrets_anew(memory_keyring: MemoryKeyring) -> None:
    drafts = _drafts(memory_keyring)
    drafts.draft(Environment.CUSTOM, "https://api.example.com").login = ""
    settings = drafts.settings(Environment.CUSTOM, "", "https://api.example.com")
    assert settings.custom_base_url == "https://api.example.com"
    assert drafts.active_secrets(Environment.CUSTOM, settings) == ("", "", "")


def test_addresses_keys_and_overrides() -> None:
    assert url_problem(" ") == "empty"
    assert url_problem("ftp://example.com") == "scheme"
    assert url_problem("https://") == "scheme"
    assert url_problem("https://api.example.com") is None
    assert env_key(Environment.HOMOLOGATION, "") == "homologacao"
    assert env_key(Environment.CUSTOM, "https://a.example/") == env_key(
        Environment.CUSTOM, "https://a.example"
    )
    overrides = Overrides(environment=Environment.SANDBOX, user="u", profile={"card": "1"})
    assert override_names(overrides) == ["POSTALGUI_ENV", "POSTALGUI_USER", "POSTALGUI_CARD"]


def test_the_office_database_url_is_the_profiles_and_its_password_the_keyrings(
    memory_keyring: MemoryKeyring,
) -> None:
    saved = Settings().with_profile(
        Environment.PRODUCTION, Profile(database_url="postgresql://clerk@db:5432/postalgui")
    )
    memory_keyring.set_password("postalgui:producao", "database_password", "old")
    drafts = _drafts(memory_keyring, saved)
    production = drafts.draft(Environment.PRODUCTION, "")
    assert (production.database_url, production.database_password) == (
        "postgresql://clerk@db:5432/postalgui",
        "old",
    )
    homologation = drafts.draft(Environment.HOMOLOGATION, "")
    homologation.database_url = "postgresql://clerk@hom-db/postalgui"
    homologation.database_password = "hom-pass"
    production.database_url = "mysql://clerk@db/postalgui"
    assert production.database_url_rule() == "engine"
    production.database_url = "postgresql://clerk@db:5432/postalgui"
    settings = drafts.settings(Environment.PRODUCTION, "", "")
    assert settings.profile(Environment.HOMOLOGATION).database_url == "postgresql://clerk@hom-db/postalgui"
    assert settings.profile(Environment.PRODUCTION).database_url == "postgresql://clerk@db:5432/postalgui"
    assert drafts.database_password(Environment.PRODUCTION, settings) is None  # unchanged: kept
    production.database_password = ""
    assert drafts.database_password(Environment.PRODUCTION, settings) == ""  # cleared: removed
    drafts.save_other_secrets(Environment.PRODUCTION, "")
    assert memory_keyring.passwords[("postalgui:homologacao", "database_password")] == "hom-pass"
    assert "hom-pass" not in settings.model_dump_json()


def test_the_database_variable_is_named_as_an_override() -> None:
    overrides = Overrides(database_url="postgresql://clerk:pw@db/postalgui")
    assert override_names(overrides) == ["POSTALGUI_DATABASE_URL"]
