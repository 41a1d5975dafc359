"""Money, percentages, weights and cents as the operator writes them.

The operator sends money and percentages as strings with a decimal comma (``"19,92"``,
``"0,0100"``), sometimes with thousands dots (``"1.234,56"``), weights as gram strings
(``"300"``) and, in the registration system, amounts as cent digits (``"1234"``).
Everything becomes :class:`~decimal.Decimal` straight from the text, never via float.

Reading rule for text (money and percentages), after stripping spaces and an optional
leading ``-``:

1. Brazilian form wins whenever the text fits it: digits with an optional decimal
   comma, the integer part either plain (``1234``) or grouped with dots in threes
   after a first group of 1-3 digits not starting with 0 (``1.234.567``).
   So ``"1.234"`` is one thousand two hundred thirty-four, as the operator means it.
2. Otherwise a single dot between digits is a decimal point (``"19.92"``, ``"0.500"``,
   ``"1234.5"``): text that is not valid Brazilian form cannot mean thousands.
3. Anything else (``"1,234.56"``, ``"1.23.456"``, ``",5"``, ``"5,"``, exponents,
   ``"NaN"``, currency symbols, inner spaces) is rejected.

The scale is kept as written (``"0,0100"`` -> ``Decimal("0.0100")``). Formatting to a
fixed number of places rounds ROUND_HALF_UP (``0,005`` -> ``0,01``), the rounding
people and invoices in Brazil expect, not banker's rounding.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Iterable
from decimal import ROUND_HALF_UP, Context, Decimal

from postalgui.api.values.errors import InvalidValue

__all__ = [
    "added",
    "format_brl",
    "format_cents",
    "format_decimal_dot",
    "format_money_wire",
    "format_percent_wire",
    "parse_cents",
    "parse_money",
    "parse_percent",
    "parse_weight_grams",
    "wire_reader",
]

_BRAZILIAN = re.compile(
    r"(?P<sign>-?)(?P<int>[1-9]\d{0,2}(?:\.\d{3})+|\d+)(?:,(?P<frac>\d+))?",
    flags=re.ASCII,
)
_DOT_DECIMAL = re.compile(r"(?P<sign>-?)(?P<int>\d+)\.(?P<frac>\d+)", flags=re.ASCII)
_DIGITS = re.compile(r"\d+", flags=re.ASCII)
_CENTS_WIDTH = 10
_WEIGHT_WIDTH = 9
"""Digits of a weight in grams: 999,999,999 g is far past any product's limit, and a
bound keeps a pasted run of digits from reaching ``int()`` (which refuses 4,300+)."""
_NUMBER_WIDTH = 20
"""Digits of an amount or percentage (both sides of the separator): as above."""


def _parse_decimal(value: str | int | Decimal, kind: str) -> Decimal:
    """Shared reader for money and percentages; ``kind`` prefixes the rule keys."""
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise InvalidValue(f"{kind}.format", value)
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Decimal(value)
    if not isinstance(value, str):
        raise InvalidValue(f"{kind}.type", value, type=type(value).__name__)
    text = value.strip()
    match = _BRAZILIAN.fullmatch(text) or _DOT_DECIMAL.fullmatch(text)
    if match is None:
        raise InvalidValue(f"{kind}.format", value)
    integer = match["int"].replace(".", "")
    fraction = match["frac"]
    count = len(integer) + len(fraction or "")
    if count > _NUMBER_WIDTH:
        raise InvalidValue(f"{kind}.length", value, width=_NUMBER_WIDTH, count=count)
    return Decimal(f"{match['sign']}{integer}.{fraction}" if fraction else f"{match['sign']}{integer}")


def parse_money(value: str | int | Decimal) -> Decimal:
    """Read an amount such as ``"1.234,56"``; see the module docstring for the rule."""
    return _parse_decimal(value, "money")


def parse_percent(value: str | int | Decimal) -> Decimal:
    """Read a percentage string such as ``"0,0100"``, keeping its scale."""
    return _parse_decimal(value, "percent")


def _rounded(amount: Decimal, places: int) -> Decimal:
    """``amount`` at ``places`` decimals, half up, with no negative zero."""
    if not isinstance(amount, Decimal) or not amount.is_finite():
        raise InvalidValue("money.format", amount)
    # A roomy context: quantize fails when the result needs more than the precision.
    context = Context(prec=max(28, amount.adjusted() + places + 2), rounding=ROUND_HALF_UP)
    rounded = amount.quantize(Decimal(1).scaleb(-places), context=context)
    return rounded.copy_abs() if rounded.is_zero() else rounded


def format_money_wire(amount: Decimal) -> str:
    """Operator form: 2 places, decimal comma, no thousands (``"1234,56"``)."""
    return format(_rounded(amount, 2), "f").replace(".", ",")


def format_percent_wire(amount: Decimal) -> str:
    """Operator form of a percentage, keeping its scale (``"0,0100"``)."""
    if not isinstance(amount, Decimal) or not amount.is_finite():
        raise InvalidValue("percent.format", amount)
    plain = amount.copy_abs() if amount.is_zero() else amount
    return format(plain, "f").replace(".", ",")


def format_brl(amount: Decimal, *, symbol: bool = True) -> str:
    """UI form ``R$ 1.234,56`` (``-R$ 1.234,56`` when negative); ``symbol=False`` drops ``R$``."""
    text = format(_rounded(amount, 2), "f")
    sign = "-" if text.startswith("-") else ""
    integer, fraction = text.lstrip("-").split(".")
    grouped = f"{int(integer):,}".replace(",", ".")
    prefix = "R$ " if symbol else ""
    return f"{sign}{prefix}{grouped},{fraction}"


def format_decimal_dot(amount: Decimal, places: int | None = 2) -> str:
    """Dot-decimal text for JSON and CSV output (``"19.92"``); ``places=None`` keeps the scale."""
    if places is None:
        if not isinstance(amount, Decimal) or not amount.is_finite():
            raise InvalidValue("money.format", amount)
        return format(amount.copy_abs() if amount.is_zero() else amount, "f")
    return format(_rounded(amount, places), "f")


def parse_weight_grams(value: str | int) -> int:
    """Gram count of a weight string such as ``"300"`` (whole grams only)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            raise InvalidValue("weight.format", value)
        return value
    if not isinstance(value, str) or not _DIGITS.fullmatch(value.strip()):
        raise InvalidValue("weight.format", value)
    digits = value.strip()
    if len(digits) > _WEIGHT_WIDTH:
        raise InvalidValue("weight.length", value, width=_WEIGHT_WIDTH, count=len(digits))
    return int(digits)


def parse_cents(text: str) -> Decimal:
    """Registration-system amount ``"1234"`` (cents, digits only) -> ``Decimal("12.34")``.

    The spec also allows an empty string for ERP-tariffed services: that means "no
    amount", which callers map to ``None`` before calling this.
    """
    if not isinstance(text, str) or not _DIGITS.fullmatch(text.strip()):
        raise InvalidValue("cents.format", text)
    digits = text.strip()
    if len(digits) > _CENTS_WIDTH:
        raise InvalidValue("cents.length", text, width=_CENTS_WIDTH, count=len(digits))
    return Decimal(digits).scaleb(-2)


def format_cents(amount: Decimal) -> str:
    """``Decimal("12.34")`` -> ``"1234"``: digits only, in cents, never rounded."""
    if not isinstance(amount, Decimal) or not amount.is_finite():
        raise InvalidValue("cents.format", amount)
    if amount < 0:
        raise InvalidValue("cents.negative", amount)
    if amount != _rounded(amount, 2):
        raise InvalidValue("cents.precision", amount)
    digits = str(int(amount.scaleb(2)))
    if len(digits) > _CENTS_WIDTH:
        raise InvalidValue("cents.length", amount, width=_CENTS_WIDTH, count=len(digits))
    return digits


@functools.lru_cache(maxsize=4096)
def _parse_text(value: str, kind: str) -> Decimal:
    """`_parse_decimal` of wire text, remembered: a history page or an analytic statement
    repeats the same few amounts thousands of times (Decimals are immutable, so sharing is safe)."""
    return _parse_decimal(value, kind)


def wire_reader(kind: str) -> Callable[[object], object]:
    """A field's reader of wire amounts (``kind`` ``"money"`` or ``"percent"``, the rule
    keys' prefix): text as above, an int or a Decimal by its value. Run by the pydantic fields
    `Money` and `Percent` (:mod:`.fields`).

    Some fields are JSON numbers (invoice ``valor``); pydantic's parser hands those over
    as float. Their shortest repr is the JSON text itself for amounts of up to 15
    significant digits, so that is what becomes the Decimal; never a float's binary value.
    """

    def read(value: object) -> object:
        if isinstance(value, float):
            if not math.isfinite(value):
                raise InvalidValue(f"{kind}.format", value)
            return Decimal(repr(value))
        if isinstance(value, str):
            return _parse_text(value, kind)
        if isinstance(value, int | Decimal):
            return _parse_decimal(value, kind)
        raise InvalidValue(f"{kind}.type", value, type=type(value).__name__)

    return read


def added(amounts: Iterable[Decimal | None]) -> Decimal | None:
    """The sum of the amounts known; ``None`` when none is (R$ 0,00 would say they were free):
    the totals of tracking's and claims' exports and reports."""
    known = [amount for amount in amounts if amount is not None]
    return sum(known, Decimal(0)) if known else None
