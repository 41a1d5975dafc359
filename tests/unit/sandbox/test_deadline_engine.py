"""The sandbox's delivery-time model: holidays, business days, the manual's example, prices agree."""

from __future__ import annotations

from datetime import date, timedelta
from itertools import product as pairs
from typing import Any

import pytest

from postalgui.sandbox import price_catalog as cat
from postalgui.sandbox.deadline_engine import (
    DeadlineError,
    add_business_days,
    batch_status,
    deadline_item,
    deadline_record,
    easter,
    expected_date,
    international_deadline,
    is_business_day,
    national_deadline,
    national_holidays,
    parse_date,
    pickup_days,
)
from postalgui.sandbox.price_engine import PriceError, PricingContext, quote

TODAY = date(2026, 11, 24)
FRIDAY = date(2022, 3, 18)
SP_CAPITAL, SP_CAPITAL_2, SP_INTERIOR = "05311900", "01310100", "13010000"
BRASILIA, RJ_CAPITAL, SALVADOR, MANAUS = "70002900", "20040020", "40010000", "69005000"
AM_PICKUP_ONLY, PA_CAPITAL, RS_INTERIOR = "69800000", "66010000", "95010000"


def _item(code: str, origin: str = SP_CAPITAL, destination: str = BRASILIA, **extra: str) -> dict[str, Any]:
    return {"coProduto": code, "cepOrigem": origin, "cepDestino": destination, **extra}


# -- calendar ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("year", "sunday"),
    [
        (2022, date(2022, 4, 17)),
        (2024, date(2024, 3, 31)),
        (2026, date(2026, 4, 5)),
        (2038, date(2038, 4, 25)),
    ],
)
def test_easter(year: int, sunday: date) -> None:
    assert easter(year) == sunday


def test_holidays_of_2026_include_carnival_good_friday_and_corpus_christi() -> None:
    holidays = national_holidays(2026)
    assert {date(2026, 2, 16), date(2026, 2, 17), date(2026, 4, 3), date(2026, 6, 4)} <= holidays
    assert {
        date(2026, 1, 1),
        date(2026, 4, 21),
        date(2026, 9, 7),
        date(2026, 11, 20),
        date(2026, 12, 25),
    } <= holidays
    assert date(2026, 2, 18) not in holidays  # Ash Wednesday is worked
    assert date(2023, 11, 20) not in national_holidays(2023)  # national only since 2024


def test_business_days_skip_weekends_and_holidays() -> None:
    assert not is_business_day(date(2026, 2, 16))
    assert not is_business_day(date(2026, 11, 28))  # Saturday
    assert is_business_day(date(2026, 11, 24))
    # Friday 13 Feb 2026 + 1: the weekend and Carnival Monday and Tuesday are skipped.
    assert add_business_days(date(2026, 2, 13), 1) == date(2026, 2, 18)
    # Thursday 2 Apr 2026 + 1: Good Friday and the weekend are skipped.
    assert add_business_days(date(2026, 4, 2), 1) == date(2026, 4, 6)
    assert add_business_days(date(2026, 11, 27), 1) == date(2026, 11, 30)
    assert add_business_days(date(2026, 11, 28), 0) == date(2026, 11, 30)
    assert add_business_days(date(2026, 11, 24), 0) == date(2026, 11, 24)


def test_business_days_never_land_on_a_day_off() -> None:
    start = date(2026, 1, 1)
    for offset in range(366):
        for days in (0, 1, 5, 12):
            due = add_business_days(start + timedelta(days=offset), days)
            assert is_business_day(due)
            assert due >= start + timedelta(days=offset + days)


def test_dates_are_read_with_dashes_or_slashes() -> None:
    assert parse_date("18-03-2022", "dtEvento", TODAY) == FRIDAY
    assert parse_date("18/03/2022", "dtEvento", TODAY) == FRIDAY
    assert parse_date(None, "dtEvento", TODAY) == TODAY
    for bad in ("2022-03-18", "18-03/2022", "31-02-2026", "18-03-1999", "x" * 40):
        with pytest.raises(DeadlineError, match="PRZ-005"):
            parse_date(bad, "dtEvento", TODAY)


# -- the model --------------------------------------------------------------------------------


def test_the_manuals_batch_example() -> None:
    sedex = deadline_record(_item("04162", dtEvento="18/03/2022", nuRequisicao="1"), TODAY)
    pac = deadline_record(_item("04669", dtEvento="18/03/2022", nuRequisicao="2"), TODAY)
    assert sedex == {
        "coProduto": "04162",
        "nuRequisicao": "1",
        "prazoEntrega": 1,
        "dataMaxima": "2022-03-21T23:58:00",
        "entregaDomiciliar": "S",
        "entregaSabado": "N",
        "entregaDomingo": "N",
    }
    assert (pac["prazoEntrega"], pac["dataMaxima"]) == (5, "2022-03-25T23:58:00")


def test_products_keep_their_order_of_speed() -> None:
    def days(code: str, destination: str) -> int:
        return national_deadline(code, SP_CAPITAL, destination, TODAY).days

    for destination in (RJ_CAPITAL, SALVADOR, MANAUS, RS_INTERIOR, SP_INTERIOR):
        assert 1 <= days("03220", destination) <= 5
        assert 3 <= days("03298", destination) <= 12
        assert days("03220", destination) < days("03298", destination) < days("04227", destination)
        assert days("03212", destination) == days("03220", destination) + 1
    assert national_deadline("03204", SP_CAPITAL, SP_CAPITAL_2, TODAY).days == 0
    assert days("03298", AM_PICKUP_ONLY) == 11  # SE capital -> N interior, remote
    assert national_deadline("03298", SP_INTERIOR, AM_PICKUP_ONLY, TODAY).days == 12  # the slowest


def test_the_slowest_and_fastest_corridors_stay_in_range() -> None:
    ceps = [SP_CAPITAL, SP_INTERIOR, BRASILIA, MANAUS, AM_PICKUP_ONLY, PA_CAPITAL, RS_INTERIOR, "69950000"]
    for code, (origin, destination) in pairs(("03220", "03298"), pairs(ceps, ceps)):
        days = national_deadline(code, origin, destination, TODAY).days
        assert (1 <= days <= 5) if code == "03220" else (3 <= days <= 12)


def test_express_products_deliver_on_saturdays_and_say_when_the_hour_does_not_hold() -> None:
    near = national_deadline("03158", SP_CAPITAL, RJ_CAPITAL, TODAY)
    assert near.saturday
    assert near.message == "Entrega até as 10h do dia previsto"
    far = national_deadline("03140", SP_CAPITAL, RS_INTERIOR, TODAY)
    assert far.saturday
    assert far.message == "Trecho fora da área de entrega até as 12h: prazo do SEDEX"
    assert not national_deadline("03220", SP_CAPITAL, RJ_CAPITAL, TODAY).saturday
    record = deadline_record(_item("03204", destination=SP_CAPITAL_2), TODAY)
    assert (record["entregaSabado"], record["entregaDomingo"]) == ("S", "N")


def test_remote_interior_ceps_are_picked_up_at_a_branch() -> None:
    for cep in (AM_PICKUP_ONLY, "68260000", "69380000", "68960000"):
        record = deadline_record(_item("03220", destination=cep), TODAY)
        assert record["entregaDomiciliar"] == "N", cep
        assert "retirada na agência" in record["msgPrazo"]
        assert pickup_days(cep) == 5
    for cep in (MANAUS, PA_CAPITAL, "69950000", BRASILIA):
        assert deadline_record(_item("03220", destination=cep), TODAY)["entregaDomiciliar"] == "S"


def test_errors_carry_the_operators_codes() -> None:
    cases = {
        "PRZ-001": _item("99999"),
        "PRZ-004": {"coProduto": "03220", "cepDestino": BRASILIA},
        "PRZ-010": _item("03220", origin="0531190"),
        "PRZ-011": _item("03220", destination="7000290X"),
        "PRZ-012": _item("03220", destination="00000100"),
        "PRZ-002": _item("03212", dtEvento="01-01-2023"),
        "PRZ-005": _item("03220", dtEvento="2026-11-24"),
        "PRZ-008": _item("03204", destination=RJ_CAPITAL),
        "PRZ-009": {**_item("03220"), "cepOrigem": ["x"]},
    }
    for code, raw in cases.items():
        record, ok = deadline_item(raw, TODAY)
        assert not ok
        assert record["txErro"].startswith(f"{code}: "), (code, record)
        assert {"coProduto", "txErro"} <= set(record) <= {"coProduto", "nuRequisicao", "txErro"}
    assert deadline_item(cases["PRZ-008"], TODAY)[0]["txErro"] == (
        "PRZ-008: Serviço indisponível para o trecho informado"
    )


def test_batch_status() -> None:
    assert batch_status([]) == 200
    assert batch_status([True, True]) == 200
    assert batch_status([True, False]) == 206
    assert batch_status([False, False]) == 400


# -- consistency with the price engine --------------------------------------------------------

SAMPLE_CEPS = (SP_CAPITAL, SP_CAPITAL_2, "05311999", SP_INTERIOR, "13010999", RJ_CAPITAL, SALVADOR, MANAUS)
SAMPLE_CEPS += (AM_PICKUP_ONLY, PA_CAPITAL, RS_INTERIOR, BRASILIA, "69950000", "78000000")


def _price_refusal(raw: dict[str, Any], context: PricingContext) -> str | None:
    """The price engine's own answer: None when it prices the item, else its error code."""
    try:
        quote(raw, context, cat.Scope.NACIONAL)
    except PriceError as error:
        return error.problems[0][0]
    return None


def test_a_product_priced_for_a_route_has_a_deadline_and_a_refused_one_has_prz_008() -> None:
    context = PricingContext(TODAY, None, {})
    checked = {"priced": 0, "refused": 0}
    for product, (origin, destination) in pairs(cat.NATIONAL_PRODUCTS, pairs(SAMPLE_CEPS, SAMPLE_CEPS)):
        raw = {"coProduto": product.code, "cepOrigem": origin, "cepDestino": destination, "psObjeto": "300"}
        refusal = _price_refusal(raw, context)
        if refusal is None:
            assert national_deadline(product.code, origin, destination, TODAY).days >= 0
            checked["priced"] += 1
            continue
        assert refusal == "PRC-013"  # only the route may refuse these items
        with pytest.raises(DeadlineError, match=r"^PRZ-008: "):
            national_deadline(product.code, origin, destination, TODAY)
        checked["refused"] += 1
    assert checked["priced"] > 1000
    assert checked["refused"] > 100


# -- expected date, pick-up, international ----------------------------------------------------


def test_expected_date_counts_business_days() -> None:
    raw = {"cepOrigem": SP_CAPITAL, "cepDestino": BRASILIA, "prazo": "1", "dtPostagem": "13-02-2026"}
    assert expected_date(raw, TODAY) == date(2026, 2, 18)
    assert expected_date({**raw, "prazo": "0", "dtPostagem": None}, TODAY) == TODAY
    for bad, code in (("-1", "PRZ-006"), ("100", "PRZ-006"), ("x", "PRZ-006"), (None, "PRZ-004")):
        with pytest.raises(DeadlineError, match=rf"^{code}: "):
            expected_date({**raw, "prazo": bad}, TODAY)


def test_pickup_lead_time() -> None:
    assert pickup_days(SP_CAPITAL) == 1
    assert pickup_days(SP_INTERIOR) == 2
    assert pickup_days("69950000") == 3  # AC interior
    with pytest.raises(DeadlineError, match=r"^PRZ-011: "):
        pickup_days("123")


def test_export_windows_follow_the_price_catalogs_countries() -> None:
    window = international_deadline("45128", "pt", TODAY)
    assert window == {
        "coProduto": "45128",
        "sgPaisDestino": "PT",
        "prazoMinimo": 4,
        "prazoMaximo": 7,
        "dataMinEntrega": "2026-11-30T23:58:00",
        "dataMaxEntrega": "2026-12-03T23:58:00",
    }
    for product in cat.INTERNATIONAL_PRODUCTS:
        for country in cat.COUNTRIES:
            if country in product.countries:
                found = international_deadline(product.code, country, TODAY)
                assert found["prazoMinimo"] < found["prazoMaximo"]
            else:
                with pytest.raises(DeadlineError, match=r"^PRZ-008: "):
                    international_deadline(product.code, country, TODAY)
    with pytest.raises(DeadlineError, match=r"^PRZ-001: "):
        international_deadline("03220", "PT", TODAY)
