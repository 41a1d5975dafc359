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


def rule_message(error: InvalidValue) -> str:
    """The translated message for a value rule; unknown rules still read sensibly.

    The templates are `api.values.errors.MESSAGES`, translated in context ``rules`` (the
    command line says them from the same ``.ts``: one catalogue)."""
    # lazy: loaded once the window's frame is painted (start-up)
    from postalgui.api.values.errors import rule_text

    said = rule_text(error, _rules_translation)
    if said is None:
        return arg(QCoreApplication.translate("messages", "Invalid value: '%1'"), error.value)
    return said


def _rules_translation(english: str) -> str:
    return QCoreApplication.translate("rules", english)


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
    # lazy: loaded once the window's frame is painted (start-up)
    from postalgui.api.values import InvalidValue

    if isinstance(error, InvalidValue):
        text = rule_message(error)
        return arg(QCoreApplication.translate("messages", "%1: %2"), field, text) if field else text
    for sentence in (
        _sent_once_sentence,
        _operator_sentence,
        _network_sentence,
        _setup_sentence,
        _said_sentence,
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
    # lazy: loaded once the window's frame is painted (start-up)
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
    "shipping.login": QT_TRANSLATE_NOOP(
        "messages",
        "Cancelling a pre-posting names who asks it (idCorreiosSolicitanteCancelamento, the "
        "identity-portal login): set the login in Settings.",
    ),
    "contract.contract": QT_TRANSLATE_NOOP(
        "messages", "Invoices and the branch search need the contract number: set it in Settings."
    ),
    "invoices.dr": QT_TRANSLATE_NOOP(
        "messages", "The invoice does not say its DR and none is configured: set the DR in Settings."
    ),
    "connection.base_url": QT_TRANSLATE_NOOP(
        "messages", "No API address is configured for this environment: set it in Settings."
    ),
}
"""Per `SettingMissingError.need`, what the user reads (the service's sentence is English)."""


def _setting_missing_sentence(error: BaseException) -> str | None:
    """A setting a feature needs is not set (`services.setting_missing`)."""
    # lazy: loaded once the window's frame is painted (start-up)
    from postalgui.services.setting_missing import SettingMissingError

    if not isinstance(error, SettingMissingError):
        return None
    return QCoreApplication.translate("messages", str(_SETTING_MISSING[error.need]))


def _said_sentence(error: BaseException) -> str | None:
    """A service's sentence kept as its template (`api.said.Said`), in context ``said``."""
    # lazy: loaded once the window's frame is painted (start-up)
    from postalgui.api.said import said_of

    said = said_of(error)
    return None if said is None else said.said_in(_said_translation)


def _said_translation(english: str) -> str:
    return QCoreApplication.translate("said", english)


def _sent_once_sentence(error: BaseException) -> str | None:
    """A write not sent (again): who sent it, when, and what to do (`sent_once_sentences`)."""
    # lazy: loaded once the window's frame is painted (start-up)
    from postalgui.gui.sent_once_sentences import sent_once_template

    found = sent_once_template(error)
    if found is None:
        return None
    summary, template, values = found
    said = arg(template, *(local_datetime(v) if isinstance(v, datetime) else v for v in values))
    return f"{summary}: {said}" if summary else said


def _office_sentence(error: BaseException) -> str | None:
    """The office database refused, went away or cannot be used (`office_sentences`)."""
    # lazy: loaded once the window's frame is painted (start-up)
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
    return _on_the_users_clock(moment).strftime("%H:%M")


def local_datetime(moment: datetime) -> str:
    """``DD/MM/AAAA HH:MM`` on the user's clock, the UI date format in both languages. A time
    without a zone is the operator's, Brasília's (`operator_utc`); the office stores UTC."""
    return _on_the_users_clock(moment).strftime("%d/%m/%Y %H:%M")


def _on_the_users_clock(moment: datetime) -> datetime:
    # imported when first shown: the window's frame starts without the api's values (pydantic)
    from postalgui.api.values.dates import operator_utc

    return operator_utc(moment).astimezone()


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
    # lazy: loaded once the window's frame is painted (start-up)
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
