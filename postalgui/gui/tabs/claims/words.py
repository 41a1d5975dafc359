"""Claims in the bookkeeper's words (Portuguese by default, English on request).

The services keep codes (kind ``late``, reason 135, return code 544, outcome ``refused``);
the Candidates page and the filing dialog say "Entregue com atraso" / "Delivered late",
never a bare code. A kind is the catalogue's words (`postalgui.services.words.claims`), as
the exports and the command line say it; the rest is Qt's catalog, context ``ClaimWords``.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from postalgui.gui.messages import arg
from postalgui.gui.models.words import shown
from postalgui.services.claims.candidates import Kind
from postalgui.services.words.claims import KIND

__all__ = [
    "REASON_CODES",
    "kind_word",
    "manifestation_word",
    "package_word",
    "postage_source_word",
    "reason_word",
    "result_text",
    "return_word",
]

_CONTEXT = "ClaimWords"

# QT_TRANSLATE_NOOP is typed as returning object.
_REASON_WORDS: dict[int, object] = {
    132: QT_TRANSLATE_NOOP("ClaimWords", "Delivered to the wrong place"),
    133: QT_TRANSLATE_NOOP("ClaimWords", "Violated"),
    134: QT_TRANSLATE_NOOP("ClaimWords", "Damaged"),
    135: QT_TRANSLATE_NOOP("ClaimWords", "Delivered late"),
    136: QT_TRANSLATE_NOOP("ClaimWords", "Wrongly returned"),
    141: QT_TRANSLATE_NOOP("ClaimWords", "Delivery confirmation not received"),
    142: QT_TRANSLATE_NOOP("ClaimWords", "Copy not received"),
    148: QT_TRANSLATE_NOOP("ClaimWords", "Receipt notice (AR) not received"),
    211: QT_TRANSLATE_NOOP("ClaimWords", "Not delivered"),
    240: QT_TRANSLATE_NOOP("ClaimWords", "Digital AR image unavailable"),
    1414: QT_TRANSLATE_NOOP("ClaimWords", "No home delivery attempt"),
}
REASON_CODES: tuple[int, ...] = tuple(_REASON_WORDS)
"""The operator's reasons (REFERENCE "Claims"), in its order."""
_RETURN_WORDS: dict[int, object] = {
    0: QT_TRANSLATE_NOOP("ClaimWords", "Filed"),
    4: QT_TRANSLATE_NOOP("ClaimWords", "Object not found"),
    55: QT_TRANSLATE_NOOP("ClaimWords", "Object not on this contract or card"),
    125: QT_TRANSLATE_NOOP("ClaimWords", "The contract does not match the posting"),
    126: QT_TRANSLATE_NOOP("ClaimWords", "The posting card does not match the posting"),
    271: QT_TRANSLATE_NOOP("ClaimWords", "Invalid object code"),
    301: QT_TRANSLATE_NOOP("ClaimWords", "Recipient's name missing"),
    510: QT_TRANSLATE_NOOP("ClaimWords", "More than 90 days since the delivery or expected date"),
    530: QT_TRANSLATE_NOOP("ClaimWords", "Delivered, attempted or available within the deadline"),
    531: QT_TRANSLATE_NOOP("ClaimWords", "Not delivered"),
    534: QT_TRANSLATE_NOOP("ClaimWords", "Waiting for pickup"),
    543: QT_TRANSLATE_NOOP("ClaimWords", "Not delivered"),
    544: QT_TRANSLATE_NOOP("ClaimWords", "Still within the delivery deadline"),
    545: QT_TRANSLATE_NOOP("ClaimWords", "The object's status does not allow this reason"),
    547: QT_TRANSLATE_NOOP("ClaimWords", "The object must be delivered first"),
    548: QT_TRANSLATE_NOOP("ClaimWords", "Waiting for pickup"),
    564: QT_TRANSLATE_NOOP("ClaimWords", "Past the 30-day limit"),
    900: QT_TRANSLATE_NOOP("ClaimWords", "A claim already exists for this object"),
    999: QT_TRANSLATE_NOOP("ClaimWords", "Temporary error at the operator: try again later"),
}
_SOURCE_WORDS: dict[str | None, object] = {
    "invoice": QT_TRANSLATE_NOOP("ClaimWords", "invoice"),
    "quote": QT_TRANSLATE_NOOP("ClaimWords", "quote"),
    None: QT_TRANSLATE_NOOP("ClaimWords", "unknown"),
}


def _tr(text: object) -> str:
    return QCoreApplication.translate("ClaimWords", str(text))


def kind_word(kind: str) -> str:
    """A candidate's kind: "Delivered late", "Lost" (the catalogue's words; one this version
    does not know as it is)."""
    return shown(Kind(kind)) if kind in KIND else str(kind)


def reason_word(reason: int) -> str:
    """A reason in words, its code after it: "Delivered late (135)"."""
    found = _REASON_WORDS.get(reason)
    if found is None:
        return arg(QCoreApplication.translate("ClaimWords", "Reason %1"), reason)
    return arg(QCoreApplication.translate("ClaimWords", "%1 (%2)"), _tr(found), reason)


def return_word(code: int) -> str:
    """What the operator's return code means (our words; the operator's own text may differ)."""
    found = _RETURN_WORDS.get(code)
    return _tr(found) if found is not None else arg(QCoreApplication.translate("ClaimWords", "Code %1"), code)


def postage_source_word(source: str | None) -> str:
    """Where the postage paid came from: "invoice", "quote" or "unknown"."""
    return _tr(_SOURCE_WORDS.get(source, _SOURCE_WORDS[None]))


def manifestation_word(value: str) -> str:
    """``I`` compensation, ``R`` complaint."""
    if value == "I":
        return QCoreApplication.translate("ClaimWords", "Compensation")
    return QCoreApplication.translate("ClaimWords", "Complaint")


def package_word(value: str) -> str:
    """``E`` envelope, ``C`` box."""
    if value == "E":
        return QCoreApplication.translate("ClaimWords", "Envelope")
    return QCoreApplication.translate("ClaimWords", "Box")


def _when(moment: datetime | None) -> str:
    return moment.astimezone().strftime("%d/%m/%Y %H:%M") if moment is not None else "—"


def _held_text(result: str, by: str, at: datetime | None) -> str | None:
    """Claims not sent now because they were sent before (DESIGN.md, "Writes happen once")."""
    if result == "being_sent":
        return arg(
            QCoreApplication.translate("ClaimWords", "Not sent: being sent by %1 at %2"), by or "—", _when(at)
        )
    if result == "held":
        return arg(
            QCoreApplication.translate(
                "ClaimWords",
                "Not sent: sent by %1 at %2 and no answer was read; follow it to settle it, "
                "or file it again on purpose",
            ),
            by or "—",
            _when(at),
        )
    if result == "unreadable":
        return QCoreApplication.translate(
            "ClaimWords",
            "Sent, answer unreadable: the operator took it and its answer was kept; follow it "
            "to see its protocol before filing it again",
        )
    return None


def result_text(
    result: str,
    return_code: int | None,
    message: str,
    protocol: str | None,
    by: str = "",
    at: datetime | None = None,
) -> str:
    """One object's filing result (a `Result` value): "Filed, protocol 1234567890", "Refused —
    544: ainda dentro do prazo" (the operator's code and its own message), "Already claimed (900)",
    "Not sent: being sent by ana at 20/04/2023 16:13"."""
    held = _held_text(result, by, at)
    if held is not None:
        return held
    if result == "filed":
        return arg(QCoreApplication.translate("ClaimWords", "Filed, protocol %1"), protocol or "—")
    if result == "already":
        return QCoreApplication.translate("ClaimWords", "Already claimed (900)")
    if result == "blocked":
        return QCoreApplication.translate(
            "ClaimWords", "Not sent: already filed from this office (a claim is filed once)"
        )
    if result == "not_sent":
        return QCoreApplication.translate("ClaimWords", "Not sent: the filing was cancelled before its turn")
    if result == "unconfirmed":
        return arg(
            QCoreApplication.translate(
                "ClaimWords", "Unconfirmed: the call failed after it was sent (%1); follow it to find out"
            ),
            message or return_word(return_code or 0),
        )
    code = return_code if return_code is not None else 0
    return arg(
        QCoreApplication.translate("ClaimWords", "Refused — %1: %2"), code, message or return_word(code)
    )
