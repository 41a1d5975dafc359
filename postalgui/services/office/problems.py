"""What went wrong with an office database, as a kind the GUI words in the user's language.

The store (a leaf, Qt-free, English) says each failure in one sentence that names the
database and the server's own reason. The Settings dialog speaks Portuguese by default,
so it needs the *kind* of failure and the reason, not the English sentence: these
functions read them back from the store's sentences (their fixed phrases are the
contract; `tests/services/test_office_use_cases.py` feeds them the store's real errors, so a
changed phrase fails there, not silently in the dialog). A text that matches no kind is
shown as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from postalgui.services.office.errors import OfficeDatabaseError
from postalgui.store.errors import StoreUrlError
from postalgui.store.urls import office_url

__all__ = ["NoServerError", "OfficeProblem", "ProblemKind", "UrlRule", "office_problem", "url_rule"]


class NoServerError(OfficeDatabaseError):
    """An upload was asked with no office server configured (the CLI exits 2 on it)."""


ProblemKind = Literal["refused", "missing", "unreachable", "newer", "damaged", "schema", "unopenable"]

_PROBLEMS: tuple[tuple[ProblemKind, str], ...] = (
    ("refused", r"refused the login \((?P<reason>.*)\): check the user name and the password"),
    ("missing", r"does not exist on that server \((?P<reason>.*)\): create it, or check the URL"),
    ("unreachable", r"cannot be reached \((?P<reason>.*)\): check that the server is running"),
    ("newer", r"was written by a newer PostalGUI \((?P<reason>.*)\): open it with that version"),
    ("damaged", r"is damaged \((?P<reason>.*)\): restore it from a backup"),
    ("schema", r"does not have the tables of its schema \((?P<reason>.*)\): it was changed by hand"),
    ("unopenable", r"cannot be opened \((?P<reason>.*)\): check"),
)


@dataclass(frozen=True)
class OfficeProblem:
    """``kind`` of failure, the database as the store named it (``where``) and the server's ``reason``."""

    kind: ProblemKind
    where: str
    reason: str


def office_problem(text: str) -> OfficeProblem | None:
    """The kind of the store's failure ``text`` (an error's message), or None for another text."""
    for kind, phrase in _PROBLEMS:
        match = re.match(rf"The office database (?P<where>.+?) {phrase}", text)
        if match is not None:
            return OfficeProblem(kind, match["where"], match["reason"])
    return None


UrlRule = Literal["format", "engine", "password", "server", "host", "database", "port"]

_URL_RULES: tuple[tuple[UrlRule, str], ...] = (
    ("format", "not a database URL"),
    ("engine", "only PostgreSQL is supported"),
    ("password", "leave the password out"),
    ("server", "name the server"),
    ("host", "the server's name is"),
    ("database", "name the database"),
    ("port", "the port must be"),
)


def url_rule(text: str) -> UrlRule | None:
    """The rule the office database URL ``text`` breaks (``""`` breaks none: this computer only)."""
    if not text.strip():
        return None

    try:
        office_url(text)
    except StoreUrlError as exc:
        said = str(exc)
        return next((rule for rule, words in _URL_RULES if words in said), "format")
    return None
