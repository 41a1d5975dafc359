"""The catalogue's words (`postalgui.services.words`) in the language the window speaks.

A status, a kind or a reason has its words once, Qt-free, for the window, the command
line, the exports and the reports alike; the window reads them here rather than through
``tr()``, so a tab and its export cannot drift apart.

The language is the one the window's translations speak: the installed catalogue
translates the marker ``en`` (context ``WordsLanguage``) to ``pt``, and without a
Portuguese catalogue the window shows the English source texts, so the catalogue's words
follow every other text on screen, whatever the locale says.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QCoreApplication

from postalgui.services.words import Words, word

__all__ = ["said", "shown", "words_language"]


def words_language() -> str:
    """``"pt"`` when the window speaks Portuguese (its catalogue is installed), else ``"en"``."""
    return QCoreApplication.translate("WordsLanguage", "en")


def shown(member: Enum) -> str:
    """``member``'s words in the window's language: ``Entregue`` / ``Delivered``."""
    return word(member, words_language())


def said(words: Words) -> str:
    """An entry that is not one enum member's (``Not asked yet``) in the window's language."""
    return words.said(words_language())
