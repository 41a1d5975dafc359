"""How labels, the content declaration and the posting list write money, grams, CEPs and
the additional services.

The documents leaf cannot reach the app's formatters (`postalgui.api.values`), and these
are the operator's forms: money is ``R$ 1.234,56`` and a CEP ``00000-000`` in any
language; grams group their thousands with the separator the caller's words give; the
services are the labels' marks (``AR``, ``MP``, ``VD R$ 1.234,56``).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

__all__ = ["DECLARED_VALUE_SERVICES", "brl", "cep_text", "declared_text", "grams", "service_marks"]

_CENTS = Decimal("0.01")
DECLARED_VALUE_SERVICES = frozenset({"19", "64", "65"})
"""The declared-value services' two-digit codes (SEDEX family, PAC, Mini Envios): the
amount says it (``VD``), so their codes are not listed again."""
_MARKS = {"01": "AR", "02": "MP"}
"""The marks a clerk knows: receipt notice (aviso de recebimento), own hand (mão própria)."""


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


def declared_text(amount: Decimal | None) -> str:
    """``VD R$ 1.234,56``: the declared value as the label marks it; "" without one."""
    return f"VD {brl(amount)}" if amount is not None and amount > 0 else ""


def service_marks(codes: tuple[str, ...]) -> str:
    """``AR MP``: the additional services by their marks, other codes as their two digits;
    the declared-value services left out (`declared_text` writes them with the amount)."""
    marks: list[str] = []
    for code in codes:
        two = code.strip()[-2:].zfill(2)
        if two not in DECLARED_VALUE_SERVICES:
            marks.append(_MARKS.get(two, two))
    return " ".join(dict.fromkeys(marks))
