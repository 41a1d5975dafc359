"""The rules a pre-posting's fields must follow before anything is sent (API 36).

Every message names its field as the operator's API names it (``destinatario.endereco.cep``,
or, for an orders file, the column: ``cep``), so the clerk finds it in a form, in a file
and in the operator's documentation alike. Widths are the operator's (public clients'
limits): a name of 50 characters, a street of 50, a number of 6, a complement and a
district of 30, a city of 30. A box's sides follow the price service's package rules
(length 15-100 cm, width 10-100, height 1-100, together at most 200). No field carries a
control character (`values.text.one_line`: a NUL, a tab, a U+202E...).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal
from typing import TypeVar

from postalgui.api.models.prepostings import ContentLine, Order, Person, ReturnTerms
from postalgui.api.values.cep import parse_cep
from postalgui.api.values.claims import parse_claim_email, parse_claim_phone
from postalgui.api.values.errors import InvalidValue
from postalgui.api.values.object_codes import parse_object_code
from postalgui.api.values.states import STATES
from postalgui.api.values.taxid import parse_tax_id
from postalgui.api.values.text import trimmed

T = TypeVar("T")

__all__ = [
    "FORMATS",
    "MAX_RETURN_DAYS",
    "MAX_WEIGHT_G",
    "STATES",
    "check_order",
    "check_person",
    "checked_order",
    "checked_person",
    "checked_return",
    "closed_preposting",
    "for_field",
    "parse_service_code",
    "parse_state",
    "parse_whole",
    "person_problems",
    "undeclared",
    "unknown_cep",
]

FORMATS = {"1": "envelope", "2": "box", "3": "roll"}
MAX_WEIGHT_G = 30_000
MAX_DECLARED = Decimal("10000.00")
WIDTHS = {"nome": 50, "logradouro": 50, "numero": 6, "complemento": 30, "bairro": 30, "cidade": 30}
BOX_SIDES = {"comprimentoInformado": (15, 100), "larguraInformada": (10, 100), "alturaInformada": (1, 100)}
MAX_SIDES = 200
MAX_RETURN_DAYS = 90
"""A return authorization is valid at most this many days ahead (the office's setting is 1-90;
the operator publishes no bound: ours keeps a forgotten authorization from staying open)."""
_SERVICE = re.compile(r"\d{5}", flags=re.ASCII)
_ADDITIONAL = re.compile(r"\d{3}", flags=re.ASCII)
_NFE_KEY = re.compile(r"\d{44}", flags=re.ASCII)
_INVOICE = re.compile(r"[0-9A-Za-z-]{1,20}", flags=re.ASCII)


def _text(value: str, field: str, *, required: bool) -> str:
    text = " ".join(trimmed(value, field).split()) if isinstance(value, str) else ""
    if required and not text:
        raise InvalidValue("shipping.required", value, field=field)
    width = WIDTHS.get(field.rsplit(".", 1)[-1])
    if width is not None and len(text) > width:
        raise InvalidValue("shipping.length", text, field=field, width=width, count=len(text))
    return text


def for_field(field: str, parse: Callable[[str], T], value: str) -> T:
    """``parse(value)``; a rule it breaks is said for ``field`` (``shipping.field``: "Field cep:
    CEP must have 8 digits"), the form's or the file's name for it."""
    try:
        return parse(value)
    except InvalidValue as error:
        raise InvalidValue("shipping.field", value, field=field, says=error.message, inner=error) from error


def parse_whole(text: str, field: str) -> int:
    """A whole number of a form or a file (``shipping.number``); empty is 0."""
    stripped = text.strip() if isinstance(text, str) else str(text)
    if not stripped:
        return 0
    if not (stripped.isascii() and stripped.isdigit()) or len(stripped) > 9:
        raise InvalidValue("shipping.number", text, field=field)
    return int(stripped)


def closed_preposting(prepost_id: str, status: str) -> InvalidValue:
    """A cancelled or expired pre-posting asked for a label, a declaration or a list."""
    return InvalidValue("shipping.closed", prepost_id, status=status)


def undeclared(prepost_id: str) -> InvalidValue:
    """A declaration asked for a pre-posting with neither content lines nor an invoice."""
    return InvalidValue("shipping.undeclared", prepost_id)


def unknown_cep(cep: str, field: str, says: str) -> InvalidValue:
    """The problem of a CEP the operator does not know (``says``: its words), for a form or a file."""
    return InvalidValue("shipping.unknown_cep", cep, field=field, says=says)


def parse_state(value: str, field: str = "uf") -> str:
    """A state's two letters (``shipping.state``)."""
    text = value.strip().upper() if isinstance(value, str) else ""
    if text not in STATES:
        raise InvalidValue("shipping.state", value, field=field)
    return text


def parse_service_code(value: str, field: str = "codigoServico") -> str:
    """A service code: 5 digits such as 03298 (``shipping.service``)."""
    text = value.strip() if isinstance(value, str) else str(value)
    if text.isdigit() and len(text) < 5:
        text = text.zfill(5)  # a spreadsheet drops the leading zero of 03298
    if not _SERVICE.fullmatch(text):
        raise InvalidValue("shipping.service", value, field=field)
    return text


def _person_checks(role: str, complete: bool) -> dict[str, tuple[str, Callable[[str], str]]]:
    """Each `Person` field: its API name and its check, after `one_line`'s (no control
    character in any field, whatever else its rule says)."""
    checks = _field_checks(role, complete)
    return {key: (field, _in_one_line(field, check)) for key, (field, check) in checks.items()}


def _in_one_line(field: str, check: Callable[[str], str]) -> Callable[[str], str]:
    def checked(value: str) -> str:
        trimmed(value, field)
        return check(value)

    return checked


def _field_checks(role: str, complete: bool) -> dict[str, tuple[str, Callable[[str], str]]]:
    place = f"{role}.endereco" if role else ""

    def name(key: str) -> str:
        return f"{role}.{key}" if role else key

    def where(key: str) -> str:
        return f"{place}.{key}" if place else key

    def text(field: str, *, required: bool = False) -> Callable[[str], str]:
        return lambda value: _text(value, field, required=required)

    def optional(field: str, parse: Callable[[str], str]) -> Callable[[str], str]:
        return lambda value: for_field(field, parse, value) if value.strip() else ""

    return {
        "name": (name("nome"), text(name("nome"), required=True)),
        "cep": (where("cep"), lambda value: for_field(where("cep"), parse_cep, value)),
        "street": (where("logradouro"), text(where("logradouro"), required=complete)),
        "number": (where("numero"), lambda value: _text(value, where("numero"), required=False) or "S/N"),
        "complement": (where("complemento"), text(where("complemento"))),
        "district": (where("bairro"), text(where("bairro"), required=complete)),
        "city": (where("cidade"), text(where("cidade"), required=complete)),
        "state": (
            where("uf"),
            lambda value: parse_state(value, where("uf")) if complete or value.strip() else "",
        ),
        "email": (name("email"), optional(name("email"), parse_claim_email)),
        "phone": (name("celular"), optional(name("celular"), parse_claim_phone)),
        "cpf_cnpj": (name("cpfCnpj"), optional(name("cpfCnpj"), parse_tax_id)),
    }


def checked_person(person: Person, role: str, *, complete: bool = True) -> Person:
    """``person`` with every field checked and trimmed; ``role`` ("remetente",
    "destinatario") prefixes the field names. ``complete``: street, district, city and
    state are required (an address may leave them to the CEP lookup until sent)."""
    checks = _person_checks(role, complete)
    return Person(**{key: check(getattr(person, key)) for key, (_, check) in checks.items()})


def person_problems(person: Person, role: str = "", *, complete: bool = True) -> list[InvalidValue]:
    """Every bad field of ``person``, each with its own rule (a form or a file row shows them all)."""
    problems = []
    for key, (_, check) in _person_checks(role, complete).items():
        try:
            check(getattr(person, key))
        except InvalidValue as error:
            problems.append(error)
    return problems


def check_person(person: Person, role: str, *, complete: bool = True) -> None:
    """Raise `InvalidValue` naming the first bad field of ``person``."""
    checked_person(person, role, complete=complete)


def _sides(order: Order) -> None:
    sides = {
        "comprimentoInformado": order.length_cm,
        "larguraInformada": order.width_cm,
        "alturaInformada": order.height_cm,
    }
    if order.format_code != "2" and not any(sides.values()):
        return
    for field, (low, high) in BOX_SIDES.items():
        if not low <= sides[field] <= high:
            raise InvalidValue("shipping.side", sides[field], field=field, low=low, high=high)
    total = sum(sides.values())
    if total > MAX_SIDES:
        raise InvalidValue("shipping.sides", total, high=MAX_SIDES)


def _contents(lines: tuple[ContentLine, ...]) -> None:
    for index, line in enumerate(lines, start=1):
        field = f"itensDeclaracaoConteudo[{index}]"
        _text(line.content, f"{field}.conteudo", required=True)
        if line.quantity < 1:
            raise InvalidValue("shipping.quantity", line.quantity, field=f"{field}.quantidade")
        if line.value < 0:
            raise InvalidValue("shipping.money", line.value, field=f"{field}.valor")


def checked_order(order: Order, *, complete: bool = True, today: date | None = None) -> Order:
    """``order`` with every field checked and written as the operator wants it; raises
    `InvalidValue` naming the first bad field. A return's terms are checked against ``today``
    (the local calendar's when not given)."""
    sender = checked_person(order.sender, "remetente")
    recipient = checked_person(order.recipient, "destinatario", complete=complete)
    service = parse_service_code(order.service_code)
    if not 1 <= order.weight_g <= MAX_WEIGHT_G:
        raise InvalidValue("shipping.weight", order.weight_g, field="pesoInformado", high=MAX_WEIGHT_G)
    if order.format_code not in FORMATS:
        raise InvalidValue("shipping.format", order.format_code, field="codigoFormatoObjetoInformado")
    _sides(order)
    declared = order.declared_value
    if declared is not None and not Decimal(0) < declared <= MAX_DECLARED:
        raise InvalidValue("shipping.declared", declared, field="valorDeclarado", high=MAX_DECLARED)
    for code in order.additional_services:
        if not _ADDITIONAL.fullmatch(code):
            raise InvalidValue("shipping.additional", code, field="codigoServicoAdicional")
    _contents(order.contents)
    if not order.contents and not order.invoice_number.strip() and not order.nfe_key.strip():
        raise InvalidValue("shipping.content", "", field="itensDeclaracaoConteudo")
    trimmed(order.nfe_key, "chaveNFe")
    trimmed(order.invoice_number, "numeroNotaFiscal")
    if order.nfe_key and not _NFE_KEY.fullmatch(order.nfe_key.strip()):
        raise InvalidValue("shipping.nfe_key", order.nfe_key, field="chaveNFe")
    if order.invoice_number and not _INVOICE.fullmatch(order.invoice_number.strip()):
        raise InvalidValue("shipping.invoice", order.invoice_number, field="numeroNotaFiscal")
    observation = _text(order.observation, "observacao", required=False)
    if len(observation) > 100:
        raise InvalidValue(
            "shipping.length", observation, field="observacao", width=100, count=len(observation)
        )
    return Order(
        sender=sender,
        recipient=recipient,
        service_code=service,
        weight_g=order.weight_g,
        format_code=order.format_code,
        length_cm=order.length_cm,
        width_cm=order.width_cm,
        height_cm=order.height_cm,
        declared_value=declared,
        additional_services=order.additional_services,
        contents=order.contents,
        invoice_number=order.invoice_number.strip(),
        nfe_key=order.nfe_key.strip(),
        observation=observation,
        reverse=None if order.reverse is None else checked_return(order.reverse, today),
    )


def checked_return(terms: ReturnTerms, today: date | None = None) -> ReturnTerms:
    """A return's terms checked: the validity date after ``today`` and at most `MAX_RETURN_DAYS`
    ahead (``shipping.return_date``, field ``dataValidadeLogReversa``); the outbound object a
    valid code when given (``codigoObjetoIda``)."""
    day = today or date.today()
    if not day < terms.valid_until <= day + timedelta(days=MAX_RETURN_DAYS):
        shown = terms.valid_until.strftime("%d/%m/%Y")
        raise InvalidValue(
            "shipping.return_date", shown, field="dataValidadeLogReversa", high=MAX_RETURN_DAYS
        )
    code = terms.outbound_code.strip()
    outbound = for_field("codigoObjetoIda", parse_object_code, code) if code else ""
    return replace(terms, outbound_code=outbound)


def check_order(order: Order) -> None:
    """Raise `InvalidValue` naming the first bad field of ``order``."""
    checked_order(order)
