"""Claims in words, for what is written outside the window: the exports, the PDF report
and the command line. Brazilian Portuguese (``"pt"``) by default, English with ``"en"``;
the window words them with its own translations (``tr``). Qt-free.

The operator's codes keep their number beside the words (``544: Ainda dentro do prazo``):
it is what its support desk asks for.
"""

from __future__ import annotations

from collections.abc import Mapping

from postalgui.api.models.claims import FOLLOW_CODES, REOPEN_CODES, RETURN_CODES
from postalgui.api.values.claims import REASONS, Manifestation
from postalgui.services.claims.candidates import Kind
from postalgui.services.claims.filing import Result
from postalgui.services.claims.records import ClaimState, Outcome
from postalgui.services.tracking.words import language_of

__all__ = [
    "code_words",
    "kind_words",
    "manifestation_words",
    "outcome_words",
    "reason_words",
    "result_words",
    "state_words",
]

_KIND: Mapping[str, Mapping[str, str]] = {
    "pt": {Kind.LATE: "Entregue com atraso", Kind.LOST: "Extraviado", Kind.STOLEN: "Roubado",
           Kind.DAMAGED: "Avariado", Kind.OVERDUE: "Não entregue, prazo vencido"},
    "en": {Kind.LATE: "Delivered late", Kind.LOST: "Lost", Kind.STOLEN: "Stolen",
           Kind.DAMAGED: "Damaged", Kind.OVERDUE: "Not delivered, overdue"},
}  # fmt: skip

_REASONS_EN: Mapping[int, str] = {
    132: "Delivered to the wrong place",
    133: "Violated",
    134: "Damaged",
    135: "Delivered late",
    136: "Wrongly returned",
    141: "Delivery confirmation not received",
    142: "Copy of the confirmation not received",
    148: "Return receipt (AR) not received",
    211: "Not delivered",
    240: "Digital AR image unavailable",
    1414: "No home delivery attempt",
}

_OUTCOME: Mapping[str, Mapping[str, str]] = {
    "pt": {Outcome.NONE: "", Outcome.OPEN: "Em análise", Outcome.REOPENED: "Reaberta",
           Outcome.ACCEPTED: "Procedente", Outcome.REFUSED: "Improcedente", Outcome.PAID: "Paga"},
    "en": {Outcome.NONE: "", Outcome.OPEN: "Under review", Outcome.REOPENED: "Reopened",
           Outcome.ACCEPTED: "Accepted", Outcome.REFUSED: "Refused", Outcome.PAID: "Paid"},
}  # fmt: skip

_STATE: Mapping[str, Mapping[str, str]] = {
    "pt": {ClaimState.SENDING: "Enviando", ClaimState.FILED: "Registrada",
           ClaimState.REFUSED: "Não registrada", ClaimState.UNCONFIRMED: "Sem confirmação"},
    "en": {ClaimState.SENDING: "Sending", ClaimState.FILED: "Filed",
           ClaimState.REFUSED: "Not filed", ClaimState.UNCONFIRMED: "Unconfirmed"},
}  # fmt: skip

_RESULT: Mapping[str, Mapping[str, str]] = {
    "pt": {Result.FILED: "Registrada", Result.ALREADY: "Já reclamado", Result.REFUSED: "Recusada",
           Result.BLOCKED: "Já registrada nesta base: nada enviado",
           Result.UNCONFIRMED: "Sem confirmação: acompanhe para saber", Result.NOT_SENT: "Não enviada"},
    "en": {Result.FILED: "Filed", Result.ALREADY: "Already claimed", Result.REFUSED: "Refused",
           Result.BLOCKED: "Already filed here: nothing sent",
           Result.UNCONFIRMED: "Unconfirmed: follow it to find out", Result.NOT_SENT: "Not sent"},
}  # fmt: skip

_CODES_EN: Mapping[int, str] = {
    0: "Claim filed",
    4: "Object not found",
    55: "Object not on this contract or card",
    125: "The contract does not match the posting's",
    126: "The card does not match the posting's",
    271: "Invalid object code",
    510: "More than 90 days since the delivery or the expected date",
    530: "Delivered, tried or available within the deadline",
    531: "Object not delivered",
    534: "Object waiting for pickup",
    543: "Object not delivered",
    544: "Still within the price and deadline calculator's deadline",
    545: "The object's status does not allow this reason",
    547: "The object must be delivered first",
    548: "Object waiting for pickup",
    564: "Outside the 30-day limit",
    900: "A claim already exists for this object",
    999: "Temporary error: try again later",
    512: "Claim reopened",
    587: "The deadline to reopen has passed",
    589: "Compensation in its payment period",
    590: "Reopening already asked",
    596: "Object delivered on time",
    122: "Contract missing or different",
    291: "Invalid channel",
    631: "Give the object code or the protocol",
    990: "Claim not found",
}


def kind_words(kind: Kind | str | None, language: str = "pt") -> str:
    return _KIND[language_of(language)].get(kind or "", "") if kind else ""


def reason_words(reason: int, language: str = "pt") -> str:
    """``135 Entregue com atraso`` / ``135 Delivered late``."""
    words = _REASONS_EN if language_of(language) == "en" else REASONS
    return f"{reason} {words.get(reason, '')}".strip()


def manifestation_words(value: str, language: str = "pt") -> str:
    english = language_of(language) == "en"
    if value == Manifestation.COMPLAINT:
        return "Complaint" if english else "Reclamação"
    return "Compensation" if english else "Indenização"


def outcome_words(outcome: Outcome, language: str = "pt") -> str:
    return _OUTCOME[language_of(language)][outcome]


def state_words(state: ClaimState, language: str = "pt") -> str:
    return _STATE[language_of(language)][state]


def result_words(result: Result, language: str = "pt") -> str:
    return _RESULT[language_of(language)][result]


def code_words(code: int | None, message: str = "", language: str = "pt") -> str:
    """``544: Ainda dentro do prazo...``: the code and what it means (the operator's own
    message when the code is not one REFERENCE lists)."""
    if code is None:
        return message
    if language_of(language) == "en":
        meaning = _CODES_EN.get(code)
    else:
        meaning = RETURN_CODES.get(code) or REOPEN_CODES.get(code) or FOLLOW_CODES.get(code)
    return f"{code}: {meaning or message or '?'}"
