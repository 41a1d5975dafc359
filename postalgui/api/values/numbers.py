"""Numbers as a reader of the interface's language reads them, without Qt.

The GUI writes numbers through ``QLocale`` (`gui.models.formatting`); what is written
below it (the price breakdown, PDFs, the CLI) has no Qt and comes here with the
language: ``1.500 g`` and ``20,5 cm`` in Portuguese, ``1,500 g`` and ``20.5 cm`` in
English. Money is not here: it is always reais in Brazilian form (`money.format_brl`).

``language`` is the UI's (``"pt_BR"``, ``"pt"``, ``"en"``...): any Portuguese one gets
the Brazilian separators, every other the English ones.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

__all__ = ["format_count", "format_grams", "format_number", "format_percent", "is_portuguese"]


def is_portuguese(language: str) -> bool:
    """True for ``"pt_BR"``, ``"pt"`` and the like: Brazilian separators."""
    return language.lower().startswith("pt")


def format_number(
    value: int | Decimal, language: str, *, places: int | None = None, trim: bool = False
) -> str:
    """``value`` with thousands grouped and the language's decimal mark.

    ``places`` rounds half up to that many decimals; ``None`` keeps the value's own
    scale (``Decimal("1.5200")`` -> ``1,5200`` / ``1.5200``). ``trim`` drops trailing
    zeros of the fraction (``20.50`` -> ``20,5``, ``20.0`` -> ``20``), as sizes are shown.
    """
    number = Decimal(value)
    if places is not None:
        number = number.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    text = format(number, "f")
    sign = "-" if text.startswith("-") else ""
    integer, _, fraction = text.lstrip("-").partition(".")
    if trim:
        fraction = fraction.rstrip("0")
    if sign and not integer.strip("0") and not fraction.strip("0"):
        sign = ""  # no "-0"
    group, mark = (".", ",") if is_portuguese(language) else (",", ".")
    grouped = f"{int(integer):,}".replace(",", group)
    return f"{sign}{grouped}{mark}{fraction}" if fraction else f"{sign}{grouped}"


def format_count(count: int, one: str, many: str, language: str) -> str:
    """A count with its noun in the right number: ``"1 problem"``, ``"1,500 problems"``."""
    return f"{format_number(count, language)} {one if count == 1 else many}"


def format_grams(grams: int, language: str) -> str:
    """``12500`` -> ``"12.500 g"`` (Portuguese) or ``"12,500 g"`` (English)."""
    return f"{format_number(grams, language)} g"


def format_percent(value: Decimal, language: str, places: int = 2) -> str:
    """A percentage already in percent: ``Decimal("1")`` -> ``"1,00%"`` / ``"1.00%"``."""
    return f"{format_number(value, language, places=places)}%"
