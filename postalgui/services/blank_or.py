"""`blank_or`: a settings field that stays empty until it is set, and is checked once set.

The company's numbers (CNPJ, contract, card) and the registration-system contract start
blank in a new settings file; once typed, each must parse by its own rule. One validator
says that, whatever the rule (``Annotated[str, blank_or(parse_cnpj)] = ""``).
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import AfterValidator

__all__ = ["blank_or"]


def blank_or(parse: Callable[[str], str]) -> AfterValidator:
    """Blank (or only spaces) reads as ``""``; anything else is ``parse(value)``."""

    def check(value: str) -> str:
        return parse(value) if value.strip() else ""

    return AfterValidator(check)
