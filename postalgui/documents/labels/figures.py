"""How labels, the content declaration and the posting list write money, grams and CEPs.

The documents leaf cannot reach the app's formatters (`postalgui.api.values`), and these
three are the operator's forms: money is ``R$ 1.234,56`` and a CEP ``00000-000`` in any
language; grams group their thousands with the separator the caller's words give.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

__all__ = ["brl", "cep_text", "grams"]

_CENTS = Decimal("0.01")


def brl(amount: Decimal) -> str:
    """``R$ 1.234,56`` (``-R$ 5,00`` below zero), half-up to the cent."""
    cents = amount.quantize(_CENTS, rounding=ROUND_HALF_UP)
    whole, _, fraction = f"{abs(cents):f}".partition(".")
    sign = "-" if cents < 0 else ""
    return f"{sign}R$ {int(whole):,}".replace(",", ".") + f",{fraction or '00'}"


def grams(weight_g: int, thousands: str = ".") -> str:
    """``1.500`` (or ``1,500`` with ``thousands=","``): a weight in grams, thousands grouped."""
    return f"{weight_g:,}".replace(",", thousands)


def cep_text(cep: str) -> str:
    """``01310-100`` from 8 digits; anything else as given (the label prints what it was handed)."""
    return f"{cep[:5]}-{cep[5:]}" if len(cep) == 8 and cep.isdigit() else cep
