"""The DataMatrix text of a label: the sorting machines' fields, in order and width.

REFERENCE "Labels", as the SIGEP-era generators write it (php-sigep ``getM2Dstr``)::

    destination CEP (8) + its number (5)      origin CEP (8) + its number (5)
    destination CEP's check digit (1)          "51"
    object code (13)                           additional services (12: 2-digit codes, "00"-padded)
    posting card (10)                          service code (5)
    "01"                                       destination number again (5)
    recipient's address complement (20)        declared value (5, whole reais)
    recipient's phone (12)                     "-00.000000" twice (latitude, longitude)
    "|"  and a free field (30, the observation)

Widths are kept exact whatever the input, so a reader that cuts by position never
slips: an address number is its leading digits (``"123A"`` is 123, ``"S/N"`` is 0, as
PHP's ``%05d`` reads them) and, like every numeric field, keeps its last digits when
longer; the declared value is whole reais, at most 99999; the free field is cut or
space-padded to 30. The check digit follows CEPNet: 10 minus the digit sum mod 10, 0
when that is 10 (php-sigep writes "10" there, which would shift every later field).

The recipient's complement is written, as two of the three generators REFERENCE names do
(php-sigep has it commented out), space-padded and cut to 20; its accents are folded to
ASCII so that 20 characters stay 20 bytes for a reader that cuts by position. The
services field is ``25`` (registration) first, then each additional service's two-digit
code (``001`` AR is ``01``, ``002`` MP is ``02``) and, when the object has a declared
value, the declared-value service of its product (``19`` SEDEX family, ``64`` PAC, ``65``
Mini Envios: the pre-posting's ``declared_value_code``, which this leaf may not import),
``00``-padded to 12: ``250119000000``.
"""

from __future__ import annotations

import re
import unicodedata

from postalgui.documents.reports.labels.data import LabelData
from postalgui.documents.reports.labels.figures import DECLARED_VALUE_SERVICES

__all__ = [
    "cep_check_digit",
    "complement_field",
    "datamatrix_text",
    "declared_value_service",
    "services_field",
]

_LEADING_DIGITS = re.compile(r"\s*(\d*)")
_NO_COORDINATE = "-00.000000"
_SERVICE_SLOTS = 6
_FREE_FIELD = 30
_MAX_REAIS = 99_999
_COMPLEMENT = 20
REGISTRATION = "25"
"""The registration service: first in every label's services field."""
PAC_SERVICES = frozenset({"03298", "03085", "04510", "04669", "03336", "03301"})
"""PAC's service codes, as `postalgui.api.models.prepostings.PAC_CODES` (a test keeps them equal)."""
MINI_ENVIOS = "04227"


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


def declared_value_service(service_code: str) -> str:
    """The two-digit declared-value service of a product: 65 Mini Envios, 64 PAC, else 19."""
    code = _fixed(_only_digits(service_code), 5)
    if code == MINI_ENVIOS:
        return "65"
    return "64" if code in PAC_SERVICES else "19"


def services_field(label: LabelData) -> str:
    """``25``, the additional services' two-digit codes, the declared-value service when
    the object has a declared value; each once, six at most, ``00``-padded to 12."""
    codes = [REGISTRATION]
    for code in label.additional_services:
        two = _fixed(_only_digits(code), 2)
        if two not in DECLARED_VALUE_SERVICES and two != "00":
            codes.append(two)
    if label.declared_value is not None and label.declared_value > 0:
        codes.append(declared_value_service(label.service_code))
    fields = list(dict.fromkeys(codes))[:_SERVICE_SLOTS]
    return "".join(fields).ljust(2 * _SERVICE_SLOTS, "0")


def _ascii(text: str) -> str:
    """``Apto 5 - Conceição`` as ``Apto 5 - Conceicao``; what has no ASCII form is ``?``."""
    folded = unicodedata.normalize("NFKD", text)
    plain = "".join(char for char in folded if not unicodedata.combining(char))
    return plain.encode("ascii", "replace").decode("ascii")


def complement_field(complement: str) -> str:
    """The recipient's address complement in 20 characters: cut, or space-padded."""
    return _ascii(" ".join(complement.split()))[:_COMPLEMENT].ljust(_COMPLEMENT)


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
            services_field(label),
            _fixed(_only_digits(label.card), 10),
            _fixed(_only_digits(label.service_code), 5),
            "01",
            destination_number,
            complement_field(destination.complement),
            _reais(label),
            _fixed(_only_digits(destination.phone), 12),
            _NO_COORDINATE,
            _NO_COORDINATE,
            "|",
            label.observation[:_FREE_FIELD].ljust(_FREE_FIELD),
        )
    )
