"""A filed claim in the bookkeeper's words (Portuguese by default, English on request).

The claim book keeps codes (state ``unconfirmed``, outcome ``accepted``, reason 135,
reopen answer 587); the Filed claims page, its filter and the reopen dialog say
"Aceita" / "Accepted", "Entregue com atraso" / "Delivered late", never a bare code.
Operator answers keep the operator's own message beside their code (what its support
desk asks for). Context ``FiledWords`` for every string here.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from postalgui.gui.messages import arg
from postalgui.services.claims.candidates import Kind
from postalgui.services.claims.records import Claim, ClaimState, Outcome

__all__ = [
    "FOLLOW_WORDS",
    "SHOWN_STATES",
    "follow_text",
    "kind_word",
    "manifestation_word",
    "reason_word",
    "reopen_text",
    "shown_state",
    "state_text",
    "state_word",
]

_CONTEXT = "FiledWords"

# What the filter and the state column tell apart: the outcome of a filed claim, and the
# states in which a claim has no outcome yet (being sent, unconfirmed, not filed).
SHOWN_STATES = ("open", "reopened", "accepted", "refused", "paid", "sending", "unconfirmed", "not_filed")

# QT_TRANSLATE_NOOP is typed as returning object.
_STATE_WORDS: dict[str, object] = {
    "open": QT_TRANSLATE_NOOP("FiledWords", "Open"),
    "reopened": QT_TRANSLATE_NOOP("FiledWords", "Reopened"),
    "accepted": QT_TRANSLATE_NOOP("FiledWords", "Accepted"),
    "refused": QT_TRANSLATE_NOOP("FiledWords", "Refused"),
    "paid": QT_TRANSLATE_NOOP("FiledWords", "Paid"),
    "sending": QT_TRANSLATE_NOOP("FiledWords", "Being sent"),
    "unconfirmed": QT_TRANSLATE_NOOP("FiledWords", "Unconfirmed"),
    "not_filed": QT_TRANSLATE_NOOP("FiledWords", "Not filed"),
}
_REASON_WORDS: dict[int, object] = {
    132: QT_TRANSLATE_NOOP("FiledWords", "Delivered to the wrong address"),
    133: QT_TRANSLATE_NOOP("FiledWords", "Violated"),
    134: QT_TRANSLATE_NOOP("FiledWords", "Damaged"),
    135: QT_TRANSLATE_NOOP("FiledWords", "Delivered late"),
    136: QT_TRANSLATE_NOOP("FiledWords", "Wrongly returned"),
    141: QT_TRANSLATE_NOOP("FiledWords", "Delivery confirmation not received"),
    142: QT_TRANSLATE_NOOP("FiledWords", "Copy not received"),
    148: QT_TRANSLATE_NOOP("FiledWords", "Return receipt (AR) not received"),
    211: QT_TRANSLATE_NOOP("FiledWords", "Not delivered"),
    240: QT_TRANSLATE_NOOP("FiledWords", "Digital AR image unavailable"),
    1414: QT_TRANSLATE_NOOP("FiledWords", "No home delivery attempt"),
}
_KIND_WORDS: dict[str, object] = {
    Kind.LATE.value: QT_TRANSLATE_NOOP("FiledWords", "Delivered late"),
    Kind.LOST.value: QT_TRANSLATE_NOOP("FiledWords", "Lost"),
    Kind.STOLEN.value: QT_TRANSLATE_NOOP("FiledWords", "Stolen"),
    Kind.DAMAGED.value: QT_TRANSLATE_NOOP("FiledWords", "Damaged"),
    Kind.OVERDUE.value: QT_TRANSLATE_NOOP("FiledWords", "Not delivered, overdue"),
}
_REOPEN_WORDS: dict[int, object] = {
    512: QT_TRANSLATE_NOOP("FiledWords", "Reopened"),
    587: QT_TRANSLATE_NOOP("FiledWords", "Not reopened: the deadline to reopen has passed"),
    589: QT_TRANSLATE_NOOP("FiledWords", "Not reopened: the compensation is in its payment period"),
    590: QT_TRANSLATE_NOOP("FiledWords", "Not reopened: reopening was already asked"),
    596: QT_TRANSLATE_NOOP("FiledWords", "Not reopened: the object was delivered on time"),
    990: QT_TRANSLATE_NOOP("FiledWords", "Not reopened: the operator does not know this protocol"),
}
FOLLOW_WORDS: dict[int, object] = {
    990: QT_TRANSLATE_NOOP("FiledWords", "The operator does not know this claim"),
    122: QT_TRANSLATE_NOOP("FiledWords", "The contract is missing or is not this claim's"),
    291: QT_TRANSLATE_NOOP("FiledWords", "The channel was refused"),
    631: QT_TRANSLATE_NOOP("FiledWords", "Neither an object code nor a protocol was given"),
}


def _tr(text: object) -> str:
    return QCoreApplication.translate(_CONTEXT, str(text))


def shown_state(claim: Claim) -> str:
    """One of `SHOWN_STATES`: the outcome of a filed claim, else where its filing stands."""
    if claim.state is ClaimState.SENDING:
        return "sending"
    if claim.state is ClaimState.UNCONFIRMED:
        return "unconfirmed"
    if claim.state is ClaimState.REFUSED:
        return "not_filed"
    return {
        Outcome.REOPENED: "reopened",
        Outcome.ACCEPTED: "accepted",
        Outcome.REFUSED: "refused",
        Outcome.PAID: "paid",
    }.get(claim.outcome, "open")  # a filed claim not answered yet is open


def state_word(state: str) -> str:
    """A `SHOWN_STATES` entry alone: "Accepted", "Unconfirmed" (the filter's choices)."""
    return _tr(_STATE_WORDS[state])


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
        return _tr("Being sent by a desk (its answer not read yet)")
    return state_word(state)


# reason_word, manifestation_word and kind_word say what the Candidates page's words say
# (its ``words.py``, written beside this one): one of the two goes when both are merged.


def reason_word(reason: int) -> str:
    """ "Delivered late (135)"; an unknown reason by its number."""
    word = _REASON_WORDS.get(reason)
    return arg(_tr("%1 (%2)"), _tr(word), reason) if word is not None else arg(_tr("Reason %1"), reason)


def manifestation_word(value: str) -> str:
    """``I`` compensation, ``R`` complaint."""
    return _tr("Compensation") if value == "I" else _tr("Complaint")


def kind_word(kind: str) -> str:
    """What made it a candidate: "Delivered late", "Lost"."""
    found = _KIND_WORDS.get(str(kind))
    return _tr(found) if found is not None else str(kind)


def reopen_text(code: int, message: str) -> str:
    """A reopen answer in words with its code: "Not reopened: the deadline to reopen has passed (587)"."""
    word = _REOPEN_WORDS.get(code)
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
