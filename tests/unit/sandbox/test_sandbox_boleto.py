"""FEBRABAN slip arithmetic: due factor, modulo 10 and 11, barcode <-> typed line."""

from __future__ import annotations

import random
from datetime import date
from decimal import Decimal

import pytest

from postalgui.sandbox import boleto

# Banco do Brasil's widely published example slip (R$ 100,00, factor 8447); its three
# field check digits and the general one are verified by hand below and by the
# independent implementations at the bottom of this file.
PUBLISHED_LINE = "00190.00009 01234.567004 00000.001123 1 84470000010000"
PUBLISHED_BARCODE = "00191844700000100000000001234567000000000112"


@pytest.mark.parametrize(
    ("day", "factor"),
    [
        (date(2000, 7, 3), 1000),
        (date(2000, 7, 4), 1001),
        (date(2020, 11, 12), 8437),
        (date(2025, 2, 21), 9999),
        (date(2025, 2, 22), 1000),
        (date(2025, 2, 23), 1001),
        (date(2026, 11, 20), 1636),
    ],
)
def test_due_factor_counts_days_and_restarts_at_1000(day: date, factor: int) -> None:
    assert boleto.due_factor(day) == factor


def test_due_factor_edges() -> None:
    assert boleto.due_factor(None) == 0
    assert (date(2025, 2, 21) - date(1997, 10, 7)).days == 9999
    with pytest.raises(ValueError, match="due factor"):
        boleto.due_factor(date(2000, 7, 2))
    with pytest.raises(ValueError, match="due factor"):
        boleto.due_factor(date(2049, 10, 14))  # 1000 + 8999 days after the restart: next rollover


def test_mod10_by_hand() -> None:
    # 001900000 from the right, weights 2,1,2,1...: 0,0,0,0,0,9*1,1*2,0,0 -> 11 -> DV 9
    assert boleto.mod10("001900000") == 9
    # 0123456700: 0*2 0*1 7*2=14(1+4) 6*1 5*2=10(1+0) 4*1 3*2 2*1 1*2 0*1 -> 0+0+5+6+1+4+6+2+2+0=26 -> 4
    assert boleto.mod10("0123456700") == 4
    # 0000000112: 2*2 1*1 1*2 -> 7 -> 3
    assert boleto.mod10("0000000112") == 3
    assert boleto.mod10("0000000000") == 0  # sum 0 -> (10 - 0) % 10 = 0


def test_mod11_by_hand() -> None:
    digits = PUBLISHED_BARCODE[:4] + PUBLISHED_BARCODE[5:]
    # weights 2..9 from the right; the published line's general DV is 1
    assert boleto.mod11(digits) == 1
    # 11 - (7*2 + 3*3 + 2*4 + 1*5) % 11 = 11 - 36 % 11 = 11 - 3 = 8
    assert boleto.mod11("1237") == 8
    # 1*2 = 2 -> 11 - 2 = 9; a remainder of 1 gives 10 and of 0 gives 11: both become 1
    assert boleto.mod11("1") == 9
    assert boleto.mod11("6") == 1  # 12 % 11 = 1 -> 10 -> 1
    assert boleto.mod11("0") == 1  # 0 % 11 = 0 -> 11 -> 1


def test_published_example_round_trips() -> None:
    assert boleto.barcode_of_typed_line(PUBLISHED_LINE) == PUBLISHED_BARCODE
    digits = boleto.typed_line(PUBLISHED_BARCODE)
    assert len(digits) == 47
    assert boleto.format_typed_line(digits) == PUBLISHED_LINE
    assert boleto.barcode_is_valid(PUBLISHED_BARCODE)


def test_barcode_layout() -> None:
    free = "0000009876543400321100117"
    code = boleto.barcode("001", date(2025, 2, 22), Decimal("1234.56"), free)
    assert len(code) == 44
    assert code[:4] == "0019"
    assert code[5:9] == "1000"
    assert code[9:19] == "0000123456"
    assert code[19:] == free
    assert int(code[4]) == _mod11(code[:4] + code[5:])
    line = boleto.typed_line(code)
    assert line[:9] == "001900000"
    assert line[9] == str(_mod10("001900000"))
    assert line[32] == code[4]
    assert line[33:] == "10000000123456"
    assert boleto.barcode_of_typed_line(boleto.format_typed_line(line)) == code


def test_bad_inputs_are_refused() -> None:
    with pytest.raises(ValueError, match="free field"):
        boleto.barcode("001", date(2026, 1, 1), Decimal("1.00"), "123")
    with pytest.raises(ValueError, match="bank code"):
        boleto.barcode("1", date(2026, 1, 1), Decimal("1.00"), "0" * 25)
    with pytest.raises(ValueError, match="10 digits"):
        boleto.amount_cents(Decimal("100000000.00"))
    with pytest.raises(ValueError, match="10 digits"):
        boleto.amount_cents(Decimal("1.005"))
    wrong_field = PUBLISHED_LINE.replace("00190.00009", "00190.00008")
    with pytest.raises(ValueError, match="field 1"):
        boleto.barcode_of_typed_line(wrong_field)
    wrong_general = PUBLISHED_LINE.replace(" 1 8447", " 2 8447")
    with pytest.raises(ValueError, match="general"):
        boleto.barcode_of_typed_line(wrong_general)
    assert not boleto.barcode_is_valid(PUBLISHED_BARCODE[:4] + "2" + PUBLISHED_BARCODE[5:])


@pytest.mark.parametrize(
    ("bank", "digit"), [("001", "9"), ("237", "2"), ("341", "7"), ("104", "0"), ("033", "7")]
)
def test_bank_check_digits_of_known_banks(bank: str, digit: str) -> None:
    assert boleto.bank_check_digit(bank) == digit


def test_convenio7_free_field() -> None:
    assert boleto.free_field_convenio7("9876543", "4003211001", "17") == "0000009876543400321100117"


def _mod10(digits: str) -> int:
    """Independent modulo 10: double every other digit from the right, sum digit-wise."""
    total = 0
    double = True
    for char in digits[::-1]:
        value = int(char) * (2 if double else 1)
        total += sum(int(d) for d in str(value))
        double = not double
    return 0 if total % 10 == 0 else 10 - total % 10


def _mod11(digits: str) -> int:
    """Independent modulo 11 with the cycling 2..9 weights."""
    weights = [2, 3, 4, 5, 6, 7, 8, 9]
    total = sum(int(char) * weights[i % 8] for i, char in enumerate(digits[::-1]))
    dv = 11 - (total % 11)
    return 1 if dv > 9 else dv


def test_check_digits_agree_with_an_independent_implementation() -> None:
    rng = random.Random(7)
    for _ in range(500):
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 43)))
        assert boleto.mod10(digits) == _mod10(digits)
        assert boleto.mod11(digits) == _mod11(digits)
    for _ in range(100):
        free = "".join(rng.choice("0123456789") for _ in range(25))
        due = date.fromordinal(date(2025, 2, 22).toordinal() + rng.randint(0, 3000))
        amount = Decimal(rng.randint(0, 10**9)) / 100
        code = boleto.barcode("001", due, amount, free)
        assert boleto.barcode_of_typed_line(boleto.typed_line(code)) == code
