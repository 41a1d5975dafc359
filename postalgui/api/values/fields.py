"""The value types as pydantic fields: a model's CEP, CNPJ, dates, money and text.

Each is its module's plain check run by pydantic. They live apart from those modules so
that the values import without pydantic (the window's first paint needs the values, not
pydantic); :mod:`postalgui.api.values` still offers them by name, imported on first use.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Annotated

from pydantic import AfterValidator, BeforeValidator, PlainSerializer, ValidationInfo

from postalgui.api.values.cep import parse_cep
from postalgui.api.values.cnpj import parse_cnpj
from postalgui.api.values.dates import (
    date_reader,
    format_date_dmy,
    format_date_iso,
    parse_date_dmy,
    parse_date_iso,
)
from postalgui.api.values.money import wire_reader
from postalgui.api.values.text import one_line, plain_text

__all__ = ["Cep", "Cnpj", "DateDMY", "DateISO", "Money", "OneLine", "Percent", "PlainText"]

Cep = Annotated[str, BeforeValidator(parse_cep)]
"""A pydantic field holding the bare 8 digits, whatever accepted form came in."""

Cnpj = Annotated[str, BeforeValidator(parse_cnpj)]
"""A pydantic field holding the 14 bare upper-case characters of a checked CNPJ."""

DateDMY = Annotated[
    date,
    BeforeValidator(date_reader(parse_date_dmy, "DD-MM-YYYY")),
    PlainSerializer(format_date_dmy, return_type=str, when_used="json"),
]
"""A pydantic date read from and written to JSON as ``DD-MM-YYYY``."""

DateISO = Annotated[
    date,
    BeforeValidator(date_reader(parse_date_iso, "YYYY-MM-DD")),
    PlainSerializer(format_date_iso, return_type=str, when_used="json"),
]
"""A pydantic date read from and written to JSON strictly as ``YYYY-MM-DD``."""

Money = Annotated[Decimal, BeforeValidator(wire_reader("money"))]
"""A pydantic Decimal field reading operator money text (``"1.234,56"``) or numbers."""

Percent = Annotated[Decimal, BeforeValidator(wire_reader("percent"))]
"""A pydantic Decimal field reading operator percentage text (``"0,0100"``), scale kept."""


def _one_line_field(value: str, info: ValidationInfo) -> str:
    return one_line(value, info.field_name or "")


def _plain_text_field(value: str, info: ValidationInfo) -> str:
    return plain_text(value, info.field_name or "")


OneLine = Annotated[str, AfterValidator(_one_line_field)]
"""A request model's one-line text field (`one_line`, the field's name said)."""
PlainText = Annotated[str, AfterValidator(_plain_text_field)]
"""A request model's free-text field of several lines (`plain_text`)."""
