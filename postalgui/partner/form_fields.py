"""The optional model-1 form fields the ledger keeps, checked to the spec's sizes before anything runs.

Spec 002 gives ``quantidade`` 3 characters and ``numeroIdentificacaoCliente`` 14 digits
(sections 4.1 and 8). Unchecked, ``"²"`` passed `str.isdigit` and broke `int`, 20 digits
overflowed both databases' integers and 10 fitted SQLite's but not PostgreSQL's: a 500
for the same form again and again, after the handler had run. Checked here, before the
protocol is claimed or the handler called, a bad one is a business answer (400) that
names the field and its rule, the same on both databases.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["FieldError", "FormFields", "read_form_fields"]


class FieldError(ValueError):
    """An optional field outside its rule; the message names both, in the server's language."""

    def __init__(self, name: str, rule: str) -> None:
        super().__init__(f"Campo {name} inválido: {rule}")
        self.name = name
        self.rule = rule


@dataclass(frozen=True)
class FormFields:
    """The form's optional fields the ledger keeps (None when the form has none)."""

    quantity: int | None = None
    client_tax_id: str | None = None


def _digits(fields: Mapping[str, Any], name: str, size: int, rule: str) -> str | None:
    """An ASCII-digits field of at most `size`, as text or a whole JSON number; None when absent or empty."""
    value = fields.get(name)
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        value = str(value)
    if not isinstance(value, str) or not re.fullmatch(rf"[0-9]{{1,{size}}}", value):
        raise FieldError(name, rule)
    return value


def read_form_fields(fields: Mapping[str, Any]) -> FormFields:
    """The optional fields of a model-1 form, or FieldError for the first one out of its rule."""
    quantity = _digits(fields, "quantidade", 3, "de 1 a 3 dígitos (0 a 999)")
    tax_id = _digits(fields, "numeroIdentificacaoCliente", 14, "até 14 dígitos, sem pontos, traços ou barras")
    return FormFields(
        quantity=None if quantity is None else int(quantity),
        client_tax_id=tax_id,
    )
