"""Payment slips ("bloqueto de cobrança", FEBRABAN layout): typed line and barcode.

The invoice service hands out the payment slip as a PDF; what a person copies into a
bank app is its 47-digit typed line (linha digitável), whose fields carry their own
check digits so a mistyped digit is caught before it reaches a bank.

Barcode, 44 digits::

    bank(3) currency(1, "9") general-DV(1) due-factor(4) amount-in-cents(10) free-field(25)

Typed line, 47 digits in five fields::

    1: barcode[0:4] + free[0:5]  + DV (modulo 10)
    2: free[5:15]                + DV (modulo 10)
    3: free[15:25]               + DV (modulo 10)
    4: the barcode's general DV (modulo 11)
    5: due factor + amount

Modulo 10: weights 2, 1, 2, 1... from the right, the *digits* of each product added,
DV = (10 - sum % 10) % 10. Modulo 11: weights 2..9 cycling from the right over the
barcode's 43 other digits, DV = 11 - sum % 11, where 0, 10 and 11 become 1.

The due factor counts days since 1997-10-07. It reached 9999 on 2025-02-21 and
restarted at 1000 on 2025-02-22 (FEBRABAN), so a factor names a date every 9,000
days: `due_date` picks the one nearest to a given day. Factor 0 means "no due date".
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from decimal import Decimal

from postalgui.api.values.errors import InvalidValue

__all__ = [
    "amount_of",
    "barcode_to_typed_line",
    "due_date",
    "due_factor",
    "factor_of",
    "find_typed_lines",
    "format_typed_line",
    "mod10",
    "mod11",
    "typed_line_to_barcode",
    "verify_typed_line",
]

TYPED_LINE_LENGTH = 47
BARCODE_LENGTH = 44
FACTOR_BASE = date(1997, 10, 7)
FACTOR_RESTART = date(2025, 2, 22)
"""The day factor 1000 came back after 9999 (2025-02-21)."""
_FACTOR_MIN = 1000
_FACTOR_MAX = 9999
_CYCLE = _FACTOR_MAX - _FACTOR_MIN + 1  # 9000 days

_SEPARATORS = re.compile(r"[\s.]+")
_ALLOWED = re.compile(r"[\d\s.]*", flags=re.ASCII)
# A run of digit groups with dots or white space (newlines too) between them.
_RUN = re.compile(r"\d+(?:[ \t\r\n\f\v.]+\d+)*", flags=re.ASCII)
_GROUP = re.compile(r"\d+", flags=re.ASCII)


def mod10(digits: str) -> int:
    """FEBRABAN modulo-10 check digit of ``digits`` (the typed line's fields 1 to 3)."""
    total = 0
    weight = 2
    for char in reversed(digits):
        product = (ord(char) - 48) * weight
        total += product // 10 + product % 10
        weight = 3 - weight  # 2, 1, 2, 1...
    return (10 - total % 10) % 10


def mod11(digits: str) -> int:
    """FEBRABAN modulo-11 general check digit of the barcode's other 43 digits."""
    total = 0
    weight = 2
    for char in reversed(digits):
        total += (ord(char) - 48) * weight
        weight = 2 if weight == 9 else weight + 1
    check = 11 - total % 11
    return 1 if check in (0, 10, 11) else check


def _digits_of(text: str, length: int, rule: str) -> str:
    """``text`` without spaces and dots; rejects other characters and a wrong length."""
    if not isinstance(text, str) or not _ALLOWED.fullmatch(text):
        raise InvalidValue("boleto.digits", text)
    digits = _SEPARATORS.sub("", text)
    if len(digits) != length:
        raise InvalidValue(rule, text, count=len(digits))
    return digits


def _check_fields(digits: str) -> None:
    for number, (start, end) in enumerate(((0, 9), (10, 20), (21, 31)), start=1):
        expected = mod10(digits[start:end])
        if int(digits[end]) != expected:
            raise InvalidValue(
                "boleto.field_check", digits, field=number, check=digits[end], expected=expected
            )


def _barcode_of(digits: str) -> str:
    """The 44-digit barcode of 47 typed-line digits (no check)."""
    return digits[0:4] + digits[32] + digits[33:47] + digits[4:9] + digits[10:20] + digits[21:31]


def _check_general(barcode: str, shown: str) -> None:
    expected = mod11(barcode[:4] + barcode[5:])
    if int(barcode[4]) != expected:
        raise InvalidValue("boleto.general_check", shown, check=barcode[4], expected=expected)


def verify_typed_line(text: str) -> str:
    """The 47 digits of a typed line, once its four check digits match.

    Spaces, dots and line breaks between digits are allowed (``00190.00009 ...``).
    Rules: ``boleto.digits``, ``boleto.length``, ``boleto.field_check`` (``field`` 1-3,
    checked in order), ``boleto.general_check``.
    """
    digits = _digits_of(text, TYPED_LINE_LENGTH, "boleto.length")
    _check_fields(digits)
    _check_general(_barcode_of(digits), digits)
    return digits


def typed_line_to_barcode(digits47: str) -> str:
    """The 44-digit barcode a typed line encodes (verified first)."""
    return _barcode_of(verify_typed_line(digits47))


def barcode_to_typed_line(code44: str) -> str:
    """The 47-digit typed line of a barcode, with its field check digits computed.

    Rules: ``boleto.digits``, ``boleto.barcode_length``, ``boleto.general_check``.
    """
    code = _digits_of(code44, BARCODE_LENGTH, "boleto.barcode_length")
    _check_general(code, code)
    free = code[19:44]
    field1 = code[0:4] + free[0:5]
    field2 = free[5:15]
    field3 = free[15:25]
    return f"{field1}{mod10(field1)}{field2}{mod10(field2)}{field3}{mod10(field3)}{code[4]}{code[5:19]}"


def format_typed_line(digits47: str) -> str:
    """``00000.00000 00000.000000 00000.000000 0 00000000000000``, as slips print it.

    Formats any 47 digits (spaces and dots in the input are dropped); it does not
    verify them: call `verify_typed_line` for that.
    """
    d = _digits_of(digits47, TYPED_LINE_LENGTH, "boleto.length")
    return f"{d[0:5]}.{d[5:10]} {d[10:15]}.{d[15:21]} {d[21:26]}.{d[26:32]} {d[32]} {d[33:47]}"


def amount_of(digits47: str) -> Decimal:
    """The amount of a typed line in reais (its last 10 digits are cents)."""
    d = _digits_of(digits47, TYPED_LINE_LENGTH, "boleto.length")
    return Decimal(int(d[37:47])).scaleb(-2)


def factor_of(digits47: str) -> int:
    """The due factor of a typed line (field 5's first 4 digits; 0 = no due date)."""
    d = _digits_of(digits47, TYPED_LINE_LENGTH, "boleto.length")
    return int(d[33:37])


def due_factor(day: date) -> int:
    """The due factor of ``day``: days since 1997-10-07, restarting at 1000 every 9,000 days.

    2025-02-21 is 9999, 2025-02-22 is 1000. Rule ``boleto.due_date`` for days before
    1997-10-08 (they have no factor).
    """
    days = (day - FACTOR_BASE).days
    if days < 1:
        raise InvalidValue("boleto.due_date", day.isoformat())
    if days <= _FACTOR_MAX:
        return days
    return _FACTOR_MIN + (days - _FACTOR_MIN) % _CYCLE


def due_date(factor: int, *, today: date) -> date | None:
    """The due date a factor names, the one nearest to ``today``; ``None`` for factor 0.

    Factors 1000-9999 recur every 9,000 days (2000-07-03, 2025-02-22, 2049-10-14...),
    so the slip's date is the occurrence closest to ``today``; on a tie, the later one.
    Factors 1-999 only ever named dates of 1997-2000. Rule ``boleto.factor`` outside
    0-9999.
    """
    if isinstance(factor, bool) or not isinstance(factor, int) or not 0 <= factor <= _FACTOR_MAX:
        raise InvalidValue("boleto.factor", factor)
    if factor == 0:
        return None
    first = FACTOR_BASE + timedelta(days=factor)
    if factor < _FACTOR_MIN:
        return first
    cycles = max(0, round((today - first).days / _CYCLE))
    candidates = [first + timedelta(days=_CYCLE * k) for k in range(max(0, cycles - 1), cycles + 2)]
    return min(candidates, key=lambda d: (abs((d - today).days), -d.toordinal()))


def _is_valid(digits: str) -> bool:
    try:
        verify_typed_line(digits)
    except InvalidValue:
        return False
    return True


def find_typed_lines(text: str) -> list[str]:
    """Every 47-digit candidate in ``text`` (a PDF's extracted text), normalized.

    A candidate is a sequence of whole digit groups separated by dots or white space
    (line breaks included) that holds exactly 47 digits, so ``23790.12301 60000...``
    split over lines is found, as is the bare 47-digit form. Each candidate is
    returned once as 47 digits; those that pass `verify_typed_line` come first, the
    others after them (a slip whose check digits do not match still deserves a look),
    each group in the order found in ``text``.
    """
    found: list[str] = []
    seen: set[str] = set()
    for run in _RUN.finditer(text):
        groups = [g.group() for g in _GROUP.finditer(run.group())]
        for start in range(len(groups)):
            total = 0
            for end in range(start, len(groups)):
                total += len(groups[end])
                if total >= TYPED_LINE_LENGTH:
                    break
            if total == TYPED_LINE_LENGTH:
                candidate = "".join(groups[start : end + 1])
                if candidate not in seen:
                    seen.add(candidate)
                    found.append(candidate)
    valid = [c for c in found if _is_valid(c)]
    passed = set(valid)
    return valid + [c for c in found if c not in passed]
