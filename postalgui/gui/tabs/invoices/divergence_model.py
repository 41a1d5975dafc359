"""Tariff divergences as a table: the operator's fields in the office's words and formats.

The spec does not list a divergence's fields; working clients see ``codigoObjeto``,
``valorTarifadoSgpb`` and ``dataPostagem``, and the operator's records also carry the
reason (``motivo``), the charged value and the difference, the declared and measured
weights, the service and the destination CEP. Those get named columns in the UI's
language, formatted as the office reads them (R$ 1.234,56, 00000-000, g/kg), the reason
first; every other field a record carries becomes a further column titled with the
operator's own field name, so nothing the operator sends is hidden from the clerk.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from enum import Enum

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from postalgui.api.models.invoices import Divergence  # a base class subscript: needed at run time
from postalgui.api.values import (
    InvalidValue,
    format_brl,
    format_cep,
    parse_date_dmy,
    parse_date_iso,
    parse_date_ui,
    parse_money,
)
from postalgui.gui.messages import arg
from postalgui.gui.models.formatting import format_grams, format_measure
from postalgui.gui.models.operator_words import operator_word
from postalgui.gui.models.row_table import Column, RowTableModel, TextRow

__all__ = [
    "FIELD_ORDER",
    "KNOWN_FIELDS",
    "DivergenceModel",
    "DivergenceTotals",
    "reason_text",
    "weight_text",
]

KNOWN_FIELDS = ("codigoObjeto", "dataPostagem", "valorTarifadoSgpb")
"""The typed fields: they always have a column, even when a record lacks them."""


class _Kind(Enum):
    TEXT = "text"
    REASON = "reason"
    DATE = "date"
    MONEY = "money"
    WEIGHT = "weight"
    CEP = "cep"


# The operator's field names the office gets words for, in column order; QT_TRANSLATE_NOOP
# is typed as returning object.
_NAMED: dict[str, tuple[object, _Kind]] = {
    "motivo": (QT_TRANSLATE_NOOP("DivergenceModel", "Reason"), _Kind.REASON),
    "codigoObjeto": (QT_TRANSLATE_NOOP("DivergenceModel", "Object code"), _Kind.TEXT),
    "dataPostagem": (QT_TRANSLATE_NOOP("DivergenceModel", "Posting date"), _Kind.DATE),
    "valorCobrado": (QT_TRANSLATE_NOOP("DivergenceModel", "Charged"), _Kind.MONEY),
    "valorTarifadoSgpb": (QT_TRANSLATE_NOOP("DivergenceModel", "Tariffed value"), _Kind.MONEY),
    "diferenca": (QT_TRANSLATE_NOOP("DivergenceModel", "Difference"), _Kind.MONEY),
    "pesoInformado": (QT_TRANSLATE_NOOP("DivergenceModel", "Declared weight"), _Kind.WEIGHT),
    "pesoAferido": (QT_TRANSLATE_NOOP("DivergenceModel", "Measured weight"), _Kind.WEIGHT),
    "codigoServico": (QT_TRANSLATE_NOOP("DivergenceModel", "Service code"), _Kind.TEXT),
    "nomeServico": (QT_TRANSLATE_NOOP("DivergenceModel", "Service"), _Kind.TEXT),
    "cepDestino": (QT_TRANSLATE_NOOP("DivergenceModel", "Destination CEP"), _Kind.CEP),
    "cartaoPostagem": (QT_TRANSLATE_NOOP("DivergenceModel", "Posting card"), _Kind.TEXT),
}
_AS_SENT = "DivergenceField"
"""A context with no translations: a field PostalGUI has no words for is titled as sent."""
FIELD_ORDER = tuple(_NAMED)
"""The fields with words of their own, in column order; the others follow as sent."""


def posting_date(text: str | None) -> date | None:
    """``dataPostagem`` in any of the operator's spellings (ISO, DD/MM/YYYY, DD-MM-YYYY)."""
    if not text:
        return None
    bare = text.strip()
    for parse, head in ((parse_date_iso, bare[:10]), (parse_date_ui, bare[:10]), (parse_date_dmy, bare[:10])):
        try:
            return parse(head)
        except InvalidValue:
            continue
    return None


def reason_text(value: object) -> str:
    """``"PESO DIVERGENTE"`` -> ``"Peso divergente"`` / ``"Different weight"``: a known reason
    in the UI's language, another in the operator's words, written to be read."""
    return operator_word(_value_text(value), calm=True)


def weight_text(grams: int) -> str:
    """``850`` -> ``"850 g"``; ``1200`` -> ``"1,2 kg"`` / ``"1.2 kg"``: the UI's numbers."""
    if abs(grams) < 1000:
        return format_grams(grams)
    return f"{format_measure(Decimal(grams) / 1000)} kg"


def _value_text(value: object) -> str:
    """An extra field's value as text: scalars as sent, lists and objects as compact JSON."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return (
            QCoreApplication.translate("DivergenceModel", "Yes")
            if value
            else QCoreApplication.translate("DivergenceModel", "No")
        )
    if isinstance(value, str):
        return value
    if isinstance(value, int | float | Decimal):
        return str(value)
    try:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)
    except (TypeError, ValueError):
        return str(value)


def _value_key(value: object) -> object:
    """An extra field's sort value: numbers as numbers, text folded; ``None`` when empty."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float | Decimal):
        return Decimal(str(value))
    if isinstance(value, str):
        try:
            return Decimal(value.strip())
        except InvalidOperation:
            return value.casefold()
    return _value_text(value).casefold()


def _numeric(value: object) -> bool:
    return not isinstance(value, bool) and isinstance(value, int | float | Decimal)


def _money(value: object) -> Decimal | None:
    """An amount as the operator sends it (``25.5``, ``"112,40"``); ``None`` when unreadable."""
    if value is None or value == "" or isinstance(value, bool):
        return None
    if isinstance(value, float):
        return Decimal(str(value))
    if isinstance(value, int | Decimal | str):
        try:
            return parse_money(value)
        except InvalidValue:
            return None
    return None


def _grams(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def _cep(value: object) -> str:
    text = _value_text(value).strip()
    digits = text.replace("-", "").replace(".", "")
    return format_cep(digits) if len(digits) == 8 and digits.isdigit() else text


def _date_cell(value: object) -> tuple[str, object]:
    text = value if isinstance(value, str) else None
    posted = posting_date(text)
    return (posted.strftime("%d/%m/%Y") if posted is not None else (text or "")), posted


def _money_cell(value: object) -> tuple[str, object]:
    amount = _money(value)
    if amount is None:
        return _value_text(value), _value_key(value)
    return format_brl(amount), amount


def _weight_cell(value: object) -> tuple[str, object]:
    grams = _grams(value)
    if grams is None:
        return _value_text(value), _value_key(value)
    return weight_text(grams), grams


def _text_cell(value: object) -> tuple[str, object]:
    return _value_text(value), _value_key(value)


def _reason_cell(value: object) -> tuple[str, object]:
    text = reason_text(value)
    return text, text.casefold() or None


def _cep_cell(value: object) -> tuple[str, object]:
    text = _cep(value)
    return text, text or None


_CELLS: dict[_Kind, Callable[[object], tuple[str, object]]] = {
    _Kind.TEXT: _text_cell,
    _Kind.REASON: _reason_cell,
    _Kind.DATE: _date_cell,
    _Kind.MONEY: _money_cell,
    _Kind.WEIGHT: _weight_cell,
    _Kind.CEP: _cep_cell,
}


def _field_value(divergence: Divergence, name: str) -> object:
    if name in KNOWN_FIELDS:
        return getattr(divergence, name)
    return (divergence.model_extra or {}).get(name)


@dataclass(frozen=True, slots=True)
class DivergenceTotals:
    """Sums over the divergences shown; ``None`` where no record carries the field."""

    charged: Decimal | None
    tariffed: Decimal
    difference: Decimal | None


class DivergenceModel(RowTableModel[Divergence]):
    """Divergences as a table: the named fields in `FIELD_ORDER` (the reason first), then
    every other field seen, in arrival order.

    `SORT_ROLE` carries native values (amounts as `Decimal`, the date as `date`, weights
    in grams).
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((), parent)
        self._fields: list[str] = []
        self._set_fields(list(_default_columns()), set())

    def _set_fields(self, fields: list[str], numeric_extra: set[str]) -> None:
        """One column per field: a named field titled in words, another by its name."""
        self._fields = fields
        self.set_columns(
            [
                Column(_NAMED[name][0], numeric=_NAMED[name][1] in (_Kind.MONEY, _Kind.WEIGHT))
                if name in _NAMED
                else Column(name, numeric=name in numeric_extra, context=_AS_SENT)
                for name in fields
            ]
        )

    def set_divergences(self, divergences: Sequence[Divergence]) -> None:
        self.set_items(divergences)

    def prepare(self, items: Sequence[Divergence]) -> None:
        divergences = items
        seen: dict[str, None] = dict.fromkeys(KNOWN_FIELDS)
        numeric: dict[str, bool] = {}
        for divergence in divergences:
            for name, value in (divergence.model_extra or {}).items():
                seen.setdefault(name, None)
                if value is not None and value != "":
                    numeric[name] = numeric.get(name, True) and _numeric(value)
        named = [name for name in FIELD_ORDER if name in seen]
        extra = [name for name in seen if name not in _NAMED]
        self._set_fields(named + extra, {name for name, is_number in numeric.items() if is_number})

    def make_row(self, item: Divergence) -> TextRow[Divergence]:
        divergence = item
        texts: list[str] = []
        keys: list[object] = []
        for name in self._fields:
            kind = _NAMED[name][1] if name in _NAMED else _Kind.TEXT
            text, key = _CELLS[kind](_field_value(divergence, name))
            texts.append(text)
            keys.append(key)
        return TextRow(divergence, tuple(texts), tuple(keys))

    def divergence(self, row: int) -> Divergence:
        return self.item(row)

    def fields(self) -> list[str]:
        """The operator's field name of each column, in column order."""
        return list(self._fields)

    def column_of(self, name: str) -> int:
        """The column of an operator's field name; -1 when no record carries it."""
        return self._fields.index(name) if name in self._fields else -1

    def extra_fields(self) -> list[str]:
        """The names of the fields PostalGUI has no words for, in the order of their columns."""
        return [name for name in self._fields if name not in _NAMED]

    def tariffed_total(self) -> Decimal:
        return sum((row.item.valorTarifadoSgpb or Decimal(0) for row in self._rows), Decimal(0))

    def _extra_total(self, name: str) -> Decimal | None:
        amounts = [_money((row.item.model_extra or {}).get(name)) for row in self._rows]
        known = [amount for amount in amounts if amount is not None]
        return sum(known, Decimal(0)) if known else None

    def totals(self) -> DivergenceTotals:
        """Charged, tariffed and difference; the difference is tariffed minus charged when not sent."""
        charged = self._extra_total("valorCobrado")
        tariffed = self.tariffed_total()
        difference = self._extra_total("diferenca")
        if difference is None and charged is not None:
            difference = tariffed - charged
        return DivergenceTotals(charged, tariffed, difference)

    def tooltip(self, row: TextRow[Divergence], column: int) -> str | None:
        name = self._fields[column]
        sent = _field_value(row.item, name)
        if name in _NAMED and _NAMED[name][1] is _Kind.WEIGHT and (grams := _grams(sent)) is not None:
            return format_grams(grams)
        if name == "motivo":
            return _value_text(sent) or None
        text = row.texts[column]
        return text if name not in _NAMED and len(text) > 40 else None

    def header_tooltip(self, section: int) -> str | None:
        name = self._fields[section]
        if name in _NAMED:
            return arg(QCoreApplication.translate("DivergenceModel", "The operator's field %1"), name)
        return QCoreApplication.translate("DivergenceModel", "Field sent by the operator")


def _default_columns() -> tuple[str, ...]:
    return tuple(name for name in FIELD_ORDER if name in KNOWN_FIELDS)
