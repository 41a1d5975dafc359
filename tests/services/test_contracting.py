"""Contract tasks against the real sandbox over HTTP: contracts, detail, pages, lookups, quoting settings."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from postalgui.api.cancel import CancelToken
from postalgui.api.contracts import ContractClient
from postalgui.api.errors import NotFoundError
from postalgui.api.models.contracts import Contract, PostingCard, Service
from postalgui.api.scopes import Scope
from postalgui.sandbox.process import SandboxProcess
from postalgui.services.context import AppContext, build_context
from postalgui.services.contracts import use_cases as contracting
from postalgui.services.settings import Profile, Settings
from postalgui.services.tasks import Progress, TaskHandle
from tests.conftest import MemoryKeyring

MAIN = "9912345678"
MAIN_CARD = "0074512345"
SMALL_CARD = "0074512346"  # PAC and Mini Envios only
EXPIRING = "9912345680"


class FakeHandle(TaskHandle):
    """A `TaskHandle` without Qt (the real one's signals need a worker)."""

    def __init__(self) -> None:
        self.name = "test"
        self.token = CancelToken()
        self.finished_event = threading.Event()
        self.reports: list[Progress] = []

    def progress(self, done: int, total: int | None = None, text: str = "", payload: object = None) -> None:
        self.reports.append(Progress(done, total, text, payload))


@pytest.fixture(scope="module")
def sandbox_url() -> Iterator[str]:
    """One sandbox for the module: starting one per test would cost seconds each."""
    environ = {name: value for name, value in os.environ.items() if not name.startswith("POSTALGUI_")}
    server = SandboxProcess(port=0, environ=environ)
    server.start()
    try:
        assert server.wait_ready(15.0)
        yield server.url
    finally:
        server.stop()


@pytest.fixture
def context(config_dir: Path, memory_keyring: MemoryKeyring, sandbox_url: str) -> Iterator[AppContext]:
    environ = {"POSTALGUI_CONFIG_DIR": str(config_dir), "POSTALGUI_BASE_URL": sandbox_url}
    built = build_context(environ=environ, keyring_backend=memory_keyring)
    yield built
    built.close()


# --------------------------------------------------------------------------- client


def test_client_uses_the_contract_scope_or_the_login_scope(context: AppContext) -> None:
    client = contracting.contract_client(context)
    assert isinstance(client, ContractClient)
    assert client.cnpj == context.profile.cnpj
    assert client.scope is not None
    assert client.scope.kind is Scope.CONTRACT
    assert client.scope.contract == MAIN

    settings = context.saved_settings
    no_contract = context.profile.model_copy(update={"contract": "", "card": ""})
    context.apply(settings.with_profile(settings.environment, no_contract))
    client = contracting.contract_client(context)
    assert client.scope is not None
    assert client.scope.kind is Scope.LOGIN
    # Without a contract the company's contracts can still be listed (to pick one).
    assert {c.nuContrato for c in contracting.list_contracts(FakeHandle(), context, None, None)} >= {MAIN}


# --------------------------------------------------------------------------- contracts


def test_contracts_by_status_and_validity(context: AppContext) -> None:
    handle = FakeHandle()
    every = contracting.list_contracts(handle, context, None, None)
    assert {c.status for c in every} == {"ATIVO", "SUSPENSO", "CANCELADO", "EM_DESENVOLVIMENTO"}
    suspended = contracting.list_contracts(handle, context, "SUSPENSO", None)
    assert suspended
    assert {c.status for c in suspended} == {"SUSPENSO"}
    valid = contracting.list_contracts(handle, context, None, True)
    now = datetime.now()
    assert {c.nuContrato for c in valid} >= {MAIN, EXPIRING}
    assert len(valid) < len(every)
    for contract in valid:
        assert contract.dtInicioVigencia is not None
        assert contract.dtFimVigencia is not None
        assert contract.dtInicioVigencia <= now <= contract.dtFimVigencia
    expiring = next(c for c in every if c.nuContrato == EXPIRING)
    assert expiring.dtFimVigencia is not None
    assert 0 <= (expiring.dtFimVigencia.date() - now.date()).days < 30


def test_contract_detail_has_category_and_both_contact_groups_with_extras(context: AppContext) -> None:
    detail = contracting.contract_detail(FakeHandle(), context, MAIN)
    assert detail.contract.nuContrato == MAIN
    assert detail.contract.status == "ATIVO"
    assert detail.category is not None
    assert detail.category.descricao
    assert detail.category_error is None
    assert detail.management_error is None
    assert detail.administration_error is None
    assert len(detail.management) >= 1
    assert len(detail.administration) >= 1
    assert any(contact.extras for contact in detail.management)
    assert all(contact.nome for contact in (*detail.management, *detail.administration))


def test_one_failing_part_of_the_detail_keeps_the_others(
    context: AppContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(_self: ContractClient, _nu: str) -> object:
        raise NotFoundError(["CON-099: categoria indisponível"], status=404)

    monkeypatch.setattr(ContractClient, "category", refuse)
    detail = contracting.contract_detail(FakeHandle(), context, MAIN)
    assert detail.category is None
    assert detail.category_error is not None
    assert "CON-099" in detail.category_error
    assert detail.management
    assert detail.administration
    assert detail.management_error is None


def test_an_unknown_contract_fails_the_detail(context: AppContext) -> None:
    with pytest.raises(NotFoundError):
        contracting.contract_detail(FakeHandle(), context, "9900000001")


def test_contract_services_come_a_page_at_a_time(context: AppContext) -> None:
    handle = FakeHandle()
    first = contracting.contract_services_page(handle, context, MAIN, 0, 5)
    assert len(first.itens) == 5
    assert first.page.number == 0
    assert first.page.totalElements > 5
    assert not first.last
    codes = [s.codigo for s in first.itens]
    second = contracting.contract_services_page(handle, context, MAIN, 1, 5)
    assert second.page.number == 1
    assert not set(codes) & {s.codigo for s in second.itens}


# --------------------------------------------------------------------------- cards


def test_cards_span_pages_and_filter_by_status(context: AppContext) -> None:
    handle = FakeHandle()
    first = contracting.cards_page(handle, context, MAIN, None, 0, 20)
    assert len(first.itens) == 20
    assert first.page.totalElements >= 30
    assert not first.last
    seen = [c.nuCartaoPostagem for c in first.itens]
    number = 0
    page = first
    while not page.last:
        number += 1
        page = contracting.cards_page(handle, context, MAIN, None, number, 20)
        seen.extend(c.nuCartaoPostagem for c in page.itens)
    assert len(seen) == len(set(seen)) == first.page.totalElements
    irregular = contracting.cards_page(handle, context, MAIN, "IRREGULAR", 0, 50)
    assert irregular.itens
    assert {c.status for c in irregular.itens} == {"IRREGULAR"}


def test_card_services_and_lookups(context: AppContext) -> None:
    handle = FakeHandle()
    small = contracting.card_services(handle, context, MAIN, SMALL_CARD)
    assert {s.codigo for s in small} == {"03298", "04227"}
    main = contracting.card_services(handle, context, MAIN, MAIN_CARD)
    assert len(main) > len(small)
    assert contracting.quoting_products(handle, context, MAIN, SMALL_CARD) == small

    missing = contracting.service_lookup(handle, context, MAIN, SMALL_CARD, "03204")
    assert not missing.found
    assert missing.missing is not None
    assert missing.missing.code == "CON-011"
    found = contracting.service_lookup(handle, context, MAIN, SMALL_CARD, "04227")
    assert found.found
    assert found.service is not None
    assert found.service.codigo == "04227"
    of_contract = contracting.service_lookup(handle, context, MAIN, None, "03204")
    assert of_contract.found


def test_token_apis_are_the_current_tokens(context: AppContext) -> None:
    apis = contracting.token_apis(FakeHandle(), context)
    # The demo's main card (the sandbox profile's) enables every API the app shows.
    assert {34, 35, 41, 76, 87} <= set(apis)


# --------------------------------------------------------------------------- quoting settings


def _card(number: str, contract: str = MAIN, dr: int | None = 72) -> PostingCard:
    return PostingCard(nuCartaoPostagem=number, nuContrato=contract, nuSe=dr, status="ATIVO")


def test_settings_for_card_sets_the_profile_and_the_products() -> None:
    settings = Settings()
    environment = settings.environment
    settings = settings.with_profile(
        environment, Profile(cnpj="11222333000181", contract="1", card="2", dr=10)
    )
    settings = settings.model_copy(
        update={"prices": settings.prices.model_copy(update={"compare_products": ["03298", "03220"]})}
    )
    contract = Contract(nuContrato="9912345680", nuSe=20, status="ATIVO")
    services = [
        Service(codigo="03298", descricao="PAC CONTRATO AG"),
        Service(codigo="04227", descricao="MINI ENVIOS CONTRATO AG"),
        Service(codigo="03298", descricao="PAC CONTRATO AG"),
        Service(codigo="80250"),
    ]
    updated = contracting.settings_for_card(
        settings, environment, contract, _card("74600001", "9912345680", 20), services
    )
    profile = updated.profile(environment)
    assert profile.card == "0074600001"
    assert profile.contract == "9912345680"
    assert profile.dr == 20
    assert profile.cnpj == "11222333000181"
    assert updated.prices.products == ["03298", "04227", "80250"]
    assert updated.prices.product_names == {"03298": "PAC CONTRATO AG", "04227": "MINI ENVIOS CONTRATO AG"}
    assert updated.prices.compare_products == ["03298"]
    assert settings.prices.products != updated.prices.products  # the original is untouched


def test_a_card_without_services_keeps_the_products() -> None:
    settings = Settings()
    contract = Contract(nuContrato=MAIN, nuSe=72, status="ATIVO")
    updated = contracting.settings_for_card(settings, settings.environment, contract, _card(MAIN_CARD), [])
    assert updated.profile().card == MAIN_CARD
    assert updated.prices == settings.prices


def test_the_dr_falls_back_to_the_contracts() -> None:
    settings = Settings()
    contract = Contract(nuContrato=MAIN, nuSe=72, status="ATIVO")
    card = PostingCard(nuCartaoPostagem=SMALL_CARD, status="ATIVO")
    updated = contracting.settings_for_card(
        settings, settings.environment, contract, card, [Service(codigo="03298")]
    )
    assert updated.profile().contract == MAIN
    assert updated.profile().dr == 72
