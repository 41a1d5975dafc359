"""Numbers as a person types them, in either language's form: the rule the window's number
boxes and the command line share, free of Qt.

A clerk types what they are used to, so text is read in the interface language's form
and also in the other one:

- Text that reads one way only is taken that way: "20.5" in Portuguese is 20,5 cm
  ("20.5" cannot be Portuguese thousands), and "150.50" is R$ 150,50.
- Text that reads two ways ("1.500": one and a half, or fifteen hundred) is taken the
  way that is plausible for the field (a weight from 1 g to 30 kg in whole grams, a
  size from 1 to 200 cm); when both are plausible, the interface language's way wins.
- `Understood.say` marks a text that could be read otherwise, or was read in the other
  language's form: the window shows what it understood, the CLI says it on stderr.
- A weight also takes kilograms: "1,5 kg" (or "1,5kg") is 1.500 g (`understand_weight`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

__all__ = [
    "ENGLISH_FORM",
    "GRAMS",
    "PORTUGUESE_FORM",
    "Form",
    "Plausible",
    "Understood",
    "read_in",
    "understand",
    "understand_weight",
]


@dataclass(frozen=True)
class Form:
    """How a language writes numbers: its decimal and thousands separators."""

    decimal: str
    group: str

    def other(self) -> Form:
        return Form(self.group, self.decimal)


PORTUGUESE_FORM = Form(",", ".")
ENGLISH_FORM = Form(".", ",")


@dataclass(frozen=True)
class Plausible:
    """The values a field can mean; ``whole``: only whole numbers (grams)."""

    low: Decimal
    high: Decimal
    whole: bool = False

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, Decimal):
            return False
        return self.low <= value <= self.high and (not self.whole or value == value.to_integral_value())


GRAMS = Plausible(Decimal(1), Decimal(30_000), whole=True)
"""A parcel's weight: whole grams up to 30 kg."""


@dataclass(frozen=True)
class Understood:
    """What a text was read as (``None``: not a number), and whether to say so."""

    value: Decimal | None
    say: bool = False


def read_in(text: str, form: Form) -> Decimal | None:
    """``text`` as a number written in ``form`` (thousands in threes, optional), or None."""
    group, decimal = re.escape(form.group), re.escape(form.decimal)
    pattern = rf"(?P<int>[1-9]\d{{0,2}}(?:{group}\d{{3}})+|\d+)(?:{decimal}(?P<frac>\d+))?"
    match = re.fullmatch(pattern, text.strip(), flags=re.ASCII)
    if match is None or len(text) > 30:
        return None
    integer = match["int"].replace(form.group, "")
    return Decimal(f"{integer}.{match['frac']}" if match["frac"] else integer)


def understand(text: str, form: Form, plausible: Plausible, scale: Decimal = Decimal(1)) -> Understood:
    """Read ``text`` in ``form`` or the other form, times ``scale`` (kg -> g); see the module."""

    def reading(candidate: Form) -> Decimal | None:
        value = read_in(text, candidate)
        if value is None:
            return None
        value *= scale
        if scale != 1 and plausible.whole:
            value = value.quantize(Decimal(1), rounding=ROUND_HALF_UP)
        if plausible.whole and value != value.to_integral_value():
            return None  # "1,500 g" in English is not one and a half grams
        return value

    mine, theirs = reading(form), reading(form.other())
    if mine is None:
        return Understood(theirs, say=theirs is not None)
    if theirs is None or theirs == mine:
        return Understood(mine)
    if mine in plausible or theirs not in plausible:
        return Understood(mine, say=True)
    return Understood(theirs, say=True)


_WEIGHT = re.compile(r"(?P<number>.*?)\s*(?P<unit>kg|g)?(?:\s*g)?", flags=re.ASCII | re.IGNORECASE)
"""A weight as typed: "1500", "1.500 g", "1,5 kg" (a box may add its own " g" after it)."""


def understand_weight(text: str, form: Form, plausible: Plausible = GRAMS) -> Understood:
    """A weight in grams: whole grams ("1500", "1.500 g") or kilograms ("1,5 kg" -> 1500)."""
    match = _WEIGHT.fullmatch(text.strip())
    if match is None:
        return Understood(None)
    scale = Decimal(1000) if (match["unit"] or "").lower() == "kg" else Decimal(1)
    return understand(match["number"], form, plausible, scale)
