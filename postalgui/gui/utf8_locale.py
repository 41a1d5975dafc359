"""A UTF-8 character type for Qt before it starts, so a ``C`` locale starts quietly.

Qt needs a UTF-8 locale on Unix. On ``LC_ALL=C`` (or another non-UTF-8 locale that
Python's own C-locale coercion does not fix) Qt switches ``LC_CTYPE`` to UTF-8 itself
and prints "Detected locale "C" with character encoding ..." on every start. Doing the
same switch in the environment before the application object exists gives Qt what it
wants without the warning, and changes nothing else: the language, numbers, dates and
messages keep the locale the user set (`i18n.resolve_language` still sees ``C``).
"""

from __future__ import annotations

import locale
import os
import sys
from collections.abc import MutableMapping

__all__ = ["prefer_utf8_ctype"]

_CATEGORIES = (
    "LC_COLLATE", "LC_MESSAGES", "LC_MONETARY", "LC_NUMERIC", "LC_TIME",
    "LC_PAPER", "LC_NAME", "LC_ADDRESS", "LC_TELEPHONE", "LC_MEASUREMENT", "LC_IDENTIFICATION",
)  # fmt: skip
"""Every category but ``LC_CTYPE`` that ``LC_ALL`` overrides (glibc's list)."""


def _is_utf8(name: str) -> bool:
    codeset = name.partition(".")[2].partition("@")[0]
    return codeset.replace("-", "").lower() == "utf8"


def _exists(name: str) -> bool:
    """True when the C library knows the locale ``name`` (tried, then put back)."""
    saved = locale.setlocale(locale.LC_CTYPE)
    try:
        locale.setlocale(locale.LC_CTYPE, name)
    except locale.Error:
        return False
    finally:
        locale.setlocale(locale.LC_CTYPE, saved)
    return True


def _utf8_name(name: str) -> str | None:
    """``pt_BR.ISO-8859-1`` -> ``pt_BR.UTF-8``; ``C``/``POSIX``/unset -> ``C.UTF-8``, if installed."""
    base = name.partition(".")[0].partition("@")[0]
    candidates = [] if base in ("", "C", "POSIX") else [f"{base}.UTF-8"]
    candidates += ["C.UTF-8", "C.utf8"]
    return next((candidate for candidate in candidates if _exists(candidate)), None)


def prefer_utf8_ctype(environ: MutableMapping[str, str] | None = None) -> None:
    """Make the character type UTF-8 in ``environ`` (``os.environ``) when it is not.

    ``LC_ALL`` would override ``LC_CTYPE``, so its value moves to every other category;
    only the character type changes. Nothing happens on Windows or on a UTF-8 locale.
    """

    env = os.environ if environ is None else environ
    if sys.platform == "win32":
        return
    overriding = env.get("LC_ALL", "")
    current = overriding or env.get("LC_CTYPE", "") or env.get("LANG", "")
    if _is_utf8(current):
        return
    target = _utf8_name(current)
    if target is None:
        return  # no UTF-8 locale installed: Qt says so, rightly
    if overriding:
        del env["LC_ALL"]
        for category in _CATEGORIES:
            env[category] = overriding
    env["LC_CTYPE"] = target
