"""A pre-posting's status and the office's "labelled" mark in words, for what is written
outside the window: the command line and exports.

Brazilian Portuguese (``"pt"``) by default, English with ``"en"`` (the CLI speaks either,
`cli.language`); the words are the catalogue's (`postalgui.services.words.shipping`), which
the window reads too. Qt-free. The status is the operator's number (``statusAtual``);
one this version does not know reads "Desconhecido (9)" / "Unknown (9)" with the
operator's own word (``descStatusAtual``) beside it, never as an error.
"""

from __future__ import annotations

from postalgui.api.models.prepostings import PrepostingStatus
from postalgui.api.values.text import fold
from postalgui.services.words.shipping import LABELLED, NO_STATUS, STATUS, UNKNOWN_STATUS

__all__ = ["labelled_words", "status_from_words", "status_words"]


def status_words(
    status: PrepostingStatus | None, number: str = "", word: str = "", language: str = "pt"
) -> str:
    """``Pré-postado`` / ``Pre-posted``; a number this version does not know as
    ``unknown (9)``, with the operator's word after it when it sent one."""
    if status is not None:
        return STATUS[status].said(language)
    if not number:
        return NO_STATUS.said(language)
    unknown = UNKNOWN_STATUS.said(language).format(number=number)
    return f"{unknown}: {word}" if word else unknown


def labelled_words(language: str = "pt") -> str:
    """The office's own mark of a pre-posting whose label was issued (not a status)."""
    return LABELLED.said(language)


def status_from_words(text: str) -> PrepostingStatus | None:
    """The status a person typed: its number, its name or its word in either language
    (``2``, ``prepostado``, ``pre-posted``, ``Pré-postado``), case and accents aside."""
    wanted = _folded(text)
    for status in PrepostingStatus:
        names = {status.value, status.name, *STATUS[status]}
        if wanted in {_folded(name) for name in names}:
            return status
    return None


def _folded(text: str) -> str:

    return fold(text.strip()).replace("-", "").replace("_", "").replace(" ", "")
