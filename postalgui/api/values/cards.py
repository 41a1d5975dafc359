"""Zero-padded identifiers: posting cards, contracts, invoice DR and item.

The operator matches these as fixed-width strings ("Card and contract numbers are 10
digits, zero-padded on the left"; ``drFatura`` 5 digits; ``itemFatura`` 3), so ``"123"``
and ``"0000000123"`` must become the same key before a request or a token cache lookup.
"""

from __future__ import annotations

from postalgui.api.values.errors import InvalidValue

__all__ = [
    "pad_card_number",
    "pad_contract_number",
    "pad_dr_fatura",
    "pad_item_fatura",
    "pad_number",
]

_DIGITS = frozenset("0123456789")


def pad_number(text: str | int, width: int = 10, rule_prefix: str = "card") -> str:
    """Digits of ``text`` left-padded with zeros to ``width``.

    Rejects blanks, anything but ASCII digits (signs, separators) and more than
    ``width`` digits; rules are ``<rule_prefix>.empty|digits|length``.
    """
    if isinstance(text, bool) or not isinstance(text, str | int):
        raise InvalidValue(f"{rule_prefix}.digits", text)
    stripped = str(text).strip()
    if not stripped:
        raise InvalidValue(f"{rule_prefix}.empty", text)
    if not set(stripped) <= _DIGITS:
        raise InvalidValue(f"{rule_prefix}.digits", text)
    if len(stripped) > width:
        raise InvalidValue(f"{rule_prefix}.length", text, width=width, count=len(stripped))
    return stripped.zfill(width)


def pad_card_number(text: str | int) -> str:
    """Posting card number, 10 digits."""
    return pad_number(text, 10, "card")


def pad_contract_number(text: str | int) -> str:
    """Contract number, 10 digits."""
    return pad_number(text, 10, "contract")


def pad_dr_fatura(text: str | int) -> str:
    """``drFatura`` of invoice queries: the DR number, 5 digits."""
    return pad_number(text, 5, "dr")


def pad_item_fatura(text: str | int) -> str:
    """``itemFatura`` of invoice queries, 3 digits (``001`` except instalments)."""
    return pad_number(text, 3, "invoice_item")
