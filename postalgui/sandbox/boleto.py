"""FEBRABAN "bloqueto de cobrança": the 44-digit barcode and the 47-digit typed line.

Barcode (44 digits, the Interleaved 2 of 5 symbol printed on the slip)::

    bank(3) currency "9"(1) general DV(1) due factor(4) amount in cents(10) free field(25)

The general check digit is modulo 11 over the other 43 digits (weights 2..9 from the
right, restarting at 2; 11 - remainder, and 0, 10 or 11 become 1). The due factor
counts days since 1997-10-07 (1000 on 2000-07-03); it reached 9999 on 2025-02-21 and
restarted at 1000 on 2025-02-22. ``0000`` means "no due date".

Typed line (47 digits, what a payer types or pastes)::

    field 1: bank, currency, free[0:5], DV10      -> 00000.00000
    field 2: free[5:15], DV10                     -> 00000.000000
    field 3: free[15:25], DV10                    -> 00000.000000
    field 4: the barcode's general DV             -> 0
    field 5: due factor and amount                -> 00000000000000

DV10 is modulo 10: weights 2, 1, 2, 1... from the right, the digits of each product
summed, DV = (10 - sum % 10) % 10.

The sandbox's slips are bank 001 with that bank's "convênio de 7 dígitos" free field
(`free_field_convenio7`): ``000000`` + nosso número (convênio 7 + sequence 10) +
carteira 2. The convênio is fictional, so no slip of the sandbox can be paid.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

FACTOR_BASE = date(1997, 10, 7)
FACTOR_RESTART = date(2025, 2, 22)
"""The day the factor went back to 1000 (the day after it reached 9999)."""
FACTOR_MIN = 1000
FACTOR_MAX = 9999
CURRENCY_REAL = "9"
MAX_CENTS = 10**10 - 1


def _digits(text: str, length: int | None, what: str) -> str:
    if not text.isascii() or not text.isdigit() or (length is not None and len(text) != length):
        size = f"{length} " if length is not None else ""
        raise ValueError(f"{what} must be {size}digits, got {text!r}")
    return text


def mod10(digits: str) -> int:
    """FEBRABAN modulo 10 check digit (weights 2, 1, 2, 1... from the right)."""
    total = 0
    for position, char in enumerate(reversed(_digits(digits, None, "mod10 input"))):
        product = int(char) * (2 if position % 2 == 0 else 1)
        total += product // 10 + product % 10
    return (10 - total % 10) % 10


def mod11(digits: str) -> int:
    """FEBRABAN general barcode check digit (weights 2..9 from the right; 0, 10, 11 -> 1)."""
    total = 0
    for position, char in enumerate(reversed(_digits(digits, None, "mod11 input"))):
        total += int(char) * (2 + position % 8)
    result = 11 - total % 11
    return 1 if result in (0, 10, 11) else result


def due_factor(due: date | None) -> int:
    """Days since 1997-10-07, restarting at 1000 on 2025-02-22; 0 for no due date.

    Raises ValueError for a date the factor cannot express (before 2000-07-03,
    where the factor would have fewer than 4 digits, or after the next rollover).
    """
    if due is None:
        return 0
    after_restart = due >= FACTOR_RESTART
    factor = FACTOR_MIN + (due - FACTOR_RESTART).days if after_restart else (due - FACTOR_BASE).days
    if not FACTOR_MIN <= factor <= FACTOR_MAX:
        raise ValueError(f"due date {due.isoformat()} has no 4-digit due factor")
    return factor


def amount_cents(amount: Decimal) -> int:
    """An amount in reais as whole cents (exact: refuses fractions of a cent)."""
    cents = amount * 100
    if cents != cents.to_integral_value() or not 0 <= cents <= MAX_CENTS:
        raise ValueError(f"amount {amount} does not fit 10 digits of cents")
    return int(cents)


def barcode(bank: str, due: date | None, amount: Decimal, free_field: str) -> str:
    """The 44-digit barcode of a slip."""
    _digits(bank, 3, "bank code")
    _digits(free_field, 25, "free field")
    tail = f"{due_factor(due):04d}{amount_cents(amount):010d}{free_field}"
    head = bank + CURRENCY_REAL
    return f"{head}{mod11(head + tail)}{tail}"


def barcode_is_valid(code: str) -> bool:
    """Whether 44 digits carry a correct general check digit."""
    if len(code) != 44 or not code.isascii() or not code.isdigit():
        return False
    return int(code[4]) == mod11(code[:4] + code[5:])


def typed_line(code: str) -> str:
    """The 47-digit typed line of a 44-digit barcode (digits only)."""
    _digits(code, 44, "barcode")
    free = code[19:44]
    field1 = code[0:4] + free[0:5]
    field2 = free[5:15]
    field3 = free[15:25]
    return (
        f"{field1}{mod10(field1)}{field2}{mod10(field2)}{field3}{mod10(field3)}"
        f"{code[4]}{code[5:9]}{code[9:19]}"
    )


def barcode_of_typed_line(line: str) -> str:
    """The 44-digit barcode a 47-digit typed line (punctuation allowed) stands for.

    Raises ValueError when a field's check digit is wrong.
    """
    digits = _digits("".join(ch for ch in line if ch not in ". "), 47, "typed line")
    fields = ((digits[0:9], digits[9]), (digits[10:20], digits[20]), (digits[21:31], digits[31]))
    for number, (body, dv) in enumerate(fields, start=1):
        if mod10(body) != int(dv):
            raise ValueError(f"typed line field {number} has a wrong check digit")
    code = digits[0:4] + digits[32] + digits[33:47] + digits[4:9] + digits[10:20] + digits[21:31]
    if not barcode_is_valid(code):
        raise ValueError("typed line has a wrong general check digit")
    return code


def format_typed_line(digits: str) -> str:
    """``00000.00000 00000.000000 00000.000000 0 00000000000000``."""
    d = _digits(digits, 47, "typed line")
    return f"{d[0:5]}.{d[5:10]} {d[10:15]}.{d[15:21]} {d[21:26]}.{d[26:32]} {d[32]} {d[33:47]}"


def bank_check_digit(bank: str) -> str:
    """The digit printed after the bank code (``001-9``, ``104-0``): modulo 11, 10 and 11 -> 0."""
    total = sum(int(char) * (2 + position % 8) for position, char in enumerate(reversed(bank)))
    result = 11 - total % 11
    return "0" if result >= 10 else str(result)


def free_field_convenio7(convenio: str, sequence: str, carteira: str) -> str:
    """Bank 001's free field for 7-digit agreements: 000000 + convênio + sequence + carteira."""
    _digits(convenio, 7, "convênio")
    _digits(sequence, 10, "nosso número sequence")
    _digits(carteira, 2, "carteira")
    return f"000000{convenio}{sequence}{carteira}"
