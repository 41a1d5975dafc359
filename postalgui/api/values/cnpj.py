"""CNPJ, the company tax id: numeric and, from July 2026, alphanumeric.

Receita Federal's alphanumeric CNPJ keeps 14 positions: the first 12 may be 0-9 or
A-Z, the last 2 stay numeric check digits. Each character counts ``ord(char) - 48``
(so digits keep their value and ``A`` is 17), which makes one algorithm serve both
kinds. Input is case-insensitive and normalised to upper case.

Mod 11 is weaker on letters: characters whose values differ by 11 or 22 (``6``/``A``,
``A``/``L``/``W``) swap undetected, so a passing check is not proof of a typo-free id.
"""

from __future__ import annotations

import re
import string

from postalgui.api.values.errors import InvalidValue

__all__ = ["compute_check_digits", "format_cnpj", "is_valid_cnpj", "parse_cnpj"]

_BASE_CHARS = frozenset(string.digits + string.ascii_uppercase)
# Checked before upper-casing: str.upper() maps some non-ASCII letters to ASCII ones.
_INPUT_CHARS = frozenset(string.digits + string.ascii_letters + "./-")
_SEPARATORS = frozenset("./-")
_MASKED = re.compile(r"[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}/[0-9A-Z]{4}-[0-9A-Z]{2}")
_WEIGHTS_FIRST = (5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)
_WEIGHTS_SECOND = (6, *_WEIGHTS_FIRST)


def _check_digit(chars: str, weights: tuple[int, ...]) -> str:
    remainder = sum((ord(char) - 48) * weight for char, weight in zip(chars, weights, strict=True)) % 11
    return "0" if remainder < 2 else str(11 - remainder)


def compute_check_digits(base12: str) -> str:
    """The two check digits of a 12-character base (0-9, A-Z, any case)."""
    if not isinstance(base12, str) or len(base12) != 12 or not set(base12) <= _INPUT_CHARS - _SEPARATORS:
        raise InvalidValue("cnpj.base", base12)
    base = base12.upper()
    first = _check_digit(base, _WEIGHTS_FIRST)
    return first + _check_digit(base + first, _WEIGHTS_SECOND)


def parse_cnpj(text: str) -> str:
    """Return the 14 upper-case characters of a CNPJ, masked or bare, after checking it."""
    if not isinstance(text, str):
        raise InvalidValue("cnpj.characters", text)
    stripped = text.strip()
    if not set(stripped) <= _INPUT_CHARS:
        raise InvalidValue("cnpj.characters", text)
    stripped = stripped.upper()
    bare = "".join(char for char in stripped if char in _BASE_CHARS)
    if len(bare) != 14:
        raise InvalidValue("cnpj.length", text, count=len(bare))
    if bare != stripped and not _MASKED.fullmatch(stripped):
        raise InvalidValue("cnpj.format", text)
    check = bare[12:]
    if not check.isdigit():
        raise InvalidValue("cnpj.check_digits_numeric", text, check=check)
    if len(set(bare)) == 1:
        raise InvalidValue("cnpj.repeated", text)
    expected = compute_check_digits(bare[:12])
    if check != expected:
        raise InvalidValue("cnpj.check_digits", text, check=check, expected=expected)
    return bare


def format_cnpj(value: str) -> str:
    """Display form ``00.000.000/0000-00`` (same layout for alphanumeric ids)."""
    bare = parse_cnpj(value)
    return f"{bare[:2]}.{bare[2:5]}.{bare[5:8]}/{bare[8:12]}-{bare[12:]}"


def display_cnpj(value: str | None) -> str:
    """``00.000.000/0000-00``, or the text as typed when it is not a valid CNPJ ("" for none)."""
    if not value:
        return ""
    try:
        return format_cnpj(value)
    except InvalidValue:
        return value


def is_valid_cnpj(text: str) -> bool:
    """True when :func:`parse_cnpj` would accept ``text``."""
    try:
        parse_cnpj(text)
    except InvalidValue:
        return False
    return True
