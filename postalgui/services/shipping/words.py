"""A pre-posting's status and the office's "labelled" mark in words, for what is written
outside the window: the command line and exports.

Brazilian Portuguese (``"pt"``) by default, English with ``"en"`` (the CLI speaks either, `cli.language`);
the window words them with its own translations (``tr``). Qt-free. The status is the
operator's number (``statusAtual``); one this version does not know reads "unknown (9)"
with the operator's own word (``descStatusAtual``) beside it, never as an error.
"""

from __future__ import annotations

from collections.abc import Mapping

from postalgui.api.models.prepostings import PrepostingStatus
from postalgui.api.values.text import fold
from postalgui.services.words import language_of

__all__ = ["labelled_words", "status_from_words", "status_words"]

_STATUS: Mapping[str, Mapping[PrepostingStatus, str]] = {
    "pt": {
        PrepostingStatus.PRE_ATTENDED: "Pré-atendido",
        PrepostingStatus.PREPOSTED: "Pré-postado",
        PrepostingStatus.POSTED: "Postado",
        PrepostingStatus.EXPIRED: "Expirado",
        PrepostingStatus.CANCELLED: "Cancelado",
        PrepostingStatus.REVERSED: "Estornado",
        PrepostingStatus.PENDING: "Pendente",
    },
    "en": {
        PrepostingStatus.PRE_ATTENDED: "Pre-attended",
        PrepostingStatus.PREPOSTED: "Pre-posted",
        PrepostingStatus.POSTED: "Posted",
        PrepostingStatus.EXPIRED: "Expired",
        PrepostingStatus.CANCELLED: "Cancelled",
        PrepostingStatus.REVERSED: "Reversed",
        PrepostingStatus.PENDING: "Pending",
    },
}
_UNKNOWN = {"pt": "desconhecido ({number})", "en": "unknown ({number})"}
_NONE = {"pt": "sem status", "en": "no status"}
_LABELLED = {"pt": "Etiqueta emitida", "en": "Labelled"}


def status_words(
    status: PrepostingStatus | None, number: str = "", word: str = "", language: str = "pt"
) -> str:
    """``Pré-postado`` / ``Pre-posted``; a number this version does not know as
    ``unknown (9)``, with the operator's word after it when it sent one."""
    language = language_of(language)
    if status is not None:
        return _STATUS[language][status]
    if not number:
        return _NONE[language]
    unknown = _UNKNOWN[language].format(number=number)
    return f"{unknown}: {word}" if word else unknown


def labelled_words(language: str = "pt") -> str:
    """The office's own mark of a pre-posting whose label was issued (not a status)."""
    return _LABELLED[language_of(language)]


def status_from_words(text: str) -> PrepostingStatus | None:
    """The status a person typed: its number, its name or its word in either language
    (``2``, ``prepostado``, ``pre-posted``, ``Pré-postado``), case and accents aside."""
    wanted = _folded(text)
    for status in PrepostingStatus:
        names = {status.value, status.name, *(words[status] for words in _STATUS.values())}
        if wanted in {_folded(name) for name in names}:
            return status
    return None


def _folded(text: str) -> str:

    return fold(text.strip()).replace("-", "").replace("_", "").replace(" ", "")
