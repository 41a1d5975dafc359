"""The label's DataMatrix text, field by field (REFERENCE "Labels")."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from postalgui.documents.labels import cep_check_digit, datamatrix_text
from tests.unit.test_labels_render import LABEL as RENDERED
from tests.unit.test_labels_render import RECIPIENT, SENDER

LABEL = replace(RENDERED, service_code="3220", card="67599079", invoice_number="", contract="", weight_g=0)
"""The read-back tests' label, its service code and card short (the text pads them)."""

FIELDS = (
    ("destination_cep", 8), ("destination_number", 5), ("origin_cep", 8), ("origin_number", 5),
    ("check_digit", 1), ("fixed_51", 2), ("object_code", 13), ("services", 12), ("card", 10),
    ("service_code", 5), ("fixed_01", 2), ("number_again", 5), ("declared_reais", 5), ("phone", 12),
    ("latitude", 10), ("longitude", 10), ("bar", 1), ("free", 30),
)  # fmt: skip


def fields(text: str) -> dict[str, str]:
    """``text`` cut by REFERENCE's widths."""
    cut, start = {}, 0
    for name, width in FIELDS:
        cut[name] = text[start : start + width]
        start += width
    assert start == len(text)
    return cut


def test_every_field_in_order_and_width() -> None:
    assert fields(datamatrix_text(LABEL)) == {
        "destination_cep": "01310200",
        "destination_number": "01578",
        "origin_cep": "80020010",
        "origin_number": "00045",
        "check_digit": "3",  # 0+1+3+1+0+2+0+0 = 7 -> 10 - 7
        "fixed_51": "51",
        "object_code": "AB123456785BR",
        "services": "011900000000",
        "card": "0067599079",
        "service_code": "03220",
        "fixed_01": "01",
        "number_again": "01578",
        "declared_reais": "01234",
        "phone": "011987654321",
        "latitude": "-00.000000",
        "longitude": "-00.000000",
        "bar": "|",
        "free": "Pedido 4711".ljust(30),
    }


@pytest.mark.parametrize(
    ("cep", "digit"),
    [("01310200", 3), ("80020010", 9), ("00000000", 0), ("99999999", 8), ("12345678", 4), ("19000000", 0)],
)
def test_cep_check_digit_is_ten_minus_the_sum_mod_ten_and_zero_for_ten(cep: str, digit: int) -> None:
    assert cep_check_digit(cep) == digit


def test_a_cep_whose_sum_ends_in_zero_keeps_one_digit() -> None:
    label = replace(LABEL, recipient=replace(RECIPIENT, cep="19000000"))  # sum 10: php-sigep would write "10"
    text = datamatrix_text(label)
    assert fields(text)["check_digit"] == "0"
    assert len(text) == 144


@pytest.mark.parametrize(
    ("number", "field"),
    [("S/N", "00000"), ("", "00000"), ("123A", "00123"), ("7", "00007"), ("1234567", "34567")],
)
def test_address_numbers_are_their_leading_digits_zero_padded_to_five(number: str, field: str) -> None:
    text = datamatrix_text(replace(LABEL, recipient=replace(RECIPIENT, number=number)))
    assert fields(text)["destination_number"] == field
    assert fields(text)["number_again"] == field


@pytest.mark.parametrize(
    ("value", "field"),
    [(None, "00000"), (Decimal("0"), "00000"), (Decimal("99.99"), "00099"), (Decimal("150000"), "99999")],
)
def test_declared_value_is_whole_reais_in_five(value: Decimal | None, field: str) -> None:
    assert fields(datamatrix_text(replace(LABEL, declared_value=value)))["declared_reais"] == field


def test_services_pad_with_00_to_twelve_and_keep_six() -> None:
    assert fields(datamatrix_text(replace(LABEL, additional_services=())))["services"] == "0" * 12
    many = ("01", "02", "19", "25", "64", "37", "49")
    assert fields(datamatrix_text(replace(LABEL, additional_services=many)))["services"] == "010219256437"


def test_phone_and_free_field_keep_their_widths() -> None:
    label = replace(LABEL, recipient=replace(RECIPIENT, phone="(11) 98765-4321"), observation="x" * 40)
    cut = fields(datamatrix_text(label))
    assert cut["phone"] == "011987654321"
    assert cut["free"] == "x" * 30
    assert (
        fields(datamatrix_text(replace(label, recipient=replace(RECIPIENT, phone=""))))["phone"] == "0" * 12
    )


def test_hyphenated_ceps_and_short_cards_are_normalised() -> None:
    label = replace(
        LABEL, recipient=replace(RECIPIENT, cep="01310-200"), sender=replace(SENDER, cep="80020-010")
    )
    cut = fields(datamatrix_text(label))
    assert (cut["destination_cep"], cut["origin_cep"], cut["card"]) == ("01310200", "80020010", "0067599079")
