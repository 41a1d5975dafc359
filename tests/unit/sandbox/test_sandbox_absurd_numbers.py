"""The price engine refuses absurd numbers with the operator's codes instead of crashing."""

from __future__ import annotations

from datetime import date

import pytest

from postalgui.sandbox.price_engine import PriceError, parse_request

TODAY = date(2025, 6, 2)
HUGE = "9" * 5000


def _code(raw: dict[str, object]) -> str:
    with pytest.raises(PriceError) as caught:
        parse_request({"coProduto": "03220"} | raw, TODAY)
    return caught.value.problems[0][0]


@pytest.mark.parametrize("field", ["psObjeto", "psCubico"])
@pytest.mark.parametrize("value", [HUGE, "1" * 10, "-300", "3e2"])
def test_weights_beyond_nine_digits_or_not_digits_are_prc_020(field: str, value: str) -> None:
    assert _code({field: value}) == "PRC-020"


def test_nine_digit_weight_with_leading_zeros_is_read() -> None:
    assert parse_request({"coProduto": "03220", "psObjeto": "000000000300"}, TODAY).ps_objeto == 300


@pytest.mark.parametrize("value", [HUGE, str(2**31), "-1", "7.2"])
def test_dr_outside_int32_or_not_digits_is_prc_009(value: str) -> None:
    assert _code({"nuDR": value}) == "PRC-009"


def test_a_long_declared_value_is_prc_046_and_not_echoed_whole() -> None:
    with pytest.raises(PriceError) as caught:
        parse_request({"coProduto": "03220", "vlDeclarado": HUGE}, TODAY)
    assert caught.value.problems[0][0] == "PRC-046"
    assert len(caught.value.messages[0]) < 100


def test_a_json_int_past_the_str_digit_limit_is_prc_009() -> None:
    huge_int = int("9" * 4000) * 10**1000  # made arithmetically: more digits than str() allows
    assert _code({"psObjeto": huge_int}) == "PRC-009"
