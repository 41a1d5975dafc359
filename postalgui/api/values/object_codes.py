"""Object codes (``AA123456789BR``): the label of every registered parcel, checked before
anything is sent.

The shape is the UPU S10 one the operator uses: two letters (the service), eight digits
(the serial), a check digit, two letters (the country). The check digit is worked out
over the eight digits with weights 8,6,4,2,3,5,9,7: ``r = sum mod 11``; 5 when ``r`` is
0, 0 when it is 1, else ``11 - r`` (REFERENCE.md, Tracking). A clerk pastes codes from
anywhere (an e-mail, a spreadsheet column, a label read by a scanner): `codes_in_text`
finds them, in order, once each, and names the ones that look like codes but break a rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from operator import mul

from postalgui.api.values.errors import InvalidValue

__all__ = [
    "FoundCodes",
    "check_digit",
    "codes_in_text",
    "is_valid_object_code",
    "object_code_or_none",
    "object_codes_or_none",
    "parse_object_code",
]

_WEIGHTS = (8, 6, 4, 2, 3, 5, 9, 7)
_ZEROS = ord("0") * sum(_WEIGHTS)
_SHAPE = re.compile(r"[A-Z]{2}\d{9}[A-Z]{2}")
_WRITTEN = re.compile(r"[A-Z]{2}[0-9]{9}[A-Z]{2}").fullmatch
"""A code as statements and the watchlist write nearly all of them: upper case ASCII, nothing around it."""
_TOKEN = re.compile(r"[A-Za-z0-9]+")
"""A run of letters and digits: codes are found inside such runs, whatever separates them."""
_CANDIDATE = re.compile(r"[A-Za-z]{2}\d{7,11}[A-Za-z]{2}")
"""Anything a clerk would call a code: a digit short or long still counts (and is named)."""
_GLUED = re.compile(r"(?:[A-Za-z]{2}\d{9}[A-Za-z]{2})+")
"""Codes with nothing between them (a column pasted without its line breaks)."""
_SHORTEST = 11


def check_digit(serial: str) -> int:
    """The check digit of an 8-digit serial."""
    if len(serial) != 8 or not serial.isdigit():
        raise ValueError(f"a serial has 8 digits, not {serial!r}")
    if serial.isascii():  # the digits' bytes less 48 each: half the time of int() per digit
        remainder = (sum(map(mul, serial.encode(), _WEIGHTS)) - _ZEROS) % 11  # a statement: 100,000
    else:
        remainder = sum(map(mul, map(int, serial), _WEIGHTS)) % 11
    return 5 if remainder == 0 else 0 if remainder == 1 else 11 - remainder


def parse_object_code(text: str) -> str:
    """The code in upper case, spaces around it dropped; raises `InvalidValue`
    (``object.format``, ``object.check_digit``) naming the code and the rule."""
    if not isinstance(text, str):
        raise InvalidValue("object.format", text)
    code = text.strip().upper()
    if not _SHAPE.fullmatch(code):
        raise InvalidValue("object.format", text)
    expected = check_digit(code[2:10])
    if int(code[10]) != expected:
        raise InvalidValue("object.check_digit", code, check=code[10], expected=expected)
    return code


def object_code_or_none(text: str) -> str | None:
    """`parse_object_code`'s code, or ``None`` where it would raise. A text already written
    as a code is only checked for its digit: the checks, clean-up and exception of
    `parse_object_code` were a third of reading a 100,000-line statement's objects."""
    if isinstance(text, str) and _WRITTEN(text):
        return text if check_digit(text[2:10]) == ord(text[10]) - 48 else None
    try:
        return parse_object_code(text)
    except InvalidValue:
        return None


def object_codes_or_none(texts: Iterable[str]) -> list[str | None]:
    """`object_code_or_none` of each text, for a column of them (a statement's 100,000 labels).

    A text written as a code has its digit checked by two lookups of its serial's halves
    (`_halves`) in the loop itself: 40 ms a 100,000 labels, where a call of
    `object_code_or_none` each took 115 ms (CPU). Any other text goes to it."""
    high, low = _halves()
    return [
        text
        if _WRITTEN(text) and _CHECK_CHARS[(high[text[2:6]] + low[text[6:10]]) % 11] == text[10]
        else object_code_or_none(text)
        for text in texts
    ]


_CHECK_CHARS = tuple(str(5 if r == 0 else 0 if r == 1 else 11 - r) for r in range(11))
"""The check digit of each remainder of the weighted sum, as a code writes it."""


@cache
def _halves() -> tuple[dict[str, int], dict[str, int]]:
    """The weighted sums of every serial's first four digits and of its last four, by their
    text (made on first use: 10,000 each, a few milliseconds)."""
    pairs = [
        {f"{a}{b}": a * first + b * second for a in range(10) for b in range(10)}
        for first, second in zip(_WEIGHTS[::2], _WEIGHTS[1::2], strict=True)
    ]
    return tuple(  # type: ignore[return-value]  # two, by construction
        {
            one + two: sum_one + sum_two
            for one, sum_one in pairs[2 * half].items()
            for two, sum_two in pairs[2 * half + 1].items()
        }
        for half in range(2)
    )


def is_valid_object_code(text: str) -> bool:
    return object_code_or_none(text) is not None


@dataclass(frozen=True)
class FoundCodes:
    """What a text held: its valid codes in order, once each, and the bad ones with why."""

    codes: tuple[str, ...]
    bad: tuple[InvalidValue, ...]

    @property
    def empty(self) -> bool:
        return not self.codes and not self.bad


def _pieces(run: str) -> list[str]:
    """What a run of letters and digits holds for `codes_in_text`: itself when shaped like a
    code; its codes when several are glued together (``OB186778398BRPB186778469BR``); itself,
    to be named as bad, when it starts like a code and goes on with something else; else
    nothing (a word, a phone number, ``XDG049186226BRX``)."""
    if len(run) < _SHORTEST:
        return []
    if _CANDIDATE.fullmatch(run):
        return [run]
    if _GLUED.fullmatch(run):
        return [run[start : start + 13] for start in range(0, len(run), 13)]
    return [run] if _CANDIDATE.match(run) else []


def codes_in_text(text: str) -> FoundCodes:
    """Every object code in ``text`` (any separators, any case; glued codes apart); a run
    like a code with a wrong check digit, a digit too many or too few, or something glued
    to it is reported in ``bad``, not dropped."""
    codes: dict[str, None] = {}
    bad: dict[str, InvalidValue] = {}
    for match in _TOKEN.finditer(text):
        for piece in _pieces(match.group(0)):
            try:
                codes.setdefault(parse_object_code(piece), None)
            except InvalidValue as problem:
                bad.setdefault(piece.upper(), problem)
    return FoundCodes(tuple(codes), tuple(bad.values()))
