"""Settings file, per-environment profiles, environment-variable overrides."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from postalgui.api.environments import Environment
from postalgui.api.tokens import Scope
from postalgui.sandbox.demo import DEMO
from postalgui.services.overrides import ConfigError, Overrides
from postalgui.services.settings import Profile, Settings, SettingsNewerError, SettingsStore


def test_defaults_are_the_sandbox_with_the_demo_company() -> None:
    settings = Settings()
    assert settings.environment is Environment.SANDBOX
    assert settings.profile().cnpj == DEMO.cnpj
    assert settings.profile().card == DEMO.card
    assert settings.base_url() is None  # the embedded sandbox picks its port at start


def test_profile_normalises_and_validates() -> None:
    profile = Profile(cnpj="11.222.333/0001-81", contract="12345", card="76543210", dr=72)
    assert profile.cnpj == "11222333000181"
    assert profile.contract == "0000012345"
    assert profile.card == "0076543210"
    with pytest.raises(ValueError, match="check digit"):
        Profile(cnpj="11.222.333/0001-82")
    with pytest.raises(ValueError, match="digits"):
        Profile(card="12AB")
    with pytest.raises(ValueError, match="less than or equal to 99"):
        Profile(dr=150)


def test_alphanumeric_cnpj_is_accepted() -> None:
    assert Profile(cnpj="12.abc.345/01de-35").cnpj == "12ABC34501DE35"


def test_default_scope_is_card_then_contract_then_login() -> None:
    assert Profile(contract="1", card="2").default_scope().kind is Scope.CARD
    assert Profile(contract="1").default_scope().kind is Scope.CONTRACT
    assert Profile().default_scope().kind is Scope.LOGIN


def test_profiles_are_kept_per_environment(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    settings = Settings(environment=Environment.PRODUCTION).with_profile(
        Environment.PRODUCTION, Profile(contract="9900000001")
    )
    store.save(settings)
    loaded = store.load()
    assert loaded.profile().contract == "9900000001"
    assert loaded.profile(Environment.SANDBOX).contract == DEMO.contract
    assert loaded.base_url() == "https://api.correios.com.br"
    text = (tmp_path / "settings.json").read_text()
    assert json.loads(text)["schema_version"] == 1


def test_secrets_never_reach_the_settings_file(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    store.save(Settings())
    text = (tmp_path / "settings.json").read_text()
    assert DEMO.access_code not in text
    assert "token" not in text.lower()


def test_broken_settings_file_is_set_aside_not_lost(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    store = SettingsStore(path)
    assert store.load() == Settings()
    assert store.problem
    kept = list(tmp_path.glob("settings.json.bad-*"))
    assert len(kept) == 1
    assert kept[0].read_text() == "{not json"


def test_newer_schema_is_read_but_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    original = json.dumps(
        {
            "schema_version": 99,
            "environment": "homologacao",
            "profiles": {"homologacao": {"contract": "9912345678", "dr": 10}},
            "a_setting_of_the_future": {"x": 1},
        }
    )
    path.write_text(original, encoding="utf-8")
    store = SettingsStore(path)
    settings = store.load()
    assert settings.environment is Environment.HOMOLOGATION  # read as far as it can be
    assert settings.profile().contract == "9912345678"
    assert store.read_only
    assert "newer PostalGUI" in (store.problem or "")
    assert "never overwritten" in (store.problem or "")
    with pytest.raises(SettingsNewerError, match="not overwritten"):
        store.save(settings.updated(language="en"))
    assert path.read_text(encoding="utf-8") == original
    assert list(tmp_path.iterdir()) == [path]  # no copy, no temporary file left


def _file_with_a_bad_cnpj(path: Path) -> str:
    text = json.dumps(
        {
            "schema_version": 1,
            "environment": "producao",
            "language": "en",
            "first_run_done": True,
            "profiles": {
                "producao": {
                    "cnpj": "11.222.333/0001-82",
                    "contract": "9900000001",
                    "card": "76543210",
                    "dr": 72,
                }
            },
            "prices": {"origin_cep": "01310-100"},
        }
    )
    path.write_text(text, encoding="utf-8")
    return text


def test_one_bad_field_is_reset_and_every_other_kept(tmp_path: Path) -> None:
    """A CNPJ with a wrong check digit no longer throws the whole file away (issue 10)."""
    path = tmp_path / "settings.json"
    original = _file_with_a_bad_cnpj(path)
    store = SettingsStore(path)
    settings = store.load()
    assert settings.environment is Environment.PRODUCTION
    assert settings.language == "en"
    assert settings.first_run_done
    assert settings.prices.origin_cep == "01310100"
    profile = settings.profile()
    assert (profile.cnpj, profile.contract, profile.card, profile.dr) == ("", "9900000001", "0076543210", 72)
    assert [field.name for field in store.reset_fields] == ["profiles.producao.cnpj"]
    assert "check digit" in store.reset_fields[0].reason
    assert path.read_text(encoding="utf-8") == original  # loading never rewrites the file
    assert store.kept_copy is not None
    assert store.kept_copy.name.startswith("settings.json.bad-")
    assert store.kept_copy.read_text(encoding="utf-8") == original
    problem = store.problem or ""
    assert "profiles.producao.cnpj" in problem
    assert str(store.kept_copy) in problem
    assert "\n" not in problem


def test_the_original_is_kept_once_not_on_every_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    _file_with_a_bad_cnpj(path)
    first = SettingsStore(path)
    first.load()
    again = SettingsStore(path)
    again.load()
    assert again.kept_copy == first.kept_copy
    assert len(list(tmp_path.glob("settings.json.bad-*"))) == 1


def test_saving_replaces_the_bad_values_and_the_notice_goes(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    _file_with_a_bad_cnpj(path)
    store = SettingsStore(path)
    store.save(store.load())
    assert store.problem is None
    fresh = SettingsStore(path)
    assert fresh.load().profile().contract == "9900000001"
    assert fresh.problem is None


@pytest.mark.parametrize(
    ("content", "reset"),
    [
        ({"environment": "marte", "language": "en"}, ["environment"]),
        ({"language": "xx", "custom_base_url": "ftp://x"}, ["custom_base_url", "language"]),
        (
            {"profiles": {"lua": {"contract": "1"}, "producao": {"dr": 500}}},
            ["profiles.lua", "profiles.producao.dr"],
        ),
        ({"prices": {"origin_cep": "123", "products": ["03220"]}}, ["prices.origin_cep"]),
        ({"schema_version": "um", "language": "en"}, ["schema_version"]),
    ],
)
def test_each_kind_of_bad_value_is_reset_alone(
    tmp_path: Path, content: dict[str, object], reset: list[str]
) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    store = SettingsStore(path)
    settings = store.load()
    assert sorted(field.name for field in store.reset_fields) == reset
    if content.get("language") == "en":
        assert settings.language == "en"
    if "products" in content.get("prices", {}):  # type: ignore[operator]
        assert settings.prices.products == ["03220"]


def _good_fields() -> dict[str, object]:
    return {"first_run_done": True, "language": "en", "prices": {"origin_cep": "01310-100"}}


def test_300_bad_products_are_reset_and_every_other_setting_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    content = _good_fields()
    content["prices"] = {"origin_cep": "01310-100", "products": ["03220", *range(300)]}
    path.write_text(json.dumps(content), encoding="utf-8")
    store = SettingsStore(path)
    settings = store.load()
    assert (settings.language, settings.first_run_done) == ("en", True)
    assert settings.prices.origin_cep == "01310100"
    assert settings.prices.products == ["03220"]  # the good entry stays
    assert len(store.reset_fields) == 300
    assert "*" not in {field.name for field in store.reset_fields}
    problem = store.problem
    assert problem is not None
    assert "invalid settings reset to their defaults: prices.products (300 entries); the original" in problem
    assert len(problem) < 300
    assert "\n" not in problem


def test_a_notice_names_three_settings_then_counts_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    content = _good_fields()
    content["profiles"] = {"producao": {"cnpj": "1", "contract": "x", "card": "y", "dr": 500}}
    path.write_text(json.dumps(content), encoding="utf-8")
    store = SettingsStore(path)
    store.load()
    names = "profiles.producao.card, profiles.producao.cnpj, profiles.producao.contract and 1 more"
    assert store.reset_names() == names


@pytest.mark.parametrize("depth", [40, 5000, 200_000])
def test_a_deeply_nested_value_is_reset_and_every_other_setting_kept(tmp_path: Path, depth: int) -> None:
    path = tmp_path / "settings.json"
    deep = "[" * depth + '"[x]{"' + "]" * depth
    text = json.dumps(_good_fields())
    path.write_text(text[:-1] + f', "prices": {{"origin_cep": "01310100", "products": ["03220", {deep}]}}}}')
    store = SettingsStore(path)
    settings = store.load()  # no RecursionError
    assert (settings.language, settings.prices.origin_cep, settings.prices.products) == (
        "en",
        "01310100",
        ["03220"],
    )
    assert [field.name for field in store.reset_fields] == ["prices.products[1]"]
    assert store.unreadable is None
    assert store.kept_copy is not None


def test_an_unclosed_deep_nesting_is_an_unreadable_file_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"language": "en", "x": ' + "[" * 100_000 + "}", encoding="utf-8")
    store = SettingsStore(path)
    assert store.load() == Settings()
    assert store.unreadable is not None
    assert store.kept_copy is not None
    assert store.problem is not None
    assert len(store.problem) < 300


def test_environment_overrides_win_without_being_saved() -> None:
    overrides = Overrides.from_environ(
        {
            "POSTALGUI_ENV": "homologacao",
            "POSTALGUI_CARD": "123",
            "POSTALGUI_CONTRACT": "9912345678",
            "POSTALGUI_DR": "10",
            "POSTALGUI_USER": "u",
            "POSTALGUI_ACCESS_CODE": "c",
        }
    )
    saved = Settings()
    effective = overrides.apply(saved)
    assert effective.environment is Environment.HOMOLOGATION
    assert effective.profile().card == "0000000123"
    assert effective.profile().dr == 10
    assert saved.environment is Environment.SANDBOX
    assert (overrides.user, overrides.access_code) == ("u", "c")


@pytest.mark.parametrize(
    ("env", "names"),
    [
        ({"POSTALGUI_ENV": "prod"}, "POSTALGUI_ENV"),
        ({"POSTALGUI_CNPJ": "123"}, "POSTALGUI_CNPJ"),
        ({"POSTALGUI_CARD": "12x"}, "POSTALGUI_CARD"),
        ({"POSTALGUI_DR": "abc"}, "POSTALGUI_DR"),
        ({"POSTALGUI_BASE_URL": "ftp://x"}, "POSTALGUI_BASE_URL"),
    ],
)
def test_bad_environment_variables_name_the_variable(env: dict[str, str], names: str) -> None:
    with pytest.raises(ConfigError, match=names):
        Overrides.from_environ(env)


@pytest.mark.parametrize(
    ("url", "rule"),
    [
        ("http://[::1", "must be a URL such as https://host or http://127.0.0.1:8080"),
        ("http://clerk:s3cret@127.0.0.1:99999", "the port must be a number from 1 to 65535"),
        ("http://127.0.0.1:0", "the port must be a number from 1 to 65535"),
        ("http://127.0.0.1:80a", "the port must be a number from 1 to 65535"),
        ("https://", "must be a URL such as"),
        ("http://a host", "must be a URL such as"),
    ],
)
@pytest.mark.parametrize("name", ["POSTALGUI_BASE_URL", "POSTALGUI_STER_URL"])
def test_a_malformed_url_variable_names_the_variable_and_the_rule(name: str, url: str, rule: str) -> None:
    with pytest.raises(ConfigError) as caught:
        Overrides.from_environ({name: url})
    assert str(caught.value).startswith(f"{name}: {rule}")
    assert "s3cret" not in str(caught.value)


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:8080/", "https://clerk:pw@proxy.example", "http://[::1]:9"]
)
def test_a_good_url_variable_is_taken(url: str) -> None:
    assert Overrides.from_environ({"POSTALGUI_BASE_URL": url}).base_url == url.rstrip("/")


def test_a_malformed_custom_url_in_the_file_is_refused_like_the_variable() -> None:
    with pytest.raises(ValueError, match="port must be a number from 1 to 65535"):
        Settings(custom_base_url="https://proxy.example:123456")


def test_custom_environment_has_its_own_key() -> None:
    a = Settings(environment=Environment.CUSTOM, custom_base_url="https://proxy.example/")
    b = Settings(environment=Environment.CUSTOM, custom_base_url="https://other.example")
    assert a.base_url() == "https://proxy.example"
    assert a.env_key != b.env_key != "custom"
    with pytest.raises(ValueError, match="http"):
        Settings(custom_base_url="proxy.example")


def test_settings_are_frozen_and_change_by_copy() -> None:
    """A widget cannot edit the shared settings; `updated` makes a new, validated value."""
    import pydantic

    from postalgui.services.settings import Settings

    settings = Settings()
    with pytest.raises(pydantic.ValidationError):
        settings.language = "en"  # type: ignore[misc]
    with pytest.raises(pydantic.ValidationError):
        settings.prices.origin_cep = "01310100"  # type: ignore[misc]
    changed = settings.updated(prices=settings.prices.updated(origin_cep="01310-100"))
    assert changed.prices.origin_cep == "01310100"  # validated: the hyphen is gone
    assert settings.prices.origin_cep == ""
    with pytest.raises(pydantic.ValidationError):
        settings.updated(language="xx")
