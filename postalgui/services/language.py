"""Which language the user reads, without Qt: the window and the command line pick it alike.

Settings' ``language`` when it names one (``"pt_BR"`` or ``"en"``), else the system's:
the locale that names the messages' language (``LC_ALL``, then ``LC_MESSAGES``, then
``LANG``, the precedence POSIX gives and Qt's ``QLocale::system()`` reads on Unix).
Portuguese is the app's own language: a locale that names no language (``C``, ``POSIX``,
unset) or any Portuguese one speaks Brazilian Portuguese; only a locale that names another
language speaks English. `gui.i18n.resolve_language` is the same rule over a ``QLocale``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path

__all__ = ["ENGLISH", "PORTUGUESE", "locale_language", "saved_language", "spoken_language"]

PORTUGUESE = "pt_BR"
ENGLISH = "en"

_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def saved_language(settings_file: Path) -> str:
    """The ``language`` of the settings file, read without loading the settings model.

    Anything unreadable means "system default"; loading the settings reports the problem.
    """
    try:
        data = json.loads(settings_file.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):  # RecursionError: a file nested too deep to read
        return ""
    language = data.get("language", "") if isinstance(data, dict) else ""
    return language if isinstance(language, str) else ""


def locale_language(environ: Mapping[str, str] | None = None) -> str:
    """``"pt_BR"`` or ``"en"`` by the system locale's variables (``pt_BR.UTF-8``, ``C``, ``en_US``...)."""
    environ = os.environ if environ is None else environ
    name = next((environ[key] for key in _LOCALE_VARIABLES if environ.get(key)), "")
    language = name.split(".")[0].split("@")[0].split("_")[0].lower()
    if language in ("", "c", "posix", "pt"):
        return PORTUGUESE
    return ENGLISH


def spoken_language(setting: str, environ: Mapping[str, str] | None = None) -> str:
    """``"pt_BR"`` or ``"en"``: the setting when it names a language, else the locale's."""
    if setting in (PORTUGUESE, ENGLISH):
        return setting
    return locale_language(environ)
