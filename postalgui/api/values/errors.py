"""The one error every value parser raises, keyed by a stable rule.

The GUI translates ``InvalidValue.rule`` (never the English text), so the keys below
are part of the public contract: add keys freely, never rename one. Each key with its
English message (``{value}`` is the offending input, other fields are ``params``):

CEP (postal code)
    ``cep.digits``    CEP may contain only digits, '-' and '.' (got '{value}')
    ``cep.length``    CEP must have 8 digits (got {count})
    ``cep.format``    CEP must be written 00000-000, 00.000-000 or 00000000 (got '{value}')

CNPJ (company tax id, numeric or alphanumeric)
    ``cnpj.characters``          CNPJ may contain only digits, letters A-Z and the
                                 separators '.', '/', '-' (got '{value}')
    ``cnpj.length``              CNPJ must have 14 characters (got {count})
    ``cnpj.format``              CNPJ must be written 00.000.000/0000-00 or without
                                 separators (got '{value}')
    ``cnpj.check_digits_numeric``  CNPJ check digits (the last 2 characters) must be
                                 numbers (got '{check}')
    ``cnpj.repeated``            CNPJ cannot be one character repeated 14 times
                                 (got '{value}')
    ``cnpj.check_digits``        CNPJ check digits do not match (got '{check}',
                                 expected '{expected}')
    ``cnpj.base``                CNPJ base must be 12 characters 0-9 or A-Z (got '{value}')

Card, contract and invoice numbers (``{width}`` is 10, 10, 5 and 3)
    ``card.empty``            Posting card number is empty
    ``card.digits``           Posting card number must contain only digits (got '{value}')
    ``card.length``           Posting card number must have at most {width} digits (got {count})
    ``contract.empty``        Contract number is empty
    ``contract.digits``       Contract number must contain only digits (got '{value}')
    ``contract.length``       Contract number must have at most {width} digits (got {count})
    ``dr.empty``              DR number is empty
    ``dr.digits``             DR number must contain only digits (got '{value}')
    ``dr.length``             DR number must have at most {width} digits (got {count})
    ``invoice_item.empty``    Invoice item is empty
    ``invoice_item.digits``   Invoice item must contain only digits (got '{value}')
    ``invoice_item.length``   Invoice item must have at most {width} digits (got {count})

Money, percentages, weights, cents
    ``money.format``      Amount must look like 1.234,56, 1234,56 or 1234.56 (got '{value}')
    ``money.type``        Amount must be text, an integer or a Decimal, not {type} (got '{value}')
    ``percent.format``    Percentage must look like 0,0100 or 0.0100 (got '{value}')
    ``percent.type``      Percentage must be text, an integer or a Decimal, not {type}
                          (got '{value}')
    ``weight.format``     Weight must be a whole number of grams (got '{value}')
    ``weight.length``     Weight is too long: at most {width} digits (got {count})
    ``money.length``      Amount is too long: at most {width} digits (got {count})
    ``percent.length``    Percentage is too long: at most {width} digits (got {count})
    ``cents.format``      Amount in cents must contain only digits (got '{value}')
    ``cents.length``      Amount in cents must have at most {width} digits (got {count})
    ``cents.negative``    Amount in cents cannot be negative (got '{value}')
    ``cents.precision``   Amount must have at most 2 decimal places to be sent in cents
                          (got '{value}')

Dates and times
    ``date.format``       Date must be written {pattern} (got '{value}')
    ``date.invalid``      Date does not exist in the calendar (got '{value}')
    ``datetime.format``   Timestamp must be written YYYY-MM-DDThh:mm:ss[.mmm] (got '{value}')
    ``datetime.invalid``  Timestamp is not a real date and time (got '{value}')
    ``zone.format``       Time zone offset must look like -03:00, UTC-03:00 or Z (got '{value}')
    ``zone.range``        Time zone offset must be between -23:59 and +23:59 (got '{value}')

Price queries
    ``price.product``       Product code must have 5 digits (got '{value}')
    ``price.country``       Country must be a 2-letter ISO code such as US (got '{value}')
    ``price.format``        Format must be 1 envelope, 2 package or 3 roll (got '{value}')
    ``price.service_code``  Additional service code must have 3 digits (got '{value}')
    ``price.size_format``   Size must be a number of centimetres such as 20 or 20,5 (got '{value}')
    ``price.size_length``   Size is too long: at most {width} digits (got {count})
    ``price.positive``      Value must be greater than zero (got '{value}')

Invoices
    ``invoice.number``         Invoice number must contain only digits (got '{value}')
    ``invoice.document_type``  Document type must be 2 letters or digits such as RE
                               (got '{value}')

Payment slips (typed line and barcode)
    ``boleto.digits``          Typed line may contain only digits, spaces and dots
                               (got '{value}')
    ``boleto.length``          Typed line must have 47 digits (got {count})
    ``boleto.barcode_length``  Barcode must have 44 digits (got {count})
    ``boleto.field_check``     Check digit of typed line field {field} does not match
                               (got {check}, expected {expected})
    ``boleto.general_check``   General check digit does not match (got {check},
                               expected {expected})
    ``boleto.due_date``        Due date must be after 1997-10-07 (got '{value}')
    ``boleto.factor``          Due factor must be between 0 and 9999 (got '{value}')
    ``contract.service_code``  Service code must be letters and digits, at most 10 (got '{value}')
    ``branches.mcu``           Unit MCU must have 8 digits (got '{value}')
    ``branches.uf``            State must be one of the 27 abbreviations, such as SP (got '{value}')
    ``branches.status``        Unit status must be a code from 1 to 6 (got '{value}')
    ``branches.type``          Unit type must be a code of 1 or 2 digits, such as 09 (got '{value}')
    ``branches.sort``          Sort must be written field,direction, such as nome,asc (got '{value}')

Counter attendances (registration system, spec 002)
    ``taxid.format``       Client tax id must be a CPF (11 digits) or a CNPJ (14), bare or
                           written 000.000.000-00 / 00.000.000/0000-00 (got '{value}')
    ``cpf.repeated``       CPF cannot be one digit repeated 11 times (got '{value}')
    ``cpf.check_digits``   CPF check digits do not match (got '{check}', expected '{expected}')
    ``protocol.format``    Protocol must have 14 digits: year, contractor, sequence (got '{value}')
    ``ster.contract``      Registration-system contract must have 12 characters (got '{value}')
    ``ster.code_length``   Operator code must have 300 to 700 characters (got {count})
    ``ster.quantity``      Quantity must be a whole number from 1 to 999 (got '{value}')
    ``ster.client_key``    Client key must have at most 30 characters (got {count})
    ``ster.ticket_line``   Ticket line {line} has {count} characters: at most 50 per line
    ``ster.ticket_plus``   Ticket line {line} cannot contain '+', which separates lines
    ``ster.ticket_length`` Ticket text must have at most 4000 characters (got {count})
    ``ster.chave_user``     User inside chave must have at most 250 characters (got {value})
    ``ster.chave_password`` Password inside chave must have at most 250 characters (got {value})

Tracking
    ``object.format``       Object code must be 2 letters, 9 digits and 2 letters, such as
                            DG049186226BR (got '{value}')
    ``object.check_digit``  Object code {value}: its check digit is {check}, the rule (mod 11)
                            gives {expected}

Claims
    ``claim.reason``   Claim reason must be one of the operator's codes: 132, 133, 134, 135,
                       136, 141, 142, 148, 211, 240, 1414 (got '{value}')
    ``claim.kind``     Claim kind must be I (compensation) or R (complaint) (got '{value}')
    ``claim.package``  Packaging must be E (envelope) or C (box) (got '{value}')
    ``claim.email``    Reply e-mail must be an address such as nome@empresa.com.br (got '{value}')
    ``claim.phone``    Phone must have 10 or 11 digits with the area code, such as
                       (11) 98765-4321 (got '{value}')
    ``claim.name``     Recipient's name (nomeDestinatario) must have 1 to {width} characters (got {count})

Text sent to the operator (any field: ``{field}`` as the API, a file or a form names it)
    ``text.control``  Field {field}: control character {char} ({name}) is not accepted

Shipping (pre-postings, addresses; ``{field}`` is the API's field name or the file's column)
    ``shipping.required``   Field {field} is required
    ``shipping.length``     Field {field} must have at most {width} characters (got {count})
    ``shipping.field``      Field {field}: {says}
    ``shipping.state``      Field {field} must be a state's two letters, such as SP (got
                            '{value}')
    ``shipping.service``    Field {field} must be a service code of 5 digits, such as 03298
                            (got '{value}')
    ``shipping.weight``     Field {field} must be 1 to {high} g (got '{value}')
    ``shipping.format``     Field {field} must be 1 (envelope), 2 (box or package) or 3
                            (roll) (got '{value}')
    ``shipping.side``       Field {field} must be {low} to {high} cm (got '{value}')
    ``shipping.sides``      Length, width and height must add up to at most {high} cm (got
                            {value})
    ``shipping.declared``   Field {field} must be more than R$ 0,00 and at most R$ {high}
                            (got '{value}')
    ``shipping.additional`` Field {field} must be an additional service code of 3 digits,
                            such as 001 (got '{value}')
    ``shipping.quantity``   Field {field} must be at least 1 (got '{value}')
    ``shipping.money``      Field {field} must be an amount such as 150,00 (got '{value}')
    ``shipping.number``     Field {field} must be a whole number (got '{value}')
    ``shipping.nfe_key``    Field {field} must have the NF-e key's 44 digits (got '{value}')
    ``shipping.invoice``    Field {field} must be up to 20 letters and digits (got
                            '{value}')
    ``shipping.unknown_cep`` Field {field}: the operator does not know CEP {value} ({says})
    ``shipping.closed``     Pre-posting {value} is {status}: no label, declaration or list is made
                            for it
    ``shipping.content``    Field {field}: a content declaration (what the parcel holds) or
                            an invoice (numeroNotaFiscal or chaveNFe) is required
    ``shipping.undeclared`` Pre-posting {value} has neither content lines nor an invoice: there
                            is nothing to declare
    ``shipping.return_date`` Field {field} must be a date after today and at most {high} days
                            ahead (got '{value}')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from postalgui.api.errors import RoutineError

__all__ = ["MAX_SHOWN", "MESSAGES", "WORDS", "InvalidValue", "Worded", "cut", "rule_text", "shown_value"]

_NUMBER_LABELS = {
    "card": "Posting card number",
    "contract": "Contract number",
    "dr": "DR number",
    "invoice_item": "Invoice item",
}


def _number_messages() -> dict[str, str]:
    messages: dict[str, str] = {}
    for prefix, label in _NUMBER_LABELS.items():
        messages[f"{prefix}.empty"] = f"{label} is empty"
        messages[f"{prefix}.digits"] = f"{label} must contain only digits (got '{{value}}')"
        messages[f"{prefix}.length"] = f"{label} must have at most {{width}} digits (got {{count}})"
    return messages


MESSAGES: Mapping[str, str] = MappingProxyType(
    {
        "cep.digits": "CEP may contain only digits, '-' and '.' (got '{value}')",
        "cep.length": "CEP must have 8 digits (got {count})",
        "cep.format": "CEP must be written 00000-000, 00.000-000 or 00000000 (got '{value}')",
        "cnpj.characters": (
            "CNPJ may contain only digits, letters A-Z and the separators '.', '/', '-' (got '{value}')"
        ),
        "cnpj.length": "CNPJ must have 14 characters (got {count})",
        "cnpj.format": ("CNPJ must be written 00.000.000/0000-00 or without separators (got '{value}')"),
        "cnpj.check_digits_numeric": (
            "CNPJ check digits (the last 2 characters) must be numbers (got '{check}')"
        ),
        "cnpj.repeated": "CNPJ cannot be one character repeated 14 times (got '{value}')",
        "cnpj.check_digits": ("CNPJ check digits do not match (got '{check}', expected '{expected}')"),
        "cnpj.base": "CNPJ base must be 12 characters 0-9 or A-Z (got '{value}')",
        **_number_messages(),
        "money.format": "Amount must look like 1.234,56, 1234,56 or 1234.56 (got '{value}')",
        "money.type": "Amount must be text, an integer or a Decimal, not {type} (got '{value}')",
        "percent.format": "Percentage must look like 0,0100 or 0.0100 (got '{value}')",
        "percent.type": ("Percentage must be text, an integer or a Decimal, not {type} (got '{value}')"),
        "weight.format": "Weight must be a whole number of grams (got '{value}')",
        "weight.length": "Weight is too long: at most {width} digits (got {count})",
        "money.length": "Amount is too long: at most {width} digits (got {count})",
        "percent.length": "Percentage is too long: at most {width} digits (got {count})",
        "cents.format": "Amount in cents must contain only digits (got '{value}')",
        "cents.length": "Amount in cents must have at most {width} digits (got {count})",
        "cents.negative": "Amount in cents cannot be negative (got '{value}')",
        "cents.precision": ("Amount must have at most 2 decimal places to be sent in cents (got '{value}')"),
        "date.format": "Date must be written {pattern} (got '{value}')",
        "date.invalid": "Date does not exist in the calendar (got '{value}')",
        "datetime.format": "Timestamp must be written YYYY-MM-DDThh:mm:ss[.mmm] (got '{value}')",
        "datetime.invalid": "Timestamp is not a real date and time (got '{value}')",
        "zone.format": "Time zone offset must look like -03:00, UTC-03:00 or Z (got '{value}')",
        "zone.range": "Time zone offset must be between -23:59 and +23:59 (got '{value}')",
        "price.product": "Product code must have 5 digits (got '{value}')",
        "price.country": "Country must be a 2-letter ISO code such as US (got '{value}')",
        "price.format": "Format must be 1 envelope, 2 package or 3 roll (got '{value}')",
        "price.service_code": "Additional service code must have 3 digits (got '{value}')",
        "price.size_format": "Size must be a number of centimetres such as 20 or 20,5 (got '{value}')",
        "price.size_length": "Size is too long: at most {width} digits (got {count})",
        "price.positive": "Value must be greater than zero (got '{value}')",
        "invoice.number": "Invoice number must contain only digits (got '{value}')",
        "invoice.document_type": "Document type must be 2 letters or digits such as RE (got '{value}')",
        "boleto.digits": "Typed line may contain only digits, spaces and dots (got '{value}')",
        "boleto.length": "Typed line must have 47 digits (got {count})",
        "boleto.barcode_length": "Barcode must have 44 digits (got {count})",
        "boleto.field_check": (
            "Check digit of typed line field {field} does not match (got {check}, expected {expected})"
        ),
        "boleto.general_check": "General check digit does not match (got {check}, expected {expected})",
        "boleto.due_date": "Due date must be after 1997-10-07 (got '{value}')",
        "boleto.factor": "Due factor must be between 0 and 9999 (got '{value}')",
        "contract.service_code": "Service code must be letters and digits, at most 10 (got '{value}')",
        "branches.mcu": "Unit MCU must have 8 digits (got '{value}')",
        "branches.uf": "State must be one of the 27 abbreviations, such as SP (got '{value}')",
        "branches.status": "Unit status must be a code from 1 to 6 (got '{value}')",
        "branches.type": "Unit type must be a code of 1 or 2 digits, such as 09 (got '{value}')",
        "branches.sort": "Sort must be written field,direction, such as nome,asc (got '{value}')",
        "taxid.format": (
            "Client tax id must be a CPF (11 digits) or a CNPJ (14), bare or written"
            " 000.000.000-00 / 00.000.000/0000-00 (got '{value}')"
        ),
        "cpf.repeated": "CPF cannot be one digit repeated 11 times (got '{value}')",
        "cpf.check_digits": "CPF check digits do not match (got '{check}', expected '{expected}')",
        "protocol.format": "Protocol must have 14 digits: year, contractor, sequence (got '{value}')",
        "ster.contract": "Registration-system contract must have 12 characters (got '{value}')",
        "ster.code_length": "Operator code must have 300 to 700 characters (got {count})",
        "ster.quantity": "Quantity must be a whole number from 1 to 999 (got '{value}')",
        "ster.client_key": "Client key must have at most 30 characters (got {count})",
        "ster.ticket_line": "Ticket line {line} has {count} characters: at most 50 per line",
        "ster.ticket_plus": "Ticket line {line} cannot contain '+', which separates lines",
        "ster.ticket_length": "Ticket text must have at most 4000 characters (got {count})",
        "ster.chave_user": "User inside chave must have at most 250 characters (got {value})",
        "ster.chave_password": "Password inside chave must have at most 250 characters (got {value})",
        "object.format": (
            "Object code must be 2 letters, 9 digits and 2 letters, such as DG049186226BR (got '{value}')"
        ),
        "object.check_digit": (
            "Object code {value}: its check digit is {check}, the rule (mod 11) gives {expected}"
        ),
        "claim.reason": (
            "Claim reason must be one of the operator's codes: 132, 133, 134, 135, 136, 141, 142, "
            "148, 211, 240, 1414 (got '{value}')"
        ),
        "claim.kind": "Claim kind must be I (compensation) or R (complaint) (got '{value}')",
        "claim.package": "Packaging must be E (envelope) or C (box) (got '{value}')",
        "claim.email": "Reply e-mail must be an address such as nome@empresa.com.br (got '{value}')",
        "claim.phone": (
            "Phone must have 10 or 11 digits with the area code, such as (11) 98765-4321 (got '{value}')"
        ),
        "claim.name": "Recipient's name (nomeDestinatario) must have 1 to {width} characters (got {count})",
        "text.control": "Field {field}: control character {char} ({name}) is not accepted",
        "shipping.required": "Field {field} is required",
        "shipping.length": "Field {field} must have at most {width} characters (got {count})",
        "shipping.field": "Field {field}: {says}",
        "shipping.state": "Field {field} must be a state's two letters, such as SP (got '{value}')",
        "shipping.service": "Field {field} must be a service code of 5 digits, such as 03298 (got '{value}')",
        "shipping.weight": "Field {field} must be 1 to {high} g (got '{value}')",
        "shipping.format": (
            "Field {field} must be 1 (envelope), 2 (box or package) or 3 (roll) (got '{value}')"
        ),
        "shipping.side": "Field {field} must be {low} to {high} cm (got '{value}')",
        "shipping.sides": "Length, width and height must add up to at most {high} cm (got {value})",
        "shipping.declared": "Field {field} must be more than R$ 0,00 and at most R$ {high} (got '{value}')",
        "shipping.additional": (
            "Field {field} must be an additional service code of 3 digits, such as 001 (got '{value}')"
        ),
        "shipping.quantity": "Field {field} must be at least 1 (got '{value}')",
        "shipping.money": "Field {field} must be an amount such as 150,00 (got '{value}')",
        "shipping.number": "Field {field} must be a whole number (got '{value}')",
        "shipping.nfe_key": "Field {field} must have the NF-e key's 44 digits (got '{value}')",
        "shipping.invoice": "Field {field} must be up to 20 letters and digits (got '{value}')",
        "shipping.unknown_cep": "Field {field}: the operator does not know CEP {value} ({says})",
        "shipping.closed": "Pre-posting {value} is {status}: no label, declaration or list is made for it",
        "shipping.content": (
            "Field {field}: a content declaration (what the parcel holds) or an invoice "
            "(numeroNotaFiscal or chaveNFe) is required"
        ),
        "shipping.undeclared": (
            "Pre-posting {value} has neither content lines nor an invoice: there is nothing to declare"
        ),
        "shipping.return_date": (
            "Field {field} must be a date after today and at most {high} days ahead (got '{value}')"
        ),
    }
)
"""English message template per rule key: the one catalogue of the rules. Their translations
are in context ``rules`` of ``resources/translations/postalgui_pt_BR.ts``, which the window
reads through Qt and the command line without it (`rule_text`); a test fails on a template
there without its finished translation."""

MAX_SHOWN = 40
"""At most this many characters of a bad value are repeated in a message; a longer value
is cut, ends with an ellipsis and is followed by its length, so a 5,000-character paste
reads as one line that still says how big it was."""


def _printable(value: object) -> str:
    text = value if isinstance(value, str) else str(value)
    return "".join(char if char.isprintable() else "\N{REPLACEMENT CHARACTER}" for char in text)


def cut(text: str, size: int = MAX_SHOWN) -> str:
    """``text`` in at most ``size`` characters, ending in "…" when it was longer."""
    return text if len(text) <= size else text[: size - 1] + "\N{HORIZONTAL ELLIPSIS}"


def shown_value(value: object) -> str:
    """``value`` quoted for a message: printable, at most `MAX_SHOWN` characters of it, and
    its length after it when it was cut (``'xxxxxxxx…' (5,000 characters)``)."""
    text = _printable(value)
    quoted = f"'{cut(text)}'"
    return quoted if len(text) <= MAX_SHOWN else f"{quoted} ({len(text):,} characters)"


class Worded(str):
    """A rule's parameter that is a word, not a value (a status: "cancelled"): each front
    says it in its own language (context ``rules``, as the templates), not as typed; the
    words are `WORDS`."""


WORDS = ("cancelled", "expired", "reversed")
"""Every `Worded` a rule's message may carry (a closed pre-posting's status)."""


class InvalidValue(RoutineError, ValueError):  # noqa: N818 -- the name the whole project uses
    """A user or wire value broke a rule; ``rule`` is the stable key the GUI translates.

    A ``ValueError`` so that pydantic validators turn it into a ``ValidationError``
    (the original stays reachable as ``error["ctx"]["error"]``). ``value`` is the bad
    input made printable and cut to `MAX_SHOWN` characters; ``length`` is how long it was.
    """

    rule: str
    value: str
    length: int
    params: dict[str, object]

    def __init__(self, rule: str, value: object, **params: object) -> None:
        text = _printable(value)
        self.rule = rule
        self.value = cut(text)
        self.length = len(text)
        self.params = params
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """The English message; unknown rules still give a readable text."""
        template = MESSAGES.get(self.rule, "Invalid value ({rule}): '{value}'")
        if self.length > MAX_SHOWN:  # the cut value says how long the whole one was
            template = template.replace("'{value}'", "'{value}' ({length:,} characters)")
        return template.format(value=self.value, rule=self.rule, length=self.length, **self.params)

    def __str__(self) -> str:
        return self.message

    def renamed(self, field: str) -> InvalidValue:
        """The same rule broken, its ``{field}`` named ``field`` (a file's column, a form's
        label) instead of the API's name; the length of the value is kept."""
        renamed = InvalidValue(self.rule, self.value, **{**self.params, "field": field})
        renamed.length = self.length
        renamed.args = (renamed.message,)
        return renamed

    def __reduce__(self) -> tuple[object, ...]:
        # Keep rule, params and the length across pickling (worker processes, crash reports).
        return (_rebuild, (self.rule, self.value, self.params, self.length))


def _rebuild(rule: str, value: str, params: dict[str, object], length: int | None = None) -> InvalidValue:
    error = InvalidValue(rule, value, **params)
    if length is not None:  # the value kept is the cut one: its whole length comes along
        error.length = length
        error.args = (error.message,)
    return error


class _KeepMissing(dict[str, object]):
    """Leaves a placeholder visible instead of raising when a parameter is absent."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def rule_text(error: InvalidValue, translate: Callable[[str], str]) -> str | None:
    """``error``'s message in a front's language, or None for a rule `MESSAGES` lacks.

    ``translate`` gives the front's translation of an English template or word of context
    ``rules`` (the window asks Qt; the command line reads the same ``.ts`` without Qt), so
    both say the one catalogue. A `Worded` parameter and an ``inner`` rule (said for this
    one's field) are said in that language too. The value is the cut one, without its length.
    """
    template = MESSAGES.get(error.rule)
    if template is None:
        return None
    fields: dict[str, object] = _KeepMissing(error.params)
    for name, param in error.params.items():
        if isinstance(param, Worded):
            fields[name] = translate(str(param))
    inner = error.params.get("inner")
    if isinstance(inner, InvalidValue):
        fields["says"] = rule_text(inner, translate) or inner.message
    fields["value"] = error.value
    return translate(template).format_map(fields)
