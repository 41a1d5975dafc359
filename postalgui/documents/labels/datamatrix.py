"""The DataMatrix text of a label: the sorting machines' fields, in order and width.

REFERENCE "Labels", as the SIGEP-era generators write it (php-sigep ``getM2Dstr``)::

    destination CEP (8) + its number (5)      origin CEP (8) + its number (5)
    destination CEP's check digit (1)          "51"
    object code (13)                           additional services (12: 2-digit codes, "00"-padded)
    posting card (10)                          service code (5)
    "01"                                       destination number again (5)
    declared value (5, whole reais)            recipient's phone (12)
    "-00.000000" twice (latitude, longitude)   "|"  and a free field (30, the observation)

Widths are kept exact whatever the input, so a reader that cuts by position never
slips: an address number is its leading digits (``"123A"`` is 123, ``"S/N"`` is 0, as
PHP's ``%05d`` reads them) and, like every numeric field, keeps its last digits when
longer; the declared value is whole reais, at most 99999; the free field is cut or
space-padded to 30. The check digit follows CEPNet: 10 minus the digit sum mod 10, 0
when that is 10 (php-sigep writes "10" there, which would shift every later field).
The official annex's address complement (20) is left out, as the generators do.
"""

from __future__ import annotations

import re

from postalgui.documents.labels.data import LabelData

__all__ = ["cep_check_digit", "datamatrix_text"]

_LEADING_DIGITS = re.compile(r"\s*(\d*)")
_NO_COORDINATE = "-00.000000"
_SERVICE_SLOTS = 6
_FREE_FIELD = 30
_MAX_REAIS = 99_999


def cep_check_digit(cep: str) -> int:
    """CEPNet's check digit of an 8-digit CEP: 10 minus the digit sum mod 10, 0 when 10."""
    return (10 - sum(int(digit) for digit in cep) % 10) % 10


def _fixed(digits: str, width: int) -> str:
    """``digits`` zero-padded on the left to ``width``; the last ``width`` digits when longer."""
    return digits.rjust(width, "0")[-width:]


def _only_digits(text: str) -> str:
    return "".join(char for char in text if char.isdigit())


def _address_number(number: str) -> str:
    match = _LEADING_DIGITS.match(number)
    return _fixed(match.group(1) if match else "", 5)


def _services(codes: tuple[str, ...]) -> str:
    fields = [_fixed(_only_digits(code), 2) for code in codes[:_SERVICE_SLOTS]]
    return "".join(fields).ljust(2 * _SERVICE_SLOTS, "0")


def _reais(label: LabelData) -> str:
    value = label.declared_value
    whole = 0 if value is None or value < 0 else min(int(value), _MAX_REAIS)
    return _fixed(str(whole), 5)


def datamatrix_text(label: LabelData) -> str:
    """The label's DataMatrix text, REFERENCE's fields in order and at their widths."""
    destination, origin = label.recipient, label.sender
    destination_cep = _fixed(_only_digits(destination.cep), 8)
    destination_number = _address_number(destination.number)
    return "".join(
        (
            destination_cep,
            destination_number,
            _fixed(_only_digits(origin.cep), 8),
            _address_number(origin.number),
            str(cep_check_digit(destination_cep)),
            "51",
            label.object_code,
            _services(label.additional_services),
            _fixed(_only_digits(label.card), 10),
            _fixed(_only_digits(label.service_code), 5),
            "01",
            destination_number,
            _reais(label),
            _fixed(_only_digits(destination.phone), 12),
            _NO_COORDINATE,
            _NO_COORDINATE,
            "|",
            label.observation[:_FREE_FIELD].ljust(_FREE_FIELD),
        )
    )
