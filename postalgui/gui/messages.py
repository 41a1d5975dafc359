"""User-facing texts shared by the window, dialogs and tabs.

Errors reach the user as translated sentences; the operator's own messages (already in
Portuguese, with their codes) are shown exactly as the operator wrote them, because
that code is what the operator's support desk asks for. Value formatting reuses
`postalgui.api.values` so the UI and the wire never disagree on a CNPJ or a CEP.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from postalgui.api.apis import api_label
from postalgui.api.environments import Environment
from postalgui.api.errors import (
    ApiError,
    ApiTimeoutError,
    CredentialsMissingError,
    CredentialsRefusedError,
    IncompleteDownloadError,
    InvalidResponseError,
    OperatorError,
    RetriesExhaustedError,
    TransportError,
)

if TYPE_CHECKING:  # the window shows before these load; functions import them when called
    from postalgui.api.scopes import TokenScope
    from postalgui.api.values import InvalidValue

_PLACEHOLDER = re.compile(r"%(\d)")


def arg(text: str, *values: object) -> str:
    """Fill Qt-style ``%1``..``%9`` placeholders in one pass, like ``QString.arg``.

    One pass, so a value that itself contains ``%2`` is never substituted again.
    """

    def fill(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return str(values[index - 1]) if 1 <= index <= len(values) else match.group(0)

    return _PLACEHOLDER.sub(fill, text)


# --- value rules -----------------------------------------------------------------------

# Templates per `InvalidValue.rule` (see postalgui/api/values/errors.py). Named fields
# are InvalidValue.value and .params; {label} is the thing a number rule is about.
_RULES: dict[str, object] = {  # QT_TRANSLATE_NOOP is typed as returning object
    "cep.digits": QT_TRANSLATE_NOOP("rules", "CEP may contain only digits, '-' and '.' (got '{value}')"),
    "cep.length": QT_TRANSLATE_NOOP("rules", "CEP must have 8 digits (got {count})"),
    "cep.format": QT_TRANSLATE_NOOP(
        "rules", "CEP must be written 00000-000, 00.000-000 or 00000000 (got '{value}')"
    ),
    "cnpj.characters": QT_TRANSLATE_NOOP(
        "rules", "CNPJ may contain only digits, letters A-Z and the separators '.', '/', '-' (got '{value}')"
    ),
    "cnpj.length": QT_TRANSLATE_NOOP("rules", "CNPJ must have 14 characters (got {count})"),
    "cnpj.format": QT_TRANSLATE_NOOP(
        "rules", "CNPJ must be written 00.000.000/0000-00 or without separators (got '{value}')"
    ),
    "cnpj.check_digits_numeric": QT_TRANSLATE_NOOP(
        "rules", "CNPJ check digits (the last 2 characters) must be numbers (got '{check}')"
    ),
    "cnpj.repeated": QT_TRANSLATE_NOOP("rules", "CNPJ cannot be one character repeated 14 times"),
    "cnpj.check_digits": QT_TRANSLATE_NOOP(
        "rules", "CNPJ check digits do not match (got '{check}', expected '{expected}')"
    ),
    "cnpj.base": QT_TRANSLATE_NOOP("rules", "CNPJ base must be 12 characters 0-9 or A-Z (got '{value}')"),
    "number.empty": QT_TRANSLATE_NOOP("rules", "{label} is empty"),
    "number.digits": QT_TRANSLATE_NOOP("rules", "{label} must contain only digits (got '{value}')"),
    "number.length": QT_TRANSLATE_NOOP("rules", "{label} must have at most {width} digits (got {count})"),
    "money.format": QT_TRANSLATE_NOOP(
        "rules", "Amount must look like 1.234,56, 1234,56 or 1234.56 (got '{value}')"
    ),
    "money.type": QT_TRANSLATE_NOOP("rules", "Amount must be a number (got '{value}')"),
    "percent.format": QT_TRANSLATE_NOOP(
        "rules", "Percentage must look like 0,0100 or 0.0100 (got '{value}')"
    ),
    "percent.type": QT_TRANSLATE_NOOP("rules", "Percentage must be a number (got '{value}')"),
    "weight.format": QT_TRANSLATE_NOOP("rules", "Weight must be a whole number of grams (got '{value}')"),
    "weight.length": QT_TRANSLATE_NOOP("rules", "Weight is too long: at most {width} digits (got {count})"),
    "money.length": QT_TRANSLATE_NOOP("rules", "Amount is too long: at most {width} digits (got {count})"),
    "percent.length": QT_TRANSLATE_NOOP(
        "rules", "Percentage is too long: at most {width} digits (got {count})"
    ),
    "cents.format": QT_TRANSLATE_NOOP("rules", "Amount in cents must contain only digits (got '{value}')"),
    "cents.length": QT_TRANSLATE_NOOP(
        "rules", "Amount in cents must have at most {width} digits (got {count})"
    ),
    "cents.negative": QT_TRANSLATE_NOOP("rules", "Amount in cents cannot be negative (got '{value}')"),
    "cents.precision": QT_TRANSLATE_NOOP(
        "rules", "Amount must have at most 2 decimal places to be sent in cents (got '{value}')"
    ),
    "date.format": QT_TRANSLATE_NOOP("rules", "Date must be written {pattern} (got '{value}')"),
    "date.invalid": QT_TRANSLATE_NOOP("rules", "Date does not exist in the calendar (got '{value}')"),
    "datetime.format": QT_TRANSLATE_NOOP(
        "rules", "Timestamp must be written YYYY-MM-DDThh:mm:ss[.mmm] (got '{value}')"
    ),
    "datetime.invalid": QT_TRANSLATE_NOOP("rules", "Timestamp is not a real date and time (got '{value}')"),
    "zone.format": QT_TRANSLATE_NOOP(
        "rules", "Time zone offset must look like -03:00, UTC-03:00 or Z (got '{value}')"
    ),
    "zone.range": QT_TRANSLATE_NOOP(
        "rules", "Time zone offset must be between -23:59 and +23:59 (got '{value}')"
    ),
    "price.product": QT_TRANSLATE_NOOP("rules", "Product code must have 5 digits (got '{value}')"),
    "price.country": QT_TRANSLATE_NOOP(
        "rules", "Country must be a 2-letter ISO code such as US (got '{value}')"
    ),
    "price.format": QT_TRANSLATE_NOOP(
        "rules", "Format must be 1 envelope, 2 package or 3 roll (got '{value}')"
    ),
    "price.service_code": QT_TRANSLATE_NOOP(
        "rules", "Additional service code must have 3 digits (got '{value}')"
    ),
    "price.size_format": QT_TRANSLATE_NOOP(
        "rules", "Size must be a number of centimetres such as 20 or 20,5 (got '{value}')"
    ),
    "price.size_length": QT_TRANSLATE_NOOP("rules", "Size is too long: at most {width} digits (got {count})"),
    "price.positive": QT_TRANSLATE_NOOP("rules", "Value must be greater than zero (got '{value}')"),
    "price.required": QT_TRANSLATE_NOOP("rules", "Required for pricing"),
    "invoice.number": QT_TRANSLATE_NOOP("rules", "Invoice number must contain only digits (got '{value}')"),
    "invoice.document_type": QT_TRANSLATE_NOOP(
        "rules", "Document type must be 2 letters or digits such as RE (got '{value}')"
    ),
    "boleto.digits": QT_TRANSLATE_NOOP(
        "rules", "Typed line may contain only digits, spaces and dots (got '{value}')"
    ),
    "boleto.length": QT_TRANSLATE_NOOP("rules", "Typed line must have 47 digits (got {count})"),
    "boleto.barcode_length": QT_TRANSLATE_NOOP("rules", "Barcode must have 44 digits (got {count})"),
    "boleto.field_check": QT_TRANSLATE_NOOP(
        "rules", "Check digit of typed line field {field} does not match (got {check}, expected {expected})"
    ),
    "boleto.general_check": QT_TRANSLATE_NOOP(
        "rules", "General check digit does not match (got {check}, expected {expected})"
    ),
    "boleto.due_date": QT_TRANSLATE_NOOP("rules", "Due date must be after 1997-10-07 (got '{value}')"),
    "boleto.factor": QT_TRANSLATE_NOOP("rules", "Due factor must be between 0 and 9999 (got '{value}')"),
    "contract.service_code": QT_TRANSLATE_NOOP(
        "rules", "Service code must be letters and digits, at most 10 (got '{value}')"
    ),
    "branches.mcu": QT_TRANSLATE_NOOP("rules", "Unit MCU must have 8 digits (got '{value}')"),
    "branches.uf": QT_TRANSLATE_NOOP(
        "rules", "State must be one of the 27 abbreviations, such as SP (got '{value}')"
    ),
    "branches.status": QT_TRANSLATE_NOOP("rules", "Unit status must be a code from 1 to 6 (got '{value}')"),
    "branches.type": QT_TRANSLATE_NOOP(
        "rules", "Unit type must be a code of 1 or 2 digits, such as 09 (got '{value}')"
    ),
    "branches.sort": QT_TRANSLATE_NOOP(
        "rules", "Sort must be written field,direction, such as nome,asc (got '{value}')"
    ),
    "taxid.format": QT_TRANSLATE_NOOP(
        "rules",
        "Client tax id must be a CPF (11 digits) or a CNPJ (14), bare or written"
        " 000.000.000-00 / 00.000.000/0000-00 (got '{value}')",
    ),
    "cpf.repeated": QT_TRANSLATE_NOOP("rules", "CPF cannot be one digit repeated 11 times (got '{value}')"),
    "cpf.check_digits": QT_TRANSLATE_NOOP(
        "rules", "CPF check digits do not match (got '{check}', expected '{expected}')"
    ),
    "protocol.format": QT_TRANSLATE_NOOP(
        "rules", "Protocol must have 14 digits: year, contractor, sequence (got '{value}')"
    ),
    "ster.contract": QT_TRANSLATE_NOOP(
        "rules", "Registration-system contract must have 12 characters (got '{value}')"
    ),
    "ster.code_length": QT_TRANSLATE_NOOP(
        "rules", "Operator code must have 300 to 700 characters (got {count})"
    ),
    "ster.quantity": QT_TRANSLATE_NOOP(
        "rules", "Quantity must be a whole number from 1 to 999 (got '{value}')"
    ),
    "ster.client_key": QT_TRANSLATE_NOOP("rules", "Client key must have at most 30 characters (got {count})"),
    "ster.ticket_line": QT_TRANSLATE_NOOP(
        "rules", "Ticket line {line} has {count} characters: at most 50 per line"
    ),
    "ster.ticket_plus": QT_TRANSLATE_NOOP(
        "rules", "Ticket line {line} cannot contain '+', which separates lines"
    ),
    "ster.ticket_length": QT_TRANSLATE_NOOP(
        "rules", "Ticket text must have at most 4000 characters (got {count})"
    ),
    "ster.chave_user": QT_TRANSLATE_NOOP(
        "rules", "User inside chave must have at most 250 characters (got {value})"
    ),
    "ster.chave_password": QT_TRANSLATE_NOOP(
        "rules", "Password inside chave must have at most 250 characters (got {value})"
    ),
    "object.format": QT_TRANSLATE_NOOP(
        "rules",
        "Object code must be 2 letters, 9 digits and 2 letters, such as DG049186226BR (got '{value}')",
    ),
    "object.check_digit": QT_TRANSLATE_NOOP(
        "rules", "Object code {value}: its check digit is {check}, the rule (mod 11) gives {expected}"
    ),
    "claim.reason": QT_TRANSLATE_NOOP(
        "rules",
        "Claim reason must be one of the operator's codes: 132, 133, 134, 135, 136, 141, 142, "
        "148, 211, 240, 1414 (got '{value}')",
    ),
    "claim.kind": QT_TRANSLATE_NOOP(
        "rules", "Claim kind must be I (compensation) or R (complaint) (got '{value}')"
    ),
    "claim.package": QT_TRANSLATE_NOOP("rules", "Packaging must be E (envelope) or C (box) (got '{value}')"),
    "claim.email": QT_TRANSLATE_NOOP(
        "rules", "Reply e-mail must be an address such as nome@empresa.com.br (got '{value}')"
    ),
    "claim.phone": QT_TRANSLATE_NOOP(
        "rules", "Phone must have 10 or 11 digits with the area code, such as (11) 98765-4321 (got '{value}')"
    ),
    "claim.name": QT_TRANSLATE_NOOP(
        "rules", "Recipient's name (nomeDestinatario) must have 1 to {width} characters (got {count})"
    ),
    "shipping.required": QT_TRANSLATE_NOOP("rules", "Field {field} is required"),
    "shipping.length": QT_TRANSLATE_NOOP(
        "rules", "Field {field} must have at most {width} characters (got {count})"
    ),
    "shipping.field": QT_TRANSLATE_NOOP("rules", "Field {field}: {says}"),
    "shipping.state": QT_TRANSLATE_NOOP(
        "rules", "Field {field} must be a state's two letters, such as SP (got '{value}')"
    ),
    "shipping.service": QT_TRANSLATE_NOOP(
        "rules", "Field {field} must be a service code of 5 digits, such as 03298 (got '{value}')"
    ),
    "shipping.weight": QT_TRANSLATE_NOOP("rules", "Field {field} must be 1 to {high} g (got '{value}')"),
    "shipping.format": QT_TRANSLATE_NOOP(
        "rules", "Field {field} must be 1 (envelope), 2 (box or package) or 3 (roll) (got '{value}')"
    ),
    "shipping.side": QT_TRANSLATE_NOOP("rules", "Field {field} must be {low} to {high} cm (got '{value}')"),
    "shipping.sides": QT_TRANSLATE_NOOP(
        "rules", "Length, width and height must add up to at most {high} cm (got {value})"
    ),
    "shipping.declared": QT_TRANSLATE_NOOP(
        "rules", "Field {field} must be more than R$ 0,00 and at most R$ {high} (got '{value}')"
    ),
    "shipping.additional": QT_TRANSLATE_NOOP(
        "rules", "Field {field} must be an additional service code of 3 digits, such as 001 (got '{value}')"
    ),
    "shipping.quantity": QT_TRANSLATE_NOOP("rules", "Field {field} must be at least 1 (got '{value}')"),
    "shipping.money": QT_TRANSLATE_NOOP(
        "rules", "Field {field} must be an amount such as 150,00 (got '{value}')"
    ),
    "shipping.number": QT_TRANSLATE_NOOP("rules", "Field {field} must be a whole number (got '{value}')"),
    "shipping.nfe_key": QT_TRANSLATE_NOOP(
        "rules", "Field {field} must have the NF-e key's 44 digits (got '{value}')"
    ),
    "shipping.invoice": QT_TRANSLATE_NOOP(
        "rules", "Field {field} must be up to 20 letters and digits (got '{value}')"
    ),
    "shipping.unknown_cep": QT_TRANSLATE_NOOP(
        "rules", "Field {field}: the operator does not know CEP {value} ({says})"
    ),
    "shipping.closed": QT_TRANSLATE_NOOP(
        "rules", "Pre-posting {value} is {status}: no label, declaration or list is made for it"
    ),
    "shipping.content": QT_TRANSLATE_NOOP(
        "rules",
        "Field {field}: a content declaration (what the parcel holds) or an invoice "
        "(numeroNotaFiscal or chaveNFe) is required",
    ),
    "shipping.undeclared": QT_TRANSLATE_NOOP(
        "rules", "Pre-posting {value} has neither content lines nor an invoice: there is nothing to declare"
    ),
}

_WORDS = (
    QT_TRANSLATE_NOOP("rules", "cancelled"),
    QT_TRANSLATE_NOOP("rules", "expired"),
    QT_TRANSLATE_NOOP("rules", "reversed"),
)
"""Words a rule's message may carry (`Worded`): a closed pre-posting's status."""

_NUMBER_LABELS: dict[str, object] = {
    "card": QT_TRANSLATE_NOOP("rules", "Posting card number"),
    "contract": QT_TRANSLATE_NOOP("rules", "Contract number"),
    "dr": QT_TRANSLATE_NOOP("rules", "DR number"),
    "invoice_item": QT_TRANSLATE_NOOP("rules", "Invoice item"),
}


class _KeepMissing(dict[str, object]):
    """Leaves a placeholder visible instead of raising when a parameter is absent."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def rule_message(error: InvalidValue) -> str:
    """The translated message for a value rule; unknown rules still read sensibly."""
    from postalgui.api.values import InvalidValue
    from postalgui.api.values.errors import Worded

    prefix, _, kind = error.rule.partition(".")
    fields: dict[str, object] = _KeepMissing(error.params)
    for name, param in error.params.items():  # a word, not a value: in the window's language
        if isinstance(param, Worded):
            fields[name] = QCoreApplication.translate("rules", str(param))
    fields["value"] = error.value
    inner = error.params.get("inner")
    if isinstance(inner, InvalidValue):  # another rule said for this one's field: in this language too
        fields["says"] = rule_message(inner)
    if prefix in _NUMBER_LABELS:
        template = _RULES.get(f"number.{kind}")
        fields["label"] = QCoreApplication.translate("rules", str(_NUMBER_LABELS[prefix]))
    else:
        template = _RULES.get(error.rule)
    if template is None:
        return arg(QCoreApplication.translate("messages", "Invalid value: '%1'"), error.value)
    return QCoreApplication.translate("rules", str(template)).format_map(fields)


# --- errors ----------------------------------------------------------------------------


def operator_text(error: OperatorError) -> str:
    """``"GTW-008: Token não válido..."``: the operator's messages as sent."""
    first = f"{error.code}: {error.text}" if error.code else error.text
    return "; ".join([first, *error.messages[1:]])


def describe_error(error: BaseException, field: str | None = None) -> str:
    """A translated sentence for any failure a task or a form can produce.

    ``field`` names the form field an `InvalidValue` came from, when the caller knows.
    The kinds are asked in the error tree's order, most specific first.
    """
    from postalgui.api.values import InvalidValue

    if isinstance(error, InvalidValue):
        text = rule_message(error)
        return arg(QCoreApplication.translate("messages", "%1: %2"), field, text) if field else text
    for sentence in (
        _sent_once_sentence,
        _operator_sentence,
        _network_sentence,
        _setup_sentence,
        _office_sentence,
    ):
        said = sentence(error)
        if said is not None:
            return said
    if isinstance(error, ApiError):
        return error.message
    return arg(
        QCoreApplication.translate("messages", "Unexpected error: %1"),
        f"{type(error).__name__}: {error}" if str(error) else type(error).__name__,
    )


def _operator_sentence(error: BaseException) -> str | None:
    """The operator said no: its own code and words, with the HTTP status."""
    if isinstance(error, CredentialsRefusedError):
        return arg(
            QCoreApplication.translate(
                "messages",
                "%1 (HTTP %2). The operator refused the login or access code: correct them in Settings; "
                "PostalGUI does not send them again until they change.",
            ),
            operator_text(error),
            error.status,
        )
    if isinstance(error, OperatorError):
        return arg(QCoreApplication.translate("messages", "%1 (HTTP %2)"), operator_text(error), error.status)
    return None


def _network_sentence(error: BaseException) -> str | None:
    """The way to the operator failed: retries, timeouts, broken answers."""
    if isinstance(error, RetriesExhaustedError):
        return arg(
            QCoreApplication.translate(
                "messages",
                "The server kept failing, so PostalGUI gave up after several retries. Last answer: %1",
            ),
            describe_error(error.last),
        )
    if isinstance(error, IncompleteDownloadError):
        return arg(
            QCoreApplication.translate(
                "messages", "The file arrived incomplete, so nothing was saved. Try again in a moment. (%1)"
            ),
            error.message,
        )
    if isinstance(error, ApiTimeoutError):
        return arg(
            QCoreApplication.translate(
                "messages", "The server did not answer in time. Try again in a moment. (%1)"
            ),
            error.message,
        )
    if isinstance(error, TransportError):
        return arg(
            QCoreApplication.translate(
                "messages",
                "Could not reach the server. Check the network connection "
                "and the API address in Settings. (%1)",
            ),
            error.message,
        )
    return _unreadable_sentence(error)


def _unreadable_sentence(error: BaseException) -> str | None:
    if not isinstance(error, InvalidResponseError):
        return None
    if error.status is None:
        return QCoreApplication.translate("messages", "The server sent an answer that could not be read.")
    return arg(
        QCoreApplication.translate("messages", "The server sent an answer that could not be read (HTTP %1)."),
        error.status,
    )


def _setup_sentence(error: BaseException) -> str | None:
    """What this computer lacks: credentials, or the built-in sandbox."""
    from postalgui.services.session import SandboxStartError

    if isinstance(error, CredentialsMissingError):
        return QCoreApplication.translate(
            "messages", "Enter your login and access code (or a delegated access key) in Settings."
        )
    if isinstance(error, SandboxStartError):
        return QCoreApplication.translate(
            "messages", "The built-in sandbox did not start. See the log file for details."
        )
    return _setting_missing_sentence(error)


_SETTING_MISSING: dict[str, object] = {
    "claims.contract_card": QT_TRANSLATE_NOOP(
        "messages", "Claims need the contract and the posting card numbers: set them in Settings."
    ),
    "shipping.card": QT_TRANSLATE_NOOP(
        "messages", "Pre-postings need the posting card number: set it in Settings."
    ),
    "contract.contract": QT_TRANSLATE_NOOP(
        "messages", "Invoices and the branch search need the contract number: set it in Settings."
    ),
    "connection.base_url": QT_TRANSLATE_NOOP(
        "messages", "No API address is configured for this environment: set it in Settings."
    ),
}
"""Per `SettingMissingError.need`, what the user reads (the service's sentence is English)."""


def _setting_missing_sentence(error: BaseException) -> str | None:
    """A setting a feature needs is not set (`services.setting_missing`)."""
    from postalgui.services.setting_missing import SettingMissingError

    if not isinstance(error, SettingMissingError):
        return None
    return QCoreApplication.translate("messages", str(_SETTING_MISSING[error.need]))


def _sent_once_sentence(error: BaseException) -> str | None:
    """A write not sent (again): who sent it, when, and what to do (`sent_once_sentences`)."""
    from postalgui.gui.sent_once_sentences import sent_once_template

    found = sent_once_template(error)
    if found is None:
        return None
    summary, template, values = found
    said = arg(template, *(local_datetime(v) if isinstance(v, datetime) else v for v in values))
    return f"{summary}: {said}" if summary else said


def _office_sentence(error: BaseException) -> str | None:
    """The office database refused, went away or cannot be used (`office_sentences`)."""
    from postalgui.gui.office_sentences import office_template

    found = office_template(error)
    return None if found is None else arg(*found)


# --- display helpers -------------------------------------------------------------------


_SETTING_LABELS: dict[str, object] = {
    "environment": QT_TRANSLATE_NOOP("messages", "Environment"),
    "custom_base_url": QT_TRANSLATE_NOOP("messages", "API address"),
    "language": QT_TRANSLATE_NOOP("messages", "Language"),
    "cnpj": QT_TRANSLATE_NOOP("messages", "CNPJ"),
    "contract": QT_TRANSLATE_NOOP("messages", "Contract"),
    "card": QT_TRANSLATE_NOOP("messages", "Posting card"),
    "dr": QT_TRANSLATE_NOOP("messages", "DR"),
    "delegated": QT_TRANSLATE_NOOP("messages", "Delegated access key"),
    "origin_cep": QT_TRANSLATE_NOOP("messages", "Origin CEP"),
    "origin_presets": QT_TRANSLATE_NOOP("messages", "Saved origins"),
    "package_presets": QT_TRANSLATE_NOOP("messages", "Package presets"),
    "products": QT_TRANSLATE_NOOP("messages", "Products"),
    "compare_products": QT_TRANSLATE_NOOP("messages", "Products to compare"),
    "international_products": QT_TRANSLATE_NOOP("messages", "International products"),
}
_SETTING_PATH = re.compile(
    r"(?:profiles\.(?P<env>[a-z]+)\.|prices\.)?(?P<field>[a-z_]+)(?:\[\d+\])?(?:\..*)?"
)


def setting_label(name: str) -> str:
    """A settings-file path (``profiles.sandbox.cnpj``) as the Settings dialog names it
    ("CNPJ (Sandbox)"); a path we have no words for stays as written."""
    match = _SETTING_PATH.fullmatch(name)
    label = _SETTING_LABELS.get(match["field"]) if match else None
    if match is None or label is None:
        return name
    text = QCoreApplication.translate("messages", str(label))
    if match["env"]:
        try:
            text = f"{text} ({environment_name(Environment(match['env']))})"
        except ValueError:
            text = f"{text} ({match['env']})"
    return text


def environment_name(environment: Environment, custom_url: str = "") -> str:
    """The environment as the office calls it; a custom environment is its URL."""
    if environment is Environment.SANDBOX:
        return QCoreApplication.translate("messages", "Sandbox")
    if environment is Environment.HOMOLOGATION:
        return QCoreApplication.translate("messages", "Homologation")
    if environment is Environment.PRODUCTION:
        return QCoreApplication.translate("messages", "Production")
    return custom_url or QCoreApplication.translate("messages", "Custom URL")


def reset_settings_text(groups: Iterable[tuple[str, int]], shown: int = 3) -> str:
    """The settings a load reset (`SettingsStore.reset_groups`), for a one-line notice: a
    list's entries once, with how many ("Products (300)"), the first `shown`, then how many
    more. 300 bad products used to name "Products" 300 times in one message bar."""
    labels = [
        setting_label(name) if count == 1 else f"{setting_label(name)} ({count})" for name, count in groups
    ]
    text = ", ".join(labels[:shown])
    if len(labels) > shown:
        text = arg(QCoreApplication.translate("messages", "%1 and %2 more"), text, str(len(labels) - shown))
    return text


def display_cnpj(value: str) -> str:
    """``00.000.000/0000-00``, or the text as typed when it is not a valid CNPJ."""
    from postalgui.api.values import display_cnpj as shown  # imported when first shown, as before

    return shown(value)


def local_time(moment: datetime) -> str:
    """``HH:MM`` on the user's clock (the operator answers in its own zone)."""
    return moment.astimezone().strftime("%H:%M")


def local_datetime(moment: datetime) -> str:
    """``DD/MM/AAAA HH:MM`` on the user's clock, the UI date format in both languages."""
    return moment.astimezone().strftime("%d/%m/%Y %H:%M")


def token_expiry_text(expires_at: datetime, now: datetime | None = None) -> str:
    """The status bar's token line on the user's clock: ``"Token valid until 20:20"`` today,
    ``"Token valid until tomorrow 20:20"``, else with the date (``"... 26/11/2026 20:20"``)."""
    local = expires_at.astimezone()
    today = (now or datetime.now(local.tzinfo)).astimezone().date()
    days = (local.date() - today).days
    if days == 0:
        return arg(QCoreApplication.translate("messages", "Token valid until %1"), local_time(expires_at))
    if days == 1:
        return arg(
            QCoreApplication.translate("messages", "Token valid until tomorrow %1"), local_time(expires_at)
        )
    return arg(QCoreApplication.translate("messages", "Token valid until %1"), local_datetime(expires_at))


def scope_text(scope: TokenScope) -> str:
    """What a token was issued for, in words."""
    from postalgui.api.scopes import Scope

    if scope.kind is Scope.CARD:
        return arg(QCoreApplication.translate("messages", "Posting card %1"), scope.card)
    if scope.kind is Scope.CONTRACT:
        return arg(QCoreApplication.translate("messages", "Contract %1"), scope.contract)
    return QCoreApplication.translate("messages", "Login only")


def api_list(api_ids: Iterable[int]) -> str:
    """``"34 Preço, 35 Prazo, 76"``: known names beside the ids."""
    labels = [api_label(api_id) for api_id in api_ids]
    return ", ".join(labels) if labels else QCoreApplication.translate("messages", "none")


def or_dash(value: str | None) -> str:
    """An em dash for an unset value, so an empty row reads as "not set", not as broken."""
    return value if value else "\N{EM DASH}"
