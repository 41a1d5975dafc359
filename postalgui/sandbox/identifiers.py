"""Normalising the identifiers clients send: contract and card numbers, CNPJs.

Contract and card numbers are 10 digits, zero-padded on the left; clients send them
with or without the padding, so lookups compare the padded form.
"""

from __future__ import annotations

NUMBER_DIGITS = 10


def normalize_number(text: str) -> str:
    """A contract or card number as 10 digits; ValueError if it cannot be one."""
    digits = text.strip()
    if not digits.isascii() or not digits.isdigit():
        raise ValueError("deve conter apenas dígitos")
    if len(digits) > NUMBER_DIGITS:
        raise ValueError(f"deve ter no máximo {NUMBER_DIGITS} dígitos")
    return digits.zfill(NUMBER_DIGITS)


def normalize_cnpj(text: str) -> str:
    """A CNPJ as its 14 digits, accepting the punctuated form too."""
    return "".join(ch for ch in text if ch.isascii() and ch.isdigit())


def cnpj_is_valid(cnpj: str) -> bool:
    """Check the two CNPJ check digits (used to keep the demo data honest)."""
    if len(cnpj) != 14 or not cnpj.isdigit() or len(set(cnpj)) == 1:
        return False

    def digit(base: str) -> str:
        weights = list(range(len(base) - 7, 1, -1)) + list(range(9, 1, -1))
        remainder = sum(int(d) * w for d, w in zip(base, weights, strict=True)) % 11
        return "0" if remainder < 2 else str(11 - remainder)

    first = digit(cnpj[:12])
    return cnpj[12:] == first + digit(cnpj[:12] + first)
