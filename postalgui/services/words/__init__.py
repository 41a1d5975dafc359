"""The one catalogue of the words a person reads for a status, a kind or a reason: each
enum member has one entry, `Words` in English and Brazilian Portuguese, and the window,
the command line, the exports and the reports all read it (`word`), so a tab and its
export cannot say two things (issue 39: the Tracking tab said "Aguardando retirada na
agência", its export "Aguardando retirada").

Qt-free. Each domain's entries are a module of this package (`tracking`, `claims`,
`shipping`) that declares them with `catalogue`, which refuses a member without words;
this package itself imports no domain, so the features stay apart (their independence
contract) and a caller imports the domain whose words it says.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType
from typing import Literal, NamedTuple, TypeVar

__all__ = ["Words", "catalogue", "language_of", "word"]

Language = Literal["en", "pt"]
E = TypeVar("E", bound=Enum)


class Words(NamedTuple):
    """One entry: the English and the Brazilian Portuguese words."""

    en: str
    pt: str

    def said(self, language: str) -> str:
        """The words in ``language`` (``"en"``/``"en_US"`` English, anything else Portuguese)."""
        return self.en if language_of(language) == "en" else self.pt


_CATALOGUE: dict[type[Enum], Mapping[Enum, Words]] = {}


def language_of(language: str) -> Language:
    """``"en"`` for any English, else ``"pt"`` (the app's default)."""
    return "en" if language.lower().startswith("en") else "pt"


def catalogue(kind: type[E], entries: Mapping[E, Words]) -> Mapping[E, Words]:
    """``entries`` as `word` reads them for ``kind``'s members; every member must have one
    (a new status without words fails at import, not in front of a clerk)."""
    missing = [member.name for member in kind if member not in entries]
    if missing:
        raise ValueError(f"{kind.__name__}: no words for {', '.join(missing)}")
    frozen = MappingProxyType(dict(entries))
    _CATALOGUE[kind] = frozen  # type: ignore[assignment]  # a Mapping[E, Words] is read as Mapping[Enum, Words]
    return frozen


def word(member: Enum, language: str) -> str:
    """``member``'s words in ``language``: ``word(Status.DELIVERED, "pt")`` is ``Entregue``."""
    entries = _CATALOGUE.get(type(member))
    if entries is None:
        raise LookupError(
            f"{type(member).__name__} has no words: import its module of postalgui.services.words"
        )
    return entries[member].said(language)
