"""Text a person typed, checked before it leaves for the operator: no control characters.

A name, an address or a claim's words travel to the operator's systems, which print them
on labels, show them to its staff and pass them on; a NUL, an escape or a bidirectional
override (U+202E turns ``Rua Alfa 12`` into ``21 aflA auR`` on screen) would reach them
as typed. So every field that leaves the app refuses:

- in one line (a name, a street, an e-mail, a phone, a note): every C0 control
  (U+0000-U+001F, tab and line breaks too), DEL (U+007F) and every C1 control
  (U+0080-U+009F);
- in free text of several lines (a claim's reason to reopen): the same but ``\\n``
  (a Windows ``\\r\\n`` is read as ``\\n``);
- in both: the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E,
  U+200F, U+202A-U+202E, U+2066-U+2069) and the line and paragraph separators (U+2028,
  U+2029).

The refusal is `InvalidValue` rule ``text.control`` naming the field and the character
(``Field destinatario.nome: control character U+202E (RIGHT-TO-LEFT OVERRIDE) is not
accepted``); a front names the field as its form does (`InvalidValue.renamed`).
Accents, emoji and the joiners some scripts need (U+200C, U+200D) stay.

`OneLine` and `PlainText` (:mod:`.fields`) are the same checks as pydantic types, for a
request model's fields (the field's own name is the one said).

`fold` is the one way text is compared for search, sort and matching column titles:
``"  São  JOÃO "``, ``"sao joao"`` and ``"Sao Joao"`` are one (`strip_accents` is its
first step alone, for the operator's services that want names without accents but in
their case).
"""

from __future__ import annotations

import unicodedata

from postalgui.api.values.errors import InvalidValue

__all__ = [
    "char_name",
    "fold",
    "one_line",
    "plain_text",
    "refused_char",
    "strip_accents",
    "trimmed",
]

_FORMAT = frozenset({0x061C, 0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A)})
"""The bidirectional controls and the Unicode line breaks refused in every field."""

_C0_NAMES = (
    "NULL", "START OF HEADING", "START OF TEXT", "END OF TEXT", "END OF TRANSMISSION", "ENQUIRY",
    "ACKNOWLEDGE", "BELL", "BACKSPACE", "CHARACTER TABULATION", "LINE FEED", "LINE TABULATION",
    "FORM FEED", "CARRIAGE RETURN", "SHIFT OUT", "SHIFT IN", "DATA LINK ESCAPE", "DEVICE CONTROL ONE",
    "DEVICE CONTROL TWO", "DEVICE CONTROL THREE", "DEVICE CONTROL FOUR", "NEGATIVE ACKNOWLEDGE",
    "SYNCHRONOUS IDLE", "END OF TRANSMISSION BLOCK", "CANCEL", "END OF MEDIUM", "SUBSTITUTE", "ESCAPE",
    "INFORMATION SEPARATOR FOUR", "INFORMATION SEPARATOR THREE", "INFORMATION SEPARATOR TWO",
    "INFORMATION SEPARATOR ONE",
)  # fmt: skip
"""The Unicode names of U+0000-U+001F (``unicodedata.name`` has none for controls)."""

_C1_NAMES = (
    "PADDING CHARACTER", "HIGH OCTET PRESET", "BREAK PERMITTED HERE", "NO BREAK HERE", "INDEX",
    "NEXT LINE", "START OF SELECTED AREA", "END OF SELECTED AREA", "CHARACTER TABULATION SET",
    "CHARACTER TABULATION WITH JUSTIFICATION", "LINE TABULATION SET", "PARTIAL LINE FORWARD",
    "PARTIAL LINE BACKWARD", "REVERSE LINE FEED", "SINGLE SHIFT TWO", "SINGLE SHIFT THREE",
    "DEVICE CONTROL STRING", "PRIVATE USE ONE", "PRIVATE USE TWO", "SET TRANSMIT STATE",
    "CANCEL CHARACTER", "MESSAGE WAITING", "START OF GUARDED AREA", "END OF GUARDED AREA",
    "START OF STRING", "SINGLE GRAPHIC CHARACTER INTRODUCER", "SINGLE CHARACTER INTRODUCER",
    "CONTROL SEQUENCE INTRODUCER", "STRING TERMINATOR", "OPERATING SYSTEM COMMAND", "PRIVACY MESSAGE",
    "APPLICATION PROGRAM COMMAND",
)  # fmt: skip
"""The names of U+0080-U+009F (ISO 6429, as Unicode's name aliases give them)."""


def _refused(code: int, *, lines: bool) -> bool:
    if lines and code == 0x0A:
        return False
    return code < 0x20 or 0x7F <= code <= 0x9F or code in _FORMAT


def refused_char(text: str, *, lines: bool = False) -> str | None:
    """The first character of ``text`` no field sends (``lines``: ``\\n`` is allowed), or None."""
    return next((char for char in text if _refused(ord(char), lines=lines)), None)


def char_name(char: str) -> str:
    """``char``'s Unicode name or alias (``RIGHT-TO-LEFT OVERRIDE``, ``NULL``, ``DELETE``)."""
    code = ord(char)
    if code < 0x20:
        return _C0_NAMES[code]
    if code == 0x7F:
        return "DELETE"
    if 0x80 <= code <= 0x9F:
        return _C1_NAMES[code - 0x80]
    return unicodedata.name(char, f"U+{code:04X}")


def _refuse(text: str, field: str, char: str) -> InvalidValue:
    return InvalidValue("text.control", text, field=field, char=f"U+{ord(char):04X}", name=char_name(char))


def one_line(value: str, field: str) -> str:
    """``value`` as given when it holds no character a one-line field refuses; else
    `InvalidValue` ``text.control`` naming ``field`` and the first such character."""
    char = refused_char(value) if isinstance(value, str) else None
    if char is not None:
        raise _refuse(value, field, char)
    return value


def trimmed(value: str, field: str) -> str:
    """``value`` without the blanks around it (a trailing line break of a pasted name: never
    sent), checked by `one_line` inside."""
    return one_line(value.strip(), field) if isinstance(value, str) else value


def plain_text(value: str, field: str) -> str:
    """``value`` with ``\\r\\n`` read as ``\\n`` when it holds no other character a free
    text refuses; else `InvalidValue` ``text.control`` naming ``field`` and the character."""
    if not isinstance(value, str):
        return value
    text = value.replace("\r\n", "\n")
    char = refused_char(text, lines=True)
    if char is not None:
        raise _refuse(value, field, char)
    return text


def strip_accents(text: str) -> str:
    """``text`` without accents, case kept (``São João`` -> ``Sao Joao``, ``Ação`` -> ``Acao``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def fold(text: str | None) -> str:
    """``text`` as search compares it: no accents, case-folded, blanks as single spaces
    (``"  Açaí  da VOVÓ "`` -> ``"acai da vovo"``); None is ``""``."""
    return " ".join(strip_accents(text or "").casefold().split())
