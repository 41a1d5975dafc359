"""The composition root: settings + environment, credentials, embedded sandbox lifecycle."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from postalgui.api.environments import Environment
from postalgui.api.tokens import ACCESS_CODE_KEY, LOGIN_KEY, Scope
from postalgui.sandbox.demo import DEMO
from postalgui.services.context import AppContext, build_context
from postalgui.services.overrides import ConfigError
from postalgui.services.ports import NewObject
from postalgui.services.settings import Profile
from tests.conftest import MemoryKeyring


@pytest.fixture
def context(config_dir: Path) -> Iterator[AppContext]:
    context = build_context()
    yield context
    context.close()


def test_fresh_start_is_the_sandbox_with_demo_credentials_in_memory_only(
    context: AppContext, memory_keyring: MemoryKeyring, config_dir: Path
) -> None:
    assert context.settings.environment is Environment.SANDBOX
    assert context.uses_embedded_sandbox
    assert context.login == DEMO.login
    assert context.default_scope().kind is Scope.CARD
    assert memory_keyring.passwords == {}
    assert config_dir.is_dir()


def test_backend_starts_the_embedded_sandbox_and_close_stops_it(context: AppContext) -> None:
    before = set(threading.enumerate())
    backend = context.backend()
    assert backend.base_url.startswith("http://127.0.0.1:")
    assert context.backend() is backend
    token = backend.tokens.get(context.default_scope())
    assert token.info is not None
    assert token.info.cnpj == DEMO.cnpj
    context.close()
    started = set(threading.enumerate()) - before
    assert not [t for t in started if t.name.startswith("postalgui-sandbox") and t.is_alive()]


def test_environment_credentials_are_not_replaced_by_demo_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_ACCESS_CODE", "from-env")
    context = build_context()
    assert context.credentials.get("sandbox", ACCESS_CODE_KEY) == "from-env"
    assert context.credentials.get("sandbox", LOGIN_KEY) == DEMO.login


def test_base_url_override_means_no_embedded_sandbox(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_BASE_URL", "http://127.0.0.1:9")
    context = build_context()
    assert not context.uses_embedded_sandbox
    assert context.backend().base_url == "http://127.0.0.1:9"
    context.close()


def test_invalid_environment_variable_is_a_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_DR", "200")
    with pytest.raises(ConfigError, match="POSTALGUI_DR"):
        build_context()


def test_apply_saves_settings_and_secrets_and_rebuilds(
    context: AppContext, memory_keyring: MemoryKeyring, config_dir: Path
) -> None:
    first = context.backend()
    new = context.saved_settings.model_copy(update={"environment": Environment.HOMOLOGATION}).with_profile(
        Environment.HOMOLOGATION, Profile(contract="9900000001", dr=10)
    )
    context.apply(new, login="hom.user", access_code="hom-code-123")
    assert memory_keyring.passwords[("postalgui:homologacao", LOGIN_KEY)] == "hom.user"
    assert memory_keyring.passwords[("postalgui:homologacao", ACCESS_CODE_KEY)] == "hom-code-123"
    text = (config_dir / "settings.json").read_text()
    assert "hom-code-123" not in text
    assert "homologacao" in text
    assert not context.uses_embedded_sandbox
    second = context.backend()
    assert second is not first
    assert second.base_url == "https://apihom.correios.com.br"
    assert context.default_scope().kind is Scope.CONTRACT
    assert build_context().settings.environment is Environment.HOMOLOGATION


def test_the_embedded_sandbox_factory_is_the_sandboxs() -> None:
    from postalgui.sandbox.process import APP_FACTORY
    from postalgui.services.context import SANDBOX_APP

    assert SANDBOX_APP == APP_FACTORY


def test_sandbox_url_is_the_override_in_the_sandbox_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTALGUI_BASE_URL", "http://127.0.0.1:9")
    context = build_context()
    assert context.sandbox_url() == "http://127.0.0.1:9"
    assert not context._sandbox.started  # nothing started here
    context.close()


def test_the_quote_history_is_the_office_databases_and_follows_the_environment(
    context: AppContext, config_dir: Path
) -> None:
    from postalgui.api.models.price import PriceQuery, QuoteResult

    history = context.quote_history()
    assert history.office is context.office()
    assert context.quote_history() is history
    history.add(
        [QuoteResult(0, PriceQuery(coProduto="03220"), None)], environment=context.env_key, source="cli"
    )
    (entry,) = history.search()
    assert entry.created_by == DEMO.login  # who made it: the login
    assert (context.paths.data_dir / f"office-{context.env_key}.sqlite3").exists()
    new = context.saved_settings.model_copy(update={"environment": Environment.HOMOLOGATION}).with_profile(
        Environment.HOMOLOGATION, Profile(contract="9900000001", dr=10)
    )
    context.apply(new, login="hom.user", access_code="hom-code-123")
    other = context.quote_history()
    assert other is not history
    assert other.office is context.office()
    assert other.environment == context.env_key != entry.environment
    assert other.search() == []


def test_invoices_follow_into_tracking_s_watchlist(context: AppContext) -> None:
    """The `Follow` port the root gives Invoices keeps the objects in Tracking's watchlist,
    and lets go only of those Invoices put there."""
    follow = context.invoices.follow
    context.tracking.watchlist().add([NewObject("AA123456789BR")], source="manual")
    objects = [NewObject("DG049186226BR", invoice="RE 1234567"), NewObject("AA123456789BR")]
    assert follow.follow(objects, source="invoice") == 1
    watched = context.tracking.watchlist().known(["DG049186226BR", "AA123456789BR"])
    assert watched["DG049186226BR"].invoice == "RE 1234567"
    assert follow.unfollow(["DG049186226BR", "AA123456789BR"], source="invoice") == 1
    assert [one.code for one in context.tracking.watchlist().objects()] == ["AA123456789BR"]
