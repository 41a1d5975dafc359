"""The window's translations read without Qt, so the command line says the same words.

The value rules (`api.values.errors.MESSAGES`, context ``rules``) and the services'
sentences (`api.said.Said`, context ``said``) have their Portuguese once, in
``resources/translations/postalgui_pt_BR.ts``, the catalogue the window compiles to its
``.qm``. The command line runs where Qt is not installed, so it reads that source file
with the standard library instead: a finished translation of ``(context, English)``, else
the English. A frozen build ships the ``.ts`` beside the ``.qm`` (``packaging/postalgui.spec``).
"""

from __future__ import annotations

import logging
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

from postalgui.services.language import PORTUGUESE
from postalgui.services.resources import resource_dirs

__all__ = ["catalogue", "catalogue_path", "translated"]

log = logging.getLogger(__name__)

CATALOG = "postalgui"


def catalogue_path(language: str = PORTUGUESE) -> Path | None:
    """Where the ``.ts`` source of ``language``'s translations is, if anywhere."""
    for folder in resource_dirs("translations"):
        candidate = folder / f"{CATALOG}_{language}.ts"
        if candidate.is_file():
            return candidate
    return None


@cache
def catalogue(language: str) -> Mapping[tuple[str, str], str]:
    """``(context, English) -> translation`` of ``language``'s finished, singular messages
    (empty for English, the source language, and when the file is missing or unreadable)."""
    path = None if language != PORTUGUESE else catalogue_path(language)
    if path is None:
        return MappingProxyType({})
    try:
        root = ET.parse(path).getroot()  # noqa: S314  # our own shipped file
    except (OSError, ET.ParseError) as exc:
        log.warning("Translations not read from %s: %s", path, exc)
        return MappingProxyType({})
    found: dict[tuple[str, str], str] = {}
    for context in root.iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is None or translation.get("type") is not None or message.get("numerus"):
                continue
            if translation.text:
                found[(name, message.findtext("source", ""))] = translation.text
    return MappingProxyType(found)


def translated(language: str, context: str, english: str) -> str:
    """``english`` of ``context`` in ``language``, or as it is when there is no translation."""
    return catalogue(language).get((context, english), english)
