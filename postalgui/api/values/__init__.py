"""Brazilian value types shared by every feature: CEP, CNPJ, money, numbers, dates, padded ids,
payment-slip typed lines.

Parsers take what the operator or a user sends and return one canonical Python value;
formatters give the wire or UI text back. Every rejection is an
:class:`InvalidValue` with a stable ``rule`` key (listed in :mod:`.errors`).

The pydantic field types (`Cep`, `Money`, `OneLine`, ...) are :mod:`.fields`'s, offered
here too but imported on first use: the values themselves never import pydantic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from postalgui.api.values.boleto import (
    amount_of,
    barcode_to_typed_line,
    due_date,
    due_factor,
    find_typed_lines,
    format_typed_line,
    typed_line_to_barcode,
    verify_typed_line,
)
from postalgui.api.values.cards import (
    pad_card_number,
    pad_contract_number,
    pad_dr_fatura,
    pad_item_fatura,
    pad_number,
)
from postalgui.api.values.cep import format_cep, is_valid_cep, parse_cep
from postalgui.api.values.cnpj import (
    compute_check_digits,
    display_cnpj,
    format_cnpj,
    is_valid_cnpj,
    parse_cnpj,
)
from postalgui.api.values.dates import (
    DEFAULT_OFFSET,
    combine_offset,
    format_date_dmy,
    format_date_iso,
    format_date_ui,
    format_timestamp,
    parse_date_dmy,
    parse_date_iso,
    parse_date_ui,
    parse_timestamp,
    parse_zone_offset,
)
from postalgui.api.values.errors import MAX_SHOWN, MESSAGES, InvalidValue, shown_value
from postalgui.api.values.money import (
    format_brl,
    format_cents,
    format_decimal_dot,
    format_money_wire,
    format_percent_wire,
    parse_cents,
    parse_money,
    parse_percent,
    parse_weight_grams,
)
from postalgui.api.values.numbers import format_count, format_grams, format_number, format_percent

if TYPE_CHECKING:
    from postalgui.api.values.fields import Cep, Cnpj, DateDMY, DateISO, Money, OneLine, Percent, PlainText

__all__ = [
    "DEFAULT_OFFSET",
    "MAX_SHOWN",
    "MESSAGES",
    "Cep",
    "Cnpj",
    "DateDMY",
    "DateISO",
    "InvalidValue",
    "Money",
    "OneLine",
    "Percent",
    "PlainText",
    "amount_of",
    "barcode_to_typed_line",
    "combine_offset",
    "compute_check_digits",
    "display_cnpj",
    "due_date",
    "due_factor",
    "find_typed_lines",
    "format_brl",
    "format_cents",
    "format_cep",
    "format_cnpj",
    "format_count",
    "format_date_dmy",
    "format_date_iso",
    "format_date_ui",
    "format_decimal_dot",
    "format_grams",
    "format_money_wire",
    "format_number",
    "format_percent",
    "format_percent_wire",
    "format_timestamp",
    "format_typed_line",
    "is_valid_cep",
    "is_valid_cnpj",
    "pad_card_number",
    "pad_contract_number",
    "pad_dr_fatura",
    "pad_item_fatura",
    "pad_number",
    "parse_cents",
    "parse_cep",
    "parse_cnpj",
    "parse_date_dmy",
    "parse_date_iso",
    "parse_date_ui",
    "parse_money",
    "parse_percent",
    "parse_timestamp",
    "parse_weight_grams",
    "parse_zone_offset",
    "shown_value",
    "typed_line_to_barcode",
    "verify_typed_line",
]

_FIELDS = frozenset({"Cep", "Cnpj", "DateDMY", "DateISO", "Money", "OneLine", "Percent", "PlainText"})


def __getattr__(name: str) -> object:
    """The pydantic field types of :mod:`.fields`, imported the first time one is asked for."""
    if name in _FIELDS:
        # lazy: pydantic, not needed for the window's first paint
        from postalgui.api.values import fields

        return getattr(fields, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
