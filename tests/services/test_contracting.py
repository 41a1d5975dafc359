"""Contract tasks against the real sandbox over HTTP: contracts, detail, pages, lookups, quoting settings."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
import requests

from postalgui.api.cancel import PlainTask
from postalgui.api.contracts import ContractClient
from postalgui.api.errors import NotFoundError, PermissionDeniedError
from postalgui.api.models.contracts import Contract, PostingCard, Service
from postalgui.api.scopes import Scope, TokenScope
from postalgui.sandbox.faults import CONTROL_PREFIX
from postalgui.sandbox.process import SandboxProcess
from postalgui.services.context import AppContext, build_context
from postalgui.services.contracts import use_cases as contracting
from postalgui.services.contracts.service import ContractNotSetError
from postalgui.services.settings import Profile, Settings
from tests.conftest import MemoryKeyring

MAIN = "9912345678"
MAIN_CARD = "0074512345"
SMALL_CARD = "0074512346"  # PAC and Mini Envios only
EXPIRING = "9912345680"


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


def test_client_uses_the_contract_scope(context: AppContext) -> None:
    client = context.contracts.client()
    assert isinstance(client, ContractClient)
    assert client.cnpj == context.profile.cnpj
    assert client.scope is not None
    assert client.scope.kind is Scope.CONTRACT
    assert client.scope.contract == MAIN
    assert client.scope.dr == context.profile.dr
    # A card set for quoting does not change it: the service is authorized by contract.
    assert context.profile.card
    listed = contracting.list_contracts(PlainTask(), context.contracts, None, None)
    assert {c.nuContrato for c in listed} >= {MAIN}


def test_without_a_contract_it_says_so_and_sends_nothing(context: AppContext) -> None:
    """Spec 001, 5.2: a contract token; with none configured, the setting is named and nothing sent."""
    settings = context.saved_settings
    no_contract = context.profile.model_copy(update={"contract": "", "card": ""})
    context.apply(settings.with_profile(settings.environment, no_contract))
    before = _requests_sent(context)
    with pytest.raises(ContractNotSetError) as info:
        contracting.list_contracts(PlainTask(), context.contracts, None, None)
    assert "Contract" in str(info.value)
    assert "POSTALGUI_CONTRACT" in str(info.value)
    assert _requests_sent(context) == before


def test_the_sandbox_refuses_a_login_token(context: AppContext) -> None:
    """The operator's side of the rule: the contract service takes a contract's token only."""
    login_client = ContractClient(context.backend().client, context.profile.cnpj, TokenScope(Scope.LOGIN))
    with pytest.raises(PermissionDeniedError) as info:
        login_client.contracts()
    assert info.value.code == "CON-004"


def _requests_sent(context: AppContext) -> int:
    """Requests the sandbox received (its own count), not counting this question."""
    response = requests.get(f"{context.sandbox_url()}{CONTROL_PREFIX}/stats", timeout=10)
    total: int = response.json()["total_requests"]
    return total


# --------------------------------------------------------------------------- contracts


def test_contracts_by_status_and_validity(context: AppContext) -> None:
    task = PlainTask()
    every = contracting.list_contracts(task, context.contracts, None, None)
    assert {c.status for c in every} == {"ATIVO", "SUSPENSO", "CANCELADO", "EM_DESENVOLVIMENTO"}
    suspended = contracting.list_contracts(task, context.contracts, "SUSPENSO", None)
    assert suspended
    assert {c.status for c in suspended} == {"SUSPENSO"}
    valid = contracting.list_contracts(task, context.contracts, None, True)
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
    detail = contracting.contract_detail(PlainTask(), context.contracts, MAIN)
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
    detail = contracting.contract_detail(PlainTask(), context.contracts, MAIN)
    assert detail.category is None
    assert detail.category_error is not None
    assert "CON-099" in detail.category_error
    assert detail.management
    assert detail.administration
    assert detail.management_error is None


def test_an_unknown_contract_fails_the_detail(context: AppContext) -> None:
    with pytest.raises(NotFoundError):
        contracting.contract_detail(PlainTask(), context.contracts, "9900000001")


def test_contract_services_come_a_page_at_a_time(context: AppContext) -> None:
    task = PlainTask()
    first = contracting.contract_services_page(task, context.contracts, MAIN, 0, 5)
    assert len(first.itens) == 5
    assert first.page.number == 0
    assert first.page.totalElements > 5
    assert not first.last
    codes = [s.codigo for s in first.itens]
    second = contracting.contract_services_page(task, context.contracts, MAIN, 1, 5)
    assert second.page.number == 1
    assert not set(codes) & {s.codigo for s in second.itens}


# --------------------------------------------------------------------------- cards


def test_cards_span_pages_and_filter_by_status(context: AppContext) -> None:
    task = PlainTask()
    first = contracting.cards_page(task, context.contracts, MAIN, None, 0, 20)
    assert len(first.itens) == 20
    assert first.page.totalElements >= 30
    assert not first.last
    seen = [c.nuCartaoPostagem for c in first.itens]
    number = 0
    page = first
    while not page.last:
        number += 1
        page = contracting.cards_page(task, context.contracts, MAIN, None, number, 20)
        seen.extend(c.nuCartaoPostagem for c in page.itens)
    assert len(seen) == len(set(seen)) == first.page.totalElements
    irregular = contracting.cards_page(task, context.contracts, MAIN, "IRREGULAR", 0, 50)
    assert irregular.itens
    assert {c.status for c in irregular.itens} == {"IRREGULAR"}


def test_card_services_and_lookups(context: AppContext) -> None:
    task = PlainTask()
    small = contracting.card_services(task, context.contracts, MAIN, SMALL_CARD)
    assert {s.codigo for s in small} == {"03298", "04227"}
    main = contracting.card_services(task, context.contracts, MAIN, MAIN_CARD)
    assert len(main) > len(small)
    assert contracting.quoting_products(task, context.contracts, MAIN, SMALL_CARD) == small

    missing = contracting.service_lookup(task, context.contracts, MAIN, SMALL_CARD, "03204")
    assert not missing.found
    assert missing.missing is not None
    assert missing.missing.code == "CON-011"
    found = contracting.service_lookup(task, context.contracts, MAIN, SMALL_CARD, "04227")
    assert found.found
    assert found.service is not None
    assert found.service.codigo == "04227"
    of_contract = contracting.service_lookup(task, context.contracts, MAIN, None, "03204")
    assert of_contract.found


def test_token_apis_are_the_current_tokens(context: AppContext) -> None:
    apis = contracting.token_apis(PlainTask(), context.contracts)
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
        Service(codigo="38210", descricao="API PRAZOS"),  # opens delivery time: nothing to post
        Service(codigo="86711", descricao="BUSCA AGENCIA"),
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


# --------------------------------------------------------------------------- the facade, the CLI's view


def test_contract_parts_one_at_a_time(context: AppContext) -> None:
    task, service = PlainTask(), context.contracts
    assert contracting.contract_record(task, service, MAIN).nuContrato == MAIN
    assert contracting.contract_category(task, service, MAIN).descricao
    contacts = contracting.contract_contacts(task, service, MAIN)
    assert contacts.management
    assert contacts.administration
    card = contracting.posting_card(task, service, MAIN, SMALL_CARD)
    assert card.nuCartaoPostagem == SMALL_CARD
    every = contracting.all_cards(task, service, MAIN, None, size=20)
    assert len(every) == contracting.cards_page(task, service, MAIN, None, 0, 20).page.totalElements
    small = {s.codigo for s in contracting.all_contract_services(task, service, MAIN, card=SMALL_CARD)}
    assert small == {"03298", "04227"}
    page = contracting.card_services_page(task, service, MAIN, SMALL_CARD, 0, 1)
    assert len(page.itens) == 1


def test_a_cancelled_task_asks_nothing(context: AppContext) -> None:
    from postalgui.api.cancel import Cancelled

    task = PlainTask()
    task.cancel()
    with pytest.raises(Cancelled):
        contracting.list_contracts(task, context.contracts, None, None)
    with pytest.raises(Cancelled):
        contracting.token_apis(task, context.contracts)


def test_use_card_saves_the_card_its_contract_and_products(context: AppContext) -> None:
    contract = Contract(nuContrato=EXPIRING, nuSe=20, status="ATIVO")
    card = PostingCard(nuCartaoPostagem="0074600001", nuContrato=EXPIRING, nuSe=20, status="ATIVO")
    before = context.saved_settings
    context.contracts.use_card(contract, card, [Service(codigo="03298", descricao="PAC")])
    assert context.profile.card == "0074600001"
    assert context.profile.contract == EXPIRING
    assert context.profile.dr == 20
    assert context.settings.prices.products == ["03298"]
    assert before.profile().card == MAIN_CARD  # a new settings object, the old one untouched
    assert context.contracts.token().info is not None
