"""What the partner does with a model-1 form: a pluggable handler, and the demo bill payment.

A handler gets the form's fields and the protocol and returns a `FormAnswer`; the server
turns it into the spec's answer (4.2) and the ledger keeps it, so a repeated form is
answered from the ledger without calling the handler again. A handler is named by
``module:function`` (``--handler``) and built with no arguments.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any, Protocol

from postalgui.api.values import InvalidValue, amount_of, due_date, verify_typed_line
from postalgui.api.values.boleto import factor_of
from postalgui.api.values.money import format_brl, format_cents
from postalgui.api.values.ster import join_ticket

__all__ = ["DEFAULT_HANDLER", "BillPayment", "FormAnswer", "FormHandler", "load_handler"]

DEFAULT_HANDLER = "postalgui.partner.handlers:BillPayment"


@dataclass(frozen=True)
class FormAnswer:
    """A handler's verdict: ``00`` and 200 on success; a business exception is 400 with
    another code; a processing failure 500 (spec 4.2)."""

    status: int
    codigo_retorno: str
    descricao_retorno: str
    amount: Decimal | None = None
    ticket_lines: tuple[str, ...] = ()
    client_key: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def body(self) -> dict[str, Any]:
        """The answer's JSON, with the spec's exact names."""
        body: dict[str, Any] = {
            "codigo_retorno": self.codigo_retorno,
            "descricao_retorno": self.descricao_retorno[:255],
        }
        if self.status == 200:
            body["valor"] = "" if self.amount is None else format_cents(self.amount)
            body["texto_ticket"] = join_ticket(self.ticket_lines)
            if self.client_key:
                body["chave_cliente"] = self.client_key[:30]
        return body


class FormHandler(Protocol):
    def __call__(self, fields: Mapping[str, Any], protocol: str) -> FormAnswer: ...


class BillPayment:
    """Demo handler: pay a bank slip whose 47-digit typed line comes as ``linhaDigitavel``.

    Bad check digits (or no typed line) are a business exception: 400 with code ``01``
    and the reason. A good line answers ``00`` with the slip's amount and a ticket
    naming the amount and due date.
    """

    def __init__(self, today: Callable[[], date] = date.today) -> None:
        self._today = today

    def __call__(self, fields: Mapping[str, Any], protocol: str) -> FormAnswer:
        line = str(fields.get("linhaDigitavel") or "").strip()
        if not line:
            return FormAnswer(400, "02", "Linha digitável não informada")
        try:
            digits = verify_typed_line(line)
        except InvalidValue as error:
            return FormAnswer(400, "01", f"Linha digitável inválida: {_reason(error)}")
        amount = amount_of(digits)
        factor = factor_of(digits)
        due = due_date(factor, today=self._today()) if factor else None
        due_text = due.strftime("%d/%m/%Y") if due else "sem vencimento"
        lines = (
            "PAGAMENTO DE BOLETO",
            f"Protocolo: {protocol}",
            f"Banco: {digits[:3]}",
            f"Valor: {format_brl(amount)}",
            f"Vencimento: {due_text}",
        )
        return FormAnswer(
            200,
            "00",
            "Pagamento registrado",
            amount=amount,
            ticket_lines=lines,
            client_key=f"BOL{protocol[-10:]}",
        )


def _reason(error: InvalidValue) -> str:
    reasons = {
        "boleto.digits": "contém caracteres que não são dígitos",
        "boleto.length": "deve ter 47 dígitos",
        "boleto.field_check": "dígito verificador de um campo não confere",
        "boleto.general_check": "dígito verificador geral não confere",
    }
    return reasons.get(error.rule, error.rule)


def load_handler(spec: str) -> FormHandler:
    """The handler a ``module:name`` string names, built with no arguments."""
    module_name, _, attribute = spec.partition(":")
    factory = getattr(importlib.import_module(module_name), attribute, None) if attribute else None
    if not callable(factory):
        raise ValueError(f"--handler: expected module:name of a handler class or factory, got {spec!r}")
    handler = factory()
    if not callable(handler):
        raise ValueError(f"--handler: {spec!r} did not build a callable handler")
    return handler  # type: ignore[no-any-return]
