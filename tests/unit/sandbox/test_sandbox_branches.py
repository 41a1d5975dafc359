"""The sandbox's units (`branch_data`): real places, every kind and state, the wild's shapes."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from postalgui.sandbox.branch_data import CAPITALS, CEP_RANGES, all_units, build_units, load_municipalities


@pytest.fixture(scope="module")
def units() -> list[dict[str, Any]]:
    return all_units()


def test_about_twelve_thousand_units_with_unique_eight_digit_ids(units: list[dict[str, Any]]) -> None:
    assert 11_500 <= len(units) <= 12_500
    ids = [unit["id"] for unit in units]
    assert len(set(ids)) == len(ids)
    assert all(len(mcu) == 8 and mcu.isdigit() for mcu in ids)


def test_every_municipality_has_a_unit_and_capitals_have_many(units: list[dict[str, Any]]) -> None:
    municipalities = load_municipalities()
    assert len(municipalities) == 5570
    per_city = Counter(unit["endereco"]["codigoIbge"] for unit in units)
    assert set(per_city) == {city.ibge for city in municipalities}
    assert per_city[CAPITALS["SP"]] > 300
    assert min(per_city[code] for code in CAPITALS.values()) >= 50


def test_the_record_is_the_places_real_name_code_and_coordinates(units: list[dict[str, Any]]) -> None:
    sao_paulo = next(unit for unit in units if unit["endereco"]["codigoIbge"] == "3550308")
    address = sao_paulo["endereco"]
    assert (address["localidade"], address["municipio"], address["uf"]) == ("São Paulo", "SAO PAULO", "SP")
    assert abs(float(address["latitude"]) + 23.55) < 0.1
    assert abs(float(address["longitude"]) + 46.64) < 0.1
    assert address["regiao"] == "SUDESTE"


def test_ceps_lie_in_their_states_range(units: list[dict[str, Any]]) -> None:
    for unit in units:
        prefix = int(unit["endereco"]["cep"][:5])
        assert any(low <= prefix <= high for low, high in CEP_RANGES[unit["endereco"]["uf"]]), unit["id"]


def test_every_kind_status_flag_and_zone(units: list[dict[str, Any]]) -> None:
    types = Counter(unit["tipoUnidade"]["codigo"] for unit in units)
    assert set(types) == {"09", "12", "15", "16", "18", "20", "21", "24", "25", "27", "43", "46"}
    assert 24 <= types["46"] <= 100  # a few dozen lockers
    assert types["09"] > types["24"] > types["46"]
    assert set(Counter(unit["status"] for unit in units)) == {"1", "2", "3", "4", "5", "6"}
    assert {unit["inCliqueRetire"] for unit in units} == {"S", "N"}
    assert {unit["inOperadorAtende"] for unit in units} == {"S", "N"}
    zones = {(unit["endereco"]["uf"], unit["endereco"]["fuso"]) for unit in units}
    assert ("AC", "UTC-05:00") in zones
    assert ("PE", "UTC-02:00") in zones
    assert {zone for uf, zone in zones if uf in {"AM", "MT", "MS", "RO", "RR"}} == {"UTC-04:00"}


def test_hours_and_fields_come_in_the_shapes_of_the_wild(units: list[dict[str, Any]]) -> None:
    hours = [unit["horarios"] for unit in units]
    assert any(
        set(h) == {"funcionamento", "iniExpediente", "fimExpediente", "limitePostagemSemana"} for h in hours
    )
    assert any("iniAlmoco" in h for h in hours)
    assert any("iniSabado" in h and "iniDomingo" not in h for h in hours)
    assert any(h.get("iniDomingo") not in {None, "00:00"} for h in hours)
    assert any(unit["endereco"]["numero"] == "SN" for unit in units)
    assert any("telefones" not in unit for unit in units)
    assert any("emails" in unit for unit in units)
    decimals = Counter(len(unit["dhAlteracao"].rpartition(".")[2]) for unit in units)
    assert set(decimals) == {2, 3}
    years = {unit["dhAlteracao"][:4] for unit in units}
    assert len(years) >= 8


def test_the_data_is_the_same_on_every_build(units: list[dict[str, Any]]) -> None:
    again = build_units()
    assert again[::997] == units[::997]
