"""Reading a model-2 registration body (``POST .../registra``) by the spec's size rules.

Spec 002 4.1 gives each field a size; REFERENCE.md adds what working partners send:
the code sometimes under ``codigoCorreios``, amounts as digits in cents, quantities
as numbers as often as strings. Amounts accept up to 10 digits (the spec says both 8
and 10; the client warns above 8). Every refusal names its field, as a partner's
developer needs it to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from postalgui.sandbox.ster.errors import INVALID_PARAMETER, MISSING_PARAMETER, SterError

CODE_KEYS = ("codigoOperador", "codigoCorreios")
MAX_AMOUNT_DIGITS = 10
MAX_CLIENT_ID_DIGITS = 14
MAX_QUANTITY_DIGITS = 3
MAX_CLIENT_KEY = 30
MAX_TICKET = 4000


@dataclass(frozen=True)
class Registration:
    """A registration body that passed every size rule."""

    code: str
    valor: str
    cliente: str
    quantidade: str
    chave_cliente: str
    texto_ticket: str


def _digits(body: dict[str, Any], name: str, low: int, high: int, rule: str) -> str:
    """A digits-only field given as text or as a whole number; "" when absent."""
    value = body.get(name)
    if value is None:
        value = ""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        value = str(value)
    if not isinstance(value, str) or not re.fullmatch(rf"\d{{{low},{high}}}", value):
        raise SterError(400, f"{INVALID_PARAMETER}: {name} ({rule})")
    return value


def _text(body: dict[str, Any], name: str, limit: int) -> str:
    value = body.get(name)
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > limit:
        raise SterError(400, f"{INVALID_PARAMETER}: {name} (texto de até {limit} caracteres)")
    return value


def parse_registration(body: dict[str, Any]) -> Registration:
    """The registration in `body`, or SterError 400 naming the first field at fault."""
    code = next((body[key] for key in CODE_KEYS if body.get(key)), None)
    if code is None:
        raise SterError(400, f"{MISSING_PARAMETER}: codigoOperador")
    if not isinstance(code, str):
        raise SterError(400, f"{INVALID_PARAMETER}: codigoOperador (texto)")
    if body.get("quantidade") in (None, ""):
        raise SterError(400, f"{MISSING_PARAMETER}: quantidade")
    return Registration(
        code=code,
        valor=_digits(body, "valorServico", 0, MAX_AMOUNT_DIGITS, "apenas dígitos, até 10, em centavos"),
        cliente=_digits(
            body, "numeroIdentificacaoCliente", 0, MAX_CLIENT_ID_DIGITS, "apenas dígitos, até 14"
        ),
        quantidade=_digits(body, "quantidade", 1, MAX_QUANTITY_DIGITS, "de 1 a 3 dígitos"),
        chave_cliente=_text(body, "chaveCliente", MAX_CLIENT_KEY),
        texto_ticket=_text(body, "textoTicket", MAX_TICKET),
    )
