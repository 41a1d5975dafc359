"""CEP, the 8-digit Brazilian postal code.

The wire wants the bare 8 digits (``cepOrigem``, ``cepDestino``); people type and
paste ``01310-100`` and older systems print ``01.310-100``. Only those three shapes
are accepted so that a stray character is reported, not silently dropped.
"""

from __future__ import annotations

import re

from postalgui.api.values.errors import InvalidValue

__all__ = ["format_cep", "is_valid_cep", "parse_cep"]

_DIGITS = frozenset("0123456789")
_ALLOWED = _DIGITS | {"-", "."}
_MASKED = re.compile(r"(?:\d{5}|\d{2}\.\d{3})-\d{3}")


def parse_cep(text: str) -> str:
    """Return the 8 digits of a CEP written ``01310-100``, ``01310100`` or ``01.310-100``."""
    if not isinstance(text, str):
        raise InvalidValue("cep.digits", text)
    stripped = text.strip()
    if not set(stripped) <= _ALLOWED:
        raise InvalidValue("cep.digits", text)
    digits = "".join(char for char in stripped if char in _DIGITS)
    if len(digits) != 8:
        raise InvalidValue("cep.length", text, count=len(digits))
    if digits != stripped and not _MASKED.fullmatch(stripped):
        raise InvalidValue("cep.format", text)
    return digits


def format_cep(digits: str) -> str:
    """Display form ``01310-100`` of any accepted CEP spelling."""
    bare = parse_cep(digits)
    return f"{bare[:5]}-{bare[5:]}"


def is_valid_cep(text: str) -> bool:
    """True when :func:`parse_cep` would accept ``text``."""
    try:
        parse_cep(text)
    except InvalidValue:
        return False
    return True
