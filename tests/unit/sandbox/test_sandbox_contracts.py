"""The contract service's demo data and its pure helpers (paths, codes, rolling validity)."""

from __future__ import annotations

import re
from collections import Counter
from datetime import date

import pytest

from postalgui.sandbox import DEMO, price_catalog
from postalgui.sandbox import contract_data as data
from postalgui.sandbox.demo import (
    CARD_STATUSES,
    CONTRACT_STATUSES,
    EXPIRING_CONTRACT,
    EXPIRING_IN_DAYS,
    MAIN_CONTRACT_CARDS,
    Contract,
    PostingCard,
)
from postalgui.sandbox.identifiers import cnpj_is_valid
from postalgui.sandbox.routes_contracts import DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, path_variants
from postalgui.sandbox.timefmt import parse_local

TODAY = date(2025, 6, 2)


def _contract(number: str) -> Contract:
    found = DEMO.find_contract(number)
    assert found is not None
    return found[1]


def _all_cards() -> list[tuple[Contract, PostingCard]]:
    return [(c, card) for company in DEMO.companies for c in company.contracts for card in c.cards]


def test_the_demo_company_has_a_contract_in_every_status() -> None:
    assert {c.status for c in DEMO.company.contracts} == set(CONTRACT_STATUSES)


def test_main_contract_is_unchanged_for_tokens_prices_and_invoices() -> None:
    main = _contract(DEMO.contract)
    assert (main.number, main.status, main.dr) == ("9912345678", "ATIVO", 72)
    assert main.cards[0].number == DEMO.card == "0074512345"
    assert main.cards[0].status == "ATIVO"
    second = _contract("9912345679")
    assert (second.status, second.dr) == ("SUSPENSO", 74)


def test_main_contract_has_many_cards_in_every_status() -> None:
    main = _contract(DEMO.contract)
    assert len(main.cards) == MAIN_CONTRACT_CARDS >= 30
    assert MAIN_CONTRACT_CARDS > 2 * DEFAULT_PAGE_SIZE  # three pages at the default size
    counts = Counter(card.status for card in main.cards)
    assert set(counts) == set(CARD_STATUSES)
    assert counts["ATIVO"] > len(main.cards) // 2


def test_card_numbers_are_unique_ten_digit_numbers() -> None:
    numbers = [card.number for _, card in _all_cards()]
    assert len(numbers) == len(set(numbers))
    assert all(re.fullmatch(r"\d{10}", number) for number in numbers)


def test_card_holders_are_valid_cnpjs_of_the_contract_company_group() -> None:
    for contract, card in _all_cards():
        assert cnpj_is_valid(card.holder_cnpj)
        assert card.holder_cnpj[:8] == contract.cnpj[:8]  # head office or a branch


def test_exactly_one_active_contract_expires_within_30_days() -> None:
    soon = []
    for contract in DEMO.company.contracts:
        start, end = contract.period(TODAY)
        days_left = (parse_local(end).date() - TODAY).days
        if contract.status == "ATIVO" and parse_local(start).date() <= TODAY and 0 <= days_left <= 30:
            soon.append((contract.number, days_left))
    assert soon == [(EXPIRING_CONTRACT, EXPIRING_IN_DAYS)]


def test_rolling_validity_follows_the_day_asked_about() -> None:
    expiring = _contract(EXPIRING_CONTRACT)
    assert expiring.period(date(2030, 1, 1))[1] == "2030-01-21T23:59:59"
    assert expiring.record(date(2030, 1, 1))["dtFimVigencia"] == "2030-01-21T23:59:59"
    for card in expiring.cards:
        assert card.period(TODAY) == expiring.period(TODAY)
    main = _contract(DEMO.contract)
    assert main.period(TODAY) == main.period(date(2030, 1, 1)) == (main.valid_from, main.valid_until)


def test_validity_periods_are_ordered() -> None:
    for contract in DEMO.company.contracts:
        start, end = contract.period(TODAY)
        assert parse_local(start) < parse_local(end)
    for _, card in _all_cards():
        start, end = card.period(TODAY)
        assert parse_local(start) < parse_local(end)


def test_services_have_five_digit_codes_and_segments() -> None:
    for info in data.SERVICES.values():
        record = info.record()
        assert set(record) == {"codigo", "descricao", "coSegmento", "descSegmento"}
        assert re.fullmatch(r"\d{5}", record["codigo"])
        assert all(record[key] for key in ("descricao", "coSegmento", "descSegmento"))


def test_every_contract_with_cards_has_services_and_card_services_are_a_subset() -> None:
    for company in DEMO.companies:
        for contract in company.contracts:
            codes = {info.code for info in contract.services}
            assert codes, contract.number
            for card in contract.cards:
                assert card.services, card.number
                assert {info.code for info in card.services} <= codes


def test_delivery_time_service_38210_is_listed_exactly_where_api_35_is() -> None:
    """REFERENCE.md: API 35 comes with contract service 38210 "API PRAZOS"."""
    seen = {True: 0, False: 0}
    for company in DEMO.companies:
        for contract in company.contracts:
            for holder in (contract, *contract.cards):
                has_service = "38210" in {info.code for info in holder.services}
                assert has_service == (35 in holder.api), getattr(holder, "number", contract.number)
                seen[has_service] += 1
    assert seen[True]
    assert seen[False]
    small = _contract(DEMO.contract).card("0074512346")
    assert small is not None
    assert 35 not in small.api
    assert data.SERVICES["38210"].description == "API PRAZOS"


def test_card_services_outside_the_contract_are_refused() -> None:
    card = PostingCard("1", "ATIVO", DEMO.cnpj, "", "", (), data.services("03220", "80250"))
    with pytest.raises(ValueError, match="80250"):
        Contract(DEMO.cnpj, "2", 72, "", "", "ATIVO", (), (card,), data.services("03220"))


def test_main_card_has_the_price_products_and_another_card_has_only_pac_and_mini() -> None:
    main = _contract(DEMO.contract)
    main_codes = {info.code for info in main.cards[0].services}
    assert set(data.PRICE_PRODUCTS) <= main_codes
    assert set(data.PRICE_PRODUCTS) <= set(price_catalog.PRODUCTS)
    assert {"03247", "03301", "80250", "86711"} <= main_codes  # non-price services too
    small = main.card("0074512346")
    assert small is not None
    assert [info.code for info in small.services] == ["03298", "04227"]
    assert len({tuple(card.services) for card in main.cards}) >= 4


def test_services_are_listed_by_code() -> None:
    for contract in DEMO.company.contracts:
        codes = [info.code for info in contract.services]
        assert codes == sorted(codes)


def test_contacts_have_the_common_fields_and_extras() -> None:
    main = _contract(DEMO.contract)
    assert main.management
    assert main.administration
    common = {"nome", "cargo", "email", "telefone", "celular", "tipo"}
    for contact in (*main.management, *main.administration):
        record = contact.record()
        assert common <= set(record)
        assert all(record[key] for key in common)
        assert "@" in record["email"]
    for contact in main.management:
        assert {"ramal", "horarioAtendimento", "unidade"} <= set(contact.record())
    assert any("ramal" in contact.record() for contact in main.administration)


def test_categories_and_combo() -> None:
    main = _contract(DEMO.contract)
    assert main.category is not None
    assert set(main.category.record()) == {"codigo", "descricao", "nivel"}
    assert main.record()["categoria"] == main.category.code
    assert main.combo == price_catalog.terms_of(DEMO.contract).combo == "1052"
    assert all(contract.category is not None for contract in DEMO.company.contracts)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("03220", "03220"), ("3220", "03220"), (" 80250 ", "80250"), ("coServico", "coServico")],
)
def test_service_codes_are_padded(text: str, expected: str) -> None:
    assert data.normalize_service_code(text) == expected


def test_path_variants_cover_every_accented_combination() -> None:
    assert path_variants("/a/{n}/cartoes/{c}/servicos") == [
        "/a/{n}/cartoes/{c}/servicos",
        "/a/{n}/cartoes/{c}/serviços",
        "/a/{n}/cartões/{c}/servicos",
        "/a/{n}/cartões/{c}/serviços",
    ]
    assert path_variants("/a/categoria") == ["/a/categoria"]


def test_page_size_limits() -> None:
    assert (DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE) == (20, 500)
