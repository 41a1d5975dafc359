"""Claims in words, for what is written outside the window: the exports, the PDF report
and the command line. Brazilian Portuguese (``"pt"``) by default, English with ``"en"``.
A kind, a state and an outcome are the catalogue's (`postalgui.services.words.claims`),
which the window reads too; the sentences around them are here. Qt-free.

The operator's codes keep their number beside the words (``544: Ainda dentro do prazo``):
it is what its support desk asks for.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from postalgui.api.models.claims import FOLLOW_CODES, REOPEN_CODES, RETURN_CODES
from postalgui.api.values.claims import REASONS, Manifestation
from postalgui.services.claims.candidates import Kind
from postalgui.services.claims.filing import FilingResult, Result
from postalgui.services.claims.records import Claim, ClaimState, Outcome
from postalgui.services.words import language_of, word
from postalgui.services.words.claims import KIND
from postalgui.services.words.months import month_words

__all__ = [
    "code_words",
    "kind_words",
    "manifestation_words",
    "month_words",
    "outcome_words",
    "reason_words",
    "result_text",
    "result_words",
    "state_words",
]

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

_RESULT: Mapping[str, Mapping[str, str]] = {
    "pt": {Result.FILED: "Registrada", Result.ALREADY: "Já reclamado", Result.REFUSED: "Recusada",
           Result.BLOCKED: "Já registrada nesta base: nada enviado",
           Result.BEING_SENT: "Sendo enviada por outro posto: nada enviado",
           Result.HELD: "Enviada antes, sem resposta lida: nada enviado",
           Result.UNCONFIRMED: "Sem confirmação: acompanhe para saber",
           Result.UNREADABLE: "Enviada, resposta ilegível", Result.NOT_SENT: "Não enviada"},
    "en": {Result.FILED: "Filed", Result.ALREADY: "Already claimed", Result.REFUSED: "Refused",
           Result.BLOCKED: "Already filed here: nothing sent",
           Result.BEING_SENT: "Being sent by another desk: nothing sent",
           Result.HELD: "Sent before, no answer read: nothing sent",
           Result.UNCONFIRMED: "Unconfirmed: follow it to find out",
           Result.UNREADABLE: "Sent, answer unreadable", Result.NOT_SENT: "Not sent"},
}  # fmt: skip

_FILING_EN: Mapping[int, str] = {
    0: "Claim filed",
    4: "Data not found",
    30: "CPF/CNPJ missing",
    31: "CPF/CNPJ invalid",
    55: "Object not on this contract or card",
    60: "Ticket id missing",
    121: "The contract does not exist",
    125: "The contract does not match the posting's",
    126: "The card does not match the posting's",
    240: "Reply e-mail missing",
    241: "Reply e-mail malformed",
    250: "Object code missing",
    260: "Reason missing",
    261: "Reason malformed",
    262: "Reason not allowed through this channel",
    271: "Object code not in the form XX999999999XX",
    272: "National objects only",
    280: "Packaging missing",
    281: "Packaging invalid",
    282: "Kind invalid",
    301: "Recipient name missing",
    510: "More than 90 days since the delivery or the expected delivery, whichever came first",
    530: "Delivered, tried or available within the deadline (no protocol)",
    531: "Object not delivered",
    534: "Object waiting for pickup",
    538: "Return receipt (AR) within its deadline",
    539: "Digital AR within its deadline",
    540: "Service code not found",
    543: "Object not delivered",
    544: "Still within the price and deadline calculator's deadline",
    545: "The object's status does not allow this reason",
    546: "Object delivered",
    547: "The object must be delivered first",
    548: "Object waiting for pickup",
    549: "The return to sender must be confirmed",
    550: "Object unrelated to the reason",
    560: "The reason creates no claim",
    562: "No evidence of a cancelled posting",
    563: "Service code not found",
    564: "Outside the 30-day limit",
    580: "Kind missing",
    634: "Street without home delivery",
    638: "Not sent to a unit for delivery",
    639: "Sent to a unit at the customer's request",
    900: "A claim already exists for this object",
    999: "Temporary error: try again in a few minutes",
}

_REOPEN_EN: Mapping[int, str] = {
    0: "Claim reopened",
    4: "Data not found",
    50: "Protocol missing",
    55: "Protocol not on this contract",
    56: "Protocol not answered yet",
    122: "Protocol not on this contract",
    260: "Reason missing",
    512: "Claim reopened",
    513: "Observation and reason are both required",
    531: "Object not delivered",
    534: "Object waiting for pickup",
    539: "Digital AR within its deadline",
    545: "The object's status does not allow this reason",
    550: "Object unrelated to the reason",
    560: "The reason creates no claim",
    562: "No evidence of a cancelled posting",
    575: "Protocol not found",
    582: "The kind cannot change",
    583: "Reason not allowed",
    586: "Reopening kind invalid",
    587: "The deadline to reopen has passed",
    588: "Reason not allowed",
    589: "Compensation within its payment period",
    590: "Compensation already asked",
    591: "Claim in progress",
    592: "A complaint without an object cannot be reopened",
    593: "Claim not closed",
    594: "Object on another contract",
    595: "Criteria not met",
    596: "Delivered on time",
    597: "Object delivered",
    598: "Object waiting for pickup",
    634: "Street without home delivery",
    999: "Temporary error: try again in a few minutes",
}

_FOLLOW_EN: Mapping[int, str] = {
    0: "Claim found",
    4: "Claim not found",
    122: "Not on this contract",
    291: "Invalid query kind",
    631: "Registered by the service-level system: it cannot be followed",
    990: "No claim found",
    999: "Temporary error: try again in a few minutes",
}

_CATALOGUES: Mapping[str, tuple[Mapping[int, str], Mapping[int, str]]] = {
    "file": (RETURN_CODES, _FILING_EN),
    "reopen": (REOPEN_CODES, _REOPEN_EN),
    "follow": (FOLLOW_CODES, _FOLLOW_EN),
}
"""Each call's codes (a number means different things per call: 4, 55), Portuguese and English."""


def kind_words(kind: Kind | str | None, language: str = "pt") -> str:
    """The catalogue's words for a kind (``Entregue com atraso``); ``""`` for none or one unknown."""
    if kind is None or kind not in KIND:
        return ""
    return KIND[Kind(kind)].said(language)


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
    return word(outcome, language)


def state_words(state: ClaimState, language: str = "pt") -> str:
    return word(state, language)


def result_words(result: Result, language: str = "pt") -> str:
    return _RESULT[language_of(language)][result]


def _when(moment: datetime | None) -> str:
    return moment.astimezone().strftime("%d/%m/%Y %H:%M") if moment is not None else "?"


def attempt_text(claim: Claim, now: datetime, language: str = "pt") -> str:
    """Where a claim not filed (yet) stands, saying who sent it and when when that matters:
    "being sent by ana at 20/04/2023 16:13", "unconfirmed: sent by ana at ... (follow it)"."""
    english = language_of(language) == "en"
    by, at = claim.filed_by or ("a desk" if english else "um posto"), _when(claim.filed_at)
    if claim.being_sent(now):
        return f"Being sent by {by} at {at}" if english else f"Sendo enviada por {by} em {at}"
    said = state_words(claim.state, language)
    if claim.needs_person(now):
        if english:
            return f"{said}: sent by {by} at {at} (follow it, or file it again on purpose)"
        return f"{said}: enviada por {by} em {at} (acompanhe, ou registre de novo de propósito)"
    return f"{said} ({claim.return_code})" if claim.return_code else said


def result_text(result: FilingResult, language: str = "pt") -> str:
    """A filing result as a person reads it, with what to do: "being sent by ana at
    20/04/2023 16:13" (nothing sent), "sent, answer unreadable: follow it..."."""
    english = language_of(language) == "en"
    by, at = result.by or ("a desk" if english else "um posto"), _when(result.at)
    if result.result is Result.BEING_SENT:
        return f"Being sent by {by} at {at}" if english else f"Sendo enviada por {by} em {at}"
    if result.result is Result.HELD:
        if english:
            return (f"Sent by {by} at {at} and no answer was read: follow it to settle it, "
                    "or file it again on purpose")  # fmt: skip
        return (f"Enviada por {by} em {at} sem resposta lida: acompanhe para resolver, "
                "ou registre de novo de propósito")  # fmt: skip
    if result.result is Result.UNREADABLE:
        if english:
            return ("Sent, answer unreadable: the operator took it; the answer was kept. Follow it "
                    "to see its protocol before filing it again")  # fmt: skip
        return ("Enviada, resposta ilegível: os Correios a receberam; a resposta foi guardada. "
                "Acompanhe para ver o protocolo antes de registrar de novo")  # fmt: skip
    return result_words(result.result, language)


def code_words(code: int | None, message: str = "", language: str = "pt", call: str = "") -> str:
    """``544: Ainda dentro do prazo...``: the code and what it means for ``call``
    (``file``, ``reopen``, ``follow``; any when not said). A code no catalogue lists
    keeps the operator's own message, or reads "unknown" (a code the reader could not
    read at all is -1: the raw text is the message)."""
    if code is None:
        return message
    english = language_of(language) == "en"
    calls = [_CATALOGUES[call]] if call in _CATALOGUES else list(_CATALOGUES.values())
    meaning = next((words[english].get(code) for words in calls if code in words[english]), None)
    if meaning is None:
        unknown = "unknown code" if english else "código desconhecido"
        shown = "?" if code < 0 else str(code)
        return f"{shown}: {message or unknown}" if message else f"{shown}: {unknown}"
    return f"{code}: {meaning}"
