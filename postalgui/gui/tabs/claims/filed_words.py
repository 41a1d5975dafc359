"""A filed claim in the bookkeeper's words (Portuguese by default, English on request).

The claim book keeps codes (state ``unconfirmed``, outcome ``accepted``, reason 135,
reopen answer 587); the Filed claims page, its filter and the reopen dialog say
"Aceita" / "Accepted", "Entregue com atraso" / "Delivered late", never a bare code.
Operator answers keep the operator's own message beside their code (what its support
desk asks for). Context ``FiledWords`` for every string here.
"""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from postalgui.gui.messages import arg
from postalgui.gui.models.words import said
from postalgui.services.claims.records import Claim, ClaimState, Outcome
from postalgui.services.words import Words
from postalgui.services.words.claims import OUTCOME, STATE

__all__ = [
    "FOLLOW_WORDS",
    "SHOWN_STATES",
    "follow_text",
    "reopen_text",
    "shown_state",
    "state_text",
    "state_word",
]

_CONTEXT = "FiledWords"

# What the filter and the state column tell apart: the outcome of a filed claim, and the
# states in which a claim has no outcome yet (being sent, unconfirmed, not filed).
SHOWN_STATES = (
    "open", "reopened", "accepted", "refused", "paid", "sending", "unconfirmed", "unreadable", "not_filed"
)  # fmt: skip

_STATE_WORDS: dict[str, Words] = {
    "open": OUTCOME[Outcome.OPEN],
    "reopened": OUTCOME[Outcome.REOPENED],
    "accepted": OUTCOME[Outcome.ACCEPTED],
    "refused": OUTCOME[Outcome.REFUSED],
    "paid": OUTCOME[Outcome.PAID],
    "sending": STATE[ClaimState.SENDING],
    "unconfirmed": STATE[ClaimState.UNCONFIRMED],
    "unreadable": STATE[ClaimState.UNREADABLE],
    "not_filed": STATE[ClaimState.REFUSED],
}
"""Each of `SHOWN_STATES` in the catalogue's words (`postalgui.services.words.claims`)."""

# QT_TRANSLATE_NOOP is typed as returning object.
_REOPEN_WORDS: dict[int, object] = {
    0: QT_TRANSLATE_NOOP("FiledWords", "Reopened"),
    512: QT_TRANSLATE_NOOP("FiledWords", "Reopened"),
    575: QT_TRANSLATE_NOOP("FiledWords", "Not reopened: protocol not found"),
    593: QT_TRANSLATE_NOOP("FiledWords", "Not reopened: the claim is not closed yet"),
    587: QT_TRANSLATE_NOOP("FiledWords", "Not reopened: the deadline to reopen has passed"),
    589: QT_TRANSLATE_NOOP("FiledWords", "Not reopened: the compensation is in its payment period"),
    590: QT_TRANSLATE_NOOP("FiledWords", "Not reopened: reopening was already asked"),
    596: QT_TRANSLATE_NOOP("FiledWords", "Not reopened: the object was delivered on time"),
    990: QT_TRANSLATE_NOOP("FiledWords", "Not reopened: the operator does not know this protocol"),
}
FOLLOW_WORDS: dict[int, object] = {
    990: QT_TRANSLATE_NOOP("FiledWords", "The operator does not know this claim"),
    122: QT_TRANSLATE_NOOP("FiledWords", "The contract is missing or is not this claim's"),
    4: QT_TRANSLATE_NOOP("FiledWords", "The operator does not know this claim"),
    291: QT_TRANSLATE_NOOP("FiledWords", "Invalid query kind"),
    631: QT_TRANSLATE_NOOP(
        "FiledWords", "Registered by the service-level system: it cannot be followed here"
    ),
}


def _tr(text: object) -> str:
    return QCoreApplication.translate(_CONTEXT, str(text))


def shown_state(claim: Claim) -> str:
    """One of `SHOWN_STATES`: the outcome of a filed claim, else where its filing stands."""
    if claim.state is ClaimState.SENDING:
        return "unconfirmed" if claim.stale(datetime.now(UTC)) else "sending"
    if claim.state is ClaimState.UNCONFIRMED:
        return "unconfirmed"
    if claim.state is ClaimState.UNREADABLE:
        return "unreadable"
    if claim.state is ClaimState.REFUSED:
        return "not_filed"
    return {
        Outcome.REOPENED: "reopened",
        Outcome.ACCEPTED: "accepted",
        Outcome.REFUSED: "refused",
        Outcome.PAID: "paid",
    }.get(claim.outcome, "open")  # a filed claim not answered yet is open


def state_word(state: str) -> str:
    """A `SHOWN_STATES` entry alone: "Accepted", "Unconfirmed" (the filter's choices), the
    catalogue's words as the exports say them."""
    return said(_STATE_WORDS[state])


def state_text(claim: Claim) -> str:
    """The table's state: "Accepted", "Not filed: <the operator's message> (code 544)",
    "Unconfirmed: sent, no answer came back (Follow finds out)"."""
    state = shown_state(claim)
    if claim.follow_code and state in ("open", "reopened", "unconfirmed"):
        return arg(_tr("%1 — %2"), state_word(state), follow_text(claim.follow_code, ""))
    if state == "not_filed":
        return arg(_tr("Not filed: %1 (code %2)"), claim.return_message or "", claim.return_code)
    if state == "unconfirmed":
        return _tr("Unconfirmed: sent, but no answer came back (Follow asks the operator)")
    if state == "sending":
        when = claim.filed_at.astimezone().strftime("%d/%m/%Y %H:%M") if claim.filed_at else "—"
        return arg(_tr("Being sent by %1 at %2"), claim.filed_by or "—", when)
    if state == "unreadable":
        return _tr(
            "Sent, answer unreadable: the operator took it and its answer was kept; Follow finds "
            "its protocol, or file it again on purpose"
        )
    return state_word(state)


def reopen_text(code: int | None, message: str) -> str:
    """A reopen answer in words with its code: "Not reopened: the deadline to reopen has passed (587)"."""
    word = _REOPEN_WORDS.get(code) if code is not None else None
    if word is None:
        return arg(_tr("Not reopened: %1 (code %2)"), message, code)
    return arg(_tr("%1 (code %2)"), _tr(word), code)


def follow_text(code: int, message: str = "") -> str:
    """A follow-up the operator answered with an error, in words with its code:
    "The operator does not know this claim (code 990)"; an unknown code with its message."""
    word = FOLLOW_WORDS.get(code)
    if word is None:
        return arg(_tr("%1 (code %2)"), message or _tr("The operator answered an error"), code)
    return arg(_tr("%1 (code %2)"), _tr(word), code)
