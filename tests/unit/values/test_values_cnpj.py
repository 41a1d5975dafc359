"""CNPJ: numeric and alphanumeric (Receita Federal, July 2026) check digits."""

from __future__ import annotations

import string

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from postalgui.api.values import (
    Cnpj,
    InvalidValue,
    compute_check_digits,
    format_cnpj,
    is_valid_cnpj,
    parse_cnpj,
)

PROPERTY = settings(database=None, deadline=None, max_examples=300)
ALNUM = string.digits + string.ascii_uppercase

# Independent reference, written from the Receita's table rather than ord() - 48:
# digits keep their value, A=17, B=18 ... Z=42.
VALUES = {**{str(d): d for d in range(10)}, **{chr(65 + i): 17 + i for i in range(26)}}
W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]


def _remainders(base12: str) -> tuple[int, int]:
    first_sum = sum(VALUES[c] * w for c, w in zip(base12, W1, strict=True))
    dv1 = 0 if first_sum % 11 < 2 else 11 - first_sum % 11
    second_sum = sum(VALUES[c] * w for c, w in zip(base12 + str(dv1), W2, strict=True))
    return first_sum % 11, second_sum % 11


def _reference_check(base12: str) -> str:
    r1, r2 = _remainders(base12)
    return f"{0 if r1 < 2 else 11 - r1}{0 if r2 < 2 else 11 - r2}"


numeric_bases = st.text(alphabet=string.digits, min_size=12, max_size=12)
alnum_bases = st.text(alphabet=ALNUM, min_size=12, max_size=12)
any_bases = st.one_of(numeric_bases, alnum_bases)


def _valid(base12: str) -> str:
    cnpj = base12 + compute_check_digits(base12)
    assume(len(set(cnpj)) > 1)
    return cnpj


def _mask(bare: str) -> str:
    return f"{bare[:2]}.{bare[2:5]}.{bare[5:8]}/{bare[8:12]}-{bare[12:]}"


@pytest.mark.parametrize(
    ("text", "bare"),
    [
        ("11.222.333/0001-81", "11222333000181"),  # classic numeric example
        ("00.394.460/0058-87", "00394460005887"),  # Receita Federal's own CNPJ
        ("12.ABC.345/01DE-35", "12ABC34501DE35"),  # Receita's alphanumeric example
        ("12abc34501de35", "12ABC34501DE35"),
        ("  12.abc.345/01De-35 ", "12ABC34501DE35"),
    ],
)
def test_known_valid(text: str, bare: str) -> None:
    assert parse_cnpj(text) == bare
    assert is_valid_cnpj(text)
    assert format_cnpj(text) == _mask(bare)


def test_receita_alphanumeric_example_check_digits() -> None:
    assert compute_check_digits("12ABC34501DE") == "35"
    assert compute_check_digits("12abc34501de") == "35"
    assert _reference_check("12ABC34501DE") == "35"


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("", "cnpj.length"),
        ("11.222.333/0001-8", "cnpj.length"),
        ("112223330001811", "cnpj.length"),
        ("11 222 333 0001 81", "cnpj.characters"),
        ("11.222.333/0001-8\u00b9", "cnpj.characters"),  # superscript one
        ("11222333000\u013181", "cnpj.characters"),  # dotless i upper-cases to I
        ("11.222.333.0001-81", "cnpj.format"),
        ("11222333/0001-81", "cnpj.format"),
        ("12.ABC.345/01DE-3A", "cnpj.check_digits_numeric"),
        ("00.000.000/0000-00", "cnpj.repeated"),
        ("11111111111111", "cnpj.repeated"),
        ("99999999999999", "cnpj.repeated"),
        ("11.222.333/0001-18", "cnpj.check_digits"),
        ("12.ABC.345/01DE-53", "cnpj.check_digits"),
    ],
)
def test_rejected(text: str, rule: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_cnpj(text)
    assert caught.value.rule == rule
    assert not is_valid_cnpj(text)


def test_check_digit_error_carries_expected_digits() -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_cnpj("11.222.333/0001-18")
    assert caught.value.params == {"check": "18", "expected": "81"}


@pytest.mark.parametrize("base", ["12ABC34501D", "12ABC34501DE3", "12.ABC.345/0", "12ABC34501D-"])
def test_compute_check_digits_rejects_bad_base(base: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        compute_check_digits(base)
    assert caught.value.rule == "cnpj.base"


@PROPERTY
@given(any_bases)
def test_computed_digits_match_reference(base12: str) -> None:
    assert compute_check_digits(base12) == _reference_check(base12)


@PROPERTY
@given(any_bases, st.booleans())
def test_round_trips(base12: str, lower: bool) -> None:
    bare = _valid(base12)
    masked = format_cnpj(bare)
    assert masked == _mask(bare)
    assert parse_cnpj(masked.lower() if lower else masked) == bare
    assert parse_cnpj(bare.lower() if lower else bare) == bare
    assert format_cnpj(masked) == masked


@PROPERTY
@given(any_bases, st.integers(0, 13), st.data())
def test_single_character_mutation(base12: str, position: int, data: st.DataObject) -> None:
    """A mutation passes only in mod 11's two known blind spots, never in a check digit.

    Blind spots: a base character replaced by one whose value differs by a multiple of
    11 (only possible with letters, e.g. 6 and A), or both remainders moving between 0
    and 1, which map to the same check digit (rare, also with digits only).
    """
    bare = _valid(base12)
    alphabet = string.digits if position >= 12 or base12.isdigit() else ALNUM
    replacement = data.draw(st.sampled_from([c for c in alphabet if c != bare[position]]))
    mutated = bare[:position] + replacement + bare[position + 1 :]
    assume(len(set(mutated)) > 1)
    accepted = is_valid_cnpj(mutated)
    assert accepted == (_reference_check(mutated[:12]) == mutated[12:])
    if accepted:
        assert position < 12
        same_class = (VALUES[replacement] - VALUES[bare[position]]) % 11 == 0
        collapsed = set(_remainders(bare[:12])) | set(_remainders(mutated[:12])) <= {0, 1}
        assert same_class or collapsed
    else:
        with pytest.raises(InvalidValue) as caught:
            parse_cnpj(mutated)
        assert caught.value.rule == "cnpj.check_digits"


def test_letter_blind_spot_is_real() -> None:
    # 'A' (17) and '6' (6) differ by 11: mod 11 cannot tell them apart.
    assert is_valid_cnpj("12.6BC.345/01DE-35")


@PROPERTY
@given(numeric_bases, st.integers(0, 11), st.integers(1, 9))
def test_numeric_mutation_detected_unless_remainders_collapse(base12: str, position: int, shift: int) -> None:
    bare = _valid(base12)
    digit = str((int(bare[position]) + shift) % 10)
    mutated = bare[:position] + digit + bare[position + 1 :]
    assume(len(set(mutated)) > 1)
    collapsed = set(_remainders(bare[:12])) | set(_remainders(mutated[:12])) <= {0, 1}
    if not collapsed:
        assert not is_valid_cnpj(mutated)


class _Company(BaseModel):
    cnpj: Cnpj


def test_pydantic_field() -> None:
    assert _Company(cnpj="12.abc.345/01de-35").cnpj == "12ABC34501DE35"
    assert _Company.model_validate_json('{"cnpj": "11222333000181"}').cnpj == "11222333000181"
    with pytest.raises(ValidationError) as caught:
        _Company(cnpj="11.222.333/0001-18")
    assert caught.value.errors()[0]["ctx"]["error"].rule == "cnpj.check_digits"
