"""Zero-padded card, contract and invoice numbers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from postalgui.api.values import (
    InvalidValue,
    pad_card_number,
    pad_contract_number,
    pad_dr_fatura,
    pad_item_fatura,
    pad_number,
)

PROPERTY = settings(database=None, deadline=None)


@pytest.mark.parametrize(
    ("text", "padded"),
    [
        ("123", "0000000123"),
        (" 0067599079 ", "0067599079"),
        ("9912345678", "9912345678"),
        (123, "0000000123"),
        ("0", "0000000000"),
    ],
)
def test_pad_number(text: str | int, padded: str) -> None:
    assert pad_number(text) == padded
    assert pad_card_number(text) == padded
    assert pad_contract_number(text) == padded


def test_invoice_widths() -> None:
    assert pad_dr_fatura("20") == "00020"
    assert pad_dr_fatura(72) == "00072"
    assert pad_item_fatura("1") == "001"
    assert pad_item_fatura("001") == "001"
    assert pad_number("42", width=6, rule_prefix="contract") == "000042"


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("", "card.empty"),
        ("   ", "card.empty"),
        ("12 34", "card.digits"),
        ("12.345", "card.digits"),
        ("-123", "card.digits"),
        (-123, "card.digits"),
        ("\u0661\u0662", "card.digits"),  # Arabic-Indic digits
        ("12345678901", "card.length"),
        ("00000000001", "card.length"),
    ],
)
def test_rejected(text: str | int, rule: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        pad_number(text)
    assert caught.value.rule == rule


def test_length_params_and_prefix() -> None:
    with pytest.raises(InvalidValue) as caught:
        pad_dr_fatura("123456")
    assert caught.value.rule == "dr.length"
    assert caught.value.params == {"width": 5, "count": 6}
    assert str(caught.value) == "DR number must have at most 5 digits (got 6)"


def test_bool_is_not_a_number() -> None:
    with pytest.raises(InvalidValue) as caught:
        pad_number(True)
    assert caught.value.rule == "card.digits"


@PROPERTY
@given(st.integers(0, 10**10 - 1), st.integers(1, 12))
def test_padding_keeps_the_number(number: int, width: int) -> None:
    if len(str(number)) > width:
        with pytest.raises(InvalidValue):
            pad_number(str(number), width=width)
        return
    padded = pad_number(str(number), width=width)
    assert len(padded) == width
    assert int(padded) == number
    assert pad_number(padded, width=width) == padded
