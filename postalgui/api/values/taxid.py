"""CPF (a person's tax id) and "CPF or CNPJ", as a client of a counter attendance is named.

The registration system takes the attended client's id as up to 14 digits with no
separators (spec 002, 4.1): a CPF's 11 or a numeric CNPJ's 14. Both are checked here, so
a mistyped id is caught at the counter instead of at the partner's bookkeeping.
"""

from __future__ import annotations

import re

from postalgui.api.values.cnpj import format_cnpj, parse_cnpj
from postalgui.api.values.errors import InvalidValue

__all__ = ["format_tax_id", "parse_cpf", "parse_tax_id"]

_CPF_MASKED = re.compile(r"\d{3}\.\d{3}\.\d{3}-\d{2}", flags=re.ASCII)
_TAX_ID_CHARS = re.compile(r"[\d./\- ]+", flags=re.ASCII)


def _cpf_digit(digits: str) -> str:
    weight = len(digits) + 1
    total = sum(int(char) * (weight - index) for index, char in enumerate(digits))
    remainder = total * 10 % 11
    return "0" if remainder == 10 else str(remainder)


def parse_cpf(text: str) -> str:
    """The 11 digits of a CPF, bare or written 000.000.000-00, once its check digits match."""
    if not isinstance(text, str) or not _TAX_ID_CHARS.fullmatch(text.strip()):
        raise InvalidValue("taxid.format", text)
    stripped = text.strip()
    digits = re.sub(r"\D", "", stripped)
    if len(digits) != 11 or (digits != stripped and not _CPF_MASKED.fullmatch(stripped)):
        raise InvalidValue("taxid.format", text)
    if digits == digits[0] * 11:
        raise InvalidValue("cpf.repeated", text)
    expected = _cpf_digit(digits[:9])
    expected += _cpf_digit(digits[:9] + expected)
    if digits[9:] != expected:
        raise InvalidValue("cpf.check_digits", text, check=digits[9:], expected=expected)
    return digits


def parse_tax_id(text: str) -> str:
    """A CPF (11 digits) or a numeric CNPJ (14 digits), checked, as the digits the wire takes."""
    if not isinstance(text, str) or not _TAX_ID_CHARS.fullmatch(text.strip()):
        raise InvalidValue("taxid.format", text)
    digits = re.sub(r"\D", "", text)
    if len(digits) == 14:
        return parse_cnpj(text)
    return parse_cpf(text)


def format_tax_id(digits: str) -> str:
    """``000.000.000-00`` for a CPF, ``00.000.000/0000-00`` for a CNPJ, else as given."""
    if len(digits) == 11 and digits.isdigit():
        return f"{digits[:3]}.{digits[3:6]}.{digits[6:9]}-{digits[9:]}"
    if len(digits) == 14:
        return format_cnpj(digits)
    return digits
