"""Attendance states, operator situations, report kinds and auth modes in the user's words.

The ledger and the report speak in stable keys (``confirmed``, ``unknown_to_operator``);
the clerk reads words, in the interface's language, so the keys are worded here once
for the table, the summary and the status line alike. A ledger state and the operator's
situation are the catalogue's words (`postalgui.services.words.attendance`), as the
reconciliation's files say them; the rest is Qt's catalog, context ``AttendanceWords``.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from postalgui.gui.models.words import words_language
from postalgui.services.words.attendance import STATE, state_words

__all__ = [
    "STATE_KEYS",
    "auth_text",
    "confirmation_text",
    "kind_text",
    "operator_status_text",
    "state_text",
]

_CONTEXT = "AttendanceWords"

STATE_KEYS: tuple[str, ...] = tuple(state.value for state in STATE)
"""The ledger's states in the order the state filter lists them."""

_CONFIRMATIONS: dict[str, object] = {
    "00": QT_TRANSLATE_NOOP("AttendanceWords", "Confirmed (00)"),
    "99": QT_TRANSLATE_NOOP("AttendanceWords", "Not confirmed (99)"),
}
"""``codigoConfirmacao`` (spec 002 4.2): 00 confirmed, 99 not (the counter cancelled or reversed it)."""

_KINDS: dict[str, object] = {
    "confirmed": QT_TRANSLATE_NOOP("AttendanceWords", "Confirmed"),
    "cancelled": QT_TRANSLATE_NOOP("AttendanceWords", "Cancelled"),
    "reversed": QT_TRANSLATE_NOOP("AttendanceWords", "Reversed"),
    "pending": QT_TRANSLATE_NOOP("AttendanceWords", "Still pending"),
    "unknown_to_operator": QT_TRANSLATE_NOOP("AttendanceWords", "In the ledger, unknown to the operator"),
    "missing_from_ledger": QT_TRANSLATE_NOOP(
        "AttendanceWords", "Known to the operator, missing from the ledger"
    ),
    "amount_differences": QT_TRANSLATE_NOOP("AttendanceWords", "Amount differences"),
    "flagged": QT_TRANSLATE_NOOP("AttendanceWords", "Flagged (contradicting confirmations)"),
}

_AUTH: dict[str, object] = {
    "basic": QT_TRANSLATE_NOOP("AttendanceWords", "Basic (user and password)"),
    "oauth": QT_TRANSLATE_NOOP("AttendanceWords", "OAuth 2.0 bearer token"),
    "both": QT_TRANSLATE_NOOP("AttendanceWords", "Basic or OAuth 2.0 bearer token"),
}


def _word(table: dict[str, object], key: str | None) -> str:
    """The translated word for ``key``; a key we have no word for stays as written."""
    if not key:
        return ""
    found = table.get(key)
    return key if found is None else QCoreApplication.translate(_CONTEXT, str(found))


def state_text(state: str | None) -> str:
    """``confirmed`` -> "Confirmed" / "Confirmado" (the catalogue's words, as the report's files say them)."""
    return state_words(state, words_language())


def operator_status_text(status: str | None) -> str:
    """The operator's one-letter situation (``F``) in words (the catalogue's)."""
    return state_words(status, words_language())


def confirmation_text(code: str | None) -> str:
    """The callback's ``codigoConfirmacao`` (``00``/``99``) in words, the code beside them."""
    return _word(_CONFIRMATIONS, code)


def kind_text(kind: str) -> str:
    """A reconciliation list's name (``unknown_to_operator``) in words."""
    return _word(_KINDS, kind)


def auth_text(mode: str) -> str:
    """How the registration system authenticates to our server, in words."""
    return _word(_AUTH, mode)
