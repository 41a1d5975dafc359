"""Routine errors the services raise, said in the CLI's language where their kind is known.

The services keep one English sentence per failure for logs and for callers that show it
as it is; where a failure has a kind (`services.setting_missing`: a setting a feature needs;
`services.office.problems`: the office database refused the login, cannot be reached...),
the CLI says its own sentence from that kind, in the spoken language, and only what is
true of a command that ended: nothing of it goes on once it has exited (quotes it left
waiting on this computer are said apart, `cli.queued`). A bad value (`InvalidValue`) and a
sentence kept as its template (`api.said.Said`) are said from the window's own
translations, read without Qt (`cli.language.translate`): one catalogue for both fronts.
Other errors are said as raised.
"""

from __future__ import annotations

from postalgui.api.masking import scrub
from postalgui.api.said import said_of
from postalgui.api.values.errors import InvalidValue, rule_text
from postalgui.cli.language import say, translate
from postalgui.cli.output import visible
from postalgui.services.office.errors import OfficeDatabaseError
from postalgui.services.office.problems import office_problem
from postalgui.services.setting_missing import SettingMissingError

__all__ = ["routine_text"]


def routine_text(exc: Exception) -> str:
    """``exc`` as the CLI says it: scrubbed of secrets, `visible` (an operator's message or a
    file's header in it can hold control characters and line breaks)."""
    text = _setting_text(exc) or _rule_text(exc) or _said_text(exc) or _office_text(exc) or str(exc)
    return visible(scrub(text))


def _rule_text(exc: Exception) -> str | None:
    """A value broke a rule: its message in the window's words for it."""
    if not isinstance(exc, InvalidValue):
        return None
    return rule_text(exc, lambda english: translate("rules", english)) or str(exc)


def _said_text(exc: Exception) -> str | None:
    """A service's sentence kept as its template (`api.said.Said`), in the window's words."""
    said = said_of(exc)
    return None if said is None else said.said_in(lambda english: translate("said", english))


def _setting_text(exc: Exception) -> str | None:
    """A setting a feature needs is not set (`services.setting_missing`)."""

    if not isinstance(exc, SettingMissingError):
        return None
    sentences = {
        "claims.contract_card": say(
            "Claims need the contract and the posting card numbers: set them in Settings, or "
            "POSTALGUI_CONTRACT and POSTALGUI_CARD"
        ),
        "shipping.card": say(
            "Pre-postings need the posting card number: set it in Settings, or POSTALGUI_CARD"
        ),
        "shipping.login": say(
            "Cancelling a pre-posting names who asks it (idCorreiosSolicitanteCancelamento, the "
            "identity-portal login): set the login in Settings"
        ),
        "invoices.dr": say(
            "The invoice does not say its DR and none is configured: set the DR in Settings, or POSTALGUI_DR"
        ),
        "contract.contract": say(
            "Invoices and the branch search need the contract number: set it in Settings, or "
            "POSTALGUI_CONTRACT"
        ),
        "connection.base_url": say(
            "No API address is configured for this environment: set it in Settings, or POSTALGUI_BASE_URL"
        ),
    }
    return sentences[exc.need]


def _office_text(exc: Exception) -> str | None:

    problem = office_problem(str(exc)) if isinstance(exc, OfficeDatabaseError) else None
    if problem is None:
        return None
    where, reason = problem.where, problem.reason
    sentences = {
        "refused": say(
            "The office database {where} refused the login ({reason}): check the user name and the "
            "password in Settings",
            where=where,
            reason=reason,
        ),
        "missing": say(
            "The office database {where} does not exist on that server ({reason}): create it, or check "
            "the URL in Settings",
            where=where,
            reason=reason,
        ),
        "unreachable": say(
            "The office database {where} cannot be reached ({reason}): check that the server is running "
            "and the network, then run the command again; nothing was done",
            where=where,
            reason=reason,
        ),
        "newer": say(
            "The office database {where} was written by a newer PostalGUI ({reason}): use that version",
            where=where,
            reason=reason,
        ),
        "damaged": say(
            "The office database {where} is damaged ({reason}): restore it from a backup, or move it "
            "away and an empty one is started",
            where=where,
            reason=reason,
        ),
        "schema": say(
            "The office database {where} does not have the tables of its schema ({reason}): it was "
            "changed by hand or by another program; move it away or restore a backup",
            where=where,
            reason=reason,
        ),
        "unopenable": say(
            "The office database {where} cannot be opened ({reason}): check the server and the URL",
            where=where,
            reason=reason,
        ),
    }
    return sentences[problem.kind]
