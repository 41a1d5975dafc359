"""Money, percentages, weights and cents: exact Decimals, never float."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from postalgui.api.values import (
    InvalidValue,
    Money,
    Percent,
    format_brl,
    format_cents,
    format_decimal_dot,
    format_money_wire,
    format_percent_wire,
    parse_cents,
    parse_money,
    parse_percent,
    parse_weight_grams,
)

PROPERTY = settings(database=None, deadline=None, max_examples=300)
money_2dp = st.decimals(
    min_value=Decimal("-1e13"),
    max_value=Decimal("1e13"),
    places=2,
    allow_nan=False,
    allow_infinity=False,
)
percent_4dp = st.decimals(
    min_value=Decimal(0), max_value=Decimal(100), places=4, allow_nan=False, allow_infinity=False
)


@pytest.mark.parametrize(
    ("text", "exact"),
    [
        ("19,92", "19.92"),
        ("1.234,56", "1234.56"),
        ("1.234.567,89", "1234567.89"),
        ("0", "0"),
        ("-5,00", "-5.00"),
        (" 10,68 ", "10.68"),
        ("106,25", "106.25"),
        ("19.92", "19.92"),  # dot decimal: not valid Brazilian form
        ("0.500", "0.500"),  # a leading 0 cannot start a thousands group
        ("1234.5", "1234.5"),
        ("1.234", "1234"),  # ambiguous: Brazilian thousands win
        ("12.345.678", "12345678"),
        ("0,0100", "0.0100"),
        ("007", "7"),
        ("1234,5", "1234.5"),
    ],
)
def test_parse_money_exact(text: str, exact: str) -> None:
    result = parse_money(text)
    assert isinstance(result, Decimal)
    assert str(result) == exact


def test_parse_money_non_text() -> None:
    assert str(parse_money(1234)) == "1234"
    assert str(parse_money(-5)) == "-5"
    assert str(parse_money(Decimal("19.92"))) == "19.92"


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "-",
        "1,234.56",
        "1.23.456",
        "1.2345,00",
        "01.234,00",
        ",5",
        "5,",
        "5.",
        ".5",
        "1,2,3",
        "+5,00",
        "--5",
        "5-",
        "1e5",
        "NaN",
        "Infinity",
        "R$ 1,00",
        "1 234,56",
        "١٢",
        "\uff11,00",
        "1_000",
    ],
)
def test_parse_money_rejects(text: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_money(text)
    assert caught.value.rule == "money.format"


@pytest.mark.parametrize("bad", [19.92, True, None, [1]])
def test_parse_money_rejects_non_text_types(bad: Any) -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_money(bad)
    assert caught.value.rule == "money.type"


@pytest.mark.parametrize("bad", [Decimal("NaN"), Decimal("Infinity"), Decimal("-Infinity")])
def test_non_finite_decimals_rejected(bad: Decimal) -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_money(bad)
    assert caught.value.rule == "money.format"
    with pytest.raises(InvalidValue):
        format_money_wire(bad)
    with pytest.raises(InvalidValue):
        format_cents(bad)


def test_official_price_example_adds_up() -> None:
    additional = parse_money("1,79") + parse_money("7,00")
    assert additional == parse_money("8,79")
    assert parse_money("11,13") + additional == parse_money("19,92")
    assert format_money_wire(parse_money("11,13") + additional) == "19,92"


@pytest.mark.parametrize(
    ("amount", "wire", "brl", "dot"),
    [
        ("1234.56", "1234,56", "R$ 1.234,56", "1234.56"),
        ("19.92", "19,92", "R$ 19,92", "19.92"),
        ("0", "0,00", "R$ 0,00", "0.00"),
        ("-0.00", "0,00", "R$ 0,00", "0.00"),
        ("-0.004", "0,00", "R$ 0,00", "0.00"),
        ("-1234.56", "-1234,56", "-R$ 1.234,56", "-1234.56"),
        ("1234567.8", "1234567,80", "R$ 1.234.567,80", "1234567.80"),
        ("0.005", "0,01", "R$ 0,01", "0.01"),  # ROUND_HALF_UP, not half even
        ("0.015", "0,02", "R$ 0,02", "0.02"),
        ("0.025", "0,03", "R$ 0,03", "0.03"),
        ("-0.005", "-0,01", "-R$ 0,01", "-0.01"),
        ("2.675", "2,68", "R$ 2,68", "2.68"),  # float(2.675) would round to 2.67
        ("1E+3", "1000,00", "R$ 1.000,00", "1000.00"),
        ("12345678901234567890123456789.99", "12345678901234567890123456789,99", None, None),
    ],
)
def test_formatting(amount: str, wire: str, brl: str | None, dot: str | None) -> None:
    value = Decimal(amount)
    assert format_money_wire(value) == wire
    if brl is not None:
        assert format_brl(value) == brl
        assert format_brl(value, symbol=False) == brl.replace("R$ ", "")
    if dot is not None:
        assert format_decimal_dot(value) == dot


def test_format_decimal_dot_places() -> None:
    assert format_decimal_dot(Decimal("0.0100"), places=None) == "0.0100"
    assert format_decimal_dot(Decimal("-0.0"), places=None) == "0.0"
    assert format_decimal_dot(Decimal("1.23456"), places=4) == "1.2346"
    assert format_decimal_dot(Decimal("7"), places=0) == "7"


@PROPERTY
@given(money_2dp)
def test_money_round_trips(amount: Decimal) -> None:
    for text in (
        format_money_wire(amount),
        format_brl(amount, symbol=False),
        format_decimal_dot(amount),
    ):
        parsed = parse_money(text)
        assert parsed == amount
        assert parsed.as_tuple().exponent == -2
    brl = format_brl(amount)
    sign = "-" if brl.startswith("-") else ""
    assert parse_money(sign + brl.removeprefix("-").removeprefix("R$ ")) == amount


@PROPERTY
@given(money_2dp)
def test_thousands_grouping(amount: Decimal) -> None:
    text = format_brl(amount, symbol=False)
    integer = text.lstrip("-").split(",")[0]
    groups = integer.split(".")
    assert 1 <= len(groups[0]) <= 3
    assert all(len(group) == 3 for group in groups[1:])


@pytest.mark.parametrize(
    ("text", "exact"),
    [("0,0100", "0.0100"), ("0,01", "0.01"), ("1,5", "1.5"), ("10", "10"), ("0.0100", "0.0100")],
)
def test_parse_percent_keeps_scale(text: str, exact: str) -> None:
    assert str(parse_percent(text)) == exact


def test_percent_rejects() -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_percent("1%")
    assert caught.value.rule == "percent.format"
    with pytest.raises(InvalidValue) as caught:
        parse_percent(0.01)  # type: ignore[arg-type]
    assert caught.value.rule == "percent.type"


@PROPERTY
@given(percent_4dp)
def test_percent_round_trips(percent: Decimal) -> None:
    wire = format_percent_wire(percent)
    assert "." not in wire
    parsed = parse_percent(wire)
    assert parsed == percent
    assert format(parsed, "f") == format(abs(percent) if percent.is_zero() else percent, "f")


@pytest.mark.parametrize(("text", "grams"), [("300", 300), ("19600", 19600), (" 0 ", 0), (300, 300)])
def test_weight(text: str | int, grams: int) -> None:
    assert parse_weight_grams(text) == grams


@pytest.mark.parametrize("bad", ["", "0,3", "300g", "-1", "1.5", -1, "\u0663"])
def test_weight_rejects(bad: str | int) -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_weight_grams(bad)
    assert caught.value.rule == "weight.format"


@pytest.mark.parametrize(
    ("text", "exact"),
    [("1234", "12.34"), ("5", "0.05"), ("0", "0.00"), ("0001234", "12.34"), ("9999999999", "99999999.99")],
)
def test_parse_cents(text: str, exact: str) -> None:
    assert str(parse_cents(text)) == exact


@pytest.mark.parametrize(
    ("amount", "cents"),
    [("12.34", "1234"), ("12.3", "1230"), ("12", "1200"), ("0.05", "5"), ("0", "0"), ("-0", "0")],
)
def test_format_cents(amount: str, cents: str) -> None:
    assert format_cents(Decimal(amount)) == cents


@pytest.mark.parametrize(
    ("amount", "rule"),
    [
        ("-0.01", "cents.negative"),
        ("12.345", "cents.precision"),
        ("0.001", "cents.precision"),
        ("100000000.00", "cents.length"),
    ],
)
def test_format_cents_rejects(amount: str, rule: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        format_cents(Decimal(amount))
    assert caught.value.rule == rule


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("", "cents.format"),
        ("12,34", "cents.format"),
        ("-5", "cents.format"),
        ("12345678901", "cents.length"),
    ],
)
def test_parse_cents_rejects(text: str, rule: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_cents(text)
    assert caught.value.rule == rule


@PROPERTY
@given(st.integers(0, 10**10 - 1))
def test_cents_round_trip(number: int) -> None:
    amount = parse_cents(str(number))
    assert amount * 100 == number
    assert format_cents(amount) == str(number)


class _Price(BaseModel):
    pcFinal: Money
    peAdValorem: Percent


def test_pydantic_fields_from_strings() -> None:
    price = _Price.model_validate_json('{"pcFinal": "1.234,56", "peAdValorem": "0,0100"}')
    assert str(price.pcFinal) == "1234.56"
    assert str(price.peAdValorem) == "0.0100"


def test_pydantic_fields_from_json_numbers() -> None:
    # JSON numbers (invoice ``valor``) must keep their written digits, and a dot in a
    # JSON number is always a decimal point, never thousands.
    price = _Price.model_validate_json('{"pcFinal": 1.234, "peAdValorem": 2}')
    assert str(price.pcFinal) == "1.234"
    assert str(price.peAdValorem) == "2"
    assert str(_Price.model_validate_json('{"pcFinal": 2.675, "peAdValorem": 0}').pcFinal) == "2.675"


def test_pydantic_field_errors() -> None:
    with pytest.raises(ValidationError) as caught:
        _Price.model_validate({"pcFinal": "1,234.56", "peAdValorem": "0,01"})
    assert caught.value.errors()[0]["ctx"]["error"].rule == "money.format"
    with pytest.raises(ValidationError) as caught:
        _Price.model_validate({"pcFinal": "1", "peAdValorem": None})
    assert caught.value.errors()[0]["ctx"]["error"].rule == "percent.type"
