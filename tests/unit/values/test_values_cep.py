"""CEP parsing and formatting."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from postalgui.api.values import Cep, InvalidValue, format_cep, is_valid_cep, parse_cep

PROPERTY = settings(database=None, deadline=None)
cep_digits = st.text(alphabet="0123456789", min_size=8, max_size=8)


@pytest.mark.parametrize("text", ["01310-100", "01310100", "  01310-100 ", "01.310-100", "\t01310100\n"])
def test_accepted_forms(text: str) -> None:
    assert parse_cep(text) == "01310100"
    assert is_valid_cep(text)


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("", "cep.length"),
        ("0131010", "cep.length"),
        ("013101000", "cep.length"),
        ("01310 100", "cep.digits"),
        ("01310-10O", "cep.digits"),
        ("\uff10" * 8, "cep.digits"),  # fullwidth digits are not ASCII digits
        ("013.10-100", "cep.format"),
        ("01310100-", "cep.format"),
        ("01.310100", "cep.format"),
        ("01310--100", "cep.format"),
    ],
)
def test_rejected_forms(text: str, rule: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_cep(text)
    assert caught.value.rule == rule
    assert not is_valid_cep(text)


def test_format() -> None:
    assert format_cep("01310100") == "01310-100"
    assert format_cep("01.310-100") == "01310-100"
    with pytest.raises(InvalidValue):
        format_cep("1310100")


@PROPERTY
@given(cep_digits)
def test_round_trips(digits: str) -> None:
    masked = format_cep(digits)
    assert masked == f"{digits[:5]}-{digits[5:]}"
    assert parse_cep(masked) == digits
    assert parse_cep(digits) == digits
    assert parse_cep(f"{digits[:2]}.{digits[2:5]}-{digits[5:]}") == digits


@PROPERTY
@given(st.text(max_size=12))
def test_parse_either_returns_8_digits_or_raises(text: str) -> None:
    if not is_valid_cep(text):
        with pytest.raises(InvalidValue, match=r"^CEP "):
            parse_cep(text)
        return
    result = parse_cep(text)
    assert len(result) == 8
    assert set(result) <= set("0123456789")


class _Address(BaseModel):
    cep: Cep


def test_pydantic_field() -> None:
    assert _Address(cep="01310-100").cep == "01310100"
    assert _Address.model_validate_json('{"cep": "01.310-100"}').cep == "01310100"
    with pytest.raises(ValidationError) as caught:
        _Address(cep="0131-0100")
    error = caught.value.errors()[0]["ctx"]["error"]
    assert isinstance(error, InvalidValue)
    assert error.rule == "cep.format"
