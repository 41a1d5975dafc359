"""Object codes (`AA123456789BR`): the shape and the S10 check digit REFERENCE describes."""

from __future__ import annotations

import re

from postalgui.sandbox.invoice_data import s10_check_digit

CODE_SHAPE = re.compile(r"[A-Z]{2}(\d{8})(\d)[A-Z]{2}", flags=re.ASCII)


def normalize_code(text: str) -> str:
    """A code as the service reads it: trimmed, upper case."""
    return text.strip().upper()


def valid_code(code: str) -> bool:
    """Two letters, 8 digits, their mod-11 check digit, two letters."""
    match = CODE_SHAPE.fullmatch(code)
    return match is not None and s10_check_digit(match.group(1)) == int(match.group(2))
