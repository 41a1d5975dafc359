"""The price catalogue stays coherent: CEP ranges, products, services, tables, contracts."""

from __future__ import annotations

import itertools
import re
from datetime import date, timedelta
from decimal import Decimal

import pytest

from postalgui.sandbox import DEMO
from postalgui.sandbox import price_catalog as cat

UNASSIGNED = {*range(1000), *range(78900, 79000)}


def test_every_cep_prefix_maps_to_one_uf_except_the_gaps() -> None:
    for prefix in range(100_000):
        owners = [r.uf for r in cat.UF_RANGES if prefix in r]
        assert len(owners) == (0 if prefix in UNASSIGNED else 1), prefix


def test_every_range_maps_to_a_uf_with_a_region() -> None:
    assert {r.uf for r in cat.UF_RANGES} == set(cat.UF_REGION) == set(cat.UFS)
    assert len(cat.UFS) == 27
    assert set(cat.UF_REGION.values()) == {"N", "NE", "CO", "SE", "S"}
    for cep_range in cat.UF_RANGES:
        for prefix in (cep_range.first, cep_range.last):
            assert cat.uf_of(f"{prefix:05d}000") == cep_range.uf


@pytest.mark.parametrize(
    ("cep", "uf"),
    [
        ("01310100", "SP"),
        ("20040020", "RJ"),
        ("29010000", "ES"),
        ("30130000", "MG"),
        ("40010000", "BA"),
        ("49010000", "SE"),
        ("50010000", "PE"),
        ("57020000", "AL"),
        ("58010000", "PB"),
        ("59010000", "RN"),
        ("60010000", "CE"),
        ("64000000", "PI"),
        ("65010000", "MA"),
        ("66010000", "PA"),
        ("68900000", "AP"),
        ("69005000", "AM"),
        ("69301000", "RR"),
        ("69460000", "AM"),
        ("69900000", "AC"),
        ("70002900", "DF"),
        ("72800000", "GO"),
        ("73010000", "DF"),
        ("74000000", "GO"),
        ("76801000", "RO"),
        ("77001000", "TO"),
        ("78005000", "MT"),
        ("79002000", "MS"),
        ("80010000", "PR"),
        ("88010000", "SC"),
        ("90010000", "RS"),
        ("00500000", None),
        ("78950000", None),
    ],
)
def test_known_ceps(cep: str, uf: str | None) -> None:
    assert cat.uf_of(cep) == uf


def test_capital_ranges_lie_inside_their_state() -> None:
    assert {r.uf for r in cat.CAPITAL_RANGES} == set(cat.UFS)
    for capital in cat.CAPITAL_RANGES:
        assert cat.uf_of(f"{capital.first:05d}000") == capital.uf
        assert cat.uf_of(f"{capital.last:05d}999") == capital.uf


@pytest.mark.parametrize(
    ("origin", "destination", "category", "capital"),
    [
        ("01310100", "05311900", cat.Category.LOCAL, True),
        ("13010000", "13010999", cat.Category.LOCAL, False),
        ("01310100", "13010000", cat.Category.ESTADUAL, False),
        ("01310100", "20040020", cat.Category.REGIONAL, True),
        ("01310100", "70002900", cat.Category.NACIONAL_1, True),
        ("01310100", "69460000", cat.Category.NACIONAL_2, False),
        ("90010000", "40010000", cat.Category.NACIONAL_2, True),
    ],
)
def test_corridors(origin: str, destination: str, category: cat.Category, capital: bool) -> None:
    corridor = cat.corridor(origin, destination)
    assert corridor.category is category
    assert corridor.destination_capital is capital
    assert 1 <= corridor.column <= 10


def test_corridor_of_a_missing_cep() -> None:
    with pytest.raises(ValueError, match="inexistente"):
        cat.corridor("00500000", "01310100")


def test_region_neighbours_are_symmetric_pairs() -> None:
    regions = set(cat.UF_REGION.values())
    for pair in cat.NEIGHBOUR_REGIONS:
        assert len(pair) == 2
        assert pair <= regions


@pytest.mark.parametrize("product", cat.PRODUCTS.values(), ids=lambda p: p.code)
def test_every_product_is_complete(product: cat.Product) -> None:
    assert re.fullmatch(r"\d{5}", product.code)
    assert product.name
    assert product.services
    assert all(code in cat.SERVICES for code in product.services)
    assert product.formats
    assert product.max_weight_g > 0
    assert product.valid_from < product.valid_until
    assert product.covers(date(2026, 6, 1))
    bands = product.bands
    limits = [band.limit_g for band in bands.bands]
    factors = [band.factor for band in bands.bands]
    assert limits == sorted(set(limits))
    assert factors == sorted(factors)
    assert all(factor == factor.quantize(Decimal("0.0001")) for factor in [*factors, bands.additional])
    if bands.top_g < product.max_weight_g:
        assert bands.additional > 0
    if product.scope is cat.Scope.NACIONAL:
        assert product.declared is not None
        assert product.declared.service in product.services
        assert product.declared.minimum == Decimal("25.50")
        assert product.declared.automatic_insurance < product.declared.minimum
        assert len(cat.FAMILY_BASE[product.family]) == 10
        assert not product.countries
    else:
        assert product.declared is None
        assert product.countries <= set(cat.COUNTRIES)
        assert len(product.countries) >= 30
        assert len(cat.INTERNATIONAL_BASE[product.code]) == len(cat.ZONE_NAMES)


def test_reference_products_and_limits() -> None:
    names = {code: product.name for code, product in cat.PRODUCTS.items()}
    assert {"03220", "03298", "04227", "03158", "03140", "03204", "03212", "03328", "04014", "04510"} <= set(
        names
    )
    declared_max = {
        code: rule.maximum
        for code in ("03220", "03298", "04227")
        if (rule := cat.PRODUCTS[code].declared) is not None
    }
    assert declared_max == {"03220": Decimal(10000), "03298": Decimal(3000), "04227": Decimal(100)}
    assert {cat.PRODUCTS[code].max_weight_g for code in ("03158", "03140", "03204")} == {10_000}
    assert cat.PRODUCTS["04227"].max_weight_g == 300
    assert "002" not in cat.PRODUCTS["04227"].services
    assert cat.PRODUCTS["03204"].local_only


def test_package_and_roll_limits_are_the_operators() -> None:
    package, roll = cat.PACKAGE, cat.ROLL
    assert [(r.low, r.high) for r in package.fields.values()] == [(15, 100), (10, 100), (1, 100)]
    assert package.total is not None
    assert (package.total.low, package.total.high) == (26, 200)
    assert [(r.low, r.high) for r in roll.fields.values()] == [(18, 100), (5, 91)]
    assert roll.total is not None
    assert (roll.total.low, roll.total.high) == (28, 200)


def test_services_reference_each_other_consistently() -> None:
    for spec in cat.SERVICES.values():
        assert re.fullmatch(r"\d{3}", spec.code)
        assert spec.kind in {"A", "V"}
        assert spec.valid_from < spec.valid_until
        for other in spec.excludes:
            assert spec.code in cat.SERVICES[other].excludes, (spec.code, other)
        for need in spec.requires:
            assert need.service in cat.SERVICES
            assert need.substitute is None or need.substitute in cat.SERVICES
    declared = {p.declared.service for p in cat.PRODUCTS.values() if p.declared}
    assert declared == {code for code, spec in cat.SERVICES.items() if spec.kind == "V"}


def test_tariff_tables_are_contiguous() -> None:
    tables = cat.TARIFF_TABLES
    for earlier, later in itertools.pairwise(tables):
        assert earlier.valid_until + timedelta(days=1) == later.valid_from
        assert earlier.scale < later.scale
    assert cat.tariff_for(date(2024, 12, 31)) is None
    assert cat.tariff_for(date(2025, 12, 31)) is tables[0]
    assert cat.tariff_for(date(2030, 1, 1)) is tables[-1]


def test_countries() -> None:
    assert len(cat.COUNTRIES) >= 30
    required = {"US", "AR", "PT", "JP", "DE", "CN", "FR", "ES", "IT", "GB", "CL", "UY", "PY", "MX", "CA"}
    assert required <= set(cat.COUNTRIES)
    for code, country in cat.COUNTRIES.items():
        assert re.fullmatch(r"[A-Z]{2}", code)
        assert country.zone in cat.ZONE_NAMES
        assert country.name


def test_contract_terms_refer_to_demo_contracts_and_products() -> None:
    for number, terms in cat.CONTRACT_TERMS.items():
        assert DEMO.find_contract(number) is not None
        assert terms.max_batch in {3, 5}
        assert set(terms.variations) <= set(cat.PRODUCTS)
        for benefit in terms.benefits:
            assert benefit.products <= set(cat.PRODUCTS)
            assert benefit.kind in {"DP", "DF", "BP", "BF", "BC"}
            assert benefit.scope in {"O", "N"}
    assert cat.terms_of(DEMO.contract).max_batch == 5
    assert cat.terms_of("9912345679").max_batch == 3
    assert cat.terms_of(None) is cat.DEFAULT_TERMS


def test_reference_base_prices() -> None:
    current = cat.TARIFF_TABLES[-1]
    sedex, pac = cat.PRODUCTS["03220"], cat.PRODUCTS["03298"]
    assert cat.national_base(sedex, cat.corridor("01310100", "05311900").column, current) == Decimal("10.68")
    assert cat.national_base(pac, cat.corridor("01310100", "20040020").column, current) == Decimal("15.45")
