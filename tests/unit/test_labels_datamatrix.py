"""The label's DataMatrix text, field by field (REFERENCE "Labels")."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from postalgui.api.models.prepostings import PAC_CODES, declared_value_code
from postalgui.documents.reports.labels import cep_check_digit, datamatrix_text
from postalgui.documents.reports.labels.datamatrix import MINI_ENVIOS, PAC_SERVICES, declared_value_service
from tests.unit.test_labels_render import LABEL as RENDERED
from tests.unit.test_labels_render import RECIPIENT, SENDER

LABEL = replace(RENDERED, service_code="3220", card="67599079", invoice_number="", contract="", weight_g=0)
"""The read-back tests' label, its service code and card short (the text pads them)."""

FIELDS = (
    ("destination_cep", 8), ("destination_number", 5), ("origin_cep", 8), ("origin_number", 5),
    ("check_digit", 1), ("fixed_51", 2), ("object_code", 13), ("services", 12), ("card", 10),
    ("service_code", 5), ("fixed_01", 2), ("number_again", 5), ("complement", 20), ("declared_reais", 5),
    ("phone", 12),
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
        "services": "250119000000",  # registration, AR, SEDEX's declared value
        "card": "0067599079",
        "service_code": "03220",
        "fixed_01": "01",
        "number_again": "01578",
        "complement": "Apto 52".ljust(20),
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
    assert len(text) == 164


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


def test_every_field_starts_where_the_sorting_machine_cuts_it() -> None:
    text = datamatrix_text(LABEL)
    assert len(text) == 164
    assert text[71:76] == "01578"  # the repeated number
    assert text[76:96] == "Apto 52".ljust(20)  # the complement right after it
    assert text[96:101] == "01234"  # the declared value, no longer 20 characters early
    assert text[101:113] == "011987654321"
    assert text[113:134] == "-00.000000-00.000000|"
    assert text[134:] == "Pedido 4711".ljust(30)


@pytest.mark.parametrize(
    ("complement", "field"),
    [
        ("", " " * 20),
        ("Apto 52", "Apto 52             "),
        ("Bloco B Torre Norte Conjunto 1204", "Bloco B Torre Norte "),  # cut at 20
        ("12345678901234567890", "12345678901234567890"),  # exactly 20
        ("  Casa   2 ", "Casa 2              "),  # spaces squeezed
        ("Edifício São João", "Edificio Sao Joao   "),  # accents folded: 20 characters, 20 bytes
    ],
)
def test_the_complement_is_twenty_characters_cut_or_space_padded(complement: str, field: str) -> None:
    text = datamatrix_text(replace(LABEL, recipient=replace(RECIPIENT, complement=complement)))
    assert fields(text)["complement"] == field
    assert fields(text)["declared_reais"] == "01234"  # every later field in place
    assert text.isascii()


@pytest.mark.parametrize(
    ("service_code", "services", "declared", "field"),
    [
        ("03220", (), None, "250000000000"),  # registration alone
        ("03220", ("001",), None, "250100000000"),  # AR, the operator's 3-digit code
        ("03220", ("001", "002"), None, "250102000000"),  # AR and MP
        ("03220", ("01", "19"), Decimal("1234.56"), "250119000000"),  # SEDEX declared value
        ("03220", ("001",), Decimal("50"), "250119000000"),  # the value alone adds its service
        ("03298", ("002",), Decimal("50"), "250264000000"),  # PAC: 64
        ("04227", (), Decimal("50"), "256500000000"),  # Mini Envios: 65
        ("03220", ("019",), None, "250000000000"),  # no value, no declared-value service
        ("03220", ("19", "64"), Decimal("10"), "251900000000"),  # the product's service, once
        ("03220", ("01", "01", "25"), None, "250100000000"),  # each once, 25 first
    ],
)
def test_services_are_registration_then_the_objects_services_then_its_declared_value(
    service_code: str, services: tuple[str, ...], declared: Decimal | None, field: str
) -> None:
    label = replace(LABEL, service_code=service_code, additional_services=services, declared_value=declared)
    assert fields(datamatrix_text(label))["services"] == field


def test_services_keep_six_and_pad_with_00_to_twelve() -> None:
    many = ("01", "02", "37", "49", "57", "67", "68")
    assert fields(datamatrix_text(replace(LABEL, additional_services=many)))["services"] == "250102374957"


@pytest.mark.parametrize(
    "service_code", sorted(PAC_CODES | {MINI_ENVIOS, "03220", "03298", "04162", "04014"})
)
def test_the_declared_value_service_is_the_pre_postings(service_code: str) -> None:
    """The documents leaf may not import the api: its copy of the rule must not drift."""
    assert declared_value_service(service_code) == declared_value_code(service_code)[-2:]
    assert PAC_SERVICES == PAC_CODES


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
