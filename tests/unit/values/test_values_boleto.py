"""Payment-slip typed lines and barcodes (FEBRABAN), against hand-computed and independent values."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from postalgui.api.values import (
    InvalidValue,
    amount_of,
    barcode_to_typed_line,
    due_date,
    due_factor,
    find_typed_lines,
    format_typed_line,
    typed_line_to_barcode,
    verify_typed_line,
)
from postalgui.api.values.boleto import factor_of, mod10, mod11

# Banco do Brasil's published example: the typed line and the barcode it encodes.
BB_LINE = "00190.50095 40144.816069 06809.350314 3 37370000000100"
BB_DIGITS = "00190500954014481606906809350314337370000000100"
BB_BARCODE = "00193373700000001000500940144816060680935031"


# --------------------------------------------------------------------------- an independent reference


def ref_mod10(digits: str) -> int:
    """Written from the rule, differently: weights as a list, digit sums via str()."""
    weights = [2 if i % 2 == 0 else 1 for i in range(len(digits))]
    products = [int(d) * w for d, w in zip(reversed(digits), weights, strict=True)]
    total = sum(sum(int(c) for c in str(p)) for p in products)
    return 0 if total % 10 == 0 else 10 - total % 10


def ref_mod11(digits: str) -> int:
    weights = [2 + i % 8 for i in range(len(digits))]
    total = sum(int(d) * w for d, w in zip(reversed(digits), weights, strict=True))
    check = 11 - total % 11
    return 1 if check > 9 or check == 0 else check


def ref_barcode(bank: str, factor: int, cents: int, free: str) -> str:
    body = f"{bank}9{factor:04d}{cents:010d}{free}"
    return body[:4] + str(ref_mod11(body)) + body[4:]


def ref_typed_line(code: str) -> str:
    free = code[19:]
    parts = [code[:4] + free[:5], free[5:15], free[15:25]]
    return "".join(p + str(ref_mod10(p)) for p in parts) + code[4] + code[5:19]


# --------------------------------------------------------------------------- check digits by hand


def test_mod10_by_hand() -> None:
    # 0 0 1 9 0 5 0 0 9, weights from the right 2 1 2 1...:
    # 9*2=18 -> 1+8=9, 0, 0, 5*1=5, 0, 9*1=9, 1*2=2, 0, 0 -> 25 -> DV 10 - 5 = 5
    assert mod10("001905009") == 5
    assert mod10("0") == 0  # sum 0 -> DV 0, not 10
    assert mod10("5") == 9  # 5*2=10 -> 1+0=1 -> 10 - 1 = 9


def test_mod11_by_hand() -> None:
    # 1 with weight 2 -> 2 -> 11 - 2 = 9
    assert mod11("1") == 9
    # sum 0 -> 11 - 0 = 11 -> 1
    assert mod11("0" * 43) == 1
    # 5*2=10 -> 11 - 10 = 1; 6*2=12 -> 12 % 11 = 1 -> 11 - 1 = 10 -> 1
    assert mod11("5") == 1
    assert mod11("6") == 1
    # weights cycle 2..9 then 2 again: nine 1s -> 2+3+4+5+6+7+8+9+2 = 46 -> 46 % 11 = 2 -> 9
    assert mod11("1" * 9) == 9


@given(st.text(alphabet="0123456789", min_size=1, max_size=43))
def test_check_digits_match_the_reference(digits: str) -> None:
    assert mod10(digits) == ref_mod10(digits)
    assert mod11(digits) == ref_mod11(digits)


# --------------------------------------------------------------------------- typed line and barcode


def test_published_example() -> None:
    assert verify_typed_line(BB_LINE) == BB_DIGITS
    assert typed_line_to_barcode(BB_LINE) == BB_BARCODE
    assert barcode_to_typed_line(BB_BARCODE) == BB_DIGITS
    assert format_typed_line(BB_DIGITS) == BB_LINE
    assert amount_of(BB_DIGITS) == Decimal("1.00")
    assert factor_of(BB_DIGITS) == 3737


def test_constructed_example() -> None:
    free = "1234567890123456789012345"
    code = ref_barcode("237", due_factor(date(2026, 3, 10)), 123456, free)
    line = barcode_to_typed_line(code)
    assert line == ref_typed_line(code)
    assert typed_line_to_barcode(line) == code
    assert amount_of(line) == Decimal("1234.56")
    assert due_date(factor_of(line), today=date(2026, 3, 1)) == date(2026, 3, 10)
    shown = format_typed_line(line)
    assert [len(part) for part in shown.split(" ")] == [11, 12, 12, 1, 14]
    assert verify_typed_line(shown) == line


@given(
    st.sampled_from(["001", "033", "104", "237", "341", "748"]),
    st.integers(0, 9999),
    st.integers(0, 10**10 - 1),
    st.text(alphabet="0123456789", min_size=25, max_size=25),
)
def test_round_trips(bank: str, factor: int, cents: int, free: str) -> None:
    code = ref_barcode(bank, factor, cents, free)
    line = barcode_to_typed_line(code)
    assert line == ref_typed_line(code)
    assert verify_typed_line(format_typed_line(line)) == line
    assert typed_line_to_barcode(line) == code
    assert amount_of(line) == Decimal(cents) / 100
    assert factor_of(line) == factor


def test_separators_are_free() -> None:
    spread = BB_LINE.replace(" ", "\n").replace(".", " . ")
    assert verify_typed_line(spread) == BB_DIGITS
    assert verify_typed_line(BB_DIGITS) == BB_DIGITS


# --------------------------------------------------------------------------- rejections


def _flip(digits: str, position: int) -> str:
    return digits[:position] + str((int(digits[position]) + 1) % 10) + digits[position + 1 :]


@pytest.mark.parametrize(("position", "field"), [(3, 1), (9, 1), (12, 2), (20, 2), (25, 3), (31, 3)])
def test_field_check_names_the_field(position: int, field: int) -> None:
    with pytest.raises(InvalidValue) as info:
        verify_typed_line(_flip(BB_DIGITS, position))
    assert info.value.rule == "boleto.field_check"
    assert info.value.params["field"] == field
    assert f"field {field} " in str(info.value)


@pytest.mark.parametrize("position", [32, 33, 40, 46])
def test_general_check_catches_fields_4_and_5(position: int) -> None:
    with pytest.raises(InvalidValue) as info:
        verify_typed_line(_flip(BB_DIGITS, position))
    assert info.value.rule == "boleto.general_check"


def test_general_check_of_a_barcode() -> None:
    with pytest.raises(InvalidValue) as info:
        barcode_to_typed_line(_flip(BB_BARCODE, 4))
    assert info.value.rule == "boleto.general_check"
    assert info.value.params == {"check": "4", "expected": 3}


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        (BB_LINE.replace("3 3737", "3-3737"), "boleto.digits"),
        (BB_LINE + "x", "boleto.digits"),
        ("", "boleto.length"),
        (BB_DIGITS[:-1], "boleto.length"),
        (BB_DIGITS + "0", "boleto.length"),
    ],
)
def test_malformed_text(text: str, rule: str) -> None:
    with pytest.raises(InvalidValue) as info:
        verify_typed_line(text)
    assert info.value.rule == rule


def test_barcode_length() -> None:
    with pytest.raises(InvalidValue) as info:
        barcode_to_typed_line(BB_BARCODE[:-1])
    assert info.value.rule == "boleto.barcode_length"
    assert info.value.params == {"count": 43}


# --------------------------------------------------------------------------- due factor


def test_due_factor_and_its_restart() -> None:
    assert due_factor(date(1997, 10, 8)) == 1
    assert due_factor(date(2000, 7, 3)) == 1000
    assert due_factor(date(2025, 2, 21)) == 9999
    assert due_factor(date(2025, 2, 22)) == 1000
    assert due_factor(date(2025, 2, 23)) == 1001
    assert due_factor(date(2049, 10, 13)) == 9999  # 2025-02-22 + 8,999 days
    assert due_factor(date(2049, 10, 14)) == 1000
    with pytest.raises(InvalidValue) as info:
        due_factor(date(1997, 10, 7))
    assert info.value.rule == "boleto.due_date"


def test_due_date_is_the_occurrence_nearest_today() -> None:
    assert due_date(1000, today=date(2025, 3, 1)) == date(2025, 2, 22)
    assert due_date(1000, today=date(2010, 1, 1)) == date(2000, 7, 3)
    assert due_date(9999, today=date(2025, 3, 1)) == date(2025, 2, 21)
    assert due_date(9999, today=date(2040, 1, 1)) == date(2049, 10, 13)
    assert due_date(1001, today=date(2025, 2, 20)) == date(2025, 2, 23)
    assert due_date(1, today=date(2026, 1, 1)) == date(1997, 10, 8)
    assert due_date(0, today=date(2026, 1, 1)) is None
    assert due_date(1000, today=date(1900, 1, 1)) == date(2000, 7, 3)  # none before the first
    for bad in (-1, 10000):
        with pytest.raises(InvalidValue) as info:
            due_date(bad, today=date(2026, 1, 1))
        assert info.value.rule == "boleto.factor"


@given(st.dates(min_value=date(2000, 7, 3), max_value=date(2070, 1, 1)), st.integers(-1500, 1500))
def test_due_date_inverts_due_factor_near_today(day: date, offset: int) -> None:
    today = day + timedelta(days=offset)
    assert due_date(due_factor(day), today=today) == day


# --------------------------------------------------------------------------- finding lines in text


def test_find_typed_lines_in_pdf_text() -> None:
    other = barcode_to_typed_line(ref_barcode("341", 1234, 5000, "9" * 25))
    wrong = _flip(BB_DIGITS, 12)
    text = (
        "Banco do Brasil | 001-9 |\n"
        f"{wrong}\n"  # a candidate whose check digits fail: listed last
        f"Linha digitável: {BB_LINE[:24]}\n{BB_LINE[24:]}\n"
        "Nosso número 1234 5678 Vencimento 10/03/2026 Valor 1,00\n"
        f"{format_typed_line(other)}\n"
        f"again {BB_LINE}\n"
        "CNPJ 00.000.000/0001-91 CEP 70.002-900"
    )
    assert find_typed_lines(text) == [BB_DIGITS, other, wrong]


def test_find_typed_lines_needs_whole_groups() -> None:
    assert find_typed_lines("1" * 48) == []
    assert find_typed_lines("no digits here") == []
    assert find_typed_lines(f"12 {BB_DIGITS}") == [BB_DIGITS]
